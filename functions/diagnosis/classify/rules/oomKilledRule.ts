import type { CategoryRule } from './CategoryRule.js';
import { signalsOfKind } from './CategoryRule.js';

/** OOMKilled (pod k8sPhase, event reason OOMKilling/OOMKilled, or the phase message) is direct. Exit 137 alone is not. */
export const oomKilledRule: CategoryRule = {
  category: 'OOM_KILLED',
  supportingSignals: signalsOfKind('OOM_KILLED'),
};
