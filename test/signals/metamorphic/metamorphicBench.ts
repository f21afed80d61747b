/**
 * Runs the engine on metamorphic cases: one Run:ai simulator holding each base entry's original
 * workload and each case's transformed one (the same state builder as the held-out corpora,
 * buildCorpusState), diagnosed through the CLI as the corpus tests do. The original decides
 * whether the entry is in the relation's domain (it passes the held-out measure and its first
 * evidence quotes the decisive text); the case is then judged against the original's verdict.
 */
import { diagnoseThroughCli, startRunaiSimulator, type CorpusRun, type RunaiSimulator, type Verdict } from '../corpusKit.js';
import { buildCorpusState, CLUSTER_ID, workloadIdFor } from '../signalCorpus.js';
import { measureEntry } from '../unseenCorpus.js';
import type { MetamorphicCase, TailEntry } from './metamorphicCases.js';
import { checkRelation, type RelationResult } from './metamorphicRelation.js';

/** Workload id seeds of their own: the held-out corpora use 1–3 and 7–18. */
const ORIGINAL_SEED = 40;
const CASE_SEED = 41;

/** Why an original is outside the domain, or its verdict when inside. */
export type OriginalJudgement = { inDomain: true; verdict: Verdict } | { inDomain: false; why: string };

export interface MetamorphicBench {
  judgeOriginal(base: TailEntry): Promise<OriginalJudgement>;
  judgeCase(item: MetamorphicCase, original: Verdict): Promise<RelationResult>;
  close(): Promise<void>;
}

export async function startMetamorphicBench(bases: readonly TailEntry[], cases: readonly MetamorphicCase[]): Promise<MetamorphicBench> {
  const baseAt = new Map(bases.map((base, at) => [base.name, at]));
  const caseAt = new Map(cases.map((item, at) => [item.key, at]));
  const simulator: RunaiSimulator = await startRunaiSimulator({
    scenarios: [
      ...bases.map((base, at) => buildCorpusState(base.loaded.entry, workloadIdFor(ORIGINAL_SEED, at), true)),
      ...cases.map((item, at) => buildCorpusState(item.entry, workloadIdFor(CASE_SEED, at), true)),
    ],
  });
  const run = (id: string): Promise<CorpusRun> => diagnoseThroughCli(simulator, CLUSTER_ID, id);
  return {
    async judgeOriginal(base) {
      const at = baseAt.get(base.name);
      if (at === undefined) throw new Error(`${base.name}: not on the bench`);
      const original = await run(workloadIdFor(ORIGINAL_SEED, at));
      const measurement = measureEntry(base.loaded, original);
      if (!measurement.passed) return { inDomain: false, why: `misses on its original text (${measurement.miss})` };
      const self = checkRelation(original.verdict!, original, base.decisive);
      if (!self.kept) return { inDomain: false, why: `original ${self.kind}: ${self.problem}` };
      return { inDomain: true, verdict: original.verdict! };
    },
    async judgeCase(item, original) {
      const at = caseAt.get(item.key);
      if (at === undefined) throw new Error(`${item.key}: not on the bench`);
      return checkRelation(original, await run(workloadIdFor(CASE_SEED, at)), item.base.decisive);
    },
    close: () => simulator.close(),
  };
}
