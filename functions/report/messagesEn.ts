/** The English message catalog (the default locale). */
import { formatBytes } from '../core/parseQuantity.js';
import type { SpecField } from '../diagnosis/model/SpecField.js';
import type { SpecPartName } from '../diagnosis/ports/workloadKinds.js';
import type { Category } from '../core/verdict.js';
import type { ExitCodeMeaning } from '../diagnosis/model/ExitCodeMeaning.js';
import type { Fact } from '../diagnosis/model/Fact.js';
import type { NodeRemoval, SignalKind } from '../diagnosis/model/Signal.js';
import type { CollateralFormat, OriginUnknownReason } from '../diagnosis/model/DistributedFinding.js';
import type { ExitCodeNote, RecommendationTexts } from '../diagnosis/model/Recommendation.js';
import type { Tier2FailureReason, Tier2Limitation, Tier2Read } from '../diagnosis/model/Tier2Evidence.js';
import type { Messages } from './Messages.js';
import type { MemoryShapeName } from '../diagnosis/model/MemoryShapeName.js';
import type { XidBucket } from '../diagnosis/model/XidReading.js';

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
const quoted = (text: string) => `“${text}”`;
/** Which pod spec of a multi-part workload a submitted field came from. */
const partOf = (part: SpecPartName | undefined) => (part ? ` (${part})` : '');
const SPEC_FIELD: Record<SpecField, string> = { image: 'image', command: 'command', memory: 'CPU memory request or limit', restartPolicy: 'restart policy' };
const times = (n: number) => (n > 1 ? ` (×${n})` : '');

const CATEGORY_SUMMARY: Record<Category, string> = {
  OOM_KILLED: 'a container was killed for exceeding its memory limit',
  IMAGE_PULL_FAILED: 'the container image could not be pulled',
  INIT_FAILED: 'an init container failed',
  DATASOURCE_MOUNT_FAILED: 'a volume or data source could not be mounted',
  CRASH_APP_ERROR: 'the main container exited with an application error',
  NODE_FAILURE: 'the node running it failed or evicted it',
  SCHEDULING_POLICY_TERMINATED: 'a scheduling policy stopped it',
  UNKNOWN: 'Tier 1 evidence is insufficient to name a cause',
};

/** What an exit code usually means (the shared exit-code table, functions/diagnosis/signals/exitCodes.ts). */
const EXIT_CODE_MEANING: Record<ExitCodeNote['meaning'], string> = {
  'app-error': 'a general application error',
  'usage-error': 'a usage or argument error',
  'not-executable': 'a command that could not be executed (permissions)',
  'command-not-found': 'a command that was not found (check the image and the command)',
  sigint: 'an interrupt (SIGINT)',
  sigabrt: 'an abort (SIGABRT, often a failed assertion)',
  sigkill: 'a kill (SIGKILL) sent by the kernel, the kubelet or another process',
  sigsegv: 'a segmentation fault (SIGSEGV)',
  sigterm: 'a termination request (SIGTERM)',
  signal: 'termination by a signal',
};

/** The short form used inside an evidence line. */
const EXIT_CODE_LABEL: Record<ExitCodeMeaning, string> = {
  success: 'success',
  'app-error': 'application error',
  'usage-error': 'usage error',
  'not-executable': 'not executable',
  'command-not-found': 'command not found',
  sigint: 'SIGINT',
  sigabrt: 'SIGABRT',
  sigkill: 'SIGKILL',
  sigsegv: 'SIGSEGV',
  sigterm: 'SIGTERM',
  signal: 'killed by a signal',
};

const TIER2_READ: Record<Tier2Read, string> = { pod: 'pod status', events: 'pod events', logs: 'logs', node: 'node conditions' };

function tier2FailureReason(reason: Tier2FailureReason, read: Tier2Read): string {
  switch (reason) {
    case 'not-found':
      return read === 'node' ? 'node not found' : read === 'events' ? 'namespace not found' : 'pod not found';
    case 'no-previous':
      return 'the container has no previous terminated instance';
    case 'unauthorized':
      return 'the Kubernetes API refused the Tier 2 token (HTTP 401)';
    case 'forbidden':
      return 'the Tier 2 account may not read it (HTTP 403)';
    case 'bad-request':
      return 'the Kubernetes API rejected the request';
    case 'unavailable':
      return 'the Kubernetes API answered with a server error';
    case 'timeout':
      return 'the Kubernetes API did not answer in time';
    case 'network':
      return 'the Kubernetes API could not be reached';
    case 'bad-response':
      return 'the Kubernetes API answered with an unexpected body';
    case 'credentials':
      return 'the Tier 2 token or CA file could not be read';
  }
}

function tier2Limitation(limitation: Tier2Limitation): string {
  switch (limitation.type) {
    case 'read-failed':
      return `Tier 2 ${TIER2_READ[limitation.read]} unavailable: ${tier2FailureReason(limitation.reason, limitation.read)} (${limitation.command}).`;
    case 'no-namespace':
      return 'Tier 2 is configured, but the workload names neither a namespace nor a project: the Kubernetes namespace was not guessed, so no Tier 2 evidence was read.';
    case 'no-pod':
      return 'Tier 2 is configured, but no pod name is known for this workload: no pod status, events or logs were read.';
    case 'invalid-name':
      return `Tier 2 did not read ${limitation.what} ${limitation.name}: not a valid Kubernetes name.`;
    case 'no-failed-container':
      return `Tier 2 found no container with a non-zero exit in pod ${limitation.podName}: no log was read.`;
    case 'log-empty':
      return `The log read by Tier 2 is empty (${limitation.command}).`;
    case 'log-truncated':
      return `The log read by Tier 2 was cut at ${Math.round(limitation.bytes / 1024)} KiB (${limitation.command}): its last lines may be missing.`;
    case 'no-node':
      return 'Tier 2 could not read node conditions: no node name is known.';
    case 'pods-capped':
      return `Tier 2 inspected ${limitation.inspected} of ${limitation.total} pods.`;
    case 'pods-list-failed': {
      const why =
        limitation.reason === 'unlabelled'
          ? `it returned none of the workload's pods (no workloadName label)`
          : limitation.reason === 'invalid-name'
            ? 'the workload name is not a valid label value'
            : tier2FailureReason(limitation.reason, 'events'); // a namespaced list's 404 is the namespace's
      const command = limitation.command ? ` (${limitation.command})` : '';
      return `Tier 2 could not list the workload's pods: ${why}${command}. The replicas were read in the order of Run:ai's end times, which can lag the containers' own.`;
    }
    case 'pods-list-partial':
      return `Tier 2 listed ${limitation.listed} of the workload's ${limitation.total} pods before its page bound (${limitation.command}): the others were ordered by Run:ai's end times, which can lag the containers' own.`;
  }
}

const restarts = (n: number | null) => (n ? `; restarts: ${n}` : '');

function renderFact(fact: Fact): string {
  switch (fact.type) {
    case 'event': {
      const object = fact.objectName ? `; object: ${fact.objectName}` : '';
      return `Event reason: ${fact.reason}; message: ${quoted(fact.message)}${object}${times(fact.repeats)}`;
    }
    case 'phase': {
      const reason = fact.phaseReason ? `; reason: ${fact.phaseReason}` : '';
      const message = fact.phaseMessage ? `; message: ${quoted(fact.phaseMessage)}` : '';
      const also = fact.alsoCondition ? ` (also the message of condition ${fact.alsoCondition})` : '';
      return `Phase: ${fact.phase}${reason}${message}${also}`;
    }
    case 'condition': {
      const reason = fact.reason ? `; reason: ${fact.reason}` : '';
      const message = fact.message ? `; message: ${quoted(fact.message)}` : '';
      const also = fact.alsoPhase ? ' (also the phase message)' : '';
      return `Condition ${fact.conditionType}=${fact.status ?? 'unknown'}${reason}${message}${also}`;
    }
    case 'pod': {
      const node = fact.nodeName ? `; node: ${fact.nodeName}` : '';
      const limit = fact.memoryLimitBytes !== null ? `; memory limit: ${formatBytes(fact.memoryLimitBytes)}` : '';
      return `Pod ${fact.podName} k8sPhase: ${fact.k8sPhase}${node}${limit}`;
    }
    case 'history-event':
      return `History event reason: ${fact.reason}; message: ${quoted(fact.message)}${times(fact.repeats)}`;
    case 'history-phase':
      return `History phase update: ${fact.phase}${fact.phaseMessage ? `; message: ${quoted(fact.phaseMessage)}` : ''}`;
    case 'pending-scheduling': {
      const pool = fact.nodePool ? ` (node pool ${fact.nodePool})` : '';
      const user = fact.userMessage ? ` — ${quoted(fact.userMessage)}` : '';
      return `Pending scheduling message${pool}: ${quoted(fact.reason)}${user}`;
    }
    case 'spec-memory':
      return `Submitted CPU memory request/limit${partOf(fact.part)}: ${fact.requestBytes !== null ? formatBytes(fact.requestBytes) : 'not set'} / ${fact.limitBytes !== null ? formatBytes(fact.limitBytes) : 'not set'}`;
    case 'spec-image':
      return `Submitted image${partOf(fact.part)}: ${quoted(fact.image)}`;
    case 'spec-restart-policy':
      return `Restart policy${partOf(fact.part)}: ${fact.restartPolicy}${fact.backoffLimit !== null ? `; backoff limit: ${fact.backoffLimit}` : ''}`;
    case 'spec-command':
      return `Submitted command${partOf(fact.part)}: ${quoted(fact.command)}`;
    case 'metrics-peak': {
      const share = fact.limitBytes
        ? ` = ${Math.round((fact.peakBytes / fact.limitBytes) * 100)}% of the ${formatBytes(fact.limitBytes)} limit`
        : ' (no memory limit to compare with)';
      return `Peak CPU memory usage: ${formatBytes(fact.peakBytes)}${share} (${fact.samples} samples)`;
    }
    case 'metrics-empty':
      return 'No CPU memory samples were recorded before termination: no peak observed';
    case 'memory-shape':
      return `CPU memory curve (${fact.samples} samples, scaled to the ${fact.scaledTo === 'limit' ? 'limit' : 'peak: no limit known'}): ${fact.sparkline} ${MEMORY_SHAPE[fact.shape]}`;
    case 'exit-code':
      return `Exit code ${fact.exitCode}: ${quoted(fact.quoted)}`;
    case 'no-pods':
      return 'No pods were returned for this workload';
    case 'container-terminated': {
      const meaning = fact.meaning ? ` (${EXIT_CODE_LABEL[fact.meaning]})` : '';
      const reason = fact.reason ? `; reason: ${fact.reason}` : '';
      const message = fact.message ? `; message: ${quoted(fact.message)}` : '';
      return `${fact.init ? 'Init container' : 'Container'} ${fact.container} of pod ${fact.podName} ${fact.previous ? 'last terminated' : 'terminated'} with exit code ${fact.exitCode}${meaning}${reason}${message}${restarts(fact.restartCount)}`;
    }
    case 'container-waiting': {
      const message = fact.message ? `; message: ${quoted(fact.message)}` : '';
      return `${fact.init ? 'Init container' : 'Container'} ${fact.container} of pod ${fact.podName} waiting: ${fact.reason}${message}${restarts(fact.restartCount)}`;
    }
    case 'pod-status': {
      const reason = fact.reason ? `; reason: ${fact.reason}` : '';
      const message = fact.message ? `; message: ${quoted(fact.message)}` : '';
      const node = fact.nodeName ? `; node: ${fact.nodeName}` : '';
      return `Pod ${fact.podName} status: ${fact.phase ?? 'unknown'}${reason}${message}${node}`;
    }
    case 'node-condition': {
      const reason = fact.reason ? `; reason: ${fact.reason}` : '';
      const message = fact.message ? `; message: ${quoted(fact.message)}` : '';
      return `Node ${fact.nodeName} condition ${fact.conditionType}=${fact.status}${reason}${message}`;
    }
    case 'log-line':
      return `${fact.fallback ? 'Last log line' : 'Failing log line'} of container ${fact.container} (pod ${fact.podName}${fact.previous ? ', previous run' : ''}): ${quoted(fact.line)}`;
  }
}

/** " Exit code 1 usually means …" appended to a recommendation, when the code has a meaning worth stating. */
const exitSentence = (exit: ExitCodeNote | null) => (exit ? ` Exit code ${exit.exitCode} usually means ${EXIT_CODE_MEANING[exit.meaning]}.` : '');
const reportNodes = (nodeNames: string[]) => (nodeNames.length > 0 ? ` Report node ${nodeNames.join(', ')} to the platform team (kubectl describe node).` : '');
const imageSuffix = (image: string | null) => (image ? ` ${quoted(image)}` : '');
const REMOVAL_CAUSE: Record<NodeRemoval, string> = {
  'spot-interruption': 'a spot interruption (the cloud reclaimed the instance)',
  consolidation: 'consolidation by the node autoscaler',
  drift: 'drift replacement by the node autoscaler',
  expiration: 'node expiry by the node autoscaler',
  'scale-down': 'a scale-down by the cluster autoscaler',
  'node-deleted': 'the deletion of its instance in the cloud provider',
  'node-shutdown': 'a node shutdown',
};

const MEMORY_SHAPE: Record<MemoryShapeName, string> = {
  'steady-climb': 'steady climb (a leak or a growing cache)',
  'sudden-step': 'sudden step (one batch, an evaluation pass or a checkpoint)',
  'plateau-at-limit': 'plateau at the limit',
  irregular: 'no clear shape',
};

/** What NVIDIA's Xid catalogue says to do first, per resolution bucket (gpu/xidCatalogue.ts). */
const XID_ACTION: Record<XidBucket, string> = {
  RESET_GPU: 'drain the node and reset the GPU (nvidia-smi -r) before it takes work again; contact NVIDIA support if it recurs',
  RESTART_BM: 'drain the node and power-cycle it (a GPU reset is not enough); contact NVIDIA support if it recurs',
  CONTACT_SUPPORT: 'drain the node and contact NVIDIA support',
  RESTART_APP: 'restart the application; contact NVIDIA support if it recurs',
  IGNORE: 'no GPU action; look at the error that came before it',
};

/** What ended a distributed workload's origin replica, after "failed first at … (". */
const ORIGIN_KIND: Record<SignalKind, string> = {
  OOM_KILLED: 'OOM-killed',
  IMAGE_PULL: 'image pull failed',
  INIT_FAILED: 'init container failed',
  MOUNT_FAILED: 'volume mount failed',
  CONTAINER_CRASH: 'exited with an error',
  CRASH_LOOP: 'crash loop',
  EXIT_SYSTEM_SIGNAL: 'killed by a signal',
  POD_ERROR: 'pod failed',
  NODE_FAILURE: 'node failure',
  EVICTED: 'evicted',
  SCHEDULING_POLICY: 'stopped by a policy',
  PREEMPTED: 'preempted',
  UNSCHEDULABLE: 'unschedulable',
  PROBE_FAILURE: 'probe failed',
  PROBE_KILL: 'killed by its probe',
  CONTAINER_START_ERROR: 'could not start',
  NODE_START_FAILURE: 'the node could not start it',
  ADMISSION_DENIED: 'admission denied',
  POD_CREATE_FAILED: 'its pods could not be created',
  STORAGE_LIMIT_EXCEEDED: 'storage limit exceeded',
  GPU_UNREACHABLE: 'lost its GPU',
  UNCATEGORISED: 'failed',
};

/** How the peers of the origin failed, plural. */
const COLLATERAL_FORMAT: Record<CollateralFormat, string> = {
  'nccl-timeout': 'NCCL timeouts',
  'nccl-remote-error': 'NCCL remote errors',
  'c10d-store': 'c10d/TCPStore connection errors',
  'elastic-child-failed': 'torchelastic ChildFailedError',
  sigterm: 'SIGTERM exits',
  'launcher-child-failed': 'Composer "Rank N crashed"',
  'mpi-peer-exit': 'MPI "exited on signal 15"',
  'ray-peer-death': 'Ray peer deaths',
  'coordination-heartbeat': 'coordination service heartbeat timeouts',
  'peer-connection-lost': 'connections closed by a peer',
  'preempted-after': 'preempted after it',
};

const ORIGIN_UNKNOWN: Record<OriginUnknownReason, (replicas: number) => string> = {
  'no-timestamps': (n) => `${n} replicas failed, but nothing read dates their failures (no pod completion, event or container time) to order them`,
  'same-second': () => 'two or more replicas failed on their own within the same second',
  'tied-unread': (n) =>
    `one replica shows a cause of its own in what Tier 2 read, and ${n} other replica${n === 1 ? '' : 's'} that failed within the same second exited by ${n === 1 ? 'itself' : 'themselves'} (an exit code, no signal) with ${n === 1 ? 'its log' : 'their logs'} left unread (Tier 2 reads a few logs): ${n === 1 ? 'it' : 'any of them'} may have failed on its own too`,
  'only-collateral': (n) =>
    `each of the ${n} failed replicas shows only a peer's death (NCCL timeout, connection reset, SIGTERM…): the replica that started it left no trace in what was read`,
  'common-cause': (n) =>
    `the ${n} replicas that show a cause each failed on the same cause of their own within one second: the failure is common to them, none started it, and none is another's collateral (a replica whose log was not read is counted as neither)`,
  'no-replica-failure': () => 'no failure could be tied to one of its pods',
};

const RECOMMENDATION: RecommendationTexts = {
  'raise-memory-limit': ({ limitBytes, peakBytes }) =>
    `Profile the workload's memory and raise the ${formatBytes(limitBytes)} CPU memory limit with enough headroom${peakBytes !== null ? ` above the observed ${formatBytes(peakBytes)} peak` : ''} before rerunning.`,
  'set-memory-limit': () => "Profile the workload's memory and set an explicit CPU memory limit with enough headroom before rerunning (no limit was found).",
  'check-batch-memory': () => 'Investigate batch size and data-loader memory growth; consider smaller batches or gradient checkpointing.',
  'check-batch-size-env': () => 'Check that stale environment variables do not override the batch size.',
  'find-memory-growth': () =>
    'Memory climbed steadily until the kill: look for a leak or an unbounded cache (tensors kept across steps, metrics appended every step, a dataset cached in memory) before raising the limit — a leak outgrows any limit.',
  'find-memory-spike': () =>
    'Memory jumped in one step before the kill: find what runs at that moment (an oversized batch, an evaluation pass, a checkpoint save) and bound it, or size the limit for that peak.',
  'size-limit-to-working-set': () =>
    'Memory sat at the limit before the kill: the working set needs more than the limit; raise the limit, or hold less in memory (smaller batches, fewer data-loader workers).',
  'act-on-hardware-xid': ({ xid, description, bucket, nodeNames }) =>
    `NVIDIA Xid ${xid} (${description}) is a GPU hardware or driver fault, not the workload's code: resubmit on a healthy node. For the platform team, NVIDIA's Xid catalogue says (${bucket}): ${XID_ACTION[bucket]}.${reportNodes(nodeNames)}`,
  'fix-application-xid': ({ xid, description }) =>
    `NVIDIA Xid ${xid} (${description}) is attributed to the application by NVIDIA's Xid catalogue, not to the GPU: fix the operation that faulted (an illegal memory access or a failed kernel; rerun with CUDA_LAUNCH_BLOCKING=1 to locate it), then restart.`,
  'look-up-unknown-xid': ({ xid }) =>
    `NVIDIA Xid ${xid} is not in this product's Xid catalogue: look it up in NVIDIA's Xid catalogue (docs.nvidia.com/deploy/xid-errors) before deciding whether the GPU or the code is at fault.`,
  'fix-image-name': ({ image }) =>
    `The registry says the image or tag does not exist: fix the image name/tag${imageSuffix(image)} (check that it was pushed) and resubmit.`,
  'fix-image-reference': ({ image }) =>
    `The image reference is malformed, so no registry was asked for it: correct the image reference${imageSuffix(image)} as the quoted error says (lowercase repository name, valid tag or digest) and resubmit.`,
  'check-registry-network': () =>
    'The node could not reach the registry: check registry DNS resolution and network connectivity from the cluster nodes (proxy, firewall, TLS); credentials are not the problem.',
  'fix-registry-credentials': () =>
    "The registry refused the pull as unauthorized: fix the registry credentials (the project's image pull secret) and resubmit.",
  'verify-image-access': ({ image }) =>
    `The registry answered "pull access denied" (repository missing or private): first verify the image name${imageSuffix(image)}; if the repository is private, verify the image pull secret.`,
  'find-registry-error': () =>
    'ImagePullBackOff alone does not say why the pull failed: find the registry error in the first ErrImagePull/Failed event (or Tier 2 pod events) before changing the image, the network or credentials.',
  'fix-init-step-from-log': ({ logCommand }) =>
    `Fix the init step indicated by the init container's failing log line quoted above (${logCommand}): data download, permissions, configuration; then rerun.`,
  'read-init-logs': ({ logsCommand }) =>
    `Read the failing init container's logs${logsCommand ? ` (${logsCommand})` : ''} and fix the init step (data download, permissions, configuration) before rerunning.`,
  'check-data-source': ({ namespace }) =>
    `Check that the referenced PVC, secret or data source exists${namespace ? ` in namespace ${namespace}` : ''}, is bound and is accessible from the node, then resubmit.`,
  'fix-probe-kill': ({ logCommand }) =>
    `The kubelet killed the container after failed liveness/startup probes: find why the application stopped answering its probe (a hang, or a long blocking step such as checkpointing or data loading) and fix it, or relax the probe (initialDelaySeconds, timeoutSeconds, failureThreshold; a startupProbe for a slow start).${logCommand ? ` The log before the kill is quoted above (${logCommand}).` : ''}`,
  'fix-from-log-line': ({ logCommand, exit }) =>
    `Fix the code or configuration indicated by the failing log line quoted above (${logCommand}).${exitSentence(exit)}`,
  'read-unread-log': ({ logsCommand, exit }) =>
    `Fix the code or configuration indicated by the container's log: Tier 2 could not read it (see the limitations), so read ${logsCommand} while the pod still exists.${exitSentence(exit)}`,
  'read-log-without-tier2': ({ logsCommand, exit }) =>
    `Fix the code or configuration indicated by the failing log line: Tier 1 has no logs, so read ${logsCommand} (or configure Tier 2 for this cluster).${exitSentence(exit)}`,
  'fix-from-quoted-line': ({ logsCommand, exit }) =>
    `Fix the code or configuration indicated by the failing line quoted above (the message carries the end of the container's log); the full log: ${logsCommand}.${exitSentence(exit)}`,
  'raise-ephemeral-storage-limit': () =>
    "The pod wrote more local storage than its own limit allows (quoted above): raise the ephemeral-storage limit or emptyDir sizeLimit it declares, or write large files to a mounted volume (PVC, data source) instead of the container's filesystem. The node is not at fault.",
  'retry-after-node-removal': ({ removal, restartPolicy }) =>
    `The node was taken away by ${REMOVAL_CAUSE[removal]}, not broken: ${(restartPolicy ?? '').toLowerCase() === 'onfailure' ? 'the restart policy OnFailure reruns the workload on another node' : `resubmit the workload (restart policy ${restartPolicy ?? 'not set'} does not retry it)`}; checkpoint long runs so that a rerun resumes.`,
  'use-on-demand-capacity': () =>
    'Spot capacity can be reclaimed at any time: run long jobs on on-demand (non-spot) nodes, or checkpoint often enough to resume after an interruption.',
  'retry-on-healthy-node': ({ nodeNames }) =>
    `Retry on a healthy node: the restart policy is OnFailure, so a rerun can land elsewhere.${reportNodes(nodeNames)}`,
  'resubmit-on-healthy-node': ({ restartPolicy, nodeNames }) =>
    `Resubmit the workload on a healthy node (restart policy ${restartPolicy ?? 'not set'} does not retry it).${reportNodes(nodeNames)}`,
  'review-stop-policy': ({ policyText }) =>
    `The workload was stopped by a policy${policyText ? ` (${quoted(policyText)})` : ''}: ask an administrator to review the project's idle-timeout or duration policy only if the stop was unintended.`,
  'check-kernel-log': () =>
    "Exit 137/143 stays unexplained after Tier 2: no OOMKilled, probe failure, eviction or node condition was found; check the node's kernel log (dmesg) and any controller or person that may have stopped the container.",
  'read-full-log': ({ logsCommand }) =>
    `Neither Tier 1 nor Tier 2 names a cause: read the complete log (${logsCommand}) and the pod's events before rerunning.`,
  'check-kill-causes': () =>
    'Exit 137/143 without OOMKilled is unexplained: check node conditions, probe failures and eviction events (kubectl describe pod / describe node) before assuming memory.',
  'satisfy-admission-policy': () =>
    'An admission policy refused to create the pods (quoted above): change the workload so that it satisfies the policy, or ask the platform team that owns the named webhook or policy; no pod will start until then.',
  'inspect-pod': ({ describeCommand }) => `Inspect the pod directly: ${describeCommand} and kubectl logs --previous (or configure Tier 2 for this cluster).`,
  'gpu-memory-not-cpu-limit': () =>
    "CUDA out of memory means the GPU's memory was exhausted, not the container's CPU memory limit: changing the CPU memory limit will not help.",
  'reduce-gpu-memory': () =>
    'Reduce the per-GPU batch size (keep the effective batch with gradient accumulation), enable activation (gradient) checkpointing or mixed precision, or request a larger GPU fraction or a GPU with more memory.',
  'reduce-cuda-fragmentation': () =>
    'If the message reports a lot of memory reserved but unallocated, set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to reduce fragmentation.',
  'check-nccl-peers': () =>
    "NCCL (GPU-to-GPU communication) failed: look at the other ranks' pods first (a peer that crashed makes the others fail or time out), then at the inter-node network and NCCL settings (rerun with NCCL_DEBUG=INFO).",
  'locate-cuda-error': () =>
    "A CUDA error was raised: rerun with CUDA_LAUNCH_BLOCKING=1 to locate the failing operation, and check that the image's CUDA version matches the node's driver.",
  'check-native-code': () =>
    'The process crashed in native code (segmentation fault): check native extensions and the CUDA and library versions bundled in the image.',
  'enlarge-shared-memory': () =>
    'Shared memory (/dev/shm) ran out, typically in data-loader workers: request a larger shared memory (Run:ai large shm) or use fewer data-loader workers.',
  'check-child-process-memory': () =>
    'A process inside the container was killed (SIGKILL), often by the kernel OOM killer acting on a child process such as a data-loader worker: check the CPU memory usage of the workload.',
  'find-failing-rank-error': () => "The quoted line is the launcher's summary: the failing rank's own error is earlier in its log.",
  'fix-recurring-cause': ({ count, lookbackDays, category }) =>
    `Recurring: ${count} ${category} failures in the last ${days(lookbackDays)}: fix the cause permanently instead of rerunning unchanged.`,
};

export const messagesEn: Messages = {
  locale: 'en',
  fact: renderFact,
  alsoObserved: (text) => `Also observed: ${text}`,
  optionBSelection: ({ name, project, matches, selectedPhase, intent }) =>
    intent === 'terminal'
      ? `Selected the newest terminal workload named ${name} in project ${project} (${matches} match${matches === 1 ? '' : 'es'}; phase ${selectedPhase})`
      : `Selected the newest live workload named ${name} in project ${project} whose status confirms the symptom (${matches} match${matches === 1 ? '' : 'es'}; phase ${selectedPhase})`,
  messageDiagnosed: ({ name, category, recurrence, tier2Used }) => {
    const recurring = recurrence?.recurring ? ` Recurring: ${recurrence.count} failures in ${days(recurrence.lookbackDays)}.` : '';
    return category === 'UNKNOWN'
      ? `${name} failed, but ${tier2Used ? 'Tier 1 and Tier 2 evidence are' : 'Tier 1 evidence is'} insufficient to name a cause (UNKNOWN).${recurring}`
      : `${name} failed with ${category}: ${CATEGORY_SUMMARY[category]}.${recurring}`;
  },
  originLine: ({ pod, node, at, kind, collateral, later, formats }) => {
    const how = kind ? ` (${ORIGIN_KIND[kind]})` : '';
    const kinds = formats.length > 0 ? ` (${formats.map((format) => COLLATERAL_FORMAT[format]).join(', ')})` : '';
    const peers = collateral > 0 ? [`${collateral} ${collateral === 1 ? 'peer' : 'peers'} failed after it${kinds}`] : [];
    const others = later > 0 ? [`${later} other ${later === 1 ? 'replica' : 'replicas'} failed after it with no sign of a peer's death`] : [];
    const after = [...peers, ...others];
    return `${pod} on ${node ?? 'an unknown node'} failed first at ${at}${how}; ${after.length > 0 ? after.join('; ') : 'no other replica failed'}.`;
  },
  messageRouted: ({ name, phase, route }) =>
    route === 'runai-diagnose-preempted-workload'
      ? `${name} (phase ${phase}) was preempted by the scheduler, which is not a failure: use ${route}.`
      : `${name} is ${phase} with only scheduling evidence and no pod failure: use ${route}.`,
  messageStopped: ({ name, phase, stopReason, requestedClusterId, actualClusterId }) => {
    switch (stopReason) {
      case 'SUCCEEDED':
        return `${name} finished successfully (phase ${phase}): there is no failure to diagnose.`;
      case 'SUSPENDED':
        return `${name} is suspended (paused, not failed): out of scope for failure diagnosis.`;
      case 'RUNNING_NO_FAILURE':
        return `${name} is ${phase} with no confirmed failure symptom: did you mean a past run? Give its workload id.`;
      case 'NON_TERMINAL_PHASE':
        return `${name} is in phase ${phase}, which is not a failure: no category assigned.`;
      case 'CLUSTER_MISMATCH':
        return `Workload ${name} belongs to cluster ${actualClusterId}, not the requested cluster ${requestedClusterId}: not diagnosed.`;
    }
  },
  messageNeedsInput: ({ reason, clusterId, workloadId, name, project }) => {
    switch (reason) {
      case 'missing-cluster':
        return 'A cluster id is required (the cluster is never inferred from a workload): give --cluster-id.';
      case 'missing-workload':
        return 'Identify the workload: give a workload id, or a workload name and its project.';
      case 'no-terminal-candidate':
        return `No finished workload named ${name} in project ${project} was found on cluster ${clusterId}: give the workload id.`;
      case 'no-active-candidate':
        return `No live workload named ${name} in project ${project} on cluster ${clusterId} shows the symptom: give the workload id.`;
      case 'not-found':
        return `Workload ${workloadId} was not found on Run:ai (finished workloads are deleted after a retention period): check the id and the cluster.`;
    }
  },
  recommendation: RECOMMENDATION,
  limitation: {
    eventsUnavailable: (detail) =>
      `Events could not be retrieved (${detail}): this is a retrieval failure, not an absence of events; history was used instead.`,
    podsUnavailable: (detail) => `Pods could not be retrieved (${detail}).`,
    specFieldAbsent: (field, paths) => `The submitted spec has no ${SPEC_FIELD[field]} at ${paths.join(' or ')}: it corroborates nothing here.`,
    noPods: () => 'No pods were returned: pod phases, nodes and pod resources are missing.',
    podsPageCap: (pages) => `Pods were read up to ${pages} pages; the remaining pods were not read.`,
    specUnavailable: (detail) => `The submitted spec could not be retrieved (${detail}): image, command, memory limit and restart policy are not corroborated.`,
    endpointAbsent: (endpoint, type) =>
      type
        ? `Workload type ${quoted(type)} has no v1 spec endpoint, and ${endpoint} answered 404 (a control plane without this API, or no record for this workload): the submitted spec was not read.`
        : `${endpoint} answered 404 (a control plane without this API, or no record for this workload): revisions were not read.`,
    revisionsUnavailable: (detail) => `The inference's revisions could not be retrieved (${detail}): a failing revision's pods and events were not read.`,
    revisionReadFailed: (what, detail) => `The inference revision's ${what} could not be retrieved (${detail}).`,
    specUnknownType: (type) => `No spec endpoint exists for workload type ${type ? quoted(type) : '(none)'}: the submitted spec was not read.`,
    historyUnavailable: (detail) => `History could not be retrieved (${detail}): recurrence is counted from the current failure only.`,
    historyPageCap: (pages) => `History was read up to ${pages} pages; older records were not read.`,
    historyBudget: (records, budgetMiB) =>
      `History exceeded the ${budgetMiB} MiB memory budget of one diagnosis: the ${records} oldest records read were not kept; signals were read from the newest records only.`,
    recurrenceLowerBound: (count, lookbackDays) =>
      `Recurrence is a lower bound: at least ${count} ${count === 1 ? 'failure' : 'failures'} of this category in ${days(lookbackDays)} (history beyond the memory budget was not kept).`,
    metricsUnavailable: (detail) => `Memory metrics could not be retrieved (${detail}): no peak is reported.`,
    metricsPartial: () => 'Run:ai returned partial metrics (HTTP 207): the peak may be understated.',
    metricsEmpty: () => 'No CPU memory samples in the lookback window (short-lived job): no peak observed.',
    memoryLimitUnknown: () => 'No CPU memory limit was found in the spec, the pods or the metrics.',
    tier2Unavailable: () =>
      'Tier 2 (Kubernetes) evidence is not configured for this cluster: container exit codes, restart counts and previous logs are not available.',
    tier2: tier2Limitation,
    preemptionNotRuledOut: () => 'Events and history were both unavailable, so preemption could not be ruled out.',
    listTruncated: (pages) => `The workload list was read up to ${pages} pages; older matches were not considered.`,
    unrecognisedWarnings: (reasons) =>
      `Warning events that no signal table row recognises were not read as signals: ${reasons.map(({ reason, count }) => `${reason} (×${count})`).join(', ')}.`,
    originUnknown: (reason, replicas) => `The replica where this multi-pod failure started cannot be told: ${ORIGIN_UNKNOWN[reason](replicas)}.`,
    originTiedUnread: (replicas) =>
      `${replicas} other replica${replicas === 1 ? '' : 's'} failed within the same second as the origin and ${replicas === 1 ? 'was' : 'were'} not read by Tier 2 (it reads a few pods).`,
  },
  report: {
    labelColon: ':',
    category: 'Category',
    outcome: 'Outcome',
    workload: 'Workload',
    phase: 'Phase',
    project: 'Project',
    evidence: 'Evidence',
    failingLine: (line) => `Failing line: ${quoted(line)}`,
    history: 'History',
    recommendation: 'Recommendation',
    limitations: 'Limitations',
    source: 'source',
    none: 'none',
    recurrenceLine: ({ count, lookbackDays, category, recurring }) =>
      recurring
        ? `${count} ${category} failures in the last ${days(lookbackDays)} — recurring.`
        : `${count} ${category} failure in the last ${days(lookbackDays)} — one-off.`,
    historyUnknown: 'not available.',
  },
};
