/**
 * Every replica's pod status in one read-only LIST (`kubectl get pods -n <ns> -l workloadName=<name>`),
 * so that the order Tier 2 spends its pod, log and node reads in rests on each container's own end
 * (`finishedAt`) for every replica, whatever the job's size — not on Run:ai's `completedAt`, which can lag
 * it (docs/procedure.md "Two clocks"), nor on how many replicas a read budget happens to cover.
 *
 * Which pods: the label Run:ai puts on every pod of a workload, `workloadName: <workload name>` (a Run:ai
 * 2.17 training pod as Run:ai published it: run-ai/fake-gpu-operator design/samples/2.17/fractional_pod.yaml,
 * labels `app: runaijob`, `project`, `release`, `workloadKind`, `workloadName`; docs/alertmanager.md). The
 * label narrows the list on the server; it is never trusted alone: only the pods Run:ai itself listed for
 * the workload, by name and in the workload's namespace, are kept, so a pod that carries the label without
 * being a replica (a user's own label, another workload of the same name elsewhere) changes nothing.
 *
 * Bounds: pages of POD_LIST_PAGE pods (apimachinery's chunked LIST, `limit` then `continue`), at most
 * MAX_POD_LIST_PAGES of them, each under the client's deadline and byte cap. A label-selected list holds the
 * workload's pods only, so a namespace of 500 other pods costs the server's filtering, not our bytes.
 */
import type { K8sPod } from '../ports/KubernetesSchemas.js';
import { isKubernetesError, type KubernetesErrorCode, type KubernetesReader } from '../ports/KubernetesReader.js';
import { isLabelValue } from './kubernetesNames.js';

/** The label Run:ai puts on a workload's pods, valued with the workload's name. */
export const WORKLOAD_LABEL = 'workloadName';
/** Pods per page: at 10–20 KB a pod (managedFields included), a page stays near 1–2 MB, well under the client's 4 MiB cap. */
export const POD_LIST_PAGE = 100;
/** Pages read at most: 1,000 replicas. A larger job keeps Run:ai's order for the replicas beyond (`complete: false`). */
export const MAX_POD_LIST_PAGES = 10;

export type ReplicaPodList =
  | {
      ok: true;
      /** Run:ai's replica name → its Kubernetes pod, for the replicas the list returned. */
      pods: Map<string, K8sPod>;
      /** False when the page bound stopped the list before its end. */
      complete: boolean;
    }
  | { ok: false; reason: KubernetesErrorCode | 'unlabelled' | 'invalid-name' };

/** The equality selector for a workload, or null when its name cannot be a label value (never sent then). */
export function workloadSelector(workloadName: string | null | undefined): string | null {
  return isLabelValue(workloadName) ? `${WORKLOAD_LABEL}=${workloadName}` : null;
}

/**
 * Lists the workload's pods by its label, page by page, and keeps those Run:ai listed (`replicaNames`).
 * A failed page (403 without `list` on pods, a timeout) fails the whole list: the caller falls back to
 * Run:ai's order and says so. A list that returns none of Run:ai's replicas (pods labelled otherwise: an
 * older Run:ai used `release`) is `unlabelled`, the same fallback.
 */
export async function listReplicaPods(
  reader: KubernetesReader,
  namespace: string,
  workloadName: string | null | undefined,
  replicaNames: readonly string[],
): Promise<ReplicaPodList> {
  const labelSelector = workloadSelector(workloadName);
  if (labelSelector === null) return { ok: false, reason: 'invalid-name' };
  const wanted = new Set(replicaNames);
  const pods = new Map<string, K8sPod>();
  let token: string | null = null;
  let pages = 0;
  try {
    do {
      const page = await reader.listPods(namespace, { labelSelector, limit: POD_LIST_PAGE, ...(token ? { continue: token } : {}) });
      pages += 1;
      for (const pod of page.items) {
        const name = pod.metadata?.name;
        // Never the label alone: the pod must be one Run:ai lists for this workload, in this namespace.
        if (name && wanted.has(name) && (pod.metadata?.namespace ?? namespace) === namespace && !pods.has(name)) pods.set(name, pod);
      }
      token = page.continue;
    } while (token && pages < MAX_POD_LIST_PAGES);
  } catch (error) {
    return { ok: false, reason: isKubernetesError(error) ? error.code : 'K8S_BAD_RESPONSE' };
  }
  if (pods.size === 0) return { ok: false, reason: 'unlabelled' };
  return { ok: true, pods, complete: !token };
}
