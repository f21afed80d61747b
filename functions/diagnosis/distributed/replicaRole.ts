/**
 * The role a pod plays in its framework, read from the names the operators give pods. Used
 * only to find the submitted spec part a replica runs (a Ray head and its workers can have
 * different memory limits), never for the verdict: a name never pulls a category.
 *
 * - Kubeflow training-operator: `<job>-<replica type>-<index>` (master, worker, chief, ps, evaluator, launcher)
 *   https://github.com/kubeflow/training-operator/blob/master/pkg/common/util/util.go (GenGeneralName)
 * - MPI operator: `<job>-launcher-<suffix>` / `<job>-worker-<n>`
 *   https://github.com/kubeflow/mpi-operator/blob/master/pkg/controller/mpi_job_controller.go
 * - KubeRay: `<cluster>-head-<suffix>` / `<cluster>-<group>-worker-<suffix>`
 *   https://github.com/ray-project/kuberay/blob/master/ray-operator/controllers/ray/utils/util.go (PodName)
 * - LeaderWorkerSet: the leader `<name>-<group>`, its workers `<name>-<group>-<n>`
 *   https://github.com/kubernetes-sigs/lws/blob/main/pkg/controllers/pod_controller.go
 */
export type ReplicaRole = 'master' | 'worker' | 'launcher' | 'head' | 'leader' | 'chief' | 'ps' | 'evaluator';

const ROLE_IN_NAME = /-(master|worker|launcher|head|chief|ps|evaluator)(?:-[a-z0-9]+)*$/;

/** The role a pod's name gives it within its workload, or null when the name follows no known pattern. */
export function replicaRole(podName: string, workloadName: string): ReplicaRole | null {
  const rest = podName.startsWith(`${workloadName}-`) ? podName.slice(workloadName.length) : null;
  if (rest === null) return null;
  const named = ROLE_IN_NAME.exec(rest);
  if (named?.[1]) return named[1] as ReplicaRole;
  // LeaderWorkerSet: `-<group>` is the leader, `-<group>-<n>` (n ≥ 1) a worker.
  const lws = /^-(\d+)(?:-(\d+))?$/.exec(rest);
  if (lws) return lws[2] === undefined ? 'leader' : 'worker';
  return null;
}
