/**
 * How the origin stage reads what it is given (DESIGN §4.8), one principle at a time: a listing time
 * no later than the containers' start dates the start, not the failure; a multi-line error is
 * recognised by its header (Ray's ActorDiedError message continued on bare lines); the quote of a
 * verdict with only consequences is the framework's statement of what it lost, not the teardown's
 * exit; Tier 2 reads one replica of each role before a second of the same one. Expectations come
 * from what the upstream messages mean, not from the engine.
 */
import { describe, expect, it } from 'vitest';
import { analyseWorkload } from '../../functions/diagnosis/classify/analyseWorkload.js';
import { applyOrigin } from '../../functions/diagnosis/distributed/applyOrigin.js';
import { peerLineOf } from '../../functions/diagnosis/distributed/peerLineOf.js';
import type { Tier2LogFinding } from '../../functions/diagnosis/model/Tier2Evidence.js';
import type { WorkloadEvidence } from '../../functions/diagnosis/model/WorkloadEvidence.js';
import type { Pod, RunaiEvent } from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { ago, evidenceOf, NOW_MS, workloadStatus } from './workloadEvidenceKit.js';

const identity = (line: string) => line;

/**
 * Ray's ActorDiedError as the driver prints it: the header, the actor's attributes on tab-indented
 * lines, then the GCS's death cause (ray-project/ray python/ray/exceptions.py ActorDiedError;
 * src/ray/gcs/gcs_server/gcs_actor_manager.cc GenWorkerDiedCause, "The actor is dead because its
 * worker process has died. Worker exit type: … Worker exit detail: …").
 */
const ACTOR_DIED = [
  'ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.',
  '\tclass_name: RayTrainWorker',
  '\tactor_id: 6a1f0c5d9be2447e81c3d2f501000000',
  '\tpid: 2817',
  '\tip: 10.80.6.12',
  'The actor is dead because its worker process has died. Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file.',
];
const CONTINUATION = ACTOR_DIED[5]!;

describe('a multi-line error is recognised by its header', () => {
  it("the death cause after Ray's attribute lines continues the ActorDiedError header: a peer's death", () => {
    expect(peerLineOf(ACTOR_DIED.join('\n'), identity, CONTINUATION)).toMatchObject({ line: ACTOR_DIED[0], decisiveInIt: true });
  });

  it('the header itself is in it', () => {
    expect(peerLineOf(ACTOR_DIED.join('\n'), identity, ACTOR_DIED[0])?.decisiveInIt).toBe(true);
  });

  it('a blank line, a log-prefixed record or an exception header of its own ends the error', () => {
    const own = "KeyError: 'user_tenure_days'";
    expect(
      peerLineOf([...ACTOR_DIED, '', 'Dataset shard 3 has 511 values, expected 512'].join('\n'), identity, 'Dataset shard 3 has 511 values, expected 512'),
    ).toMatchObject({
      line: ACTOR_DIED[0],
      decisiveInIt: false,
    });
    expect(
      peerLineOf([ACTOR_DIED[0], '(RayTrainWorker pid=2817) loading shard 3', 'shard 3 has 511 values'].join('\n'), identity, 'shard 3 has 511 values')
        ?.decisiveInIt,
    ).toBe(false);
    expect(peerLineOf([...ACTOR_DIED.slice(0, 5), own].join('\n'), identity, own)?.decisiveInIt).toBe(false);
  });

  it('the words the format matched are returned, so a quote of a long line is elided around them', () => {
    // openxla/xla xla/pjrt/distributed/client.h: the words that say a peer died sit in the middle of a long line.
    const line =
      'F1206 10:02:11.100402   88 client.h:77] Terminating process because the coordinator detected missing heartbeats. This most likely indicates that another task died; see the other task logs for more details. Disable Python buffering, i.e. `python -u`, to be sure to see all the previous output. absl::Status: UNAVAILABLE: The following tasks are unhealthy (stopped sending heartbeats):';
    expect(peerLineOf(line, identity, line)).toMatchObject({ line, match: 'another task died', decisiveInIt: true });
  });

  it('no peer-death line in the tail: nothing to continue', () => {
    expect(
      peerLineOf(['Traceback (most recent call last):', '  File "train.py", line 9, in <module>', "KeyError: 'x'"].join('\n'), identity, "KeyError: 'x'"),
    ).toBeNull();
  });
});

const JOB = 'ray-ppo';
const head = `${JOB}-x7k2p-head-9qzcd`;
const worker = (index: number) => `${JOB}-x7k2p-gpu-group-worker-${index}ab`;
const podOf = (name: string, msAgo: number | null, k8sPhase = 'Error', extra: Partial<Pod> = {}): Pod => ({
  name,
  nodeName: `node-${name.slice(-3)}`,
  k8sPhase,
  completedAt: msAgo === null ? null : ago(msAgo),
  k8sPhaseUpdatedAt: msAgo === null ? null : ago(msAgo),
  ...extra,
});
const event = (pod: string, reason: string, message: string, msAgo: number): RunaiEvent => ({
  createdAt: ago(msAgo),
  type: 'Warning',
  reason,
  message,
  involvedObject: { kind: 'Pod', name: pod },
});
const log = (pod: string, line: string, peer?: { peerLine: string; inPeerError?: true }): Tier2LogFinding => ({
  fact: { type: 'log-line', podName: pod, container: 'ray', previous: false, line, fallback: false },
  source: `kubectl logs ${pod} -n runai-rl`,
  hint: null,
  init: false,
  ...(peer ?? {}),
});
const distributed = (parts: Partial<WorkloadEvidence>): WorkloadEvidence =>
  evidenceOf({ status: workloadStatus({ name: JOB, type: 'distributed', phaseUpdatedAt: ago(60_000) }), ...parts });
const analyse = (evidence: WorkloadEvidence, logs: Tier2LogFinding[] = []) => applyOrigin(evidence, analyseWorkload(evidence), logs);

describe('only consequences: the quote is what the framework lost', () => {
  // The kubelet stops the workers first (the teardown's SIGTERM: kuberuntime_container.go "Stopping
  // container"); the head's driver then fails with ActorDiedError.
  const workers = [0, 1, 2].map((index) => podOf(worker(index), 12_000 - index * 500));
  const stops = [0, 1, 2].map((index) => event(worker(index), 'Killing', 'Stopping container ray-worker', 12_000 - index * 500));
  const evidence = distributed({ pods: { ok: true, value: [podOf(head, 9_000), ...workers] }, events: { ok: true, value: stops } });

  it('the continuation of an ActorDiedError is a peer death: no origin, UNKNOWN, the header quoted over the earlier teardown', () => {
    const analysis = analyse(evidence, [log(head, CONTINUATION, { peerLine: ACTOR_DIED[0]!, inPeerError: true })]);
    expect(analysis.distributed?.origin).toBeNull();
    expect(analysis.classification.category).toBe('UNKNOWN');
    expect(analysis.distributed?.collateralLine?.text).toContain('The actor died unexpectedly before finishing this task');
  });

  it('a line of its own on the head (no peer error around it) makes it the origin', () => {
    const analysis = analyse(evidence, [log(head, "ValueError: feature 'user_tenure_days' has 511 values")]);
    expect(analysis.distributed?.origin?.pod).toBe(head);
  });

  it('an NCCL watchdog timeout later than the first SIGTERM is still the line quoted', () => {
    // ProcessGroupNCCL.cpp's watchdog: a collective timed out — what the job lost, not how a pod was stopped.
    const watchdog =
      '[Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=311, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600112 milliseconds before timing out.';
    const analysis = analyse(evidence, [log(head, watchdog, { peerLine: watchdog })]);
    expect(analysis.distributed?.origin).toBeNull();
    expect(analysis.distributed?.collateralLine?.text).toContain('Watchdog caught collective operation timeout');
  });
});

describe("a listing time no later than the containers' start dates the start", () => {
  const started = ago(7_000_000);
  // Run:ai's pods listing: OOMKilled with no completedAt, k8sPhaseUpdatedAt left at the start (phase Running).
  const oomPod = (name: string) => podOf(name, null, 'OOMKilled', { k8sPhaseUpdatedAt: started, containers: [{ name: 'ray', startedAt: started }] });
  const kills = (first: string, second: string) => [
    event(first, 'OOMKilled', 'Container ray was OOM killed', 2_220_300),
    event(second, 'OOMKilled', 'Container ray was OOM killed', 2_220_000),
  ];
  const pods = [oomPod(worker(0)), oomPod(worker(1)), podOf(worker(2), 2_195_000)];

  it('two OOM kills 300 ms apart, dated only by their events: the earlier is the origin, whichever the listing order', () => {
    for (const [first, second] of [
      [worker(0), worker(1)],
      [worker(1), worker(0)],
    ] as const) {
      const analysis = analyse(distributed({ pods: { ok: true, value: pods }, events: { ok: true, value: kills(first, second) } }));
      expect(analysis.distributed?.origin).toMatchObject({ pod: first, at: NOW_MS - 2_220_300, kind: 'OOM_KILLED' });
      expect(analysis.classification.category).toBe('OOM_KILLED');
    }
  });

  it("a listing time before the containers' start is an earlier run's failure (the start is the newest restart's): it stays", () => {
    // CrashLoopBackOff since 50 min ago; the container restarted 6 min ago; its BackOff events are newer.
    const looping = podOf(worker(0), null, 'CrashLoopBackOff', { k8sPhaseUpdatedAt: ago(3_000_000), containers: [{ name: 'ray', startedAt: ago(360_000) }] });
    const backOff = event(worker(0), 'BackOff', `Back-off restarting failed container ray in pod ${worker(0)}_runai-rl(9a1c)`, 600_000);
    const analysis = analyse(
      distributed({ pods: { ok: true, value: [looping, podOf(worker(1), 2_000_000), podOf(worker(2), 2_000_000)] }, events: { ok: true, value: [backOff] } }),
    );
    expect(analysis.distributed?.origin).toMatchObject({ pod: worker(0), at: NOW_MS - 3_000_000 });
  });

  it('with nothing else dating the pod, the listing time stays (a crash within the second it started)', () => {
    const crashed = podOf(worker(0), null, 'Error', { k8sPhaseUpdatedAt: ago(600_000), containers: [{ name: 'ray', startedAt: ago(600_000) }] });
    const analysis = analyse(distributed({ pods: { ok: true, value: [crashed, podOf(worker(1), 590_000), podOf(worker(2), 590_000)] } }));
    expect(analysis.distributed?.origin?.at ?? analysis.distributed?.unknown?.reason).toBe(NOW_MS - 600_000);
  });
});

describe('Tier 2 reads one replica of each role before a second of the same', () => {
  const inspectOf = (pods: Pod[], events: RunaiEvent[] = []) =>
    analyse(distributed({ pods: { ok: true, value: pods }, events: { ok: true, value: events } })).distributed?.inspect;

  it('workers failed first with nothing of their own: the earliest worker, then the head, then the other workers', () => {
    const order = inspectOf([podOf(head, 1_000), podOf(worker(0), 3_000), podOf(worker(1), 2_000), podOf(worker(2), 2_000)]);
    expect(order?.slice(0, 2)).toEqual([worker(0), head]);
    expect(order).toHaveLength(4);
  });

  it('replicas tied with the first stay in front: only their causes can order them', () => {
    const order = inspectOf([podOf(head, 1_000), podOf(worker(0), 3_000), podOf(worker(1), 3_000, 'ContainerCannotRun'), podOf(worker(2), 2_000)]);
    expect(new Set(order?.slice(0, 2))).toEqual(new Set([worker(0), worker(1)]));
    expect(order?.[2]).toBe(head);
  });

  it("a tied replica that repeats another's evidence exactly comes after the other kinds: the count of identical peers never decides what is read", () => {
    // worker-3 (and the next) repeat worker-0 exactly (same status, same end); the head and worker-2 differ.
    for (const copies of [1, 3]) {
      const repeats = Array.from({ length: copies }, (_, index) => podOf(worker(index + 3), 3_000));
      const order = inspectOf([podOf(head, 1_000), podOf(worker(0), 3_000), ...repeats, podOf(worker(2), 2_000)]);
      expect(order?.slice(0, 3)).toEqual([worker(0), head, worker(2)]);
      expect(order).toHaveLength(3 + copies);
    }
  });

  it('once a replica shows a cause of its own, the time order stands', () => {
    const order = inspectOf(
      [podOf(head, 1_000), podOf(worker(0), 3_000, 'OOMKilled'), podOf(worker(1), 2_000), podOf(worker(2), 1_500)],
      [event(worker(0), 'OOMKilled', 'Container ray was OOM killed', 3_000)],
    );
    expect(order).toEqual([worker(0), worker(1), worker(2), head]);
  });
});
