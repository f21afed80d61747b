/**
 * A Kubernetes API server simulator for Tier 2 tests and the CLI's `--example`, on plain
 * `node:http` bound to 127.0.0.1. It serves a scenario's `kubernetes` block with the real
 * core/v1 paths, envelopes and errors:
 *
 * - `GET /api/v1/namespaces/{ns}/pods/{name}` → Pod, or 404 `Status` `pods "x" not found`;
 * - `GET /api/v1/namespaces/{ns}/pods?labelSelector&limit&continue` → PodList, chunked as the API server
 *   chunks a LIST (k8s.io/apimachinery ListOptions `limit`/`continue`, ListMeta `continue`): items in name
 *   order, at most `limit` a page, an opaque continue token while items remain (400 for a token it did not
 *   issue); label selectors `k=v`, `k==v`, `k!=v`, `k`, `!k` joined by commas (set-based terms: 400);
 * - `GET /api/v1/namespaces/{ns}/pods/{name}/log?container&previous&tailLines&limitBytes`
 *   → text/plain (tail, then byte limit, as the API server applies them); 400 when the
 *   container must be named or is not in the pod, and `previous terminated container "c"
 *   in pod "p" not found` when there is no previous log;
 * - `GET /api/v1/namespaces/{ns}/events?fieldSelector=involvedObject.name=…` → EventList
 *   (field selectors `=`, `==`, `!=` on involvedObject.name/kind/namespace, reason, type);
 * - `GET /api/v1/nodes/{name}` → Node, or 404.
 *
 * Bearer auth (401 `Unauthorized` Status otherwise). Every request is recorded; any
 * method other than GET is answered 405 and recorded as a violation, so tests can prove
 * Tier 2 never writes. Faults (status codes, resets, hangs) are injected per resource.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveRelativeTimestamps } from '../../recording/format/resolveRelativeTimestamps.js';
import { startLoopbackServer } from '../startLoopbackServer.js';
import { createExchangeReplayer } from '../createExchangeReplayer.js';
import {
  KubernetesScenarioSchema,
  type KubernetesFault,
  type KubernetesScenario,
  type ParsedKubernetesScenario,
} from '../../recording/format/KubernetesScenarioSchema.js';

export const DEFAULT_SIMULATOR_K8S_TOKEN = 'sim-k8s-token';

export interface KubernetesRecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** `pod`, `pods` (the list), `log`, `events`, `node`, or null for a path the simulator does not serve. */
  resource: KubernetesFault['resource'] | null;
  status: number | null;
  /** Epoch ms (sub-millisecond) when the request arrived and when its response was written. */
  startedAt: number;
  endedAt: number | null;
}

const preciseNow = () => performance.timeOrigin + performance.now();

export interface KubernetesSimulator {
  /** e.g. `http://127.0.0.1:43121` (no trailing slash). */
  readonly url: string;
  readonly token: string;
  readonly requests: KubernetesRecordedRequest[];
  /** Every request whose method was not GET (each answered 405). */
  readonly violations: KubernetesRecordedRequest[];
  /** Clears the recorded requests and violations and restores the scenario's faults. */
  reset(): void;
  close(): Promise<void>;
}

export interface KubernetesSimulatorOptions {
  scenario: KubernetesScenario;
  /** Clock for relative timestamps (`now-5m`), read once at start. */
  now?: () => number;
  host?: string;
  port?: number;
  /** Delay before every response (round-trip measurements). */
  latencyMs?: number;
}

interface Route {
  resource: KubernetesFault['resource'];
  namespace: string | null;
  name: string | null;
}

function route(pathname: string): Route | null {
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment));
  if (segments[0] !== 'api' || segments[1] !== 'v1') return null;
  const rest = segments.slice(2);
  if (rest[0] === 'nodes' && rest.length === 2) return { resource: 'node', namespace: null, name: rest[1] ?? null };
  if (rest[0] !== 'namespaces' || rest.length < 3) return null;
  const namespace = rest[1] ?? null;
  if (rest[2] === 'events' && rest.length === 3) return { resource: 'events', namespace, name: null };
  if (rest[2] === 'pods' && rest.length === 3) return { resource: 'pods', namespace, name: null };
  if (rest[2] === 'pods' && rest.length === 4) return { resource: 'pod', namespace, name: rest[3] ?? null };
  if (rest[2] === 'pods' && rest.length === 5 && rest[4] === 'log') return { resource: 'log', namespace, name: rest[3] ?? null };
  return null;
}

type Json = Record<string, unknown>;

function status(code: number, reason: string, message: string, details?: Json): Json {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, ...(details ? { details } : {}), code };
}

const get = (object: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Json)[key] : undefined), object);

const names = (list: unknown): string[] => (Array.isArray(list) ? list.map((item) => String(get(item, 'name') ?? '')) : []);

/** `involvedObject.name=x,reason!=y` → predicates; null when a field is not supported (the API answers 400). */
function parseFieldSelector(selector: string): ((event: unknown) => boolean)[] | { unsupported: string } {
  const supported: Record<string, string[]> = {
    'involvedObject.name': ['involvedObject', 'name'],
    'involvedObject.kind': ['involvedObject', 'kind'],
    'involvedObject.namespace': ['involvedObject', 'namespace'],
    reason: ['reason'],
    type: ['type'],
  };
  const predicates: ((event: unknown) => boolean)[] = [];
  for (const term of selector.split(',').filter(Boolean)) {
    const match = /^([^!=]+)(==|!=|=)(.*)$/.exec(term);
    const path = match ? supported[match[1] ?? ''] : undefined;
    if (!match || !path) return { unsupported: match?.[1] ?? term };
    const [, , operator, value] = match;
    predicates.push((event) => {
      const actual = String(get(event, ...path) ?? '');
      return operator === '!=' ? actual !== value : actual === value;
    });
  }
  return predicates;
}

/**
 * `app=x,tier!=db,gpu,!spot` → predicates over a pod's labels (k8s.io/apimachinery pkg/labels: equality
 * `=`/`==`/`!=`, existence `k`, absence `!k`); null for a set-based term (`in`, `notin`), which this simulator
 * does not serve (answered 400 so a client that relies on it finds out).
 */
function parseLabelSelector(selector: string): ((labels: Record<string, unknown>) => boolean)[] | { unsupported: string } {
  const predicates: ((labels: Record<string, unknown>) => boolean)[] = [];
  for (const raw of selector.split(',')) {
    const term = raw.trim();
    if (!term) continue;
    const equality = /^([A-Za-z0-9][-A-Za-z0-9_./]*)\s*(==|!=|=)\s*([-A-Za-z0-9_.]*)$/.exec(term);
    const presence = /^(!?)([A-Za-z0-9][-A-Za-z0-9_./]*)$/.exec(term);
    if (equality) {
      const [, key = '', operator, value] = equality;
      predicates.push((labels) => (operator === '!=' ? labels[key] !== value : labels[key] === value));
    } else if (presence) {
      const [, not, key = ''] = presence;
      predicates.push((labels) => key in labels !== (not === '!'));
    } else return { unsupported: term };
  }
  return predicates;
}

/** The continue token of a chunked list: opaque to clients, here the offset of the next item, base64url. */
const continueToken = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');
const offsetOf = (token: string): number | null => {
  const match = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : null;
};

export async function startKubernetesSimulator(options: KubernetesSimulatorOptions): Promise<KubernetesSimulator> {
  const parsed: ParsedKubernetesScenario = resolveRelativeTimestamps(KubernetesScenarioSchema.parse(options.scenario), (options.now ?? Date.now)());
  const token = parsed.token ?? DEFAULT_SIMULATOR_K8S_TOKEN;
  const latencyMs = options.latencyMs ?? 0;
  const requests: KubernetesRecordedRequest[] = [];
  const violations: KubernetesRecordedRequest[] = [];
  let faults = parsed.faults.map((fault) => ({ fault, left: fault.times ?? Number.POSITIVE_INFINITY }));
  const replayer = createExchangeReplayer(parsed.recorded);

  const findPod = (namespace: string | null, name: string | null) =>
    parsed.pods.find((pod) => pod.metadata.namespace === namespace && pod.metadata.name === name);

  function takeFault(resource: Route['resource'], name: string | null): KubernetesFault | null {
    const entry = faults.find(({ fault, left }) => left > 0 && fault.resource === resource && (fault.name === undefined || fault.name === name));
    if (!entry) return null;
    entry.left -= 1;
    return entry.fault;
  }

  function serve(target: Route, query: URLSearchParams): { code: number; body: Json | string } {
    switch (target.resource) {
      case 'pod': {
        const pod = findPod(target.namespace, target.name);
        return pod
          ? { code: 200, body: { kind: 'Pod', apiVersion: 'v1', ...pod } }
          : { code: 404, body: status(404, 'NotFound', `pods "${target.name}" not found`, { name: target.name, kind: 'pods' }) };
      }
      case 'pods': {
        const selector = parseLabelSelector(query.get('labelSelector') ?? '');
        if ('unsupported' in selector) return { code: 400, body: status(400, 'BadRequest', `unable to parse requirement: ${selector.unsupported}`) };
        const labelsOf = (pod: unknown) => {
          const labels = get(pod, 'metadata', 'labels');
          return labels && typeof labels === 'object' ? (labels as Record<string, unknown>) : {};
        };
        const items = parsed.pods
          .filter((pod) => pod.metadata.namespace === target.namespace && selector.every((predicate) => predicate(labelsOf(pod))))
          .sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
        const token = query.get('continue');
        const from = token ? offsetOf(token) : 0;
        if (from === null) return { code: 400, body: status(400, 'BadRequest', 'continue key is not valid') };
        const limit = Number(query.get('limit') ?? '');
        const to = query.has('limit') && Number.isInteger(limit) && limit > 0 ? from + limit : items.length;
        const metadata = { resourceVersion: '1', ...(to < items.length ? { continue: continueToken(to), remainingItemCount: items.length - to } : {}) };
        return {
          code: 200,
          body: { kind: 'PodList', apiVersion: 'v1', metadata, items: items.slice(from, to).map((pod) => ({ kind: 'Pod', apiVersion: 'v1', ...pod })) },
        };
      }
      case 'node': {
        const node = parsed.nodes.find((candidate) => candidate.metadata.name === target.name);
        return node
          ? { code: 200, body: { kind: 'Node', apiVersion: 'v1', ...node } }
          : { code: 404, body: status(404, 'NotFound', `nodes "${target.name}" not found`, { name: target.name, kind: 'nodes' }) };
      }
      case 'events': {
        const selector = parseFieldSelector(query.get('fieldSelector') ?? '');
        if ('unsupported' in selector) return { code: 400, body: status(400, 'BadRequest', `field label not supported: ${selector.unsupported}`) };
        const items = parsed.events.filter((event) => event.metadata.namespace === target.namespace && selector.every((predicate) => predicate(event)));
        return { code: 200, body: { kind: 'EventList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items } };
      }
      case 'log': {
        const pod = findPod(target.namespace, target.name);
        if (!pod) return { code: 404, body: status(404, 'NotFound', `pods "${target.name}" not found`, { name: target.name, kind: 'pods' }) };
        const containers = names(get(pod, 'spec', 'containers'));
        const initContainers = names(get(pod, 'spec', 'initContainers'));
        let container = query.get('container');
        if (!container) {
          if (containers.length !== 1) {
            return {
              code: 400,
              body: status(
                400,
                'BadRequest',
                `a container name must be specified for pod ${target.name}, choose one of: [${containers.join(' ')}] or one of the init containers: [${initContainers.join(' ')}]`,
              ),
            };
          }
          container = containers[0] ?? '';
        }
        if (!containers.includes(container) && !initContainers.includes(container)) {
          return { code: 400, body: status(400, 'BadRequest', `container ${container} is not valid for pod ${target.name}`) };
        }
        const previous = query.get('previous') === 'true';
        const log = parsed.logs.find(
          (entry) => entry.namespace === target.namespace && entry.pod === target.name && entry.container === container && entry.previous === previous,
        );
        if (!log && previous)
          return { code: 400, body: status(400, 'BadRequest', `previous terminated container "${container}" in pod "${target.name}" not found`) };
        let lines = log?.lines ?? [];
        const tail = Number(query.get('tailLines') ?? '');
        if (Number.isInteger(tail) && tail >= 0 && query.has('tailLines')) lines = tail === 0 ? [] : lines.slice(-tail);
        let text = lines.length > 0 ? `${lines.join('\n')}\n` : '';
        const limit = Number(query.get('limitBytes') ?? '');
        if (query.has('limitBytes') && Number.isInteger(limit) && limit > 0) text = Buffer.from(text).subarray(0, limit).toString('utf8');
        return { code: 200, body: text };
      }
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const target = route(url.pathname);
    const record: KubernetesRecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams.entries()),
      resource: target?.resource ?? null,
      status: null,
      startedAt: preciseNow(),
      endedAt: null,
    };
    requests.push(record);
    const send = (code: number, body: Json | string, headers: Record<string, string> = {}) => {
      record.status = code;
      record.endedAt = preciseNow();
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      res.writeHead(code, {
        ...headers,
        'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
        'content-length': Buffer.byteLength(text),
      });
      res.end(text);
    };
    // Drain any body (a write would carry one) without reading it.
    req.resume();
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    if (res.destroyed) return;

    if (record.method !== 'GET') {
      violations.push(record);
      return send(405, status(405, 'MethodNotAllowed', `${record.method} is not allowed: Tier 2 must only read`), { allow: 'GET' });
    }
    if (req.headers.authorization !== `Bearer ${token}`) return send(401, status(401, 'Unauthorized', 'Unauthorized'));
    // A recording's answer comes first (docs/recording.md).
    const replayed = replayer.take(record.method, url.pathname, url.searchParams);
    if (replayed?.error === 'reset') {
      req.socket.resetAndDestroy();
      return;
    }
    if (replayed?.error === 'timeout') return;
    if (replayed?.status !== undefined) return send(replayed.status, replayed.text ?? ((replayed.body ?? {}) as Json));
    if (!target) return send(404, status(404, 'NotFound', 'the server could not find the requested resource'));

    const fault = takeFault(
      target.resource,
      target.name ?? (target.resource === 'events' ? (/involvedObject\.name==?([^,]+)/.exec(url.searchParams.get('fieldSelector') ?? '')?.[1] ?? null) : null),
    );
    if (fault?.kind === 'reset') {
      req.socket.resetAndDestroy();
      return;
    }
    if (fault?.kind === 'hang') return;
    if (fault?.status !== undefined)
      return send(fault.status, status(fault.status, fault.status === 403 ? 'Forbidden' : 'InternalError', `simulated ${fault.status}`));

    const { code, body } = serve(target, url.searchParams);
    send(code, body);
  }

  const server = await startLoopbackServer((req, res) => {
    handle(req, res).catch((cause: unknown) => {
      if (!res.headersSent)
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify(status(500, 'InternalError', `simulator error: ${String(cause)}`)));
      else res.destroy();
    });
  }, options);

  return {
    url: `http://${server.host}:${server.port}`,
    token,
    requests,
    violations,
    reset() {
      requests.length = 0;
      violations.length = 0;
      faults = parsed.faults.map((fault) => ({ fault, left: fault.times ?? Number.POSITIVE_INFINITY }));
      replayer.reset();
    },
    close() {
      return server.close();
    },
  };
}
