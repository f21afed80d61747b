/**
 * New names under real naming schemes, drawn with a seed.
 *
 * Pods keep their operator's scheme and each pod's role and index (the role is a fact: an MPI
 * launcher is not a worker); what changes is every part the user or the controller's random
 * suffix chose:
 * - Kubeflow training-operator and MPI operator: `<job>-<replicaType>-<index>` (kubeflow/common
 *   `pkg/core/utils.go` `GenGeneralName`: `jobName + "-" + rtype + "-" + index`), the launcher Job's
 *   pod `<job>-launcher-<suffix>` (awslabs/benchmark-ai `executor/mpi-hello-world/README.md`:
 *   `mpi-launcher-57jnh` beside `mpi-worker-0`).
 * - JobSet: `<jobset>-<replicatedJob>-<jobIndex>-<podIndex>-<suffix>` (kubernetes-sigs/jobset
 *   `docs/concepts/README.md`: `pytorch-workers-0-0-tcngx`).
 * - LeaderWorkerSet: leader `<lws>-<group>`, worker `<lws>-<group>-<index>` (kubernetes-sigs/lws
 *   `site/content/en/docs/concepts/_index.md`: `leaderworkerset-sample-0-1`).
 * - KubeRay: `<cluster>-head-<suffix>`, `<cluster>-<group>-worker-<suffix>`.
 * The workload name is replaced as the prefix of every such name; a trailing 5-character suffix
 * drawn from Kubernetes' `rand.String` alphabet (`bcdfghjklmnpqrstvwxz2456789`, kubernetes/apimachinery
 * `pkg/util/rand/rand.go`: no vowels, so no word is mistaken for one) is redrawn.
 *
 * Nodes take another cloud's scheme (one per case):
 * - GKE `gke-<cluster>-<pool>-<8 hex>-<4>` (`gke-first-cluster-default-pool-d344484d-vnj1`,
 *   gist.github.com/velotiotech/0fe995dec16bfa0a59589de1cb319e6d);
 * - EKS `ip-10-<a>-<b>-<c>.ec2.internal` (`ip-10-0-2-171.ec2.internal`,
 *   gist.github.com/velotiotech/bb8d37260cb405dc43cb82d7da05ccae; awslabs/amazon-eks-ami issue 75);
 * - AKS `aks-<pool>-<8 digits>-vmss<6 base-36>` (a VM scale set instance; the pool name is 1–12
 *   lowercase alphanumerics, learn.microsoft.com/azure/aks/use-system-pools);
 * - on premises `dgx-b200-<nn>`.
 */
import type { SeededRandom } from './seededRandom.js';

export const K8S_SUFFIX_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
const GENERATED_SUFFIX = new RegExp(`-[${K8S_SUFFIX_ALPHABET}]{5}$`);

const draw = (rng: SeededRandom, alphabet: string, length: number) => Array.from({ length }, () => rng.pick([...alphabet])).join('');

/** Names free of the words signals read, and names full of them (which must move nothing). */
const PLAIN_WORKLOADS = ['llm-pretrain-7b', 'vision-ft-run', 'asr-conformer', 'rec-dlrm-v2', 'mm-clip-large', 'summarize-t5'];
const SIGNAL_WORKLOADS = ['oom-nccl-timeout-sweep', 'killed-xid-error-repro', 'preempt-oom-bench', 'nccl-timeout-killed-ft'];
const PLAIN_PROJECTS = ['research-a', 'team-vision', 'nlp-core', 'speech-lab'];
const SIGNAL_PROJECTS = ['oom-research', 'nccl-timeouts-lab', 'xid-error-triage', 'preempt-killed'];

export function newWorkloadName(rng: SeededRandom, signalWords: boolean): string {
  return `${rng.pick(signalWords ? SIGNAL_WORKLOADS : PLAIN_WORKLOADS)}-${draw(rng, 'abcdefghijklmnopqrstuvwxyz', 3)}`;
}

export function newProjectName(rng: SeededRandom, signalWords: boolean): string {
  return rng.pick(signalWords ? SIGNAL_PROJECTS : PLAIN_PROJECTS);
}

/** `pod` under the new workload name, its generated suffix redrawn; unchanged when it does not start with the workload name. */
export function renamePod(pod: string, oldWorkload: string, newWorkload: string, rng: SeededRandom): string {
  if (!pod.startsWith(oldWorkload)) return pod;
  const renamed = `${newWorkload}${pod.slice(oldWorkload.length)}`;
  return GENERATED_SUFFIX.test(renamed) ? renamed.replace(GENERATED_SUFFIX, `-${draw(rng, K8S_SUFFIX_ALPHABET, 5)}`) : renamed;
}

export type NodeScheme = 'gke' | 'eks' | 'aks' | 'onprem';
export const NODE_SCHEMES: readonly NodeScheme[] = ['gke', 'eks', 'aks', 'onprem'];

/** Distinct new names for `count` nodes under `scheme`; `signalWords` puts signal words in the user-chosen parts (GKE cluster and pool). */
export function newNodeNames(count: number, scheme: NodeScheme, rng: SeededRandom, signalWords: boolean): string[] {
  const names = new Set<string>();
  const cluster = signalWords ? rng.pick(['oom-killed', 'nccl-timeout', 'xid-error']) : rng.pick(['ml-prod', 'train-east']);
  const pool = signalWords ? rng.pick(['preempt-a3-pool', 'nccl-oom-pool']) : rng.pick(['a3-highgpu', 'gpu-pool-1']);
  const hash = draw(rng, '0123456789abcdef', 8);
  const aksPool = signalWords ? rng.pick(['oomkilled', 'ncclxid']) : rng.pick(['gpupool', 'nodepool1']);
  const aksId = draw(rng, '0123456789', 8);
  const third = rng.int(0, 250);
  const start = rng.int(1, 40);
  while (names.size < count) {
    const index = start + names.size;
    if (signalWords || scheme === 'gke') names.add(`gke-${cluster}-${pool}-${hash}-${draw(rng, 'abcdefghijklmnopqrstuvwxyz0123456789', 4)}`);
    else if (scheme === 'eks') names.add(`ip-10-${rng.int(0, 31)}-${third}-${rng.int(2, 254)}.ec2.internal`);
    else if (scheme === 'aks') names.add(`aks-${aksPool}-${aksId}-vmss${index.toString(36).padStart(6, '0')}`);
    else names.add(`dgx-b200-${String(index).padStart(2, '0')}`);
  }
  return [...names];
}

/**
 * A name for a new replica beside `pod` (same scheme): its index raised past every index in
 * `taken` (`<job>-worker-3` → `<job>-worker-5`), its generated suffix redrawn; null when the name
 * has neither an index nor a generated suffix.
 */
export function siblingName(pod: string, taken: readonly string[], rng: SeededRandom): string | null {
  const suffix = GENERATED_SUFFIX.exec(pod)?.[0];
  const stem = suffix ? pod.slice(0, -suffix.length) : pod;
  const index = /^(.*-)(\d+)$/.exec(stem);
  const newSuffix = suffix ? `-${draw(rng, K8S_SUFFIX_ALPHABET, 5)}` : '';
  if (index) {
    const used = taken.map((name) => (name.startsWith(index[1]!) ? Number(/^(\d+)/.exec(name.slice(index[1]!.length))?.[1] ?? -1) : -1));
    return `${index[1]}${Math.max(Number(index[2]), ...used) + 1}${newSuffix}`;
  }
  return suffix ? `${stem}${newSuffix}` : null;
}

/** A node name beside `node`: its last number raised past every node's, or `-<n>` appended. */
export function siblingNode(node: string, taken: readonly string[]): string {
  const match = /^(.*?)(\d+)([^0-9]*)$/.exec(node);
  if (!match) return `${node}-${taken.length + 1}`;
  const [, head, , tail] = match;
  let candidate = Number(match[2]) + 1;
  const width = match[2]!.length;
  while (taken.includes(`${head}${String(candidate).padStart(width, '0')}${tail}`)) candidate += 1;
  return `${head}${String(candidate).padStart(width, '0')}${tail}`;
}
