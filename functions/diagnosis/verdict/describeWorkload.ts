/** The workload block of a verdict: every identifier Run:ai returned, quoted like the rest. Pure. */
import type { VerdictWorkload } from '../../core/verdict.js';
import { quoteUntrusted } from '../../safety/quoteUntrusted.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';

export function describeWorkload(evidence: Pick<WorkloadEvidence, 'status'>): VerdictWorkload {
  const { status } = evidence;
  return {
    // Every field of a Run:ai response is untrusted, identifiers included: quoted like the rest.
    id: quoteUntrusted(status.id, { maxLength: 200 }),
    name: quoteUntrusted(status.name, { maxLength: 253 }),
    project: status.projectName ? quoteUntrusted(status.projectName, { maxLength: 253 }) : null,
    clusterId: quoteUntrusted(status.clusterId, { maxLength: 200 }),
    phase: quoteUntrusted(status.phase, { maxLength: 64 }),
    type: status.type ? quoteUntrusted(status.type, { maxLength: 64 }) : null,
  };
}
