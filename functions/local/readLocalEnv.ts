/**
 * Local mode's configuration (docs/configuration.md, local mode), from the environment, validated strictly:
 * a typo in a value must stop the start with one line naming the variable (never echoing
 * its value — three of them are secrets), not silently fall back to a default.
 *
 * Only our keys are read; everything else in the environment is ignored. Run:ai settings
 * are read with the CLI's reader (same names, same rules) and only when RUNAI_BASE_URL is
 * set: without it the built-in simulator serves the bundled fixtures.
 *
 * RUNAI_DIAGNOSE_TIER2_CONFIG names a Tier 2 configuration file, as for the CLI. Its path is
 * checked here; the file is read and validated when the server starts (startTier2Backend),
 * with the same loader and messages as `--tier2-config`.
 */
import { DEFAULT_STORM_THRESHOLD, DEFAULT_STORM_WINDOW_SECONDS } from '../delivery/StormWindow.js';
import * as z from 'zod';
import { ConfigurationError, readRunaiEnvironment } from '../cli/readRunaiEnvironment.js';
import type { LabelMap } from '../intake/LabelMap.js';
import { IntakeEnvSchema } from '../intake/readIntakeEnv.js';
import { identifierProblem } from '../intake/validateIdentifier.js';
import type { RunaiClientConfig } from '../runai/RunaiClientConfig.js';
import { WorkerEnvSchema } from '../worker/readWorkerEnv.js';
import { unsetIfEmpty } from '../core/unsetIfEmpty.js';
import { PAGERDUTY_EVENTS_URL, RoutingKeySchema } from '../pagerduty/PagerDutyEvent.js';
import { ConfigError } from '../core/ConfigError.js';

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema.optional());
const integer = (min: number, max: number) =>
  z.coerce.number({ error: 'must be an integer' }).int('must be an integer').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

const clusterIdList = z.string().transform((value, context) => {
  const ids = [
    ...new Set(
      value
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    ),
  ];
  if (ids.length === 0) context.addIssue({ code: 'custom', message: 'must list at least one cluster id (comma-separated)' });
  for (const id of ids) {
    const problem = identifierProblem('clusterId', id);
    if (problem) context.addIssue({ code: 'custom', message: `has an invalid cluster id: ${problem}` });
  }
  return ids;
});

export const LocalEnvSchema = z.strictObject({
  PORT: z.preprocess(unsetIfEmpty, integer(0, 65_535).default(8787)),
  // Loopback by default: the webhook token is the only guard, and local mode is a demo/dev tool.
  HOST: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^[A-Za-z0-9.:[\]-]{1,253}$/, 'must be a host name or IP address')
      .default('127.0.0.1'),
  ),
  WEBHOOK_TOKEN: optional(IntakeEnvSchema.shape.WEBHOOK_TOKEN),
  WEBHOOK_TOKEN_PREVIOUS: optional(IntakeEnvSchema.shape.WEBHOOK_TOKEN),
  ALERT_LABEL_MAP: IntakeEnvSchema.shape.ALERT_LABEL_MAP,
  RUNAI_BASE_URL: optional(z.string()),
  RUNAI_CLIENT_ID: optional(z.string()),
  RUNAI_CLIENT_SECRET: optional(z.string()),
  RUNAI_GRANT_TYPE: optional(z.string()),
  RUNAI_REQUEST_TIMEOUT_MS: optional(z.string()),
  SNS_TOPIC_ARN: optional(WorkerEnvSchema.shape.SNS_TOPIC_ARN),
  REPORT_LOCALE: z.preprocess(unsetIfEmpty, z.enum(['en', 'fr'], 'must be en or fr').default('en')),
  /** As in AWS (CDK context stormThreshold / stormWindowSeconds): the shared storm window, in memory. */
  STORM_THRESHOLD: z.preprocess(unsetIfEmpty, integer(1, 10_000).default(DEFAULT_STORM_THRESHOLD)),
  STORM_WINDOW_SECONDS: z.preprocess(unsetIfEmpty, integer(1, 840).default(DEFAULT_STORM_WINDOW_SECONDS)),
  WORKER_CONCURRENCY: optional(integer(1, 32)),
  /** The local stand-in for the SQS batching window (1 s in AWS): how long a batch waits for company. */
  BATCH_WINDOW_MS: z.preprocess(unsetIfEmpty, integer(0, 60_000).default(500)),
  POLL_CLUSTER_IDS: optional(clusterIdList),
  POLL_INTERVAL_SECONDS: z.preprocess(unsetIfEmpty, integer(5, 86_400).default(60)),
  LOG_LEVEL: z.preprocess(unsetIfEmpty, z.enum(['info', 'warn', 'error', 'silent'], 'must be info, warn, error or silent').default('info')),
  /** The Events API v2 integration key: local mode then sends PagerDuty events too. A secret: never echoed. */
  PAGERDUTY_ROUTING_KEY: optional(RoutingKeySchema),
  /** Another Events API endpoint (EU region, or a local receiver: http is accepted here). */
  PAGERDUTY_EVENTS_URL: z.preprocess(
    unsetIfEmpty,
    z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of the PagerDuty Events API v2 endpoint' }).default(PAGERDUTY_EVENTS_URL),
  ),
  /** Which notifications page, as the AWS deploy's pagerFilter presets. */
  PAGERDUTY_FILTER: z.preprocess(
    unsetIfEmpty,
    z.enum(['node-failure-or-recurring', 'all'], 'must be node-failure-or-recurring or all').default('node-failure-or-recurring'),
  ),
  /** A folder of scenarios or recordings (`runai-diagnose --record`) for the built-in simulator, instead of the bundled ones. */
  SCENARIOS_DIR: optional(z.string().trim().min(1, 'must be the path of a folder of scenarios')),
  /** Record every diagnosis into a folder of its own here (docs/recording.md); RECORD_ANONYMIZE=true pseudonymises them. */
  RECORD_DIR: optional(z.string().trim().min(1, 'must be the path of a folder')),
  RECORD_ANONYMIZE: z.preprocess(unsetIfEmpty, z.enum(['true', 'false'], 'must be true or false').default('false')),
  RUNAI_DIAGNOSE_TIER2_CONFIG: optional(
    z
      .string()
      .trim()
      .min(1, 'must be the path of a Tier 2 configuration file')
      .refine((path) => !path.includes('\0'), 'must be the path of a Tier 2 configuration file'),
  ),
});

type ParsedLocalEnv = z.output<typeof LocalEnvSchema>;

export interface LocalConfig {
  port: number;
  host: string;
  /** Absent: local mode generates one and prints it. */
  webhookToken: string | undefined;
  webhookTokenPrevious: string | undefined;
  /** ALERT_LABEL_MAP: overrides of the alert label map, as in AWS. */
  labelMap: Partial<LabelMap> | undefined;
  /** Absent: the built-in simulator serving every bundled scenario. */
  runai: Pick<RunaiClientConfig, 'baseUrl' | 'credentials' | 'requestTimeoutMs'> | undefined;
  /** Absent: the console publisher. */
  snsTopicArn: string | undefined;
  /** PAGERDUTY_ROUTING_KEY set: notifications the filter selects are also sent to PagerDuty. */
  pagerDuty: { routingKey: string; eventsUrl: string; filter: 'node-failure-or-recurring' | 'all' } | undefined;
  locale: 'en' | 'fr';
  stormThreshold: number;
  stormWindowSeconds: number;
  workerConcurrency: number | undefined;
  batchWindowMs: number;
  pollClusterIds: string[];
  pollIntervalMs: number;
  logLevel: ParsedLocalEnv['LOG_LEVEL'];
  /** RUNAI_DIAGNOSE_TIER2_CONFIG. Absent: Tier 2 only from the built-in Kubernetes simulator (with the Run:ai simulator). */
  tier2ConfigPath: string | undefined;
  /** SCENARIOS_DIR: what the built-in simulator serves instead of the bundled scenarios (e.g. a folder of recordings). */
  scenariosDir: string | undefined;
  /** RECORD_DIR / RECORD_ANONYMIZE: every diagnosis recorded (functions/recording). */
  record: { dir: string; anonymize: boolean } | undefined;
}

export class LocalConfigError extends ConfigError {
  override readonly name = 'LocalConfigError';
  readonly code = 'LOCAL_CONFIG_INVALID';
}

const RUNAI_KEYS = ['RUNAI_CLIENT_ID', 'RUNAI_CLIENT_SECRET', 'RUNAI_GRANT_TYPE', 'RUNAI_REQUEST_TIMEOUT_MS'] as const;

export function readLocalEnv(env: Readonly<Record<string, string | undefined>>): LocalConfig {
  const ours = Object.fromEntries(Object.keys(LocalEnvSchema.shape).map((key) => [key, env[key]]));
  const parsed = LocalEnvSchema.safeParse(ours);
  if (!parsed.success) {
    // The first problem only: one line that names the variable is what a person can act on.
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0] ?? 'environment');
    throw new LocalConfigError(`${key} ${issue.message}`);
  }
  const data = parsed.data;
  return {
    port: data.PORT,
    host: data.HOST,
    webhookToken: data.WEBHOOK_TOKEN,
    webhookTokenPrevious: data.WEBHOOK_TOKEN_PREVIOUS,
    labelMap: data.ALERT_LABEL_MAP,
    runai: readRunai(data),
    snsTopicArn: data.SNS_TOPIC_ARN,
    locale: data.REPORT_LOCALE,
    stormThreshold: data.STORM_THRESHOLD,
    stormWindowSeconds: data.STORM_WINDOW_SECONDS,
    workerConcurrency: data.WORKER_CONCURRENCY,
    batchWindowMs: data.BATCH_WINDOW_MS,
    pollClusterIds: data.POLL_CLUSTER_IDS ?? [],
    pollIntervalMs: data.POLL_INTERVAL_SECONDS * 1000,
    logLevel: data.LOG_LEVEL,
    tier2ConfigPath: data.RUNAI_DIAGNOSE_TIER2_CONFIG,
    pagerDuty:
      data.PAGERDUTY_ROUTING_KEY === undefined
        ? undefined
        : { routingKey: data.PAGERDUTY_ROUTING_KEY, eventsUrl: data.PAGERDUTY_EVENTS_URL, filter: data.PAGERDUTY_FILTER },
    scenariosDir: data.SCENARIOS_DIR,
    record: data.RECORD_DIR ? { dir: data.RECORD_DIR, anonymize: data.RECORD_ANONYMIZE === 'true' } : undefined,
  };
}

function readRunai(data: ParsedLocalEnv): LocalConfig['runai'] {
  if (data.RUNAI_BASE_URL === undefined) {
    // Credentials without a URL would be silently ignored for the simulator: say so instead.
    const stray = RUNAI_KEYS.find((key) => data[key] !== undefined);
    if (stray) throw new LocalConfigError(`${stray} is set but RUNAI_BASE_URL is not (unset ${stray} to use the built-in simulator)`);
    return undefined;
  }
  const runaiEnv = Object.fromEntries(['RUNAI_BASE_URL', ...RUNAI_KEYS].map((key) => [key, data[key as keyof ParsedLocalEnv] as string | undefined]));
  try {
    return readRunaiEnvironment(runaiEnv);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    // The CLI's message ends with a CLI hint (--example); keep the part naming the variable.
    const [what] = error.message.split(';');
    throw new LocalConfigError(`${what} (RUNAI_BASE_URL needs RUNAI_CLIENT_ID and RUNAI_CLIENT_SECRET; unset RUNAI_BASE_URL to use the built-in simulator)`);
  }
}
