/**
 * The kinds of failed workload the suspect-node histories are made of, each with what the
 * DESIGN §4.8 rule text says about it: whether it counts toward "≥ 3 failed workloads from ≥ 2
 * submitters" (NODE_FAILURE, UNKNOWN, CRASH_APP_ERROR carrying an NCCL / CUDA / Xid signature)
 * and whether it is a hardware Xid (suspect at once). Every kind is a bundled scenario
 * (fixtures/scenarios) whose category the scenario suite already pins; the four crafted kinds
 * only replace the crash's error clause with an upstream message, cited below.
 */

/** The bundled crash whose error clause the crafted kinds replace (crash-app-nonzero-exit). */
const CRASH_CLAUSE = "Traceback (most recent call last): ... FileNotFoundError: [Errno 2] No such file or directory: '/datasets/cifar10/train.lmdb'";

export interface FailureKind {
  /** The bundled scenario served again (fixtures/scenarios/<source>). */
  source: string;
  /** The source's node, replaced by the history's node. */
  sourceNode: string;
  /** Text replacements applied to the source's Run:ai state after the identity swap (crafted kinds). */
  clause?: { from: string; to: string };
  /** A kernel line the workload's node reports as a node-problem-detector condition (Tier 2 configured for the cluster). */
  tier2NodeCondition?: string;
  /** Run:ai events appended to the source's events before the identity swap (an event about the node, say). */
  events?: readonly Record<string, unknown>[];
  /** The source's other nodes (a distributed workload's peers), replaced in order by the failure's `peerNodes`. */
  peerSourceNodes?: readonly string[];
  /** The category the product is expected to give (informative: the scenario suite pins it). */
  category: string;
  /** §4.8: counts toward the ≥ 3 / ≥ 2 threshold. */
  counts: boolean;
  /** §4.8: "one hardware Xid" makes the node suspect on its own. */
  hardwareXid: boolean;
  /** §4.8: a routed verdict (preemption) is another diagnosis's; whether it carries `node` is not said. */
  routed: boolean;
  citation: string[];
}

const crash = (to: string) => ({ from: CRASH_CLAUSE, to });

export const FAILURE_KINDS = {
  // Node-side: the node went NotReady and the taint manager evicted the pod.
  'node-notready': {
    source: 'node-notready-restart-onfailure',
    sourceNode: 'dgx-a100-12',
    category: 'NODE_FAILURE',
    counts: true,
    hardwareXid: false,
    routed: false,
    citation: ['https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/tainteviction/taint_eviction.go'],
  },
  // Node-side: the spot instance was reclaimed (Karpenter's interruption handling).
  'spot-interruption': {
    source: 'node-spot-interruption',
    sourceNode: 'ip-10-0-41-17.ec2.internal',
    category: 'NODE_FAILURE',
    counts: true,
    hardwareXid: false,
    routed: false,
    citation: ['https://karpenter.sh/docs/concepts/disruption/#interruption'],
  },
  // UNKNOWN counts (§4.8): exit 137 after a kubelet Killing event, no OOMKilled anywhere.
  'unknown-137': {
    source: 'exit-137-without-oomkilled-unknown',
    sourceNode: 'dgx-a100-05',
    category: 'UNKNOWN',
    counts: true,
    hardwareXid: false,
    routed: false,
    citation: ['https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/events/event.go'],
  },
  // A crash carrying an NCCL signature: PyTorch's C10D_NCCL_CHECK message format.
  'crash-nccl': {
    source: 'crash-app-nonzero-exit',
    sourceNode: 'dgx-a100-04',
    clause: crash(
      'Traceback (most recent call last): ... torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5',
    ),
    category: 'CRASH_APP_ERROR',
    counts: true,
    hardwareXid: false,
    routed: false,
    citation: ['https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/NCCLUtils.hpp'],
  },
  // A crash carrying a CUDA signature: PyTorch's C10_CUDA_CHECK text around cudaErrorECCUncorrectable's string.
  'crash-cuda': {
    source: 'crash-app-nonzero-exit',
    sourceNode: 'dgx-a100-04',
    clause: crash('Traceback (most recent call last): ... RuntimeError: CUDA error: uncorrectable ECC error encountered'),
    category: 'CRASH_APP_ERROR',
    counts: true,
    hardwareXid: false,
    routed: false,
    citation: [
      'https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDAException.cpp',
      'https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html',
    ],
  },
  // A hardware Xid (79, GPU has fallen off the bus) relayed in the container's termination message.
  'xid-79': {
    source: 'crash-app-nonzero-exit',
    sourceNode: 'dgx-a100-04',
    clause: crash('NVRM: Xid (PCI:0000:3b:00): 79, pid=0, GPU has fallen off the bus.'),
    category: 'NODE_FAILURE',
    counts: true,
    hardwareXid: true,
    routed: false,
    citation: ['https://docs.nvidia.com/deploy/xid-errors/index.html'],
  },
  // The same Xid as node-problem-detector reports it, a node condition read through Tier 2 (the
  // form of fixtures/distributed-heldout/xid79-*); Tier 1 relays only the CUDA error the job saw.
  'xid-79-node-condition': {
    source: 'crash-app-nonzero-exit',
    sourceNode: 'dgx-a100-04',
    clause: crash('Traceback (most recent call last): ... RuntimeError: CUDA error: unspecified launch failure'),
    tier2NodeCondition: 'NVRM: Xid (PCI:0000:3b:00): 79, pid=0, GPU has fallen off the bus.',
    category: 'NODE_FAILURE',
    counts: true,
    hardwareXid: true,
    routed: false,
    citation: [
      'https://docs.nvidia.com/deploy/xid-errors/index.html',
      'https://github.com/kubernetes/node-problem-detector/blob/master/docs/custom_plugin_monitor.md',
    ],
  },
  // An application-attributable Xid (13, Graphics Engine Exception): the user's kernel, never a hardware Xid.
  'xid-13': {
    source: 'crash-app-nonzero-exit',
    sourceNode: 'dgx-a100-04',
    clause: crash('NVRM: Xid (PCI:0000:3b:00): 13, pid=48213, name=python, Graphics SM Warp Exception on (GPC 2, TPC 0, SM 1): Out Of Range Address'),
    category: 'CRASH_APP_ERROR',
    counts: true,
    hardwareXid: false,
    routed: false,
    citation: ['https://docs.nvidia.com/deploy/xid-errors/index.html'],
  },
  // A plain application crash (FileNotFoundError): no infrastructure signature, never counts.
  'crash-plain': {
    source: 'crash-app-nonzero-exit',
    sourceNode: 'dgx-a100-04',
    category: 'CRASH_APP_ERROR',
    counts: false,
    hardwareXid: false,
    routed: false,
    citation: ['https://docs.python.org/3/library/exceptions.html#FileNotFoundError'],
  },
  oom: {
    source: 'oom-killed-limit-above-request',
    sourceNode: 'dgx-a100-07',
    category: 'OOM_KILLED',
    counts: false,
    hardwareXid: false,
    routed: false,
    citation: ['https://kubernetes.io/docs/tasks/configure-pod-container/assign-memory-resource/'],
  },
  image: {
    source: 'image-pull-tag-not-found',
    sourceNode: 'dgx-a100-03',
    category: 'IMAGE_PULL_FAILED',
    counts: false,
    hardwareXid: false,
    routed: false,
    citation: ['https://kubernetes.io/docs/concepts/containers/images/#imagepullbackoff'],
  },
  init: {
    source: 'init-container-failed',
    sourceNode: 'dgx-a100-02',
    category: 'INIT_FAILED',
    counts: false,
    hardwareXid: false,
    routed: false,
    citation: ['https://kubernetes.io/docs/concepts/workloads/pods/init-containers/'],
  },
  datasource: {
    source: 'mount-pvc-not-found',
    sourceNode: 'dgx-a100-06',
    category: 'DATASOURCE_MOUNT_FAILED',
    counts: false,
    hardwareXid: false,
    routed: false,
    citation: ['https://kubernetes.io/docs/concepts/storage/persistent-volumes/'],
  },
  policy: {
    source: 'policy-max-duration-deadline',
    sourceNode: 'dgx-a100-10',
    category: 'SCHEDULING_POLICY_TERMINATED',
    counts: false,
    hardwareXid: false,
    routed: false,
    citation: ['https://kubernetes.io/docs/concepts/workloads/controllers/job/#job-termination-and-cleanup'],
  },
  preempted: {
    source: 'preempted-failed-exit-143',
    sourceNode: 'dgx-a100-09',
    category: 'routed',
    counts: false,
    hardwareXid: false,
    routed: true,
    citation: ['https://github.com/NVIDIA/KAI-Scheduler/blob/main/docs/README.md'],
  },
} as const satisfies Record<string, FailureKind>;

export type KindName = keyof typeof FAILURE_KINDS;

/** A table of kinds by name: this set's FAILURE_KINDS, or another held-out set's (test/suspect2). */
export type KindTable = Readonly<Record<string, FailureKind>>;

/** The named kind of a table; a name the table lacks is a mistake of the generator, never a default. */
export function kindOf(kinds: KindTable, name: string): FailureKind {
  const kind = kinds[name];
  if (kind === undefined) throw new Error(`unknown failure kind ${JSON.stringify(name)}`);
  return kind;
}

/** NODE_FAILURE and UNKNOWN: count by category alone. Families about windows, submitters or clusters draw from these, so that their outcome hangs on the property they test. */
export const NODE_OR_UNKNOWN_KINDS: readonly KindName[] = ['node-notready', 'spot-interruption', 'unknown-137'];
/** Crashes that count only through their NCCL / CUDA signature: the signature-crashes family tests them. */
export const SIGNATURE_CRASH_KINDS: readonly KindName[] = ['crash-nccl', 'crash-cuda'];
export const NODE_SIDE_KINDS: readonly KindName[] = [...NODE_OR_UNKNOWN_KINDS, ...SIGNATURE_CRASH_KINDS];
export const NEVER_COUNTING_KINDS: readonly KindName[] = ['oom', 'image', 'init', 'datasource', 'policy', 'preempted'];
