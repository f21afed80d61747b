import type { CategoryRule } from './CategoryRule.js';
import { signalsOfKind } from './CategoryRule.js';

/** Node NotReady/lost and node-pressure eviction (preemption was routed away before rules run). */
export const nodeFailureRule: CategoryRule = {
  category: 'NODE_FAILURE',
  supportingSignals: signalsOfKind('NODE_FAILURE', 'EVICTED'),
};
