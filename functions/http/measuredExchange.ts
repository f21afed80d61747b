/**
 * Times one exchange attempt, counts it and reports it to the `onRequest` hook. A throwing
 * hook is swallowed: metrics must never be the reason a diagnosis fails.
 */
import type { Exchange } from './timedExchange.js';

/** One exchange attempt as the `onRequest` hook sees it. */
export interface RequestInfo {
  /** Path template, e.g. `GET /api/v1/workloads/{id}/events`. */
  endpoint: string;
  /** HTTP status, or `null` when no response arrived (network error, timeout). */
  status: number | null;
  ms: number;
  /** 0 for the first attempt, 1.. for retries. */
  attempt: number;
}

export type RequestReporter = (info: RequestInfo) => void;

export function safeReporter(hook: ((info: RequestInfo) => void) | undefined): RequestReporter {
  return (info) => {
    if (!hook) return;
    try {
      hook(info);
    } catch {
      // deliberately ignored, see module comment
    }
  };
}

export async function measuredExchange(report: RequestReporter, endpoint: string, attempt: number, run: () => Promise<Exchange>): Promise<Exchange> {
  const started = performance.now();
  try {
    const exchange = await run();
    report({ endpoint, status: exchange.status, ms: performance.now() - started, attempt });
    return exchange;
  } catch (error) {
    report({ endpoint, status: null, ms: performance.now() - started, attempt });
    throw error;
  }
}
