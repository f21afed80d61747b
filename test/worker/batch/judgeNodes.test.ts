/**
 * Suspect nodes through the worker (§4.8): the fleet's memory is shared across batches (as
 * DynamoDB is across invocations); exactly one `node_suspect` notice per node per window; one
 * user's resubmissions never flag a node; the fleet's memory failing never costs a verdict.
 */
import { describe, expect, it } from 'vitest';
import type { QueuedDiagnosis } from '../../../functions/core/queuedDiagnosis.js';
import type { Category, Verdict } from '../../../functions/core/verdict.js';
import type { DiagnosisResult } from '../../../functions/diagnosis/model/DiagnosisResult.js';
import { createMemoryIdempotencyStore } from '../../../functions/delivery/IdempotencyStore.js';
import { readDeliveredNotification, type DeliveredNotification } from '../../../functions/delivery/readDeliveredNotification.js';
import type { SnsJsonMessage, SnsNotification } from '../../../functions/delivery/SnsNotification.js';
import { createMemoryNodeFailureLog } from '../../../functions/fleet/createMemoryNodeFailureLog.js';
import { NodeFailureLogError, type NodeFailureLog } from '../../../functions/fleet/NodeFailureLog.js';
import { createMemoryMetrics } from '../../../functions/metrics/createMemoryMetrics.js';
import { nodeSuspectWordsFor } from '../../../functions/report/nodeSuspectWords.js';
import { processDiagnosisBatch, type ProcessDiagnosisBatchDeps } from '../../../functions/worker/processDiagnosisBatch.js';
import { fakeRenderText } from '../../delivery/verdictFixture.js';
import { capturingLogger, capturingPublisher, queued, record, resultFor } from '../workerFakes.js';

let clock = Date.parse('2026-12-02T08:00:00Z');
const now = () => new Date(clock);

interface Failure {
  workloadId: string;
  node: string;
  submittedBy: string;
  category?: Category;
  hardwareXid?: number;
}

/** The engine stand-in: a diagnosed verdict on a node, with what the fleet remembers. */
function diagnosed(q: QueuedDiagnosis, failures: ReadonlyMap<string, Failure>): DiagnosisResult {
  const failure = failures.get(q.request.workloadId!)!;
  const category = failure.category ?? 'NODE_FAILURE';
  const result = resultFor(q, { category, node: { name: failure.node, suspect: null } } as Partial<Verdict>);
  return {
    ...result,
    nodeFailure: {
      clusterId: q.request.clusterId!,
      node: failure.node,
      workloadId: failure.workloadId,
      workloadName: `job-${failure.workloadId}`,
      project: 'ml-team',
      submittedBy: failure.submittedBy,
      category,
      at: clock,
      infrastructure: false,
      hardwareXid: failure.hardwareXid ?? null,
    },
  };
}

function fleetWorld(log: NodeFailureLog = createMemoryNodeFailureLog({ now })) {
  const failures = new Map<string, Failure>();
  const sink = capturingPublisher();
  const logs = capturingLogger();
  const metrics = createMemoryMetrics();
  const deps: ProcessDiagnosisBatchDeps = {
    diagnose: async (q) => diagnosed(q, failures),
    renderText: fakeRenderText,
    publisher: sink.publisher,
    idempotency: createMemoryIdempotencyStore({ now }),
    now,
    logger: logs.logger,
    fleet: { log, words: nodeSuspectWordsFor('en'), metrics },
  };
  let sequence = 0;
  const fail = async (...batch: Failure[]) => {
    for (const failure of batch) failures.set(failure.workloadId, failure);
    sequence += 1;
    return processDiagnosisBatch(
      batch.map((failure) => record(`m-${sequence}-${failure.workloadId}`, queued(failure.workloadId, 'c1'))),
      deps,
    );
  };
  return { fail, published: sink.published, lines: logs.lines, deps, metrics };
}

const read = (notification: SnsNotification): DeliveredNotification => readDeliveredNotification((JSON.parse(notification.Message) as SnsJsonMessage).sqs);
const notices = (published: SnsNotification[]) => published.filter((n) => n.MessageAttributes.kind?.StringValue === 'node_suspect');
const verdicts = (published: SnsNotification[]) =>
  published.map(read).filter((n): n is Extract<DeliveredNotification, { kind: 'verdict' }> => n.kind === 'verdict');

describe('suspect nodes in the worker', () => {
  it('three users failing on one node: the third verdict says the node is suspect, and one notice goes to the platform', async () => {
    clock = Date.parse('2026-12-02T08:00:00Z');
    const world = fleetWorld();
    await world.fail({ workloadId: 'w1', node: 'dgx-07', submittedBy: 'ana' });
    clock += 3_600_000;
    await world.fail({ workloadId: 'w2', node: 'dgx-07', submittedBy: 'ben' }, { workloadId: 'w3', node: 'dgx-07', submittedBy: 'eve' });

    const [notice, ...more] = notices(world.published);
    expect(more).toEqual([]);
    expect(notice!.Subject).toBe('[NODE_SUSPECT] dgx-07 (c1) 3 failed/24h');
    expect(notice!.MessageAttributes).toMatchObject({ outcome: { StringValue: 'node_suspect' }, audience: { StringValue: 'platform' } });
    const payload = read(notice!);
    expect(payload.kind === 'node_suspect' && payload.notice).toMatchObject({
      node: 'dgx-07',
      failures: 3,
      submitters: 3,
      workloads: [{ workloadId: 'w1' }, { workloadId: 'w2' }, { workloadId: 'w3' }],
      commands: ['kubectl describe node dgx-07', expect.stringContaining('involvedObject.name=dgx-07'), 'kubectl cordon dgx-07'],
    });
    const byWorkload = new Map(verdicts(world.published).map((n) => [n.verdict.workload!.id, n.verdict]));
    expect(byWorkload.get('w1')!.node).toEqual({ name: 'dgx-07', suspect: null });
    expect(byWorkload.get('w3')!.node?.suspect).toEqual({ failures: 3, submitters: 3, windowHours: 24, hardwareXid: null });

    // A fourth failure the same day: its verdict says so, but no second notice.
    clock += 3_600_000;
    await world.fail({ workloadId: 'w4', node: 'dgx-07', submittedBy: 'joe' });
    expect(notices(world.published)).toHaveLength(1);
    expect(verdicts(world.published).find((n) => n.verdict.workload!.id === 'w4')!.verdict.node?.suspect?.failures).toBe(4);

    // The next day, still failing: one more notice.
    clock += 25 * 3_600_000;
    await world.fail(
      { workloadId: 'w5', node: 'dgx-07', submittedBy: 'ana' },
      { workloadId: 'w6', node: 'dgx-07', submittedBy: 'ben' },
      { workloadId: 'w7', node: 'dgx-07', submittedBy: 'eve' },
    );
    expect(notices(world.published)).toHaveLength(2);
    // One SuspectNode point per notice published, on the node's own series.
    expect(world.metrics.recorded.filter((m) => m.name === 'SuspectNode')).toEqual([
      { name: 'SuspectNode', value: 1, unit: 'Count', breakdown: { clusterId: 'c1', node: 'dgx-07' } },
      { name: 'SuspectNode', value: 1, unit: 'Count', breakdown: { clusterId: 'c1', node: 'dgx-07' } },
    ]);
  });

  it('one user resubmitting the same failing job five times never flags the node', async () => {
    clock = Date.parse('2026-12-02T08:00:00Z');
    const world = fleetWorld();
    for (let n = 1; n <= 5; n++) {
      clock += 600_000;
      await world.fail({ workloadId: `retry-${n}`, node: 'dgx-09', submittedBy: 'ana', category: 'UNKNOWN' });
    }
    expect(notices(world.published)).toEqual([]);
    expect(verdicts(world.published).every((n) => n.verdict.node?.suspect === null)).toBe(true);
    expect(world.metrics.total('SuspectNode')).toBe(0);
  });

  it('OOM kills on one node from many users never count against it', async () => {
    clock = Date.parse('2026-12-02T08:00:00Z');
    const world = fleetWorld();
    await world.fail(
      ...['ana', 'ben', 'eve', 'joe'].map((who, n) => ({ workloadId: `oom-${n}`, node: 'dgx-11', submittedBy: who, category: 'OOM_KILLED' as const })),
    );
    expect(notices(world.published)).toEqual([]);
  });

  it('a hardware Xid flags the node on the first failure', async () => {
    clock = Date.parse('2026-12-02T08:00:00Z');
    const world = fleetWorld();
    await world.fail({ workloadId: 'x1', node: 'dgx-13', submittedBy: 'ana', hardwareXid: 79 });
    expect(notices(world.published).map((n) => n.Subject)).toEqual(['[NODE_SUSPECT] dgx-13 (c1) Xid 79, 1 failed/24h']);
  });

  it('a fleet memory that fails costs no verdict: they go out without suspect, and the failure is logged', async () => {
    clock = Date.parse('2026-12-02T08:00:00Z');
    const broken: NodeFailureLog = {
      remember: async () => {
        throw new NodeFailureLogError('throttled');
      },
      recent: async () => [],
      claimNotice: async () => 'claimed',
      releaseNotice: async () => {},
    };
    const world = fleetWorld(broken);
    const result = await world.fail({ workloadId: 'w1', node: 'dgx-07', submittedBy: 'ana' });
    expect(result).toMatchObject({ published: 1, failed: 0 });
    expect(world.lines.find((line) => line.event === 'worker.node_log_failed')?.fields).toMatchObject({
      errorCode: 'NODE_FAILURE_LOG_UNAVAILABLE',
      node: 'dgx-07',
    });
  });

  it('a notice that fails to publish is released, and the next suspect verdict on the node publishes it', async () => {
    clock = Date.parse('2026-12-02T08:00:00Z');
    const world = fleetWorld();
    let refuse = true;
    const publish = world.deps.publisher.publish.bind(world.deps.publisher);
    world.deps.publisher = {
      publish: async (notification) => {
        if (refuse && notification.MessageAttributes.kind?.StringValue === 'node_suspect') throw new Error('SNS throttled');
        return publish(notification);
      },
    };
    await world.fail(...['ana', 'ben', 'eve'].map((who, n) => ({ workloadId: `w${n}`, node: 'dgx-07', submittedBy: who })));
    expect(notices(world.published)).toEqual([]);
    expect(world.lines.some((line) => line.event === 'worker.node_notice_failed')).toBe(true);
    expect(world.metrics.total('SuspectNode')).toBe(0);
    refuse = false;
    clock += 60_000;
    await world.fail({ workloadId: 'w9', node: 'dgx-07', submittedBy: 'joe' });
    expect(notices(world.published)).toHaveLength(1);
    expect(world.metrics.total('SuspectNode', { node: 'dgx-07' })).toBe(1);
  });
});
