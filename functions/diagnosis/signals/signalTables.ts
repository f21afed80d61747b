/**
 * Signals as data. Each table maps a structured field of a Run:ai response (event reason,
 * pod k8sPhase, condition reason) to a named signal; message patterns only refine a row
 * whose structured field already matched, or read the system-authored phase message.
 * Adding an error string is one row here, citing where upstream writes it (`upstream`:
 * repository and path), never a new `if` in the rules.
 *
 * Why scoping matters: event and phase messages can embed text the workload controls
 * (container names, image names, termination messages). A message that merely *claims*
 * "Preempted" or "Category: NODE_FAILURE" under an unrelated reason must not become a
 * signal, so preemption is only read from the structured reason (or from a scheduler's
 * own eviction event), and messages never name a category.
 */
import { GPU_HEALTH_FAULT } from './gpu/gpuHealthFault.js';
import type { ImagePullCause, SignalKind } from '../model/Signal.js';

/**
 * A controller's structured report of a container exit ("exited with code 2", reason
 * `ExitCode1`): the exit code decides the signal with the exit-code table (0: none; a
 * signal another process sent: EXIT_SYSTEM_SIGNAL; any other: CONTAINER_CRASH).
 */
export interface ExitReport {
  /** Where the code is written. */
  in: 'reason' | 'message';
  /** Its first capture group is the exit code. */
  pattern: RegExp;
}

export interface EventReasonRow {
  /** Kubernetes reason (event reason, condition reason, phase reason): a string compared case-insensitively, or a pattern. */
  reason: string | RegExp;
  /**
   * The signal, or how to read it from a reported exit code, or null: a reason known to say
   * nothing on its own ("retries exhausted"), read so that UNKNOWN does not list it as unread.
   */
  kind: SignalKind | ExitReport | null;
  /** When set, the message must match too (kubelet reuses `Failed`/`BackOff` for several causes); its match is the decisive part quoted. */
  message?: RegExp;
  /** When set, the event source must match (only a scheduler or the kubelet can preempt). */
  source?: RegExp;
  /**
   * The exit code in this message is not the workload's (KubeRay's job submitter sidecar):
   * the generic exit-code reading of condition and phase messages must not use it.
   */
  foreignExitCode?: true;
  /** Where upstream writes this reason/message: `owner/repo path`. */
  upstream: string;
}

const SCHEDULER_SOURCE = /scheduler/i;
const KUBELET_SOURCE = /kubelet/i;

/**
 * The NVIDIA container stack failing on the node before any workload code runs: the
 * prestart hook (`nvidia-container-cli: <stage> error: …`), NVML/driver loading, CDI
 * device injection. Node-side, never an application crash.
 */
export const GPU_RUNTIME_FAILURE =
  /nvidia-container-cli: (?:initialization|device|requirement|mount|ldcache|detection|driver) error: [^\n]*|failed to inject CDI devices: [^\n]*|unresolvable CDI devices[^\n]*|nvml error: [^\n]*/i;

/** A pod sandbox (pause container, network namespace, CNI) the runtime could not create. */
const SANDBOX_FAILURE = /^Failed to create pod sandbox: .*/i;

/** The Kubernetes ResourceQuota admission refusal (plugin/pkg/admission/resourcequota/controller.go "exceeded quota: %s"). */
const QUOTA_REFUSAL = /\bis forbidden: exceeded quota: [^,\n]*/i;

/**
 * A policy refusing to create the pods: a validating admission webhook (Gatekeeper, Kyverno,
 * a vendor's) or an admission plugin ("pods \"x\" is forbidden: …"). Controllers relay it as
 * "Error creating: <err>" (FailedCreate) or in their own failure message.
 */
const ADMISSION_DENIAL = /\badmission webhook "[^"]*" denied the request: [^\n]*|\bis forbidden: (?!exceeded quota)[^\n]*/i;

/** The kubelet's own messages when it evicts a pod for exceeding the pod's own ephemeral-storage or emptyDir limit. */
const OWN_STORAGE_LIMIT =
  /Container \S+ exceeded its local ephemeral storage limit "[^"]*"|Pod ephemeral local storage usage exceeds the total limit of containers [^\n.]*|Usage of EmptyDir volume "[^"]*" exceeds the limit "[^"]*"/i;

/**
 * The runtime setting up the node's own facilities for a container before the workload's process
 * exists: loading the AppArmor or seccomp profile into the kernel, applying the pod's cgroup,
 * programming the device cgroup (eBPF), running an OCI hook. A failure there is the node's (its
 * kernel, its runtime, a binary or profile it lacks), never the workload's command, even when the
 * step reports an `exec: "…"` of its own helper. The workload's own exec failure is runc starting
 * its process, which none of these steps is.
 */
const RUNTIME_SETUP_FAILURE =
  /\bapparmor_parser\b|\bload apparmor profile\b|\bcannot load seccomp profile\b|\bunable to apply cgroup configuration\b|\berror setting cgroup config\b|\bbpf_prog_(?:query|attach|load)\b|\berror running (?:\w+ )?hook\b|\bhook #\d+\b/i;

/** The kubelet's own sentences for a pod it could not set up (SyncPod), whatever reason a relay gives their event. */
const KUBELET_POD_SETUP_FAILURE = /^(?:network is not ready|unable to ensure pod container exists|Failed to prepare dynamic resources): /;

/** Ordered: the first matching row wins for an event. */
export const EVENT_REASON_TABLE: readonly EventReasonRow[] = [
  // Preemption: the structured reason, or a scheduler's (or the kubelet's) own eviction that says so.
  { reason: 'Preempted', kind: 'PREEMPTED', upstream: 'kubernetes/kubernetes pkg/scheduler/framework/preemption/preemption.go' },
  { reason: 'Preempting', kind: 'PREEMPTED', source: SCHEDULER_SOURCE, upstream: 'kubernetes/kubernetes pkg/scheduler/framework/preemption/preemption.go' },
  {
    reason: 'Preempting',
    kind: 'PREEMPTED',
    source: KUBELET_SOURCE,
    message: /^Preempted in order to admit critical pod/i,
    upstream: 'kubernetes/kubernetes pkg/kubelet/preemption/preemption.go',
  },
  {
    reason: 'Evict',
    kind: 'PREEMPTED',
    source: SCHEDULER_SOURCE,
    message: /\bpreempt/i,
    upstream: 'NVIDIA/KAI-Scheduler pkg/scheduler/api/unschedule_info.go',
  },
  {
    reason: 'Evicted',
    kind: 'PREEMPTED',
    source: SCHEDULER_SOURCE,
    message: /\bpreempt/i,
    upstream: 'NVIDIA/KAI-Scheduler pkg/scheduler/api/unschedule_info.go',
  },
  // Memory.
  { reason: 'OOMKilling', kind: 'OOM_KILLED', upstream: 'kubernetes/node-problem-detector config/kernel-monitor.json' },
  { reason: 'OOMKilled', kind: 'OOM_KILLED', upstream: 'kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_container.go' },
  // Image pulls (kubelet: reason Failed / BackOff with a pull message, or the waiting reasons).
  { reason: 'ErrImagePull', kind: 'IMAGE_PULL', upstream: 'kubernetes/kubernetes pkg/kubelet/images/types.go' },
  { reason: 'ImagePullBackOff', kind: 'IMAGE_PULL', upstream: 'kubernetes/kubernetes pkg/kubelet/images/types.go' },
  { reason: 'InvalidImageName', kind: 'IMAGE_PULL', upstream: 'kubernetes/kubernetes pkg/kubelet/images/types.go' },
  { reason: 'ErrImageNeverPull', kind: 'IMAGE_PULL', upstream: 'kubernetes/kubernetes pkg/kubelet/images/image_manager.go' },
  { reason: 'InspectFailed', kind: 'IMAGE_PULL', upstream: 'kubernetes/kubernetes pkg/kubelet/images/image_manager.go (events.FailedToInspectImage)' },
  // Knative resolves the tag to a digest before creating pods: "Unable to fetch image %q: %s".
  { reason: 'ContainerMissing', kind: 'IMAGE_PULL', upstream: 'knative/serving pkg/apis/serving/v1/revision_lifecycle.go' },
  {
    reason: 'Failed',
    kind: 'IMAGE_PULL',
    message: /^(?:Failed to pull image|Error: (?:ErrImagePull|ImagePullBackOff|InvalidImageName|ErrImageNeverPull)\b)/i,
    upstream: 'kubernetes/kubernetes pkg/kubelet/images/image_manager.go',
  },
  { reason: 'BackOff', kind: 'IMAGE_PULL', message: /^Back-off pulling image/i, upstream: 'kubernetes/kubernetes pkg/kubelet/images/image_manager.go' },
  // The node could not start the pod: sandbox, GPU runtime or driver, device admission, runtime storage.
  {
    reason: 'FailedCreatePodSandBox',
    kind: 'NODE_START_FAILURE',
    upstream: 'kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_manager.go ("Failed to create pod sandbox: %v")',
  },
  {
    reason: 'Failed',
    kind: 'NODE_START_FAILURE',
    message: GPU_RUNTIME_FAILURE,
    upstream: 'NVIDIA/libnvidia-container src/cli/configure.c; NVIDIA/nvidia-container-toolkit internal/modifier/cdi',
  },
  { reason: 'UnexpectedAdmissionError', kind: 'NODE_START_FAILURE', upstream: 'kubernetes/kubernetes pkg/kubelet/lifecycle/predicate.go' },
  // The kubelet could not set the pod up: its network (CNI not ready), its cgroup, its dynamic resources (DRA), its sandbox's status.
  {
    reason: 'NetworkNotReady',
    kind: 'NODE_START_FAILURE',
    upstream: 'kubernetes/kubernetes pkg/kubelet/events/event.go (NetworkNotReady); pkg/kubelet/kubelet.go ("network is not ready: %v")',
  },
  {
    reason: 'FailedCreatePodContainer',
    kind: 'NODE_START_FAILURE',
    upstream:
      'kubernetes/kubernetes pkg/kubelet/events/event.go (FailedToCreatePodContainer); pkg/kubelet/kubelet.go ("unable to ensure pod container exists: %v")',
  },
  {
    reason: 'FailedPrepareDynamicResources',
    kind: 'NODE_START_FAILURE',
    upstream:
      'kubernetes/kubernetes pkg/kubelet/events/event.go (FailedPrepareDynamicResources); pkg/kubelet/kubelet.go ("Failed to prepare dynamic resources: %v")',
  },
  { reason: 'FailedPodSandBoxStatus', kind: 'NODE_START_FAILURE', upstream: 'kubernetes/kubernetes pkg/kubelet/events/event.go (FailedStatusPodSandBox)' },
  { reason: /^OutOf\S+$/, kind: 'NODE_START_FAILURE', upstream: 'kubernetes/kubernetes pkg/kubelet/lifecycle/predicate.go ("OutOf%s")' },
  // The runtime's own storage is full, or the runtime did not answer the kubelet's CRI call in time: the call's deadline
  // passed, or an earlier CreateContainer that timed out still holds the name (an overloaded node; the workload's
  // process never ran). The kubelet relays the CRI error as "Error: %v".
  {
    reason: 'Failed',
    kind: 'NODE_START_FAILURE',
    message:
      /\bno space left on device\b|^Error: (?:failed to reserve container name\b|[^\n]*\b(?:context deadline exceeded|name is reserved|timing out in CRI-O)\b)/i,
    upstream:
      'containerd/containerd internal/cri/server/container_create.go ("failed to reserve container name %q: %w"); cri-o/cri-o internal/resourcestore/resourcestore.go ("kubelet may be retrying requests that are timing out in CRI-O due to system load. Currently at stage %v: %w"), server/container_create.go (ReserveContainerName "name is reserved"); kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_container.go (startContainer "Error: %v", CRI calls bounded by runtimeRequestTimeout)',
  },
  // The kubelet's admission re-checks the scheduler's placement predicates (node affinity, node name, host ports, taints)
  // when the pod arrives: a failure there means the node changed under a pod the scheduler had placed, not the workload.
  {
    reason: /^\w+$/,
    kind: 'NODE_START_FAILURE',
    message: /^Predicate \w+ failed\b/,
    upstream:
      'kubernetes/kubernetes pkg/kubelet/lifecycle/predicate.go (PredicateFailureError.Error "Predicate %s failed"; GeneralPredicates, rejected with the predicate name as the pod reason)',
  },
  // A kubelet admit handler refusing what the pod itself asks for (an unsafe sysctl the node does not allowlist): a denial
  // of the request, like an admission webhook's, not a node fault.
  {
    reason: 'SysctlForbidden',
    kind: 'ADMISSION_DENIED',
    upstream: 'kubernetes/kubernetes pkg/kubelet/sysctl/allowlist.go (ForbiddenReason "SysctlForbidden", "forbidden sysctl: %q not allowlisted")',
  },
  // Data sources named by a container-start failure (runc mount, kubelet env/volume config).
  {
    reason: 'Failed',
    kind: 'MOUNT_FAILED',
    message: /error mounting "[^"]*" to rootfs at "[^"]*"/i,
    upstream: 'opencontainers/runc libcontainer/rootfs_linux.go',
  },
  {
    reason: 'Failed',
    kind: 'MOUNT_FAILED',
    message:
      /^Error: (?:(?:secret|configmap) "[^"]*" not found|couldn't find key \S+ in (?:Secret|ConfigMap) \S+|failed to prepare subPath for volumeMount "[^"]*")/i,
    upstream: 'kubernetes/kubernetes pkg/kubelet/kubelet_pods.go (makeEnvironmentVariables, makeMounts)',
  },
  // The runtime setting up the node's facilities (profiles, cgroups, device cgroup, hooks) before the entrypoint: not the workload's command.
  {
    reason: 'Failed',
    kind: 'NODE_START_FAILURE',
    message: RUNTIME_SETUP_FAILURE,
    upstream:
      'containerd/containerd contrib/apparmor/apparmor.go (LoadDefaultProfile "load apparmor profile %s: %w"), contrib/seccomp/seccomp.go (WithProfile "cannot load seccomp profile %q: %v"); opencontainers/runc libcontainer/process_linux.go (initProcess.start "unable to apply cgroup configuration: %w", "error setting cgroup config for procHooks process: %w"), libcontainer/configs/config.go (Hooks.Run "error running %s hook #%d: %w"); opencontainers/cgroups devices/ebpf_linux.go ("bpf_prog_query(BPF_CGROUP_DEVICE) failed: %w")',
  },
  {
    reason: /^\w+$/,
    kind: 'NODE_START_FAILURE',
    message: KUBELET_POD_SETUP_FAILURE,
    upstream:
      'kubernetes/kubernetes pkg/kubelet/kubelet.go (SyncPod: "network is not ready: %v", "unable to ensure pod container exists: %v", "Failed to prepare dynamic resources: %v")',
  },
  // Container start failures the submitted command causes (runc exec of the entrypoint).
  {
    reason: 'Failed',
    kind: 'CONTAINER_CRASH',
    message: /exec: \\?"[^"\\]*\\?": (?:executable file not found in \$PATH|permission denied|no such file or directory)|exec format error/i,
    upstream: 'opencontainers/runc libcontainer/standard_init_linux.go',
  },
  // Any other "Error: …" the kubelet reports for a container it could not create or start: say what it says.
  {
    reason: 'Failed',
    kind: 'CONTAINER_START_ERROR',
    message: /^Error: .*/i,
    upstream: 'kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_container.go startContainer',
  },
  // Crash loops, probe kills, failed hooks and reported exits.
  {
    reason: 'BackOff',
    kind: 'CRASH_LOOP',
    message: /^Back-off restarting failed container/i,
    upstream: 'kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_manager.go',
  },
  { reason: 'CrashLoopBackOff', kind: 'CRASH_LOOP', upstream: 'kubernetes/kubernetes pkg/kubelet/container/sync_result.go' },
  {
    reason: 'Killing',
    kind: 'PROBE_KILL',
    // computePodActions writes "Container %s failed liveness probe" and appends ", will be restarted" only
    // when the pod's restartPolicy restarts it (`if restart { message = fmt.Sprintf("%s, will be restarted",
    // message) }`): a training replica (restartPolicy Never/OnFailure with a failed pod) shows the bare form.
    message: /^Container \S+ failed (?:liveness|startup) probe(?:, will be restarted)?$|failed (?:liveness|startup) probe, will be restarted/i,
    upstream: 'kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_manager.go computePodActions',
  },
  // The event says only "PostStartHook failed" (the hook's output is kept out of events on purpose).
  { reason: 'FailedPostStartHook', kind: 'CONTAINER_CRASH', upstream: 'kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_container.go startContainer' },
  {
    reason: 'ExitedWithCode',
    kind: { in: 'message', pattern: /\bexited with code (\d{1,3})\b/i },
    upstream: 'kubeflow/training-operator pkg/controller.v1/common/pod.go ReconcilePods',
  },
  {
    reason: /^ExitCode\d{1,3}$/,
    kind: { in: 'reason', pattern: /^ExitCode(\d{1,3})$/i },
    upstream: 'knative/serving pkg/apis/serving/v1/revision_lifecycle.go ExitCodeReason',
  },
  {
    reason: 'PodFailurePolicy',
    kind: { in: 'message', pattern: /\bfailed with exit code (\d{1,3}) matching \w+ rule\b/i },
    message: /\bfailed with exit code \d{1,3} matching \w+ rule at index \d+/i,
    upstream: 'kubernetes/kubernetes pkg/controller/job/pod_failure_policy.go',
  },
  {
    reason: 'PodFailurePolicy',
    kind: 'UNCATEGORISED',
    message: /\bhas condition \w+ matching \w+ rule at index \d+/i,
    upstream: 'kubernetes/kubernetes pkg/controller/job/pod_failure_policy.go',
  },
  {
    reason: 'AppFailed',
    kind: { in: 'message', pattern: /^Job entrypoint command failed with exit code (\d{1,3})/i },
    message: /^Job entrypoint command failed with exit code \d{1,3}/i,
    upstream: 'ray-project/ray python/ray/dashboard/modules/job/job_supervisor.py (relayed by ray-project/kuberay rayjob_controller.go)',
  },
  { reason: 'AppFailed', kind: 'UNCATEGORISED', upstream: 'ray-project/kuberay ray-operator/controllers/ray/rayjob_controller.go' },
  // KubeRay's submitter is a sidecar running `ray job submit`: its exit is not the workload's.
  {
    reason: 'SubmissionFailed',
    kind: 'UNCATEGORISED',
    foreignExitCode: true,
    upstream: 'ray-project/kuberay ray-operator/controllers/ray/rayjob_controller.go',
  },
  // Volumes and data sources.
  { reason: 'FailedMount', kind: 'MOUNT_FAILED', upstream: 'kubernetes/kubernetes pkg/volume/util/operationexecutor/operation_generator.go' },
  { reason: 'FailedAttachVolume', kind: 'MOUNT_FAILED', upstream: 'kubernetes/kubernetes pkg/volume/util/operationexecutor/operation_generator.go' },
  { reason: 'FailedMapVolume', kind: 'MOUNT_FAILED', upstream: 'kubernetes/kubernetes pkg/volume/util/operationexecutor/operation_generator.go' },
  // A container-config error is a data-source failure only when it names what is missing.
  {
    reason: 'CreateContainerConfigError',
    kind: 'MOUNT_FAILED',
    message:
      /\b(?:secret|configmap|persistentvolumeclaim) "[^"]*" not found|couldn't find key \S+ in (?:Secret|ConfigMap)|failed to prepare subPath for volumeMount/i,
    upstream: 'kubernetes/kubernetes pkg/kubelet/kubelet_pods.go; knative/serving pkg/reconciler/revision/reconcile_resources.go',
  },
  {
    reason: 'CreateContainerConfigError',
    kind: 'CONTAINER_START_ERROR',
    upstream: 'kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_container.go ErrCreateContainerConfig',
  },
  // Nodes.
  { reason: 'NodeNotReady', kind: 'NODE_FAILURE', upstream: 'kubernetes/kubernetes pkg/controller/util/node/controller_utils.go' },
  { reason: 'NodeLost', kind: 'NODE_FAILURE', upstream: 'kubernetes/kubernetes pkg/util/node/node.go' },
  { reason: 'NodeShutdown', kind: 'NODE_FAILURE', upstream: 'kubernetes/kubernetes pkg/kubelet/nodeshutdown/nodeshutdown_manager_linux.go' },
  // Who removed the node (its cause is read by nodeRemovalTable.ts): Karpenter, the AWS Node Termination Handler, cluster-autoscaler, cloud controllers.
  {
    reason: 'Disrupted',
    kind: 'NODE_FAILURE',
    upstream: 'kubernetes-sigs/karpenter pkg/controllers/node/termination/terminator/events/events.go (DisruptPodDelete)',
  },
  { reason: 'DisruptionTerminating', kind: 'NODE_FAILURE', upstream: 'kubernetes-sigs/karpenter pkg/controllers/disruption/events/events.go (Terminating)' },
  {
    reason: /^(?:SpotInterrupted|TerminatingOnInterruption|InstanceTerminating|InstanceStopping)$/,
    kind: 'NODE_FAILURE',
    upstream: 'aws/karpenter-provider-aws pkg/controllers/interruption/events/events.go',
  },
  { reason: /^(?:SpotInterruption|ASGLifecycle)$/, kind: 'NODE_FAILURE', upstream: 'aws/aws-node-termination-handler pkg/observability/k8s-events.go' },
  {
    reason: 'ScaleDown',
    kind: 'NODE_FAILURE',
    message: /^deleting pod for node scale down\b/i,
    upstream: 'kubernetes/autoscaler cluster-autoscaler/core/scaledown/actuation/drain.go (evictPod)',
  },
  {
    reason: 'DeletingNode',
    kind: 'NODE_FAILURE',
    upstream: 'kubernetes/cloud-provider controllers/nodelifecycle/node_lifecycle_controller.go (deleteNodeEvent)',
  },
  // Only "Marking for deletion": "Cancelling deletion" means no node failure reached the pod.
  {
    reason: 'TaintManagerEviction',
    kind: 'NODE_FAILURE',
    message: /^Marking for deletion Pod\b/i,
    upstream: 'kubernetes/kubernetes pkg/controller/tainteviction/taint_eviction.go',
  },
  // The kubelet evicted the pod for its own declared limits (not node pressure): the workload's limit, not the node.
  {
    reason: 'Evicted',
    kind: 'STORAGE_LIMIT_EXCEEDED',
    message: OWN_STORAGE_LIMIT,
    upstream:
      'kubernetes/kubernetes pkg/kubelet/eviction/eviction_manager.go (localStorageEviction, emptyDirLimitEviction, containerEphemeralStorageLimitEviction, podEphemeralStorageLimitEviction)',
  },
  // Karpenter drains a node it disrupts (consolidation, drift, expiry, interruption) through the Eviction API.
  {
    reason: 'Evicted',
    kind: 'NODE_FAILURE',
    message: /^Evicted pod\b/,
    upstream: 'kubernetes-sigs/karpenter pkg/controllers/node/termination/terminator/events/events.go (EvictPod)',
  },
  { reason: 'Evicted', kind: 'EVICTED', upstream: 'kubernetes/kubernetes pkg/kubelet/eviction/helpers.go' },
  // mpi-operator appends the last failed launcher pod's status reason: "BackoffLimitExceeded/Evicted".
  { reason: /\/Evicted$/, kind: 'EVICTED', upstream: 'kubeflow/mpi-operator pkg/controller/mpi_job_controller.go updateMPIJobFailedStatus' },
  {
    reason: 'MPIJobEvicted',
    kind: 'EVICTED',
    upstream: 'kubeflow/mpi-operator pkg/controller/mpi_job_controller.go; kubeflow/training-operator pkg/controller.v1/mpi/mpijob_controller.go',
  },
  // Policies that stop workloads (Run:ai idle / duration policies, Job and RayJob deadlines).
  { reason: 'IdleTimeout', kind: 'SCHEDULING_POLICY', upstream: 'run-ai/docs (workload policies)' },
  { reason: 'IdleGPUTimeout', kind: 'SCHEDULING_POLICY', upstream: 'run-ai/docs (workload policies)' },
  { reason: 'IdleGpuTimeout', kind: 'SCHEDULING_POLICY', upstream: 'run-ai/docs (workload policies)' },
  { reason: 'MaxDurationExceeded', kind: 'SCHEDULING_POLICY', upstream: 'run-ai/docs (workload policies)' },
  { reason: 'MaxRuntimeExceeded', kind: 'SCHEDULING_POLICY', upstream: 'run-ai/docs (workload policies)' },
  {
    reason: 'DeadlineExceeded',
    kind: 'SCHEDULING_POLICY',
    upstream: 'kubernetes/kubernetes pkg/controller/job/job_controller.go; pkg/kubelet/active_deadline.go',
  },
  { reason: 'PreRunningDeadlineExceeded', kind: 'SCHEDULING_POLICY', upstream: 'ray-project/kuberay ray-operator/controllers/ray/rayjob_controller.go' },
  { reason: 'TimeLimitExceeded', kind: 'SCHEDULING_POLICY', upstream: 'run-ai/docs (workload policies)' },
  { reason: 'StoppedByUser', kind: 'SCHEDULING_POLICY', upstream: 'run-ai/docs (workload policies)' },
  // The shape of those reasons, in any controller's words: a time limit set on the workload was exceeded
  // (Max…Duration/Runtime/Time…Exceeded, …TimeLimitExceeded), or a queue evicted it when its own timeout ran out
  // (Kueue's "EvictedDueTo" + reason for waitForPodsReady). A count that ran out (RequeuingLimitExceeded) and a
  // rollout's ProgressDeadlineExceeded are not a time limit on the workload.
  {
    reason: /^(?:(?:DeactivatedDueTo)?Max(?:imum)?\w*(?:Duration|Runtime|Time)\w*Exceeded|\w*TimeLimitExceeded|EvictedDueTo\w*Timeout)$/,
    kind: 'SCHEDULING_POLICY',
    upstream:
      'kubernetes-sigs/kueue apis/kueue/v1beta1/workload_types.go (WorkloadMaximumExecutionTimeExceeded "MaximumExecutionTimeExceeded", WorkloadEvictedByPodsReadyTimeout "PodsReadyTimeout"), pkg/controller/core/workload_controller.go (events "EvictedDueTo" + reason); run-ai/docs (workload policies)',
  },
  // A claim that does not exist is a data source to fix, not a wait (volumebinding PreFilter).
  {
    reason: 'FailedScheduling',
    kind: 'MOUNT_FAILED',
    message: /\bpersistentvolumeclaim "[^"]*" not found/i,
    upstream: 'kubernetes/kubernetes pkg/scheduler/framework/plugins/volumebinding/volume_binding.go',
  },
  // Scheduling only (routes Pending workloads to the pending diagnosis).
  { reason: 'FailedScheduling', kind: 'UNSCHEDULABLE', upstream: 'kubernetes/kubernetes pkg/scheduler/schedule_one.go' },
  { reason: 'NonPreemptibleOverQuota', kind: 'UNSCHEDULABLE', upstream: 'NVIDIA/KAI-Scheduler pkg/scheduler/api/unschedule_info.go' },
  { reason: 'OverLimit', kind: 'UNSCHEDULABLE', upstream: 'NVIDIA/KAI-Scheduler pkg/scheduler/api/unschedule_info.go' },
  { reason: 'Unschedulable', kind: 'UNSCHEDULABLE', upstream: 'NVIDIA/KAI-Scheduler pkg/scheduler/cache/status_updater/default_status_updater.go' },
  {
    reason: 'NotReady',
    kind: 'UNSCHEDULABLE',
    source: SCHEDULER_SOURCE,
    upstream: 'NVIDIA/KAI-Scheduler pkg/scheduler/cache/status_updater/default_status_updater.go',
  },
  {
    reason: 'FailedBinding',
    kind: 'UNSCHEDULABLE',
    source: SCHEDULER_SOURCE,
    upstream: 'NVIDIA/KAI-Scheduler pkg/scheduler/cache/status_updater/default_status_updater.go',
  },
  // Probes: explain a SIGKILL, never classify on their own.
  {
    reason: 'Unhealthy',
    kind: 'PROBE_FAILURE',
    message: /^(?:Liveness|Startup) probe failed/i,
    upstream: 'kubernetes/kubernetes pkg/kubelet/prober/prober.go',
  },
  // Reported failures that name no category: quoted by UNKNOWN, deciding nothing.
  {
    reason: 'ProgressDeadlineExceeded',
    kind: 'UNCATEGORISED',
    upstream: 'knative/serving pkg/apis/serving/v1/revision_lifecycle.go PropagateAutoscalerStatus',
  },
  { reason: 'RevisionFailed', kind: 'UNCATEGORISED', upstream: 'knative/serving pkg/apis/serving/v1/configuration_lifecycle.go MarkLatestCreatedFailed' },
  // KServe sets ModelLoadFailed for the storage-initializer and the model server alike: which one failed is not said.
  { reason: 'ModelLoadFailed', kind: 'UNCATEGORISED', upstream: 'kserve/kserve pkg/apis/serving/v1beta1/inference_service_status.go PropagateModelStatus' },
  { reason: 'NoSupportingRuntime', kind: 'UNCATEGORISED', upstream: 'kserve/kserve pkg/controller/v1beta1/inferenceservice/components/predictor.go' },
  { reason: 'RuntimeDisabled', kind: 'UNCATEGORISED', upstream: 'kserve/kserve pkg/controller/v1beta1/inferenceservice/components/predictor.go' },
  { reason: 'ValidationFailed', kind: 'UNCATEGORISED', upstream: 'ray-project/kuberay ray-operator/controllers/ray/utils/validation.go' },
  { reason: /./, kind: 'UNCATEGORISED', message: QUOTA_REFUSAL, upstream: 'kubernetes/kubernetes plugin/pkg/admission/resourcequota/controller.go' },
  // A policy refused the pods (any controller's reason, FailedCreate first among them): a start failure to quote, never a wait.
  {
    reason: /./,
    kind: 'ADMISSION_DENIED',
    message: ADMISSION_DENIAL,
    upstream:
      'kubernetes/apiserver pkg/admission/plugin/webhook/errors/statuserror.go (ToStatusErr "admission webhook %q denied the request: %s"); kubernetes/kubernetes pkg/controller/controller_utils.go (FailedCreatePodReason "Error creating: %v")',
  },
  // Any other refusal to create the pods, in a controller's own reason (Kubernetes' FailedCreate, the training operator's
  // FailedCreatePod, KubeRay's FailedToCreateHeadPod / FailedToCreateWorkerPod): the API server did not create them (an
  // admission webhook that could not be called, a namespace being deleted, an invalid pod). No pod exists, so nothing is
  // waiting on the scheduler; no category names it: quoted first by UNKNOWN. Rows above read a quota refusal and a denial.
  {
    reason: /^Failed(?:To)?Create(?:\w*Pod)?$/,
    kind: 'POD_CREATE_FAILED',
    upstream:
      'kubernetes/kubernetes pkg/controller/controller_utils.go (FailedCreatePodReason "FailedCreate", "Error creating: %v"); kubeflow/training-operator pkg/controller.v1/control/pod_control.go (FailedCreatePodReason "FailedCreatePod"); ray-project/kuberay ray-operator/controllers/ray/utils/constant.go (FailedToCreateHeadPod, FailedToCreateWorkerPod: "Failed to create head Pod %s/%s, %v")',
  },
  // Known reasons that say a run failed or retried, not why: no signal of their own.
  { reason: 'BackoffLimitExceeded', kind: null, upstream: 'kubernetes/kubernetes pkg/controller/job/job_controller.go' },
  { reason: 'MaxFailedIndexesExceeded', kind: null, upstream: 'kubernetes/kubernetes pkg/controller/job/job_controller.go' },
  { reason: 'FailedIndexes', kind: null, upstream: 'kubernetes/kubernetes pkg/controller/job/job_controller.go' },
  {
    reason: /^(?:PyTorch|TF|XGBoost|JAX|Paddle|MPI)Job(?:Failed|Restarting)$/,
    kind: null,
    upstream: 'kubeflow/training-operator pkg/controller.v1/*/…_controller.go UpdateJobStatus; kubeflow/mpi-operator',
  },
  { reason: 'Unhealthy', kind: null, upstream: 'kubernetes/kubernetes pkg/kubelet/prober/prober.go (readiness probes never restart a container)' },
];

/** Pod `k8sPhase` values (kubectl-style status strings) → signal. First match wins. */
export const K8S_PHASE_TABLE: readonly { k8sPhase: RegExp; kind: SignalKind; upstream: string }[] = [
  { k8sPhase: /^(?:Init:)?OOMKilled$/i, kind: 'OOM_KILLED', upstream: 'kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_container.go' },
  {
    k8sPhase: /^Init:(?:Error|CrashLoopBackOff|ExitCode:\s*[1-9]\d*|StartError|ContainerCannotRun)$/i,
    kind: 'INIT_FAILED',
    upstream: 'kubernetes/kubernetes pkg/printers/internalversion/printers.go printPod',
  },
  {
    k8sPhase: /^(?:Init:)?(?:ErrImagePull|ImagePullBackOff|InvalidImageName|ErrImageNeverPull)$/i,
    kind: 'IMAGE_PULL',
    upstream: 'kubernetes/kubernetes pkg/kubelet/images/types.go',
  },
  { k8sPhase: /^CrashLoopBackOff$/i, kind: 'CRASH_LOOP', upstream: 'kubernetes/kubernetes pkg/kubelet/container/sync_result.go' },
  // A start failure can be the image/command or the node's runtime (GPU hook): the bare status cannot tell.
  {
    k8sPhase: /^(?:ContainerCannotRun|StartError|RunContainerError|CreateContainerError|CreateContainerConfigError)$/i,
    kind: 'CONTAINER_START_ERROR',
    upstream: 'kubernetes/kubernetes pkg/kubelet/container/sync_result.go; run-ai/docs job-statuses.md',
  },
  { k8sPhase: /^Evicted$/i, kind: 'EVICTED', upstream: 'kubernetes/kubernetes pkg/kubelet/eviction/helpers.go' },
  { k8sPhase: /^(?:NodeLost|NodeShutdown)$/i, kind: 'NODE_FAILURE', upstream: 'kubernetes/kubernetes pkg/kubelet/nodeshutdown/nodeshutdown_manager_linux.go' },
  { k8sPhase: /^(?:UnexpectedAdmissionError|OutOf\S+)$/i, kind: 'NODE_START_FAILURE', upstream: 'kubernetes/kubernetes pkg/kubelet/lifecycle/predicate.go' },
  { k8sPhase: /^Preempted$/i, kind: 'PREEMPTED', upstream: 'run-ai/docs docs/Researcher/scheduling/job-statuses.md' },
  { k8sPhase: /^TimedOut$/i, kind: 'SCHEDULING_POLICY', upstream: 'run-ai/docs docs/Researcher/scheduling/job-statuses.md' },
  { k8sPhase: /^(?:Error|Failed)$/i, kind: 'POD_ERROR', upstream: 'kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_container.go' },
];

/**
 * Patterns read in system-authored messages (workload phaseMessage, condition messages,
 * phase updates in history). Kept to Kubernetes', the controllers' and Run:ai's own phrasing.
 */
export const PHASE_MESSAGE_TABLE: readonly { pattern: RegExp; kind: SignalKind; upstream: string }[] = [
  {
    pattern: /\bOOMKill(?:ed|ing)\b|\bOOM[- ]killed\b|\bout of memory: Killed process\b/i,
    kind: 'OOM_KILLED',
    upstream: 'kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_container.go; torvalds/linux mm/oom_kill.c',
  },
  {
    pattern: /\b(?:ErrImagePull|ImagePullBackOff|InvalidImageName|Failed to pull image)\b/i,
    kind: 'IMAGE_PULL',
    upstream: 'kubernetes/kubernetes pkg/kubelet/images/types.go',
  },
  {
    pattern: /\binit container\b[^.]{0,120}\b(?:failed|exit(?:ed)? (?:with )?(?:code|status)\s*[1-9])/i,
    kind: 'INIT_FAILED',
    upstream: 'run-ai/docs job-statuses.md',
  },
  { pattern: /\bInit:(?:Error|CrashLoopBackOff)\b/i, kind: 'INIT_FAILED', upstream: 'kubernetes/kubernetes pkg/printers/internalversion/printers.go' },
  {
    pattern:
      /\b(?:FailedMount|FailedAttachVolume|MountVolume\.\w+ failed|persistentvolumeclaim "[^"]*" not found)\b|\b(?:secret|configmap) "[^"]*" not found|couldn't find key \S+ in (?:Secret|ConfigMap)\b/i,
    kind: 'MOUNT_FAILED',
    upstream: 'kubernetes/kubernetes pkg/volume/util/operationexecutor/operation_generator.go; pkg/kubelet/kubelet_pods.go',
  },
  {
    pattern: /\bCrashLoopBackOff\b|\bBack-off restarting failed container\b/i,
    kind: 'CRASH_LOOP',
    upstream: 'kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_manager.go',
  },
  {
    pattern: GPU_RUNTIME_FAILURE,
    kind: 'NODE_START_FAILURE',
    upstream: 'NVIDIA/libnvidia-container src/cli/configure.c; NVIDIA/nvidia-container-toolkit internal/modifier/cdi',
  },
  { pattern: SANDBOX_FAILURE, kind: 'NODE_START_FAILURE', upstream: 'kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_manager.go' },
  {
    pattern: GPU_HEALTH_FAULT,
    kind: 'NODE_FAILURE',
    upstream: 'NVIDIA/DCGM dcgmlib/dcgm_structs.h (dcgmHealthSystems_enum), dcgmlib/dcgm_errors.h (DCGM_FR_*_MSG health results on "GPU %u")',
  },
  {
    pattern: /\bnetwork is not ready: |\bunable to ensure pod container exists: |\bFailed to prepare dynamic resources: /i,
    kind: 'NODE_START_FAILURE',
    upstream: 'kubernetes/kubernetes pkg/kubelet/kubelet.go (SyncPod)',
  },
  { pattern: ADMISSION_DENIAL, kind: 'ADMISSION_DENIED', upstream: 'kubernetes/apiserver pkg/admission/plugin/webhook/errors/statuserror.go' },
  { pattern: OWN_STORAGE_LIMIT, kind: 'STORAGE_LIMIT_EXCEEDED', upstream: 'kubernetes/kubernetes pkg/kubelet/eviction/eviction_manager.go' },
  {
    pattern: /\bPod will be evicted from the node due to a spot interruption warning\b|\bdeleting pod for node scale down\b|\bDisrupting Node: \w+/i,
    kind: 'NODE_FAILURE',
    upstream:
      'aws/karpenter-provider-aws pkg/controllers/interruption/events/events.go; kubernetes/autoscaler cluster-autoscaler/core/scaledown/actuation/drain.go; kubernetes-sigs/karpenter pkg/controllers/disruption/events/events.go',
  },
  {
    pattern: /\bNodeNotReady\b|\bnode [^ ]{1,253} (?:is|was|became) not ready\b|\bNode is not ready\b|\bnode (?:was )?lost\b/i,
    kind: 'NODE_FAILURE',
    upstream: 'kubernetes/kubernetes pkg/controller/util/node/controller_utils.go',
  },
  // The node's own Ready condition, as the kubelet or the node lifecycle controller words it when it turns False or
  // Unknown: the runtime or its event generator stalled, or the kubelet stopped reporting at all. Said of the node, never
  // of the workload (a relay of the node's condition into the pod's failure carries these words).
  {
    pattern:
      /\bPLEG is not healthy: |\bcontainer runtime is down\b|\bcontainer runtime status check may not have completed yet\b|\bKubelet (?:stopped posting|never posted) node status\b/i,
    kind: 'NODE_FAILURE',
    upstream:
      'kubernetes/kubernetes pkg/kubelet/pleg/generic.go (Healthy "pleg was last seen active %v ago; threshold is %v"), pkg/kubelet/kubelet.go (updateRuntimeUp "PLEG is not healthy: %v", "container runtime is down"), pkg/kubelet/nodestatus/setters.go (ReadyCondition); pkg/controller/nodelifecycle/node_lifecycle_controller.go (tryUpdateNodeHealth "Kubelet stopped posting node status.", "Kubelet never posted node status.")',
  },
  {
    pattern: /\bPod was terminated in response to imminent node shutdown\b|\bPod was rejected as the node is shutting down\b/i,
    kind: 'NODE_FAILURE',
    upstream: 'kubernetes/kubernetes pkg/kubelet/nodeshutdown/nodeshutdown_manager_linux.go',
  },
  { pattern: /\bPodGC: node no longer exists\b/i, kind: 'NODE_FAILURE', upstream: 'kubernetes/kubernetes pkg/controller/podgc/gc_controller.go' },
  {
    pattern: /\bTaint manager: deleting due to NoExecute taint\b/i,
    kind: 'NODE_FAILURE',
    upstream: 'kubernetes/kubernetes pkg/controller/tainteviction/taint_eviction.go',
  },
  {
    pattern:
      /\bThe node was low on resource\b|\bThe node had condition\b|\bevicted\b.{0,40}\bnode\b|\bnode-pressure eviction\b|\b\d+\/\d+ workers are evicted\b/i,
    kind: 'EVICTED',
    upstream: 'kubernetes/kubernetes pkg/kubelet/eviction/helpers.go; kubeflow/mpi-operator pkg/controller/mpi_job_controller.go',
  },
  {
    pattern:
      /\bidle (?:GPU )?time(?:out| limit)\b|\bmax(?:imum)? (?:duration|runtime)\b.{0,40}\b(?:exceeded|reached)\b|\bexceeded (?:its |the )?max(?:imum)? (?:duration|runtime)\b|\bactive longer than specified deadline\b|\bactive on the node longer than the specified deadline\b|\bstopped by (?:the )?(?:user|admin(?:istrator)?)\b|\bscheduling policy\b/i,
    kind: 'SCHEDULING_POLICY',
    upstream: 'kubernetes/kubernetes pkg/controller/job/job_controller.go, pkg/kubelet/active_deadline.go; run-ai/docs (workload policies)',
  },
  { pattern: QUOTA_REFUSAL, kind: 'UNCATEGORISED', upstream: 'kubernetes/kubernetes plugin/pkg/admission/resourcequota/controller.go' },
];

/**
 * Where the system-written part of a phase or condition message ends and text the
 * container wrote begins: its termination message after the terminated reason
 * (`… exit code 1 (Error): <whatever the app wrote>`), Knative's "Container failed with: "
 * (revision_lifecycle.go RevisionContainerExitingMessage), Ray's log snippet after the
 * entrypoint's exit code (job_supervisor.py "Last available logs"), or anything after a line
 * break. Patterns are matched on the system part only, so an application cannot name its
 * own category by printing "OOMKilled" or "NodeNotReady".
 */
export const CONTAINER_AUTHORED_TEXT_START = /\r?\n|\s\([A-Z][A-Za-z]*\):\s|\bContainer failed with: |\bLast available logs\b/;

/**
 * A container's terminated reason in parentheses (`… exit code 137 (OOMKilled): <termination message>`)
 * is the system's word, not the container's: the kubelet copies it from the runtime's report into
 * ContainerStatus.State.Terminated.Reason (kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_container.go
 * toKubeContainerStatus; "OOMKilled" from containerd/containerd internal/cri/server/container_status.go). Only
 * the text after its `): ` is the container's.
 */
const TERMINATED_REASON = /^\s\([A-Z][A-Za-z]*\)/;

/**
 * Where container-written text starts in a phase or condition message (null: none), the one boundary
 * the signal tables and the decisive line both read: CONTAINER_AUTHORED_TEXT_START, after a terminated
 * reason it opens with, and never inside an OCI hook's output.
 */
export function containerAuthoredStart(message: string): number | null {
  if (HOOK_OUTPUT.test(message)) return null;
  const match = CONTAINER_AUTHORED_TEXT_START.exec(message);
  if (!match) return null;
  return match.index + (TERMINATED_REASON.exec(match[0])?.[0].length ?? 0);
}

/**
 * An OCI hook's output (runc libcontainer/configs/config.go: "…, stdout: %s, stderr: %s")
 * spans lines but is written by the node's hook (the NVIDIA prestart hook), not by the
 * container: a line break inside it does not start container-authored text.
 */
// The gap stops at the next hook header (which then matches itself), so a line of repeated headers
// is read once, not once per header (quadratic: 320 ms at 80 kB). Only ever tested, never quoted.
export const HOOK_OUTPUT = /\berror running \w+ hook #\d+: (?:(?!\berror running \w+ hook #\d+: )[^\n])*stderr: /i;

/** `exit code 137`, `exited with code 1`, `exitCode: 2`, `exit status 139`; never an OCI hook's own `exit status` ("hook #0: exit status 1"). */
export const EXIT_CODE_PATTERN = /(?<!hook #\d+: )\bexit(?:ed)?(?: with)?[ _]?(?:code|status)[ :=]*\(?(\d{1,3})\b|\bexitCode[ :=]+(\d{1,3})\b/i;

/** Exit codes caused by a signal another process sent (the kernel, kubelet, a stop): rows of the shared exit-code table. */
export { SYSTEM_SIGNAL_EXIT_CODES } from './exitCodes.js';

/** Registry error text → sub-cause of an image pull failure (Robusta-style: pattern → cause). Ordered. */
export const IMAGE_PULL_CAUSE_TABLE: readonly { pattern: RegExp; cause: ImagePullCause }[] = [
  // A reference the kubelet could not even parse: the registry was never asked.
  { pattern: /InvalidImageName|invalid reference format|couldn't parse image reference|Failed to apply default image tag/i, cause: 'invalid_reference' },
  {
    pattern:
      /no such host|server misbehaving|i\/o timeout|dial tcp|connection refused|network is unreachable|TLS handshake timeout|temporary failure in name resolution|x509:|context deadline exceeded|connection reset by peer/i,
    cause: 'network',
  },
  {
    pattern:
      /\b401 Unauthorized\b|\bunauthorized\b|authentication required|no basic auth credentials|\b403 Forbidden\b|requested access to the resource is denied|invalid username\/password|failed to fetch (?:oauth|anonymous) token/i,
    cause: 'auth',
  },
  { pattern: /pull access denied/i, cause: 'access_denied' },
  {
    pattern: /manifest unknown|manifest for \S+ not found|: not found\b|\bnot found: manifest|\bNotFound\b|repository \S+ not found|name unknown/i,
    cause: 'manifest',
  },
];
