import type { CategoryRule } from './CategoryRule.js';
import { signalsOfKind } from './CategoryRule.js';

export const imagePullFailedRule: CategoryRule = {
  category: 'IMAGE_PULL_FAILED',
  supportingSignals: signalsOfKind('IMAGE_PULL'),
};
