/**
 * What Tier 2 reads, and so the origin it names, must depend on the evidence only (DESIGN §4.8,
 * docs/tier2.md "Which pods are read"): never on the order `GET …/pods` lists the replicas in, never
 * on how many identical consequence peers a job has. A generator, not a list, over:
 * - **the framework**: each upstream statement of a lost peer (originAssumptionCases PEER_STATEMENTS,
 *   cited at each row), teardowns included;
 * - **how the origin failed**: an exception of its own that only its log shows (Tier 2), or an OOM kill
 *   the listing shows (`OOMKilled`, Tier 1) with no event to date it;
 * - **the two clocks**: Run:ai's `completedAt` for the origin agrees with its container's `finishedAt`,
 *   or lags it by 95 s, after every peer's (the pod written completed at a later status sync);
 * - **the peers**: 2 or 3 with distinct ends, plus 0–5 identical copies of one of them (same end, same
 *   statement) — a bigger job torn down alike;
 * - **the listing order**: as built, reversed, and two seeded shuffles;
 * - **ties**: 4–6 replicas ending in the same millisecond, one or two with an exception of their own.
 * Expectations from the principles, never from the engine: the origin (the one cause of its own, ended
 * first by its container's clock) is named with every failed peer as collateral whatever the count and
 * the order; two causes in one instant stay untold in every order; and the verdict is the same for
 * every permutation of the listing.
 */
import { describe, expect, it } from 'vitest';
import { KubernetesError, type KubernetesReader } from '../../functions/diagnosis/ports/KubernetesReader.js';
import type { K8sPod } from '../../functions/diagnosis/ports/KubernetesSchemas.js';
import type { Pod } from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { PEER_STATEMENTS, type PeerStatement } from '../diagnosis/originAssumptionCases.js';
import { ago, evidenceOf, workloadStatus } from '../diagnosis/workloadEvidenceKit.js';
import { seededRandom } from '../distributed/metamorphic/seededRandom.js';
import { collectAsTheWorkerDoes, failedK8sPod, listForbidden } from './multiPodTier2Kit.js';

const JOB = 'order-free';
const NS = 'runai-order';
const ORIGIN_ENDED = 4_300_000;
/** Run:ai's late write of the origin's end (the ninth held-out set's `trainjob-oom-sync-lag`). */
const LAG_MS = 95_000;
const EXCEPTION = (what: string) => ['Traceback (most recent call last):', '  File "/app/train.py", line 88, in <module>', `KeyError: '${what}'`];

/** A replica as both APIs show it: Run:ai's listing time, its container's own end, its exit and its log. */
interface Replica {
  name: string;
  phase: 'Error' | 'OOMKilled';
  listedAgo: number;
  finishedAgo: number;
  exitCode: number;
  oom: boolean;
  tail: string[];
}

const oomPod = (name: string, msAgo: number): K8sPod => {
  const pod = failedK8sPod(name, 137, msAgo, NS, 'trainer');
  pod.status!.containerStatuses![0]!.state!.terminated!.reason = 'OOMKilled';
  return pod;
};

async function diagnose(replicas: readonly Replica[]) {
  const byName = new Map(replicas.map((replica) => [replica.name, replica]));
  const pods: Pod[] = replicas.map((replica) => ({
    name: replica.name,
    nodeName: `node-${replica.name}`,
    k8sPhase: replica.phase,
    completedAt: ago(replica.listedAgo),
    k8sPhaseUpdatedAt: ago(replica.listedAgo),
  }));
  const evidence = evidenceOf({
    status: workloadStatus({ name: JOB, type: 'distributed', namespace: NS, phaseUpdatedAt: ago(ORIGIN_ENDED - 200_000) }),
    pods: { ok: true, value: pods },
  });
  const read = { pods: [] as string[], logs: [] as string[] };
  const reader: KubernetesReader = {
    getPod: async (_namespace, name) => {
      read.pods.push(name);
      const replica = byName.get(name)!;
      return replica.oom ? oomPod(name, replica.finishedAgo) : failedK8sPod(name, replica.exitCode, replica.finishedAgo, NS, 'trainer');
    },
    listPods: listForbidden,
    listPodEvents: async () => [],
    getPodLog: async (_namespace, name) => {
      read.logs.push(name);
      return { text: byName.get(name)!.tail.join('\n'), truncated: false };
    },
    getNode: async () => {
      throw new KubernetesError('K8S_NOT_FOUND', 'not found', { endpoint: 'GET x', status: 404 });
    },
  };
  const { final } = await collectAsTheWorkerDoes(reader, evidence);
  const finding = final.distributed;
  return {
    read,
    verdict: {
      category: final.classification.category,
      origin: finding?.origin?.rawPod ?? null,
      collateral: finding?.origin ? finding.collateral : null,
      unknown: finding?.unknown?.reason ?? null,
    },
  };
}

/** The listing orders every draw is diagnosed in: as built, reversed, two seeded shuffles. */
function listings(replicas: readonly Replica[], seed: string): { order: string; replicas: Replica[] }[] {
  const random = seededRandom(seed);
  return [
    { order: 'built', replicas: [...replicas] },
    { order: 'reversed', replicas: [...replicas].reverse() },
    { order: 'shuffle-1', replicas: random.shuffle(replicas) },
    { order: 'shuffle-2', replicas: random.shuffle(replicas) },
  ];
}

interface LagDraw {
  statement: PeerStatement;
  oom: boolean;
  lagging: boolean;
  distinct: number;
  copies: number;
}

function lagDraws(): LagDraw[] {
  const draws: LagDraw[] = [];
  let turn = 0;
  for (const oom of [false, true])
    for (const lagging of [true, false])
      for (const distinct of [2, 3])
        for (const copies of [0, 1, 3, 5]) {
          draws.push({ statement: PEER_STATEMENTS[turn % PEER_STATEMENTS.length]!, oom, lagging, distinct, copies });
          turn += 1;
        }
  return draws;
}

function lagReplicas(draw: LagDraw): Replica[] {
  const origin: Replica = {
    name: `${JOB}-worker-0`,
    phase: draw.oom ? 'OOMKilled' : 'Error',
    listedAgo: draw.lagging ? ORIGIN_ENDED - LAG_MS : ORIGIN_ENDED,
    finishedAgo: ORIGIN_ENDED,
    exitCode: draw.oom ? 137 : 1,
    oom: draw.oom,
    tail: draw.oom ? ['step 4100 loss 1.92'] : EXCEPTION('input_ids'),
  };
  // Peers end 6 s, 7 s, … after the origin's container, each stating the loss of a peer; copies repeat peer 1.
  const peerEnd = (peer: number) => ORIGIN_ENDED - 6_000 - 1_000 * peer;
  const peers: Replica[] = [];
  for (let peer = 1; peer <= draw.distinct + draw.copies; peer += 1) {
    const like = peer <= draw.distinct ? peer : 1;
    peers.push({
      name: `${JOB}-worker-${peer}`,
      phase: 'Error',
      listedAgo: peerEnd(like),
      finishedAgo: peerEnd(like),
      exitCode: draw.statement.exitCode,
      oom: false,
      tail: draw.statement.tail(like),
    });
  }
  return [origin, ...peers];
}

describe('the origin does not depend on the listing order nor on the count of identical peers', () => {
  it.each(
    lagDraws().map(
      (draw) =>
        [`${draw.statement.name}/${draw.oom ? 'oom' : 'exception'}/${draw.lagging ? 'lagging' : 'agreeing'}/${draw.distinct}+${draw.copies}`, draw] as const,
    ),
  )('%s', async (name, draw) => {
    const replicas = lagReplicas(draw);
    const verdicts = [];
    for (const listing of listings(replicas, name)) {
      const { verdict } = await diagnose(listing.replicas);
      verdicts.push(verdict);
      expect({ order: listing.order, origin: verdict.origin }).toEqual({ order: listing.order, origin: `${JOB}-worker-0` });
      expect(verdict.category).toBe(draw.oom ? 'OOM_KILLED' : 'CRASH_APP_ERROR');
      // Every failed peer is collateral, read or not: the count follows the peers, never the reads.
      expect(verdict.collateral).toBe(draw.distinct + draw.copies);
    }
    expect(new Set(verdicts.map((verdict) => JSON.stringify(verdict))).size).toBe(1);
  });
});

interface TieDraw {
  statement: PeerStatement;
  size: number;
  causes: 1 | 2;
}

function tieDraws(): TieDraw[] {
  const draws: TieDraw[] = [];
  let turn = 0;
  for (const size of [4, 5, 6])
    for (const causes of [1, 2] as const)
      for (let repeat = 0; repeat < 2; repeat += 1) {
        draws.push({ statement: PEER_STATEMENTS[(turn * 7) % PEER_STATEMENTS.length]!, size, causes });
        turn += 1;
      }
  return draws;
}

describe('a same-instant tie stays what it is in every listing order', () => {
  it.each(tieDraws().map((draw) => [`${draw.statement.name}/${draw.size} tied/${draw.causes} cause(s)`, draw] as const))('%s', async (name, draw) => {
    // Every replica's end, by both clocks, in the same millisecond; the causes are listed last, so the
    // first round (3 reads) sees only peers when the listing is as built.
    const replicas: Replica[] = Array.from({ length: draw.size }, (_, index) => {
      const cause = index >= draw.size - draw.causes;
      return {
        name: `${JOB}-worker-${index}`,
        phase: 'Error',
        listedAgo: ORIGIN_ENDED,
        finishedAgo: ORIGIN_ENDED,
        exitCode: cause ? 1 : draw.statement.exitCode,
        oom: false,
        tail: cause ? EXCEPTION(`field_${index}`) : draw.statement.tail(index + 1),
      };
    });
    const verdicts = [];
    for (const listing of listings(replicas, name)) {
      const { verdict } = await diagnose(listing.replicas);
      verdicts.push(verdict);
      if (draw.causes === 2)
        expect({ order: listing.order, origin: verdict.origin, unknown: verdict.unknown }).toEqual({
          order: listing.order,
          origin: null,
          unknown: 'same-second',
        });
      else expect({ order: listing.order, origin: verdict.origin }).toEqual({ order: listing.order, origin: `${JOB}-worker-${draw.size - 1}` });
    }
    expect(new Set(verdicts.map((verdict) => JSON.stringify(verdict))).size).toBe(1);
  });
});
