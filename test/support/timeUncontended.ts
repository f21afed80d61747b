/**
 * Timing for bars stated in wall time (handler time, latency ratios) that must hold on a
 * loaded machine too. Wall time counts the turns other processes take on a busy CPU; this
 * takes them out: wall time less the time this thread spent runnable but waiting for a CPU,
 * as the Linux scheduler reports it (/proc/thread-self/schedstat, second field, ns). What
 * stays is the code's own work and its own waits (timers, sockets), so an extra round trip,
 * a sleep or a slower algorithm still shows, while a neighbour's busy loop does not.
 * Where the scheduler does not report it (not Linux), it is plain wall time.
 *
 * It errs on the lenient side for waits, never for work: a wake-up during the code's own
 * idle wait (a GC task, say) that then queues for a CPU is subtracted too, so on a loaded
 * machine one run can undercount a sleep (a 100 ms sleep once read 69.5 ms); take the
 * median of several runs. Unloaded, nothing is subtracted.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const SCHEDSTAT = '/proc/thread-self/schedstat';

function runQueueWaitMs(): number | null {
  try {
    const waitNs = Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[1]);
    return Number.isFinite(waitNs) ? waitNs / 1e6 : null;
  } catch {
    return null;
  }
}

export interface UncontendedTiming<T> {
  value: T;
  /** Wall time less the time spent waiting for a CPU. */
  ms: number;
  wallMs: number;
  /** Time spent runnable but not running (0 where the scheduler does not report it). */
  waitMs: number;
}

export async function timeUncontended<T>(run: () => T | Promise<T>): Promise<UncontendedTiming<T>> {
  const waitBefore = runQueueWaitMs();
  const started = performance.now();
  const value = await run();
  const wallMs = performance.now() - started;
  const waitAfter = runQueueWaitMs();
  const waitMs = waitBefore !== null && waitAfter !== null ? waitAfter - waitBefore : 0;
  return { value, ms: wallMs - waitMs, wallMs, waitMs };
}
