/**
 * Each diagnosis's share of the batch's time. A Lambda that times out returns nothing, so
 * every record of the batch goes back to the queue — and after maxReceiveCount to the DLQ —
 * even those whose verdicts were ready: one hanging Run:ai read (25 records, first publish
 * at 183 s against a 120 s timeout) dead-lettered a whole batch. So the batch gets a
 * deadline (the Lambda's remaining time less a margin for publishing) and each diagnosis,
 * when it starts, the time left divided by the waves still to run. Time a fast diagnosis
 * leaves unused goes to those after it. Pure: the clock is a parameter.
 */

/** Below this a diagnosis cannot read anything useful: the record goes back to the queue instead. */
export const MIN_DIAGNOSIS_SHARE_MS = 500;

export interface ShareInput {
  nowMs: number;
  /** Epoch ms by which every diagnosis of the batch must have ended. */
  diagnoseBy: number;
  /** Diagnoses not yet started, this one included. */
  remaining: number;
  concurrency: number;
}

/** The moment this diagnosis must end (epoch ms), or null when no useful share is left. */
export function shareDeadline(input: ShareInput): number | null {
  const left = input.diagnoseBy - input.nowMs;
  const waves = Math.max(1, Math.ceil(Math.max(1, input.remaining) / Math.max(1, Math.floor(input.concurrency))));
  const share = Math.floor(left / waves);
  if (share < MIN_DIAGNOSIS_SHARE_MS) return null;
  return input.nowMs + share;
}
