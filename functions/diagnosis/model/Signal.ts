/**
 * A signal is one named fact read from a Run:ai response: "this event says the image pull
 * failed", "this pod's k8sPhase is OOMKilled". Rules combine signals into a category;
 * the raw text is carried along only to be quoted as evidence.
 */
import type { Fact } from './Fact.js';
import type { LineRuleName } from './LineRuleName.js';
import type { XidReading } from './XidReading.js';
import type { InfrastructureSignature } from './InfrastructureSignature.js';

export const SIGNAL_KINDS = [
  'OOM_KILLED', // the kernel / kubelet killed a container for exceeding its memory limit
  'IMAGE_PULL', // ErrImagePull / ImagePullBackOff / pull failure
  'INIT_FAILED', // an init container exited non-zero
  'MOUNT_FAILED', // FailedMount / FailedAttachVolume / missing PVC or secret volume
  'CONTAINER_CRASH', // the main container exited non-zero without a system signal
  'CRASH_LOOP', // CrashLoopBackOff / back-off restarting a failed container
  'EXIT_SYSTEM_SIGNAL', // exit 137 (SIGKILL) or 143 (SIGTERM): killed by something, cause unknown
  'POD_ERROR', // k8sPhase Error: a pod failed, cause not stated
  'NODE_FAILURE', // NodeNotReady / node lost / taint-manager eviction
  'EVICTED', // kubelet node-pressure eviction
  'SCHEDULING_POLICY', // idle timeout, max duration, policy or manual stop
  'PREEMPTED', // the scheduler preempted the workload (routes away; never a category)
  'UNSCHEDULABLE', // FailedScheduling, pending scheduling messages
  'PROBE_FAILURE', // liveness/startup probe failures (explain a 137, never classify alone)
  'PROBE_KILL', // the kubelet restarted a container because its liveness/startup probe failed
  'CONTAINER_START_ERROR', // a container could not be created or started and the text does not say which side failed (image/command, config, node runtime)
  'NODE_START_FAILURE', // the node could not start the pod: sandbox/CNI, GPU runtime or driver, device admission, runtime disk
  'ADMISSION_DENIED', // an admission webhook or policy refused to create the pods: quoted first in UNKNOWN, a confirmed start failure
  'POD_CREATE_FAILED', // a controller could not create the pods for another stated reason (an admission webhook unreachable…): quoted first in UNKNOWN, a confirmed start failure
  'STORAGE_LIMIT_EXCEEDED', // the kubelet evicted the pod for exceeding its own ephemeral-storage or emptyDir limit
  'GPU_UNREACHABLE', // NVML / CUDA / nvidia-smi told a container allocated a GPU that the GPU or its driver cannot be reached (signals/gpu/readGpuUnreachable.ts)
  'UNCATEGORISED', // a system message that says what failed where no category fits: quoted first in UNKNOWN, never decides
] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/** The Tier 1 source names (docs/procedure.md), cited as sources in reports. */
export type Tier1SourceName =
  | 'list_workloads'
  | 'get_workload_status'
  | 'get_workload_spec'
  | 'get_workload_pods'
  | 'get_workload_history'
  | 'get_workload_metrics'
  // An inference revision's status, events, pods and history (`/api/v1/workloads/inferences/…/revisions`).
  | 'get_inference_revisions';

/**
 * Tier 2 evidence cites the kubectl command an SRE would run, with its real arguments
 * (`kubectl describe pod trainer-0 -n runai-ml`): see functions/diagnosis/tier2/kubectlCommands.ts.
 */
export type Tier2SourceName = `kubectl ${string}`;

export type SourceName = Tier1SourceName | Tier2SourceName;

/** Where in a response a signal was read; decides how it is quoted and how episodes merge. */
export type SignalOrigin =
  | 'phase'
  | 'condition'
  | 'event'
  | 'pod'
  | 'history-event'
  | 'history-phase'
  // Tier 2 (Kubernetes API): pod status, pod events, node conditions.
  | 'k8s-pod'
  | 'k8s-event'
  | 'k8s-node';

export type ImagePullCause = 'manifest' | 'invalid_reference' | 'network' | 'auth' | 'access_denied' | 'unspecified';

/** Why a node went away, when its remover says so (Karpenter, the AWS Node Termination Handler, cluster-autoscaler, a cloud controller, the kubelet's shutdown manager). */
export type NodeRemoval = 'spot-interruption' | 'consolidation' | 'drift' | 'expiration' | 'scale-down' | 'node-deleted' | 'node-shutdown';

/** A signal's decisive line, quoted (neutralised, redacted, length-capped) like evidence. */
export interface QuotedLine {
  text: string;
  /** The line rule that chose it (decisiveLine/lineRules.ts); null: the line holding the matched part. */
  rule: LineRuleName | null;
  /** Container-written text carried by a system message (a log tail, a termination message). */
  fromPayload: boolean;
}

export interface Signal {
  kind: SignalKind;
  source: SourceName;
  origin: SignalOrigin;
  /** What was read, to be rendered as an evidence line in the report's language. */
  fact: Fact;
  /** Epoch ms when the fact was recorded, when known. */
  at: number | null;
  /** How many identical raw records this signal stands for (repeated back-off events). */
  repeats: number;
  /**
   * Epoch ms of the first of the records it stands for, when earlier than `at` (`at` is the newest):
   * a Kubernetes event's `firstTimestamp` under its `count`. The first failure of a replica that
   * restarted orders it among its peers (distributed/readReplicaFailures.ts).
   */
  firstAt?: number;
  imagePullCause?: ImagePullCause;
  exitCode?: number;
  nodeName?: string;
  nodeRemoval?: NodeRemoval;
  /** The line a person needs to act on, when the record has text (decisiveLine/). */
  line?: QuotedLine;
  /** The NVIDIA Xid this signal was decoded from (gpu/xidCatalogue.ts): rules quote it first, recommendations act on it. */
  xid?: XidReading;
  /**
   * An infrastructure signature read anywhere in the record's whole text, not only its decisive
   * line (signals/gpu/readInfrastructureSignature.ts): counted by the fleet against the node
   * (§4.8), never used to choose a category.
   */
  signature?: InfrastructureSignature;
}
