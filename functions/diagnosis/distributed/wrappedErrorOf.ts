/**
 * The exception a supervisor's summary wraps. torchrun's agent ends a failed process group with its
 * own summary — "torch.distributed.elastic.multiprocessing.errors.ChildFailedError:" over a frame of
 * "Root Cause (first observed failure):", rank, exitcode (pytorch/pytorch
 * torch/distributed/elastic/multiprocessing/errors/__init__.py ChildFailedError.format_msg) — after
 * the rank's own traceback, which the agent relays line by line, each prefixed "[rankN]:" when the
 * ranks' output is tagged (torch/distributed/elastic/multiprocessing/api.py, the tee/log-line prefix).
 * The summary says that a child failed, not why: the rank's exception above it does. When the decisive
 * line is such a summary (a 'wrapper' row of collateralFormatTable.ts) the rank's last exception line
 * before it is the replica's own statement — unless that exception is itself a peer's death or a
 * teardown (a c10d "Did the remote server shutdown or crash?", the agent's "SignalException … got
 * signal: 15"): then the summary wraps a consequence, and nothing of its own is read. Returned raw;
 * Tier 2 quotes it.
 *
 * A summary that names the process that failed first says whose exception it wraps, whatever other ranks
 * relayed after it (a peer's "Connection reset by peer" printed between the origin's traceback and the
 * summary): horovodrun's "The first process to do so was:\nProcess name: {name}\nExit code: {code}"
 * (horovod/horovod horovod/runner/gloo_run.py launch_gloo, processes sorted by their end time) with that
 * process's output tagged "[{name}]<stderr>:" (horovod/runner/common/util/safe_shell_exec.py), and torchrun's
 * "Root Cause (first observed failure):" frame's "rank : N" with "[rankN]:" tags. The last exception line tagged
 * with that name is then the one wrapped. Pure.
 */
import { matchCollateralFormat } from '../signals/collateralFormatTable.js';

/** How far above the summary the rank's exception may be: its traceback and the agent's own frames. */
const MAX_LINES_ABOVE = 80;
const MAX_LINE_SCAN = 4_000;

/**
 * An exception's closing line as Python prints it (cpython Lib/traceback.py format_exception_only:
 * "<module>.<qualname>: <message>", or the bare name), behind any relay's tags ("[rank27]: ", "[1,3]<stderr>:").
 * Never indented: a traceback's frames and source lines are.
 */
const EXCEPTION_LINE =
  /^(?:\[[^\]\s]*\](?:<std(?:out|err)>)?:?\s?)*(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?:Error|Exception|Exit|Interrupt)(?:\([\w.]+\))?(?::\s.*)?\s*$/;

/** How far below the summary its naming of the first failed process may be (torchrun lists other failures first). */
const MAX_LINES_BELOW = 40;
const HOROVOD_FIRST = /^Process name: (\w+)\s*$/;
const TORCHRUN_ROOT = /\bRoot Cause \(first observed failure\):/;
const TORCHRUN_RANK = /^\s*rank\s*:\s*(\d+)\b/;

/** The name of the process the summary says failed first, read from the lines after it; null when it names none. */
function firstFailedOf(below: readonly string[], mask: (line: string) => string): string | null {
  let root = false;
  for (const line of below) {
    if (line.length > MAX_LINE_SCAN) continue;
    const horovod = HOROVOD_FIRST.exec(mask(line)) ? HOROVOD_FIRST.exec(line) : null;
    if (horovod?.[1]) return horovod[1];
    if (TORCHRUN_ROOT.test(mask(line))) root = true;
    const rank = root ? TORCHRUN_RANK.exec(line) : null;
    if (rank?.[1]) return rank[1];
  }
  return null;
}

/** Whether a relayed line carries the tag of process `name`: "[22]<stderr>:", "[22]:", "[rank22]:". */
const taggedBy = (line: string, name: string) => line.startsWith(`[${name}]`) || line.startsWith(`[rank${name}]`);

export function wrappedErrorOf(text: string, mask: (line: string) => string, decisive: string): string | null {
  const lines = text.split(/\r?\n/);
  const strength = matchCollateralFormat(mask(decisive))?.strength;
  const summary = strength === 'wrapper';
  if (!summary && strength !== 'peer') return null;
  const wanted = decisive.trim();
  // The decisive line may be another rank's loss of a peer (a reset relayed after the origin's traceback): the
  // tail's last summary still names the process that failed first.
  const at = summary
    ? wanted === ''
      ? -1
      : lines.findLastIndex((line) => line.includes(wanted))
    : lines.findLastIndex((line) => line.length <= MAX_LINE_SCAN && matchCollateralFormat(mask(line))?.strength === 'wrapper');
  if (at === -1) return null;
  const first = firstFailedOf(lines.slice(at + 1, at + 1 + MAX_LINES_BELOW), mask);
  const above = lines.slice(Math.max(0, at - MAX_LINES_ABOVE), at).reverse();
  const named = first === null ? undefined : above.find((line) => line.length <= MAX_LINE_SCAN && taggedBy(line, first) && EXCEPTION_LINE.test(line));
  if (named !== undefined) return matchCollateralFormat(mask(named)) === null ? named : null;
  if (!summary) return null;
  for (let index = at - 1; index >= Math.max(0, at - MAX_LINES_ABOVE); index -= 1) {
    const line = lines[index] ?? '';
    if (line.length > MAX_LINE_SCAN || !EXCEPTION_LINE.test(line)) continue;
    // The nearest exception above the summary is the one it wraps: a consequence wraps nothing of its own.
    return matchCollateralFormat(mask(line)) === null ? line : null;
  }
  return null;
}
