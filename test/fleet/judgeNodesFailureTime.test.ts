/**
 * Suspect nodes through the worker, judged on FAILURE time (§4.8): a failure belongs to the
 * 24-h spans that hold it whenever it is reported; the one notice per node per window is claimed
 * by failure time, so a late report, a re-sent alert or a workload diagnosed again never makes a
 * second one; clusters never share a node.
 */
import { describe, expect, it } from 'vitest';
import type { QueuedDiagnosis } from '../../functions/core/queuedDiagnosis.js';
import type { Category, Verdict } from '../../functions/core/verdict.js';
import type { DiagnosisResult } from '../../functions/diagnosis/model/DiagnosisResult.js';
import { createMemoryIdempotencyStore } from '../../functions/delivery/IdempotencyStore.js';
import { readDeliveredNotification, type DeliveredNotification } from '../../functions/delivery/readDeliveredNotification.js';
import type { SnsJsonMessage, SnsNotification } from '../../functions/delivery/SnsNotification.js';
import { createMemoryNodeFailureLog } from '../../functions/fleet/createMemoryNodeFailureLog.js';
import { nodeSuspectWordsFor } from '../../functions/report/nodeSuspectWords.js';
import { processDiagnosisBatch, type ProcessDiagnosisBatchDeps } from '../../functions/worker/processDiagnosisBatch.js';
import { fakeRenderText } from '../delivery/verdictFixture.js';
import { capturingLogger, capturingPublisher, queued, record, resultFor } from '../worker/workerFakes.js';

const T0 = Date.parse('2026-12-02T00:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Failure {
  workloadId: string;
  submittedBy: string;
  /** When the workload failed (epoch ms). */
  at: number;
  clusterId?: string;
  node?: string;
  category?: Category;
}

function fleetWorld() {
  let clock = T0;
  const now = () => new Date(clock);
  const failures = new Map<string, Failure>();
  const sink = capturingPublisher();
  let diagnoses = 0;
  const diagnosed = (q: QueuedDiagnosis): DiagnosisResult => {
    const failure = failures.get(`${q.request.clusterId}/${q.request.workloadId}`)!;
    const category = failure.category ?? 'NODE_FAILURE';
    const node = failure.node ?? 'dgx-07';
    const result = resultFor(q, { category, node: { name: node, suspect: null } } as Partial<Verdict>);
    diagnoses += 1;
    return {
      ...result,
      // Each diagnosis its own occurrence: the workload diagnosed again reaches the fleet again.
      occurrence: { ...result.occurrence!, phaseUpdatedAt: new Date(failure.at + diagnoses).toISOString() },
      nodeFailure: {
        clusterId: q.request.clusterId!,
        node,
        workloadId: failure.workloadId,
        workloadName: `job-${failure.workloadId}`,
        project: 'ml-team',
        submittedBy: failure.submittedBy,
        category,
        at: failure.at,
        infrastructure: false,
        hardwareXid: null,
      },
    };
  };
  const deps: ProcessDiagnosisBatchDeps = {
    diagnose: async (q) => diagnosed(q),
    renderText: fakeRenderText,
    publisher: sink.publisher,
    idempotency: createMemoryIdempotencyStore({ now }),
    now,
    logger: capturingLogger().logger,
    fleet: { log: createMemoryNodeFailureLog({ now }), words: nodeSuspectWordsFor('en') },
  };
  let sequence = 0;
  /** Reports failures at `reportedAt` (the worker's clock), one batch. */
  const report = async (reportedAt: number, ...batch: Failure[]) => {
    clock = reportedAt;
    for (const failure of batch) failures.set(`${failure.clusterId ?? 'c1'}/${failure.workloadId}`, failure);
    sequence += 1;
    await processDiagnosisBatch(
      batch.map((failure) =>
        record(`m-${sequence}-${failure.workloadId}`, queued(failure.workloadId, failure.clusterId ?? 'c1', `dk-${sequence}-${failure.workloadId}`)),
      ),
      deps,
    );
  };
  const read = (n: SnsNotification): DeliveredNotification => readDeliveredNotification((JSON.parse(n.Message) as SnsJsonMessage).sqs);
  const notices = () => sink.published.filter((n) => n.MessageAttributes.kind?.StringValue === 'node_suspect');
  const suspectOf = (workloadId: string) =>
    sink.published
      .map(read)
      .filter((n): n is Extract<DeliveredNotification, { kind: 'verdict' }> => n.kind === 'verdict')
      .filter((n) => n.verdict.workload!.id === workloadId)
      .map((n) => n.verdict.node?.suspect ?? null);
  return { report, notices, suspectOf };
}

describe('suspect nodes in the worker: failure time', () => {
  it('a failure reported late still counts in the span of its failure time', async () => {
    const world = fleetWorld();
    await world.report(T0 + MINUTE, { workloadId: 'a', submittedBy: 'ana', at: T0 });
    await world.report(T0 + HOUR + MINUTE, { workloadId: 'b', submittedBy: 'ben', at: T0 + HOUR });
    // Failed 23 h 59 min after the first, reported 6 h later still.
    await world.report(T0 + 30 * HOUR, { workloadId: 'c', submittedBy: 'eve', at: T0 + 23 * HOUR + 59 * MINUTE });
    expect(world.suspectOf('c')).toEqual([{ failures: 3, submitters: 3, windowHours: 24, hardwareXid: null }]);
    expect(world.notices()).toHaveLength(1);
  });

  it('24 h 1 min apart in failure time never share a span, however close the reports', async () => {
    const world = fleetWorld();
    await world.report(T0 + 25 * HOUR, { workloadId: 'a', submittedBy: 'ana', at: T0 });
    await world.report(T0 + 25 * HOUR, { workloadId: 'b', submittedBy: 'ben', at: T0 + 12 * HOUR });
    await world.report(T0 + 25 * HOUR, { workloadId: 'c', submittedBy: 'eve', at: T0 + 24 * HOUR + MINUTE });
    expect(world.notices()).toEqual([]);
    expect(world.suspectOf('c')).toEqual([null]);
  });

  it('an outage reported all at once a day later makes one notice', async () => {
    const world = fleetWorld();
    await world.report(
      T0 + 40 * HOUR,
      { workloadId: 'a', submittedBy: 'ana', at: T0 },
      { workloadId: 'b', submittedBy: 'ben', at: T0 + HOUR },
      { workloadId: 'c', submittedBy: 'eve', at: T0 + 2 * HOUR },
    );
    expect(world.notices()).toHaveLength(1);
    expect(world.suspectOf('c')[0]?.failures).toBe(3);
  });

  it('the same workload diagnosed again (a re-sent alert), even a day later, counts once and notifies once', async () => {
    const world = fleetWorld();
    const a = { workloadId: 'a', submittedBy: 'ana', at: T0 };
    const b = { workloadId: 'b', submittedBy: 'ben', at: T0 + HOUR };
    const c = { workloadId: 'c', submittedBy: 'eve', at: T0 + 2 * HOUR };
    await world.report(T0 + 2 * HOUR + MINUTE, a, b, c);
    expect(world.notices()).toHaveLength(1);
    await world.report(T0 + 2 * HOUR + 5 * MINUTE, b);
    await world.report(T0 + 30 * HOUR, c, a);
    expect(world.notices()).toHaveLength(1);
    // Diagnosed again, they are judged where they failed: the same three workloads (the first time, a and b came before c).
    expect(world.suspectOf('b').at(-1)?.failures).toBe(3);
    expect(world.suspectOf('a').map((s) => s?.failures ?? null)).toEqual([null, 3]);
    // Two of them diagnosed again do not make a third workload.
    const world2 = fleetWorld();
    await world2.report(T0 + MINUTE, a, b);
    await world2.report(T0 + 26 * HOUR, a, b);
    expect(world2.notices()).toEqual([]);
  });

  it('the next day of failure time gets the next notice', async () => {
    const world = fleetWorld();
    await world.report(T0 + 3 * HOUR, ...['ana', 'ben', 'eve'].map((who, n) => ({ workloadId: `d1-${n}`, submittedBy: who, at: T0 + n * HOUR })));
    await world.report(T0 + 30 * HOUR, ...['ana', 'ben', 'eve'].map((who, n) => ({ workloadId: `d2-${n}`, submittedBy: who, at: T0 + 28 * HOUR + n * HOUR })));
    expect(world.notices()).toHaveLength(2);
  });

  it('the same node name in two clusters is two nodes', async () => {
    const world = fleetWorld();
    await world.report(
      T0 + HOUR,
      { workloadId: 'a', submittedBy: 'ana', at: T0, clusterId: 'c1' },
      { workloadId: 'b', submittedBy: 'ben', at: T0, clusterId: 'c1' },
      { workloadId: 'c', submittedBy: 'eve', at: T0, clusterId: 'c2' },
      { workloadId: 'd', submittedBy: 'joe', at: T0, clusterId: 'c2' },
    );
    expect(world.notices()).toEqual([]);
    await world.report(T0 + 2 * HOUR, { workloadId: 'e', submittedBy: 'ana', at: T0 + HOUR, clusterId: 'c2' });
    expect(world.notices().map((n) => n.MessageAttributes.clusterId?.StringValue)).toEqual(['c2']);
  });
});

describe('suspect nodes in the worker: one notice per node per 24 h of failure time', () => {
  it('a node failing all along gets a notice every 24 h of failure time, not more, not later', async () => {
    const world = fleetWorld();
    const who = ['ana', 'ben', 'eve'];
    for (let n = 0; n * 2 <= 58; n++) {
      const at = T0 + n * 2 * HOUR;
      await world.report(at + MINUTE, { workloadId: `w${n}`, submittedBy: who[n % 3]!, at });
    }
    // Suspect from the third failure (4 h), then again 24 h of failure time later (28 h, 52 h).
    expect(world.notices()).toHaveLength(3);
  });
});
