/**
 * API Gateway HTTP API (payload v2) → the intake hono app. Nothing happens at module load
 * but imports: configuration is read, and the SQS client, Powertools Logger and Metrics
 * are built on the first invocation, and kept for the life of the execution environment.
 * The AWS SDK itself is loaded on the first send (functions/aws/lazyAwsClients.ts), so
 * module init loads none of it.
 *
 * The webhook tokens are looked up on every invocation (loadWebhookTokens: cached for
 * minutes, so warm requests cost nothing) and the app is rebuilt only when they change:
 * a rotated secret takes effect without a cold start.
 *
 * Feedback (§4.10, on when FEEDBACK_TABLE and FEEDBACK_KEY_SECRET_ID are set): the answers go
 * to DynamoDB, and the signing keys are looked up like the webhook tokens (cached, rebuilt
 * on change), so a rotated feedback key takes effect without a cold start too.
 *
 * A configuration error does not crash the function (API Gateway would answer a bare 500):
 * it is logged with the offending key, and every request gets a JSON 503 MISCONFIGURED,
 * which Alertmanager resends — so alerts sent before the fix are not lost. The next
 * invocation tries again, which picks up a fixed secret or environment.
 */
import type { Context } from 'aws-lambda';
import { Hono } from 'hono';
import { handle, type APIGatewayProxyResult, type LambdaContext, type LambdaEvent } from 'hono/aws-lambda';
import { lazyDynamoDbClient, lazySecretsManagerClient, lazySqsClient } from '../aws/lazyAwsClients.js';
import { readSecretJson } from '../aws/readSecret.js';
import { createDynamoFeedbackStore } from '../feedback/createDynamoFeedbackStore.js';
import type { FeedbackStore } from '../feedback/FeedbackStore.js';
import type { FeedbackKeys } from '../feedback/feedbackToken.js';
import { loadFeedbackKeys } from '../feedback/loadFeedbackKeys.js';
import { createLambdaTelemetry } from '../lambda/lambdaTelemetry.js';
import type { DiagnosisQueue } from '../queue/DiagnosisQueue.js';
import { createSqsQueue } from '../queue/createSqsQueue.js';
import { createSecretDescriptionProbe, describeSecretWith } from '../readiness/createSecretDescriptionProbe.js';
import type { ReadinessProbe } from '../readiness/ReadinessProbe.js';
import { createIntakeApp } from './createIntakeApp.js';
import { createWebhookSecretProbe } from './createWebhookSecretProbe.js';
import type { WebhookTokens } from './createTokenChecker.js';
import { IntakeError } from './IntakeError.js';
import { gatewayEventProblem } from './gatewayEventProblem.js';
import type { LogPort } from '../core/LogPort.js';
import { loadWebhookTokens } from './loadWebhookTokens.js';
import { readIntakeEnv, type IntakeEnv } from './readIntakeEnv.js';

type Handler = ReturnType<typeof handle>;

const telemetry = createLambdaTelemetry('intake');
/** The app's logging port, written by Powertools (JSON with the request id). */
const logger: LogPort = telemetry.log;

interface Base {
  env: IntakeEnv;
  queue: DiagnosisQueue;
  /** What GET /readyz checks besides the queue. */
  probes: ReadinessProbe[];
  /** The answers table; absent when feedback is off. */
  feedbackStore?: FeedbackStore;
}

let base: Promise<Base> | undefined;
let current: { tokens: WebhookTokens; feedbackKeys: FeedbackKeys | undefined; run: Handler } | undefined;

async function buildBase(): Promise<Base> {
  const env = readIntakeEnv();
  const probes: ReadinessProbe[] = [];
  if (env.WEBHOOK_TOKEN_SECRET_ID !== undefined) probes.push(createWebhookSecretProbe(env));
  if (env.RUNAI_SECRET_ID !== undefined) {
    const describe = describeSecretWith(lazySecretsManagerClient());
    probes.push(createSecretDescriptionProbe('runaiSecret', env.RUNAI_SECRET_ID, describe, { placeholderUntilReplaced: true }));
  }
  return {
    env,
    queue: createSqsQueue({ client: lazySqsClient(), queueUrl: env.QUEUE_URL }),
    probes,
    ...(env.FEEDBACK_TABLE !== undefined ? { feedbackStore: createDynamoFeedbackStore({ client: lazyDynamoDbClient(), tableName: env.FEEDBACK_TABLE }) } : {}),
  };
}

function sameKeys(
  a: { current: string; previous?: string | undefined } | undefined,
  b: { current: string; previous?: string | undefined } | undefined,
): boolean {
  return a === b || (a !== undefined && b !== undefined && a.current === b.current && a.previous === b.previous);
}

/**
 * The feedback keys, or the last ones read when the secret cannot be read now: feedback is
 * never worth refusing alerts for, so a feedback-secret failure only logs and counts, and
 * without any key yet the app is built without the feedback routes (404 until it can be read).
 */
async function feedbackKeysFor(env: IntakeEnv): Promise<FeedbackKeys | undefined> {
  if (env.FEEDBACK_KEY_SECRET_ID === undefined) return undefined;
  try {
    return await loadFeedbackKeys(env.FEEDBACK_KEY_SECRET_ID, readSecretJson);
  } catch (error) {
    logger.error('intake.feedback_unavailable', { error });
    telemetry.metrics.count('ConfigurationFailures');
    return current?.feedbackKeys;
  }
}

async function appFor({ env, queue, probes, feedbackStore }: Base): Promise<Handler> {
  const tokens = await loadWebhookTokens(env);
  const feedbackKeys = await feedbackKeysFor(env);
  if (current && sameKeys(current.tokens, tokens) && sameKeys(current.feedbackKeys, feedbackKeys)) return current.run;
  const app = createIntakeApp({
    queue,
    tokens,
    ...(env.INTAKE_BODY_LIMIT_BYTES !== undefined ? { bodyLimitBytes: env.INTAKE_BODY_LIMIT_BYTES } : {}),
    ...(env.ALERT_LABEL_MAP !== undefined ? { labelMap: env.ALERT_LABEL_MAP } : {}),
    now: () => new Date(),
    logger,
    metrics: telemetry.metrics,
    readiness: { probes },
    ...(feedbackKeys && feedbackStore ? { feedback: { keys: feedbackKeys, store: feedbackStore } } : {}),
  });
  current = { tokens, feedbackKeys, run: handle(app) };
  return current.run;
}

function misconfigured(): Handler {
  const app = new Hono();
  app.all('*', (c) => {
    const error = new IntakeError('MISCONFIGURED', 'the intake is misconfigured; see its logs');
    return c.json(error.toBody(), error.status, error.headers);
  });
  return handle(app);
}

/** The JSON error contract, outside the app (the event could not be handed to it). */
function errorResult(error: IntakeError): APIGatewayProxyResult {
  return {
    statusCode: error.status,
    headers: { 'content-type': 'application/json', ...error.headers },
    body: JSON.stringify(error.toBody()),
    isBase64Encoded: false,
  };
}

/** Runs the app on a well-formed event; a malformed one is a 400 in the JSON contract (gatewayEventProblem). */
async function answer(run: Handler, event: LambdaEvent, context?: LambdaContext): Promise<APIGatewayProxyResult> {
  const problem = gatewayEventProblem(event);
  if (problem) {
    logger.warn('intake.malformed_event', { problem });
    return errorResult(new IntakeError('BAD_REQUEST', problem));
  }
  try {
    return await run(event, context);
  } catch (error) {
    // The app answers its own errors; only the adapter's reading of the event throws here.
    logger.warn('intake.unreadable_event', { errorName: error instanceof Error ? error.name : typeof error });
    return errorResult(new IntakeError('BAD_REQUEST', 'the request could not be read as an API Gateway HTTP event'));
  }
}

export async function handler(event: LambdaEvent, context?: LambdaContext): Promise<APIGatewayProxyResult> {
  telemetry.startInvocation(context as unknown as Context | undefined);
  base ??= buildBase();
  let run: Handler;
  try {
    run = await appFor(await base);
  } catch (error) {
    base = undefined;
    logger.error('intake configuration failed', { error });
    telemetry.metrics.count('ConfigurationFailures');
    run = misconfigured();
  }
  const result = await answer(run, event, context);
  // One count per status code: 401s reveal a wrong token, 503s a broken configuration or queue.
  telemetry.metrics.count('IntakeRequests', 1, { status: String(result.statusCode) });
  telemetry.flush();
  return result;
}
