/**
 * A launcher's relay that names a host but no signal — Open MPI's lost daemon ("ORTE has lost communication with
 * its daemon located on node: hostname: h", open-mpi/ompi v4.1.x orte/mca/errmgr/base/help-errmgr-base.txt; PRRTE's
 * "Remote daemon: <id> on node h", openpmix/prrte src/mca/errmgr/base/help-errmgr-base.txt) and
 * Hydra's "EXIT CODE: N" frame (pmodels/mpich src/pm/hydra/mpiexec/pmiserv_cb.c control_cb; Intel MPI's "RANK %d
 * PID %d RUNNING AT %s") — makes Tier 2 read that host's node whatever the category (relayHostNodes.ts), even
 * with no eviction event. Generated: relay × host form (pod name, hostfile DNS name) × the node's state (Ready
 * Unknown since the node-lifecycle grace, a hardware Xid condition from node-problem-detector, healthy) × the
 * named worker's rank. A failed node under the host makes that worker the origin (NODE_FAILURE), the launcher a
 * relay; a healthy node moves nothing (the daemon loss stays a consequence; Hydra's exit frame leaves the rank's
 * relayed exception to the launcher).
 */
import { describe, expect, it } from 'vitest';
import type { KubernetesReader } from '../../functions/diagnosis/ports/KubernetesReader.js';
import type { K8sNode, K8sPod } from '../../functions/diagnosis/ports/KubernetesSchemas.js';
import type { Pod } from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { ago, evidenceOf, workloadStatus } from '../diagnosis/workloadEvidenceKit.js';
import { hydraExitTail, nodeDiedTail } from '../diagnosis/originAssumptionCases.js';
import { collectAsTheWorkerDoes, failedK8sPod, listForbidden } from './multiPodTier2Kit.js';

const JOB = 'md-sim';
const NS = 'runai-hpc';
const LAUNCHER = `${JOB}-launcher`;
const LAUNCHER_ENDED = 2_275_000;
const WORKERS = 5;

type Relay = 'orte-daemon-lost' | 'prrte-daemon-lost' | 'hydra-exit-code';
type NodeState = 'ready-unknown' | 'xid-79' | 'healthy';

const relayTail = (relay: Relay, rank: number, host: string): string[] =>
  relay === 'prrte-daemon-lost'
    ? [
        'step 41200  residual=3.118e-06',
        '--------------------------------------------------------------------------',
        'PRTE has lost communication with a remote daemon.',
        '',
        `  HNP daemon   : [prterun-${LAUNCHER}-34@0,0] on node ${LAUNCHER}`,
        `  Remote daemon: [prterun-${LAUNCHER}-34@0,${rank}] on node ${host}`,
        '',
        'This is usually due to either a failure of the TCP network',
        'connection to the node, or possibly an internal failure of',
        'the daemon itself. We cannot recover from this failure, and',
        'therefore will terminate the job.',
        '--------------------------------------------------------------------------',
      ]
    : relay === 'orte-daemon-lost'
      ? ['step 41200  residual=3.118e-06', ...nodeDiedTail(host)]
      : hydraExitTail(rank, host);

const condition = (type: string, status: string, since: number, reason: string, message: string) => ({
  type,
  status,
  lastHeartbeatTime: ago(40_000),
  lastTransitionTime: ago(since),
  reason,
  message,
});

function k8sNode(name: string, state: NodeState): K8sNode {
  const conditions = [condition('Ready', 'True', 2_592_000_000, 'KubeletReady', 'kubelet is posting ready status')];
  // The node-lifecycle controller marks a silent node Unknown after --node-monitor-grace-period (40 s; 50 s since v1.32).
  if (state === 'ready-unknown')
    conditions[0] = condition('Ready', 'Unknown', LAUNCHER_ENDED - 15_000, 'NodeStatusUnknown', 'Kubelet stopped posting node status.');
  // node-problem-detector's custom condition, True while the fault lasts (kubernetes/node-problem-detector README).
  if (state === 'xid-79')
    conditions.push(
      condition(
        'GPUXIDErrors',
        'True',
        LAUNCHER_ENDED - 9_000,
        'XidCriticalError',
        "NVRM: Xid (PCI:0000:3b:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
      ),
    );
  return { metadata: { name }, status: { conditions } } as K8sNode;
}

const k8sPod = (name: string, exitCode: number, msAgo: number): K8sPod => failedK8sPod(name, exitCode, msAgo, NS, 'mpi');

async function run(relay: Relay, dnsHost: boolean, state: NodeState, named: number) {
  const worker = `${JOB}-worker-${named}`;
  const host = dnsHost ? `${worker}.${JOB}.${NS}.svc` : worker;
  // The workers are deleted with the teardown 6–9 s after the launcher; the one on a lost node shows no end of its own.
  const lostPod = relay !== 'hydra-exit-code' && state === 'ready-unknown';
  const pods: Pod[] = [
    { name: LAUNCHER, nodeName: `node-${LAUNCHER}`, k8sPhase: 'Error', completedAt: ago(LAUNCHER_ENDED), k8sPhaseUpdatedAt: ago(LAUNCHER_ENDED) },
    ...Array.from({ length: WORKERS }, (_, index): Pod => {
      const name = `${JOB}-worker-${index}`;
      if (lostPod && index === named) return { name, nodeName: `node-${name}`, k8sPhase: 'Unknown', completedAt: null, k8sPhaseUpdatedAt: ago(9_000_000) };
      return { name, nodeName: `node-${name}`, k8sPhase: 'Error', completedAt: ago(LAUNCHER_ENDED - 6_000 - 1_000 * index) };
    }),
  ];
  const evidence = evidenceOf({
    status: workloadStatus({ name: JOB, type: 'distributed', namespace: NS, phaseUpdatedAt: ago(LAUNCHER_ENDED - 10_000) }),
    pods: { ok: true, value: pods },
  });
  const nodesRead: string[] = [];
  const reader: KubernetesReader = {
    getPod: async (_namespace, name) => (name === LAUNCHER ? k8sPod(name, 1, LAUNCHER_ENDED) : k8sPod(name, 143, LAUNCHER_ENDED - 6_000)),
    listPods: listForbidden,
    listPodEvents: async () => [],
    getPodLog: async (_namespace, name) => ({ text: name === LAUNCHER ? relayTail(relay, named + 1, host).join('\n') : '', truncated: false }),
    getNode: async (name) => {
      nodesRead.push(name);
      return k8sNode(name, name === `node-${worker}` ? state : 'healthy');
    },
  };
  const { final } = await collectAsTheWorkerDoes(reader, evidence);
  return { worker, nodesRead, final };
}

describe("Tier 2 reads the node under a launcher's relayed host", () => {
  const draws: [Relay, boolean, NodeState, number][] = [];
  for (const relay of ['orte-daemon-lost', 'prrte-daemon-lost', 'hydra-exit-code'] as const)
    for (const dnsHost of [false, true])
      for (const state of ['ready-unknown', 'xid-79', 'healthy'] as const) draws.push([relay, dnsHost, state, (draws.length * 2) % WORKERS]);

  it.each(draws.map((draw) => [`${draw[0]}/${draw[1] ? 'dns-host' : 'pod-host'}/${draw[2]}/worker-${draw[3]}`, draw] as const))('%s', async (_name, draw) => {
    const [relay, dnsHost, state, named] = draw;
    const { worker, nodesRead, final } = await run(relay, dnsHost, state, named);
    // Read whatever the category, with no eviction event asking for it.
    expect(nodesRead).toContain(`node-${worker}`);
    if (state !== 'healthy') {
      expect(final.distributed?.origin?.rawPod).toBe(worker);
      expect(final.classification.category).toBe('NODE_FAILURE');
      expect(final.distributed?.collateral).toBeGreaterThanOrEqual(1);
      return;
    }
    // A healthy node: the relay names where, not why.
    if (relay !== 'hydra-exit-code') {
      expect(final.distributed?.origin ?? null).toBeNull();
      expect(final.classification.category).toBe('UNKNOWN');
    } else {
      expect(final.distributed?.origin?.rawPod).toBe(LAUNCHER);
      expect(final.classification.category).toBe('CRASH_APP_ERROR');
    }
  });
});
