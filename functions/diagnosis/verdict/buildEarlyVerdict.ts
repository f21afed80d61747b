/**
 * Verdicts decided before any failure analysis: identifiers are missing or unresolved
 * (`needs_input`), or the workload belongs to another cluster (`stopped`). Pure.
 */
import type { Evidence, Verdict } from '../../core/verdict.js';
import type { NeedsInputReason, VerdictMessages } from '../model/VerdictMessages.js';
import { displayName } from '../../safety/displayName.js';
import { describeWorkload } from './describeWorkload.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';
import { decideAudience } from '../classify/decideAudience.js';
import type { Limitation } from '../model/Limitation.js';
import { renderLimitations } from './renderLimitations.js';

const EMPTY = { category: null, route: null, memory: null, recurrence: null, recommendations: [], failingLine: null, origin: null } as const;

export function needsInputVerdict(
  reason: NeedsInputReason,
  request: { clusterId?: string | undefined; workloadId?: string | undefined; workloadName?: string | undefined; project?: string | undefined },
  messages: VerdictMessages,
  limitations: Limitation[] = [],
  evidence: Evidence[] = [],
): Verdict {
  const quote = (value: string | undefined) => (value ? displayName(value) : null);
  return {
    schemaVersion: 1,
    outcome: 'needs_input',
    audience: decideAudience({ outcome: 'needs_input', category: null }),
    ...EMPTY,
    recommendations: [],
    recommendationIds: [],
    stopReason: null,
    workload: null,
    evidence,
    ...renderLimitations(limitations, messages),
    message: messages.messageNeedsInput({
      reason,
      clusterId: quote(request.clusterId),
      workloadId: quote(request.workloadId),
      name: quote(request.workloadName),
      project: quote(request.project),
    }),
  };
}

export function clusterMismatchVerdict(evidence: Pick<WorkloadEvidence, 'status'>, requestedClusterId: string, messages: VerdictMessages): Verdict {
  const workload = describeWorkload(evidence);
  return {
    schemaVersion: 1,
    outcome: 'stopped',
    audience: decideAudience({ outcome: 'stopped', category: null }),
    ...EMPTY,
    recommendations: [],
    recommendationIds: [],
    stopReason: 'CLUSTER_MISMATCH',
    workload,
    evidence: [{ text: `clusterId: ${workload.clusterId}`, source: 'get_workload_status' }],
    limitations: [],
    limitationIds: [],
    message: messages.messageStopped({
      name: displayName(workload.name),
      phase: displayName(workload.phase),
      stopReason: 'CLUSTER_MISMATCH',
      requestedClusterId: displayName(requestedClusterId, 200),
      actualClusterId: displayName(workload.clusterId, 200),
    }),
  };
}
