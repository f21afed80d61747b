/**
 * The read-only Run:ai REST client: implements the `RunaiReader` port over undici.
 *
 * Read-only by construction: API calls go through `getJson`, whose method is fixed to GET,
 * and the token request through `createTokenSource`, whose method and path are fixed to
 * POST /api/v1/token. There is no generic request function to misuse
 * (test/runai/readOnly.test.ts scans this folder and http/ to keep it so).
 */
import type { Dispatcher } from 'undici';
import { createPool } from '../http/createPool.js';
import type { MetricsQuery, RunaiReader, SpecKind, WorkloadListQuery } from '../diagnosis/ports/RunaiReader.js';
import { WORKLOAD_KINDS } from '../diagnosis/ports/workloadKinds.js';
import { RunaiError } from '../diagnosis/ports/RunaiError.js';
import { parseRunaiClientConfig, type RunaiClientConfig } from './RunaiClientConfig.js';
import {
  EventListSchema,
  HistoryPageSchema,
  MetricsResponseSchema,
  PodListSchema,
  WorkloadDetailedSchema,
  WorkloadListSchema,
  WorkloadSpecResponseSchema,
  WorkloadV2ResponseSchema,
  RevisionListSchema,
  RevisionPodListSchema,
  type Pod,
} from '../diagnosis/ports/RunaiSchemas.js';
import { createTokenSource } from './createTokenSource.js';
import { createGetJson, type GetJson } from './createGetJson.js';
import { formatQuery, QueryValueError, type QueryValue } from './formatQuery.js';
import { createRedactor } from '../http/createRedactor.js';
import { safeReporter } from '../http/measuredExchange.js';
import type { RetryPolicy } from '../http/withRetries.js';
import { listWorkloadsPhasedSince, type PhasedWorkloadPage, type PhasedWorkloadQuery } from './listWorkloadsPhasedSince.js';
import { trimTrailingSlashes } from '../core/trimTrailingSlashes.js';

export interface RunaiClientStats {
  /** API GET attempts sent (retries included, token requests excluded). */
  requests: number;
  /** Token POST attempts sent (retries included). */
  tokenRequests: number;
}

export type RunaiClient = RunaiReader & {
  /** The failure poller's listing (not part of RunaiReader: the diagnosis never needs it). */
  listWorkloadsPhasedSince(query: PhasedWorkloadQuery): Promise<PhasedWorkloadPage>;
  /** Closes the connection pool the client created; an injected dispatcher is left to its owner. */
  close(): Promise<void>;
  /**
   * The same client (pool, token, retries) for one diagnosis that must end by `deadlineAt`
   * (epoch ms on the client's clock): every request's timeout shrinks to the time left, no
   * retry starts that could not finish in time, and a request after it fails at once as
   * RUNAI_TIMEOUT — so a hanging endpoint costs the diagnosis its share, not the batch.
   * The poller bounds one cluster's listing the same way.
   */
  withDeadline(deadlineAt: number): RunaiReader & Pick<RunaiClient, 'listWorkloadsPhasedSince'>;
  /**
   * Obtains a bearer token (the cached one while it is valid): readiness, never the
   * diagnosis path. Rejects with the token request's RunaiError (RUNAI_AUTH_FAILED, …).
   * `once`: one request, no retries.
   */
  authenticate(options?: { once?: boolean }): Promise<void>;
  readonly stats: Readonly<RunaiClientStats>;
};

/** The path of each spec endpoint (the workload-kind table's); `{id}` is the workload id. */
const SPEC_PATHS: ReadonlyMap<string, string> = new Map(WORKLOAD_KINDS.map((row) => [row.kind, row.specPath]));

/** Pods of one workload: the API maximum per page, and a cap so a misbehaving `next` cannot loop. */
const POD_PAGE_LIMIT = 500;
export const MAX_POD_PAGES = 10;

/** Enough sockets for a diagnosis's parallel fan-out (spec ∥ pods ∥ events ∥ history) across several concurrent diagnoses. */
const POOL_CONNECTIONS = 16;

function rejected(endpoint: string, reason: string): RunaiError {
  return new RunaiError('RUNAI_BAD_REQUEST', `${endpoint} not sent: ${reason}`, { endpoint });
}

/** Encodes a path id; an empty id or a dot segment would address a different resource. */
function pathId(endpoint: string, id: string): string {
  if (typeof id !== 'string' || id === '' || id === '.' || id === '..') throw rejected(endpoint, 'invalid workload id');
  return encodeURIComponent(id);
}

function query(endpoint: string, params: ReadonlyArray<readonly [string, QueryValue | undefined]>): string {
  try {
    return formatQuery(params);
  } catch (error) {
    if (error instanceof QueryValueError) throw rejected(endpoint, error.message);
    throw error;
  }
}

function checkCount(endpoint: string, name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min) throw rejected(endpoint, `${name} must be an integer ≥ ${min}`);
}

function checkNonEmpty(endpoint: string, fields: Record<string, string>): void {
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value !== 'string' || value.length === 0) throw rejected(endpoint, `${name} is required`);
  }
}

export function createRunaiClient(config: RunaiClientConfig): RunaiClient {
  const resolved = parseRunaiClientConfig(config);
  const baseUrl = new URL(resolved.baseUrl);
  const origin = baseUrl.origin;
  // A control plane behind a path prefix keeps it; a trailing slash is tolerated.
  const basePath = trimTrailingSlashes(baseUrl.pathname);
  const ownsDispatcher = resolved.dispatcher === undefined;
  const dispatcher: Dispatcher = resolved.dispatcher ?? createPool(origin, { connections: POOL_CONNECTIONS, connectTimeoutMs: resolved.requestTimeoutMs });

  const stats: RunaiClientStats = { requests: 0, tokenRequests: 0 };
  const credentials = resolved.credentials;
  const redactor = createRedactor([credentials.grantType === 'client_credentials' ? credentials.clientSecret : credentials.appSecret]);
  const report = safeReporter(resolved.onRequest);
  const retry: RetryPolicy = { maxRetries: resolved.maxRetries, baseDelayMs: resolved.retryBaseDelayMs };
  const common = { origin, basePath, dispatcher, timeoutMs: resolved.requestTimeoutMs, retry, redactor, report };

  const tokens = createTokenSource({
    ...common,
    credentials,
    now: resolved.now ?? Date.now,
    onAttempt: () => {
      stats.tokenRequests += 1;
    },
  });
  const getJsonDeps = {
    ...common,
    tokens,
    maxResponseBytes: resolved.maxResponseBytes,
    now: resolved.now ?? Date.now,
    onAttempt: () => {
      stats.requests += 1;
    },
  };
  const getJson = createGetJson(getJsonDeps);

  let closed: Promise<void> | undefined;

  return {
    ...readerOver(getJson),
    stats,

    close() {
      closed ??= ownsDispatcher ? dispatcher.close() : Promise.resolve();
      return closed;
    },

    listWorkloadsPhasedSince(q: PhasedWorkloadQuery) {
      return listWorkloadsPhasedSince(getJson, q);
    },

    withDeadline(deadlineAt: number) {
      const bounded = createGetJson({ ...getJsonDeps, deadlineAt });
      return { ...readerOver(bounded), listWorkloadsPhasedSince: (q: PhasedWorkloadQuery) => listWorkloadsPhasedSince(bounded, q) };
    },

    async authenticate(options) {
      await tokens.get(options);
    },
  };
}

/** The RunaiReader port over one `getJson` (with or without a deadline). */
function readerOver(getJson: GetJson): RunaiReader {
  return {
    async listWorkloads(q: WorkloadListQuery) {
      const template = '/api/v1/workloads';
      const endpoint = `GET ${template}`;
      checkNonEmpty(endpoint, { name: q.name, projectName: q.projectName, clusterId: q.clusterId });
      checkCount(endpoint, 'offset', q.offset, 0);
      checkCount(endpoint, 'limit', q.limit, 1);
      const qs = query(endpoint, [
        ['filterBy', [`name==${q.name}`, `projectName==${q.projectName}`, `clusterId==${q.clusterId}`]],
        ['sortBy', 'phaseUpdatedAt'],
        ['sortOrder', 'desc'],
        ['offset', q.offset],
        ['limit', q.limit],
        // Omitted rather than `false`: the default listing is the live workloads.
        ['deleted', q.deleted ? true : undefined],
      ]);
      const { data } = await getJson(template, template + qs, WorkloadListSchema);
      return { workloads: data.workloads, next: data.next ?? null };
    },

    async getWorkload(workloadId) {
      const template = '/api/v1/workloads/{id}';
      const id = pathId(`GET ${template}`, workloadId);
      const { data } = await getJson(template, `/api/v1/workloads/${id}`, WorkloadDetailedSchema);
      return data;
    },

    async getWorkloadEvents(workloadId, limit) {
      const template = '/api/v1/workloads/{id}/events';
      const endpoint = `GET ${template}`;
      const id = pathId(endpoint, workloadId);
      checkCount(endpoint, 'limit', limit, 1);
      const qs = query(endpoint, [
        ['limit', limit],
        ['sortOrder', 'desc'],
      ]);
      const { data } = await getJson(template, `/api/v1/workloads/${id}/events${qs}`, EventListSchema);
      return data.events;
    },

    async getWorkloadSpec(workloadId, kind: SpecKind) {
      // Checked at run time too: `kind` chooses the path, and a type can be bypassed.
      const template = SPEC_PATHS.get(kind) ?? null;
      if (!template) throw rejected('GET /api/v1/workloads/{kind}/{id}', 'unknown spec kind');
      const id = pathId(`GET ${template}`, workloadId);
      const { data } = await getJson(template, template.replace('{id}', id), WorkloadSpecResponseSchema);
      return data;
    },

    async getWorkloadV2(workloadId) {
      const template = '/api/v2/workloads/{id}';
      const id = pathId(`GET ${template}`, workloadId);
      const { data } = await getJson(template, `/api/v2/workloads/${id}`, WorkloadV2ResponseSchema);
      return data;
    },

    async getInferenceRevisions(workloadId) {
      const template = '/api/v1/workloads/inferences/{id}/revisions';
      const id = pathId(`GET ${template}`, workloadId);
      const { data } = await getJson(template, `/api/v1/workloads/inferences/${id}/revisions`, RevisionListSchema);
      return data.revisions;
    },

    async getRevisionPods(revisionId) {
      const template = '/api/v1/workloads/inferences/revisions/{revisionId}/pods';
      const id = pathId(`GET ${template}`, revisionId);
      const { data } = await getJson(template, `/api/v1/workloads/inferences/revisions/${id}/pods`, RevisionPodListSchema);
      return data.pods;
    },

    async getRevisionEvents(revisionId, limit) {
      const template = '/api/v1/workloads/inferences/revisions/{revisionId}/events';
      const endpoint = `GET ${template}`;
      const id = pathId(endpoint, revisionId);
      checkCount(endpoint, 'limit', limit, 1);
      const qs = query(endpoint, [
        ['limit', limit],
        ['sortOrder', 'desc'],
      ]);
      const { data } = await getJson(template, `/api/v1/workloads/inferences/revisions/${id}/events${qs}`, EventListSchema);
      return data.events;
    },

    async getRevisionHistory(revisionId, offset, limit) {
      const template = '/api/v1/workloads/inferences/revisions/{revisionId}/history';
      const endpoint = `GET ${template}`;
      const id = pathId(endpoint, revisionId);
      checkCount(endpoint, 'offset', offset, 0);
      checkCount(endpoint, 'limit', limit, 1);
      const qs = query(endpoint, [
        ['offset', offset],
        ['limit', limit],
      ]);
      const { data } = await getJson(template, `/api/v1/workloads/inferences/revisions/${id}/history${qs}`, HistoryPageSchema);
      return { records: data.records, next: data.next ?? null };
    },

    async getWorkloadPods(workloadId) {
      const template = '/api/v1/workloads/{id}/pods';
      const endpoint = `GET ${template}`;
      const id = pathId(endpoint, workloadId);
      const pods: Pod[] = [];
      let offset = 0;
      // One page holds every pod of nearly any workload; follow `next` for the rare larger one.
      for (let pages = 1; ; pages += 1) {
        const qs = query(endpoint, [
          ['offset', offset],
          ['limit', POD_PAGE_LIMIT],
        ]);
        const { data } = await getJson(template, `/api/v1/workloads/${id}/pods${qs}`, PodListSchema);
        pods.push(...data.pods);
        const next = data.next ?? null;
        if (next === null || next <= offset || data.pods.length === 0) return { pods, pages, capped: false };
        if (pages >= MAX_POD_PAGES) return { pods, pages, capped: true };
        offset = next;
      }
    },

    async getWorkloadHistory(workloadId, offset, limit) {
      const template = '/api/v1/workloads/{id}/history';
      const endpoint = `GET ${template}`;
      const id = pathId(endpoint, workloadId);
      checkCount(endpoint, 'offset', offset, 0);
      checkCount(endpoint, 'limit', limit, 1);
      const qs = query(endpoint, [
        ['offset', offset],
        ['limit', limit],
      ]);
      const { data } = await getJson(template, `/api/v1/workloads/${id}/history${qs}`, HistoryPageSchema);
      return { records: data.records, next: data.next ?? null };
    },

    async getWorkloadMetrics(workloadId, q: MetricsQuery) {
      const template = '/api/v1/workloads/{id}/metrics';
      const endpoint = `GET ${template}`;
      const id = pathId(endpoint, workloadId);
      if (q.types.length === 0) throw rejected(endpoint, 'at least one metric type is required');
      checkNonEmpty(endpoint, { start: q.start, end: q.end });
      checkCount(endpoint, 'numberOfSamples', q.numberOfSamples, 0);
      const qs = query(endpoint, [
        ['metricType', q.types],
        ['start', q.start],
        ['end', q.end],
        ['numberOfSamples', q.numberOfSamples],
      ]);
      const { data, status } = await getJson(template, `/api/v1/workloads/${id}/metrics${qs}`, MetricsResponseSchema);
      return { response: data, partial: status === 207 };
    },
  };
}
