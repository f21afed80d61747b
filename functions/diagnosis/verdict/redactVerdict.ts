/**
 * Defence in depth: every string of a verdict passes through the redactor once more
 * before it leaves the engine, whatever path it took to get there.
 */
import type { Verdict } from '../../core/verdict.js';
import { redactSecrets } from '../../safety/redactSecrets.js';

export function redactVerdict(verdict: Verdict): Verdict {
  return {
    ...verdict,
    workload: verdict.workload,
    evidence: verdict.evidence.map((item) => ({ ...item, text: redactSecrets(item.text) })),
    recommendations: verdict.recommendations.map(redactSecrets),
    limitations: verdict.limitations.map(redactSecrets),
    message: redactSecrets(verdict.message),
  };
}
