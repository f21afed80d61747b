/**
 * The read-only Kubernetes client behind the `KubernetesReader` port, over undici.
 *
 * Read-only by construction: every request goes through `get`, which sends with the shared
 * `sendCappedGet` (http/), whose method is the literal 'GET'; there is no method parameter
 * and no other sender (test/tier2/readOnly.test.ts scans this folder and http/ to keep it so). It sends the bearer token, bounds every exchange with a
 * deadline, caps how much of a body it reads (a log is read as a bounded tail, never
 * whole), and never retries: Tier 2 is optional evidence, and a failed read becomes a
 * stated limitation instead of a slower diagnosis.
 *
 * TLS: the cluster CA comes from `caFile`/`caData` (an undici `connect.ca`); without one,
 * Node's default CAs apply. Certificate checking is never turned off. `http://` servers
 * are accepted for tests and port-forwards.
 */
import { readFile } from 'node:fs/promises';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { KubernetesError, type KubernetesReader, type PodLog, type PodLogQuery } from '../diagnosis/ports/KubernetesReader.js';
import { K8sEventListSchema, K8sNodeSchema, K8sPodListSchema, K8sPodSchema, K8sStatusSchema } from '../diagnosis/ports/KubernetesSchemas.js';
import { isDnsLabel, isDnsSubdomain } from '../diagnosis/tier2/kubernetesNames.js';
import { createPool } from '../http/createPool.js';
import { createRedactor, quoteServerText } from '../http/createRedactor.js';
import { sendCappedGet } from '../http/sendGet.js';
import { summarizeZodError } from '../http/summarizeZodError.js';
import { TransportError, type CappedExchange } from '../http/timedExchange.js';
import { classifyKubernetesStatus } from './classifyKubernetesStatus.js';
import { trimTrailingSlashes } from '../core/trimTrailingSlashes.js';

export interface KubernetesClientOptions {
  /** API server URL, e.g. `https://k8s.example:6443` (a path prefix is kept: API proxies). */
  server: string;
  /** The bearer token, read on every request (a `tokenFile` may be rotated). */
  token: () => Promise<string>;
  /** PEM bundle of the cluster CA, or a loader for it (read once, on the first request). */
  ca?: string | (() => Promise<string>);
  /** Deadline of one request, body included. Default 5 s. */
  timeoutMs?: number;
  /** Injectable for tests; the client never closes an injected dispatcher. */
  dispatcher?: Dispatcher;
  /** Sees every exchange on the way (`--record`: functions/recording). */
  interceptor?: Dispatcher.DispatcherComposeInterceptor;
}

export type KubernetesClient = KubernetesReader & {
  close(): Promise<void>;
  readonly stats: { readonly requests: number };
};

export const DEFAULT_TIER2_TIMEOUT_MS = 5_000;
/**
 * A pod or node object is tens of KB; an event list of one pod a few hundred KB at most; a page of a pod
 * list at most MAX_POD_LIST_LIMIT pods (about 10–20 KB each with managedFields): a few MB.
 */
const MAX_JSON_BYTES = 4 * 1024 * 1024;
/** The server may send "slightly more" than `limitBytes`; beyond this slack the client stops reading. */
const LOG_SLACK_BYTES = 16 * 1024;
const POOL_CONNECTIONS = 8;
/** The largest page a pod list may ask for (kubectl's own default chunk size, `--chunk-size=500`). */
export const MAX_POD_LIST_LIMIT = 500;
/** A label selector the client sends: one equality term, `key=value`, both parts a label's characters. */
const EQUALITY_SELECTOR = /^[A-Za-z0-9](?:[-A-Za-z0-9_./]{0,250}[A-Za-z0-9])?=[A-Za-z0-9](?:[-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;

function rejected(endpoint: string, what: string): KubernetesError {
  return new KubernetesError('K8S_BAD_REQUEST', `${endpoint} not sent: ${what} is not a valid Kubernetes name`, { endpoint });
}

export function createKubernetesClient(options: KubernetesClientOptions): KubernetesClient {
  const url = new URL(options.server);
  const origin = url.origin;
  const basePath = trimTrailingSlashes(url.pathname);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIER2_TIMEOUT_MS;
  const redactor = createRedactor();
  const stats = { requests: 0 };

  let dispatcher: Promise<Dispatcher> | undefined;
  let owned: Dispatcher | undefined;
  const dispatcherFor = (endpoint: string): Promise<Dispatcher> => {
    dispatcher ??= (async () => {
      const observed = (target: Dispatcher) => (options.interceptor ? target.compose(options.interceptor) : target);
      if (options.dispatcher) return observed(options.dispatcher);
      let ca: string | undefined;
      try {
        ca = typeof options.ca === 'function' ? await options.ca() : options.ca;
      } catch (error) {
        dispatcher = undefined;
        throw new KubernetesError('K8S_CREDENTIALS', `${endpoint} not sent: the CA file cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, {
          endpoint,
        });
      }
      owned = createPool(origin, { connections: POOL_CONNECTIONS, connectTimeoutMs: timeoutMs, ca });
      return observed(owned);
    })();
    return dispatcher;
  };

  const bearer = async (endpoint: string): Promise<string> => {
    let token: string;
    try {
      token = (await options.token()).trim();
    } catch (error) {
      throw new KubernetesError('K8S_CREDENTIALS', `${endpoint} not sent: the token cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, {
        endpoint,
      });
    }
    if (!token) throw new KubernetesError('K8S_CREDENTIALS', `${endpoint} not sent: the token is empty`, { endpoint });
    redactor.add(token);
    return token;
  };

  /** The only request this client sends: a GET, through the shared `sendCappedGet`. */
  async function get(endpoint: string, pathAndQuery: string, accept: string, cap: number): Promise<CappedExchange> {
    const target = await dispatcherFor(endpoint);
    const token = await bearer(endpoint);
    stats.requests += 1;
    try {
      return await sendCappedGet({ dispatcher: target, origin, path: basePath + pathAndQuery, token, accept, timeoutMs }, cap);
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      const detail = quoteServerText(redactor, error.message);
      throw new KubernetesError(error.kind === 'timeout' ? 'K8S_TIMEOUT' : 'K8S_NETWORK', `${endpoint}: ${detail}`, { endpoint });
    }
  }

  function failure(endpoint: string, exchange: CappedExchange, previousLog: boolean): KubernetesError {
    let statusMessage: string | null = null;
    try {
      const parsed = K8sStatusSchema.safeParse(JSON.parse(exchange.text));
      if (parsed.success) statusMessage = parsed.data.message ?? null;
    } catch {
      // not a Status body (a proxy's HTML page): the HTTP status alone classifies it
    }
    const code = classifyKubernetesStatus(exchange.status, statusMessage, previousLog);
    const detail = statusMessage ? `: ${quoteServerText(redactor, statusMessage)}` : '';
    return new KubernetesError(code, `${endpoint} failed with HTTP ${exchange.status}${detail}`, { endpoint, status: exchange.status });
  }

  async function getJson<S extends z.ZodType>(template: string, pathAndQuery: string, schema: S): Promise<z.output<S>> {
    const endpoint = `GET ${template}`;
    const exchange = await get(endpoint, pathAndQuery, 'application/json', MAX_JSON_BYTES);
    if (exchange.status < 200 || exchange.status > 299) throw failure(endpoint, exchange, false);
    if (exchange.capped)
      throw new KubernetesError('K8S_BAD_RESPONSE', `${endpoint} returned more than ${MAX_JSON_BYTES} bytes`, { endpoint, status: exchange.status });
    let json: unknown;
    try {
      json = JSON.parse(exchange.text);
    } catch {
      throw new KubernetesError('K8S_BAD_RESPONSE', `${endpoint} returned a body that is not JSON (${exchange.text.length} chars)`, {
        endpoint,
        status: exchange.status,
      });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new KubernetesError('K8S_BAD_RESPONSE', `${endpoint} returned an unexpected body: ${summarizeZodError(parsed.error)}`, {
        endpoint,
        status: exchange.status,
      });
    }
    return parsed.data;
  }

  const podPath = (namespace: string, name: string) => `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(name)}`;

  return {
    stats,

    async getPod(namespace, name) {
      const template = '/api/v1/namespaces/{namespace}/pods/{name}';
      if (!isDnsLabel(namespace)) throw rejected(`GET ${template}`, 'namespace');
      if (!isDnsSubdomain(name)) throw rejected(`GET ${template}`, 'pod name');
      return getJson(template, podPath(namespace, name), K8sPodSchema);
    },

    async listPods(namespace, query) {
      const template = '/api/v1/namespaces/{namespace}/pods';
      const endpoint = `GET ${template}`;
      if (!isDnsLabel(namespace)) throw rejected(endpoint, 'namespace');
      // One equality term only: the caller builds it from validated parts; anything else is refused, not sent.
      if (!EQUALITY_SELECTOR.test(query.labelSelector))
        throw new KubernetesError('K8S_BAD_REQUEST', `${endpoint} not sent: the label selector is not one key=value term`, { endpoint });
      if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > MAX_POD_LIST_LIMIT)
        throw new KubernetesError('K8S_BAD_REQUEST', `${endpoint} not sent: limit must be an integer from 1 to ${MAX_POD_LIST_LIMIT}`, { endpoint });
      const search = new URLSearchParams({ labelSelector: query.labelSelector, limit: String(query.limit) });
      if (query.continue) search.set('continue', query.continue);
      const list = await getJson(template, `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods?${search.toString()}`, K8sPodListSchema);
      return { items: list.items, continue: list.metadata?.continue || null };
    },

    async listPodEvents(namespace, podName) {
      const template = '/api/v1/namespaces/{namespace}/events';
      if (!isDnsLabel(namespace)) throw rejected(`GET ${template}`, 'namespace');
      if (!isDnsSubdomain(podName)) throw rejected(`GET ${template}`, 'pod name');
      // A validated name holds no comma, so the selector stays one term.
      const selector = encodeURIComponent(`involvedObject.name=${podName}`);
      const list = await getJson(template, `/api/v1/namespaces/${encodeURIComponent(namespace)}/events?fieldSelector=${selector}`, K8sEventListSchema);
      return list.items;
    },

    async getPodLog(namespace, podName, query: PodLogQuery): Promise<PodLog> {
      const template = '/api/v1/namespaces/{namespace}/pods/{name}/log';
      const endpoint = `GET ${template}`;
      if (!isDnsLabel(namespace)) throw rejected(endpoint, 'namespace');
      if (!isDnsSubdomain(podName)) throw rejected(endpoint, 'pod name');
      if (!isDnsLabel(query.container)) throw rejected(endpoint, 'container name');
      if (!Number.isInteger(query.tailLines) || query.tailLines < 1 || !Number.isInteger(query.limitBytes) || query.limitBytes < 1) {
        throw new KubernetesError('K8S_BAD_REQUEST', `${endpoint} not sent: tailLines and limitBytes must be positive integers`, { endpoint });
      }
      const search = new URLSearchParams({
        container: query.container,
        previous: String(query.previous),
        tailLines: String(query.tailLines),
        limitBytes: String(query.limitBytes),
      });
      const exchange = await get(endpoint, `${podPath(namespace, podName)}/log?${search.toString()}`, 'text/plain', query.limitBytes + LOG_SLACK_BYTES);
      if (exchange.status < 200 || exchange.status > 299) throw failure(endpoint, exchange, query.previous);
      return { text: exchange.text, truncated: exchange.capped || Buffer.byteLength(exchange.text) >= query.limitBytes };
    },

    async getNode(name) {
      const template = '/api/v1/nodes/{name}';
      if (!isDnsSubdomain(name)) throw rejected(`GET ${template}`, 'node name');
      return getJson(template, `/api/v1/nodes/${encodeURIComponent(name)}`, K8sNodeSchema);
    },

    async close() {
      if (owned) await owned.close();
    },
  };
}

/** A token source for an inline token or a token file (re-read on every request: projected tokens rotate). */
export function tokenFrom(source: { token?: string | undefined; tokenFile?: string | undefined }): () => Promise<string> {
  if (source.token !== undefined) {
    const token = source.token;
    return async () => token;
  }
  const file = source.tokenFile;
  if (!file) return async () => '';
  return () => readFile(file, 'utf8');
}
