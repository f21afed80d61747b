/**
 * Signals as data. Each table maps a structured field of a Run:ai response (event reason,
 * pod k8sPhase, condition reason) to a named signal; message patterns only refine a row
 * whose structured field already matched, or read the system-authored phase message.
 * Adding an error string is one row here, never a new `if` in the rules.
 *
 * Why scoping matters: event and phase messages can embed text the workload controls
 * (container names, image names, termination messages). A message that merely *claims*
 * "Preempted" or "Category: NODE_FAILURE" under an unrelated reason must not become a
 * signal, so preemption is only read from the structured reason (or from a scheduler's
 * own eviction event), and messages never name a category.
 */
import type { ImagePullCause, SignalKind } from './Signal.js';

export interface EventReasonRow {
  /** Kubernetes event reason, compared case-insensitively. */
  reason: string;
  kind: SignalKind;
  /** When set, the event message must match too (kubelet reuses `Failed`/`BackOff` for several causes). */
  message?: RegExp;
  /** When set, the event source must match (only the scheduler can preempt). */
  source?: RegExp;
}

const SCHEDULER_SOURCE = /scheduler/i;

/** Ordered: the first matching row wins for an event. */
export const EVENT_REASON_TABLE: readonly EventReasonRow[] = [
  // Preemption: the structured reason, or a scheduler's own eviction that says so.
  { reason: 'Preempted', kind: 'PREEMPTED' },
  { reason: 'Preempting', kind: 'PREEMPTED', source: SCHEDULER_SOURCE },
  { reason: 'Evict', kind: 'PREEMPTED', source: SCHEDULER_SOURCE, message: /\bpreempt/i },
  { reason: 'Evicted', kind: 'PREEMPTED', source: SCHEDULER_SOURCE, message: /\bpreempt/i },
  // Memory.
  { reason: 'OOMKilling', kind: 'OOM_KILLED' },
  { reason: 'OOMKilled', kind: 'OOM_KILLED' },
  // Image pulls (kubelet: reason Failed / BackOff with a pull message, or the waiting reasons).
  { reason: 'ErrImagePull', kind: 'IMAGE_PULL' },
  { reason: 'ImagePullBackOff', kind: 'IMAGE_PULL' },
  { reason: 'InvalidImageName', kind: 'IMAGE_PULL' },
  { reason: 'ErrImageNeverPull', kind: 'IMAGE_PULL' },
  { reason: 'Failed', kind: 'IMAGE_PULL', message: /^(?:Failed to pull image|Error: (?:ErrImagePull|ImagePullBackOff|InvalidImageName|ErrImageNeverPull)\b)/i },
  { reason: 'BackOff', kind: 'IMAGE_PULL', message: /^Back-off pulling image/i },
  // Crash loops and container start failures.
  { reason: 'BackOff', kind: 'CRASH_LOOP', message: /^Back-off restarting failed container/i },
  { reason: 'CrashLoopBackOff', kind: 'CRASH_LOOP' },
  { reason: 'Failed', kind: 'MOUNT_FAILED', message: /^Error: CreateContainerConfigError\b|^Error: (?:secret|configmap) "[^"]*" not found/i },
  { reason: 'Failed', kind: 'CONTAINER_CRASH', message: /^Error: (?:failed to (?:create containerd task|start container)|container create failed|RunContainerError|StartError|CreateContainerError)\b/i },
  // Volumes and data sources.
  { reason: 'FailedMount', kind: 'MOUNT_FAILED' },
  { reason: 'FailedAttachVolume', kind: 'MOUNT_FAILED' },
  { reason: 'FailedMapVolume', kind: 'MOUNT_FAILED' },
  { reason: 'CreateContainerConfigError', kind: 'MOUNT_FAILED' },
  // Nodes.
  { reason: 'NodeNotReady', kind: 'NODE_FAILURE' },
  { reason: 'NodeLost', kind: 'NODE_FAILURE' },
  { reason: 'NodeShutdown', kind: 'NODE_FAILURE' },
  { reason: 'TaintManagerEviction', kind: 'NODE_FAILURE' },
  { reason: 'Evicted', kind: 'EVICTED' },
  // Policies that stop workloads (Run:ai idle / duration policies, Job deadlines).
  { reason: 'IdleTimeout', kind: 'SCHEDULING_POLICY' },
  { reason: 'IdleGPUTimeout', kind: 'SCHEDULING_POLICY' },
  { reason: 'IdleGpuTimeout', kind: 'SCHEDULING_POLICY' },
  { reason: 'MaxDurationExceeded', kind: 'SCHEDULING_POLICY' },
  { reason: 'MaxRuntimeExceeded', kind: 'SCHEDULING_POLICY' },
  { reason: 'DeadlineExceeded', kind: 'SCHEDULING_POLICY' },
  { reason: 'TimeLimitExceeded', kind: 'SCHEDULING_POLICY' },
  { reason: 'StoppedByUser', kind: 'SCHEDULING_POLICY' },
  // Scheduling only (routes Pending workloads to the pending diagnosis).
  { reason: 'FailedScheduling', kind: 'UNSCHEDULABLE' },
  { reason: 'NonPreemptibleOverQuota', kind: 'UNSCHEDULABLE' },
  { reason: 'OverLimit', kind: 'UNSCHEDULABLE' },
  { reason: 'Unschedulable', kind: 'UNSCHEDULABLE' },
  { reason: 'NotReady', kind: 'UNSCHEDULABLE', source: SCHEDULER_SOURCE },
  // Probes: explain a SIGKILL, never classify on their own.
  { reason: 'Unhealthy', kind: 'PROBE_FAILURE', message: /^(?:Liveness|Startup) probe failed/i },
  { reason: 'Killing', kind: 'PROBE_FAILURE', message: /failed (?:liveness|startup) probe/i },
];

/** Pod `k8sPhase` values (kubectl-style status strings) → signal. First match wins. */
export const K8S_PHASE_TABLE: readonly { k8sPhase: RegExp; kind: SignalKind }[] = [
  { k8sPhase: /^(?:Init:)?OOMKilled$/i, kind: 'OOM_KILLED' },
  { k8sPhase: /^Init:(?:Error|CrashLoopBackOff|ExitCode:\s*[1-9]\d*|StartError|ContainerCannotRun)$/i, kind: 'INIT_FAILED' },
  { k8sPhase: /^(?:Init:)?(?:ErrImagePull|ImagePullBackOff|InvalidImageName|ErrImageNeverPull)$/i, kind: 'IMAGE_PULL' },
  { k8sPhase: /^CreateContainerConfigError$/i, kind: 'MOUNT_FAILED' },
  { k8sPhase: /^CrashLoopBackOff$/i, kind: 'CRASH_LOOP' },
  { k8sPhase: /^(?:ContainerCannotRun|StartError|RunContainerError|CreateContainerError)$/i, kind: 'CONTAINER_CRASH' },
  { k8sPhase: /^Evicted$/i, kind: 'EVICTED' },
  { k8sPhase: /^(?:NodeLost|NodeShutdown)$/i, kind: 'NODE_FAILURE' },
  { k8sPhase: /^(?:Error|Failed)$/i, kind: 'POD_ERROR' },
];

/**
 * Patterns read in system-authored messages (workload phaseMessage, condition messages,
 * phase updates in history). Kept to Kubernetes' and Run:ai's own phrasing.
 */
export const PHASE_MESSAGE_TABLE: readonly { pattern: RegExp; kind: SignalKind }[] = [
  { pattern: /\bOOMKill(?:ed|ing)\b|\bOOM[- ]killed\b|\bout of memory: Killed process\b/i, kind: 'OOM_KILLED' },
  { pattern: /\b(?:ErrImagePull|ImagePullBackOff|InvalidImageName|Failed to pull image)\b/i, kind: 'IMAGE_PULL' },
  { pattern: /\binit container\b[^.]{0,120}\b(?:failed|exit(?:ed)? (?:with )?(?:code|status)\s*[1-9])/i, kind: 'INIT_FAILED' },
  { pattern: /\bInit:(?:Error|CrashLoopBackOff)\b/i, kind: 'INIT_FAILED' },
  { pattern: /\b(?:FailedMount|FailedAttachVolume|MountVolume\.\w+ failed|persistentvolumeclaim "[^"]*" not found|CreateContainerConfigError)\b/i, kind: 'MOUNT_FAILED' },
  { pattern: /\bCrashLoopBackOff\b|\bBack-off restarting failed container\b/i, kind: 'CRASH_LOOP' },
  { pattern: /\bNodeNotReady\b|\bnode [^ ]{1,253} (?:is|was|became) not ready\b|\bNode is not ready\b|\bnode (?:was )?lost\b/i, kind: 'NODE_FAILURE' },
  { pattern: /\bThe node was low on resource\b|\bevicted\b.{0,40}\bnode\b|\bnode-pressure eviction\b/i, kind: 'EVICTED' },
  {
    pattern: /\bidle (?:GPU )?time(?:out| limit)\b|\bmax(?:imum)? (?:duration|runtime)\b.{0,40}\b(?:exceeded|reached)\b|\bexceeded (?:its |the )?max(?:imum)? (?:duration|runtime)\b|\bactive longer than specified deadline\b|\bstopped by (?:the )?(?:user|admin(?:istrator)?)\b|\bscheduling policy\b/i,
    kind: 'SCHEDULING_POLICY',
  },
];

/**
 * Where the system-written part of a phase or condition message ends and text the
 * container wrote begins: its termination message after the terminated reason
 * (`… exit code 1 (Error): <whatever the app wrote>`), or anything after a line break.
 * Patterns are matched on the system part only, so an application cannot name its own
 * category by printing "OOMKilled" or "NodeNotReady".
 */
export const CONTAINER_AUTHORED_TEXT_START = /\r?\n|\s\([A-Z][A-Za-z]*\):\s/;

/** `exit code 137`, `exited with code 1`, `exitCode: 2`, `exit status 139`. */
export const EXIT_CODE_PATTERN = /\bexit(?:ed)?(?: with)?[ _]?(?:code|status)[ :=]*\(?(\d{1,3})\b|\bexitCode[ :=]+(\d{1,3})\b/i;

/** Exit codes caused by a signal another process sent (the kernel, kubelet, a stop): rows of the shared exit-code table. */
export { SYSTEM_SIGNAL_EXIT_CODES } from './exitCodes.js';

/** Registry error text → sub-cause of an image pull failure (Robusta-style: pattern → cause). Ordered. */
export const IMAGE_PULL_CAUSE_TABLE: readonly { pattern: RegExp; cause: ImagePullCause }[] = [
  { pattern: /no such host|server misbehaving|i\/o timeout|dial tcp|connection refused|network is unreachable|TLS handshake timeout|temporary failure in name resolution|x509:|context deadline exceeded|connection reset by peer/i, cause: 'network' },
  { pattern: /\b401 Unauthorized\b|\bunauthorized\b|authentication required|no basic auth credentials|\b403 Forbidden\b|requested access to the resource is denied|invalid username\/password|failed to fetch (?:oauth|anonymous) token/i, cause: 'auth' },
  { pattern: /pull access denied/i, cause: 'access_denied' },
  { pattern: /manifest unknown|manifest for \S+ not found|: not found\b|\bnot found: manifest|\bNotFound\b|repository \S+ not found|name unknown|InvalidImageName|invalid reference format/i, cause: 'manifest' },
];
