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
 * Tier 2 quotes it. Pure.
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

export function wrappedErrorOf(text: string, mask: (line: string) => string, decisive: string): string | null {
  if (matchCollateralFormat(mask(decisive))?.strength !== 'wrapper') return null;
  const wanted = decisive.trim();
  if (wanted === '') return null;
  const lines = text.split(/\r?\n/);
  const at = lines.findLastIndex((line) => line.includes(wanted));
  if (at === -1) return null;
  for (let index = at - 1; index >= Math.max(0, at - MAX_LINES_ABOVE); index -= 1) {
    const line = lines[index] ?? '';
    if (line.length > MAX_LINE_SCAN || !EXCEPTION_LINE.test(line)) continue;
    // The nearest exception above the summary is the one it wraps: a consequence wraps nothing of its own.
    return matchCollateralFormat(mask(line)) === null ? line : null;
  }
  return null;
}
