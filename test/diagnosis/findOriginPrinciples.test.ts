/**
 * The origin rule's principles (DESIGN §4.8), one at a time: replicas known only from events and
 * history, the kubelet's teardown and the NCCL watchdog's abort as peer deaths, a tie broken only
 * by the one replica with a cause of its own, and no category from peers' bare exits.
 */
import { describe, expect, it } from 'vitest';
import { analyseWorkload } from '../../functions/diagnosis/classify/analyseWorkload.js';
import { applyOrigin } from '../../functions/diagnosis/distributed/applyOrigin.js';
import { matchCollateralFormat } from '../../functions/diagnosis/signals/collateralFormatTable.js';
import { replicaPods } from '../../functions/diagnosis/distributed/replicaPods.js';
import type { WorkloadEvidence } from '../../functions/diagnosis/model/WorkloadEvidence.js';
import type { HistoryRecord, Pod, RunaiEvent } from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { ago, evidenceOf, workloadStatus } from './workloadEvidenceKit.js';

const JOB = 'gpt-neox-pt';
const event = (pod: string, reason: string, message: string, msAgo: number): RunaiEvent => ({
  createdAt: ago(msAgo),
  type: 'Warning',
  reason,
  message,
  involvedObject: { kind: 'Pod', name: pod },
});
const inHistory = (events: RunaiEvent[]): HistoryRecord[] =>
  events.map((item) => ({ meta: { creationTimestamp: item.createdAt, type: 'Event' }, spec: { event: item } }));
const worker = (index: number, k8sPhase: string, msAgo: number | null): Pod => ({
  name: `${JOB}-worker-${index}`,
  nodeName: `hgx-h200-${String(index).padStart(2, '0')}`,
  k8sPhase,
  ...(msAgo === null ? {} : { completedAt: ago(msAgo) }),
});
function distributed(parts: Partial<WorkloadEvidence>): WorkloadEvidence {
  return evidenceOf({ status: workloadStatus({ name: JOB, type: 'distributed', phaseUpdatedAt: ago(60_000) }), ...parts });
}
const analyse = (evidence: WorkloadEvidence) => applyOrigin(evidence, analyseWorkload(evidence));

describe('origin principles', () => {
  it('reads replicas the pods listing no longer holds from the history, with their node from the scheduling event', () => {
    const scheduled = [0, 1, 2].map((index) =>
      event(
        `${JOB}-worker-${index}`,
        'Scheduled',
        `Successfully assigned pod runai-ml/${JOB}-worker-${index} to node hgx-h200-1${index} at node-pool default`,
        9_000_000,
      ),
    );
    const failures = [
      event(`${JOB}-worker-2`, 'OOMKilled', 'Container pytorch was OOM killed', 900_000),
      event(`${JOB}-worker-0`, 'Killing', 'Stopping container pytorch', 600_000),
      event(`${JOB}-worker-1`, 'Killing', 'Stopping container pytorch', 600_000),
    ];
    const evidence = distributed({
      pods: { ok: true, value: [] },
      events: { ok: true, value: [] },
      history: { ok: true, value: { records: inHistory([...scheduled, ...failures]), pages: 1, capped: false } },
    });
    expect(replicaPods(evidence).map((pod) => [pod.name, pod.nodeName])).toEqual([0, 1, 2].map((index) => [`${JOB}-worker-${index}`, `hgx-h200-1${index}`]));
    const analysis = analyse(evidence);
    expect(analysis.distributed?.origin).toMatchObject({ pod: `${JOB}-worker-2`, node: 'hgx-h200-12', kind: 'OOM_KILLED' });
    expect(analysis.distributed?.collateral).toBe(2);
    expect(analysis.classification.category).toBe('OOM_KILLED');
  });

  it('reads the kubelet stopping a container and the NCCL watchdog abort as peer deaths, a probe kill not', () => {
    expect(matchCollateralFormat('Stopping container pytorch')?.format).toBe('sigterm');
    expect(matchCollateralFormat("terminate called after throwing an instance of 'c10::DistBackendError'")?.format).toBe('nccl-timeout');
    expect(matchCollateralFormat('Container pytorch failed liveness probe, will be restarted')).toBeNull();
    expect(matchCollateralFormat('Container pytorch failed liveness probe')).toBeNull();
  });

  it("reads Composer's launcher summary of a crashed rank as a wrapper, never as a cause of its own", () => {
    expect(matchCollateralFormat('ERROR:composer.cli.launcher:Rank 32 crashed with exit code -6.')).toMatchObject({
      format: 'launcher-child-failed',
      strength: 'wrapper',
    });
    expect(matchCollateralFormat('ERROR:composer.cli.launcher:Global rank 8 (PID 6108) exited with code -6')?.strength).toBe('wrapper');
    expect(matchCollateralFormat('INFO:composer.cli.launcher:Rank 3 finished successfully.')).toBeNull();
  });

  it("reads Paddle's launcher stopped by SIGTERM as a teardown, its other signals and its own exit not", () => {
    expect(matchCollateralFormat('LAUNCH INFO 2026-12-03 08:09:35,902 Terminating with signal 15')?.format).toBe('sigterm');
    expect(matchCollateralFormat('LAUNCH INFO 2026-12-03 08:09:36,902 Exit with signal 15')?.format).toBe('sigterm');
    expect(matchCollateralFormat('LAUNCH INFO 2026-12-03 08:09:36,902 Exit with signal 6')).toBeNull();
    expect(matchCollateralFormat('LAUNCH INFO 2026-12-03 08:09:36,902 Exit code 1')).toBeNull();
  });

  it('in one second, the one replica with a cause of its own is the origin; peers stopped in that second are collateral', () => {
    const evidence = distributed({
      pods: { ok: true, value: [worker(0, 'Error', 300_000), worker(1, 'OOMKilled', 300_000), worker(2, 'Error', 300_000)] },
      events: {
        ok: true,
        value: [
          event(`${JOB}-worker-0`, 'Killing', 'Stopping container pytorch', 300_000),
          event(`${JOB}-worker-1`, 'OOMKilled', 'Container pytorch was OOM killed', 300_000),
          event(`${JOB}-worker-2`, 'Killing', 'Stopping container pytorch', 300_000),
        ],
      },
    });
    const analysis = analyse(evidence);
    expect(analysis.distributed?.origin?.pod).toBe(`${JOB}-worker-1`);
    expect(analysis.distributed?.collateral).toBe(2);
  });

  it('two replicas with causes of their own in one second: no origin, never a vote', () => {
    const evidence = distributed({
      pods: { ok: true, value: [worker(0, 'OOMKilled', 300_000), worker(1, 'OOMKilled', 300_000), worker(2, 'Error', 200_000)] },
      events: {
        ok: true,
        value: [
          event(`${JOB}-worker-0`, 'OOMKilled', 'Container pytorch was OOM killed', 300_000),
          event(`${JOB}-worker-1`, 'OOMKilled', 'Container pytorch was OOM killed', 300_000),
        ],
      },
    });
    const analysis = analyse(evidence);
    expect(analysis.distributed?.origin).toBeNull();
    expect(analysis.distributed?.unknown?.reason).toBe('same-second');
  });
  describe('a listing time equal to the containers start dates the start once another replica is dated by its own record', () => {
    const START = 6_300_000;
    const startDated = (index: number): Pod => ({
      name: `${JOB}-worker-${index}`,
      nodeName: `hgx-h200-${String(index).padStart(2, '0')}`,
      k8sPhase: 'Error',
      k8sPhaseUpdatedAt: ago(START),
      containers: [{ name: 'pytorch', startedAt: ago(START) }],
    });
    for (const replicas of [3, 5, 7])
      for (const lost of [0, Math.floor(replicas / 2), replicas - 1])
        it(`${replicas} replicas, NodeNotReady on worker-${lost} only: it is the origin, the others collateral`, () => {
          const pods = Array.from({ length: replicas }, (_, index) => (index === lost ? { ...startDated(index), k8sPhase: 'Unknown' } : startDated(index)));
          const evidence = distributed({
            pods: { ok: true, value: pods },
            events: { ok: true, value: [event(`${JOB}-worker-${lost}`, 'NodeNotReady', 'Node is not ready', 2_860_000)] },
          });
          const analysis = analyse(evidence);
          expect(analysis.distributed?.origin).toMatchObject({ pod: `${JOB}-worker-${lost}` });
          expect(analysis.distributed?.collateral).toBe(replicas - 1);
          expect(analysis.classification.category).toBe('NODE_FAILURE');
        });
    it('alone (no replica dated by a record of its own), an equal time still dates a crash within its start second', () => {
      const evidence = distributed({ pods: { ok: true, value: [startDated(0), { ...startDated(1), k8sPhase: 'OOMKilled' }, startDated(2)] } });
      expect(analyse(evidence).distributed?.origin).toMatchObject({ pod: `${JOB}-worker-1` });
    });
  });
});
