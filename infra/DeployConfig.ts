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
 * - pagerDuty                 `true`: a PagerDuty Events API v2 forwarder (routing key in Secrets Manager); or the https URL of
 *                             another Events API endpoint (e.g. https://events.eu.pagerduty.com/v2/enqueue)
 * - chat                      Slack / Microsoft Teams / Chime through Amazon Q Developer in chat applications: a JSON object
 *                             {"slackWorkspaceId","slackChannelId"} and/or {"teamsTenantId","teamsTeamId","teamsChannelId"}, or
 *                             `true` for the chat topic alone (a channel configured in the console subscribes to it)
 * - pagerUrl                  https endpoint subscribed to the verdict topic (verdict JSON inside the SNS envelope), for
 *                             consumers that parse it; not PagerDuty (see pagerDuty)
 * - pagerFilter               which verdicts page (pagerDuty and pagerUrl): `node-failure-or-recurring` (default), `platform`
 *                             (audience=platform: what only the platform team can fix), `all`, or a JSON SNS filter policy
 *                             on the attributes (e.g. {"project":["ml-team"],"audience":["user"]} for a project's pager)
 * - allowNoSubscribers        `true`: deploy even when no person would receive verdicts or alarms (otherwise synth fails)
 * - diagnoseMaxConcurrency    concurrent diagnose invocations (SQS maxConcurrency, 2–50); default 2
 * - stormThreshold            verdicts of one cluster within a storm window that go out alone (1–10000); the rest of the
 *                             window is one digest; default 5 (the worker's STORM_THRESHOLD)
 * - stormWindowSeconds        the storm window, per cluster, in seconds (5–840); default 60 (STORM_WINDOW_SECONDS)
 * - logRetentionDays          CloudWatch Logs retention, a value CloudWatch accepts (1, 3, 5, 7, 14, 30, …); default 30
 * - locale                    report language, `en` or `fr`; default en
 * - tier2                     `true`: a Secrets Manager secret for the Tier 2 (Kubernetes) configuration, readable by the
 *                             diagnose function only (TIER2_SECRET_ID); created with the placeholder {"clusters":{}}
 *                             (Tier 2 for no cluster) and filled with put-secret-value; default false (no secret, Tier 1 only)
 * - feedback                  `false`: no "Was this right?" feedback (§4.10): no answers table, no signing-key secret, no
 *                             /feedback/{token} route, no FEEDBACK_* variables, and verdicts carry `feedbackUrl: null`;
 *                             default true
 * - projectRoutes             per-project destinations: JSON {"<project>": {"chat": {"slackWorkspaceId","slackChannelId"} and/or
 *                             {"teamsTenantId","teamsTeamId","teamsChannelId"}, "pagerDuty": true}}; each gets its own
 *                             subscription with the filter policy {"project":["<project>"],"audience":["user"]} (a project's
 *                             PagerDuty has its own routing-key secret); at most 20 projects; default none
 * - suspectNodes              `false`: no node-failure table and no NODE_FAILURE_TABLE, so the worker never remembers failures
 *                             per node, names no suspect node and sends no node_suspect notice; default true (DESIGN §4.8)
 * - alertLabelMap             which alert labels carry the identifiers: JSON overrides of the default label map, e.g.
 *                             {"clusterId":["runai_cluster"]} (keys clusterId, workloadId, workloadName, project, namespace:
 *                             label-name lists; namespacePrefix: string); given to the intake as ALERT_LABEL_MAP
 * - stackName                 CloudFormation stack name; default RunaiDiagnose
 */
import * as z from 'zod';
import { DEFAULT_STORM_THRESHOLD, DEFAULT_STORM_WINDOW_SECONDS } from '../functions/delivery/StormWindow.js';
import { LabelMapJsonSchema, type LabelMap } from '../functions/intake/LabelMap.js';
import { PAGERDUTY_EVENTS_URL } from '../functions/pagerduty/PagerDutyEvent.js';
import { PAGER_FILTER_PRESETS, PagerFilterSchema, type FilterPolicy } from './pagerFilterPolicy.js';

/** The retention periods CloudWatch Logs accepts (RetentionDays). */
export const LOG_RETENTION_DAYS = [1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653] as const;

const CLUSTER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const httpsUrl = (what: string) =>
  z.string().refine(
    (value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      // Credentials would sit in the template; a query or fragment is dropped when paths are appended.
      return url.protocol === 'https:' && !url.username && !url.password && (what === 'pager' || (!url.search && !url.hash));
    },
    what === 'pager' ? 'must be an https URL without user:password' : 'must be an https URL without credentials, query or fragment',
  );

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

/** The pagerUrl subscription sends SNS envelopes; PagerDuty's endpoints expect its own event formats and drop them. */
const PAGERDUTY_HOST = /(^|\.)pagerduty\.com$/i;

const pagerDuty = z.unknown().transform((value, context): { eventsUrl: string } | false => {
  if (value === true || value === 'true') return { eventsUrl: PAGERDUTY_EVENTS_URL };
  if (value === false || value === 'false') return false;
  if (typeof value === 'string' && URL.canParse(value)) {
    const url = new URL(value);
    if (url.protocol === 'https:' && !url.username && !url.password) return { eventsUrl: url.toString() };
  }
  context.addIssue({ code: 'custom', message: 'must be true, false, or the https URL of a PagerDuty Events API v2 endpoint' });
  return z.NEVER;
});

const SlackSchema = z.strictObject({
  slackWorkspaceId: z.string().regex(/^[0-9A-Z]{1,255}$/, 'must be the Slack workspace (team) id, e.g. T07ABCDEF12'),
  slackChannelId: z.string().regex(/^[A-Za-z0-9]+$/, 'must be the Slack channel id, e.g. C07ABCDEF12'),
});
const TeamsSchema = z.strictObject({
  teamsTenantId: z.uuid('must be the Microsoft Entra tenant id (a UUID)'),
  teamsTeamId: z.uuid('must be the Microsoft Teams team id (a UUID)'),
  teamsChannelId: z.string().regex(/%3a.+%40/i, 'must be the URL-encoded channel id from the channel link, e.g. 19%3Aabc%40thread.tacv2'),
});

export interface ChatConfig {
  slack?: { workspaceId: string; channelId: string };
  teams?: { tenantId: string; teamId: string; channelId: string };
}

const chat = z.unknown().transform((value, context): ChatConfig | false => {
  if (value === true || value === 'true') return {};
  if (value === false || value === 'false') return false;
  let object: unknown = value;
  if (typeof value === 'string') {
    try {
      object = JSON.parse(value);
    } catch {
      object = undefined;
    }
  }
  if (object === null || typeof object !== 'object' || Array.isArray(object)) {
    context.addIssue({
      code: 'custom',
      message: 'must be true, or a JSON object {"slackWorkspaceId","slackChannelId"} and/or {"teamsTenantId","teamsTeamId","teamsChannelId"}',
    });
    return z.NEVER;
  }
  const fields = object as Record<string, unknown>;
  const slackKeys = Object.keys(fields).filter((key) => key.startsWith('slack'));
  const teamsKeys = Object.keys(fields).filter((key) => key.startsWith('teams'));
  const unknownKeys = Object.keys(fields).filter((key) => !key.startsWith('slack') && !key.startsWith('teams'));
  if (unknownKeys.length > 0 || (slackKeys.length === 0 && teamsKeys.length === 0)) {
    context.addIssue({
      code: 'custom',
      message: `has ${unknownKeys.length ? `unknown keys ${unknownKeys.join(', ')}` : 'no channel'}: use slackWorkspaceId and slackChannelId, and/or teamsTenantId, teamsTeamId and teamsChannelId`,
    });
    return z.NEVER;
  }
  const result: ChatConfig = {};
  const pick = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, fields[key]]));
  if (slackKeys.length > 0) {
    const slack = SlackSchema.safeParse(pick(slackKeys.concat(['slackWorkspaceId', 'slackChannelId'].filter((key) => !slackKeys.includes(key)))));
    if (!slack.success) {
      for (const issue of slack.error.issues)
        context.addIssue({
          code: 'custom',
          message: `${issue.path.join('.') || 'slack'} ${fields[String(issue.path[0])] === undefined ? 'is missing' : issue.message}`,
        });
      return z.NEVER;
    }
    result.slack = { workspaceId: slack.data.slackWorkspaceId, channelId: slack.data.slackChannelId };
  }
  if (teamsKeys.length > 0) {
    const teams = TeamsSchema.safeParse(pick(teamsKeys.concat(['teamsTenantId', 'teamsTeamId', 'teamsChannelId'].filter((key) => !teamsKeys.includes(key)))));
    if (!teams.success) {
      for (const issue of teams.error.issues)
        context.addIssue({
          code: 'custom',
          message: `${issue.path.join('.') || 'teams'} ${fields[String(issue.path[0])] === undefined ? 'is missing' : issue.message}`,
        });
      return z.NEVER;
    }
    result.teams = { tenantId: teams.data.teamsTenantId, teamId: teams.data.teamsTeamId, channelId: teams.data.teamsChannelId };
  }
  return result;
});

/** A Run:ai project name as notifications carry it (the `project` attribute). */
const PROJECT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;
/** Each route is a forwarder (and a secret, a channel): bounded, so a typo cannot create hundreds. */
const MAX_PROJECT_ROUTES = 20;

export interface ProjectRoute {
  chat?: ChatConfig;
  pagerDuty?: true;
}

const projectRoutes = z.unknown().transform((value, context): Record<string, ProjectRoute> => {
  let object: unknown = value;
  if (typeof value === 'string') {
    try {
      object = JSON.parse(value);
    } catch {
      object = undefined;
    }
  }
  if (object === null || typeof object !== 'object' || Array.isArray(object)) {
    context.addIssue({ code: 'custom', message: 'must be a JSON object {"<project>": {"chat": {…}, "pagerDuty": true}}' });
    return z.NEVER;
  }
  const entries = Object.entries(object as Record<string, unknown>);
  if (entries.length > MAX_PROJECT_ROUTES) {
    context.addIssue({ code: 'custom', message: `must name at most ${MAX_PROJECT_ROUTES} projects` });
    return z.NEVER;
  }
  const routes: Record<string, ProjectRoute> = {};
  for (const [project, raw] of entries) {
    if (!PROJECT_NAME.test(project)) {
      context.addIssue({ code: 'custom', message: `key ${JSON.stringify(project.slice(0, 64))} must be a project name (letters, digits, . _ -; up to 63)` });
      continue;
    }
    const fields = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
    const unknownKeys = fields ? Object.keys(fields).filter((key) => key !== 'chat' && key !== 'pagerDuty') : [];
    if (!fields || unknownKeys.length > 0 || (fields.chat === undefined && fields.pagerDuty === undefined)) {
      context.addIssue({
        code: 'custom',
        message: `${project} must be {"chat": {…}} and/or {"pagerDuty": true}${unknownKeys.length ? ` (unknown keys ${unknownKeys.join(', ')})` : ''}`,
      });
      continue;
    }
    const route: ProjectRoute = {};
    if (fields.pagerDuty !== undefined) {
      if (fields.pagerDuty !== true && fields.pagerDuty !== 'true') context.addIssue({ code: 'custom', message: `${project}.pagerDuty must be true` });
      else route.pagerDuty = true;
    }
    if (fields.chat !== undefined) {
      const parsed = chat.safeParse(fields.chat);
      if (!parsed.success) for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: `${project}.chat ${issue.message}` });
      else if (!parsed.data || (!parsed.data.slack && !parsed.data.teams))
        context.addIssue({ code: 'custom', message: `${project}.chat must name a Slack or Teams channel` });
      else route.chat = parsed.data;
    }
    routes[project] = route;
  }
  return routes;
});

const stackName = z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,127}$/, 'must be a CloudFormation stack name (letters, digits, hyphens; starts with a letter)');

export const DeployContextSchema = z.object({
  runaiBaseUrl: httpsUrl('runai'),
  clusterIds: clusterIds.default([]),
  pollRate: pollRate.default(5),
  alertEmail: email.optional(),
  opsEmail: email.optional(),
  pagerDuty: pagerDuty.optional(),
  chat: chat.optional(),
  pagerUrl: httpsUrl('pager')
    .refine(
      (value) => !PAGERDUTY_HOST.test(new URL(value).hostname),
      'points at PagerDuty, which drops the verdict messages SNS would send it: use -c pagerDuty=true (a forwarder to the Events API v2)',
    )
    .optional(),
  pagerFilter: PagerFilterSchema.optional(),
  allowNoSubscribers: flag.optional(),
  diagnoseMaxConcurrency: integer(2, 50).default(2),
  stormThreshold: integer(1, 10_000).default(DEFAULT_STORM_THRESHOLD),
  // The flush is an SQS delay (at most 900 s) sent while the window is open.
  stormWindowSeconds: integer(5, 840).default(DEFAULT_STORM_WINDOW_SECONDS),
  logRetentionDays: z.coerce
    .number({ error: 'must be a number of days' })
    .refine((days) => (LOG_RETENTION_DAYS as readonly number[]).includes(days), `must be one of ${LOG_RETENTION_DAYS.join(', ')}`)
    .default(30),
  locale: z.enum(['en', 'fr'], 'must be en or fr').default('en'),
  tier2: flag.optional(),
  feedback: flag.optional(),
  suspectNodes: flag.optional(),
  projectRoutes: projectRoutes.optional(),
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
  /** The PagerDuty forwarder, and the Events API endpoint it sends to. */
  pagerDuty?: { eventsUrl: string };
  /** The chat topic, and the channel configurations to create (none: the topic alone). */
  chat?: ChatConfig;
  /** null: the pager receives everything. */
  pagerFilter: FilterPolicy | null;
  allowNoSubscribers: boolean;
  diagnoseMaxConcurrency: number;
  stormThreshold: number;
  stormWindowSeconds: number;
  logRetentionDays: number;
  locale: 'en' | 'fr';
  /** Create the Tier 2 configuration secret and give the worker TIER2_SECRET_ID. */
  tier2: boolean;
  /** The "Was this right?" loop (§4.10): answers table, signing-key secret, /feedback/{token} route, links in verdicts. */
  feedback: boolean;
  /** Create the node-failure table and give the worker NODE_FAILURE_TABLE (suspect nodes, §4.8). */
  suspectNodes: boolean;
  /** Per-project chat channels and PagerDuty services (infra/ProjectRoutes.ts); absent: none. */
  projectRoutes?: Record<string, ProjectRoute>;
  /** ALERT_LABEL_MAP for the intake; absent: the default label map. */
  alertLabelMap?: Partial<LabelMap>;
  stackName: string;
}

export class DeployConfigError extends Error {
  override readonly name = 'DeployConfigError';
}

// Empty means unset: `-c alertEmail=` and cdk.json placeholders produce "".
const unsetIfEmpty = (value: unknown): unknown => (value === '' || value === null ? undefined : value);

/**
 * No silent deploy: a stack whose verdicts or alarms reach no person looks healthy and
 * tells nobody anything. Each problem names the context keys that would fix it.
 */
function subscriberProblems(data: z.output<typeof DeployContextSchema>): string[] {
  const problems: string[] = [];
  const paging = data.pagerDuty || data.pagerUrl !== undefined;
  if (data.pagerFilter !== undefined && !paging) {
    problems.push('pagerFilter is set but neither pagerDuty nor pagerUrl is (the filter applies to the pager subscriptions)');
  }
  if (data.allowNoSubscribers) return problems;
  if (data.alertEmail === undefined && !paging && !data.chat) {
    problems.push(
      'no one would receive the verdicts: set at least one of alertEmail (email), pagerDuty (PagerDuty Events API v2), chat (Slack, Microsoft Teams, Chime) or pagerUrl (an https consumer), or -c allowNoSubscribers=true to deploy without',
    );
  }
  if ((data.opsEmail ?? data.alertEmail) === undefined && !data.chat) {
    problems.push(
      'no one would receive the alarms (dead letters, failures): set opsEmail (or alertEmail) or chat, or -c allowNoSubscribers=true to deploy without',
    );
  }
  return problems;
}

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
  if (parsed.success) problems.push(...subscriberProblems(parsed.data));
  if (!parsed.success || problems.length > 0) throw new DeployConfigError(`invalid deploy configuration: ${problems.join('; ')}`);
  const data = parsed.data;
  return {
    runaiBaseUrl: data.runaiBaseUrl.replace(/\/+$/, ''),
    clusterIds: data.clusterIds,
    pollRateMinutes: data.pollRate,
    ...(data.alertEmail !== undefined ? { alertEmail: data.alertEmail } : {}),
    ...((data.opsEmail ?? data.alertEmail) !== undefined ? { opsEmail: data.opsEmail ?? data.alertEmail } : {}),
    ...(data.pagerUrl !== undefined ? { pagerUrl: data.pagerUrl } : {}),
    ...(data.pagerDuty ? { pagerDuty: data.pagerDuty } : {}),
    ...(data.chat ? { chat: data.chat } : {}),
    allowNoSubscribers: data.allowNoSubscribers ?? false,
    pagerFilter: data.pagerFilter === undefined ? PAGER_FILTER_PRESETS['node-failure-or-recurring'] : data.pagerFilter,
    diagnoseMaxConcurrency: data.diagnoseMaxConcurrency,
    stormThreshold: data.stormThreshold,
    stormWindowSeconds: data.stormWindowSeconds,
    logRetentionDays: data.logRetentionDays,
    locale: data.locale,
    tier2: data.tier2 ?? false,
    feedback: data.feedback ?? true,
    suspectNodes: data.suspectNodes ?? true,
    ...(data.projectRoutes !== undefined && Object.keys(data.projectRoutes).length > 0 ? { projectRoutes: data.projectRoutes } : {}),
    ...(data.alertLabelMap !== undefined ? { alertLabelMap: data.alertLabelMap } : {}),
    stackName: data.stackName,
  };
}
