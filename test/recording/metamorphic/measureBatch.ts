/**
 * Runs one metamorphic batch through the product and applies the relation
 * (redactionRelation.ts) to each case in two outputs:
 * - `recording`: every file of a `--record` folder made WITHOUT `--anonymize` (the CLI diagnoses
 *   the scenario against the Run:ai and Kubernetes simulators over loopback HTTP, as the held-out
 *   sets' recorder does: ../heldout/recordHeldOut.ts `cli`);
 * - `report`: the text reports (en, fr), the JSON verdict and the SNS notifications (en, fr), the
 *   held-out sets' report texts (../heldout2/renderReportTexts.ts, reused).
 * A case counts in an output only if its text reached it (its tag, or its variable's name, is
 * there) and its plain twin holds there: the relation is "plain redacted ⇒ carried redacted".
 * No vitest import: the measuring script runs this under plain `tsx`.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKubernetesSimulator } from '../../../functions/simulator/kubernetes/startKubernetesSimulator.js';
import { startRunaiSimulator } from '../../../functions/simulator/startRunaiSimulator.js';
import type { HeldOutSet } from '../heldout/heldOutPlants.js';
import { cli, folderText } from '../heldout/recordHeldOut.js';
import { renderReportTexts } from '../heldout2/renderReportTexts.js';
import { carrierById } from './carriers.js';
import type { MetamorphicBatch, MetamorphicCase } from './metamorphicBatch.js';
import { survivingPieces, windowsOf, type Piece } from './redactionRelation.js';

export const OUTPUTS = ['recording', 'report'] as const;
export type Output = (typeof OUTPUTS)[number];

export interface CaseOutcome {
  case: MetamorphicCase;
  output: Output;
  /** The case's text reached this output (else its absence proves nothing). */
  reached: boolean;
  /** Identifying pieces still there (empty: the relation holds). */
  pieces: Piece[];
  /** For a report: which of its texts hold a piece. */
  in: string[];
}

/** The raw recording (`--record`, no `--anonymize`) of the batch's scenario, all its files. */
export async function recordRaw(set: HeldOutSet<string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'metamorphic-raw-'));
  const scenario = set.scenario;
  const clusterId = scenario.request.clusterId!;
  const workloadId = scenario.request.workloadId!;
  const runai = await startRunaiSimulator({ scenarios: scenario.runai });
  const kubernetes = await startKubernetesSimulator({ scenario: scenario.kubernetes! });
  try {
    const config = join(root, 'tier2.json');
    await writeFile(config, JSON.stringify({ clusters: { [clusterId]: { server: kubernetes.url, token: kubernetes.token } } }));
    const env = { RUNAI_BASE_URL: runai.url, RUNAI_CLIENT_ID: 'sim-client', RUNAI_CLIENT_SECRET: 'sim-secret' };
    const dir = join(root, 'raw');
    const outcome = await cli(['--cluster-id', clusterId, '--workload-id', workloadId, '--tier2-config', config, '--format', 'json', '--record', dir], env);
    if (outcome.code !== 0) throw new Error(`--record exited ${outcome.code}: ${outcome.stderr}`);
    return await folderText(dir);
  } finally {
    await runai.close();
    await kubernetes.close();
    await rm(root, { recursive: true, force: true });
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether the case's text reached an output: its tag, written after the text; for an env value,
 * the variable's name as a JSON `"name"` field (the bare name is in other cases' texts too).
 */
const reachedIn = (item: MetamorphicCase, output: string) =>
  item.placement === 'env'
    ? new RegExp(`"name":\\s*"${escapeRegExp(carrierById(item.carrier).envName ?? item.secret.envName)}"`).test(output)
    : output.includes(item.tag);

export interface BatchOutcome {
  seed: number;
  outcomes: CaseOutcome[];
  /** The diagnosis the report was made of (the batch must not change it). */
  category: string | null;
}

export async function measureBatch(batch: MetamorphicBatch): Promise<BatchOutcome> {
  const recording = await recordRaw(batch.set);
  const texts = await renderReportTexts(batch.set);
  const recordingWindows = windowsOf(recording);
  const textWindows = texts.map((text) => windowsOf(text.text));
  const outcomes: CaseOutcome[] = [];
  for (const item of batch.cases) {
    outcomes.push({
      case: item,
      output: 'recording',
      reached: reachedIn(item, recording),
      pieces: survivingPieces(item.carried.spellings, recording, recordingWindows),
      in: [],
    });
    const perText = texts.map((text, index) => ({ name: text.name, pieces: survivingPieces(item.carried.spellings, text.text, textWindows[index]) }));
    const leaking = perText.filter((text) => text.pieces.length > 0);
    outcomes.push({
      case: item,
      output: 'report',
      reached: texts.some((text) => reachedIn(item, text.text)),
      pieces: leaking.flatMap((text) => text.pieces),
      in: leaking.map((text) => text.name),
    });
  }
  const verdict = texts.find((text) => text.name === 'verdict JSON');
  const category = verdict ? ((JSON.parse(verdict.text) as { category?: string | null }).category ?? null) : null;
  return { seed: batch.seed, outcomes, category };
}

export type Judgement = 'holds' | 'breaks' | 'not-reached' | 'twin-fails';

/**
 * A follow-up case's judgement in one output: out of scope when its text did not reach the
 * output, or when its plain twin did not hold there (the product misses the secret plain).
 */
export function judge(outcome: CaseOutcome, outcomes: readonly CaseOutcome[]): Judgement {
  if (!outcome.reached) return 'not-reached';
  if (outcome.case.twin !== null) {
    const twin = outcomes.find((other) => other.case.id === outcome.case.twin && other.output === outcome.output);
    if (!twin || !twin.reached || twin.pieces.length > 0) return 'twin-fails';
  }
  return outcome.pieces.length > 0 ? 'breaks' : 'holds';
}

/** How a break reads in the ledger: where, and the longest piece found. */
export function describeBreak(outcome: CaseOutcome): string {
  const longest = outcome.pieces.reduce((best, piece) => (piece.found.length > best.found.length ? piece : best), outcome.pieces[0]!);
  const where = outcome.in.length ? ` in ${outcome.in.join(', ')}` : '';
  return `${longest.found.length} of ${outcome.case.secret.random.length} random characters survive${where}${longest.spelling === outcome.case.secret.random ? '' : ' (encoded)'}`;
}
