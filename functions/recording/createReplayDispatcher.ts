/**
 * `--replay`: an undici MockAgent that answers the clients from a recording, with the
 * network disabled — nothing leaves the process. Identical requests get the recorded
 * answers in order, the last one repeats (as the simulator replays them: createExchangeReplayer);
 * a request the recording does not hold fails as a transport error, so a replay that
 * diverges from the live run says so instead of inventing an answer.
 */
import type { MockAgent } from 'undici';
import { MockAgent as UndiciMockAgent } from '../http/undiciMockAgent.js';
import { exchangeKey } from './format/exchangeKey.js';
import type { RecordedExchange } from './format/RecordedExchangeSchema.js';
import { resolveRelativeTimestamps } from './format/resolveRelativeTimestamps.js';

export const REPLAY_RUNAI_ORIGIN = 'http://runai.replay.invalid';
export const REPLAY_KUBERNETES_ORIGIN = 'http://kubernetes.replay.invalid';
/** What the replayed token endpoint issues in place of the withheld token. */
export const REPLAY_ACCESS_TOKEN = 'replay-access-token';

export function createReplayDispatcher(runai: readonly RecordedExchange[], kubernetes: readonly RecordedExchange[], nowMs: number): MockAgent {
  const agent = new UndiciMockAgent({ connections: 1 });
  agent.disableNetConnect();
  register(agent, REPLAY_RUNAI_ORIGIN, resolveRelativeTimestamps([...runai], nowMs));
  register(agent, REPLAY_KUBERNETES_ORIGIN, resolveRelativeTimestamps([...kubernetes], nowMs));
  return agent;
}

function register(agent: MockAgent, origin: string, exchanges: readonly RecordedExchange[]): void {
  const pool = agent.get(origin);
  const byKey = new Map<string, RecordedExchange[]>();
  for (const exchange of exchanges) {
    const key = exchangeKey(exchange.method, exchange.path, exchange.query);
    byKey.set(key, [...(byKey.get(key) ?? []), exchange]);
  }
  // A long-lived client reuses its token: a recording made in local mode or the worker may hold no token exchange.
  const tokenKey = exchangeKey('POST', '/api/v1/token', {});
  if (origin === REPLAY_RUNAI_ORIGIN && !byKey.has(tokenKey))
    byKey.set(tokenKey, [{ method: 'POST', path: '/api/v1/token', query: {}, status: 200, withheld: 'credential' }]);
  for (const [key, list] of byKey) {
    list.forEach((exchange, index) => {
      const interceptor = pool.intercept({
        method: exchange.method,
        path: (value: string) => {
          const url = new URL(value, origin);
          return exchangeKey(exchange.method, url.pathname, url.searchParams) === key;
        },
      });
      const scope = exchange.error
        ? interceptor.replyWithError(transportError(exchange.error))
        : exchange.withheld === 'budget'
          ? interceptor.replyWithError(notRecorded())
          : exchange.text !== undefined
            ? interceptor.reply(exchange.status ?? 599, exchange.text, { headers: { 'content-type': 'text/plain' } })
            : interceptor.reply(exchange.status ?? 599, JSON.stringify(answerBody(exchange)), { headers: { 'content-type': 'application/json' } });
      if (index === list.length - 1) scope.persist();
      else scope.times(1);
    });
  }
}

function answerBody(exchange: RecordedExchange): unknown {
  // The token endpoint's answer was withheld: a stand-in token lets the replay go on.
  if (exchange.withheld === 'credential') return { accessToken: REPLAY_ACCESS_TOKEN, expiresIn: 3600 };
  return exchange.body ?? {};
}

/** An answer over the recording budget: the replay has nothing to give, and says so as a transport failure. */
function notRecorded(): Error {
  return Object.assign(new Error('answer not recorded (over the recording budget)'), { code: 'ECONNRESET' });
}

function transportError(kind: 'reset' | 'timeout'): Error {
  return kind === 'reset'
    ? Object.assign(new Error('connection reset (recorded)'), { code: 'ECONNRESET' })
    : Object.assign(new Error('no answer in time (recorded)'), { code: 'UND_ERR_HEADERS_TIMEOUT' });
}
