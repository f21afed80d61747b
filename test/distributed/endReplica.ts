/**
 * How a generated held-out replica ends: its Run:ai phase always, and with Tier 2 (the Kubernetes
 * view) its container's exit and log. The exits the sets share are named here.
 */
import type { ReplicaPlan } from './buildHeldOutCase.js';

/** Marks a replica ended: Run:ai phase, and with Tier 2 its exit and log. */
export function endReplica(replica: ReplicaPlan, ago: number, runaiPhase: string, tier2: boolean, exit?: ReplicaPlan['exit'], logs?: string[]): void {
  replica.endedAgo = ago;
  replica.runaiPhase = runaiPhase;
  if (tier2 && exit) {
    replica.exit = exit;
    if (logs) replica.logs = logs;
  }
}

/** A process that exited with status 1 (an application error, or a peer's collateral). */
export const ERROR_1 = { code: 1, reason: 'Error' } as const;
/** 128 + SIGTERM: the container was told to stop (the controller tearing the job down). */
export const SIGTERM_143 = { code: 143, reason: 'Error' } as const;
