/**
 * What every outcome of an analysed workload starts from: the workload block, the evidence
 * list (opened by how Option B selected the workload, when it did) and the limitations of
 * the reads. Pure.
 */
import type { VerdictWorkload } from '../core/verdict.js';
import { describeReadLimitations } from './describeLimitations.js';
import { describeWorkload } from './describeWorkload.js';
import { EvidenceList } from './EvidenceList.js';
import type { VerdictMessages } from './VerdictMessages.js';
import type { WorkloadEvidence } from './WorkloadEvidence.js';

export interface VerdictStart {
  base: { schemaVersion: 1; workload: VerdictWorkload; memory: null; recurrence: null };
  list: EvidenceList;
  limitations: string[];
}

export function startVerdict(evidence: WorkloadEvidence, messages: VerdictMessages): VerdictStart {
  const list = new EvidenceList(messages);
  if (evidence.selection) list.addText(evidence.selection, 'list_workloads');
  return {
    base: { schemaVersion: 1, workload: describeWorkload(evidence), memory: null, recurrence: null },
    list,
    limitations: describeReadLimitations(evidence, messages),
  };
}
