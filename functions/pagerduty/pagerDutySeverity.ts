/**
 * How loud a verdict pages, as one table. PagerDuty shows severity in lists and uses it
 * for urgency and incident priority rules, so it follows what an on-call engineer must do:
 * - a node failure takes other workloads down with it: critical;
 * - a recurring failure will happen again until someone fixes it: error;
 * - a single diagnosed failure, or a request that needs identifiers to be diagnosed at
 *   all: warning;
 * - routed (preempted, pending) and stopped (succeeded, suspended, running) verdicts are
 *   not failures of this product's scope: info.
 * A digest pages at the highest severity among its verdicts.
 */
import type { Category, Outcome } from '../core/verdict.js';
import type { Severity } from './PagerDutyEvent.js';

export interface SeverityInput {
  outcome: Outcome;
  category: Category | null;
  recurring: boolean;
}

const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2, critical: 3 };

export function pagerDutySeverity({ outcome, category, recurring }: SeverityInput): Severity {
  switch (outcome) {
    case 'diagnosed':
      if (category === 'NODE_FAILURE') return 'critical';
      return recurring ? 'error' : 'warning';
    case 'needs_input':
      return 'warning';
    case 'routed':
    case 'stopped':
      return 'info';
  }
}

export function highestSeverity(severities: Iterable<Severity>): Severity {
  let highest: Severity = 'info';
  for (const severity of severities) if (RANK[severity] > RANK[highest]) highest = severity;
  return highest;
}
