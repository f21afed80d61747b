/**
 * Stage 3b, the fleet (DESIGN §4.8): after its claim, each occurrence diagnosed on a known node
 * is remembered; the node's failures around its failure time are read back and judged at that
 * time (decideNodeSuspicion: spans of failure time, never of report time). A suspect node is named in the verdict (`node.suspect`) and, once per
 * node per window of failure time, gets a `node_suspect` notice to the platform (claimed in the
 * log at the failure's own time, so concurrent workers, re-sent alerts and late reports of the
 * same failures publish one).
 *
 * Runs only on claimed occurrences, so a redelivered record is never remembered twice by this
 * path (and remembering is idempotent per workload anyway). The fleet's memory is an aid, never
 * a reason to lose a verdict: a log that cannot be read or written is logged and the verdict
 * goes out without `suspect`; a notice that fails to publish is released, so the next suspect
 * verdict on that node tries again.
 */
import { decideNodeSuspicion, SUSPECT_WINDOW_HOURS, type NodeSuspicion } from '../../diagnosis/classify/decideNodeSuspicion.js';
import type { NodeFailure } from '../../diagnosis/model/NodeFailure.js';
import { renderNodeSuspect } from '../../delivery/renderNodeSuspect.js';
import type { VerdictPublisher } from '../../delivery/VerdictPublisher.js';
import { boundedKey, CORRELATION_KEY_MAX_CHARS } from '../../delivery/occurrenceKeys.js';
import type { NodeFailureLog } from '../../fleet/NodeFailureLog.js';
import type { OperationsMetrics } from '../../metrics/OperationsMetrics.js';
import type { NodeSuspectWords } from '../../report/nodeSuspectWords.js';
import { mapWithConcurrency } from '../mapWithConcurrency.js';
import type { LogPort } from '../../core/LogPort.js';
import type { Occurrence } from './claimOccurrences.js';
import { errorFields } from './errorFields.js';

export interface FleetDeps {
  log: NodeFailureLog;
  /** The notice's words, in the worker's locale. */
  words: NodeSuspectWords;
  windowHours?: number;
  /**
   * Counts `SuspectNode` (dimensions clusterId, node) once per notice published: at most one
   * series point per node per window, so the dimension's cardinality is the number of suspect
   * nodes, not of failures. Names are bounded as keys are (a node name is at most 253 characters
   * in Kubernetes; a longer one is hashed), within CloudWatch's 1024-character dimension values.
   */
  metrics?: OperationsMetrics;
}

export interface JudgeNodesDeps {
  fleet: FleetDeps;
  publisher: VerdictPublisher;
  now: () => Date;
  concurrency: number;
  logger: LogPort;
}

/** Occurrences on one node, judged one after another so each sees the ones before it. */
function groupByNode(claimed: readonly Occurrence[]): { clusterId: string; node: string; members: { occurrence: Occurrence; failure: NodeFailure }[] }[] {
  const groups = new Map<string, { clusterId: string; node: string; members: { occurrence: Occurrence; failure: NodeFailure }[] }>();
  for (const occurrence of claimed) {
    const failure = occurrence.result.nodeFailure;
    if (!failure) continue;
    const key = JSON.stringify([failure.clusterId, failure.node]);
    const group = groups.get(key) ?? { clusterId: failure.clusterId, node: failure.node, members: [] };
    group.members.push({ occurrence, failure });
    groups.set(key, group);
  }
  return [...groups.values()];
}

export async function judgeNodes(claimed: readonly Occurrence[], deps: JudgeNodesDeps): Promise<void> {
  const windowHours = deps.fleet.windowHours ?? SUSPECT_WINDOW_HOURS;
  const windowMs = windowHours * 3_600_000;
  await mapWithConcurrency(groupByNode(claimed), deps.concurrency, async ({ clusterId, node, members }) => {
    // Each failure is judged at its own failure time (a late or re-sent report is judged where it belongs).
    const suspicions: { suspicion: NodeSuspicion; atMs: number }[] = [];
    try {
      for (const { occurrence, failure } of members) {
        await deps.fleet.log.remember(failure);
        const remembered = await deps.fleet.log.recent(clusterId, node, failure.at - windowMs);
        const suspicion = decideNodeSuspicion(remembered, failure.at, windowHours, { clusterId, node });
        const verdictNode = occurrence.result.verdict.node;
        if (verdictNode) verdictNode.suspect = suspicion?.suspect ?? null;
        if (suspicion) suspicions.push({ suspicion, atMs: failure.at });
      }
    } catch (error) {
      deps.logger.warn('worker.node_log_failed', { clusterId, node, ...errorFields(error), note: 'verdicts go out without the node history' });
      return;
    }
    // One notice per node per window of FAILURE time: claimed at the failure time of a failure the node
    // is suspect at. A notice claimed within the window before or after it takes the claim, so the same
    // failure re-sent, diagnosed again or reported late never makes a second notice.
    const tried = new Set<number>();
    for (const { suspicion, atMs } of suspicions) {
      if (tried.has(atMs)) continue;
      tried.add(atMs);
      if (await notify(clusterId, node, suspicion, atMs, windowMs, deps)) return;
    }
  });
}

/** Claims and publishes one notice; true when this node's notice for the window is out (or was already). */
async function notify(clusterId: string, node: string, suspicion: NodeSuspicion, atMs: number, windowMs: number, deps: JudgeNodesDeps): Promise<boolean> {
  deps.logger.info('worker.node_suspect', {
    clusterId,
    node,
    failures: suspicion.suspect.failures,
    submitters: suspicion.suspect.submitters,
    hardwareXid: suspicion.suspect.hardwareXid,
    onsetAt: new Date(atMs).toISOString(),
  });
  try {
    if ((await deps.fleet.log.claimNotice(clusterId, node, atMs, windowMs)) === 'taken') return false;
  } catch (error) {
    deps.logger.warn('worker.node_notice_claim_failed', { clusterId, node, ...errorFields(error) });
    return true;
  }
  try {
    const sent = await deps.publisher.publish(renderNodeSuspect(clusterId, node, suspicion, deps.fleet.words));
    deps.logger.info('worker.node_notice_published', { clusterId, node, snsMessageId: sent.messageId });
    deps.fleet.metrics?.count('SuspectNode', 1, {
      clusterId: boundedKey(clusterId, CORRELATION_KEY_MAX_CHARS),
      node: boundedKey(node, CORRELATION_KEY_MAX_CHARS),
    });
    return true;
  } catch (error) {
    deps.logger.error('worker.node_notice_failed', {
      clusterId,
      node,
      ...errorFields(error),
      note: 'released: the next suspect verdict on this node retries it',
    });
    await deps.fleet.log.releaseNotice(clusterId, node, atMs).catch((releaseError: unknown) => {
      deps.logger.error('worker.node_notice_release_failed', { clusterId, node, ...errorFields(releaseError) });
    });
    return true;
  }
}
