/**
 * The origin of a multi-pod failure (functions/diagnosis/distributed/): replicas ordered by their
 * first failure (never the listing order), peer-death formats counted as collateral, the
 * category re-read from the origin, and a stated reason when the order cannot be told.
 */
import { describe, expect, it } from 'vitest';
import { analyseWorkload } from '../../functions/diagnosis/classify/analyseWorkload.js';
import { applyOrigin } from '../../functions/diagnosis/distributed/applyOrigin.js';
import { COLLATERAL_FORMAT_TABLE, matchCollateralFormat } from '../../functions/diagnosis/signals/collateralFormatTable.js';
import { replicaRole } from '../../functions/diagnosis/distributed/replicaRole.js';
import type { WorkloadEvidence } from '../../functions/diagnosis/model/WorkloadEvidence.js';
import type { Pod, RunaiEvent } from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { ago, evidenceOf, workloadStatus } from './workloadEvidenceKit.js';

const JOB = 'bert-pretrain';
const NCCL =
  '[Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=4417, OpType=ALLREDUCE, NumelIn=1048576, NumelOut=1048576, Timeout(ms)=600000) ran for 600021 milliseconds before timing out.';

const worker = (index: number, k8sPhase: string, msAgo: number | null): Pod => ({
  name: `${JOB}-worker-${index}`,
  nodeName: `dgx-b200-${String(index).padStart(2, '0')}`,
  k8sPhase,
  ...(msAgo === null ? {} : { completedAt: ago(msAgo) }),
  requestedResources: { cpuMemory: { request: '64Gi', limit: '96Gi' } },
});
const podEvent = (pod: string, reason: string, message: string, msAgo: number): RunaiEvent => ({
  createdAt: ago(msAgo),
  type: 'Warning',
  reason,
  message,
  involvedObject: { kind: 'Pod', name: pod },
});

function distributed(pods: Pod[], events: RunaiEvent[], overrides: Partial<WorkloadEvidence> = {}): WorkloadEvidence {
  return evidenceOf({
    status: workloadStatus({ name: JOB, type: 'distributed', phaseUpdatedAt: ago(60_000) }),
    pods: { ok: true, value: pods },
    events: { ok: true, value: events },
    ...overrides,
  });
}
const analyse = (evidence: WorkloadEvidence) => applyOrigin(evidence, analyseWorkload(evidence));

/** 15 workers time out in NCCL 10 minutes after worker-7 was OOM-killed; the peers are listed first. */
function sixteenWorkers(): WorkloadEvidence {
  const peers = Array.from({ length: 16 }, (_, index) => index).filter((index) => index !== 7);
  return distributed(
    [...peers.map((index) => worker(index, 'Error', 200_000 - index * 1000)), worker(7, 'OOMKilled', 900_000)],
    [
      ...peers.map((index) => podEvent(`${JOB}-worker-${index}`, 'BackOff', NCCL, 200_000 - index * 1000)),
      podEvent(`${JOB}-worker-7`, 'OOMKilled', 'Container pytorch was OOM killed', 900_000),
    ],
  );
}

describe('the origin of a distributed failure', () => {
  it('names the replica that failed first, not the first listed, and counts the NCCL timeouts as collateral', () => {
    const analysis = analyse(sixteenWorkers());
    expect(analysis.distributed?.origin).toMatchObject({ pod: `${JOB}-worker-7`, node: 'dgx-b200-07', kind: 'OOM_KILLED' });
    expect(analysis.distributed?.collateral).toBe(15);
    expect(analysis.distributed?.collateralFormats).toEqual(['nccl-timeout']);
    expect(analysis.classification.category).toBe('OOM_KILLED');
  });

  it('counts a peer that failed later with no cause of its own as collateral, whatever it printed; a later cause of its own is not', () => {
    const evidence = distributed(
      [worker(0, 'OOMKilled', 900_000), worker(1, 'Error', 300_000), worker(2, 'Error', 200_000), worker(3, 'OOMKilled', 100_000)],
      [
        podEvent(`${JOB}-worker-0`, 'OOMKilled', 'Container pytorch was OOM killed', 900_000),
        podEvent(`${JOB}-worker-3`, 'OOMKilled', 'Container pytorch was OOM killed', 100_000),
      ],
    );
    const finding = analyse(evidence).distributed;
    expect(finding?.origin?.pod).toBe(`${JOB}-worker-0`);
    expect(finding?.collateral).toBe(2);
    expect(finding?.later).toBe(1);
  });

  it("marks an origin known only by its pod's status word, so the verdict quotes its decisive line instead", () => {
    const evidence = distributed([worker(0, 'Error', 900_000), worker(1, 'Error', 100_000)], []);
    expect(analyse(evidence).distributed?.origin).toMatchObject({ pod: `${JOB}-worker-0`, line: 'Error', lineIsStatus: true });
    expect(analyse(sixteenWorkers()).distributed?.origin?.lineIsStatus).toBe(false);
  });

  it('does not depend on the listing order', () => {
    const evidence = sixteenWorkers();
    const reversed = { ...evidence, pods: { ok: true as const, value: [...(evidence.pods.ok ? evidence.pods.value : [])].reverse() } };
    expect(analyse(reversed).distributed?.origin?.pod).toBe(`${JOB}-worker-7`);
  });

  it('takes the category from the origin: a crash, then SIGTERMs and the deadline, is CRASH_APP_ERROR', () => {
    const evidence = distributed(
      [worker(0, 'Error', 600_000), worker(1, 'Error', 300_000), worker(2, 'Error', 300_000)],
      [
        podEvent(`${JOB}-worker-0`, 'ExitedWithCode', `Pod: runai-nlp.${JOB}-worker-0 exited with code 1`, 600_000),
        podEvent(`${JOB}-worker-1`, 'ExitedWithCode', `Pod: runai-nlp.${JOB}-worker-1 exited with code 143`, 300_000),
        podEvent(`${JOB}-worker-2`, 'ExitedWithCode', `Pod: runai-nlp.${JOB}-worker-2 exited with code 143`, 300_000),
        {
          createdAt: ago(300_000),
          type: 'Warning',
          reason: 'DeadlineExceeded',
          message: 'Job was active longer than specified deadline',
          involvedObject: { kind: 'Job', name: JOB },
        },
      ],
    );
    const analysis = analyse(evidence);
    expect(analysis.distributed?.origin?.pod).toBe(`${JOB}-worker-0`);
    expect(analysis.distributed?.collateralFormats).toEqual(['sigterm']);
    expect(analysis.classification.category).toBe('CRASH_APP_ERROR');
    expect(analyseWorkload(evidence).classification.category).toBe('SCHEDULING_POLICY_TERMINATED');
  });

  it('does not route peers preempted after the origin was OOM-killed', () => {
    const evidence = distributed(
      [worker(0, 'OOMKilled', 900_000), worker(1, 'Failed', 100_000)],
      [
        podEvent(`${JOB}-worker-0`, 'OOMKilled', 'Container pytorch was OOM killed', 900_000),
        podEvent(`${JOB}-worker-1`, 'Preempted', 'Preempted by kai-scheduler to make room for a higher-priority workload', 100_000),
      ],
    );
    expect(analyseWorkload(evidence).gate.action).toBe('route');
    const analysis = analyse(evidence);
    expect(analysis.gate.action).toBe('continue');
    expect(analysis.classification.category).toBe('OOM_KILLED');
    expect(analysis.distributed?.collateralFormats).toEqual(['preempted-after']);
  });

  it('has no origin when two replicas fail on their own within the same second', () => {
    const evidence = distributed(
      [worker(0, 'OOMKilled', 300_000), worker(1, 'OOMKilled', 300_000)],
      [podEvent(`${JOB}-worker-0`, 'OOMKilled', 'Container pytorch was OOM killed', 300_000)],
    );
    expect(analyse(evidence).distributed).toMatchObject({ origin: null, unknown: { reason: 'same-second', replicas: 2 } });
  });

  it('has no origin, and says UNKNOWN with the NCCL line, when every replica shows only a peer death', () => {
    const evidence = distributed(
      [worker(0, 'Error', 300_000), worker(1, 'Error', 200_000)],
      [podEvent(`${JOB}-worker-0`, 'BackOff', NCCL, 300_000), podEvent(`${JOB}-worker-1`, 'BackOff', NCCL, 200_000)],
    );
    const analysis = analyse(evidence);
    expect(analysis.distributed).toMatchObject({ origin: null, unknown: { reason: 'only-collateral', replicas: 2 } });
    expect(analysis.distributed?.collateralLine?.text).toContain('Watchdog caught collective operation timeout');
    expect(analysis.classification.category).toBe('UNKNOWN');
  });

  it('has no origin when nothing dates the failures', () => {
    const evidence = distributed([worker(0, 'OOMKilled', null), worker(1, 'Error', null)], []);
    expect(analyse(evidence).distributed).toMatchObject({ origin: null, unknown: { reason: 'no-timestamps' } });
  });

  it('leaves single-pod workloads and one-replica kinds alone', () => {
    const single = distributed([worker(0, 'OOMKilled', 300_000)], []);
    expect(analyse(single).distributed).toBeUndefined();
    const training = { ...sixteenWorkers(), status: workloadStatus({ name: JOB, type: 'Training' }) };
    expect(analyse(training).distributed).toBeUndefined();
  });
});

describe('the collateral format table', () => {
  it('cites an upstream source for every row', () => {
    for (const row of COLLATERAL_FORMAT_TABLE) expect(row.upstream).toMatch(/^https:\/\/github\.com\//);
  });

  it.each([
    [NCCL, 'nccl-timeout'],
    ['RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [10.0.3.7]:29500', 'c10d-store'],
    ['torch.distributed.DistNetworkError: Connection reset by peer', 'c10d-store'],
    ['Received Signals.SIGTERM death signal, shutting down workers', 'sigterm'],
    ['mpirun noticed that process rank 3 with PID 0 on node bert-worker-3 exited on signal 15 (Terminated).', 'mpi-peer-exit'],
    ['ray.exceptions.RayActorError: The actor died unexpectedly before finishing this task.', 'ray-peer-death'],
    ['torch.distributed.elastic.multiprocessing.errors.ChildFailedError:', 'elastic-child-failed'],
  ])('reads %s', (text, format) => {
    expect(matchCollateralFormat(text)?.format).toBe(format);
  });

  it('reads no peer death in an application error', () => {
    expect(matchCollateralFormat("KeyError: 'input_ids'")).toBeNull();
  });
});

describe('replica roles by framework naming', () => {
  it.each([
    ['job-master-0', 'job', 'master'],
    ['job-worker-12', 'job', 'worker'],
    ['job-launcher-x7k2p', 'job', 'launcher'],
    ['raycl-head-8fz2q', 'raycl', 'head'],
    ['raycl-gpu-group-worker-t9v4c', 'raycl', 'worker'],
    ['lws-0', 'lws', 'leader'],
    ['lws-0-2', 'lws', 'worker'],
    ['other-pod', 'job', null],
  ])('%s is %s', (pod, workload, role) => {
    expect(replicaRole(pod, workload)).toBe(role);
  });
});
