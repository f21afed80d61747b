/**
 * Tier 2's second read round (collectTier2Evidence MAX_SECOND_ROUND_PODS, distributed/originUndecided.ts), as a
 * generator of multi-pod failures, not a list: Run:ai's pod end time (`completedAt`) can lag the container's own
 * `finishedAt`, so the replica that failed first may rank anywhere in Tier 1's order. Dimensions:
 * - time source: the origin's `completedAt` agrees with its `finishedAt`, or lags it (10–19 s) so far that it ranks anywhere among its peers;
 * - read budget: 4–9 replicas, the origin at every rank of Tier 1's order — inside the first round, inside the
 *   second, last (read right after the first: the latest Run:ai end is where a lag carries a first failure
 *   furthest), or in the middle beyond both;
 * - what the peers say: each framework's statement of a lost peer (originAssumptionCases PEER_STATEMENTS).
 * Expectations from the principle: the origin (an exception of its own, ended first) is named whenever the two
 * rounds together reach it; beyond both budgets, no origin is guessed and the cap is a stated limitation; the
 * second round never runs when the first round decides, and never reads more than its budget.
 */
import { describe, expect, it } from 'vitest';
import { KubernetesError, type KubernetesReader } from '../../functions/diagnosis/ports/KubernetesReader.js';
import type { K8sPod } from '../../functions/diagnosis/ports/KubernetesSchemas.js';
import type { Pod } from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { MAX_SECOND_ROUND_PODS, MAX_TIER2_PODS } from '../../functions/diagnosis/tier2/collectTier2Evidence.js';
import { PEER_STATEMENTS } from '../diagnosis/originAssumptionCases.js';
import { ago, evidenceOf, workloadStatus } from '../diagnosis/workloadEvidenceKit.js';
import { collectAsTheWorkerDoes, failedK8sPod, listForbidden } from './multiPodTier2Kit.js';

const JOB = 'lag-order';
const NS = 'runai-lag';
const ORIGIN_ENDED = 4_300_000;
const ORIGIN_TAIL = ['Traceback (most recent call last):', '  File "/app/train.py", line 88, in <module>', "KeyError: 'input_ids'"];

const k8sPod = (name: string, exitCode: number, msAgo: number): K8sPod => failedK8sPod(name, exitCode, msAgo, NS, 'trainer');

interface Draw {
  statement: (typeof PEER_STATEMENTS)[number];
  replicas: number;
  /** The origin's rank in Tier 1's order (by completedAt). */
  position: number;
  lagging: boolean;
}

function draws(): Draw[] {
  const statements = PEER_STATEMENTS.filter((statement) => !statement.teardown);
  const result: Draw[] = [];
  let turn = 0;
  for (let replicas = 4; replicas <= 9; replicas += 1)
    for (let position = 0; position < replicas; position += 1)
      for (const lagging of [true, false]) {
        // Agreeing clocks put the origin first in Tier 1's order: one draw of it per size is enough.
        if (!lagging && position > 0) continue;
        result.push({ statement: statements[turn % statements.length]!, replicas, position, lagging });
        turn += 1;
      }
  return result;
}

async function run(draw: Draw) {
  const { statement, replicas, position, lagging } = draw;
  // Peers end 10 s, 11 s, … after the origin's container; the lagging origin's completedAt falls between them at `position`.
  const peerEnd = (peer: number) => ORIGIN_ENDED - 10_000 - 1_000 * peer;
  const originListed = lagging ? (position === 0 ? ORIGIN_ENDED : peerEnd(position - 1) - 500) : ORIGIN_ENDED;
  const names = Array.from({ length: replicas }, (_, index) => `${JOB}-worker-${index}`);
  const origin = names[position]!;
  const peers = names.filter((name) => name !== origin);
  const listed = new Map<string, number>([[origin, originListed], ...peers.map((name, peer) => [name, peerEnd(peer)] as const)]);
  const pods: Pod[] = names.map((name) => ({
    name,
    nodeName: `node-${name}`,
    k8sPhase: 'Error',
    completedAt: ago(listed.get(name)!),
    k8sPhaseUpdatedAt: ago(listed.get(name)!),
  }));
  const evidence = evidenceOf({
    status: workloadStatus({ name: JOB, type: 'distributed', namespace: NS, phaseUpdatedAt: ago(ORIGIN_ENDED - 60_000) }),
    pods: { ok: true, value: pods },
  });
  const read = { pods: [] as string[], logs: [] as string[] };
  const notFound = () => new KubernetesError('K8S_NOT_FOUND', 'not found', { endpoint: 'GET x', status: 404 });
  const reader: KubernetesReader = {
    getPod: async (_namespace, name) => {
      read.pods.push(name);
      return name === origin ? k8sPod(name, 1, ORIGIN_ENDED) : k8sPod(name, statement.exitCode, listed.get(name)!);
    },
    listPods: listForbidden,
    listPodEvents: async () => [],
    getPodLog: async (_namespace, name) => {
      read.logs.push(name);
      return { text: (name === origin ? ORIGIN_TAIL : statement.tail(names.indexOf(name) + 1)).join('\n'), truncated: false };
    },
    getNode: async () => {
      throw notFound();
    },
  };
  const { tier2, final } = await collectAsTheWorkerDoes(reader, evidence);
  return { origin, read, tier2, final };
}

describe('Tier 2 second read round: time sources × read budgets × peer statements × orders', () => {
  const cases = draws();
  const budget = MAX_TIER2_PODS + MAX_SECOND_ROUND_PODS;
  // The two rounds read Tier 1's earliest replicas and, right after the first, the one Run:ai dates latest
  // (findOrigin.ts bothEndsFirst: Run:ai's end bounds a failure from above only): with every replica a bare
  // exit, the ranks read are 0 … budget − 2 and the last.
  const reached = (draw: Draw) => draw.replicas <= budget || draw.position < budget - 1 || draw.position === draw.replicas - 1;

  it('draws the origin inside the first round, inside the second, and beyond both', () => {
    expect(cases.some((draw) => draw.position < MAX_TIER2_PODS)).toBe(true);
    expect(cases.some((draw) => draw.position >= MAX_TIER2_PODS && draw.position < budget)).toBe(true);
    expect(cases.some((draw) => !reached(draw))).toBe(true);
    expect(cases.some((draw) => draw.position >= budget && reached(draw))).toBe(true);
  });

  it.each(cases.map((draw) => [`${draw.statement.name}/${draw.replicas}/${draw.position}/${draw.lagging ? 'lagging' : 'agreeing'}`, draw] as const))(
    '%s',
    async (_name, draw) => {
      const { origin, read, tier2, final } = await run(draw);
      // Never unbounded: at most both budgets of pods, each read once.
      expect(new Set(read.pods).size).toBe(read.pods.length);
      expect(read.pods.length).toBeLessThanOrEqual(Math.min(draw.replicas, budget));
      if (reached(draw)) {
        expect(final.distributed?.origin?.rawPod).toBe(origin);
        expect(final.classification.category).toBe('CRASH_APP_ERROR');
        expect(read.logs).toContain(origin);
      } else {
        // Beyond both budgets the origin is never read: no replica read is named in its place.
        expect(read.pods).not.toContain(origin);
        expect(final.distributed?.origin ?? null).toBeNull();
        expect(tier2.limitations.some((limitation) => limitation.type === 'pods-capped')).toBe(true);
      }
      // The second round runs only when the first left the origin undecided.
      if (draw.position < MAX_TIER2_PODS && !draw.lagging) expect(read.pods.length).toBe(Math.min(draw.replicas, MAX_TIER2_PODS));
    },
  );
});
