/**
 * Local mode's automatic mode (docs/intake.md, the poller): the poller core on a timer instead of an
 * EventBridge schedule, with an in-memory watermark (a restart re-lists the first-run
 * window; the worker's idempotency drops what was already notified in this process).
 * Runs never overlap: a slow Run:ai delays the next run rather than stacking them.
 */
import type { DiagnosisQueue } from '../queue/DiagnosisQueue.js';
import { createMemoryWatermarkStore } from '../poller/createMemoryWatermarkStore.js';
import type { FailedWorkloadLister } from '../poller/FailedWorkloadLister.js';
import { pollFailedWorkloads, type PollSummary } from '../poller/pollFailedWorkloads.js';
import type { LocalLogger } from './createLocalLogger.js';

export interface LocalPollerOptions {
  lister: FailedWorkloadLister;
  queue: DiagnosisQueue;
  clusterIds: readonly string[];
  intervalMs: number;
  now: () => Date;
  logger: LocalLogger;
}

export interface LocalPoller {
  /** One run now (or the run in progress), e.g. from a test. */
  pollNow(): Promise<PollSummary>;
  /** No new runs; resolves when the run in progress, if any, has ended. */
  stop(): Promise<void>;
}

export function startLocalPoller(options: LocalPollerOptions): LocalPoller {
  const watermarks = createMemoryWatermarkStore();
  let running: Promise<PollSummary> | undefined;
  let stopped = false;

  function pollNow(): Promise<PollSummary> {
    running ??= pollFailedWorkloads({ lister: options.lister, queue: options.queue, watermarks }, { clusterIds: options.clusterIds, now: options.now() })
      .then((summary) => {
        for (const cluster of summary.clusters) {
          if (cluster.ok) {
            if (cluster.enqueued > 0)
              options.logger.info('poller.enqueued', { clusterId: cluster.clusterId, enqueued: cluster.enqueued, since: cluster.since });
          } else {
            options.logger.warn('poller.cluster_failed', { clusterId: cluster.clusterId, stage: cluster.error?.stage, error: cluster.error?.message });
          }
        }
        return summary;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  const tick = () => {
    if (!stopped) pollNow().catch((error: unknown) => options.logger.error('poller.failed', { error }));
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref(); // the HTTP server keeps the process alive, not the poller
  setImmediate(tick); // first run at start: failures from the last hour are picked up at once

  return {
    pollNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
