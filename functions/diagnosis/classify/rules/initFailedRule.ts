import type { CategoryRule } from './CategoryRule.js';
import { signalsOfKind } from './CategoryRule.js';

export const initFailedRule: CategoryRule = {
  category: 'INIT_FAILED',
  supportingSignals: signalsOfKind('INIT_FAILED'),
};
