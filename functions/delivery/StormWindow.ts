/**
 * A storm decided across invocations (DESIGN §4.9): the first `threshold` verdicts of a
 * cluster within `windowSeconds` go out alone; every later one of that window is held and
 * goes out in ONE digest when the window ends. The count is shared by every worker
 * invocation (DynamoDB conditional counters in AWS, memory locally), so the batch size and
 * the number of concurrent invocations change nothing: 200 failures on one cluster within a
 * window are 5 individual notifications and one digest.
 *
 * Two steps, so that a held verdict is stored only once its digest is sure to be sent:
 * `count` takes a rank in the cluster's current window (opening a new window when the last
 * one has ended or been sealed); a rank above the threshold means "hold". The caller then
 * queues the window's flush (unless the window says one is queued already) and only then
 * calls `hold`, which stores the member atomically with a check that the window is still
 * open. `seal` (the flush) closes the window first and lists its members after, so a member
 * is either in the list or told `closed` — and a closed member counts again, in a new
 * window, never lost and never in two notifications.
 */
import * as z from 'zod';
import { VerdictSchema, type Verdict } from '../core/verdict.js';
import type { DigestEntry } from './renderDigest.js';

/** More verdicts than this in one cluster's window make a storm (CDK context `stormThreshold`). */
export const DEFAULT_STORM_THRESHOLD = 5;
/** The length of a cluster's storm window (CDK context `stormWindowSeconds`). */
export const DEFAULT_STORM_WINDOW_SECONDS = 60;

/** One cluster's window, named by when it opened (epoch ms). */
export interface StormWindowRef {
  clusterId: string;
  openedAt: number;
}

export type StormCount =
  { kind: 'alone'; ref: StormWindowRef; rank: number } | { kind: 'hold'; ref: StormWindowRef; rank: number; closesAt: number; flushQueued: boolean };

export interface StormWindow {
  /** Takes the next rank in the cluster's open window (opening one when none is open). */
  count(clusterId: string): Promise<StormCount>;
  /** Stores a held verdict in its window; `closed` when the window was sealed or replaced meanwhile. */
  hold(ref: StormWindowRef, member: StormMember): Promise<'held' | 'closed'>;
  /** Notes that the window's flush is queued, so later members need not queue another. */
  markFlushQueued(ref: StormWindowRef): Promise<void>;
  /** Closes the window to new members and returns all of them (the same list on every call). */
  seal(ref: StormWindowRef): Promise<StormMember[]>;
}

/** What a digest needs of one held verdict: the digest is rendered from these at the window's end. */
export const StormMemberSchema = z.object({
  key: z.string(),
  verdict: VerdictSchema,
  context: z.object({
    clusterId: z.string().optional(),
    project: z.string().optional(),
    workloadName: z.string().optional(),
    workloadId: z.string().optional(),
  }),
  nodes: z.array(z.string()),
});
export type StormMember = z.infer<typeof StormMemberSchema>;

/**
 * A held verdict without the parts a digest never shows (evidence, recommendations,
 * limitations), so that a member stays small in storage; the nodes the digest lists are
 * taken from the evidence first.
 */
export function toStormMember(entry: Required<Pick<DigestEntry, 'key' | 'verdict' | 'nodes'>> & { context: StormMember['context'] }): StormMember {
  const verdict: Verdict = { ...entry.verdict, evidence: [], recommendations: [], limitations: [] };
  return { key: entry.key, verdict, context: entry.context, nodes: entry.nodes };
}

/** The idempotency key of a window's digest: the digest is published exactly once. */
export function stormDigestKey(ref: StormWindowRef): string {
  return `storm#${ref.clusterId}#${ref.openedAt}`;
}

/** Seconds until the window closes, rounded up (the flush must never run before the end). */
export function secondsUntil(closesAt: number, nowMs: number): number {
  return Math.max(0, Math.ceil((closesAt - nowMs) / 1000));
}
