/**
 * Serves recorded exchanges (a recording dropped into fixtures/scenarios/, docs/recording.md)
 * by method, path and query: identical requests get the recorded answers in the order they
 * were recorded (a 503 then a 200 replays as a retry that succeeds), and the last answer
 * keeps being given once the recorded ones are used up. `reset()` starts over.
 */
import { exchangeKey } from '../recording/format/exchangeKey.js';
import type { RecordedExchange } from '../recording/format/RecordedExchangeSchema.js';

export interface ExchangeReplayer {
  /** The recorded answer to this request, or undefined when nothing like it was recorded. */
  take(method: string, path: string, query: URLSearchParams): RecordedExchange | undefined;
  reset(): void;
}

export function createExchangeReplayer(exchanges: readonly RecordedExchange[]): ExchangeReplayer {
  const byKey = new Map<string, RecordedExchange[]>();
  for (const exchange of exchanges) {
    const key = exchangeKey(exchange.method, exchange.path, exchange.query);
    const list = byKey.get(key) ?? [];
    list.push(exchange);
    byKey.set(key, list);
  }
  const served = new Map<string, number>();
  return {
    take(method, path, query) {
      const key = exchangeKey(method, path, query);
      const list = byKey.get(key);
      if (!list || list.length === 0) return undefined;
      const index = served.get(key) ?? 0;
      served.set(key, index + 1);
      return list[Math.min(index, list.length - 1)];
    },
    reset() {
      served.clear();
    },
  };
}
