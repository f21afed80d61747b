/**
 * What the Tier 2 generators for multi-pod failures (secondReadRound, relayHostNodeRead,
 * relayedRankRead) share: a failed pod as the Kubernetes API describes it, and Tier 2 collected
 * with the same stage functions diagnoseWorkload.ts wires (the origin read again with Tier 2's log
 * lines), so a generator measures the reads the worker makes.
 */
import { analyseWorkload } from '../../functions/diagnosis/classify/analyseWorkload.js';
import { applyOrigin } from '../../functions/diagnosis/distributed/applyOrigin.js';
import { originUndecided } from '../../functions/diagnosis/distributed/originUndecided.js';
import { peerLineOf } from '../../functions/diagnosis/distributed/peerLineOf.js';
import { relayHostNodes } from '../../functions/diagnosis/distributed/relayHostNodes.js';
import { relayedRanksOf } from '../../functions/diagnosis/distributed/relayedRanksOf.js';
import { wrappedErrorOf } from '../../functions/diagnosis/distributed/wrappedErrorOf.js';
import type { WorkloadEvidence } from '../../functions/diagnosis/model/WorkloadEvidence.js';
import { KubernetesError, type KubernetesReader } from '../../functions/diagnosis/ports/KubernetesReader.js';
import type { K8sPod } from '../../functions/diagnosis/ports/KubernetesSchemas.js';
import { collectTier2Evidence } from '../../functions/diagnosis/tier2/collectTier2Evidence.js';
import type { Pod } from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { ago, evidenceOf, workloadStatus } from '../diagnosis/workloadEvidenceKit.js';

/** A pod whose one container ended with `exitCode` `msAgo` before the kit's NOW, on `node-<name>`. */
export const failedK8sPod = (name: string, exitCode: number, msAgo: number, namespace: string, container: string): K8sPod =>
  ({
    metadata: { name, namespace },
    spec: { nodeName: `node-${name}`, restartPolicy: 'Never', containers: [{ name: container }] },
    status: {
      phase: 'Failed',
      containerStatuses: [
        { name: container, restartCount: 0, state: { terminated: { exitCode, reason: 'Error', startedAt: ago(9_000_000), finishedAt: ago(msAgo) } } },
      ],
    },
  }) as K8sPod;

/**
 * Tier 1's evidence of a distributed workload whose replicas all failed: each listed by Run:ai on a
 * node of its own, its pod written completed `listedAgo` ms ago (Run:ai's time, which may lag the
 * container's own end), the workload's phase written `phaseAgo` ms ago.
 */
export function failedReplicasEvidence(job: string, namespace: string, replicas: readonly { name: string; listedAgo: number }[], phaseAgo: number) {
  const pods: Pod[] = replicas.map((replica) => ({
    name: replica.name,
    nodeName: `node-${replica.name}`,
    k8sPhase: 'Error',
    completedAt: ago(replica.listedAgo),
    k8sPhaseUpdatedAt: ago(replica.listedAgo),
  }));
  return evidenceOf({
    status: workloadStatus({ name: job, type: 'distributed', namespace, phaseUpdatedAt: ago(phaseAgo) }),
    pods: { ok: true, value: pods },
  });
}

/**
 * `listPods` of an account without `list` on pods (RBAC answers 403): Tier 2 falls back to the budgeted rounds
 * in Tier 1's order — what the generators written before the list measure.
 */
export const listForbidden: KubernetesReader['listPods'] = async () => {
  throw new KubernetesError('K8S_FORBIDDEN', 'GET /api/v1/namespaces/{namespace}/pods failed with HTTP 403', {
    endpoint: 'GET /api/v1/namespaces/{namespace}/pods',
    status: 403,
  });
};

/**
 * `listPods` over `pods` as the API server pages them: every pod carries the `workloadName` label Run:ai puts on a
 * workload's pods (listReplicaPods.ts), in `order` (the server's own, by name — never the listing Run:ai gave), `limit`
 * per page, the continue token the offset of the next page.
 */
export function listServed(pods: () => readonly K8sPod[], workload: string): KubernetesReader['listPods'] {
  return async (namespace, query) => {
    if (query.labelSelector !== `workloadName=${workload}`) return { items: [], continue: null };
    const all = pods()
      .filter((pod) => (pod.metadata?.namespace ?? namespace) === namespace)
      .sort((a, b) => String(a.metadata?.name).localeCompare(String(b.metadata?.name)));
    const from = query.continue ? Number(query.continue) : 0;
    const to = from + query.limit;
    return { items: all.slice(from, to), continue: to < all.length ? String(to) : null };
  };
}

/** Tier 2 as the worker collects it for `evidence`, then the origin read once more with Tier 2's log lines. */
export async function collectAsTheWorkerDoes(reader: KubernetesReader, evidence: WorkloadEvidence) {
  const reanalyse = (signals: Parameters<typeof analyseWorkload>[1]) => applyOrigin(evidence, analyseWorkload(evidence, signals));
  const { tier2, analysis } = await collectTier2Evidence({
    reader,
    evidence,
    analysis: reanalyse([]),
    reanalyse,
    peerLineOf,
    relayedRanksOf,
    wrappedErrorOf,
    originUndecided: (current, logs) => originUndecided(evidence, current, logs),
    relayHostNodes: (logs) => relayHostNodes(evidence, logs),
  });
  return { tier2, final: applyOrigin(evidence, analysis, tier2.logs) };
}
