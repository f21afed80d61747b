/**
 * What to recommend, decided once for every language: the category's own advice (chosen by
 * what the evidence says: the registry's answer, whether Tier 2 read a log, whether probes
 * explain a kill, the restart policy), then the advice the quoted log line calls for, then
 * the recurrence. The catalogs only word the result. Pure.
 */
import type { Category } from '../../core/verdict.js';
import type { LogHint } from '../model/LogHint.js';
import { interpretExitCode } from '../signals/exitCodes.js';
import type { ExitCodeNote, Recommendation } from '../model/Recommendation.js';
import type { ImagePullCause, NodeRemoval } from '../model/Signal.js';
import type { FailingLine } from '../signals/decisiveLine/chooseFailingLine.js';
import type { XidReading } from '../model/XidReading.js';
import type { MemoryShapeName } from '../model/MemoryShapeName.js';

export interface RecommendationContext {
  category: Category;
  imagePullCause: ImagePullCause | null;
  image: string | null;
  limitBytes: number | null;
  peakBytes: number | null;
  restartPolicy: string | null;
  nodeNames: string[];
  namespace: string | null;
  podName: string | null;
  exitCode: number | null;
  policyText: string | null;
  killedBySignalUnexplained: boolean;
  /** Null when history could not be read. */
  recurrence: { count: number; lookbackDays: number; recurring: boolean } | null;
  // Tier 2 (optional: absent = Tier 2 was not used, and the Tier 1 advice applies unchanged).
  /** Tier 2 read Kubernetes evidence for this diagnosis. */
  tier2Used?: boolean;
  /** The kubectl command whose log line is quoted in the evidence, if one was read. */
  logCommand?: string | null;
  /** What the quoted log line says, when it names a cause (CUDA out of memory, NCCL, …). */
  logHint?: LogHint | null;
  /** The kubelet killed the container for failed liveness/startup probes (its own event says so, or probe failures explain a 137/143). Either tier. */
  probeKill?: boolean;
  /** The verdict's failingLine: whether a message carried the container's log tail, and what the line says. */
  failingLine?: FailingLine | null;
  /** Who took the node away, when its remover said so (NODE_FAILURE). */
  nodeRemoval?: NodeRemoval | null;
  /** An admission webhook or policy refused to create the pods. */
  admissionDenied?: boolean;
  /** The kubelet evicted the pod for exceeding its own ephemeral-storage or emptyDir limit. */
  ownStorageLimit?: boolean;
  /** The NVIDIA Xid the deciding signal was decoded from, or an unknown Xid seen in the evidence. */
  xid?: XidReading | null;
  /** The memory curve's shape before the kill, when the metrics had enough samples. */
  memoryShape?: MemoryShapeName | null;
}

/** Categories whose advice a quoted application line may tailor (GPU memory, NCCL, CUDA): never a pull, mount, node or policy. */
const LINE_HINTED_CATEGORIES: ReadonlySet<Category> = new Set<Category>(['CRASH_APP_ERROR', 'INIT_FAILED', 'UNKNOWN']);

/** What each memory curve calls for; an irregular curve adds nothing (the generic advice stands). */
const MEMORY_SHAPE_RECOMMENDATIONS: Record<MemoryShapeName, readonly Recommendation[]> = {
  'steady-climb': [{ id: 'find-memory-growth' }],
  'sudden-step': [{ id: 'find-memory-spike' }],
  'plateau-at-limit': [{ id: 'size-limit-to-working-set' }],
  irregular: [],
};

/** Advice a quoted log line calls for (GPU-aware: CUDA out of memory is not the CPU memory limit). */
const LOG_HINT_RECOMMENDATIONS: Record<LogHint, readonly Recommendation[]> = {
  'cuda-oom': [{ id: 'gpu-memory-not-cpu-limit' }, { id: 'reduce-gpu-memory' }, { id: 'reduce-cuda-fragmentation' }],
  nccl: [{ id: 'check-nccl-peers' }],
  'cuda-error': [{ id: 'locate-cuda-error' }],
  segfault: [{ id: 'check-native-code' }],
  shm: [{ id: 'enlarge-shared-memory' }],
  killed: [{ id: 'check-child-process-memory' }],
  exception: [],
  launcher: [{ id: 'find-failing-rank-error' }],
  error: [],
};

export function decideRecommendations(context: RecommendationContext): Recommendation[] {
  const lineHint = LINE_HINTED_CATEGORIES.has(context.category) ? (context.failingLine?.hint ?? null) : null;
  const hint = context.logHint ?? lineHint;
  const hinted = hint ? LOG_HINT_RECOMMENDATIONS[hint] : [];
  const { recurrence } = context;
  const recurring: Recommendation[] = recurrence?.recurring
    ? [{ id: 'fix-recurring-cause', count: recurrence.count, lookbackDays: recurrence.lookbackDays, category: context.category }]
    : [];
  return [...forXid(context), ...forCategory(context), ...hinted, ...recurring];
}

/** The catalogue's action for a decoded Xid leads: it is the most specific thing the evidence says. */
function forXid(context: RecommendationContext): Recommendation[] {
  const { xid } = context;
  if (!xid) return [];
  if (!xid.entry) return [{ id: 'look-up-unknown-xid', xid: xid.xid }];
  if (xid.entry.cause === 'hardware' && context.category === 'NODE_FAILURE')
    return [{ id: 'act-on-hardware-xid', xid: xid.xid, description: xid.entry.description, bucket: xid.entry.bucket, nodeNames: context.nodeNames }];
  if (xid.entry.cause === 'application' && context.category === 'CRASH_APP_ERROR')
    return [{ id: 'fix-application-xid', xid: xid.xid, description: xid.entry.description }];
  return [];
}

function forCategory(context: RecommendationContext): Recommendation[] {
  switch (context.category) {
    case 'OOM_KILLED':
      return [
        context.limitBytes !== null ? { id: 'raise-memory-limit', limitBytes: context.limitBytes, peakBytes: context.peakBytes } : { id: 'set-memory-limit' },
        ...(context.memoryShape ? MEMORY_SHAPE_RECOMMENDATIONS[context.memoryShape] : []),
        { id: 'check-batch-memory' },
        { id: 'check-batch-size-env' },
      ];
    case 'IMAGE_PULL_FAILED':
      return [forImagePull(context)];
    case 'INIT_FAILED':
      if (context.tier2Used && context.logCommand) return [{ id: 'fix-init-step-from-log', logCommand: context.logCommand }];
      return [
        {
          id: 'read-init-logs',
          logsCommand: context.podName ? `kubectl logs ${context.podName} -c <init-container> --previous${namespaceFlag(context)}` : null,
        },
      ];
    case 'DATASOURCE_MOUNT_FAILED':
      return [{ id: 'check-data-source', namespace: context.namespace }];
    case 'CRASH_APP_ERROR': {
      if (context.ownStorageLimit) return [{ id: 'raise-ephemeral-storage-limit' }];
      if (context.probeKill) return [{ id: 'fix-probe-kill', logCommand: context.logCommand ?? null }];
      const exit = exitCodeNote(context.exitCode);
      if (context.tier2Used && context.logCommand) return [{ id: 'fix-from-log-line', logCommand: context.logCommand, exit }];
      if (context.tier2Used) return [{ id: 'read-unread-log', logsCommand: previousLogsCommand(context), exit }];
      // The message carried the end of the container's log: the failing line is quoted, Tier 1 is not log-blind here.
      if (context.failingLine?.fromPayload) return [{ id: 'fix-from-quoted-line', logsCommand: previousLogsCommand(context), exit }];
      return [{ id: 'read-log-without-tier2', logsCommand: previousLogsCommand(context), exit }];
    }
    case 'NODE_FAILURE':
      // A node taken away (spot, consolidation, scale-down, deletion, shutdown) is not a broken node: retry, nothing to report.
      if (context.nodeRemoval)
        return [
          { id: 'retry-after-node-removal', removal: context.nodeRemoval, restartPolicy: context.restartPolicy },
          ...(context.nodeRemoval === 'spot-interruption' ? [{ id: 'use-on-demand-capacity' } as const] : []),
        ];
      // OnFailure reruns the workload by itself, possibly on another node; any other policy does not.
      return [
        (context.restartPolicy ?? '').toLowerCase() === 'onfailure'
          ? { id: 'retry-on-healthy-node', nodeNames: context.nodeNames }
          : { id: 'resubmit-on-healthy-node', restartPolicy: context.restartPolicy, nodeNames: context.nodeNames },
      ];
    case 'SCHEDULING_POLICY_TERMINATED':
      return [{ id: 'review-stop-policy', policyText: context.policyText }];
    case 'UNKNOWN':
      if (context.admissionDenied) return [{ id: 'satisfy-admission-policy' }];
      if (context.tier2Used)
        return [context.killedBySignalUnexplained ? { id: 'check-kernel-log' } : { id: 'read-full-log', logsCommand: previousLogsCommand(context) }];
      return [
        context.killedBySignalUnexplained
          ? { id: 'check-kill-causes' }
          : { id: 'inspect-pod', describeCommand: `kubectl describe pod ${context.podName ?? '<pod>'}${namespaceFlag(context)}` },
      ];
  }
}

function forImagePull(context: RecommendationContext): Recommendation {
  switch (context.imagePullCause) {
    case 'manifest':
      return { id: 'fix-image-name', image: context.image };
    case 'invalid_reference':
      // The kubelet could not parse the reference: the registry was never asked.
      return { id: 'fix-image-reference', image: context.image };
    case 'network':
      return { id: 'check-registry-network' };
    case 'auth':
      return { id: 'fix-registry-credentials' };
    case 'access_denied':
      return { id: 'verify-image-access', image: context.image };
    default:
      // ImagePullBackOff alone: the registry's own answer has to be found first.
      return { id: 'find-registry-error' };
  }
}

function exitCodeNote(exitCode: number | null): ExitCodeNote | null {
  if (exitCode === null) return null;
  const meaning = interpretExitCode(exitCode)?.meaning;
  return meaning && meaning !== 'success' ? { exitCode, meaning } : null;
}

const namespaceFlag = (context: RecommendationContext) => (context.namespace ? ` -n ${context.namespace}` : '');

/** The command that reads the previous run's log (the pod name is a placeholder when none is known). */
const previousLogsCommand = (context: RecommendationContext) => `kubectl logs ${context.podName ?? '<pod>'} --previous${namespaceFlag(context)}`;
