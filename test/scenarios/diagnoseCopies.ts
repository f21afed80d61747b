/**
 * Diagnoses scenario copies in process, for the names checks (namesNeverSteer.test.ts and the
 * held-out names in heldoutNames/): the diagnosis against the Run:ai simulator (and the
 * Kubernetes simulator, for Tier 2 copies) over loopback HTTP, copies merged into one simulator
 * pair per chunk (ids kept apart by withDistinctIds). Recommendations are compared by id, through a catalog that
 * words each one as its id (the English sentences quote the renamed names).
 */
import type { DiagnosisRequest } from '../../functions/core/diagnosisRequest.js';
import { diagnoseWorkload } from '../../functions/diagnosis/diagnoseWorkload.js';
import type { RecommendationTexts } from '../../functions/diagnosis/model/Recommendation.js';
import type { VerdictMessages } from '../../functions/diagnosis/model/VerdictMessages.js';
import type { RunaiReader } from '../../functions/diagnosis/ports/RunaiReader.js';
import type { Tier2Access } from '../../functions/diagnosis/ports/Tier2Access.js';
import { createTier2Access } from '../../functions/kubernetes/createTier2Access.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { createRunaiClient } from '../../functions/runai/createRunaiClient.js';
import { startKubernetesSimulator } from '../../functions/simulator/kubernetes/startKubernetesSimulator.js';
import { startRunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import { mergeScenarioCopies, type ScenarioCopy } from './mergeScenarioCopies.js';

/** What a renamed copy must keep (issue #22): the verdict's decision, not its wording. */
export interface Outcome {
  error: string | null;
  outcome: string | null;
  category: string | null;
  route: string | null;
  stopReason: string | null;
  recommendations: string[];
  /** The decisive line, where the verdict carries one (issue #22 item 1). */
  failingLine: string | null;
}

const recommendationIds = new Proxy({} as RecommendationTexts, { get: (_texts, id) => () => String(id) });
const messages: VerdictMessages = { ...messagesEn, recommendation: recommendationIds };

/** Copies one simulator pair serves (it finds workloads by scanning its lists). */
const COPIES_PER_SIMULATOR = 64;
/** Diagnoses in flight per simulator pair: more only queue on two shared cores. */
const IN_FLIGHT = 6;

/** Every copy's outcome, in order; a copy requested by name (Option B) gets a simulator of its own. */
export async function diagnoseCopies(copies: readonly ScenarioCopy[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  // A request by name (Option B) must find its copy alone: copies renamed in another field keep the workload's name.
  const perSimulator = copies[0]?.request.workloadName ? 1 : COPIES_PER_SIMULATOR;
  for (let start = 0; start < copies.length; start += perSimulator) outcomes.push(...(await diagnoseChunk(copies.slice(start, start + perSimulator))));
  return outcomes;
}

async function diagnoseChunk(copies: readonly ScenarioCopy[]): Promise<Outcome[]> {
  const merged = mergeScenarioCopies(copies);
  const simulator = await startRunaiSimulator({ scenarios: merged.runai });
  const kubernetes = merged.kubernetes ? await startKubernetesSimulator({ scenario: merged.kubernetes }) : null;
  const client = createRunaiClient({
    baseUrl: simulator.url,
    credentials: { grantType: 'client_credentials', clientId: 'sim-client', clientSecret: 'sim-secret' },
  });
  const clusterIds = [...new Set(copies.flatMap((copy) => (copy.request.clusterId ? [copy.request.clusterId] : [])))];
  const tier2 = kubernetes
    ? createTier2Access({ clusters: Object.fromEntries(clusterIds.map((id) => [id, { server: kubernetes.url, token: kubernetes.token }])) })
    : null;
  try {
    const outcomes = new Array<Outcome>(copies.length);
    let next = 0;
    const worker = async () => {
      for (let index = next++; index < copies.length; index = next++) outcomes[index] = await diagnose(copies[index]!, client, tier2);
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    return outcomes;
  } finally {
    await client.close();
    await tier2?.close();
    await kubernetes?.close();
    await simulator.close();
  }
}

async function diagnose(copy: ScenarioCopy, reader: RunaiReader, tier2: Tier2Access | null): Promise<Outcome> {
  try {
    const { verdict } = await diagnoseWorkload(copy.request as DiagnosisRequest, { reader, now: new Date(), messages, tier2 });
    return {
      error: null,
      outcome: verdict.outcome,
      category: verdict.category,
      route: verdict.route,
      stopReason: verdict.stopReason,
      recommendations: verdict.recommendations,
      failingLine: (verdict as { failingLine?: string | null }).failingLine ?? null,
    };
  } catch (error) {
    return {
      error: (error as { code?: string }).code ?? String(error),
      outcome: null,
      category: null,
      route: null,
      stopReason: null,
      recommendations: [],
      failingLine: null,
    };
  }
}
