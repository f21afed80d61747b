/**
 * the quality bars, docs/tests.md storm bar from the handler's side: one 1,000-alert Alertmanager POST through
 * the hono app (auth, body limit, UTF-8 and JSON parse, zod, identifiers, de-duplication,
 * the in-memory queue with its own validation, the 202 body), timed from `app.request` to
 * the last byte of the response, against a bare `JSON.parse` of the same body — the floor
 * no handler can go under.
 */
import { createIntakeApp } from '../../functions/intake/createIntakeApp.js';
import { silentLogger } from '../../functions/core/LogPort.js';
import { parseAlertmanagerPayload } from '../../functions/intake/parseAlertmanagerPayload.js';
import { createMemoryQueue } from '../../functions/queue/createMemoryQueue.js';
import { alertStormPayload, STORM_CLUSTER } from './alertStormPayload.js';
import type { IntakeFigures } from './BenchReport.js';
import { median, round } from './median.js';

const TOKEN = 'bench-token-0123456789abcdef';
const WARM_RUNS = 5;

export interface IntakeOptions {
  alerts: number;
  runs: number;
}

function time(task: () => unknown): number {
  const started = performance.now();
  task();
  return performance.now() - started;
}

export async function measureIntake(options: IntakeOptions): Promise<IntakeFigures> {
  const body = alertStormPayload(options.alerts);
  const bodyBytes = Buffer.byteLength(body);
  // Alertmanager (Go net/http) always sends Content-Length, and API Gateway passes it on.
  const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'content-length': String(bodyBytes) };
  const receivedAt = new Date();

  const parsedBody: unknown = JSON.parse(body);
  const timings = { handler: [] as number[], jsonParse: [] as number[], parsePayload: [] as number[] };
  let accepted = 0;
  let skipped = 0;
  // Interleaved, so that the handler and its JSON.parse floor meet the same GC and CPU weather.
  for (let run = 0; run < WARM_RUNS + options.runs; run += 1) {
    const measured = run >= WARM_RUNS;
    const jsonParse = time(() => JSON.parse(body));
    const parsePayload = time(() => parseAlertmanagerPayload(parsedBody, { receivedAt, clusterIdFallback: STORM_CLUSTER }));
    // A fresh app and queue per run, built outside the timing: a warm Lambda has both.
    const queue = createMemoryQueue();
    const app = createIntakeApp({ queue, tokens: { current: TOKEN }, now: () => receivedAt, logger: silentLogger });
    const started = performance.now();
    const response = await app.request(`/webhooks/alertmanager?clusterId=${STORM_CLUSTER}`, { method: 'POST', headers, body });
    const answer = await response.text();
    const handler = performance.now() - started;
    if (measured) {
      timings.handler.push(handler);
      timings.jsonParse.push(jsonParse);
      timings.parsePayload.push(parsePayload);
    }
    if (response.status !== 202) throw new Error(`intake answered ${response.status}: ${answer.slice(0, 300)}`);
    const summary = JSON.parse(answer) as { acceptedCount: number; skippedCount: number };
    accepted = summary.acceptedCount;
    skipped = summary.skippedCount;
    if (queue.size !== accepted) throw new Error(`queue holds ${queue.size} messages, the 202 body counts ${accepted}`);
  }
  const medianMs = median(timings.handler);
  const jsonParseMs = median(timings.jsonParse);
  return {
    medianMs: round(medianMs),
    ratioToJsonParse: round(medianMs / jsonParseMs),
    jsonParseMs: round(jsonParseMs),
    parsePayloadMs: round(median(timings.parsePayload)),
    alerts: options.alerts,
    bodyBytes,
    accepted,
    skipped,
    runs: options.runs,
  };
}
