/**
 * Worst cases a hostile or broken control plane can cause (#12 items 2 and 3):
 * - a hanging endpoint: a batch of records whose `/events` read never answers, through the
 *   real worker, engine and client against the simulator, with times scaled down (request
 *   timeout and Lambda timeout); with the batch deadline, and without it (as before):
 *   first publish, batch wall time, records published, records that would be dead-lettered
 *   (all of them when the batch outlives the Lambda timeout);
 * - a 100 MB answer: one events read in a child process (largeAnswerChild.ts, bundled and
 *   run by plain node), with the default answer cap and with a cap above the answer (as
 *   before the cap): wall time and peak RSS.
 * - bounded reads (#25 item 3), each in a child process with a 256 MB heap
 *   (boundedReadsChild.ts): one diagnosis whose history answers 200 pages of 7 MB, without
 *   and with `--record`; one poll where a cluster answers 50 pages of 7 MB beside healthy
 *   ones. Finishing is the point (each died of heap exhaustion before): outcome, wall time
 *   and peak RSS.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../functions/runai/RunaiClientConfig.js';
import { processDiagnosisBatch } from '../../functions/worker/processDiagnosisBatch.js';
import { startHangingBatch } from '../worker/startHangingBatch.js';
import { join } from 'node:path';
import { PROJECT_ROOT, SCENARIOS_DIR } from './benchPaths.js';
import type { BoundedReadsChildInput, BoundedReadsChildOutput } from './boundedReadsChild.js';
import type { LargeAnswerChildInput, LargeAnswerChildOutput } from './largeAnswerChild.js';
import { round } from './median.js';
import { runNode } from './runNode.js';
import { bundleBenchChild } from './bundleBenchChild.js';

export interface HangingBatchRun {
  deadline: boolean;
  /** ms from the start of the batch to the first SNS publish; null when nothing was published in time. */
  firstPublishMs: number | null;
  wallMs: number;
  published: number;
  /** Records the queue would redeliver until the DLQ: all of them when the batch outlives the Lambda timeout. */
  deadLettered: number;
  peakRssMb: number;
}

export interface HangingBatchFigures {
  records: number;
  requestTimeoutMs: number;
  lambdaTimeoutMs: number;
  runs: HangingBatchRun[];
}

export interface LargeAnswerRun {
  /** The answer cap in bytes (512 MiB: above the answer, the behaviour before the cap). */
  capBytes: number;
  wallMs: number;
  peakRssMb: number;
  outcome: string;
}

export interface LargeAnswerFigures {
  answerBytes: number;
  runs: LargeAnswerRun[];
}

export interface BoundedReadsRun {
  /** `diagnosis`, `diagnosis --record`, `poller`. */
  case: string;
  heapMb: number;
  /** What the run said it cut, or how it died. */
  outcome: string;
  wallMs: number;
  peakRssMb: number;
}

export interface BoundedReadsFigures {
  historyPages: number;
  pollerPages: number;
  pageBytes: number;
  runs: BoundedReadsRun[];
}

export interface BoundedReadsOptions {
  historyPages: number;
  pollerPages: number;
  pageBytes: number;
  heapMb: number;
}

export interface WorstCaseFigures {
  hangingEndpoint: HangingBatchFigures;
  largeAnswer: LargeAnswerFigures;
  boundedReads: BoundedReadsFigures;
}

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

async function runHangingBatch(options: { records: number; requestTimeoutMs: number; lambdaTimeoutMs: number; deadline: boolean }): Promise<HangingBatchRun> {
  const { sim, records, deps, started, publishedAt } = await startHangingBatch({ hanging: options.records, requestTimeoutMs: options.requestTimeoutMs });
  try {
    let peak = rssMb();
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb());
    }, 50);
    // The same margin proportion as the worker Lambda: 15 s of 120 s.
    const margin = Math.round(options.lambdaTimeoutMs / 8);
    const result = await processDiagnosisBatch(records, {
      ...deps,
      ...(options.deadline ? { diagnoseBy: started + options.lambdaTimeoutMs - margin } : {}),
    });
    clearInterval(sampler);
    const wallMs = Date.now() - started;
    const timedOut = wallMs > options.lambdaTimeoutMs;
    const firstPublishMs = publishedAt[0]?.ms ?? null;
    // A Lambda that times out returns nothing: nothing it published after the timeout happened, every record comes back.
    return {
      deadline: options.deadline,
      firstPublishMs: firstPublishMs !== null && firstPublishMs <= options.lambdaTimeoutMs ? firstPublishMs : null,
      wallMs,
      published: timedOut ? 0 : result.published,
      deadLettered: timedOut ? options.records : result.failed,
      peakRssMb: round(peak, 1),
    };
  } finally {
    await sim.close();
  }
}

/** A Run:ai stand-in answering a token, then `answerBytes` of events JSON, streamed without Content-Length. */
async function serveLargeAnswer(answerBytes: number): Promise<{ url: string; server: Server }> {
  const event = JSON.stringify({ createdAt: '2026-11-29T17:00:00Z', type: 'Warning', reason: 'BackOff', message: 'x'.repeat(1_000) });
  const server = createServer((req, res) => {
    if (req.url?.endsWith('/api/v1/token')) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ accessToken: 'bench-token', expiresIn: 3600 }));
      return;
    }
    res.setHeader('content-type', 'application/json');
    const chunk = Buffer.from(Array.from({ length: 64 }, () => event).join(',') + ',');
    let sent = 0;
    res.write('{"events":[');
    const write = () => {
      while (!res.destroyed && sent + chunk.length < answerBytes) {
        sent += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', write);
          return;
        }
      }
      if (!res.destroyed) res.end(`${event}],"next":null}`);
    };
    write();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** What a bounded-reads child said it did, in a few words. */
function describeBoundedRun(output: BoundedReadsChildOutput): string {
  if (output.enqueued !== undefined) return `enqueued ${output.enqueued}, ${output.failedClusters?.length ?? 0} clusters failed`;
  const cut = output.limitations?.find((line) => line.startsWith('History exceeded'));
  const kept = cut ? `history cut (${/the (\d+) oldest/.exec(cut)?.[1] ?? '?'} records dropped)` : 'whole history kept';
  const recurrence = output.recurrence === null || output.recurrence === undefined ? 'no recurrence' : `recurrence ${cut ? '≥ ' : ''}${output.recurrence}`;
  const recorded = output.omitted ? `; ${output.omitted.exchanges} answers not recorded` : '';
  return `${kept}, ${recurrence}${recorded}`;
}

async function measureBoundedReads(options: BoundedReadsOptions): Promise<BoundedReadsFigures> {
  const childFile = await bundleBenchChild('test/bench/boundedReadsChild.ts', 'bounded-reads-child');
  const scenarioDir = join(SCENARIOS_DIR, 'oom-recurring-paged-history');
  const cases: Array<{ name: string; input: BoundedReadsChildInput }> = [
    { name: 'diagnosis', input: { mode: 'diagnosis', scenarioDir, pages: options.historyPages, pageBytes: options.pageBytes } },
    { name: 'diagnosis --record', input: { mode: 'diagnosis', scenarioDir, pages: options.historyPages, pageBytes: options.pageBytes, record: true } },
    { name: 'poller', input: { mode: 'poller', scenarioDir, pages: options.pollerPages, pageBytes: options.pageBytes, healthy: 3 } },
  ];
  const runs: BoundedReadsRun[] = [];
  for (const { name, input } of cases) {
    const started = performance.now();
    try {
      const { stdout } = await runNode([`--max-old-space-size=${options.heapMb}`, childFile, JSON.stringify(input)], PROJECT_ROOT);
      const output = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as BoundedReadsChildOutput;
      runs.push({ case: name, heapMb: options.heapMb, outcome: describeBoundedRun(output), wallMs: output.wallMs, peakRssMb: round(output.peakRssMb, 1) });
    } catch (error) {
      // A child that dies (heap exhaustion) is a figure too: the bound did not hold.
      const message = error instanceof Error ? error.message : String(error);
      runs.push({
        case: name,
        heapMb: options.heapMb,
        outcome: /heap/i.test(message) ? 'died: heap exhausted' : 'died',
        wallMs: Math.round(performance.now() - started),
        peakRssMb: 0,
      });
    }
  }
  return { historyPages: options.historyPages, pollerPages: options.pollerPages, pageBytes: options.pageBytes, runs };
}

export async function measureWorstCase(options: {
  hanging: { records: number; requestTimeoutMs: number; lambdaTimeoutMs: number };
  answerBytes: number;
  boundedReads: BoundedReadsOptions;
}): Promise<WorstCaseFigures> {
  const hangingRuns: HangingBatchRun[] = [];
  for (const deadline of [false, true]) hangingRuns.push(await runHangingBatch({ ...options.hanging, deadline }));

  const childFile = await bundleBenchChild('test/bench/largeAnswerChild.ts', 'large-answer-child');
  const { url, server } = await serveLargeAnswer(options.answerBytes);
  const largeRuns: LargeAnswerRun[] = [];
  try {
    // Before: a cap above the answer reads it whole, as the client did without one.
    for (const cap of [512 * 1024 * 1024, DEFAULT_MAX_RESPONSE_BYTES]) {
      const input: LargeAnswerChildInput = { url, maxResponseBytes: cap };
      const { stdout } = await runNode([childFile, JSON.stringify(input)], PROJECT_ROOT);
      const output = JSON.parse(stdout) as LargeAnswerChildOutput;
      largeRuns.push({ capBytes: cap, wallMs: round(output.wallMs, 0), peakRssMb: round(output.peakRssMb, 1), outcome: output.outcome });
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return {
    hangingEndpoint: { ...options.hanging, runs: hangingRuns },
    largeAnswer: { answerBytes: options.answerBytes, runs: largeRuns },
    boundedReads: await measureBoundedReads(options.boundedReads),
  };
}
