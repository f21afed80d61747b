import type { CategoryRule } from './CategoryRule.js';
import { signalsOfKind } from './CategoryRule.js';

/**
 * Node NotReady/lost, node-pressure eviction, and a node that could not start the pod (its
 * sandbox, GPU runtime or driver, device admission): preemption was routed away before rules run.
 */
export const nodeFailureRule: CategoryRule = {
  category: 'NODE_FAILURE',
  supportingSignals: signalsOfKind('NODE_FAILURE', 'EVICTED', 'NODE_START_FAILURE'),
};
