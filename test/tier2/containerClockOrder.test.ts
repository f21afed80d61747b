/**
 * The order Tier 2 reads a multi-pod failure's replicas in rests on each container's own end, for every
 * replica whatever the job's size (collectTier2Evidence.ts round A ∥ the pod LIST, listReplicaPods.ts,
 * rankByContainerClock.ts; docs/procedure.md "Two clocks"). A generator, not a list, over:
 * - **the job's size**: 4 to 64 replicas — below, at and far beyond both read rounds' 6 pods;
 * - **the origin's place in Run:ai's listing**: first, in the middle, last;
 * - **Run:ai's lag**: the origin's `completedAt` written 0 s, 30 s, 60 s or 95 s after its container's
 *   `finishedAt`, and each peer's 0 to 120 s after its own (spread by its index), so the origin lands anywhere in
 *   Run:ai's order — first, among the middle, or behind later-dated peers, not only last;
 * - **where the origin's own cause shows**: its container status (`OOMKilled`, k8s.io/api core/v1
 *   ContainerStateTerminated reason), only its log (an exception), or only its events (the kubelet's liveness
 *   kill, `Killing` "Container trainer failed liveness probe": kubernetes pkg/kubelet/kuberuntime/
 *   kuberuntime_manager.go computePodActions, then exit 143);
 * - **the peers' statement of the loss**: a row of originAssumptionCases PEER_STATEMENTS, rotated;
 * - **the server's page size**: 7 pods a page (a server may return fewer than `limit`), so a large job pages.
 * Every peer's Run:ai record is a bare `Error`, as the origin's: Tier 1 shows no cause anywhere.
 * Expectations from the principles, never from the engine: the origin (ended first by its container's clock,
 * with a cause of its own) is named with its category and every peer is collateral; one LIST, paged, was
 * read, and no more pods were described than both rounds' budget. Without `list` on pods (403) the verdict says
 * so, its category is the origin's or UNKNOWN (never another cause), and it reads no more pods than both rounds'
 * budget: the origin is then found only when Run:ai's order brings it within the budget.
 */
import { describe, expect, it } from 'vitest';
import { KubernetesError, type KubernetesReader } from '../../functions/diagnosis/ports/KubernetesReader.js';
import type { K8sEvent, K8sPod } from '../../functions/diagnosis/ports/KubernetesSchemas.js';
import { MAX_SECOND_ROUND_PODS, MAX_TIER2_PODS } from '../../functions/diagnosis/tier2/collectTier2Evidence.js';
import { PEER_STATEMENTS } from '../diagnosis/originAssumptionCases.js';
import { ago } from '../diagnosis/workloadEvidenceKit.js';
import { collectAsTheWorkerDoes, failedK8sPod, failedReplicasEvidence, listForbidden, listServed } from './multiPodTier2Kit.js';

const JOB = 'clocked';
const NS = 'runai-clocked';
const ORIGIN_ENDED = 4_300_000;
const PAGE = 7;

const SIZES = [4, 7, 9, 16, 33, 64];
const POSITIONS = ['first', 'middle', 'last'] as const;
const LAGS_MS = [0, 30_000, 60_000, 95_000];
const KINDS = ['status', 'log', 'event'] as const;
type Kind = (typeof KINDS)[number];

/** What each kind of own cause makes of the verdict (the category, and words of the origin's line when it quotes one). */
const EXPECTED: Record<Kind, { category: string; says: string }> = {
  // The OOM kill is the status's reason, a signal kind: the category says it, the origin's line is the pod's status word.
  status: { category: 'OOM_KILLED', says: '' },
  // python/cpython Objects/dictobject.c: a missing key raises KeyError with the key's repr.
  log: { category: 'CRASH_APP_ERROR', says: "KeyError: 'input_ids'" },
  event: { category: 'CRASH_APP_ERROR', says: 'failed liveness probe' },
};

interface Draw {
  size: number;
  position: (typeof POSITIONS)[number];
  lag: number;
  kind: Kind;
  statement: (typeof PEER_STATEMENTS)[number];
}

function draws(): Draw[] {
  const out: Draw[] = [];
  let turn = 0;
  for (const size of SIZES)
    for (const position of POSITIONS)
      for (const lag of LAGS_MS)
        for (const kind of KINDS) {
          out.push({ size, position, lag, kind, statement: PEER_STATEMENTS[(turn * 7) % PEER_STATEMENTS.length]! });
          turn += 1;
        }
  return out;
}

interface Replica {
  name: string;
  listedAgo: number;
  pod: K8sPod;
  events: K8sEvent[];
  tail: string[];
}

const event = (pod: string, reason: string, message: string, msAgo: number, type = 'Warning'): K8sEvent => ({
  metadata: { name: `${pod}.${reason.toLowerCase()}`, namespace: NS },
  involvedObject: { kind: 'Pod', name: pod, namespace: NS },
  reason,
  message,
  type,
  count: 1,
  firstTimestamp: ago(msAgo),
  lastTimestamp: ago(msAgo),
  source: { component: 'kubelet' },
});

/** Every replica is named as its controller names it, `<job>-<index>`: a name never tells the origin from a peer (replicaRole.ts reads roles from names). */
const ORIGIN_INDEX = 41;
const ORIGIN = `${JOB}-${ORIGIN_INDEX}`;

function originOf(draw: Draw): Replica {
  const name = ORIGIN;
  const listedAgo = ORIGIN_ENDED - draw.lag;
  if (draw.kind === 'status') {
    const pod = failedK8sPod(name, 137, ORIGIN_ENDED, NS, 'trainer');
    pod.status!.containerStatuses![0]!.state!.terminated!.reason = 'OOMKilled';
    return { name, listedAgo, pod, events: [], tail: ['step 4120 loss 1.93', 'Killed'] };
  }
  if (draw.kind === 'event') {
    const events = [
      ...[20_000, 10_000, 0].map((before) =>
        event(name, 'Unhealthy', 'Liveness probe failed: HTTP probe failed with statuscode: 503', ORIGIN_ENDED + 1_000 + before),
      ),
      event(name, 'Killing', 'Container trainer failed liveness probe', ORIGIN_ENDED + 1_000, 'Normal'),
    ];
    return { name, listedAgo, pod: failedK8sPod(name, 143, ORIGIN_ENDED, NS, 'trainer'), events, tail: ['step 4120 loss 1.93', 'received SIGTERM, exiting'] };
  }
  const tail = ['Traceback (most recent call last):', '  File "/app/data.py", line 57, in collate', "    ids = batch['input_ids']", "KeyError: 'input_ids'"];
  return { name, listedAgo, pod: failedK8sPod(name, 1, ORIGIN_ENDED, NS, 'trainer'), events: [], tail };
}

function replicasOf(draw: Draw): Replica[] {
  const peers: Replica[] = Array.from({ length: draw.size - 1 }, (_, index) => {
    // The origin's index is skipped; the API server lists by name, so the origin's page depends on the job's size.
    const name = `${JOB}-${index >= ORIGIN_INDEX ? index + 1 : index}`;
    const finishedAgo = ORIGIN_ENDED - 7_000 - 1_000 * (index % 3);
    return {
      name,
      listedAgo: finishedAgo - ((index * 3) % 7) * 20_000,
      pod: failedK8sPod(name, draw.statement.exitCode, finishedAgo, NS, 'trainer'),
      events: [],
      tail: draw.statement.tail(index + 1),
    };
  });
  const at = draw.position === 'first' ? 0 : draw.position === 'middle' ? Math.floor(peers.length / 2) : peers.length;
  return [...peers.slice(0, at), originOf(draw), ...peers.slice(at)];
}

async function diagnose(replicas: readonly Replica[], listPods: (pods: () => K8sPod[]) => KubernetesReader['listPods']) {
  const byName = new Map(replicas.map((replica) => [replica.name, replica]));
  const evidence = failedReplicasEvidence(JOB, NS, replicas, ORIGIN_ENDED - 200_000);
  const reads = { lists: 0, pods: new Set<string>() };
  const served = listPods(() => replicas.map((replica) => replica.pod));
  const reader: KubernetesReader = {
    listPods: async (namespace, query) => {
      reads.lists += 1;
      return served(namespace, query);
    },
    getPod: async (_namespace, name) => {
      reads.pods.add(name);
      return byName.get(name)!.pod;
    },
    listPodEvents: async (_namespace, name) => byName.get(name)!.events,
    getPodLog: async (_namespace, name) => ({ text: byName.get(name)!.tail.join('\n'), truncated: false }),
    getNode: async () => {
      throw new KubernetesError('K8S_NOT_FOUND', 'not found', { endpoint: 'GET x', status: 404 });
    },
  };
  const { tier2, final } = await collectAsTheWorkerDoes(reader, evidence);
  return {
    category: final.classification.category,
    origin: final.distributed?.origin?.rawPod ?? null,
    line: final.distributed?.origin?.line ?? '',
    collateral: final.distributed?.origin ? final.distributed.collateral : null,
    reads,
    listFailed: tier2.limitations.some((limitation) => limitation.type === 'pods-list-failed'),
  };
}

const label = (draw: Draw) => `${draw.size} replicas/origin ${draw.position}/lag ${draw.lag / 1000} s/${draw.kind}/${draw.statement.name}`;
/** Server pages of PAGE pods whatever `limit` asks (a server may return fewer). */
const pagedBy = (pods: () => K8sPod[]): KubernetesReader['listPods'] => {
  const serve = listServed(pods, JOB);
  return (namespace, query) => serve(namespace, { ...query, limit: Math.min(query.limit, PAGE) });
};

describe("every replica's container end orders the reads, whatever the job's size", () => {
  it.each(draws().map((draw) => [label(draw), draw] as const))('%s', async (_name, draw) => {
    const verdict = await diagnose(replicasOf(draw), pagedBy);
    expect({ category: verdict.category, origin: verdict.origin, collateral: verdict.collateral }).toEqual({
      category: EXPECTED[draw.kind].category,
      origin: ORIGIN,
      collateral: draw.size - 1,
    });
    expect(verdict.line).toContain(EXPECTED[draw.kind].says);
    // One LIST (paged) only for a job larger than round A; never more pods described than both rounds allow.
    const pages = draw.size > MAX_TIER2_PODS ? Math.ceil(draw.size / PAGE) : 0;
    expect(verdict.reads.lists).toBe(pages);
    expect(verdict.reads.pods.size).toBeLessThanOrEqual(MAX_TIER2_PODS + MAX_SECOND_ROUND_PODS);
    expect(verdict.listFailed).toBe(false);
  });
});

describe('without list on pods (403) the budgeted rounds stand, said so, and never guess', () => {
  const sample = draws().filter((draw) => draw.size > MAX_TIER2_PODS && draw.position !== 'first' && draw.lag > 0);
  it.each(sample.map((draw) => [label(draw), draw] as const))('%s', async (_name, draw) => {
    const verdict = await diagnose(replicasOf(draw), () => listForbidden);
    expect(verdict.listFailed).toBe(true);
    // Run:ai's order alone: the category is the origin's or UNKNOWN, never another cause; named with it, the origin is the origin.
    expect([EXPECTED[draw.kind].category, 'UNKNOWN']).toContain(verdict.category);
    if (verdict.category !== 'UNKNOWN') expect(verdict.origin).toBe(ORIGIN);
    expect(verdict.reads.pods.size).toBeLessThanOrEqual(MAX_TIER2_PODS + MAX_SECOND_ROUND_PODS);
  });
});
