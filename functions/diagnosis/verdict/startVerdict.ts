/**
 * What every outcome of an analysed workload starts from: the workload block, the evidence
 * list and the limitations of the reads. How Option B selected the workload is cited by
 * `citeSelection`, which each builder calls once the text that decided the outcome leads
 * the list. Pure.
 */
import type { VerdictWorkload } from '../../core/verdict.js';
import { describeReadLimitations } from './describeLimitations.js';
import { describeWorkload } from './describeWorkload.js';
import { EvidenceList } from '../model/EvidenceList.js';
import type { Limitation } from '../model/Limitation.js';
import type { VerdictMessages } from '../model/VerdictMessages.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';

export interface VerdictStart {
  base: { schemaVersion: 1; workload: VerdictWorkload; memory: null; recurrence: null; failingLine: null; origin: null };
  list: EvidenceList;
  /** The reads' limitations, as data; the builder adds its own and renders them all once (renderLimitations). */
  limitations: Limitation[];
  /** Adds how Option B chose this workload (nothing for Option A): after the deciding evidence. */
  citeSelection(): void;
}

export function startVerdict(evidence: WorkloadEvidence, messages: VerdictMessages): VerdictStart {
  const list = new EvidenceList(messages);
  const selection = evidence.selection;
  return {
    base: { schemaVersion: 1, workload: describeWorkload(evidence), memory: null, recurrence: null, failingLine: null, origin: null },
    list,
    limitations: describeReadLimitations(evidence),
    citeSelection: () => {
      if (selection) list.addText(selection, 'list_workloads');
    },
  };
}
