/**
 * The webhook intake (docs/intake.md): the same hono app on Lambda (lambdaHandler.ts) and in
 * local mode. It authenticates, validates, splits and de-duplicates, enqueues, and answers
 * 202 — it never waits for a diagnosis.
 *
 * `GET /healthz` is liveness (public, touches nothing); `GET /readyz` is readiness
 * (authenticated): the queue and what the entry point adds (secrets, the Run:ai token) are
 * checked side by side, 200 when all answer, 503 naming each failed check otherwise.
 *
 * The 202 answer is bounded whatever the body holds: the first LISTED_ACCEPTED accepted
 * requests and the first few skipped alerts are listed, everything is counted
 * (`acceptedCount`, `skippedCount`, `skippedByReason`). Every accepted request is enqueued,
 * listed or not.
 *
 * Status codes are an API, because Alertmanager resends on 5xx only: 202 accepted (with
 * the accepted and skipped alerts and reasons), 400 malformed, 401, 404, 405, 413, 415,
 * and 5xx only when enqueueing failed (503 + Retry-After; a resend can succeed) or for a
 * bug (500, logged). All error bodies are `{code, message, retryable}`; the mapping lives
 * in IntakeError.ts.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { QueuedDiagnosis } from '../core/queuedDiagnosis.js';
import { noMetrics, type OperationsMetrics } from '../metrics/OperationsMetrics.js';
import type { DiagnosisQueue } from '../queue/DiagnosisQueue.js';
import { createFeedbackRoutes, type FeedbackRoutesDeps } from '../feedback/createFeedbackRoutes.js';
import { LOCAL_FEEDBACK_ANSWERS_PATH } from '../feedback/FeedbackStore.js';
import { createQueueProbe } from '../readiness/createQueueProbe.js';
import type { ReadinessProbe } from '../readiness/ReadinessProbe.js';
import { runReadinessProbes, type ReadinessCheck } from '../readiness/runReadinessProbes.js';
import { createTokenChecker, type WebhookTokens } from './createTokenChecker.js';
import { IntakeError, toIntakeError } from './IntakeError.js';
import { createJsonLogger, type LogPort } from '../core/LogPort.js';
import { resolveLabelMap, type LabelMap } from './LabelMap.js';
import { parseAlertmanagerPayload, type SkipCode, type SkippedAlert } from './parseAlertmanagerPayload.js';
import { parseRunaiWebhook } from './parseRunaiWebhook.js';
import { payloadTooLarge, readJsonBody } from './readJsonBody.js';

export interface IntakeDeps {
  queue: DiagnosisQueue;
  tokens: WebhookTokens;
  labelMap?: Partial<LabelMap>;
  /** Default 1 MiB: a 1,000-alert Alertmanager group is about 600 kB. */
  bodyLimitBytes?: number;
  now: () => Date;
  logger?: LogPort;
  /**
   * Accepted and skipped alerts (per reason) and 401s (per reason): Alertmanager never
   * resends a 4xx, so a rotated token or a relabelling is only visible here.
   */
  metrics?: OperationsMetrics;
  /**
   * What `GET /readyz` checks besides the queue (always checked): the entry point adds the
   * secrets (Lambda) or the Run:ai token (local mode).
   */
  readiness?: {
    probes?: readonly ReadinessProbe[];
    /** Per probe; default DEFAULT_PROBE_TIMEOUT_MS. */
    timeoutMs?: number;
    /** Monotonic milliseconds for the checks' durations; default performance.now. */
    clock?: () => number;
  };
  /**
   * The "Was this right?" page (§4.10); absent when feedback is off (no route, no link).
   * `listAnswers` (local mode only) adds `GET /local/feedback/answers`, the stored answers as
   * JSON behind the webhook token, which `runai-diagnose feedback export --from` reads; in AWS
   * the export reads the table with the operator's credentials instead.
   */
  feedback?: Pick<FeedbackRoutesDeps, 'keys' | 'store'> & { listAnswers?: boolean };
}

/** What the 202 body says about each accepted request. */
export interface AcceptedSummary {
  dedupeKey: string;
  clusterId: string;
  workloadId?: string;
  workloadName?: string;
  project?: string;
  intent: 'terminal' | 'active';
}

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/** Accepted requests listed in the 202 answer; a 1 MiB body can hold ~30,000 distinct workloads. */
export const LISTED_ACCEPTED = 50;

/** The answer of `GET /readyz`: 200 when every check passed, else 503 with the error contract's fields too. */
export type ReadinessAnswer =
  { status: 'ready'; checks: ReadinessCheck[] } | { status: 'not_ready'; code: 'NOT_READY'; message: string; retryable: true; checks: ReadinessCheck[] };

/** The 202 answer of both webhook routes. */
export interface IntakeAnswer {
  accepted: AcceptedSummary[];
  acceptedCount: number;
  skipped: SkippedAlert[];
  skippedCount: number;
  skippedByReason: Partial<Record<SkipCode, number>>;
}

const ROUTES: Record<string, string> = {
  '/webhooks/alertmanager': 'POST',
  '/webhooks/runai': 'POST',
  '/healthz': 'GET, HEAD',
  '/readyz': 'GET, HEAD',
};

function summarize(message: QueuedDiagnosis): AcceptedSummary {
  const { clusterId = '', workloadId, workloadName, project, intent = 'terminal' } = message.request;
  return {
    dedupeKey: message.dedupeKey,
    clusterId,
    ...(workloadId !== undefined ? { workloadId } : {}),
    ...(workloadName !== undefined ? { workloadName } : {}),
    ...(project !== undefined ? { project } : {}),
    intent,
  };
}

export function createIntakeApp(deps: IntakeDeps): Hono {
  const logger = deps.logger ?? createJsonLogger((line, level) => (level === 'error' ? console.error(line) : console.log(line)));
  const metrics = deps.metrics ?? noMetrics;
  const maxBytes = deps.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const labelMap = resolveLabelMap(deps.labelMap);
  const checkToken = createTokenChecker(deps.tokens);
  const app = new Hono();

  const requireToken: MiddlewareHandler = async (c, next) => {
    const check = checkToken(c.req.header('authorization'));
    if (check === 'ok') return next();
    metrics.count('Unauthorized', 1, { reason: check });
    // RFC 6750 §3: no error code when the request had no credentials at all.
    const challenge = check === 'missing' ? 'Bearer realm="runai-diagnose"' : 'Bearer realm="runai-diagnose", error="invalid_token"';
    throw new IntakeError('UNAUTHORIZED', check === 'missing' ? 'missing Authorization: Bearer <token> header' : 'invalid bearer token', {
      headers: { 'WWW-Authenticate': challenge },
    });
  };

  // Auth first: an anonymous caller gets 401 whatever it sends, and its body is never read.
  const limitBody = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw payloadTooLarge(maxBytes);
    },
  });

  async function enqueue(messages: QueuedDiagnosis[], route: string): Promise<void> {
    if (messages.length === 0) return;
    try {
      await deps.queue.enqueue(messages);
    } catch (error) {
      logger.warn('enqueue failed', { route, count: messages.length, error });
      const { error: intakeError } = toIntakeError(error);
      // Whatever the queue threw, a failed enqueue is worth a resend, never a 4xx or a 2xx.
      throw intakeError.code === 'QUEUE_UNAVAILABLE'
        ? intakeError
        : new IntakeError('QUEUE_UNAVAILABLE', 'could not enqueue the diagnosis requests; resend later', { cause: error });
    }
  }

  app.post('/webhooks/alertmanager', requireToken, limitBody, async (c) => {
    const body = await readJsonBody(c, maxBytes);
    const result = parseAlertmanagerPayload(body, {
      receivedAt: deps.now(),
      clusterIdFallback: c.req.query('clusterId'),
      labelMap,
    });
    if (!result.ok) throw new IntakeError('BAD_REQUEST', result.error);
    await enqueue(result.accepted, 'alertmanager');
    metrics.count('AlertsAccepted', result.accepted.length, { route: 'alertmanager' });
    for (const [reason, count] of Object.entries(result.skippedByReason)) if (count) metrics.count('AlertsSkipped', count, { reason });
    logger.info('alertmanager webhook accepted', {
      accepted: result.accepted.length,
      skipped: result.skippedCount,
      ...(result.skippedCount > 0 ? { skippedByReason: result.skippedByReason } : {}),
      ...(result.truncatedAlerts > 0 ? { truncatedAlerts: result.truncatedAlerts } : {}),
    });
    const answer: IntakeAnswer = {
      accepted: result.accepted.slice(0, LISTED_ACCEPTED).map(summarize),
      acceptedCount: result.accepted.length,
      skipped: result.skipped,
      skippedCount: result.skippedCount,
      skippedByReason: result.skippedByReason,
    };
    return c.json(answer, 202);
  });

  app.post('/webhooks/runai', requireToken, limitBody, async (c) => {
    const body = await readJsonBody(c, maxBytes);
    const result = parseRunaiWebhook(body, { receivedAt: deps.now() });
    if (!result.ok) throw new IntakeError('BAD_REQUEST', result.error);
    await enqueue([result.message], 'runai');
    metrics.count('AlertsAccepted', 1, { route: 'runai' });
    logger.info('runai webhook accepted', { dedupeKey: result.message.dedupeKey });
    const answer: IntakeAnswer = { accepted: [summarize(result.message)], acceptedCount: 1, skipped: [], skippedCount: 0, skippedByReason: {} };
    return c.json(answer, 202);
  });

  // Liveness: the function answers. Public, free, no dependency touched.
  app.get('/healthz', (c) => c.json({ status: 'ok' }));

  // Readiness: the dependencies answer. Authenticated, because it calls AWS and says what is wrong.
  const probes = [createQueueProbe(deps.queue), ...(deps.readiness?.probes ?? [])];
  app.get('/readyz', requireToken, async (c) => {
    const report = await runReadinessProbes(probes, {
      clock: deps.readiness?.clock ?? (() => performance.now()),
      ...(deps.readiness?.timeoutMs !== undefined ? { timeoutMs: deps.readiness.timeoutMs } : {}),
    });
    c.header('Cache-Control', 'no-store');
    if (report.ready) return c.json({ status: 'ready', checks: report.checks } satisfies ReadinessAnswer, 200);
    const failed = report.checks.filter((check): check is Extract<ReadinessCheck, { status: 'failed' }> => check.status === 'failed');
    logger.warn('intake.not_ready', { failed: failed.map(({ name, code }) => ({ name, code })) });
    const answer: ReadinessAnswer = {
      status: 'not_ready',
      code: 'NOT_READY',
      message: `${failed.length} of ${report.checks.length} checks failed: ${failed.map((check) => check.name).join(', ')}`,
      retryable: true,
      checks: report.checks,
    };
    return c.json(answer, 503);
  });

  // Its own credential (the signed token in the path) and HTML error pages: see createFeedbackRoutes.
  if (deps.feedback) app.route('/feedback', createFeedbackRoutes({ keys: deps.feedback.keys, store: deps.feedback.store, now: deps.now, metrics, logger }));
  const feedbackStore = deps.feedback?.listAnswers ? deps.feedback.store : undefined;
  if (feedbackStore) {
    // Read-only and authenticated like /readyz: the answers name workloads and hold people's notes.
    app.get(LOCAL_FEEDBACK_ANSWERS_PATH, requireToken, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ answers: await feedbackStore.list() });
    });
  }

  // Known paths with another method: 405 with Allow, not the 404 hono gives by default.
  for (const [path, allow] of Object.entries(ROUTES)) {
    app.all(path, (c) => {
      throw new IntakeError('METHOD_NOT_ALLOWED', `${c.req.method} is not allowed here; use ${allow}`, { headers: { Allow: allow } });
    });
  }

  app.notFound(() => {
    throw new IntakeError('NOT_FOUND', 'no such route');
  });

  app.onError((error, c: Context) => {
    const { error: intakeError, unexpected } = toIntakeError(error);
    if (unexpected) logger.error('unexpected error', { method: c.req.method, path: c.req.path.slice(0, 200), error });
    return c.json(intakeError.toBody(), intakeError.status, intakeError.headers);
  });

  return app;
}
