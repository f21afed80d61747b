/**
 * The environment variables of each Lambda, by name, in one place: the CDK stack sets a
 * function's environment through `LambdaEnvironment<name>` (a misspelt key does not compile)
 * and each function's schema reads exactly these keys. test/infra/envContract.test.ts
 * synthesizes the stack and checks that every function's schema accepts what CDK sets.
 * docs/configuration.md describes each variable.
 */
export const LAMBDA_ENVIRONMENT = {
  intake: [
    'QUEUE_URL',
    'WEBHOOK_TOKEN_SECRET_ID',
    'WEBHOOK_TOKEN',
    'WEBHOOK_TOKEN_PREVIOUS',
    'ALERT_LABEL_MAP',
    'INTAKE_BODY_LIMIT_BYTES',
    'RUNAI_SECRET_ID',
    'FEEDBACK_TABLE',
    'FEEDBACK_KEY_SECRET_ID',
  ],
  diagnose: [
    'SNS_TOPIC_ARN',
    'IDEMPOTENCY_TABLE',
    'QUEUE_URL',
    'STORM_TABLE',
    'STORM_THRESHOLD',
    'STORM_WINDOW_SECONDS',
    'NODE_FAILURE_TABLE',
    'WORKER_CONCURRENCY',
    'REPORT_LOCALE',
    'RUNAI_BASE_URL',
    'RUNAI_REQUEST_TIMEOUT_MS',
    'RUNAI_MAX_RESPONSE_BYTES',
    'RUNAI_SECRET_ID',
    'RUNAI_CLIENT_ID',
    'RUNAI_CLIENT_SECRET',
    'RUNAI_GRANT_TYPE',
    'TIER2_SECRET_ID',
    'RECORD_DIR',
    'RECORD_ANONYMIZE',
    'FEEDBACK_KEY_SECRET_ID',
    'FEEDBACK_BASE_URL',
  ],
  poller: [
    'CLUSTER_IDS',
    'QUEUE_URL',
    'STATE_TABLE',
    'RUNAI_BASE_URL',
    'RUNAI_REQUEST_TIMEOUT_MS',
    'RUNAI_MAX_RESPONSE_BYTES',
    'POLL_INITIAL_LOOKBACK',
    'POLL_OVERLAP',
    'POLL_CLUSTER_CONCURRENCY',
    'POLL_CLUSTER_TIMEOUT_MS',
    'RUNAI_SECRET_ID',
    'RUNAI_CLIENT_ID',
    'RUNAI_CLIENT_SECRET',
    'RUNAI_GRANT_TYPE',
  ],
} as const;

export type LambdaFunctionName = keyof typeof LAMBDA_ENVIRONMENT;

/** What the stack may set for one function: only its own keys, every value a string. */
export type LambdaEnvironment<Name extends LambdaFunctionName> = { [Key in (typeof LAMBDA_ENVIRONMENT)[Name][number]]?: string };

/** The CloudWatch namespace of every runai-diagnose metric: the functions publish to it, the alarms read it. */
export const METRICS_NAMESPACE = 'RunaiDiagnose';

/** Set on every function for the runtime and Powertools (infra/createFunction.ts); no schema of ours reads them. */
export const PLATFORM_ENVIRONMENT = ['POWERTOOLS_SERVICE_NAME', 'NODE_OPTIONS'] as const;
