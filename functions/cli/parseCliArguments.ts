/**
 * The CLI contract of docs/cli-and-verdict.md, parsed once with node:util and validated with zod.
 * A usage error is one clear line (exit 2): an unknown flag, a bad value, or identifiers the
 * person at the terminal must give — a cluster id, and a workload id or a name with its
 * project — absent or not shaped like Run:ai's UUIDs. What only Run:ai can tell (no such
 * workload, no run of that name) stays a `needs_input` verdict.
 */
import { parseArgs } from 'node:util';
import * as z from 'zod';
import { IntentSchema, LookbackSchema } from '../core/diagnosisRequest.js';
import { ConfigError } from '../core/ConfigError.js';

export const USAGE = `usage: runai-diagnose --cluster-id <uuid> (--workload-id <uuid> | --workload-name <n> --project <p>)
                      [--intent terminal|active] [--lookback 7d] [--format text|json] [--locale en|fr]
                      [--tier2-config <file>] [--record <dir> [--anonymize] [--force]]
       runai-diagnose --example [scenario] [--format text|json] [--locale en|fr]   (built-in simulator, bundled fixtures)
       runai-diagnose --replay <dir> [--format text|json] [--locale en|fr]          (a recording, no network)
       runai-diagnose --list-examples
       runai-diagnose feedback export <dir> (--table <name> | --from <url>) [--recordings <dir>]   (docs/operate.md)

Recording:   --record <dir> also writes what the diagnosis read (redacted; timestamps relative) and its verdict
             as a scenario folder (docs/recording.md); --anonymize replaces names and ids with pseudonyms.
             The folder must be new or empty (--force replaces a non-empty one); a symbolic link is refused.

Environment: RUNAI_BASE_URL, RUNAI_CLIENT_ID, RUNAI_CLIENT_SECRET (required unless --example);
             RUNAI_GRANT_TYPE=client_credentials|app_token (default client_credentials; app_token sends
             RUNAI_CLIENT_ID/SECRET as AppId/AppSecret); RUNAI_REQUEST_TIMEOUT_MS (default 10000).
Tier 2:      --tier2-config <file> or RUNAI_DIAGNOSE_TIER2_CONFIG: optional read-only Kubernetes access per
             cluster id ({"clusters":{"<clusterId>":{"server","token"|"tokenFile","caFile"?}}}); no kubeconfig is read.
Exit codes: 0 a verdict was produced (any outcome); 2 usage error; 3 Run:ai unreachable or authentication refused.`;

/** Run:ai cluster and workload ids are UUIDs; any version is accepted (the API does not promise one). */
const runaiId = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID (8-4-4-4-12 hexadecimal digits)');

const CliOptionsSchema = z.strictObject({
  clusterId: runaiId.optional(),
  workloadId: runaiId.optional(),
  workloadName: z.string().trim().min(1).optional(),
  project: z.string().trim().min(1).optional(),
  intent: IntentSchema.optional(),
  lookback: LookbackSchema.optional(),
  format: z.enum(['text', 'json']).default('text'),
  locale: z.enum(['en', 'fr']).default('en'),
  example: z.string().optional(),
  tier2Config: z.string().trim().min(1).optional(),
  record: z.string().trim().min(1).optional(),
  anonymize: z.boolean().default(false),
  force: z.boolean().default(false),
  replay: z.string().trim().min(1).optional(),
  listExamples: z.boolean().default(false),
  verbose: z.boolean().default(false),
  help: z.boolean().default(false),
});
export type CliOptions = z.infer<typeof CliOptionsSchema>;

export class UsageError extends ConfigError {
  override readonly name = 'UsageError';
  readonly code = 'CLI_USAGE';
}

const FLAG_NAMES: Record<string, string> = {
  clusterId: '--cluster-id',
  workloadId: '--workload-id',
  workloadName: '--workload-name',
  project: '--project',
  intent: '--intent',
  lookback: '--lookback',
  format: '--format',
  locale: '--locale',
  tier2Config: '--tier2-config',
  record: '--record',
  replay: '--replay',
};

export function parseCliArguments(argv: readonly string[]): CliOptions {
  let parsed: ReturnType<typeof parseArgs>;
  // `--example` takes an optional scenario name: give it the default when it is last or followed by a flag.
  const args = argv.flatMap((arg, index) => (arg === '--example' && (index === argv.length - 1 || argv[index + 1]?.startsWith('--')) ? [arg, ''] : [arg]));
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        'cluster-id': { type: 'string' },
        'workload-id': { type: 'string' },
        'workload-name': { type: 'string' },
        project: { type: 'string' },
        intent: { type: 'string' },
        lookback: { type: 'string' },
        format: { type: 'string' },
        locale: { type: 'string' },
        example: { type: 'string' },
        'tier2-config': { type: 'string' },
        record: { type: 'string' },
        anonymize: { type: 'boolean' },
        force: { type: 'boolean' },
        replay: { type: 'string' },
        'list-examples': { type: 'boolean' },
        verbose: { type: 'boolean', short: 'v' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0] ?? 'invalid arguments');
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const result = CliOptionsSchema.safeParse({
    clusterId: values['cluster-id'],
    workloadId: values['workload-id'],
    workloadName: values['workload-name'],
    project: values.project,
    intent: values.intent,
    lookback: values.lookback,
    format: values.format,
    locale: values.locale,
    example: values.example,
    tier2Config: values['tier2-config'],
    record: values.record,
    anonymize: values.anonymize,
    force: values.force,
    replay: values.replay,
    listExamples: values['list-examples'],
    verbose: values.verbose,
    help: values.help,
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    const key = String(issue?.path[0] ?? '');
    throw new UsageError(`${FLAG_NAMES[key] ?? key}: ${issue?.message ?? 'invalid value'}`);
  }
  const options = result.data;
  // These modes name their own workload (a bundled example, a recording) or none at all.
  const asksForAWorkload = !options.help && !options.listExamples && options.example === undefined && options.replay === undefined;
  if (asksForAWorkload && !options.clusterId) throw new UsageError('--cluster-id <uuid> is required (the cluster is never inferred)');
  if (asksForAWorkload && !options.workloadId && !(options.workloadName && options.project)) {
    throw new UsageError(
      options.workloadName || options.project
        ? '--workload-name and --project go together: give both'
        : 'name the workload: --workload-id <uuid>, or --workload-name <n> with --project <p>',
    );
  }
  if (result.data.workloadId && (result.data.workloadName || result.data.project)) {
    throw new UsageError('give either --workload-id or --workload-name with --project, not both');
  }
  if (result.data.anonymize && !result.data.record) throw new UsageError('--anonymize applies to --record <dir>');
  if (result.data.force && !result.data.record) throw new UsageError('--force applies to --record <dir>');
  if (
    result.data.replay &&
    (result.data.example !== undefined || result.data.workloadId || result.data.workloadName || result.data.project || result.data.clusterId)
  ) {
    throw new UsageError('--replay diagnoses the recorded request: give no --example, --cluster-id or workload flags with it');
  }
  return result.data;
}
