/**
 * The delayed flush of a storm window: a message on the diagnose queue itself, delivered
 * when the window ends (SQS DelaySeconds in AWS, a timer locally), that the worker turns into
 * the window's one digest. On the same queue it inherits the queue's retries, its
 * maxReceiveCount and its DLQ, so a digest that cannot be published ends in a dead letter
 * naming the window, like any other record. Why not EventBridge Scheduler: one more service,
 * role and failure path for a delay SQS gives for free (up to 15 minutes, far above a window);
 * why not "the next invocation": with no later traffic there is none, and the digest would
 * wait for the next failure.
 */
import * as z from 'zod';
import type { StormWindowRef } from './StormWindow.js';

export const StormFlushSchema = z.strictObject({
  kind: z.literal('storm-flush'),
  v: z.literal(1),
  clusterId: z.string().min(1),
  openedAt: z.number().int().nonnegative(),
});
export type StormFlush = z.infer<typeof StormFlushSchema>;

export function stormFlushOf(ref: StormWindowRef): StormFlush {
  return { kind: 'storm-flush', v: 1, clusterId: ref.clusterId, openedAt: ref.openedAt };
}

/** Port: delivers a flush message to the worker after `delaySeconds`. */
export interface StormFlushQueue {
  schedule(flush: StormFlush, delaySeconds: number): Promise<void>;
}
