/**
 * Names never steer: every fixture scenario, re-run with its workload (and its pods, project,
 * namespace, containers, nodes and image repositories) renamed to a category keyword, keeps
 * its outcome, category, route, stop reason and recommendation ids. A crash of a workload
 * named `oomkilled-repro` is not an OOM; a workload named `nodenotready-sim` pages nobody.
 *
 * In process for speed: the diagnosis against the Run:ai simulator (and, for Tier 2
 * scenarios, the Kubernetes simulator) over loopback HTTP, without the CLI around it; the
 * original and its renamed copies are served together by one simulator pair.
 * Recommendations are compared by id, through a catalog that words each one as its id (the
 * English sentences quote the renamed names).
 */
import { describe, it } from 'vitest';
import type { DiagnosisRequest } from '../../functions/core/diagnosisRequest.js';
import { diagnoseWorkload } from '../../functions/diagnosis/diagnoseWorkload.js';
import type { RecommendationTexts } from '../../functions/diagnosis/Recommendation.js';
import type { VerdictMessages } from '../../functions/diagnosis/VerdictMessages.js';
import { createTier2Access } from '../../functions/kubernetes/createTier2Access.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { createRunaiClient } from '../../functions/runai/createRunaiClient.js';
import { startKubernetesSimulator } from '../../functions/simulator/kubernetes/startKubernetesSimulator.js';
import { loadScenarios, startRunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import { ExpectSchema, FIXTURES_DIR } from './scenarioHarness.js';
import { renameScenario } from './renameScenario.js';
import { mergeScenarioCopies, withDistinctIds, type ScenarioCopy } from './mergeScenarioCopies.js';
import type { RunaiReader } from '../../functions/diagnosis/ports/RunaiReader.js';
import type { Tier2Access } from '../../functions/diagnosis/ports/Tier2Access.js';

/** Every category keyword in DNS-1123 form, and a few spellings of other decisive words. */
const KEYWORD_NAMES = [
  'oomkilled-repro',
  'oom-killed-x',
  'imagepullbackoff-test',
  'errimagepull-demo',
  'nodenotready-sim',
  'evicted-node-test',
  'failedmount-check',
  'createcontainerconfigerror-x',
  'crashloopbackoff-demo',
  'preempted-rerun',
  'idle-timeout-test',
  'max-duration-demo',
  'sigkill-137',
  'cuda-out-of-memory',
  'backoff-limit-exceeded',
  'exit-code-137',
];

/** Each recommendation worded as its id: what the test compares. */
const recommendationIds = new Proxy({} as RecommendationTexts, { get: (_texts, id) => () => String(id) });
const messages: VerdictMessages = { ...messagesEn, recommendation: recommendationIds };

interface Outcome {
  error: string | null;
  outcome: string | null;
  category: string | null;
  route: string | null;
  stopReason: string | null;
  recommendations: string[];
}

/** Diagnoses every copy against one simulator pair serving them all (ids kept apart by withDistinctIds). */
async function diagnoseAll(copies: readonly ScenarioCopy[]): Promise<Outcome[]> {
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
    return await Promise.all(copies.map((copy) => diagnose(copy, client, tier2)));
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
    };
  } catch (error) {
    return { error: (error as { code?: string }).code ?? String(error), outcome: null, category: null, route: null, stopReason: null, recommendations: [] };
  }
}

const scenarios = await loadScenarios(FIXTURES_DIR);

// Concurrent: most of a case's time is loopback I/O, and every case owns its simulators.
describe.concurrent('names never steer', () => {
  for (const scenario of scenarios) {
    it(scenario.name, async ({ expect }) => {
      const copies = [scenario, ...KEYWORD_NAMES.map((name, index) => withDistinctIds(renameScenario(scenario, name), index + 1))];
      const [baseline, ...outcomes] = await diagnoseAll(copies);
      if (!baseline) throw new Error('no baseline');
      const expectation = ExpectSchema.parse(scenario.expect);
      // The harness reads the scenario as the CLI does: the baseline is the scenario's own verdict.
      // A request the CLI refuses as a usage error (exit 2) is still a verdict for the diagnosis itself;
      // only a Run:ai failure (exit 3) leaves the diagnosis without one.
      if (expectation.cliExitCode === 0 || expectation.cliExitCode === 2) {
        if (expectation.outcome) expect(baseline.outcome, `${scenario.name}: baseline outcome`).toBe(expectation.outcome);
        if (expectation.category !== undefined) expect(baseline.category, `${scenario.name}: baseline category`).toBe(expectation.category);
        if (expectation.route !== undefined) expect(baseline.route, `${scenario.name}: baseline route`).toBe(expectation.route);
      } else {
        expect(baseline.error, `${scenario.name}: baseline fails`).not.toBeNull();
      }
      const renamed = KEYWORD_NAMES.map((name, index) => ({ name, outcome: outcomes[index] }));
      const steered = renamed.filter(({ outcome }) => JSON.stringify(outcome) !== JSON.stringify(baseline));
      expect(
        steered.map(({ name, outcome }) => ({ name, ...outcome })),
        `${scenario.name}: renaming changed the verdict of ${JSON.stringify(baseline)}`,
      ).toEqual([]);
    });
  }
});
