/**
 * The verdict's failingLine: among the lines of the signals that decided the verdict (and Tier
 * 2's quoted log line), the one a person acts on. Pure; every text is already quoted.
 *
 * Order: a line a rule recognised in the container's own text carried by a message (its
 * termination message, Knative's or Ray's log tail) explains an application failure best; then
 * Tier 2's failing log line for a failure the application explains; then any recognised line
 * of a deciding signal (the registry's error clause, the mount's errno, an NCCL/Xid line);
 * then the deciding signal's own text (its matched clause, or a pod's status); then Tier 2's
 * last log line. Nothing to quote: null (never a made-up line).
 */
import type { Category } from '../../../core/verdict.js';
import type { Signal } from '../../model/Signal.js';
import { LOG_LINE_TABLE } from '../logLineTable.js';
import type { LogHint } from '../../model/LogHint.js';
import type { Tier2Evidence } from '../../model/Tier2Evidence.js';
import type { NameMask } from '../maskIdentifiers.js';

export interface FailingLine {
  text: string;
  /** The line is container-written text a Tier 1 message carried: Tier 1 has that much of the log. */
  fromPayload: boolean;
  /** What the line says, for advice (CUDA out of memory, NCCL, …): never the category. */
  hint: LogHint | null;
}

/** Categories an application's own text explains (its log line is the line to act on). */
const APPLICATION_CATEGORIES: ReadonlySet<Category> = new Set<Category>(['CRASH_APP_ERROR', 'INIT_FAILED', 'UNKNOWN']);

/** `mask` hides the workload's names from the hint: a container named `x-ncclRemoteError` is not NCCL advice. */
export function chooseFailingLine(
  category: Category,
  deciding: readonly Signal[],
  tier2: Tier2Evidence | null | undefined,
  mask: NameMask,
): FailingLine | null {
  const hintOf = (line: string) => hintOfLine(mask(line));
  const lined = deciding.filter((signal) => signal.line && signal.line.text.trim() !== '');
  const logs = tier2?.used ? tier2.logs : [];
  const logLine = logs.find((finding) => !finding.fact.fallback) ?? null;
  const pick = (signal: Signal | undefined): FailingLine | null =>
    signal?.line ? { text: signal.line.text, fromPayload: signal.line.fromPayload, hint: hintOf(signal.line.text) } : null;
  const carried = lined.find((signal) => signal.line?.fromPayload && signal.line.rule !== null);
  if (carried) return pick(carried);
  if (logLine && APPLICATION_CATEGORIES.has(category)) return { text: logLine.fact.line, fromPayload: false, hint: logLine.hint ?? hintOf(logLine.fact.line) };
  const recognised = lined.find((signal) => signal.line?.rule !== null);
  if (recognised) return pick(recognised);
  if (lined[0]) return pick(lined[0]);
  const anyLog = logLine ?? logs[0];
  return anyLog ? { text: anyLog.fact.line, fromPayload: false, hint: anyLog.hint ?? hintOf(anyLog.fact.line) } : null;
}

/** The log-line table's hint for a line (GPU-aware advice), or null; names already masked. */
export function hintOfLine(line: string): LogHint | null {
  return LOG_LINE_TABLE.find((row) => row.pattern.test(line))?.hint ?? null;
}
