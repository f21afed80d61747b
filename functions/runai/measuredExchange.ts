/**
 * Times one exchange attempt, counts it and reports it to the `onRequest` hook. A throwing
 * hook is swallowed: metrics must never be the reason a diagnosis fails.
 */
import type { RunaiRequestInfo } from './RunaiClientConfig.js';
import type { Exchange } from './timedExchange.js';

export type RequestReporter = (info: RunaiRequestInfo) => void;

export function safeReporter(hook: ((info: RunaiRequestInfo) => void) | undefined): RequestReporter {
  return (info) => {
    if (!hook) return;
    try {
      hook(info);
    } catch {
      // deliberately ignored, see module comment
    }
  };
}

export async function measuredExchange(
  report: RequestReporter,
  endpoint: string,
  attempt: number,
  run: () => Promise<Exchange>,
): Promise<Exchange> {
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
