/**
 * The origin's first failure (DESIGN §4.8), rule by rule: a replica that restarted failed first at
 * its earliest failure event, not its latest; instants are compared as instants (milliseconds
 * order, a whole-second time stands for its whole second, whatever the textual form); a node's
 * shutdown is what ended an origin whose exit is the SIGTERM every peer also shows; and a job whose
 * replicas show only peer deaths and bare exits after them has no origin.
 */
import { describe, expect, it } from 'vitest';
import { analyseWorkload } from '../../functions/diagnosis/classify/analyseWorkload.js';
import { applyOrigin } from '../../functions/diagnosis/distributed/applyOrigin.js';
import { matchCollateralFormat } from '../../functions/diagnosis/signals/collateralFormatTable.js';
import type { Tier2LogFinding } from '../../functions/diagnosis/model/Tier2Evidence.js';
import type { WorkloadEvidence } from '../../functions/diagnosis/model/WorkloadEvidence.js';
import type { K8sEvent, K8sNode, K8sPod } from '../../functions/diagnosis/ports/KubernetesSchemas.js';
import type { HistoryRecord, Pod, RunaiEvent } from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { signalsFromKubernetesEvents, signalsFromKubernetesNode, signalsFromKubernetesPod } from '../../functions/diagnosis/tier2/signalsFromKubernetes.js';
import { ago, evidenceOf, NOW_MS, workloadStatus } from './workloadEvidenceKit.js';

const JOB = 'olmo-ablate';
const name = (index: number) => `${JOB}-worker-${index}`;
const event = (index: number, reason: string, message: string, msAgo: number): RunaiEvent => ({
  createdAt: ago(msAgo),
  type: 'Warning',
  reason,
  message,
  involvedObject: { kind: 'Pod', name: name(index) },
});
const inHistory = (events: RunaiEvent[]): HistoryRecord[] =>
  events.map((item) => ({ meta: { creationTimestamp: item.createdAt, type: 'Event' }, spec: { event: item } }));
const replica = (index: number, k8sPhase: string, completedAt: string | null, extra: Partial<Pod> = {}): Pod => ({
  name: name(index),
  nodeName: `a100-n${index}`,
  k8sPhase,
  completedAt,
  k8sPhaseUpdatedAt: completedAt,
  ...extra,
});
const distributed = (parts: Partial<WorkloadEvidence>): WorkloadEvidence =>
  evidenceOf({ status: workloadStatus({ name: JOB, type: 'distributed', phaseUpdatedAt: ago(600_000) }), ...parts });
const analyse = (evidence: WorkloadEvidence, extra: Parameters<typeof analyseWorkload>[1] = [], logs: Tier2LogFinding[] = []) =>
  applyOrigin(evidence, analyseWorkload(evidence, extra), logs);
const log = (index: number, line: string, peerLine?: string): Tier2LogFinding => ({
  fact: { type: 'log-line', podName: name(index), container: 'pytorch', previous: false, line, fallback: false },
  source: `kubectl logs ${name(index)} -n runai-nlp`,
  hint: null,
  init: false,
  ...(peerLine ? { peerLine } : {}),
});

/** A replica OOM-killed three times (restartPolicy OnFailure): still Running, its last kill after every peer ended. */
const oomKills = [2_400_000, 1_560_000, 960_000].map((msAgo) => event(0, 'OOMKilled', 'Container pytorch was OOM killed', msAgo));
const peersEnded = [replica(1, 'Error', ago(1_800_000)), replica(2, 'Error', ago(1_800_000)), replica(3, 'Error', ago(1_799_000))];

describe('a restarted replica is ordered by its first failure', () => {
  it('events listed newest first: the earliest OOM kill, not the latest, makes it the origin', () => {
    const evidence = distributed({
      pods: { ok: true, value: [replica(0, 'Running', null, { k8sPhaseUpdatedAt: ago(960_000) }), ...peersEnded] },
      events: { ok: true, value: [...oomKills].reverse() },
    });
    const analysis = analyse(evidence);
    expect(analysis.distributed?.origin).toMatchObject({ pod: name(0), kind: 'OOM_KILLED', at: NOW_MS - 2_400_000 });
    expect(analysis.distributed?.collateral).toBe(3);
    expect(analysis.classification.category).toBe('OOM_KILLED');
  });

  it('with only the history left (pods gone, no events), newest first', () => {
    const evidence = distributed({
      pods: { ok: true, value: peersEnded },
      events: { ok: true, value: [] },
      history: { ok: true, value: { records: inHistory([...oomKills].reverse()), pages: 1, capped: false } },
    });
    expect(analyse(evidence).distributed?.origin).toMatchObject({ pod: name(0), at: NOW_MS - 2_400_000 });
  });
});

describe('instants, not texts, and their precision', () => {
  const oom = (index: number, completedAt: string) => replica(index, 'OOMKilled', completedAt);

  it('two failures 450 ms apart in one second are ordered by their milliseconds, whatever their textual form', () => {
    // 11:54:59.300Z written with a space and no zone; 11:54:59.750 as ISO with an offset.
    const evidence = distributed({
      pods: { ok: true, value: [oom(0, '2026-03-02T12:54:59.750+01:00'), oom(1, '2026-03-02 11:54:59.300'), replica(2, 'Error', ago(290_000))] },
    });
    const analysis = analyse(evidence);
    expect(analysis.distributed?.origin?.pod).toBe(name(1));
    expect(analysis.distributed?.origin?.at).toBe(Date.parse('2026-03-02T11:54:59.300Z'));
  });

  it('a whole-second time may be any instant of its second: with a millisecond time inside it, no origin', () => {
    const evidence = distributed({
      pods: { ok: true, value: [oom(0, '2026-03-02T11:54:59Z'), oom(1, '2026-03-02T11:54:59.450Z'), replica(2, 'Error', ago(290_000))] },
    });
    const analysis = analyse(evidence);
    expect(analysis.distributed?.origin).toBeNull();
    expect(analysis.distributed?.unknown?.reason).toBe('same-second');
  });
});

describe('a node shutdown ends the origin, not its SIGTERM', () => {
  it('the pod status the kubelet wrote is the origin signal, NODE_FAILURE the category', () => {
    // kubernetes/kubernetes pkg/kubelet/nodeshutdown/nodeshutdown_manager_linux.go: reason Terminated, this message.
    const shutdown: K8sPod = {
      metadata: { name: name(0), namespace: 'runai-nlp' },
      spec: { nodeName: 'a100-n0', restartPolicy: 'Never', containers: [{ name: 'pytorch' }] },
      status: {
        phase: 'Failed',
        reason: 'Terminated',
        message: 'Pod was terminated in response to imminent node shutdown.',
        containerStatuses: [{ name: 'pytorch', restartCount: 0, state: { terminated: { exitCode: 143, reason: 'Error', finishedAt: ago(2_420_000) } } }],
      },
    } as K8sPod;
    const evidence = distributed({
      pods: {
        ok: true,
        value: [replica(0, 'Failed', ago(2_420_000)), replica(1, 'Error', ago(2_120_000)), replica(2, 'Error', ago(2_119_000))],
      },
    });
    const analysis = analyse(evidence, signalsFromKubernetesPod(shutdown, name(0), `kubectl describe pod ${name(0)} -n runai-nlp`));
    expect(analysis.distributed?.origin).toMatchObject({
      pod: name(0),
      kind: 'NODE_FAILURE',
      line: 'Pod was terminated in response to imminent node shutdown.',
    });
    expect(analysis.classification.category).toBe('NODE_FAILURE');
  });
});

describe('only consequences: no origin', () => {
  const watchdog =
    '[rank0]:[E1203 08:08:20.551020 ProcessGroupNCCL.cpp:632] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=40411, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800094 milliseconds before timing out.';
  const pods = [replica(0, 'Error', ago(300_000)), replica(1, 'Error', ago(298_000)), replica(2, 'Error', ago(296_000)), replica(3, 'Error', ago(294_000))];

  it('bare exits after the first peer death show no cause of their own: UNKNOWN, the peer death quoted', () => {
    const analysis = analyse(distributed({ pods: { ok: true, value: pods } }), [], [log(0, watchdog, watchdog), log(1, watchdog, watchdog)]);
    expect(analysis.distributed?.origin).toBeNull();
    expect(analysis.distributed?.unknown?.reason).toBe('only-collateral');
    expect(analysis.distributed?.collateralLine?.text).toContain('Watchdog caught collective operation timeout');
    expect(analysis.classification.category).toBe('UNKNOWN');
  });

  it("libstdc++'s terminate line carries the watchdog's abort whatever the thrown type; with no peer death in its tail it is the replica's own", () => {
    const carrier = "terminate called after throwing an instance of 'std::runtime_error'";
    const carried = analyse(distributed({ pods: { ok: true, value: pods } }), [], [log(0, carrier, watchdog), log(1, watchdog, watchdog)]);
    expect(carried.distributed?.origin).toBeNull();
    const own = analyse(distributed({ pods: { ok: true, value: pods } }), [], [log(0, carrier), log(1, watchdog, watchdog)]);
    expect(own.distributed?.origin?.pod).toBe(name(0));
  });

  it('a replica with a cause of its own after the first peer death is still the origin', () => {
    const analysis = analyse(distributed({ pods: { ok: true, value: pods } }), [], [log(0, watchdog, watchdog), log(2, "KeyError: 'attention_mask'")]);
    expect(analysis.distributed?.origin?.pod).toBe(name(2));
  });
});

describe("the job's later fate", () => {
  it('a preemption after the teardown began neither routes nor decides, when the replicas show only peer deaths', () => {
    // The origin (worker-3) is undated; the kubelet stopped the peers before the job was preempted.
    const evidence = distributed({
      pods: { ok: true, value: [0, 1, 2, 3].map((index) => replica(index, 'Error', null)) },
      events: {
        ok: true,
        value: [
          ...[0, 1, 2].map((index) => event(index, 'Killing', 'Stopping container pytorch', 4_149_000 - index * 1000)),
          {
            createdAt: ago(3_935_000),
            type: 'Normal',
            reason: 'Evict',
            source: 'kai-scheduler',
            message: `Workload ${JOB} was preempted by higher priority workload runai-prod/chat-serving`,
            involvedObject: { kind: 'PodGroup', name: `pg-${JOB}-0` },
          },
        ],
      },
    });
    const analysis = analyse(evidence);
    expect(analysis.signals.some((signal) => signal.kind === 'PREEMPTED')).toBe(true);
    expect(analysis.gate.action).toBe('continue');
    expect(analysis.classification.category).toBe('UNKNOWN');
    expect(analysis.distributed?.origin).toBeNull();
  });
});

describe('replicas nothing dates', () => {
  const silentPeers = [1, 2, 3].map((index) => replica(index, 'Error', null));

  it('a bare exit nothing dates holds up no dated replica with a cause of its own, and is collateral', () => {
    const evidence = distributed({
      pods: { ok: true, value: [replica(0, 'OOMKilled', null), ...silentPeers] },
      events: { ok: true, value: [event(0, 'OOMKilled', 'Container pytorch was OOM killed', 900_000)] },
    });
    const analysis = analyse(evidence);
    expect(analysis.distributed?.origin).toMatchObject({ pod: name(0), kind: 'OOM_KILLED' });
    expect(analysis.distributed?.collateral).toBe(3);
  });

  it('an undated replica with a cause of its own still leaves the order untold, and Tier 2 reads it first', () => {
    const evidence = distributed({
      pods: { ok: true, value: [...silentPeers, replica(4, 'Evicted', null), replica(0, 'OOMKilled', null)] },
      events: { ok: true, value: [event(0, 'OOMKilled', 'Container pytorch was OOM killed', 900_000)] },
    });
    const analysis = analyse(evidence);
    expect(analysis.distributed?.unknown?.reason).toBe('no-timestamps');
    expect(analysis.distributed?.inspect?.[0]).toBe(name(4));
  });
});

describe('replicas of a failed job known only from the history', () => {
  it('pods gone, only their scheduling left: they ended with the job, collateral of the origin', () => {
    const scheduled = [0, 1, 2, 3].map((index) =>
      event(index, 'Scheduled', `Successfully assigned pod runai-nlp/${name(index)} to node a100-n${index} at node-pool default`, 9_000_000),
    );
    const evidence = distributed({
      pods: { ok: true, value: [] },
      events: { ok: true, value: [] },
      history: {
        ok: true,
        value: { records: inHistory([event(1, 'OOMKilled', 'Container jax was OOM killed', 1_900_000), ...scheduled]), pages: 1, capped: false },
      },
    });
    const analysis = analyse(evidence);
    expect(analysis.distributed?.origin).toMatchObject({ pod: name(1), node: 'a100-n1' });
    expect(analysis.distributed?.collateral).toBe(3);
  });
});

describe("a restarted replica in Tier 2's reads", () => {
  const running = replica(0, 'Running', null);
  const peers = [replica(1, 'Error', ago(1_800_000)), replica(2, 'Error', ago(1_799_000))];

  it('a repeated Kubernetes event dates the replica at its firstTimestamp, not its lastTimestamp', () => {
    const backOff: K8sEvent = {
      reason: 'BackOff',
      message: `Back-off restarting failed container pytorch in pod ${name(0)}_runai-nlp(0e16e7f4)`,
      involvedObject: { kind: 'Pod', name: name(0) },
      source: { component: 'kubelet' },
      firstTimestamp: ago(2_400_000),
      lastTimestamp: ago(960_000),
      count: 4,
    } as K8sEvent;
    const evidence = distributed({ pods: { ok: true, value: [running, ...peers] }, events: { ok: true, value: [] } });
    const analysis = analyse(
      evidence,
      signalsFromKubernetesEvents([backOff], `kubectl get events -n runai-nlp --field-selector involvedObject.name=${name(0)}`),
    );
    expect(analysis.distributed?.origin).toMatchObject({ pod: name(0), at: NOW_MS - 2_400_000 });
  });

  it('the newest termination of a container that restarted does not date it: no peer is named before it', () => {
    const restarted: K8sPod = {
      metadata: { name: name(0), namespace: 'runai-nlp' },
      spec: { nodeName: 'a100-n0', restartPolicy: 'OnFailure', containers: [{ name: 'pytorch' }] },
      status: {
        phase: 'Running',
        containerStatuses: [
          {
            name: 'pytorch',
            restartCount: 3,
            state: { running: { startedAt: ago(900_000) } },
            lastState: { terminated: { exitCode: 137, reason: 'OOMKilled', finishedAt: ago(960_000) } },
          },
        ],
      },
    } as K8sPod;
    const evidence = distributed({ pods: { ok: true, value: [running, ...peers] }, events: { ok: true, value: [] } });
    const analysis = analyse(evidence, signalsFromKubernetesPod(restarted, name(0), `kubectl describe pod ${name(0)} -n runai-nlp`));
    expect(analysis.distributed?.origin ?? null).toBeNull();
    expect(analysis.distributed?.unknown?.reason).toBe('no-timestamps');
  });
});

describe('a replica whose node was lost', () => {
  it('its SIGTERM exit is the node going NotReady under it: NODE_FAILURE, not a peer death', () => {
    const sigterm: K8sPod = {
      metadata: { name: name(0), namespace: 'runai-nlp' },
      spec: { nodeName: 'a100-n0', restartPolicy: 'Never', containers: [{ name: 'pytorch' }] },
      status: {
        phase: 'Failed',
        containerStatuses: [{ name: 'pytorch', restartCount: 0, state: { terminated: { exitCode: 143, reason: 'Error', finishedAt: ago(2_420_000) } } }],
      },
    } as K8sPod;
    // The node controller marks it Unknown 30 s after the pod ended (node-monitor-grace-period).
    const node: K8sNode = {
      metadata: { name: 'a100-n0' },
      status: {
        conditions: [
          {
            type: 'Ready',
            status: 'Unknown',
            reason: 'NodeStatusUnknown',
            message: 'Kubelet stopped posting node status.',
            lastTransitionTime: ago(2_390_000),
          },
        ],
      },
    } as K8sNode;
    const evidence = distributed({
      pods: { ok: true, value: [replica(0, 'Error', ago(2_420_000)), replica(1, 'Error', ago(2_120_000)), replica(2, 'Error', ago(2_119_000))] },
    });
    const analysis = analyse(evidence, [
      ...signalsFromKubernetesPod(sigterm, name(0), `kubectl describe pod ${name(0)} -n runai-nlp`),
      ...signalsFromKubernetesNode(node, 'a100-n0', 'kubectl describe node a100-n0', NOW_MS - 600_000),
    ]);
    expect(analysis.distributed?.origin).toMatchObject({ pod: name(0), kind: 'NODE_FAILURE', line: 'Kubelet stopped posting node status.' });
    expect(analysis.classification.category).toBe('NODE_FAILURE');
  });
});

describe("the NCCL watchdog's termination line carries what it caught", () => {
  it('a peer death when it carries a timeout or a remote error, never when it carries its own CUDA error', () => {
    expect(
      matchCollateralFormat(
        '[E ProcessGroupNCCL.cpp:852] [Rank 16] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3',
      )?.format,
    ).toBe('nccl-remote-error');
    expect(
      matchCollateralFormat(
        '[rank4]: what():  [PG 0 Rank 4] Process group watchdog thread terminated with exception: CUDA error: uncorrectable ECC error encountered',
      ),
    ).toBeNull();
  });
});
