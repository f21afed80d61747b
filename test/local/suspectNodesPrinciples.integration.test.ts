/**
 * Suspect nodes through local mode end to end (§4.8), the principles the plain three-users case
 * does not show: one user under several spellings of `submittedBy` is one submitter (no notice),
 * and the same node name in two clusters is two nodes (two users' failures in each: no notice).
 * The workloads are the bundled node-failure scenario served again under other ids, as in
 * suspectNodes.integration.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scenario, ScenarioState } from '../../functions/simulator/startRunaiSimulator.js';
import { cloneWorkload, postJson, scenario, startCapturedServer, uuid, type CapturedServer } from '../e2e/e2eKit.js';

const SPELLINGS_CLUSTER = uuid('5a5a1de0', 1);
const CLUSTER_A = uuid('5a5a1de0', 2);
const CLUSTER_B = uuid('5a5a1de0', 3);

function failureBy(source: Scenario, clusterId: string, n: number, submittedBy: string): ScenarioState {
  const state = cloneWorkload(source, { clusterId, workloadId: uuid('1de0de0e', n), name: `dpo-run-${n}` });
  (state.workloads![0] as unknown as { submittedBy: string }).submittedBy = submittedBy;
  return state;
}

let app: CapturedServer;
const spellings = ['a.moreau@example.com', ' A.Moreau@Example.COM', 'A Moreau <a.moreau@example.com>'];
const twoClusters: [string, number, string][] = [
  [CLUSTER_A, 21, 'a.moreau@example.com'],
  [CLUSTER_A, 22, 'b.okafor@example.com'],
  [CLUSTER_B, 23, 'c.lindqvist@example.com'],
  [CLUSTER_B, 24, 'd.haddad@example.com'],
];

beforeAll(async () => {
  const source = await scenario('node-failure-precedence-over-exit-code');
  const states = [
    ...spellings.map((who, i) => failureBy(source, SPELLINGS_CLUSTER, i + 1, who)),
    ...twoClusters.map(([c, n, who]) => failureBy(source, c, n, who)),
  ];
  app = await startCapturedServer({}, { extraScenarios: states });
}, 60_000);

afterAll(async () => {
  await app?.server.close();
});

const suspectLines = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('[NODE_SUSPECT]'));

describe('local mode: suspect-node principles', () => {
  it('one user under three spellings of submittedBy: no notice', async () => {
    for (const n of [1, 2, 3]) {
      expect((await postJson(`${app.server.url}/webhooks/runai`, { clusterId: SPELLINGS_CLUSTER, workloadId: uuid('1de0de0e', n) })).status).toBe(202);
      await app.server.whenIdle();
    }
    expect(
      app
        .stdout()
        .split('\n')
        .filter((line) => /^\[NODE_FAILURE\] dpo-run-[123]\b/.test(line)),
    ).toHaveLength(3);
    expect(suspectLines(app.stdout()).filter((line) => line.includes(SPELLINGS_CLUSTER))).toEqual([]);
  }, 60_000);

  it('the same node name in two clusters, two users failing in each: no notice in either', async () => {
    for (const [clusterId, n] of twoClusters) {
      expect((await postJson(`${app.server.url}/webhooks/runai`, { clusterId, workloadId: uuid('1de0de0e', n) })).status).toBe(202);
      await app.server.whenIdle();
    }
    expect(
      app
        .stdout()
        .split('\n')
        .filter((line) => /^\[NODE_FAILURE\] dpo-run-2[1-4]\b/.test(line)),
    ).toHaveLength(4);
    expect(suspectLines(app.stdout()).filter((line) => line.includes(CLUSTER_A) || line.includes(CLUSTER_B))).toEqual([]);
  }, 60_000);
});
