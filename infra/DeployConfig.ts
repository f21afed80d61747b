/**
 * Deploy-time configuration: CDK context (`cdk.json` "context", or `-c key=value`) →
 * validated, typed DeployConfig. Context from the command line is always a string and
 * from cdk.json any JSON, so numbers and lists accept both forms. Every problem is
 * reported at once, each naming its key; values are echoed only for non-secret keys
 * (none of these is a secret: secrets live in Secrets Manager, never in context).
 *
 * Keys (docs/configuration.md documents the same list):
 * - runaiBaseUrl (required)   https URL of the Run:ai control plane, e.g. https://myorg.run.ai
 * - clusterIds                cluster UUIDs for the poller (comma-separated or a list); none → no poller, no schedule
 * - pollRate                  poll interval: `5m`, `1h`, or a number of minutes (1 minute–24 hours); default 5m
 * - alertEmail                email address subscribed to the verdict topic (text reports)
 * - opsEmail                  email address subscribed to the ops (alarm) topic; default alertEmail
 * - pagerUrl                  https endpoint subscribed to the verdict topic (verdict JSON), e.g. a pager's SNS integration URL
 * - pagerFilter               which verdicts page: `node-failure-or-recurring` (default), `all`, or a JSON SNS filter policy on the attributes
 * - diagnoseMaxConcurrency    concurrent diagnose invocations (SQS maxConcurrency, 2–50); default 2
 * - logRetentionDays          CloudWatch Logs retention, a value CloudWatch accepts (1, 3, 5, 7, 14, 30, …); default 30
 * - locale                    report language, `en` or `fr`; default en
 * - tier2                     `true`: a Secrets Manager secret for the Tier 2 (Kubernetes) configuration, readable by the
 *                             diagnose function only (TIER2_SECRET_ID); created with the placeholder {"clusters":{}}
 *                             (Tier 2 for no cluster) and filled with put-secret-value; default false (no secret, Tier 1 only)
 * - alertLabelMap             which alert labels carry the identifiers: JSON overrides of the default label map, e.g.
 *                             {"clusterId":["runai_cluster"]} (keys clusterId, workloadId, workloadName, project, namespace:
 *                             label-name lists; namespacePrefix: string); given to the intake as ALERT_LABEL_MAP
 * - stackName                 CloudFormation stack name; default RunaiDiagnose
 */
import * as z from 'zod';
import { LabelMapJsonSchema, type LabelMap } from '../functions/intake/LabelMap.js';
import { PAGER_FILTER_PRESETS, PagerFilterSchema, type FilterPolicy } from './pagerFilterPolicy.js';

/** The retention periods CloudWatch Logs accepts (RetentionDays). */
export const LOG_RETENTION_DAYS = [1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653] as const;

const CLUSTER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const httpsUrl = (what: string) =>
  z.string().refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    // Credentials would sit in the template; a query or fragment is dropped when paths are appended.
    return url.protocol === 'https:' && !url.username && !url.password && (what === 'pager' || (!url.search && !url.hash));
  }, what === 'pager' ? 'must be an https URL without user:password' : 'must be an https URL without credentials, query or fragment');

const email = z.email('must be an email address');

const integer = (min: number, max: number) =>
  z.coerce.number({ error: 'must be an integer' }).int('must be an integer').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

const clusterIds = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => [...new Set((typeof value === 'string' ? value.split(',') : value).map((id) => id.trim()).filter((id) => id !== ''))])
  .pipe(z.array(z.string().regex(CLUSTER_ID, 'must be cluster UUIDs')).max(100, 'must name at most 100 clusters'));

/** `5m`, `90m`, `1h`, or a bare number of minutes → minutes. */
const pollRate = z.union([z.number(), z.string()]).transform((value, context) => {
  const match = /^\s*(\d+)\s*(m|min|h)?\s*$/i.exec(String(value));
  const minutes = match ? Number(match[1]) * (match[2]?.toLowerCase() === 'h' ? 60 : 1) : Number.NaN;
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 1440) {
    context.addIssue({ code: 'custom', message: 'must be a whole number of minutes or hours from 1m to 24h, e.g. 5m or 1h' });
    return z.NEVER;
  }
  return minutes;
});

/** `true` / `false` from the command line, a boolean from cdk.json. */
const flag = z.unknown().transform((value, context) => {
  if (typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  if (text === 'true' || text === 'false') return text === 'true';
  context.addIssue({ code: 'custom', message: 'must be true or false' });
  return z.NEVER;
});

const stackName = z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,127}$/, 'must be a CloudFormation stack name (letters, digits, hyphens; starts with a letter)');

export const DeployContextSchema = z.object({
  runaiBaseUrl: httpsUrl('runai'),
  clusterIds: clusterIds.default([]),
  pollRate: pollRate.default(5),
  alertEmail: email.optional(),
  opsEmail: email.optional(),
  pagerUrl: httpsUrl('pager').optional(),
  pagerFilter: PagerFilterSchema.optional(),
  diagnoseMaxConcurrency: integer(2, 50).default(2),
  logRetentionDays: z.coerce
    .number({ error: 'must be a number of days' })
    .refine((days) => (LOG_RETENTION_DAYS as readonly number[]).includes(days), `must be one of ${LOG_RETENTION_DAYS.join(', ')}`)
    .default(30),
  locale: z.enum(['en', 'fr'], 'must be en or fr').default('en'),
  tier2: flag.optional(),
  alertLabelMap: z
    .unknown()
    .transform((value) => (typeof value === 'string' ? value : JSON.stringify(value)))
    .pipe(LabelMapJsonSchema)
    .optional(),
  stackName: stackName.default('RunaiDiagnose'),
});

export const DEPLOY_CONTEXT_KEYS = Object.keys(DeployContextSchema.shape) as (keyof typeof DeployContextSchema.shape)[];

export interface DeployConfig {
  runaiBaseUrl: string;
  clusterIds: string[];
  pollRateMinutes: number;
  alertEmail?: string;
  opsEmail?: string;
  pagerUrl?: string;
  /** null: the pager receives everything. */
  pagerFilter: FilterPolicy | null;
  diagnoseMaxConcurrency: number;
  logRetentionDays: number;
  locale: 'en' | 'fr';
  /** Create the Tier 2 configuration secret and give the worker TIER2_SECRET_ID. */
  tier2: boolean;
  /** ALERT_LABEL_MAP for the intake; absent: the default label map. */
  alertLabelMap?: Partial<LabelMap>;
  stackName: string;
}

export class DeployConfigError extends Error {
  override readonly name = 'DeployConfigError';
}

// Empty means unset: `-c alertEmail=` and cdk.json placeholders produce "".
const unsetIfEmpty = (value: unknown): unknown => (value === '' || value === null ? undefined : value);

/** `context`: the raw context values, e.g. `(key) => app.node.tryGetContext(key)`. */
export function readDeployConfig(context: (key: string) => unknown): DeployConfig {
  const raw = Object.fromEntries(DEPLOY_CONTEXT_KEYS.map((key) => [key, unsetIfEmpty(context(key))]));
  const parsed = DeployContextSchema.safeParse(raw);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? '');
        return raw[key] === undefined ? `${key} is not set (pass -c ${key}=…)` : `${key} ${issue.message}`;
      });
  if (parsed.success && parsed.data.pagerFilter !== undefined && parsed.data.pagerUrl === undefined) {
    problems.push('pagerFilter is set but pagerUrl is not (the filter applies to the pager subscription)');
  }
  if (!parsed.success || problems.length > 0) throw new DeployConfigError(`invalid deploy configuration: ${problems.join('; ')}`);
  const data = parsed.data;
  return {
    runaiBaseUrl: data.runaiBaseUrl.replace(/\/+$/, ''),
    clusterIds: data.clusterIds,
    pollRateMinutes: data.pollRate,
    ...(data.alertEmail !== undefined ? { alertEmail: data.alertEmail } : {}),
    ...((data.opsEmail ?? data.alertEmail) !== undefined ? { opsEmail: data.opsEmail ?? data.alertEmail } : {}),
    ...(data.pagerUrl !== undefined ? { pagerUrl: data.pagerUrl } : {}),
    pagerFilter: data.pagerFilter === undefined ? PAGER_FILTER_PRESETS['node-failure-or-recurring'] : data.pagerFilter,
    diagnoseMaxConcurrency: data.diagnoseMaxConcurrency,
    logRetentionDays: data.logRetentionDays,
    locale: data.locale,
    tier2: data.tier2 ?? false,
    ...(data.alertLabelMap !== undefined ? { alertLabelMap: data.alertLabelMap } : {}),
    stackName: data.stackName,
  };
}
