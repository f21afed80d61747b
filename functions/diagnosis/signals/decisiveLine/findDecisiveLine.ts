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
import { FAILURE_STATEMENT, isQuieterLevel, matchLineRule } from './lineRules.js';
import { GRAPHICAL_CAUSE, announcesNext } from './linePointers.js';
import { lineBodies, lineBody, quotableLine } from './withoutLogPrefix.js';
import { withEmbeddedTracebacks } from './embeddedTraceback.js';
import { withoutSharedHeaders } from './sharedHeader.js';
import { terminalLine, withoutTerminalStyle } from './terminalLine.js';
import { rankLines } from './rankLines.js';
import { bestOf, range } from './rankedLine.js';
import { statementBefore } from './statementBefore.js';
import { pointedTo } from './pointedTo.js';
import { fromException } from './fromException.js';
import { quoteException } from './quoteException.js';
import { isGenericSummary } from './genericSummary.js';
import { usageBlockLines } from './usageBlock.js';
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
  /**
   * The system's text is a carrier: a sentence that takes the container's text as its argument
   * (`terminated with exit code 1 (Error): <text>`, Knative's `Container failed with: <text>`, Ray's
   * `Last available logs …`), so the argument is the statement. False when the container's text only
   * starts on a later line: the system's first line is a statement of its own.
   */
  carrier?: boolean;
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

/**
 * ECMA-48's Select Graphic Rendition, `ESC [ <params> m` (ECMA-48 8.3.117), is how a logger colours its
 * level (Python's colorlog, loguru's `<red>`, rich, a launcher painting a relayed child's stderr red
 * with `\x1b[1;31m … \x1b[0m`): styling the terminal renders, not characters of the line. Left in, it
 * glues itself to the header (`\x1b[1;31mERROR:launcher:`) and to the message's end, so neither the
 * relay's header nor the exception's shape is seen.
 */
// withoutTerminalStyle (terminalLine.ts): the escapes removed, shared with the relay-header reading (sharedHeader.ts).

/** Rules at or above this rank name what failed (accelerator, exception, resource), not only that something did. */
const SPECIFIC_RANK = 70;
/** Lines beyond this many from the end of a long log tail are not read (the failure is near the end). */
const MAX_LINES = 400;
/** A line longer than this is read only in its head (a minified blob is not a failing line). */
const MAX_LINE_SCAN = 2_000;

export function findDecisiveLines(text: string | null | undefined, options: FindOptions = {}): DecisiveRegions {
  if (!text) return { system: null, payload: null };
  const nameMask = options.mask ?? ((line: string) => line);
  // Rules read a line as a terminal shows it: a colour or style escape is no text (withoutTerminalStyle); the quote stays verbatim.
  const mask = (line: string) => nameMask(withoutTerminalStyle(line));
  const split = options.splitPayload ? payloadStart(text) : null;
  const systemText = split === null ? text : text.slice(0, split);
  const payloadText = split === null ? null : text.slice(split);
  // A specific line (accelerator, exception, resource) beats the part a table row matched; the row's match beats a line that merely says "error".
  const ruled = bestLine(systemText, mask, 'system');
  const specific = ruled && ruled.rank >= SPECIFIC_RANK ? ruled : null;
  const system = withoutRank(specific) ?? matchedLine(systemText, options.matched, mask) ?? withoutRank(ruled) ?? firstLine(systemText, mask);
  const carried = payloadText === null ? null : payloadText.replace(PAYLOAD_HEAD, '');
  const payload = carried === null ? null : (withoutRank(bestLine(carried, mask, 'payload')) ?? failureStatement(carried, mask) ?? lastLine(carried, mask));
  const carrier = payloadText !== null && !/^\s*$/.test(PAYLOAD_HEAD.exec(payloadText)?.[0] ?? '');
  return { system: withSlack(system, mask), payload: withSlack(payload, mask), ...(carrier ? { carrier } : {}) };
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

/** Style escapes closing a line (ECMA-48 SGR). */
const CLOSING_STYLE = /(?:\u001b\[[0-9;]*m)+$/;

/** A style escape opening or closing the quote is styling around the line, dropped; the quote stays a verbatim part of the text. */
const EDGE_STYLE = /^(?:\u001b\[[0-9;]*m)+|(?:\u001b\[[0-9;]*m)+$/g;

function withSlack(found: DecisiveLine | null, mask: (text: string) => string): DecisiveLine | null {
  if (!found) return null;
  const text = found.text.replace(EDGE_STYLE, '');
  const line = text === found.text || text.trim() === '' ? found : { ...found, text };
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
  return (
    text
      .split(/\r?\n|\u2028|\u2029/)
      .slice(-MAX_LINES)
      .map((line) => (line.length > MAX_LINE_SCAN ? line.slice(0, MAX_LINE_SCAN) : line))
      // What a terminal showed of the line: the text after its last carriage return, without a progress frame left open (terminalLine.ts).
      .map(terminalLine)
      // A style escape closing a line (a logger painting the whole record and resetting at its end) is styling, no text:
      // without it the line is still a verbatim part of the text, and its header reads as the terminal shows it (sharedHeader.ts).
      .map((line) => line.replace(CLOSING_STYLE, ''))
      .filter((line) => line.trim() !== '')
  );
}

/** The line the highest-ranked rule chooses (ties: the rule's preferred end), resolved through pointers, narrowed to its error clause. */
function bestLine(text: string, mask: (text: string) => string, region: Region): (DecisiveLine & { rank: number }) | null {
  const read = withEmbeddedTracebacks(lines(text));
  // Headers every line carries (a relay's level and logger name, stacked relays) are no signal: the payloads are read alone (sharedHeader.ts).
  const all = withoutSharedHeaders(read) ?? read;
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
    const quoted = record ? exception.trim() : quoteException({ text, all, masked, bodies }, target, exception);
    return { text: quoted, rule: resolved.rule, rank };
  }
  const clause = clauseOf(raw, region === 'system', mask);
  return { text: /^\s+\d{1,3}: \S/.test(raw) ? withoutCauseIndex(clause) : clause.replace(GRAPHICAL_CAUSE, ''), rule: resolved.rule, rank };
}

/** An indented anyhow cause entry's index (`    1: No such file …`, see rootCauseEntry) is the list's, not the error's. */
function withoutCauseIndex(clause: string): string {
  const rest = clause.replace(/^\d{1,3}: (?=\S)/, '');
  return rest === '' ? clause : rest;
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
  // A summary ("build stopped: subcommand failed.") is taken only when no statement before it gives a reason (genericSummary.ts).
  let summary: string | null = null;
  // A usage block is help text: its flags' descriptions are never the failure (usageBlock.ts).
  const usage = usageBlockLines(all.map((line) => lineBody(line, mask)));
  // A link and the line introducing it are read without their log headers, as the program wrote them (a relay's header is no text of theirs).
  const unheaded = all.map((line) => lineBody(line, withoutTerminalStyle));
  for (let at = all.length - 1; at >= 0; at -= 1) {
    if (usage.has(at)) continue;
    const raw = all[at] ?? '';
    const masked = mask(raw);
    const body = lineBody(raw, mask);
    // A link alone ("https://aka.ms/dotnet/app-launch-failed") and the line introducing it are where to read more, not what failed.
    if (URL_LINE.test(raw) || URL_LINE.test(unheaded[at] ?? '') || introducesLink(all, at) || introducesLink(unheaded, at)) continue;
    if (FAILURE_STATEMENT.pattern.test(masked) || FAILURE_STATEMENT.pattern.test(body)) {
      if (!isGenericSummary(body)) return { text: clauseOf(quotableLine(raw), false, identity), rule: FAILURE_STATEMENT.name };
      summary ??= raw;
    }
  }
  return summary === null ? null : { text: clauseOf(quotableLine(summary), false, identity), rule: FAILURE_STATEMENT.name };
}

/**
 * A line that ends by introducing a link on the next line is advice, not the failure: the .NET
 * host's "Learn more:" and "To install missing framework, download:" each before an aka.ms URL
 * (dotnet/runtime src/native/corehost/fxr/fx_resolver.messages.cpp), conda's "… navigate to" before
 * anaconda.org (conda/conda conda/exceptions.py PackagesNotFoundError). Its words ("missing") are
 * the remedy's, so the statement is looked for before it.
 */
const URL_LINE = /^\s*(?:https?:\/\/|www\.)\S+\s*$/;
function introducesLink(all: readonly string[], at: number): boolean {
  // The introducing sentence may run over a few lines (conda's "…you're looking for," then "navigate to").
  // `all` holds no blank lines: a sentence goes on only where a line ends with a comma.
  for (let line = at; line < all.length && line < at + 3; line += 1) {
    const text = all[line] ?? '';
    const next = all[line + 1];
    if (/(?::|\bto)\s*$/.test(text)) return next !== undefined && URL_LINE.test(next);
    if (!/,\s*$/.test(text)) return false;
  }
  return false;
}

/**
 * The last statement the container printed, when no rule recognises a line and none states a
 * failure: a tool that exits without an error word (the java launcher's "no main manifest
 * attribute, in app.jar", conda's "EnvironmentLocationNotFound: Not a conda environment: …",
 * pyenv's "pyenv: version `3.11.9' is not installed …") says why in the last thing it wrote before
 * its exit, which tells more than the system's carrier "terminated with exit code 1" (signalLine.ts).
 * What the tool did not write as a statement is passed over: a shell's `set -x` trace, a progress
 * bar, a payload logged below error (notAStatement.ts, a `WARNING`/`INFO` level or a JSON record's
 * `"level":"info"`, isQuieterLevel), and a line without a word (a box's rule,
 * a closing bracket).
 */
function lastLine(text: string, mask: (text: string) => string): DecisiveLine | null {
  const all = lines(text);
  // A usage block's last line is a flag's help, not the failure: the last line before the block stands (null: none).
  const bodies = all.map((line) => lineBody(line, mask));
  const usage = usageBlockLines(bodies);
  const line = all.findLast((candidate, at) => !usage.has(at) && isStatement(mask(candidate), bodies[at] ?? ''));
  return line ? { text: clauseOf(quotableLine(line), false, identity), rule: null } : null;
}

const WORD = /\p{L}{2}/u;
function isStatement(masked: string, body: string): boolean {
  return WORD.test(body) && !isNotAStatement(masked, body) && !isQuieterLevel(masked);
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
