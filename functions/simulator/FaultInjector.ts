/**
 * Chooses the fault, if any, for a request. The first active fault whose endpoint (and
 * workloadId, when it names one) matches wins and uses up one of its `times`; faults
 * without `times` fire forever. `workloadId` is ignored for `token` and `list`, which
 * concern no single workload. `clusterId` lets one cluster of a shared control plane fail
 * while the others answer (the poller lists each cluster separately); a request that
 * concerns no known cluster never matches it, and the token request is never cluster-bound.
 */
import type { Fault, FaultEndpoint } from '../recording/format/ScenarioSchema.js';

export class FaultInjector {
  private active: { fault: Fault; remaining: number }[] = [];

  constructor(faults: readonly Fault[]) {
    this.set(faults);
  }

  /** Replaces every fault, with fresh `times` counters. */
  set(faults: readonly Fault[]): void {
    this.active = faults.map((fault) => ({ fault, remaining: fault.times ?? Number.POSITIVE_INFINITY }));
  }

  take(endpoint: FaultEndpoint, workloadId: string | undefined, clusterId?: string): Fault | undefined {
    const entry = this.active.find(
      ({ fault, remaining }) =>
        remaining > 0 &&
        fault.endpoint === endpoint &&
        (fault.workloadId === undefined || workloadId === undefined || fault.workloadId === workloadId) &&
        (fault.clusterId === undefined || endpoint === 'token' || fault.clusterId === clusterId),
    );
    if (!entry) return undefined;
    entry.remaining -= 1;
    return entry.fault;
  }
}
