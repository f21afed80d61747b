/**
 * API Gateway HTTP API (payload v2) → the intake hono app. Nothing happens at module load
 * but imports: configuration is read and the SQS client built on the first invocation, and
 * kept for the life of the execution environment.
 *
 * A configuration error does not crash the function (API Gateway would answer a bare 500):
 * it is logged with the offending key, and every request gets a JSON 503 MISCONFIGURED,
 * which Alertmanager resends — so alerts sent before the fix are not lost. The next
 * invocation tries again, which picks up a fixed secret once token loading moves to
 * Secrets Manager.
 */
import { SQSClient } from '@aws-sdk/client-sqs';
import { Hono } from 'hono';
import { handle, type APIGatewayProxyResult, type LambdaContext, type LambdaEvent } from 'hono/aws-lambda';
import { createSqsQueue } from '../queue/createSqsQueue.js';
import { createIntakeApp } from './createIntakeApp.js';
import { IntakeError } from './IntakeError.js';
import { createConsoleLogger } from './IntakeLogger.js';
import { loadWebhookTokens } from './loadWebhookTokens.js';
import { readIntakeEnv } from './readIntakeEnv.js';

type Handler = ReturnType<typeof handle>;

const logger = createConsoleLogger();
let ready: Promise<Handler> | undefined;

async function build(): Promise<Handler> {
  const env = readIntakeEnv();
  const tokens = await loadWebhookTokens(env);
  const app = createIntakeApp({
    queue: createSqsQueue({ client: new SQSClient({}), queueUrl: env.QUEUE_URL }),
    tokens,
    ...(env.INTAKE_BODY_LIMIT_BYTES !== undefined ? { bodyLimitBytes: env.INTAKE_BODY_LIMIT_BYTES } : {}),
    now: () => new Date(),
    logger,
  });
  return handle(app);
}

function misconfigured(): Handler {
  const app = new Hono();
  app.all('*', (c) => {
    const error = new IntakeError('MISCONFIGURED', 'the intake is misconfigured; see its logs');
    return c.json(error.toBody(), error.status, error.headers);
  });
  return handle(app);
}

export async function handler(event: LambdaEvent, context?: LambdaContext): Promise<APIGatewayProxyResult> {
  ready ??= build();
  let run: Handler;
  try {
    run = await ready;
  } catch (error) {
    ready = undefined;
    logger.error('intake configuration failed', { error });
    run = misconfigured();
  }
  return run(event, context);
}
