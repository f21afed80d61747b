/**
 * A header that every line of a block carries, the same but for its digits, says nothing about any
 * one line: a relay that logs each line of a child's stderr through its own logger writes the same
 * logger name and level on all of them — hydra's job logging "[%(asctime)s][%(name)s][%(levelname)s] -
 * %(message)s" (facebookresearch/hydra hydra/conf/hydra/job_logging/default.yaml), DeepSpeed's
 * "[%(asctime)s] [%(levelname)s] [%(filename)s:%(lineno)d:%(funcName)s] %(message)s"
 * (deepspeedai/DeepSpeed deepspeed/utils/logging.py), absl's "%c%02d%02d %02d:%02d:%02d.%06d %5d
 * %s:%d] " (abseil/abseil-py absl/logging/__init__.py get_absl_log_prefix), loguru's "{time} |
 * {level: <8} | {name}:{function}:{line} - {message}" (Delgan/loguru loguru/_defaults.py). When every
 * line is `ERROR`, the level no longer separates the failure from a progress bar or a shell trace;
 * when every line is `INFO`, it does not make the program's own error line a quiet one. Such a block
 * is read by its payloads alone, as if the relay had not been there.
 *
 * Pure: the lines are compared as written, every run of digits read as one shape (times, thread ids
 * and line numbers change from line to line, and so may their widths).
 */
import { lineBodies } from './withoutLogPrefix.js';
import { withoutTerminalStyle } from './terminalLine.js';

/** Fewer lines than this are not evidence that a relay, not the program, wrote the header. */
const MIN_LINES = 2;

const shape = (text: string): string => text.replace(/\d+/g, '0');

/**
 * The lines without the header they all share, or null when they do not all share one (or are too
 * few). A line that is only the header (a blank line the relay logged) is dropped, like a blank line.
 */
export function withoutSharedHeader(lines: readonly string[]): string[] | null {
  if (lines.length < MIN_LINES) return null;
  return withoutKnownHeader(lines) ?? withoutUnknownHeader(lines);
}

/**
 * Relays stack: a launcher that logs its child's lines through Python logging ("%(levelname)s:%(name)s:") in front
 * of a collector's own "<pod> <container> <time> " header, kubectl's --timestamps in front of a glog header. Each relay
 * writes its header on every line it passes on, so once the outer one is removed the next is again shared by every
 * line: the lines are read without every header they all share, layer by layer, as the bare program's output.
 */
const MAX_RELAYS = 3;

export function withoutSharedHeaders(lines: readonly string[]): string[] | null {
  let stripped: string[] | null = null;
  for (let layer = 0; layer < MAX_RELAYS; layer += 1) {
    const next = withoutSharedHeader(stripped ?? lines);
    if (next === null) break;
    stripped = next;
  }
  return stripped;
}

/** A header LOG_PREFIXES reads (withoutLogPrefix.ts) that every line carries. */
function withoutKnownHeader(lines: readonly string[]): string[] | null {
  // A logger that colours its level word (colorlog's "%(log_color)s%(levelname)s%(reset)s:%(name)s:", borntyping/python-colorlog
  // colorlog/formatter.py) writes the same header with escapes inside it: the header is read as the terminal shows it, and cut
  // from the raw line where the body (which holds no escape) starts.
  const bodies = lineBodies(lines.map(withoutTerminalStyle));
  // The shortest header a line is read with is the relay's own: the longer ones add the program's (a [WARNING] it wrote).
  let length = Number.POSITIVE_INFINITY;
  for (const [at, line] of lines.entries()) {
    const body = bodies[at] ?? line;
    if (body !== line && line.endsWith(body)) length = Math.min(length, line.length - body.length);
  }
  if (!Number.isFinite(length) || length === 0) return null;
  const header = shape(lines.find((line, at) => line.length - (bodies[at] ?? line).length === length)?.slice(0, length) ?? '');
  if (header.trim() === '') return null;
  return strippedBy(lines, header);
}

/** A shape as a pattern: its text literal, each `0` any run of digits. */
const shapePattern = (header: string): string => header.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/0/g, '\\d+');

/**
 * The lines without the header of this shape, or null when a line does not carry it (unless
 * `othersKept`: another writer's lines, kept as they are). A number's
 * width is no part of the shape: kubectl's RFC3339Nano drops a time's trailing zeros
 * (golang/go src/time/format.go, "the 9s drop trailing zeros"), a pid or a thread id grows a digit.
 * A line that is only the header (a blank line the relay logged) is dropped, like a blank line.
 */
function strippedBy(lines: readonly string[], header: string, othersKept = false): string[] | null {
  // Anchored, and every `\d+` stands between literal non-digits (a shape has no two runs side by side): linear.
  const pattern = new RegExp(`^${shapePattern(header)}`);
  const closed = new RegExp(`^${shapePattern(header.trimEnd())}\\s*$`);
  const stripped: string[] = [];
  for (const line of lines) {
    const own = pattern.exec(line);
    if (own) stripped.push(line.slice(own[0].length));
    else if (closed.test(line)) continue;
    else if (othersKept) stripped.push(line);
    else return null;
  }
  const kept = stripped.filter((line) => line.trim() !== '');
  return kept.length > 0 ? kept : null;
}

/**
 * A header no row of LOG_PREFIXES knows is still a header when every line of a block starts with it,
 * digits aside: it is the relay's, whatever its format — srun's `--label` puts the task id before
 * each line (SchedMD/slurm src/srun/srun.c, the label padded to the widest task id: " 7: "),
 * moreutils' ts its timestamp ("%b %d %H:%M:%S ", moreutils ts), a journald or syslog export its
 * "Mmm dd hh:mm:ss host tag[pid]: " (systemd/systemd src/journal/journalctl.c short output). The
 * header ends where the lines' common shape last turns from text to a blank (a traceback's frames
 * keep their own indentation), and must hold a digit (a time, a rank, a pid): a shared word alone
 * ("Error: " on every line) is a message's, not a relay's. At least MIN_UNKNOWN_LINES lines, so two
 * lines that merely begin alike are not read as relayed. A record's own fields (a JSON object's or logfmt's
 * leading `time="…"`) are not a header: the record rules read them.
 */
const MIN_UNKNOWN_LINES = 3;
const MAX_UNKNOWN_HEADER = 64;
/** A structured record's opening (JSON's `{"`, logfmt's `key="…"`) is a field of the record, read by the record rules, not a header. */
const STRUCTURED = /[{}="']/;

/**
 * Another writer's lines do not carry the relay's header: a second process sharing the container's
 * output (pipe(7): writes of at most PIPE_BUF bytes are atomic, so two processes interleave whole
 * lines), a supervisor's or an init's exit line (Supervisor/supervisor supervisor/process.py "exited:
 * … (exit status 1; not expected)", krallin/tini src/tini.c), a progress bar's line, a line the log
 * window cut at the top. So the header is the shape most lines start with, and a few lines without it
 * (at most MAX_OTHER_WRITER, and the relayed lines at least twice as many) are read as they are.
 */
const MAX_OTHER_WRITER = 3;

function withoutUnknownHeader(lines: readonly string[]): string[] | null {
  if (lines.length < MIN_UNKNOWN_LINES) return null;
  // Only a line's head can hold the header: the rest is never compared.
  const shapes = lines.map((line) => shape(line.slice(0, MAX_UNKNOWN_HEADER + 1)));
  // Each pair of neighbouring lines proposes the header they share; the one most lines carry is the relay's.
  let best: { header: string; carriers: number } | null = null;
  // Neighbours mostly propose the same header: each is counted once.
  const counted = new Set<string>();
  for (let at = 0; at + 1 < shapes.length; at += 1) {
    const header = sharedStart(shapes[at] ?? '', shapes[at + 1] ?? '');
    if (header === null || counted.has(header)) continue;
    counted.add(header);
    const carriers: number = shapes.filter((own) => own.startsWith(header)).length;
    if (best === null || carriers > best.carriers || (carriers === best.carriers && header.length > best.header.length)) best = { header, carriers };
  }
  if (best === null) return null;
  const others = lines.length - best.carriers;
  if (best.carriers < MIN_UNKNOWN_LINES || others > MAX_OTHER_WRITER || best.carriers < 2 * others) return null;
  return strippedBy(lines, best.header, others > 0);
}

/** The header two line shapes share: their common start up to the end of its last word and the blank after it; null when it is no header. */
function sharedStart(a: string, b: string): string | null {
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at += 1;
  const head = a.slice(0, Math.min(at, MAX_UNKNOWN_HEADER + 1));
  // The end of the last word the shapes share, with the blank after it: `Dec 00 00:00:00 `, ` 0: `.
  const end = /^(.*\S)\s/.exec(head);
  const header = end ? head.slice(0, end[1]!.length + 1) : null;
  if (header === null || header.length > MAX_UNKNOWN_HEADER || !/\d/.test(header) || STRUCTURED.test(header)) return null;
  return header;
}
