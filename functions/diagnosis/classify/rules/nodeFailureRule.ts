import type { CategoryRule, SignalLike } from './CategoryRule.js';

/**
 * Node NotReady/lost/removed (spot interruption, consolidation, scale-down, cloud deletion,
 * shutdown), node-pressure eviction, and a node that could not start the pod (its sandbox,
 * network, cgroup, dynamic resources, GPU runtime or driver, device admission): preemption was
 * routed away before rules run. A GPU its own driver calls unreachable inside a container that was
 * allocated one (GPU_UNREACHABLE) is the node's GPU stack, whichever program reported it. An eviction the kubelet explains as the pod exceeding its own
 * ephemeral-storage limit is the workload's limit, not the node's: it does not count here.
 */
export const nodeFailureRule: CategoryRule = {
  category: 'NODE_FAILURE',
  supportingSignals<S extends SignalLike>(signals: readonly S[]): S[] {
    const ownLimit = signals.some((signal) => signal.kind === 'STORAGE_LIMIT_EXCEEDED');
    return signals.filter(
      (signal) =>
        signal.kind === 'NODE_FAILURE' || signal.kind === 'NODE_START_FAILURE' || signal.kind === 'GPU_UNREACHABLE' || (signal.kind === 'EVICTED' && !ownLimit),
    );
  },
};
