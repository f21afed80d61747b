/**
 * Tier 2 for the histories whose failures carry a node-problem-detector condition
 * (`tier2NodeCondition`): one Kubernetes simulator per such cluster, serving each failed pod on
 * its node and the node with the condition, and the Tier 2 configuration file local mode reads
 * (RUNAI_DIAGNOSE_TIER2_CONFIG). Clusters it does not list have no Tier 2 (DESIGN §4.5), so
 * every other history stays Tier 1.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKubernetesSimulator, type KubernetesSimulatorOptions } from '../../functions/simulator/kubernetes/startKubernetesSimulator.js';
import type { PlannedFailure } from './expectSuspicion.js';
import { FAILURE_KINDS, kindOf, type KindTable } from './failureKinds.js';

interface Tier2Failure {
  failure: PlannedFailure;
  clusterId: string;
  resolvedAtMs: number;
}

const IMAGE = 'ghcr.io/acme-genai/diffusion-lab:1.8.0';
const condition = (type: string, status: string, reason: string, message: string, at: string) => ({
  type,
  status,
  lastHeartbeatTime: at,
  lastTransitionTime: at,
  reason,
  message,
});

/** The cluster's Kubernetes state: the failed pods (named as the crash scenario names them) and their nodes. */
function clusterState(failures: readonly Tier2Failure[], kinds: KindTable): KubernetesSimulatorOptions['scenario'] {
  const pods = failures.map(({ failure, resolvedAtMs }) => {
    const finishedAt = new Date(resolvedAtMs - 55 * 60_000).toISOString();
    const startedAt = new Date(resolvedAtMs - 68 * 60_000).toISOString();
    return {
      metadata: { name: `${failure.name}-0-0`, namespace: `runai-${failure.project}`, uid: `${failure.name}-uid`, creationTimestamp: startedAt },
      spec: { nodeName: failure.node, restartPolicy: 'Never', containers: [{ name: failure.name, image: IMAGE }] },
      status: {
        phase: 'Failed',
        startTime: startedAt,
        containerStatuses: [
          {
            name: failure.name,
            image: IMAGE,
            ready: false,
            restartCount: 0,
            started: false,
            state: { terminated: { exitCode: 1, reason: 'Error', startedAt, finishedAt } },
            lastState: {},
          },
        ],
      },
    };
  });
  const nodes = [...new Set(failures.map(({ failure }) => failure.node))].map((node) => {
    const reports = failures.filter(({ failure }) => failure.node === node);
    const at = new Date(Math.min(...reports.map(({ resolvedAtMs }) => resolvedAtMs - 56 * 60_000))).toISOString();
    const xid = reports.map(({ failure }) => kindOf(kinds, failure.kind)).find((kind) => kind.tier2NodeCondition !== undefined);
    return {
      metadata: { name: node, labels: { 'kubernetes.io/hostname': node } },
      status: {
        conditions: [
          condition('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status', at),
          ...(xid?.tier2NodeCondition !== undefined ? [condition('GPUXIDErrors', 'True', 'XIDErrorsDetected', xid.tier2NodeCondition, at)] : []),
        ],
      },
    };
  });
  return { pods, nodes, events: [], logs: [] } as unknown as KubernetesSimulatorOptions['scenario'];
}

/** Starts the simulators; null when no failure needs Tier 2. */
export async function startSuspectTier2(
  failures: readonly Tier2Failure[],
  kinds: KindTable = FAILURE_KINDS,
): Promise<{ configFile: string; close(): Promise<void> } | null> {
  const byCluster = new Map<string, Tier2Failure[]>();
  for (const entry of failures)
    if (kindOf(kinds, entry.failure.kind).tier2NodeCondition !== undefined) byCluster.set(entry.clusterId, [...(byCluster.get(entry.clusterId) ?? []), entry]);
  if (byCluster.size === 0) return null;
  const simulators = await Promise.all(
    [...byCluster].map(async ([clusterId, entries]) => ({ clusterId, simulator: await startKubernetesSimulator({ scenario: clusterState(entries, kinds) }) })),
  );
  const dir = await mkdtemp(join(tmpdir(), 'suspect-tier2-'));
  const configFile = join(dir, 'tier2.json');
  const clusters = Object.fromEntries(simulators.map(({ clusterId, simulator }) => [clusterId, { server: simulator.url, token: simulator.token }]));
  await writeFile(configFile, JSON.stringify({ clusters }));
  return {
    configFile,
    async close() {
      await Promise.all(simulators.map(({ simulator }) => simulator.close()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
