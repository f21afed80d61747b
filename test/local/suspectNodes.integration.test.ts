/**
 * Suspect nodes through local mode end to end (§4.8): the real startLocalServer, the built-in
 * Run:ai simulator and webhook POSTs, the memory node-failure log, the console publisher and
 * the loopback PagerDuty. The workloads are the bundled node-failure scenario
 * (node-failure-precedence-over-exit-code: worker-1 on hgx-h100-06 went NotReady) served again
 * under other ids and submitters, each cluster its own fleet:
 * - three users' failures on one node → exactly one node_suspect notice, printed and paged once;
 * - one user's five resubmissions on one node → none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scenario, ScenarioState } from '../../functions/simulator/startRunaiSimulator.js';
import { cloneWorkload, postJson, scenario, startCapturedServer, uuid, type CapturedServer } from '../e2e/e2eKit.js';
import { startLoopbackPagerDuty, type LoopbackPagerDuty } from '../pagerduty/loopbackPagerDuty.js';

const SHARED_CLUSTER = uuid('5a5a0de0', 1);
const RETRY_CLUSTER = uuid('5a5a0de0', 2);
const NODE = 'hgx-h100-06';
const KEY = 'L0calM0deR0ut1ngK3y0000000000002';

/** The bundled node failure, served as another workload of `clusterId` submitted by `submittedBy`. */
function failureBy(source: Scenario, clusterId: string, n: number, submittedBy: string): ScenarioState {
  const state = cloneWorkload(source, { clusterId, workloadId: uuid('0de0de0e', n), name: `dpo-run-${n}` });
  (state.workloads![0] as unknown as { submittedBy: string }).submittedBy = submittedBy;
  return state;
}

let app: CapturedServer;
let pagerDuty: LoopbackPagerDuty;

beforeAll(async () => {
  const source = await scenario('node-failure-precedence-over-exit-code');
  // The source really runs worker-1 on the node the test counts on.
  expect(JSON.stringify(source.runai)).toContain(`"nodeName":"${NODE}"`);
  const shared = ['a.moreau@example.com', 'b.okafor@example.com', 'c.lindqvist@example.com'].map((who, i) => failureBy(source, SHARED_CLUSTER, i + 1, who));
  const retries = [1, 2, 3, 4, 5].map((n) => failureBy(source, RETRY_CLUSTER, 10 + n, 'a.moreau@example.com'));
  pagerDuty = await startLoopbackPagerDuty();
  app = await startCapturedServer({ PAGERDUTY_ROUTING_KEY: KEY, PAGERDUTY_EVENTS_URL: pagerDuty.url }, { extraScenarios: [...shared, ...retries] });
}, 60_000);

afterAll(async () => {
  await app?.server.close();
  pagerDuty?.close();
});

const subjects = (stdout: string, prefix: string) => stdout.split('\n').filter((line) => line.startsWith(prefix));

describe('local mode: suspect nodes', () => {
  it("three users' failures on one node: one node_suspect notice, printed and paged once", async () => {
    for (const n of [1, 2, 3]) {
      // One webhook per failure, one after another, as Alertmanager would send them.
      expect((await postJson(`${app.server.url}/webhooks/runai`, { clusterId: SHARED_CLUSTER, workloadId: uuid('0de0de0e', n) })).status).toBe(202);
      await app.server.whenIdle();
    }
    const stdout = app.stdout();
    expect(subjects(stdout, '[NODE_FAILURE] dpo-run-')).toHaveLength(3);
    expect(subjects(stdout, '[NODE_SUSPECT]')).toEqual([`[NODE_SUSPECT] ${NODE} (${SHARED_CLUSTER}) 3 failed/24h`]);
    // The email text lists the three workloads and the commands, which the product never runs.
    expect(stdout).toContain(`kubectl cordon ${NODE}`);
    for (const n of [1, 2, 3]) expect(stdout).toMatch(new RegExp(`\\[NODE_FAILURE\\] dpo-run-${n}\\b`));

    const pages = pagerDuty.received.filter((r) => r.body.dedup_key === `node:${SHARED_CLUSTER}/${NODE}`);
    expect(pages.map((r) => r.status)).toEqual([202]);
    expect(stdout).toContain(`PagerDuty accepted the event (dedup_key node:${SHARED_CLUSTER}/${NODE}`);

    // A fourth alert for one of them (a resend): still one notice.
    expect((await postJson(`${app.server.url}/webhooks/runai`, { clusterId: SHARED_CLUSTER, workloadId: uuid('0de0de0e', 2) })).status).toBe(202);
    await app.server.whenIdle();
    expect(subjects(app.stdout(), '[NODE_SUSPECT]')).toHaveLength(1);
  }, 60_000);

  it("one user's five resubmissions on one node: no notice", async () => {
    for (const n of [11, 12, 13, 14, 15]) {
      expect((await postJson(`${app.server.url}/webhooks/runai`, { clusterId: RETRY_CLUSTER, workloadId: uuid('0de0de0e', n) })).status).toBe(202);
      await app.server.whenIdle();
    }
    const stdout = app.stdout();
    for (const n of [11, 12, 13, 14, 15]) expect(stdout).toMatch(new RegExp(`\\[NODE_FAILURE\\] dpo-run-${n}\\b`));
    expect(subjects(stdout, '[NODE_SUSPECT]').filter((line) => line.includes(RETRY_CLUSTER))).toEqual([]);
    expect(pagerDuty.received.filter((r) => r.body.dedup_key === `node:${RETRY_CLUSTER}/${NODE}`)).toEqual([]);
    expect(app.server.queue.deadLetters).toHaveLength(0);
  }, 60_000);
});
