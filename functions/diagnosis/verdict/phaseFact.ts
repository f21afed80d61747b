import { quoteUntrusted } from '../../safety/quoteUntrusted.js';
import type { Fact } from '../model/Fact.js';
import { quoteMessage } from '../signals/quoteEvidence.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';

/** The workload's phase as evidence: cited when no signal explains the outcome. */
export function phaseFact(evidence: Pick<WorkloadEvidence, 'status'>): Fact {
  const { status } = evidence;
  return {
    type: 'phase',
    phase: quoteUntrusted(status.phase, { maxLength: 64 }),
    phaseReason: status.phaseReason ? quoteUntrusted(status.phaseReason, { maxLength: 120 }) : null,
    phaseMessage: status.phaseMessage ? quoteMessage(status.phaseMessage) : null,
  };
}
