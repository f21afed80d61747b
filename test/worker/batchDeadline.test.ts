/**
 * #12 item 2: one hanging Run:ai read must not dead-letter a whole batch. 25 records whose
 * events read hangs, against the real engine and client and the simulator, with times
 * scaled down (1 s per request instead of 10 s, a 12 s "Lambda timeout" instead of 120 s):
 * without a deadline the batch outlives the timeout (every record would be redelivered and
 * end in the DLQ); with one, every verdict is published in time, each naming the slow read.
 */
import { describe, it, onTestFinished } from 'vitest';
import { processDiagnosisBatch } from '../../functions/worker/processDiagnosisBatch.js';
import { P } from '../poller/pollerTestKit.js';
import { startHangingBatch } from './startHangingBatch.js';

const LAMBDA_TIMEOUT_MS = 12_000;
const MARGIN_MS = 1_500;

/** A batch of its own per test (its simulator, records and clock), closed when the test ends. */
async function rig() {
  const batch = await startHangingBatch({ hanging: 25, quiet: true, requestTimeoutMs: 1_000 });
  onTestFinished(() => batch.sim.close());
  return batch;
}

// Concurrent: each test is seconds of waiting on hanging reads (12 s and more by design), and each
// owns its simulator and records; one after the other they held a worker idle for both waits.
describe.concurrent('a batch with a hanging Run:ai endpoint', () => {
  it('publishes every verdict before the Lambda timeout, each naming the slow read, and the quiet cluster first', async ({ expect }) => {
    const { deps, records, started, publishedAt, results } = await rig();
    const result = await processDiagnosisBatch(records, { ...deps, diagnoseBy: started + LAMBDA_TIMEOUT_MS - MARGIN_MS });
    const elapsed = Date.now() - started;

    expect(elapsed).toBeLessThan(LAMBDA_TIMEOUT_MS);
    // Cluster P storms: its first 5 verdicts go out alone, the other 20 wait for the window's digest.
    expect(result).toMatchObject({ failed: 0, published: 28, notifications: 8, heldForDigest: 20 });
    // The three verdicts of cluster A do not wait for the storm on cluster P.
    const firstOfP = Math.min(...publishedAt.filter((p) => p.clusterId === P).map((p) => p.ms));
    expect(publishedAt.filter((p) => p.clusterId !== P)).toHaveLength(3);
    expect(publishedAt.filter((p) => p.clusterId !== P).every((p) => p.ms < firstOfP)).toBe(true);
    const stormVerdicts = results.filter((r) => r.verdict.workload?.clusterId === P);
    expect(stormVerdicts).toHaveLength(25);
    for (const { verdict } of stormVerdicts) {
      expect(verdict.limitations).toContain(
        'Events could not be retrieved (RUNAI_TIMEOUT on GET /api/v1/workloads/{id}/events): this is a retrieval failure, not an absence of events; history was used instead.',
      );
    }
  }, 30_000);

  it('without a deadline, outlives the Lambda timeout (the figure the deadline fixes)', async ({ expect }) => {
    const { deps, records, started } = await rig();
    await processDiagnosisBatch(records, deps);
    expect(Date.now() - started).toBeGreaterThan(LAMBDA_TIMEOUT_MS);
  }, 60_000);
});
