/**
 * The held-out corpora: verbatim upstream failure messages whose formats the seen corpus
 * (fixtures/signals) does not hold, collected by someone who does not change the engine, so
 * that they measure how the diagnosis generalises rather than what it memorised. The unseen
 * corpus (fixtures/signals-unseen) is the first; the fresh corpus (fixtures/signals-fresh) was
 * collected later, while the engine was being changed against the first, so it stays held out;
 * the second fresh corpus (fixtures/signals-fresh2) likewise while it was changed against the fresh one,
 * the third (fixtures/signals-fresh3) while it was changed against the second, and the fourth
 * (fixtures/signals-fresh4) while it was changed against the third, and the fifth
 * (fixtures/signals-fresh5) while it was changed against the fourth, and the sixth
 * (fixtures/signals-fresh6) while it was changed against the fifth.
 * Each is a directory and a ledger of known misses, measured the same way. Shared by the
 * measurement script (measureUnseenCorpus.ts) and the tests (unseenCorpus.test.ts,
 * freshCorpus.test.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { diagnoseThroughCli, normaliseQuoted, startRunaiSimulator, type CorpusRun, type RunaiSimulator } from './corpusKit.js';
import { buildCorpusState, CLUSTER_ID, loadSignalCorpus, workloadIdFor, type LoadedEntry } from './signalCorpus.js';

/** A held-out corpus: its folder, its ledger of known misses, and the seed of its workload ids. */
export interface HeldOutCorpus {
  dir: string;
  knownMissesFile: string;
  /** A seed of its own, so the workload ids never meet another corpus's (the seen one uses 1–3). */
  seed: number;
}

/** The corpus in `dir`, its ledger `known-misses.json` beside it; the seed keeps ids apart. */
export function heldOutCorpus(dir: string, seed: number): HeldOutCorpus {
  const folder = dir.endsWith('/') ? dir : `${dir}/`;
  return { dir: folder, knownMissesFile: `${folder}known-misses.json`, seed };
}

export const UNSEEN_CORPUS = heldOutCorpus(fileURLToPath(new URL('../../fixtures/signals-unseen/', import.meta.url)), 7);
export const FRESH_CORPUS = heldOutCorpus(fileURLToPath(new URL('../../fixtures/signals-fresh/', import.meta.url)), 8);
/** The second fresh corpus, collected while the engine was being changed against the fresh one. */
export const FRESH2_CORPUS = heldOutCorpus(fileURLToPath(new URL('../../fixtures/signals-fresh2/', import.meta.url)), 10);
/** The third fresh corpus, collected while the engine was being changed against the second one. */
export const FRESH3_CORPUS = heldOutCorpus(fileURLToPath(new URL('../../fixtures/signals-fresh3/', import.meta.url)), 11);
/** The fourth fresh corpus, collected while the engine was being changed against the third one. */
export const FRESH4_CORPUS = heldOutCorpus(fileURLToPath(new URL('../../fixtures/signals-fresh4/', import.meta.url)), 12);
/** The fifth fresh corpus, collected while the engine was being changed against the fourth one. */
export const FRESH5_CORPUS = heldOutCorpus(fileURLToPath(new URL('../../fixtures/signals-fresh5/', import.meta.url)), 13);
/** The sixth fresh corpus, collected while the engine was being changed against the fifth one. */
export const FRESH6_CORPUS = heldOutCorpus(fileURLToPath(new URL('../../fixtures/signals-fresh6/', import.meta.url)), 14);
/**
 * The seventh fresh corpus, collected while the engine was being changed against the sixth one; it
 * places causes inside the structures (summaries, frames, banners) the sixth one showed missed.
 */
export const FRESH7_CORPUS = heldOutCorpus(fileURLToPath(new URL('../../fixtures/signals-fresh7/', import.meta.url)), 15);
/**
 * The eighth fresh corpus, collected while the engine was being changed against the seventh one; its
 * generated family also places a wrapper that restates the cause, and the cause first, in the
 * middle or last of the tail.
 */
export const FRESH8_CORPUS = heldOutCorpus(fileURLToPath(new URL('../../fixtures/signals-fresh8/', import.meta.url)), 16);
/**
 * The ninth fresh corpus, collected while the engine was being changed against the eighth one; its
 * generated family places causes inside other runtimes' exception chains, ExceptionGroup frames,
 * progress bars, a second process's lines and long teardown tails.
 */
export const FRESH9_CORPUS = heldOutCorpus(fileURLToPath(new URL('../../fixtures/signals-fresh9/', import.meta.url)), 17);
/**
 * The tenth fresh corpus, collected while the engine was being changed against the ninth one; its
 * generated family places causes among structured JSON records, under a generic heading, inside
 * ANSI colour escapes, between a retry library's restating lines and its give-up, and before the
 * stdout lines flushed after them.
 */
export const FRESH10_CORPUS = heldOutCorpus(fileURLToPath(new URL('../../fixtures/signals-fresh10/', import.meta.url)), 18);
/**
 * The eleventh fresh corpus, collected while the engine was being changed against the tenth one; its
 * generated family places causes under a launcher's logger.exception record, before a supervisor's or
 * init process's exit summary, and inside notebook-style (papermill, IPython) tracebacks.
 */
export const FRESH11_CORPUS = heldOutCorpus(fileURLToPath(new URL('../../fixtures/signals-fresh11/', import.meta.url)), 19);
/**
 * The twelfth fresh corpus, collected beside the eleventh (one session, the families split between
 * the two collectors); its collected families are a service's and an interactive workspace's clients and
 * servers at start, and its generated family places causes inside warning storms, after a logger's
 * ERROR restatement, inside the kubelet's cut of the termination message, among access-log lines
 * and inside a shell's set -x trace.
 */
export const FRESH12_CORPUS = heldOutCorpus(fileURLToPath(new URL('../../fixtures/signals-fresh12/', import.meta.url)), 20);
/**
 * The thirteenth fresh corpus, collected while the engine was being changed against the twelfth one;
 * its collected families are training and GPU-math stacks (DeepSpeed, Lightning, experiment trackers,
 * DALI, the CUDA math libraries, Transformer Engine), and its generated family places causes among
 * eight local ranks of one torchrun pod, under PEP 678 notes, inside rich's traceback panel and before
 * a faulthandler dump.
 */
export const FRESH13_CORPUS = heldOutCorpus(fileURLToPath(new URL('../../fixtures/signals-fresh13/', import.meta.url)), 21);
/**
 * The fourteenth fresh corpus, collected beside the thirteenth (one session, the families split between
 * the two collectors); its collected families are batch, workflow and non-Python workloads (Airflow,
 * Prefect, Dagster, Argo, Kedro, dbt, Node.js and its kin, .NET, Ruby, PHP), and its generated family
 * places causes inside structured JSON fields, an orchestrator's relay and trailer, runit's stamps and
 * a Windows-style log. Seed 22 (21 is left for the thirteenth).
 */
export const FRESH14_CORPUS = heldOutCorpus(fileURLToPath(new URL('../../fixtures/signals-fresh14/', import.meta.url)), 22);

/** Every held-out corpus, oldest first: each was collected after the ones before it. */
export const HELD_OUT_CORPORA: readonly HeldOutCorpus[] = [
  UNSEEN_CORPUS,
  FRESH_CORPUS,
  FRESH2_CORPUS,
  FRESH3_CORPUS,
  FRESH4_CORPUS,
  FRESH5_CORPUS,
  FRESH6_CORPUS,
  FRESH7_CORPUS,
  FRESH8_CORPUS,
  FRESH9_CORPUS,
  FRESH10_CORPUS,
  FRESH11_CORPUS,
  FRESH12_CORPUS,
  FRESH13_CORPUS,
  FRESH14_CORPUS,
];

export function loadUnseenCorpus(dir = UNSEEN_CORPUS.dir): LoadedEntry[] {
  const corpus = loadSignalCorpus(dir, { requireDecisive: true });
  const silent = corpus.find(({ entry }) => entry.expect === 'no signal');
  if (silent) throw new Error(`${silent.source} #${silent.index}: a held-out corpus holds failures only, not "no signal" entries`);
  return corpus;
}

/** `<source>: <reason> (#index)`: the index keeps the name unique and the ledger key stable. */
export function unseenEntryName({ source, index, entry }: LoadedEntry): string {
  return `${source}: ${entry.reason} (#${index})`;
}

/** `{ "<source>: <reason> (#i)": "why it misses" }`: the entries expected to miss today. */
export function loadKnownMisses(file = UNSEEN_CORPUS.knownMissesFile): Record<string, string> {
  return z.record(z.string(), z.string().min(1)).parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * How a verdict failed the person who reads it. `stopped`: it stopped (or routed to the pending
 * diagnosis) where it should have diagnosed; `wrong cause`: any other wrong outcome, category,
 * route or stop reason; `line missing`: the cause is right but the decisive line is not quoted.
 */
export type MissKind = 'no verdict' | 'stopped' | 'wrong cause' | 'line missing';

export interface Measurement {
  passed: boolean;
  miss: MissKind | null;
  problems: string[];
}

/**
 * The decisive line is quoted when `failingLine` (once the verdict carries that property)
 * holds it, or, before that, when any evidence text holds it; both sides normalised as a report
 * shows them. An elided quote that cuts through the line is therefore a miss. A routed verdict
 * hands the workload to another diagnosis and names no failing line of its own, so for a routed
 * expectation (the fresh corpus has some; the unseen corpus has none) the evidence is read.
 */
function quotesDecisive(run: CorpusRun, decisive: string, routed: boolean): { quoted: boolean; where: string } {
  const wanted = normaliseQuoted(decisive);
  if (!routed && run.raw && 'failingLine' in run.raw) {
    const line = run.raw.failingLine;
    return { quoted: typeof line === 'string' && normaliseQuoted(line).includes(wanted), where: `failingLine ${JSON.stringify(line)}` };
  }
  const texts = run.verdict?.evidence.map((item) => item.text) ?? [];
  return { quoted: texts.some((text) => normaliseQuoted(text).includes(wanted)), where: `evidence ${JSON.stringify(texts)}` };
}

export function measureEntry({ entry }: LoadedEntry, run: CorpusRun): Measurement {
  const verdict = run.verdict;
  const expected = entry.expect;
  if (expected === 'no signal') throw new Error('a held-out corpus holds no "no signal" entries');
  if (!verdict) return { passed: false, miss: 'no verdict', problems: [`CLI exited ${run.code}: ${run.stderr.trim()}`] };
  const problems: string[] = [];
  if (verdict.outcome !== expected.outcome)
    problems.push(`outcome ${verdict.outcome}${verdict.stopReason ? ` (${verdict.stopReason})` : ''}, expected ${expected.outcome}`);
  else if (expected.outcome === 'diagnosed' && verdict.category !== expected.category)
    problems.push(`category ${verdict.category}, expected ${expected.category}`);
  else if (expected.outcome === 'routed' && verdict.route !== expected.route) problems.push(`route ${verdict.route}, expected ${expected.route}`);
  else if (expected.outcome === 'stopped' && verdict.stopReason !== expected.stopReason)
    problems.push(`stopReason ${verdict.stopReason}, expected ${expected.stopReason}`);
  if (problems.length > 0) {
    // Routing a failure that should be diagnosed to the pending diagnosis is a stop too: the
    // person gets no cause.
    const stopped = expected.outcome === 'diagnosed' && (verdict.outcome === 'stopped' || verdict.outcome === 'routed');
    return { passed: false, miss: stopped ? 'stopped' : 'wrong cause', problems };
  }
  if (expected.outcome === 'stopped') return { passed: true, miss: null, problems };
  const decisive = entry.decisive ?? entry.verbatim;
  const { quoted, where } = quotesDecisive(run, decisive, expected.outcome === 'routed');
  if (quoted) return { passed: true, miss: null, problems };
  return { passed: false, miss: 'line missing', problems: [`${JSON.stringify(decisive)} is not quoted in ${where}`] };
}

/** A simulator holding every entry of the corpus on its own workload, and a way to measure one. */
export interface UnseenBench {
  corpus: LoadedEntry[];
  measure(at: number): Promise<Measurement>;
  close(): Promise<void>;
}

export async function startUnseenBench(corpus = loadUnseenCorpus(), seed = UNSEEN_CORPUS.seed): Promise<UnseenBench> {
  const simulator: RunaiSimulator = await startRunaiSimulator({
    scenarios: corpus.map(({ entry }, at) => buildCorpusState(entry, workloadIdFor(seed, at), true)),
  });
  return {
    corpus,
    measure: async (at) => measureEntry(corpus[at]!, await diagnoseThroughCli(simulator, CLUSTER_ID, workloadIdFor(seed, at))),
    close: () => simulator.close(),
  };
}
