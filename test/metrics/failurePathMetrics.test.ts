/**
 * Each failure path the operators alarm on emits its metric: the intake's 401s and
 * skipped alerts (Alertmanager never resends a 4xx), the worker's configuration failures
 * (every record goes back to the queue), Run:ai errors per code, forwarder failures.
 */
import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { countForwardedBatch } from '../../functions/delivery/countForwardedBatch.js';
import { countRunaiRequest } from '../../functions/metrics/countRunaiRequest.js';
import { createMemoryMetrics } from '../../functions/metrics/createMemoryMetrics.js';
import { countBatch, measureDiagnoses } from '../../functions/worker/measureDiagnoses.js';
import { createWorkerHandler } from '../../functions/worker/lambdaHandler.js';
import { WorkerConfigError } from '../../functions/worker/readWorkerEnv.js';
import { alert, CLUSTER, jsonHeaders, makeApp, payload, postJson } from '../intake/intakeTestKit.js';
import { capturingLogger, queued, resultFor } from '../worker/workerFakes.js';

const sqsEvent = (...ids: string[]) => ({ Records: ids.map((messageId) => ({ messageId, body: '{}' })) }) as unknown as SQSEvent;

describe('intake', () => {
  it('counts a 401 per reason, missing or invalid token, and enqueues nothing', async () => {
    const metrics = createMemoryMetrics();
    const { app, queue } = makeApp({ metrics });
    const missing = await app.request('/webhooks/alertmanager', { method: 'POST', body: '{}' });
    const invalid = await postJson(app, '/webhooks/alertmanager', payload([]), jsonHeaders('wrong-token'));
    expect([missing.status, invalid.status]).toEqual([401, 401]);
    expect(metrics.total('Unauthorized')).toBe(2);
    expect(metrics.total('Unauthorized', { reason: 'missing' })).toBe(1);
    expect(metrics.total('Unauthorized', { reason: 'invalid' })).toBe(1);
    expect(queue.batches).toEqual([]);
  });

  it('counts skipped alerts per reason, and the accepted ones', async () => {
    const metrics = createMemoryMetrics();
    const { app } = makeApp({ metrics });
    const body = payload([
      alert({ workload_id: 'w-1', cluster_id: CLUSTER }),
      alert({ workload_id: 'w-2', cluster_id: CLUSTER }, { status: 'resolved' }),
      alert({ workload_id: 'w-3', cluster_id: CLUSTER }, { status: 'resolved', fingerprint: 'ffffffffffffffff' }),
      alert({ cluster_id: CLUSTER }, { fingerprint: '0000000000000001' }),
    ]);
    const res = await postJson(app, '/webhooks/alertmanager', body);
    expect(res.status).toBe(202);
    const answer = (await res.json()) as { acceptedCount: number; skippedByReason: Record<string, number> };
    expect(metrics.total('AlertsAccepted', { route: 'alertmanager' })).toBe(answer.acceptedCount);
    expect(answer.skippedByReason.not_firing).toBe(2);
    for (const [reason, count] of Object.entries(answer.skippedByReason)) expect(metrics.total('AlertsSkipped', { reason }), reason).toBe(count);
    expect(metrics.total('AlertsSkipped')).toBe(Object.values(answer.skippedByReason).reduce((a, b) => a + b, 0));
    expect(metrics.total('Unauthorized')).toBe(0);
  });

  it('counts a Run:ai webhook as accepted', async () => {
    const metrics = createMemoryMetrics();
    const { app } = makeApp({ metrics });
    await postJson(app, '/webhooks/runai', { clusterId: CLUSTER, workloadId: 'wl-9' });
    expect(metrics.total('AlertsAccepted', { route: 'runai' })).toBe(1);
  });
});

describe('worker', () => {
  it('counts a configuration failure once per failed invocation, not per record', async () => {
    const metrics = createMemoryMetrics();
    const run = createWorkerHandler(async () => Promise.reject(new WorkerConfigError('SNS_TOPIC_ARN is not set')), capturingLogger().logger, { metrics });
    expect(await run(sqsEvent('m1', 'm2'))).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }] });
    await run(sqsEvent('m3'));
    expect(metrics.total('ConfigurationFailures')).toBe(2);
  });

  it('times each diagnosis and counts it by outcome and category; a thrown diagnosis is a DiagnoseError', async () => {
    const metrics = createMemoryMetrics();
    let clock = 1_000;
    const diagnosed = measureDiagnoses(
      async (q) => {
        clock += 250;
        return resultFor(q, { outcome: 'diagnosed', category: 'OOM_KILLED' });
      },
      metrics,
      () => clock,
    );
    await diagnosed(queued('w-1'));
    expect(metrics.recorded.find((m) => m.name === 'DiagnosisDuration')).toMatchObject({ value: 250, unit: 'Milliseconds' });
    expect(metrics.total('Diagnoses', { outcome: 'diagnosed', category: 'OOM_KILLED' })).toBe(1);
    const failing = measureDiagnoses(
      async () => Promise.reject(new Error('Run:ai down')),
      metrics,
      () => clock,
    );
    await expect(failing(queued('w-2'))).rejects.toThrow('Run:ai down');
    expect(metrics.total('DiagnoseErrors')).toBe(1);
    expect(metrics.total('Diagnoses')).toBe(1);
  });

  it('counts a batch: published, duplicates, failed records, notifications, digests', () => {
    const metrics = createMemoryMetrics();
    countBatch({ published: 3, duplicates: 1, failed: 2, notifications: 2, digests: 1, heldForDigest: 0, batchItemFailures: [], records: [] }, metrics);
    expect([
      metrics.total('Published'),
      metrics.total('Duplicates'),
      metrics.total('FailedRecords'),
      metrics.total('Notifications'),
      metrics.total('Digests'),
    ]).toEqual([3, 1, 2, 2, 1]);
  });
});

describe('Run:ai requests', () => {
  it('counts every request, and errors per code: no response, 4xx, 5xx', () => {
    const metrics = createMemoryMetrics();
    const count = countRunaiRequest(metrics);
    for (const status of [200, null, 401, 503, 503]) count({ endpoint: 'GET /api/v1/workloads', status, ms: 5, attempt: 0 });
    expect(metrics.total('RunaiRequests')).toBe(5);
    expect(metrics.total('RunaiErrors')).toBe(4);
    expect(metrics.total('RunaiErrors', { code: 'NO_RESPONSE' })).toBe(1);
    expect(metrics.total('RunaiErrors', { code: 'HTTP_401' })).toBe(1);
    expect(metrics.total('RunaiErrors', { code: 'HTTP_503' })).toBe(2);
  });
});

describe('forwarders', () => {
  it('counts forwarded notifications and each failure by code', () => {
    const metrics = createMemoryMetrics();
    countForwardedBatch(
      {
        batchItemFailures: [{ itemIdentifier: 'b' }, { itemIdentifier: 'c' }],
        records: [
          { messageId: 'a', outcome: 'forwarded' },
          { messageId: 'b', outcome: 'failed', code: 'PAGERDUTY_THROTTLED' },
          { messageId: 'c', outcome: 'failed', code: 'SKIPPED_DESTINATION_FAILING' },
        ],
      },
      metrics,
    );
    expect(metrics.total('NotificationsForwarded')).toBe(1);
    expect(metrics.total('ForwarderFailures')).toBe(2);
    expect(metrics.total('ForwarderFailures', { code: 'PAGERDUTY_THROTTLED' })).toBe(1);
  });
});
