/**
 * A recommendation as data: what to advise, with the values the sentence needs. The
 * diagnosis decides which recommendations a verdict carries (decideRecommendations); each
 * message catalog has one sentence per id (`RecommendationTexts`), so a catalog that misses
 * an id does not compile. Strings that came from the cluster arrive already quoted.
 */
import type { Category } from '../../core/verdict.js';
import type { ExitCodeMeaning } from './ExitCodeMeaning.js';
import type { NodeRemoval } from './Signal.js';
import type { XidBucket } from './XidReading.js';

/** An exit code worth explaining, with what it usually means (never "success"). */
export interface ExitCodeNote {
  exitCode: number;
  meaning: Exclude<ExitCodeMeaning, 'success'>;
}

export type Recommendation =
  // OOM_KILLED
  | { id: 'raise-memory-limit'; limitBytes: number; peakBytes: number | null }
  | { id: 'set-memory-limit' }
  | { id: 'check-batch-memory' }
  | { id: 'check-batch-size-env' }
  // OOM_KILLED: what the memory curve's shape calls for (memory/describeMemoryShape.ts)
  | { id: 'find-memory-growth' }
  | { id: 'find-memory-spike' }
  | { id: 'size-limit-to-working-set' }
  // IMAGE_PULL_FAILED: one per registry answer
  | { id: 'fix-image-name'; image: string | null }
  | { id: 'fix-image-reference'; image: string | null }
  | { id: 'check-registry-network' }
  | { id: 'fix-registry-credentials' }
  | { id: 'verify-image-access'; image: string | null }
  | { id: 'find-registry-error' }
  // INIT_FAILED
  | { id: 'fix-init-step-from-log'; logCommand: string }
  | { id: 'read-init-logs'; logsCommand: string | null }
  // DATASOURCE_MOUNT_FAILED
  | { id: 'check-data-source'; namespace: string | null }
  // CRASH_APP_ERROR
  | { id: 'fix-probe-kill'; logCommand: string | null }
  | { id: 'fix-from-log-line'; logCommand: string; exit: ExitCodeNote | null }
  | { id: 'read-unread-log'; logsCommand: string; exit: ExitCodeNote | null }
  | { id: 'read-log-without-tier2'; logsCommand: string; exit: ExitCodeNote | null }
  | { id: 'fix-from-quoted-line'; logsCommand: string; exit: ExitCodeNote | null }
  | { id: 'raise-ephemeral-storage-limit' }
  // NODE_FAILURE
  | { id: 'retry-on-healthy-node'; nodeNames: string[] }
  | { id: 'resubmit-on-healthy-node'; restartPolicy: string | null; nodeNames: string[] }
  | { id: 'retry-after-node-removal'; removal: NodeRemoval; restartPolicy: string | null }
  | { id: 'use-on-demand-capacity' }
  // An NVIDIA Xid decoded from the catalogue (gpu/xidCatalogue.ts): the catalogue's action, worded per bucket
  | { id: 'act-on-hardware-xid'; xid: number; description: string; bucket: XidBucket; nodeNames: string[] }
  | { id: 'fix-application-xid'; xid: number; description: string }
  | { id: 'look-up-unknown-xid'; xid: number }
  // SCHEDULING_POLICY_TERMINATED
  | { id: 'review-stop-policy'; policyText: string | null }
  // UNKNOWN
  | { id: 'check-kernel-log' }
  | { id: 'read-full-log'; logsCommand: string }
  | { id: 'check-kill-causes' }
  | { id: 'inspect-pod'; describeCommand: string }
  | { id: 'satisfy-admission-policy' }
  // What a quoted Tier 2 log line calls for
  | { id: 'gpu-memory-not-cpu-limit' }
  | { id: 'reduce-gpu-memory' }
  | { id: 'reduce-cuda-fragmentation' }
  | { id: 'check-nccl-peers' }
  | { id: 'locate-cuda-error' }
  | { id: 'check-native-code' }
  | { id: 'enlarge-shared-memory' }
  | { id: 'check-child-process-memory' }
  | { id: 'find-failing-rank-error' }
  // History
  | { id: 'fix-recurring-cause'; count: number; lookbackDays: number; category: Category };

export type RecommendationId = Recommendation['id'];

/** One sentence per recommendation id, in one language. */
export type RecommendationTexts = { [Id in RecommendationId]: (recommendation: Extract<Recommendation, { id: Id }>) => string };

export function renderRecommendation(texts: RecommendationTexts, recommendation: Recommendation): string {
  // The mapped type guarantees texts[id] takes exactly this variant; TypeScript cannot see that through the union.
  const render = texts[recommendation.id] as (recommendation: Recommendation) => string;
  return render(recommendation);
}
