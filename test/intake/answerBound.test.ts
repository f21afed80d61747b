/**
 * The 202 answer and the intake's memory are bounded whatever a 1 MiB body holds. Before
 * the bound, ~350,000 empty alerts got a 32 MB answer (one skip reason each) and 254 MB of
 * RSS over the process floor; in AWS, past Lambda's 6 MB response limit, that is a 5xx,
 * which Alertmanager resends forever.
 */
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createIntakeApp, LISTED_ACCEPTED } from '../../functions/intake/createIntakeApp.js';
import { silentLogger } from '../../functions/core/LogPort.js';
import { DEFAULT_LISTED_SKIPS } from '../../functions/intake/parseAlertmanagerPayload.js';
import type { IntakeMemoryOutput } from './intakeMemoryChild.js';
import { alert, CLUSTER, jsonHeaders, NOW, payload, recordingQueue, TOKEN } from './intakeTestKit.js';

function runChild(kind: 'floor' | 'empty' | 'distinct'): Promise<IntakeMemoryOutput> {
  const env = { ...process.env };
  delete env.NODE_OPTIONS; // vitest's loader must not weigh on the child
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', 'test/intake/intakeMemoryChild.ts', kind], { env, maxBuffer: 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as IntakeMemoryOutput),
    );
  });
}

describe('bounded 202 answer', () => {
  it('counts every skip per reason and lists only the first few', async () => {
    const alerts = [
      ...Array.from({ length: 30 }, () => ({})), // no status anywhere: not firing
      ...Array.from({ length: 5 }, (_, i) => alert({ workload_name: `job-${i}` })), // a name without a project
      alert({ workload_id: 'w1' }),
      alert({ workload_id: 'w1' }),
      { labels: 'not labels' },
    ];
    const queue = recordingQueue();
    const app = createIntakeApp({ queue, tokens: { current: TOKEN }, now: () => NOW, logger: silentLogger });
    const res = await app.request(`/webhooks/alertmanager?clusterId=${CLUSTER}`, {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify(payload(alerts, { status: undefined })),
    });
    expect(res.status).toBe(202);
    const json = (await res.json()) as Record<string, unknown> & { skipped: Array<{ index: number; code: string }> };
    expect(json['acceptedCount']).toBe(1);
    expect(json['skippedCount']).toBe(37);
    expect(json['skippedByReason']).toEqual({ not_firing: 30, missing_identifier: 5, duplicate: 1, invalid_alert: 1 });
    expect(json.skipped).toHaveLength(DEFAULT_LISTED_SKIPS);
    expect(json.skipped.map((s) => s.index)).toEqual(Array.from({ length: DEFAULT_LISTED_SKIPS }, (_, i) => i));
    expect(queue.batches.flat()).toHaveLength(1);
  });

  it('lists the first accepted requests and enqueues them all', async () => {
    const alerts = Array.from({ length: LISTED_ACCEPTED + 25 }, (_, i) => alert({ workload_id: `w${i}` }));
    const queue = recordingQueue();
    const app = createIntakeApp({ queue, tokens: { current: TOKEN }, now: () => NOW, logger: silentLogger });
    const res = await app.request(`/webhooks/alertmanager?clusterId=${CLUSTER}`, {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify(payload(alerts)),
    });
    const json = (await res.json()) as { accepted: Array<{ workloadId: string }>; acceptedCount: number; skippedCount: number };
    expect(json.acceptedCount).toBe(LISTED_ACCEPTED + 25);
    expect(json.accepted.map((a) => a.workloadId)).toEqual(Array.from({ length: LISTED_ACCEPTED }, (_, i) => `w${i}`));
    expect(json.skippedCount).toBe(0);
    expect(queue.batches.flat()).toHaveLength(LISTED_ACCEPTED + 25);
  });

  it('answers a 1 MiB body of empty alerts, or of distinct workloads, in a few KiB and bounded memory', async () => {
    const floor = await runChild('floor');
    const empty = await runChild('empty');
    const distinct = await runChild('distinct');
    console.log(
      `[intake bound] floor ${floor.peakRssMb} MB; empty alerts: answer ${empty.answerBytes} B, peak ${empty.peakRssMb} MB; ` +
        `distinct workloads: ${distinct.enqueued} enqueued, answer ${distinct.answerBytes} B, peak ${distinct.peakRssMb} MB`,
    );
    expect(empty.status).toBe(202);
    expect(empty.answerBytes).toBeLessThan(16 * 1024);
    expect(empty.peakRssMb - floor.peakRssMb).toBeLessThan(128);
    expect(distinct.status).toBe(202);
    expect(distinct.enqueued).toBeGreaterThan(15_000);
    expect(distinct.answerBytes).toBeLessThan(16 * 1024);
    expect(distinct.peakRssMb - floor.peakRssMb).toBeLessThan(128);
  }, 60_000);
});
