/**
 * Tier 2 carries an MPI launcher's report of a rank killed on a host to the origin stage
 * (collectTier2Evidence `relayedRanksOf`, as diagnoseWorkload passes it): the launcher's log is read,
 * its report names a worker's host, and the origin is that worker — the launcher is a relay.
 */
import { describe, expect, it } from 'vitest';
import { analyseWorkload } from '../../functions/diagnosis/classify/analyseWorkload.js';
import { applyOrigin } from '../../functions/diagnosis/distributed/applyOrigin.js';
import { peerLineOf } from '../../functions/diagnosis/distributed/peerLineOf.js';
import { relayedRanksOf } from '../../functions/diagnosis/distributed/relayedRanksOf.js';
import { KubernetesError, type KubernetesReader } from '../../functions/diagnosis/ports/KubernetesReader.js';
import type { K8sPod } from '../../functions/diagnosis/ports/KubernetesSchemas.js';
import type { Pod } from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { collectTier2Evidence } from '../../functions/diagnosis/tier2/collectTier2Evidence.js';
import { ago, evidenceOf, workloadStatus } from '../diagnosis/workloadEvidenceKit.js';
import { failedK8sPod, listForbidden } from './multiPodTier2Kit.js';

const JOB = 'gromacs-mpi';
const LAUNCHER = `${JOB}-launcher`;
const KILLED = `${JOB}-worker-1`;
const LAUNCHER_ENDED = 600_000;

const k8sPod = (name: string, exitCode: number, msAgo: number): K8sPod => failedK8sPod(name, exitCode, msAgo, 'runai-hpc', 'mpi');

describe("Tier 2 and an MPI launcher's report of a killed rank", () => {
  it.each([
    ['Open MPI', `mpirun noticed that process rank 1 with PID 4117 on node ${KILLED}.${JOB}-worker.runai-hpc.svc exited on signal 9 (Killed).`],
    [
      'Hydra',
      [
        '='.repeat(83),
        '=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES',
        `=   RANK 1 PID 4117 RUNNING AT ${KILLED}`,
        '=   KILLED BY SIGNAL: 9 (Killed)',
        '='.repeat(83),
      ].join('\n'),
    ],
  ])('%s: the worker the report names is the origin', async (_launcher, report) => {
    // The launcher ends first (it noticed the kill); the workers end 3 s later with the teardown's SIGTERM.
    const pods: Pod[] = [
      { name: LAUNCHER, nodeName: `node-${LAUNCHER}`, k8sPhase: 'Error', completedAt: ago(LAUNCHER_ENDED) },
      ...[0, 1, 2].map((index) => ({
        name: `${JOB}-worker-${index}`,
        nodeName: `node-${JOB}-worker-${index}`,
        k8sPhase: 'Error',
        completedAt: ago(LAUNCHER_ENDED - 3_000),
      })),
    ];
    const evidence = evidenceOf({
      status: workloadStatus({ name: JOB, type: 'distributed', namespace: 'runai-hpc', phaseUpdatedAt: ago(LAUNCHER_ENDED - 5_000) }),
      pods: { ok: true, value: pods },
    });
    const notFound = () => new KubernetesError('K8S_NOT_FOUND', 'not found', { endpoint: 'GET x', status: 404 });
    const reader: KubernetesReader = {
      getPod: async (_namespace, name) => (name === LAUNCHER ? k8sPod(name, 1, LAUNCHER_ENDED) : k8sPod(name, 143, LAUNCHER_ENDED - 3_000)),
      listPods: listForbidden,
      listPodEvents: async () => [],
      getPodLog: async (_namespace, name) => {
        if (name !== LAUNCHER) throw notFound();
        return { text: `Primary job  terminated normally, but 1 process returned\n${report}`, truncated: false };
      },
      getNode: async () => {
        throw notFound();
      },
    };
    const reanalyse = (signals: Parameters<typeof analyseWorkload>[1]) => applyOrigin(evidence, analyseWorkload(evidence, signals));
    const { tier2 } = await collectTier2Evidence({ reader, evidence, analysis: reanalyse([]), reanalyse, peerLineOf, relayedRanksOf });
    const launcherLog = tier2.logs.find((finding) => finding.fact.podName === LAUNCHER);
    expect(launcherLog?.relayed?.[0]).toMatchObject({ signal: 9 });
    const analysis = applyOrigin(evidence, analyseWorkload(evidence, tier2.signals), tier2.logs);
    expect(analysis.distributed?.origin?.pod).toBe(KILLED);
    expect(analysis.distributed?.origin?.line).toMatch(/exited on signal 9|KILLED BY SIGNAL: 9/);
    expect(analysis.distributed?.collateral).toBeGreaterThanOrEqual(3);
  });
});
