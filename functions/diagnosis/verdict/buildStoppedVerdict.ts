/**
 * A workload with nothing to diagnose (succeeded, suspended, running without a failure,
 * in a phase that is not a failure) is stopped with its phase as the evidence. Pure.
 */
import { displayName } from '../../safety/displayName.js';
import type { StopReason, Verdict } from '../../core/verdict.js';
import { phaseFact } from './phaseFact.js';
import { startVerdict } from './startVerdict.js';
import { renderLimitations } from './renderLimitations.js';
import { decideAudience } from '../classify/decideAudience.js';
import type { VerdictMessages } from '../model/VerdictMessages.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';

export function buildStoppedVerdict(
  evidence: WorkloadEvidence,
  stopReason: StopReason,
  context: { requestedClusterId: string; messages: VerdictMessages },
): Verdict {
  const { messages } = context;
  const { base, list, limitations, citeSelection } = startVerdict(evidence, messages);
  list.addFact(phaseFact(evidence), 'get_workload_status');
  citeSelection();
  return {
    ...base,
    outcome: 'stopped',
    category: null,
    route: null,
    stopReason,
    evidence: list.items,
    recommendations: [],
    recommendationIds: [],
    ...renderLimitations(limitations, messages),
    audience: decideAudience({ outcome: 'stopped', category: null }),
    message: messages.messageStopped({
      name: displayName(base.workload.name),
      phase: displayName(base.workload.phase),
      stopReason,
      requestedClusterId: displayName(context.requestedClusterId, 200),
      actualClusterId: displayName(base.workload.clusterId, 200),
    }),
  };
}
