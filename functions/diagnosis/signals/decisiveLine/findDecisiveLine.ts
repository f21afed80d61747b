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
import { CONTAINER_AUTHORED_TEXT_START, HOOK_OUTPUT } from '../signalTables.js';
import { NAME_PLACEHOLDER } from '../maskIdentifiers.js';
import { afterCarrier, errorClause } from './errorClause.js';
import { matchLineRule } from './lineRules.js';
import type { LineRuleName } from '../../model/LineRuleName.js';

export interface DecisiveLine {
  /** Verbatim part of the text, raw: the caller quotes it (redacts, then caps its length). */
  text: string;
  /** The rule that chose the line; null: no rule matched, the line holding the matched part (or the last line) was taken. */
  rule: LineRuleName | null;
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
  const payload = carried === null ? null : (withoutRank(bestLine(carried, mask, 'payload')) ?? lastLine(carried));
  return { system, payload };
}

/** The boundary the payload starts with (a line break, a terminated reason, Knative's or Ray's carrier), dropped before reading it. */
const PAYLOAD_HEAD = /^(?:\s*\([A-Z][A-Za-z]*\):\s|\s*Container failed with: |\s*[Ll]ast available logs[^\n]*\n?|\s+)/;

/** Where container-written text starts in a phase or condition message (same boundary the signal tables use); null: none. */
function payloadStart(text: string): number | null {
  if (HOOK_OUTPUT.test(text)) return null;
  const match = CONTAINER_AUTHORED_TEXT_START.exec(text);
  return match ? match.index : null;
}

function lines(text: string): string[] {
  return text
    .split(/\r?\n|\u2028|\u2029/)
    .slice(-MAX_LINES)
    .map((line) => (line.length > MAX_LINE_SCAN ? line.slice(0, MAX_LINE_SCAN) : line))
    .filter((line) => line.trim() !== '');
}

/** The line the highest-ranked rule chooses (ties: the rule's preferred end), narrowed to its error clause. */
function bestLine(text: string, mask: (text: string) => string, region: Region): (DecisiveLine & { rank: number }) | null {
  let best: { line: string; rank: number; rule: LineRuleName } | null = null;
  for (const line of lines(text)) {
    const rule = matchLineRule(mask(line));
    if (!rule) continue;
    const better = !best || rule.rank > best.rank || (rule.rank === best.rank && rule.prefer === 'latest');
    if (better) best = { line, rank: rule.rank, rule: rule.name };
  }
  if (!best) return null;
  // An exception written mid-line (a termination message joined on one line) starts its clause at the exception's name.
  const line = best.rule === 'exception' ? fromException(best.line) : best.line;
  return { text: clauseOf(line, region === 'system' && best.rule !== 'exception', mask), rule: best.rule, rank: best.rank };
}

/** A qualified exception name followed by its message (`requests.exceptions.HTTPError: …`, `ValueError: …`). */
const EXCEPTION_START = /(?:^|\s)((?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception)): \S/;

function fromException(line: string): string {
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

function lastLine(text: string): DecisiveLine | null {
  const line = lines(text).at(-1);
  return line ? { text: clauseOf(line, false, identity), rule: null } : null;
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
