/**
 * The line of a log tail that reads most specifically as a peer's death (collateralFormatTable.ts,
 * the first row wins): the NCCL watchdog's timeout line rather than the abort that follows it.
 * Returned raw; Tier 2 quotes it. Read by the origin stage only where the decisive line is itself
 * a peer's death, or continues the error that line heads (continuesError). Pure.
 */
import { COLLATERAL_FORMAT_TABLE } from '../signals/collateralFormatTable.js';

const MAX_LINES_SCANNED = 2_000;
const MAX_LINE_SCAN = 4_000;

/** The peer-death line of a tail, and whether the tail's decisive line belongs to the error it heads. */
export interface PeerLine {
  line: string;
  /** The words of the line the format's row matched: a quote of a long line is elided around them, never through them. */
  match: string;
  /** The decisive line is the peer-death line itself or a continuation line of the error it heads. */
  decisiveInIt: boolean;
}

const isPeerLine = (line: string, mask: (line: string) => string) =>
  COLLATERAL_FORMAT_TABLE.findIndex((candidate) => candidate.strength === 'peer' && candidate.pattern.test(mask(line)));

/** The words the row matched, read from the raw line (the masked line when masking moved them). */
function matchedWords(line: string, row: number, mask: (line: string) => string): string {
  const pattern = COLLATERAL_FORMAT_TABLE[row]?.pattern;
  if (!pattern) return line;
  const raw = pattern.exec(line)?.[0];
  return raw ?? pattern.exec(mask(line))?.[0] ?? line;
}

export function peerLineOf(text: string, mask: (line: string) => string, decisive?: string): PeerLine | null {
  const lines = text.split(/\r?\n/).slice(-MAX_LINES_SCANNED);
  let best: { row: number; line: string } | null = null;
  for (const line of lines) {
    if (line.trim() === '' || line.length > MAX_LINE_SCAN) continue;
    const row = isPeerLine(line, mask);
    if (row !== -1 && (best === null || row < best.row)) best = { row, line };
  }
  if (best === null) return null;
  return { line: best.line, match: matchedWords(best.line, best.row, mask), decisiveInIt: decisive !== undefined && continuesPeerError(lines, decisive, mask) };
}

/**
 * Where a line of a log record starts a record of its own: a traceback, an exception's header
 * (`module.SomeError: …`, `RayTaskError(ValueError): …`), a log prefix (a bracket or parenthesis —
 * `[rank3]:`, `(RayTrainWorker pid=…)` —, an ISO date, a time, glog's `I1206`, a level word).
 */
const RECORD_START =
  /^(?:Traceback \(most recent call last\):|[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning)\b(?:\([^)]*\))?:|\s*[[(]|\d{4}-\d\d-\d\d|\d\d:\d\d:\d\d|[IWEF]\d{4}\s|(?:DEBUG|INFO|WARN|WARNING|ERROR|CRITICAL|FATAL)\b)/;

/** How far back a multi-line error's message may run from its header (Ray prints five attribute lines). */
const MAX_CONTINUATION_LINES = 40;

/**
 * A multi-line error is recognised by its header: Python prints an exception as its header line
 * (`ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.`) followed
 * by the rest of its message as bare lines — Ray's ActorDiedError adds tab-indented `class_name:` /
 * `actor_id:` / `pid:` lines and then the GCS's death cause ("The actor is dead because its worker
 * process has died. Worker exit type: SYSTEM_ERROR …"), no prefix of their own (ray-project/ray
 * python/ray/exceptions.py ActorDiedError; src/ray/gcs/gcs_server/gcs_actor_manager.cc
 * GenWorkerDiedCause). A decisive line that is such a continuation (no record start of its own, and
 * only continuation lines between it and the header) says what the header's error says: when that
 * header is a peer's death, so is the line. A blank line or another record start in between ends it.
 */
export function continuesPeerError(lines: readonly string[], decisive: string, mask: (line: string) => string): boolean {
  // The decisive line as read (it may be quoted without the log prefix its raw line carries).
  const wanted = decisive.trim();
  if (wanted === '') return false;
  const at = lines.findLastIndex((line) => line.includes(wanted));
  if (at === -1) return false;
  if (isPeerLine(decisive, mask) !== -1) return true;
  if (RECORD_START.test(decisive)) return false;
  for (let index = at - 1; index >= Math.max(0, at - MAX_CONTINUATION_LINES); index -= 1) {
    const line = lines[index] ?? '';
    if (line.trim() === '' || line.length > MAX_LINE_SCAN) return false;
    if (isPeerLine(line, mask) !== -1) return true;
    // An indented line (`\tactor_id: …`, a traceback's `  File …`) continues; any other record start ends the error.
    if (!/^\s/.test(line) && RECORD_START.test(line)) return false;
  }
  return false;
}
