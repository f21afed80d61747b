/**
 * Vocabularies collected from upstream sources (not from our engine): the reasons, status names,
 * signal names and message words that Kubernetes, the NVIDIA stack, Python, Linux and Run:ai
 * write, each with the repository and path it was read from (README.md lists how each was found).
 * Each group says which failure its words evoke *to a reader* — the category a name spelled from
 * them would pull a careless diagnosis toward. That judgement is the upstream meaning of the word,
 * made without reading functions/diagnosis/ (held out from the engine).
 *
 * Terms are kept as upstream writes them (`CrashLoopBackOff`, `cudaErrorMemoryAllocation`,
 * `CUBLAS_STATUS_ALLOC_FAILED`, `SIGKILL`, `GPU has fallen off the bus`); the generator
 * (upstreamHostileNames.ts) splits them into words and shapes them as users name things.
 */

/** The failure a word evokes: a diagnosis category, or the routes and outcomes the fixtures expect. */
export type Evokes =
  | 'OOM_KILLED'
  | 'CRASH_APP_ERROR'
  | 'IMAGE_PULL_FAILED'
  | 'DATASOURCE_MOUNT_FAILED'
  | 'INIT_FAILED'
  | 'NODE_FAILURE'
  | 'SCHEDULING_POLICY_TERMINATED'
  | 'preempted'
  | 'pending'
  | 'stopped'
  | 'unreachable';

export interface UpstreamVocabulary {
  /** `owner/repo path` the terms were read from. */
  source: string;
  evokes: Evokes;
  terms: readonly string[];
}

export const UPSTREAM_VOCABULARIES: readonly UpstreamVocabulary[] = [
  // Kubelet event reasons (container, image, node, volume, probe, hook lists).
  {
    source: 'kubernetes/kubernetes pkg/kubelet/events/event.go',
    evokes: 'CRASH_APP_ERROR',
    terms: ['BackOff', 'Killing', 'ExceededGracePeriod', 'FailedSync', 'FailedPostStartHook', 'FailedPreStopHook'],
  },
  { source: 'kubernetes/kubernetes pkg/kubelet/events/event.go', evokes: 'IMAGE_PULL_FAILED', terms: ['Pulling', 'InspectFailed', 'ErrImageNeverPull'] },
  {
    source: 'kubernetes/kubernetes pkg/kubelet/events/event.go',
    evokes: 'NODE_FAILURE',
    terms: [
      'NodeNotReady',
      'NodeNotSchedulable',
      'Rebooted',
      'KubeletSetupFailed',
      'OutOfDisk',
      'ContainerGCFailed',
      'ImageGCFailed',
      'FreeDiskSpaceFailed',
      'InvalidDiskCapacity',
    ],
  },
  {
    source: 'kubernetes/kubernetes pkg/kubelet/events/event.go',
    evokes: 'DATASOURCE_MOUNT_FAILED',
    terms: ['FailedMount', 'FailedUnMount', 'FailedDetachVolume', 'FailedAttachVolume'],
  },
  {
    source: 'kubernetes/kubernetes pkg/kubelet/events/event.go',
    evokes: 'pending',
    terms: ['InsufficientFreeCPU', 'InsufficientFreeMemory', 'HostPortConflict', 'NodeSelectorMismatching'],
  },
  { source: 'kubernetes/kubernetes pkg/kubelet/events/event.go', evokes: 'CRASH_APP_ERROR', terms: ['Unhealthy'] },
  // Image manager errors (container waiting reasons).
  {
    source: 'kubernetes/kubernetes pkg/kubelet/images/types.go',
    evokes: 'IMAGE_PULL_FAILED',
    terms: ['ImagePullBackOff', 'ImageInspectError', 'ErrImagePull', 'RegistryUnavailable', 'InvalidImageName'],
  },
  // Runtime sync errors (container waiting reasons).
  {
    source: 'kubernetes/kubernetes pkg/kubelet/container/sync_result.go',
    evokes: 'CRASH_APP_ERROR',
    terms: ['CrashLoopBackOff', 'RunContainerError', 'KillContainerError'],
  },
  {
    source: 'kubernetes/kubernetes pkg/kubelet/container/sync_result.go',
    evokes: 'NODE_FAILURE',
    terms: ['CreatePodSandboxError', 'ConfigPodSandboxError', 'KillPodSandboxError'],
  },
  { source: 'kubernetes/kubernetes pkg/kubelet/container/sync_result.go', evokes: 'INIT_FAILED', terms: ['InitContainer'] },
  // Pod phases and condition types; the scheduler's condition reason.
  { source: 'kubernetes/kubernetes staging/src/k8s.io/api/core/v1/types.go', evokes: 'pending', terms: ['Pending', 'Unschedulable', 'PodScheduled'] },
  { source: 'kubernetes/kubernetes staging/src/k8s.io/api/core/v1/types.go', evokes: 'INIT_FAILED', terms: ['Initialized', 'PodInitializing'] },
  { source: 'kubernetes/kubernetes staging/src/k8s.io/api/core/v1/types.go', evokes: 'CRASH_APP_ERROR', terms: ['Failed', 'ContainersReady'] },
  { source: 'kubernetes/kubernetes staging/src/k8s.io/api/core/v1/types.go', evokes: 'preempted', terms: ['DisruptionTarget', 'PreemptionByScheduler'] },
  { source: 'kubernetes/kubernetes staging/src/k8s.io/api/core/v1/types.go', evokes: 'stopped', terms: ['Succeeded', 'Completed'] },
  // Well-known node taints (node lifecycle controller).
  {
    source: 'kubernetes/kubernetes staging/src/k8s.io/api/core/v1/well_known_taints.go',
    evokes: 'NODE_FAILURE',
    terms: ['not-ready', 'unreachable', 'memory-pressure', 'disk-pressure', 'pid-pressure', 'network-unavailable'],
  },
  { source: 'kubernetes/kubernetes staging/src/k8s.io/api/core/v1/well_known_taints.go', evokes: 'pending', terms: ['unschedulable'] },
  // Node-pressure eviction (`Reason = "Evicted"`, `nodeLowMessageFmt = "The node was low on resource: %v. "`).
  {
    source: 'kubernetes/kubernetes pkg/kubelet/eviction/helpers.go',
    evokes: 'NODE_FAILURE',
    terms: ['Evicted', 'The node was low on resource', 'ephemeral-storage'],
  },
  // Scheduler preemption message ("preempting to accommodate a higher priority pod").
  {
    source: 'kubernetes/kubernetes pkg/scheduler/framework/preemption/preemption.go',
    evokes: 'preempted',
    terms: ['Preempted', 'preempting to accommodate a higher priority pod', 'victim'],
  },
  // Container terminated reasons: the kubelet's docker shim wrote OOMKilled / Completed / ContainerCannotRun (find_string id 158623036).
  {
    source: 'kubernetes/kubernetes pkg/kubelet/dockershim ContainerStatus (removed upstream since; find_string id 158623036)',
    evokes: 'OOM_KILLED',
    terms: ['OOMKilled'],
  },
  {
    source: 'kubernetes/kubernetes pkg/controller/job job_controller.go (failureReason DeadlineExceeded; find_string id 31416499705)',
    evokes: 'SCHEDULING_POLICY_TERMINATED',
    terms: ['DeadlineExceeded'],
  },
  // Linux signals.
  { source: 'torvalds/linux include/uapi/asm-generic/signal.h', evokes: 'CRASH_APP_ERROR', terms: ['SIGSEGV', 'SIGABRT', 'SIGBUS', 'SIGILL', 'SIGFPE'] },
  { source: 'torvalds/linux include/uapi/asm-generic/signal.h', evokes: 'OOM_KILLED', terms: ['SIGKILL'] },
  { source: 'torvalds/linux include/uapi/asm-generic/signal.h', evokes: 'preempted', terms: ['SIGTERM', 'SIGINT', 'SIGHUP'] },
  { source: 'torvalds/linux include/uapi/asm-generic/signal.h', evokes: 'NODE_FAILURE', terms: ['SIGPWR', 'SIGXCPU'] },
  // CUDA runtime errors (cudaError enum).
  {
    source: 'jcuda/jcuda JCudaJava/src/main/java/jcuda/runtime/cudaError.java',
    evokes: 'OOM_KILLED',
    terms: ['cudaErrorMemoryAllocation', 'cudaErrorLaunchOutOfResources'],
  },
  {
    source: 'jcuda/jcuda JCudaJava/src/main/java/jcuda/runtime/cudaError.java',
    evokes: 'CRASH_APP_ERROR',
    terms: ['cudaErrorIllegalAddress', 'cudaErrorLaunchFailure', 'cudaErrorInvalidValue', 'cudaErrorInitializationError', 'cudaErrorCudartUnloading'],
  },
  {
    source: 'jcuda/jcuda JCudaJava/src/main/java/jcuda/runtime/cudaError.java',
    evokes: 'NODE_FAILURE',
    terms: ['cudaErrorNoDevice', 'cudaErrorInvalidDevice', 'cudaErrorEccUncorrectable'],
  },
  // cuBLAS statuses.
  {
    source: 'NVIDIA cublas_api.h (cublasStatus_t; as enumerated in pytorch-style cublasGetErrorString helpers, find_string id 10066125739)',
    evokes: 'OOM_KILLED',
    terms: ['CUBLAS_STATUS_ALLOC_FAILED'],
  },
  {
    source: 'NVIDIA cublas_api.h (cublasStatus_t; as enumerated in pytorch-style cublasGetErrorString helpers, find_string id 10066125739)',
    evokes: 'CRASH_APP_ERROR',
    terms: ['CUBLAS_STATUS_EXECUTION_FAILED', 'CUBLAS_STATUS_INTERNAL_ERROR', 'CUBLAS_STATUS_NOT_INITIALIZED', 'CUBLAS_STATUS_ARCH_MISMATCH'],
  },
  // NCCL results.
  {
    source: 'NVIDIA/nccl ncclResult_t (as copied in net-plugin err.h headers, search excerpts; NVIDIA/nccl src/init.cc uses it)',
    evokes: 'CRASH_APP_ERROR',
    terms: ['ncclUnhandledCudaError', 'ncclSystemError', 'ncclInternalError', 'ncclInvalidArgument', 'ncclInvalidUsage', 'ncclRemoteError'],
  },
  // NVIDIA Xid errors (as listed by the Xid catalogue).
  {
    source: 'leptonai/gpud components/accelerator/nvidia/query/xid/xid.go',
    evokes: 'NODE_FAILURE',
    terms: [
      'Xid79 GPU has fallen off the bus',
      'Xid48 double bit ECC error',
      'Xid74 NVLink error',
      'Xid64 ECC page retirement',
      'Xid92 high single bit ECC',
      'Xid94 contained ECC error',
      'Xid95 uncontained ECC error',
      'Xid119 GSP RPC timeout',
    ],
  },
  {
    source: 'leptonai/gpud components/accelerator/nvidia/query/xid/xid.go',
    evokes: 'CRASH_APP_ERROR',
    terms: ['Xid13 Graphics Engine Exception', 'Xid31 GPU memory page fault', 'Xid43 GPU stopped processing', 'Xid45 preemptive cleanup'],
  },
  // Python builtin exceptions.
  { source: 'python/cpython Lib/test/exception_hierarchy.txt', evokes: 'OOM_KILLED', terms: ['MemoryError'] },
  {
    source: 'python/cpython Lib/test/exception_hierarchy.txt',
    evokes: 'CRASH_APP_ERROR',
    terms: [
      'RuntimeError',
      'ValueError',
      'KeyError',
      'AssertionError',
      'ImportError',
      'ModuleNotFoundError',
      'SystemExit',
      'RecursionError',
      'ZeroDivisionError',
      'TypeError',
    ],
  },
  {
    source: 'python/cpython Lib/test/exception_hierarchy.txt',
    evokes: 'DATASOURCE_MOUNT_FAILED',
    terms: ['FileNotFoundError', 'PermissionError', 'IsADirectoryError'],
  },
  {
    source: 'python/cpython Lib/test/exception_hierarchy.txt',
    evokes: 'unreachable',
    terms: ['ConnectionRefusedError', 'ConnectionResetError', 'TimeoutError', 'BrokenPipeError'],
  },
  { source: 'python/cpython Lib/test/exception_hierarchy.txt', evokes: 'preempted', terms: ['KeyboardInterrupt'] },
  // Run:ai workload phases and phase reasons (the OpenAPI this project reads).
  {
    source: '/work/shared/runai-openapi/runai-workloads-read.openapi.json (Phase, PhaseReason, WorkloadDesiredPhase)',
    evokes: 'stopped',
    terms: ['Stopped', 'Stopping', 'Deleting', 'Terminating', 'Resuming'],
  },
  {
    source: '/work/shared/runai-openapi/runai-workloads-read.openapi.json (Phase, PhaseReason, WorkloadDesiredPhase)',
    evokes: 'CRASH_APP_ERROR',
    terms: ['Degraded'],
  },
  {
    source: '/work/shared/runai-openapi/runai-workloads-read.openapi.json (Phase, PhaseReason, WorkloadDesiredPhase)',
    evokes: 'pending',
    terms: ['Creating', 'Initializing', 'NonPreemptibleOverQuota', 'OverLimit'],
  },
  {
    source: '/work/shared/runai-openapi/runai-workloads-read.openapi.json (OAuth2Error.error)',
    evokes: 'unreachable',
    terms: ['unauthorized_client', 'invalid_grant', 'temporarily_unavailable', 'server_error'],
  },
  // Verbs and nouns of the upstream messages cited above, and of registry, mount and drain messages
  // seen in the Kubernetes material the searches returned (kubectl drain, ResourceQuota admission).
  {
    source: 'messages of the files above (eviction, preemption, image manager, taints)',
    evokes: 'NODE_FAILURE',
    terms: ['killed', 'drained', 'cordoned', 'tainted', 'pressure', 'unreachable', 'corrupted'],
  },
  {
    source: 'messages of the files above (eviction, preemption, image manager, taints)',
    evokes: 'IMAGE_PULL_FAILED',
    terms: ['denied', 'unauthorized', 'not-found', 'manifest unknown', 'pull access denied'],
  },
  {
    source: 'messages of the files above (eviction, preemption, image manager, taints)',
    evokes: 'unreachable',
    terms: ['refused', 'timeout', 'connection reset'],
  },
  {
    source: 'messages of the files above (eviction, preemption, image manager, taints)',
    evokes: 'SCHEDULING_POLICY_TERMINATED',
    terms: ['quota', 'forbidden', 'deadline', 'idle timeout'],
  },
  {
    source: 'messages of the files above (eviction, preemption, image manager, taints)',
    evokes: 'CRASH_APP_ERROR',
    terms: ['back-off', 'exit code', 'traceback', 'segfault'],
  },
  { source: 'messages of the files above (eviction, preemption, image manager, taints)', evokes: 'preempted', terms: ['preempted', 'reclaimed', 'evict'] },
];
