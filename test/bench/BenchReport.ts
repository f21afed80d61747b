/**
 * What `npm run bench -- --json` prints: one object, these names. The required fields of
 * the issue come first in each entry; the rest explain the figure (what was excluded and
 * why, what dominates) so a regression can be read from the JSON alone.
 */

export interface CriticalPathEntry {
  scenario: string;
  /** Median wall time of one warm diagnosis (token cached, pool open, JIT warm). */
  wallMs: number;
  /** Sequential Run:ai round trips after the token (countRoundTrips). */
  roundTrips: number;
  /** wallMs / (roundTrips × injected latency). */
  ratio: number;
  option: 'A' | 'B';
  /** Run:ai API requests of one diagnosis (token excluded). */
  requests: number;
  historyPages: number;
  /** Requests sent again by the client's retry policy (injected 5xx faults). */
  retries: number;
  /** The the quality bars, docs/tests.md bound for this scenario: 3 (Option A) or 4 (Option B) when the history fits one page. */
  roundTripTarget: number | null;
  /** Whether the ratio ≤ 1.2 target applies; when not, `excludedBecause` says why. */
  inRatioTarget: boolean;
  excludedBecause?: string;
}

export interface IntakeFigures {
  /** Median handler time of one 1,000-alert Alertmanager POST (auth → 202 body). */
  medianMs: number;
  /** medianMs / median bare JSON.parse of the same body. */
  ratioToJsonParse: number;
  jsonParseMs: number;
  /** parseAlertmanagerPayload alone (zod, identifiers, de-duplication) on the parsed body. */
  parsePayloadMs: number;
  alerts: number;
  bodyBytes: number;
  accepted: number;
  skipped: number;
  runs: number;
}

export interface BundleContributor {
  /** An npm package, or a product folder such as `functions/diagnosis`. */
  name: string;
  bytes: number;
}

export interface BundleFigures {
  name: string;
  /** Minified `index.mjs` (source map excluded). */
  bytes: number;
  /** Median wall time of `node` importing the bundle, minus an empty `node` start. */
  initMs: number;
  /** Of initMs: importing only the AWS SDK clients the bundle imports statically (0 when it loads them on first use). */
  externalInitMs: number;
  /** initMs − externalInitMs: what the bundle's own code costs at init. */
  ownInitMs: number;
  entry: string;
  topContributors: BundleContributor[];
  external: string[];
}

export interface MemoryRun {
  lookback: string;
  /** Median over the child processes; min and max show the spread. */
  peakRssMb: number;
  minRssMb: number;
  maxRssMb: number;
  historyPages: number;
  /** OOM kills the verdict counts within the lookback (3 in 7 days, 4 in 90 days). */
  recurrence: number | null;
  wallMs: number;
}

export interface MemoryFigures {
  /** Peak RSS of a child process diagnosing the 5,000-record workload with the default 7-day lookback. */
  peakRssMb: number;
  historyRecords: number;
  historyPagesTotal: number;
  /** The same child with no diagnosis (Node, undici, zod, product code loaded): the floor. */
  baselineRssMb: number;
  /** Child processes per run (median taken). */
  children: number;
  runs: MemoryRun[];
}

export interface StormFigures {
  totalMs: number;
  /** simulator.maxConcurrent over the whole storm. */
  maxConcurrentRunaiRequests: number;
  /** min(worker concurrency × per-diagnosis fan-out, Run:ai client pool connections). */
  bound: number;
  /** SNS messages after idempotency and the storm window (singles + digests, flushed at the end). */
  notifications: number;
  requests: number;
  batchSize: number;
  batches: number;
  workerConcurrency: number;
  fanOutPerDiagnosis: number;
  poolConnections: number;
  latencyMs: number;
  published: number;
  duplicates: number;
  failed: number;
  digests: number;
  runaiRequests: number;
}

export type { EndToEndFigures } from './measureEndToEnd.js';
import type { EndToEndFigures } from './measureEndToEnd.js';
export type { WorstCaseFigures } from './measureWorstCase.js';
import type { WorstCaseFigures } from './measureWorstCase.js';

export interface BenchReport {
  criticalPath: CriticalPathEntry[];
  intake: IntakeFigures;
  bundles: BundleFigures[];
  memory: MemoryFigures;
  storm: StormFigures;
  /** Webhook → published, local mode: lone failures (p50/p99) and a storm on one cluster. */
  endToEnd: EndToEndFigures;
  /** A hanging endpoint and a 100 MB answer: wall time and peak RSS, with and without the bounds. */
  worstCase: WorstCaseFigures;
  meta: { smoke: boolean; node: string; cpus: number; latencyMs: number; totalMs: number };
}
