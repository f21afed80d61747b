/**
 * A workload that is not a failure for this procedure (preempted, or only waiting to be
 * scheduled) is routed to the procedure that handles it, citing the signals that decided
 * the route, then (for a workload waiting to start) what any controller said about it
 * (describeWait.ts), then the phase when no signal decided. Pure.
 */
import { displayName } from '../../safety/displayName.js';
import type { Route, Verdict } from '../../core/verdict.js';
import { MAX_SUPPORTING_EVIDENCE } from '../model/EvidenceList.js';
import { phaseFact } from './phaseFact.js';
import type { Signal } from '../model/Signal.js';
import { startVerdict } from './startVerdict.js';
import { renderLimitations } from './renderLimitations.js';
import { decideAudience } from '../classify/decideAudience.js';
import type { VerdictMessages } from '../model/VerdictMessages.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';
import { maskIdentifiers } from '../signals/maskIdentifiers.js';
import { workloadNames } from '../signals/workloadNames.js';
import { describeWait } from './describeWait.js';

export function buildRoutedVerdict(evidence: WorkloadEvidence, route: Route, signals: readonly Signal[], messages: VerdictMessages): Verdict {
  const { base, list, limitations, citeSelection } = startVerdict(evidence, messages);
  const driving = signals.filter((signal) => signal.kind === (route === 'runai-diagnose-preempted-workload' ? 'PREEMPTED' : 'UNSCHEDULABLE'));
  list.addSignals(driving, MAX_SUPPORTING_EVIDENCE);
  // A workload waiting to start: what any controller said about it, whoever wrote it (describeWait.ts).
  if (route === 'runai-diagnose-pending-workload') {
    const mask = maskIdentifiers(workloadNames(evidence));
    for (const { fact, source } of describeWait(evidence, mask)) {
      if (list.items.length >= MAX_SUPPORTING_EVIDENCE) break;
      list.addFact(fact, source);
    }
  }
  if (driving.length === 0) list.addFact(phaseFact(evidence), 'get_workload_status');
  citeSelection();
  return {
    ...base,
    outcome: 'routed',
    category: null,
    route,
    stopReason: null,
    evidence: list.items,
    recommendations: [],
    recommendationIds: [],
    ...renderLimitations(limitations, messages),
    audience: decideAudience({ outcome: 'routed', category: null }),
    message: messages.messageRouted({ name: displayName(base.workload.name), phase: displayName(base.workload.phase), route }),
  };
}
