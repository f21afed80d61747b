/**
 * The decisive line of a message: the one line (or clause) a person needs to act on, found by
 * general rules (lineRules.ts, errorClause.ts) rather than by known strings. Pure. The result
 * is a verbatim part of the raw text (the caller quotes and redacts it); patterns read the
 * masked line so a name never makes a line look like an error.
 *
 * A message has two regions: what the system wrote (a kubelet event, a controller's phase
 * message) and what the container wrote (a termination message, Knative's "Container failed
 * with:", Ray's "Last available logs"). Both are read; the caller takes the region that
 * explains its signal (an application exit: the container's text; a pull or mount: the system's).
 */
import { containerAuthoredStart } from '../signalTables.js';
import { NAME_PLACEHOLDER } from '../maskIdentifiers.js';
import { afterCarrier, errorClause } from './errorClause.js';
import { EXCEPTION_NAME, FAILURE_STATEMENT, LINE_RULES, isQuieterLevel, matchLineRule } from './lineRules.js';
import {
  GRAPHICAL_CAUSE,
  announcesNext,
  continuationStatement,
  defersToEarlier,
  endsRecord,
  isDirectCause,
  isErrorLabel,
  isGenericMessage,
  isHandlerContext,
  isStackLine,
  isTracebackStart,
  rootCauseEntry,
} from './linePointers.js';
import { lineBodies, lineBody, quotableLine } from './withoutLogPrefix.js';
import { withEmbeddedTracebacks } from './embeddedTraceback.js';
import { withoutSharedHeader } from './sharedHeader.js';
import { opensList } from './opensList.js';
import { isNotAStatement } from './notAStatement.js';
import type { LineRuleName } from '../../model/LineRuleName.js';

export interface DecisiveLine {
  /** Verbatim part of the text, raw: the caller quotes it (redacts, then caps its length). */
  text: string;
  /** The rule that chose the line; null: no rule matched, the line holding the matched part (or the last line) was taken. */
  rule: LineRuleName | null;
  /**
   * How much longer the text is than with its names masked. The quote's length budget moves by
   * it, so whether the line is elided is decided as if every name were the placeholder: a long
   * workload or project name never cuts a line that a short one leaves whole.
   */
  nameSlack?: number;
}

export interface DecisiveRegions {
  /** From the system-written part. */
  system: DecisiveLine | null;
  /** From container-written text the message carries (its log tail or termination message); null when it carries none. */
  payload: DecisiveLine | null;
}

type Region = 'system' | 'payload';

export interface FindOptions {
  /** The part a signal-table row matched: the system line holding it is the fallback. */
  matched?: string | null;
  /** Split off container-written text (phase and condition messages); events are the system's own text throughout. */
  splitPayload?: boolean;
  /** Hides names from the patterns (a pod named `runtimeerror` is no exception). */
  mask?: (text: string) => string;
}

/** Rules at or above this rank name what failed (accelerator, exception, resource), not only that something did. */
const SPECIFIC_RANK = 70;
/** Lines beyond this many from the end of a long log tail are not read (the failure is near the end). */
const MAX_LINES = 400;
/** A line longer than this is read only in its head (a minified blob is not a failing line). */
const MAX_LINE_SCAN = 2_000;

export function findDecisiveLines(text: string | null | undefined, options: FindOptions = {}): DecisiveRegions {
  if (!text) return { system: null, payload: null };
  const mask = options.mask ?? ((line: string) => line);
  const split = options.splitPayload ? payloadStart(text) : null;
  const systemText = split === null ? text : text.slice(0, split);
  const payloadText = split === null ? null : text.slice(split);
  // A specific line (accelerator, exception, resource) beats the part a table row matched; the row's match beats a line that merely says "error".
  const ruled = bestLine(systemText, mask, 'system');
  const specific = ruled && ruled.rank >= SPECIFIC_RANK ? ruled : null;
  const system = withoutRank(specific) ?? matchedLine(systemText, options.matched, mask) ?? withoutRank(ruled) ?? firstLine(systemText, mask);
  const carried = payloadText === null ? null : payloadText.replace(PAYLOAD_HEAD, '');
  const payload = carried === null ? null : (withoutRank(bestLine(carried, mask, 'payload')) ?? failureStatement(carried, mask) ?? lastLine(carried));
  return { system: withSlack(system, mask), payload: withSlack(payload, mask) };
}

/**
 * The decisive line of a container's log tail, by the same rules as the text a message carries
 * (chains, consequences, pointers, records): Tier 2 reads logs the way Tier 1 reads a termination
 * message. Null when no rule recognises a line.
 */
export function decisiveLogLine(text: string, mask: (text: string) => string): DecisiveLine | null {
  const line = bestLine(text, mask, 'payload');
  return line ? { text: line.text, rule: line.rule } : null;
}

function withSlack(line: DecisiveLine | null, mask: (text: string) => string): DecisiveLine | null {
  if (!line) return null;
  const slack = line.text.length - mask(line.text).length;
  return slack === 0 ? line : { ...line, nameSlack: slack };
}

/** The boundary the payload starts with (a line break, the `: ` after a terminated reason, Knative's or Ray's carrier), dropped before reading it. */
const PAYLOAD_HEAD = /^(?:\s*\([A-Z][A-Za-z]*\):\s|:\s|\s*Container failed with: |\s*[Ll]ast available logs[^\n]*\n?|\s+)/;

/** Where container-written text starts in a phase or condition message (same boundary the signal tables use); null: none. */
function payloadStart(text: string): number | null {
  return containerAuthoredStart(text);
}

function lines(text: string): string[] {
  return text
    .split(/\r?\n|\u2028|\u2029/)
    .slice(-MAX_LINES)
    .map((line) => (line.length > MAX_LINE_SCAN ? line.slice(0, MAX_LINE_SCAN) : line))
    .filter((line) => line.trim() !== '');
}

/** A line a label announces ("Last error:") ranks just above an accelerator report: the wrapper says it is the error. */
const ANNOUNCED_RANK = 92;
/** A generic exception line and its continuation are quoted together when they fit; else the continuation alone. */
const MAX_SPAN = 240;

interface Ranked {
  rank: number;
  rule: LineRuleName;
}

/** A line's rule, read on the line and on its message without the log header (the better of the two). */
function ruleOf(masked: string, body: string): Ranked | null {
  // A shell trace, a progress bar or a payload the program logged below error ranks nothing, whatever its header says (notAStatement.ts).
  if (isNotAStatement(masked, body)) return null;
  const quieter = isQuieterLevel(masked);
  const whole = matchLineRule(masked, quieter);
  const message = body === masked ? null : matchLineRule(body, quieter);
  const best = !whole || (message && message.rank > whole.rank) ? message : whole;
  return best ? { rank: best.rank, rule: best.name } : null;
}

/**
 * Every line's rank, with what pointers say applied: the line a label announces is the error it
 * names, and the exceptions a later one was raised `from` are superseded by it (it carries their context).
 */
function rankLines(bodies: readonly string[], masked: readonly string[]): (Ranked | null)[] {
  const ranked = masked.map((line, at) => ruleOf(line, bodies[at] ?? line));
  for (const [at, body] of bodies.entries()) {
    const thrown = isTracebackStart(body) ? tracebackException(bodies, at) : null;
    const own = thrown === null ? null : ranked[thrown];
    if (thrown !== null && (!own || GENERIC_RULES.has(own.rule))) ranked[thrown] = { rank: EXCEPTION_RANK, rule: 'exception' };
  }
  for (const [at, body] of bodies.entries()) {
    if (ranked[at]?.rule === 'exception' && carriesErrno(body)) ranked[at] = { rank: ERRNO_RANK, rule: 'exception' };
  }
  for (const [at, body] of bodies.entries()) {
    const announced = isErrorLabel(body) && at + 1 < bodies.length ? at + 1 : rootCauseEntry(bodies, at);
    if (announced !== null) {
      const own = ranked[announced];
      ranked[announced] = { rank: Math.max(own?.rank ?? 0, ANNOUNCED_RANK), rule: own?.rule ?? 'announced' };
    }
    if (!isDirectCause(body)) continue;
    const next = bodies.findIndex((later, index) => index > at && isDirectCause(later));
    const later = range(at + 1, next < 0 ? bodies.length : next).filter((index) => ranked[index]?.rule === 'exception');
    if (later.length === 0) continue;
    // A wrapper raised from its cause that itself says the cause is above ("inspect the previous error messages") adds nothing: the cause stays.
    if (later.some((index) => defersToEarlier(bodies[index] ?? ''))) continue;
    // A wrapper whose message names nothing ("An error occurred while generating the dataset") only restates its cause: it never beats it.
    const restating = later.filter((index) => restatesCause(bodies, index));
    if (restating.length === later.length) {
      for (const index of restating) ranked[index] = { rank: EXCEPTION_RANK - 1, rule: 'exception' };
      continue;
    }
    let first = at;
    while (first > 0 && !isTracebackStart(bodies[first] ?? '') && !isDirectCause(bodies[first - 1] ?? '')) first -= 1;
    // An OS errno is not superseded: the wrapper raised from it restates it (see ERRNO_RANK).
    for (let index = first; index < at; index += 1) if (ranked[index]?.rank !== ERRNO_RANK) ranked[index] = null;
  }
  // Each "During handling of the above exception" puts what follows one step behind what came before it (see isHandlerContext).
  let handlerDepth = 0;
  for (const [at, body] of bodies.entries()) {
    if (isHandlerContext(body)) handlerDepth += 1;
    const entry = ranked[at];
    if (entry && handlerDepth > 0) ranked[at] = { rank: entry.rank - handlerDepth, rule: entry.rule };
  }
  for (const [at, body] of bodies.entries()) {
    if (ranked[at]?.rule === 'exception' && restatesBurst(body, masked, ranked, at)) ranked[at] = { rank: STATEMENT_RANK, rule: 'error' };
  }
  // Each line's bare value is read once: the search below compares every bare exception with every line.
  const bare = bodies.map((body) => bareValue(body));
  for (const at of bodies.keys()) {
    const entry = ranked[at];
    const value = entry?.rule === 'exception' ? (bare[at] ?? null) : null;
    const sentence = value === null ? null : sentenceNaming(bodies, bare, ranked, at, value);
    if (entry && sentence !== null) {
      ranked[sentence] = { rank: Math.max(ranked[sentence]!.rank, entry.rank), rule: ranked[sentence]!.rule };
      ranked[at] = { rank: entry.rank - 1, rule: entry.rule };
    }
  }
  return ranked;
}

/**
 * An exception whose whole message is one value names what, not what went wrong: CPython's
 * KeyError prints only the key's repr (python/cpython Objects/exceptions.c KeyError_str), the
 * JVM's ClassNotFoundException only the class name (openjdk/jdk
 * src/java.base/share/classes/jdk/internal/loader/BuiltinClassLoader.java loadClass `throw new
 * ClassNotFoundException(cn)`). The same failure's statement that names the value in a sentence
 * says both — Transformers' `ValueError: … has model type \`qwen3_moe\` but Transformers does not
 * recognize this architecture` raised while handling `KeyError: 'qwen3_moe'`
 * (huggingface/transformers src/transformers/models/auto/configuration_auto.py from_pretrained),
 * the java launcher's `Error: Could not find or load main class X` over its `Caused by:
 * java.lang.ClassNotFoundException: X` (openjdk/jdk src/java.base/share/classes/sun/launcher/
 * resources/launcher.properties java.launcher.cls.error1). The value, unquoted; null when the
 * message is a sentence, a number or too short to identify anything.
 */
const BARE_VALUE = /^['"`]?([\w.$/:-]{3,200})['"`]?\s*$/;
function bareValue(body: string): string | null {
  const message = EXCEPTION_MESSAGE.exec(fromException(body).replace(/^\s*Caused by:\s*/, ''))?.[1];
  const value = message === undefined ? null : (BARE_VALUE.exec(message)?.[1] ?? null);
  return value !== null && /[A-Za-z]/.test(value) ? value : null;
}

/** A line ranked at least this much states a failure (an error line or more). */
const STATEMENT_RANK = LINE_RULES.find((rule) => rule.name === 'error')?.rank ?? 40;

/**
 * An exception whose message starts with the very header its program's logger put on error lines
 * before it is the last statement of that burst, thrown after the logger had already said what went
 * wrong: TensorRT-LLM throws `TllmException("[TensorRT-LLM][ERROR] Assertion failed: …")`
 * (NVIDIA/TensorRT-LLM cpp/include/tensorrt_llm/common/assert.h throwRuntimeError), shown by the
 * terminate handler's `what():` or a Python binding, after its logger's `[TensorRT-LLM][ERROR] 6: The
 * engine plan file is generated on an incompatible device …` (the TensorRT error that made the
 * deserialisation fail). It ranks as one more error line of the burst, where the first one wins.
 */
const LEADING_TAGS = /^(?:\s*what\(\):\s+|\s*(?:[\w.]+: )?)((?:\[[^\]\n]{1,40}\]){1,3})/;
function restatesBurst(body: string, masked: readonly string[], ranked: readonly (Ranked | null)[], at: number): boolean {
  const tags = LEADING_TAGS.exec(body)?.[1];
  // Only a header that gives the error level (`[ERROR]`): a bracketed errno or index is part of the message.
  if (!tags || !/\[(?:ERROR|FATAL|CRITICAL|E)\]/i.test(tags)) return false;
  // The earlier lines are compared as written: their header is what the exception repeats.
  return range(0, at).some((index) => (ranked[index]?.rank ?? 0) >= STATEMENT_RANK && (masked[index] ?? '').includes(tags));
}

/** Another line stating a failure that names `value` inside a longer statement (see bareValue); null: none. */
function sentenceNaming(
  bodies: readonly string[],
  bare: readonly (string | null)[],
  ranked: readonly (Ranked | null)[],
  at: number,
  value: string,
): number | null {
  for (const [index, body] of bodies.entries()) {
    const entry = ranked[index];
    // The same failure: another exception of the chain, or the line the bare exception is printed under or over (the launcher's Error: line).
    if (index === at || !entry || entry.rank < STATEMENT_RANK || bare[index] !== null) continue;
    if (entry.rule !== 'exception' && Math.abs(index - at) !== 1) continue;
    const found = body.indexOf(value);
    const bounded = found >= 0 && !/[\w.]/.test(body[found - 1] ?? ' ') && !/\w/.test(body[found + value.length] ?? ' ');
    if (bounded && /\s\S+\s/.test(body.slice(0, found) + ' ' + body.slice(found + value.length))) return index;
  }
  return null;
}

/**
 * The line a Python traceback ends with is its exception, whatever the class is called: CPython
 * prints `Traceback (most recent call last):`, then the frames indented (`  File "…", line N, in f`,
 * the source line, caret markers, "[Previous line repeated …]"), then the exception at column 0
 * as `qualname: message` or `qualname` (python/cpython Lib/traceback.py StackSummary.format,
 * TracebackException.format_exception_only). So `google.api_core.exceptions.NotFound: 404 …` or
 * `ray.exceptions.RayTaskError(ValueError): …` is an exception line as much as `ValueError: …`,
 * though its name does not end in Error. A line a rule already ranks as a consequence or a
 * launcher's summary keeps that rank; a merely generic one (an error word, a resource) is raised.
 */
const EXCEPTION_RANK = LINE_RULES.find((rule) => rule.name === 'exception')?.rank ?? 80;
const GENERIC_RULES: ReadonlySet<LineRuleName> = new Set<LineRuleName>(['error', 'resource']);
const QUALNAME_LINE = /^[A-Za-z_][\w.]*(?:\([\w.]*\))?(?::\s\S|:?\s*$)/;
function tracebackException(bodies: readonly string[], start: number): number | null {
  // Relative to the header's own column: a traceback relayed inside another tool's box (pip's
  // "[20 lines of output]" indents it) ends at its own exception, not at the tool's next line.
  const column = indentOf(bodies[start] ?? '');
  for (let at = start + 1; at < bodies.length; at += 1) {
    const body = bodies[at] ?? '';
    if (indentOf(body) > column) continue;
    return QUALNAME_LINE.test(body.trimStart()) ? at : null;
  }
  return null;
}

function indentOf(line: string): number {
  return /^\s*/.exec(line)?.[0].length ?? 0;
}

/**
 * An exception whose message carries an OS errno (`[Errno 101] Network is unreachable`,
 * `[Errno 13] Permission denied: '/ckpt'`) is the kernel's answer to a system call: the most
 * concrete fault a Python program can report. python/cpython Objects/exceptions.c (OSError_str
 * "[Errno %S] %S" / "[Errno %S] %S: %R"). Wrappers raised from it (urllib3's MaxRetryError,
 * huggingface_hub's LocalEntryNotFoundError, transformers' "We couldn't connect") only restate
 * it in their library's words, so it ranks above any exception line and is not superseded. Only
 * an exception whose own message starts with the errno counts (a wrapper quoting it inside its
 * message, `MaxRetryError: … (Caused by …: [Errno 101] …)`, is still the wrapper).
 */
const ERRNO = new RegExp(String.raw`(?:^|\s)${EXCEPTION_NAME}: \[Errno \d+\] \S`);
const ERRNO_RANK = 85;
function carriesErrno(body: string): boolean {
  return ERRNO.test(body);
}

/**
 * A wrapper raised `from` its cause whose own message names nothing — no value, path, quantity or
 * second sentence (isGenericMessage), nor specifics on the lines after it — only says that the
 * cause happened, in its library's words: huggingface/datasets src/datasets/builder.py
 * (_prepare_split_single: `raise DatasetGenerationError("An error occurred while generating the
 * dataset") from e` over pyarrow's `ArrowInvalid: JSON parse error: … in row 412`). The cause
 * says what went wrong and stays the quoted line.
 */
function restatesCause(bodies: readonly string[], at: number): boolean {
  const message = EXCEPTION_MESSAGE.exec(fromException(bodies[at] ?? ''))?.[1];
  if (message === undefined || !isGenericMessage(message)) return false;
  return continuationStatement(bodies, at, (body) => matchLineRule(body)?.name === 'exception') === null;
}

/** The index of the best-ranked line among `indexes` (ties: the rule's preferred end), or null. */
function bestOf(ranked: readonly (Ranked | null)[], indexes: Iterable<number>): number | null {
  let best: number | null = null;
  for (const at of indexes) {
    const entry = ranked[at];
    if (!entry) continue;
    const current = best === null ? null : ranked[best]!;
    const prefer = LINE_RULES.find((rule) => rule.name === entry.rule)?.prefer ?? 'earliest';
    if (!current || entry.rank > current.rank || (entry.rank === current.rank && prefer === 'latest')) best = at;
  }
  return best;
}

const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from) }, (_, offset) => from + offset);

/**
 * What a chosen line points to, when it points: the best line before a line that defers to it
 * ("See root cause above"), the best line after (or else the next line after) a line that ends by
 * announcing it. Null: the line stands on its own.
 */
function pointedTo(bodies: readonly string[], ranked: readonly (Ranked | null)[], at: number): number | null {
  const body = bodies[at] ?? '';
  if (defersToEarlier(body)) {
    const earlier = range(0, at).filter((index) => !defersToEarlier(bodies[index] ?? ''));
    return bestOf(ranked, earlier);
  }
  if (announcesNext(body) && at + 1 < bodies.length && !opensOwnMessage(body, ranked[at]) && !opensList(bodies, at)) {
    return bestOf(ranked, range(at + 1, bodies.length)) ?? range(at + 1, bodies.length).find((index) => !isStackLine(bodies[index] ?? '')) ?? at + 1;
  }
  return null;
}

/**
 * An exception line that ends with `:` is the header of a message that goes on over the next
 * lines, not a pointer: Python prints `str(exc)` as it is (python/cpython Lib/traceback.py
 * format_exception_only), so pyarrow's `ArrowInvalid: Schema at index 3 was different: ` is
 * followed by the two schemas (apache/arrow cpp/src/arrow/table.cc ConcatenateTables "Schema at
 * index ", i, " was different: \n", schema, "\nvs\n", other) and torch.distributions'
 * `ValueError: Expected parameter … but found invalid values:` by the tensor it printed
 * (pytorch/pytorch torch/distributions/distribution.py). The header says what is wrong; the lines
 * after it are the data it names. A header that names nothing itself (`Graph execution error:`)
 * or ends with a label for the cause (Spark's `… Lost task 17.3 …: ExecutorLostFailure (…)
 * Reason:`, apache/spark core/src/main/scala/org/apache/spark/scheduler/DAGScheduler.scala
 * "Job aborted due to stage failure: ") is completed by what follows it.
 */
const ENDS_WITH_CAUSE_LABEL = /\b(?:error|reason|cause|details?)s?\s*:\s*$/i;
function opensOwnMessage(body: string, entry: Ranked | null | undefined): boolean {
  if (entry?.rule !== 'exception' || ENDS_WITH_CAUSE_LABEL.test(body)) return false;
  const message = EXCEPTION_MESSAGE.exec(fromException(body))?.[1];
  return message !== undefined && !isGenericMessage(message.replace(/:\s*$/, ''));
}

/** The line the highest-ranked rule chooses (ties: the rule's preferred end), resolved through pointers, narrowed to its error clause. */
function bestLine(text: string, mask: (text: string) => string, region: Region): (DecisiveLine & { rank: number }) | null {
  const read = withEmbeddedTracebacks(lines(text));
  // A header every line carries (a relay's level and logger name) is no signal: the payloads are read alone (sharedHeader.ts).
  const all = withoutSharedHeader(read) ?? read;
  const masked = all.map(mask);
  const bodies = lineBodies(all, mask);
  const ranked = rankLines(bodies, masked);
  const ruled = bestOf(ranked, range(0, all.length));
  if (ruled === null) return null;
  const chosen = region === 'payload' ? (statementBefore(masked, bodies, ranked, ruled) ?? ruled) : ruled;
  const target = pointedTo(bodies, ranked, chosen) ?? chosen;
  const { rank, rule } = ranked[chosen] ?? { rank: FAILURE_STATEMENT.rank, rule: FAILURE_STATEMENT.name };
  const resolved = ranked[target] ?? { rank, rule };
  // A record's message alone is quoted when the rule reads it there; a rule that needed the other fields (logfmt's error=) quotes the line.
  const line = all[target] ?? '';
  const wholeRank = matchLineRule(masked[target] ?? '')?.rank ?? 0;
  const raw = (matchLineRule(bodies[target] ?? '')?.rank ?? 0) >= wholeRank ? quotableLine(line) : line;
  if (resolved.rule === 'exception') {
    const exception = fromException(raw);
    // A structured record (JSON, logfmt) holds its whole message: the lines after it are other records.
    const record = raw !== line;
    const quoted = record
      ? exception.trim()
      : (thrownWith(text, all, bodies, target) ?? continued(text, all, masked, bodies, target, exception) ?? exception.trim());
    return { text: quoted, rule: resolved.rule, rank };
  }
  const clause = clauseOf(raw, region === 'system', mask);
  return { text: /^\s+\d{1,3}: \S/.test(raw) ? withoutCauseIndex(clause) : clause.replace(GRAPHICAL_CAUSE, ''), rule: resolved.rule, rank };
}

/**
 * A consequence (a peer's timeout, a launcher naming a child by its pid, bash's job report, a
 * compiler's "compilation aborted") refers back to what went wrong before it: when it is the best
 * a rule recognises, the program's own last statement of failure before it (FAILURE_STATEMENT:
 * "could not open shard 7 of /data", "cannot allocate 4 GiB") says more, and is quoted instead.
 * Only lines no rule ranks count (a ranked line already lost to the consequence), never a frame.
 */
function statementBefore(masked: readonly string[], bodies: readonly string[], ranked: readonly (Ranked | null)[], chosen: number): number | null {
  if ((ranked[chosen]?.rank ?? 0) >= FAILURE_STATEMENT.rank) return null;
  for (let at = chosen - 1; at >= 0; at -= 1) {
    if (ranked[at] || isStackLine(bodies[at] ?? '')) continue;
    if (FAILURE_STATEMENT.pattern.test(masked[at] ?? '') || FAILURE_STATEMENT.pattern.test(bodies[at] ?? '')) return at;
  }
  return null;
}

/** An indented anyhow cause entry's index (`    1: No such file …`, see rootCauseEntry) is the list's, not the error's. */
function withoutCauseIndex(clause: string): string {
  const rest = clause.replace(/^\d{1,3}: (?=\S)/, '');
  return rest === '' ? clause : rest;
}

/**
 * An exception whose first line names nothing (an HTTP status, "The actor died unexpectedly")
 * continues with its specifics: quoted with them when both fit, else the specific line alone.
 */
function continued(text: string, all: readonly string[], masked: readonly string[], bodies: readonly string[], at: number, exception: string): string | null {
  const message = EXCEPTION_MESSAGE.exec(exception)?.[1] ?? exception;
  const found = isGenericMessage(message) ? continuationStatement(bodies, at, (body) => matchLineRule(body)?.name === 'exception') : null;
  // A line with a logger header of its own (or a frame) is another record, not this exception's specifics.
  const next = found !== null && endsRecord(bodies[found] ?? '', masked[found] ?? '') ? null : found;
  if (next === null) return withRecord(text, all, masked, bodies, at, exception) ?? firstCountedError(all, masked, bodies, at, message);
  const statement = (all[next] ?? '').trim();
  // The span is cut from the text itself, so it stays a verbatim part of it (the evidence is elided around it).
  const start = text.lastIndexOf(exception.trim());
  const end = start < 0 ? -1 : text.indexOf(statement, start);
  const span = end < 0 ? null : text.slice(start, end + statement.length);
  return span !== null && span.length <= MAX_SPAN ? span : statement;
}

/**
 * An exception's message may span several lines: Python prints str(exc) as it is
 * (python/cpython Lib/traceback.py format_exception_only), so pydantic's "1 validation error for
 * X" is followed by the field and the reason (pydantic/pydantic-core src/errors/validation_exception.rs
 * "{count} validation error{s} for {title}" then "{loc}\n  {msg} [type=…]"), Lightning's
 * "You requested gpu: [0, 1]" by "\n But your machine only has: [0]", Rust's "panicked at
 * src/main.rs:3:5:" by its message. The line and the lines that continue it are one record,
 * quoted together as far as MAX_SPAN allows (whole lines only). Null: the line stands alone.
 */
function withRecord(text: string, all: readonly string[], masked: readonly string[], bodies: readonly string[], at: number, exception: string): string | null {
  const head = exception.trim();
  const start = text.lastIndexOf(head);
  if (start < 0) return null;
  let cursor = start + head.length;
  let span: string | null = null;
  // A logger that wrote a header before the exception writes it before each line of the record: a bare line after it is not its message.
  if ((bodies[at] ?? '') !== (masked[at] ?? '').trim() && (bodies[at] ?? '') !== (masked[at] ?? '')) return null;
  for (let next = at + 1; next < all.length; next += 1) {
    const line = (all[next] ?? '').trim();
    const found = text.indexOf(line, cursor);
    // A blank line, a new record, a frame or a line a rule recognises ends the exception's message.
    if (found < 0 || /\n[^\S\n]*\n/.test(text.slice(cursor, found)) || endsRecord(bodies[next] ?? '', masked[next] ?? '')) break;
    if (matchLineRule(bodies[next] ?? '') !== null) break;
    if (found + line.length - start > MAX_SPAN) break;
    cursor = found + line.length;
    span = text.slice(start, cursor);
  }
  return span;
}

/**
 * A message that only counts the errors listed under it (pydantic/pydantic-core
 * src/errors/validation_exception.rs: "{count} validation error{s} for {title}", then per error its
 * location, when it has one, and "  {msg} [type=…, input_value=…]") says how many, not what: when
 * the record does not fit whole, its first error's statement is quoted — vLLM's "Value error,
 * Quantization method specified in the model config (…) does not match …" under "1 validation error
 * for ModelConfig" (a model validator's error has no location line). A location alone (one token)
 * is skipped for the statement under it. Null: not such a header, or no statement follows.
 */
const COUNT_HEADER = /^\d+ (?:validation )?errors? (?:for|in)\b/;
function firstCountedError(all: readonly string[], masked: readonly string[], bodies: readonly string[], at: number, message: string): string | null {
  if (!COUNT_HEADER.test(message.trim())) return null;
  for (let next = at + 1; next < all.length && next <= at + 3; next += 1) {
    const body = bodies[next] ?? '';
    // A frame, a new record or a line with a logger header of its own is not this message.
    if (endsRecord(body, body) || body.trim() !== (masked[next] ?? '').trim()) return null;
    if (/\s/.test(body.trim())) return (all[next] ?? '').trim();
  }
  return null;
}

/**
 * libstdc++'s terminate handler writes one record on two lines: the thrown type, then its
 * `what():` message (gcc libstdc++-v3/libsupc++/vterminate.cc). Like an exception and its
 * continuation, the record is quoted whole when it fits — the type (`std::bad_alloc`,
 * `c10::DistBackendError`) and the message each say what the other does not.
 */
function thrownWith(text: string, all: readonly string[], bodies: readonly string[], at: number): string | null {
  if (at === 0 || !/^\s*what\(\):\s/.test(bodies[at] ?? '') || matchLineRule(bodies[at - 1] ?? '')?.name !== 'thrown-type') return null;
  const header = (all[at - 1] ?? '').trim();
  const message = (all[at] ?? '').trim();
  const start = text.lastIndexOf(header);
  const end = start < 0 ? -1 : text.indexOf(message, start);
  const span = end < 0 ? null : text.slice(start, end + message.length);
  return span !== null && span.length <= MAX_SPAN ? span : null;
}

/** The message after an exception's name (`Name: message`). */
const EXCEPTION_MESSAGE = /^\s*(?:\[[^\]]*\]:?\s*)?[\w.]+:\s(.*)$/;

/**
 * A qualified exception name followed by its message (`requests.exceptions.HTTPError: …`, `ValueError: …`), at the
 * start of the line or after a header that ends in a space, `:` or `]` (`ERROR:__main__:ValueError: …`).
 */
const EXCEPTION_START = new RegExp(String.raw`(?:^|[\s:\]])(${EXCEPTION_NAME}): \S`);

/**
 * The JVM's report of an uncaught exception names the thread it ended: openjdk/jdk
 * src/java.base/share/classes/java/lang/ThreadGroup.java (uncaughtException: `System.err.print("Exception in
 * thread \"" + t.getName() + "\" ")` then `e.printStackTrace`). The phrase is part of the statement (it says
 * the exception was not caught, and where), so the line is quoted from it.
 */
const UNCAUGHT_IN_THREAD = /(?:^|[\s:\]])(Exception in thread "[^"\n]{0,200}" )\S/;

function fromException(line: string): string {
  const uncaught = UNCAUGHT_IN_THREAD.exec(line);
  if (uncaught?.[1]) return line.slice(uncaught.index + uncaught[0].indexOf(uncaught[1]));
  const match = EXCEPTION_START.exec(line);
  return match?.[1] ? line.slice(match.index + match[0].indexOf(match[1])) : line;
}

const identity = (text: string): string => text;

/** A name counts as this many characters when sizing a clause: a typical name's length, the same whatever it is called. */
const NAME_WEIGHT = 40;
function maskedLength(masked: string): number {
  return masked.split(NAME_PLACEHOLDER).reduce((length, piece) => length + piece.length, 0) + (masked.split(NAME_PLACEHOLDER).length - 1) * NAME_WEIGHT;
}

function withoutRank(line: (DecisiveLine & { rank: number }) | null): DecisiveLine | null {
  return line ? { text: line.text, rule: line.rule } : null;
}

function matchedLine(text: string, matched: string | null | undefined, mask: (text: string) => string): DecisiveLine | null {
  if (!matched) return null;
  const part = (matched.split(/\r?\n/)[0] ?? matched).trim();
  const line = lines(text).find((candidate) => candidate.includes(part));
  if (!line) return null;
  // Narrowing a chain keeps its tail; when the tail is not where the matched part is, the matched part itself is the line —
  // unless the part is the carrier's own sentence ("Failed to pull image"), which says where, not what failed: its clause does.
  const clause = clauseOf(line, true, mask);
  // A clause that ends by announcing ("… denied the request:") is quoted through what it announces, on the lines after it.
  if (announcesNext(mask(clause))) {
    const after = text.slice(text.indexOf(line) + line.length);
    const announced = withoutRank(bestLine(after, mask, 'system')) ?? firstLine(after, mask);
    if (announced) return announced;
  }
  if (clause.includes(part)) return { text: clause, rule: null };
  return { text: withinCarrier(line, part) ? clause : part, rule: null };
}

/** The part lies in the carrier sentence of the line (before its error clause starts). */
function withinCarrier(line: string, part: string): boolean {
  const at = line.indexOf(part);
  return at >= 0 && at + part.length <= line.length - afterCarrier(line).length;
}

function firstLine(text: string, mask: (text: string) => string): DecisiveLine | null {
  const line = lines(text)[0];
  return line ? { text: clauseOf(line, true, mask), rule: null } : null;
}

/**
 * The container's last line that states a failure (FAILURE_STATEMENT) when no rule recognised
 * one: its own words ("cannot open file …", "NVIDIA-SMI has failed …") explain an exit better
 * than the system's carrier. Read masked and without its log header, like the rules.
 */
function failureStatement(text: string, mask: (text: string) => string): DecisiveLine | null {
  const all = lines(text);
  for (let at = all.length - 1; at >= 0; at -= 1) {
    const raw = all[at] ?? '';
    const masked = mask(raw);
    if (FAILURE_STATEMENT.pattern.test(masked) || FAILURE_STATEMENT.pattern.test(lineBody(raw, mask))) {
      return { text: clauseOf(quotableLine(raw), false, identity), rule: FAILURE_STATEMENT.name };
    }
  }
  return null;
}

function lastLine(text: string): DecisiveLine | null {
  const line = lines(text).at(-1);
  return line ? { text: clauseOf(quotableLine(line), false, identity), rule: null } : null;
}

/**
 * The clause of a line, trimmed; never empty (a carrier with nothing after it is quoted as it is).
 * Only the system's own error chains are narrowed to their innermost cause: an application's
 * exception or log line keeps its head, where it says what it is.
 */
function clauseOf(line: string, narrow: boolean, mask: (text: string) => string): string {
  const clause = (narrow ? errorClause(line, (part) => maskedLength(mask(part))) : line).trim();
  return clause === '' ? line.trim() : clause;
}
