/**
 * The upstream signal corpus (fixtures/signals): every verbatim reason and message taken
 * from the components that write them (kubelet, CRI runtimes, controllers, operators, the
 * scheduler, Run:ai), placed where Run:ai shows it on a minimal workload, diagnosed through
 * the CLI against the simulator. Checks the outcome, category or route, and that the text
 * which decided it is quoted first. A "no signal" entry must leave the verdict of the same
 * workload without it unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnoseThroughCli, normaliseQuoted, startRunaiSimulator, type RunaiSimulator, type Verdict } from './corpusKit.js';
import { buildCorpusState, CLUSTER_ID, loadSignalCorpus, SignalEntrySchema, workloadIdFor, type LoadedEntry } from './signalCorpus.js';

const corpus = loadSignalCorpus();
/** The sources the corpus must cover (issue: every component a Run:ai workload hears from). */
const SOURCES = [
  'kubelet',
  'cri-runtimes',
  'nvidia-gpu',
  'kube-controller-manager',
  'kube-scheduler',
  'kubeflow-training-operator',
  'kubeflow-mpi-operator',
  'kuberay',
  'leaderworkerset',
  'knative-serving',
  'kserve',
  'kai-scheduler',
  'runai',
];
const WITH_ENTRY = 1;
const WITHOUT_ENTRY = 2;
const BARE = 3;
// The workload every entry is placed on, with nothing placed: a "no signal" entry must leave its
// verdict as it is, so it has to be the neutral UNKNOWN (never a category, a route or a stop).
const bareWorkload = SignalEntrySchema.parse({
  reason: 'none',
  component: 'none',
  verbatim: 'none',
  upstream: { repo: 'none/none', path: 'none', symbol: 'none' },
  placement: 'podEvent',
  expect: 'no signal',
});
let simulator: RunaiSimulator;

/** `<source>: <reason>`, with the entry's index in its file when the reason repeats there. */
const repeated = new Set(corpus.map(({ source, entry }) => `${source}: ${entry.reason}`).filter((name, at, names) => names.indexOf(name) !== at));
function testName({ source, index, entry }: LoadedEntry): string {
  const name = `${source}: ${entry.reason}`;
  return repeated.has(name) ? `${name} (#${index})` : name;
}

// Both sides as a report shows them: redacted, quotes neutralised, line breaks (⏎) and runs of
// whitespace collapsed, case-folded (shared with the unseen corpus, test/signals/unseenCorpus.ts).
const normalise = normaliseQuoted;
const summarise = (verdict: Verdict | null) =>
  verdict
    ? {
        outcome: verdict.outcome,
        category: verdict.category,
        route: verdict.route,
        stopReason: verdict.stopReason,
        firstEvidence: verdict.evidence[0]?.text ?? null,
      }
    : null;

beforeAll(async () => {
  const states = corpus.flatMap(({ entry }, index) => [
    buildCorpusState(entry, workloadIdFor(WITH_ENTRY, index), true),
    buildCorpusState(entry, workloadIdFor(WITHOUT_ENTRY, index), false),
  ]);
  simulator = await startRunaiSimulator({ scenarios: [...states, buildCorpusState(bareWorkload, workloadIdFor(BARE, 0), false)] });
});

afterAll(async () => {
  await simulator?.close();
});

describe('upstream signal corpus', () => {
  it('holds at least 150 entries from every source', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(150);
    expect([...new Set(corpus.map(({ source }) => source))].sort()).toEqual([...SOURCES].sort());
  });

  it('places entries on a workload that alone is diagnosed UNKNOWN', async () => {
    const run = await diagnoseThroughCli(simulator, CLUSTER_ID, workloadIdFor(BARE, 0));
    expect(run.stderr).toBe('');
    expect(summarise(run.verdict)).toMatchObject({ outcome: 'diagnosed', category: 'UNKNOWN', route: null, stopReason: null });
  });

  // `%s` prints the whole name (`$name` would quote and truncate it).
  it.each(corpus.map((loaded, at) => [testName(loaded), { ...loaded, at }] as const))(
    '%s',
    async (_name: string, { source, entry, at }: LoadedEntry & { at: number }) => {
      const run = await diagnoseThroughCli(simulator, CLUSTER_ID, workloadIdFor(WITH_ENTRY, at));
      const baseline = entry.expect === 'no signal' ? await diagnoseThroughCli(simulator, CLUSTER_ID, workloadIdFor(WITHOUT_ENTRY, at)) : null;
      const problems: string[] = [];
      const verdict = run.verdict;
      if (!verdict) problems.push(`CLI exited ${run.code}: ${run.stderr.trim()}`);
      else if (entry.expect === 'no signal') {
        const before = summarise(baseline?.verdict ?? null);
        const after = summarise(verdict);
        if (!before) problems.push('the baseline workload could not be diagnosed');
        else if (
          before.outcome !== after?.outcome ||
          before.category !== after.category ||
          before.route !== after.route ||
          before.stopReason !== after.stopReason
        )
          problems.push(
            `the entry changed the verdict: ${JSON.stringify({ ...before, firstEvidence: undefined })} → ${JSON.stringify({ ...after, firstEvidence: undefined })}`,
          );
      } else {
        const expected = entry.expect;
        if (verdict.outcome !== expected.outcome) problems.push(`outcome ${verdict.outcome}, expected ${expected.outcome}`);
        if (expected.outcome === 'diagnosed' && verdict.category !== expected.category)
          problems.push(`category ${verdict.category}, expected ${expected.category}`);
        if (expected.outcome === 'routed' && verdict.route !== expected.route) problems.push(`route ${verdict.route}, expected ${expected.route}`);
        if (expected.outcome === 'stopped' && verdict.stopReason !== expected.stopReason)
          problems.push(`stopReason ${verdict.stopReason}, expected ${expected.stopReason}`);
        if (expected.outcome === 'diagnosed' || expected.outcome === 'routed') {
          const decisive = entry.decisive ?? entry.verbatim;
          const first = verdict.evidence[0]?.text ?? '';
          if (!normalise(first).includes(normalise(decisive)))
            problems.push(`first evidence does not quote ${JSON.stringify(decisive)}: ${JSON.stringify(first)}`);
        }
      }
      expect(problems, `${source}: ${entry.reason} (${entry.placement}) ${JSON.stringify(entry.verbatim)}`).toEqual([]);
    },
  );
});
