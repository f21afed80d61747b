import type { CategoryRule } from './CategoryRule.js';
import { signalsOfKind } from './CategoryRule.js';

export const schedulingPolicyTerminatedRule: CategoryRule = {
  category: 'SCHEDULING_POLICY_TERMINATED',
  supportingSignals: signalsOfKind('SCHEDULING_POLICY'),
};
