import type { CategoryRule } from './CategoryRule.js';
import { signalsOfKind } from './CategoryRule.js';

export const datasourceMountFailedRule: CategoryRule = {
  category: 'DATASOURCE_MOUNT_FAILED',
  supportingSignals: signalsOfKind('MOUNT_FAILED'),
};
