/**
 * A fresh process that answers one hostile Alertmanager body through the intake app and
 * reports its own peak RSS and the answer's size: the parent (answerBound.test.ts) asserts
 * the bounds, so vitest's own memory never counts.
 */
import { createIntakeApp } from '../../functions/intake/createIntakeApp.js';
import { silentLogger } from '../../functions/core/LogPort.js';
import type { DiagnosisQueue } from '../../functions/queue/DiagnosisQueue.js';

export interface IntakeMemoryOutput {
  status: number;
  answerBytes: number;
  enqueued: number;
  peakRssMb: number;
}

const [bodyKind] = process.argv.slice(2);
const TOKEN = 'tok-child-0123456789abcdef';
const LIMIT = 1024 * 1024;

/** The largest body of one repeated alert under the 1 MiB limit. */
function fill(alertJson: (i: number) => string): string {
  const head = '{"version":"4","alerts":[';
  const parts: string[] = [];
  let bytes = head.length + 2;
  for (let i = 0; ; i++) {
    const next = (i === 0 ? '' : ',') + alertJson(i);
    if (bytes + next.length > LIMIT) break;
    parts.push(next);
    bytes += next.length;
  }
  return `${head}${parts.join('')}]}`;
}

// `floor`: one alert, the process's own footprint to compare with.
const body =
  bodyKind === 'distinct'
    ? fill((i) => `{"status":"firing","labels":{"workload_id":"w${i}"}}`)
    : bodyKind === 'empty'
      ? fill(() => '{}')
      : '{"version":"4","alerts":[{"status":"firing","labels":{"workload_id":"w0"}}]}';

let enqueued = 0;
const queue: DiagnosisQueue = {
  async enqueue(messages) {
    enqueued += messages.length;
  },
  async readDepth() {
    return { waiting: enqueued, inFlight: 0 };
  },
};
const app = createIntakeApp({ queue, tokens: { current: TOKEN }, now: () => new Date('2026-12-01T00:00:00Z'), logger: silentLogger });
const res = await app.request('/webhooks/alertmanager?clusterId=3f2c6a4e-6a1d-4c1e-9f0e-2b7d8a9c1d2e', {
  method: 'POST',
  headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
  body,
});
const answer = await res.text();
const output: IntakeMemoryOutput = {
  status: res.status,
  answerBytes: Buffer.byteLength(answer),
  enqueued,
  peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
};
process.stdout.write(JSON.stringify(output));
