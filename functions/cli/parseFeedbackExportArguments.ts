/**
 * `runai-diagnose feedback export <dir>` (§4.10, docs/operate.md "From wrong answers to
 * tests"): where the answers come from — the DynamoDB table (`--table`, AWS credentials from
 * the usual chain, `--region`) or a local-mode server (`--from <url>`, its webhook token in
 * WEBHOOK_TOKEN) — and where the raw recordings are (`--recordings`, default RECORD_DIR: a
 * folder, or an `s3://bucket/prefix` the folders were synced to). A usage error is one line, exit 2.
 */
import { parseArgs } from 'node:util';
import * as z from 'zod';
import { UsageError } from './parseCliArguments.js';

export const FEEDBACK_EXPORT_USAGE = `usage: runai-diagnose feedback export <dir> (--table <name> [--region <r>] | --from <url>) [--recordings <dir>|s3://bucket/prefix]

Writes one scenario folder per "wrong" answer whose diagnosis was recorded (RECORD_DIR, not anonymized),
anonymized, with the user's category as the expectation TO REVIEW (docs/operate.md).
  --table <name>      the answers table (stack output FeedbackTableName); AWS credentials from the environment,
                      profile or role as for the AWS CLI; --region or AWS_REGION
  --from <url>        a local-mode server (npm start), e.g. http://127.0.0.1:8787; its webhook token in WEBHOOK_TOKEN
  --recordings <dir>  the folder of recordings (default: RECORD_DIR), or s3://bucket/prefix holding RECORD_DIR
                      folders synced there (AWS credentials and --region as for --table)
Exit codes: 0 done (even when nothing matched); 2 usage error; 3 the answers could not be read.`;

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. http://127.0.0.1:8787' });

const FeedbackExportOptionsSchema = z.strictObject({
  dir: z.string().trim().min(1, 'give the folder to write the scenarios into'),
  table: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{3,255}$/, 'must be a DynamoDB table name')
    .optional(),
  region: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region, e.g. eu-west-1')
    .optional(),
  from: httpUrl.optional(),
  recordings: z.string().trim().min(1).optional(),
});
export type FeedbackExportOptions = z.infer<typeof FeedbackExportOptionsSchema> & { recordings: string };

const FLAGS: Record<string, string> = { dir: '<dir>', table: '--table', region: '--region', from: '--from', recordings: '--recordings' };

/** `argv` after `feedback export`; `recordDir` is RECORD_DIR from the environment. */
export function parseFeedbackExportArguments(argv: readonly string[], recordDir: string | undefined): FeedbackExportOptions | { help: true } {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: {
        table: { type: 'string' },
        region: { type: 'string' },
        from: { type: 'string' },
        recordings: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(`feedback export: ${(error as Error).message.split('\n')[0] ?? 'invalid arguments'}`);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help) return { help: true };
  if (parsed.positionals.length !== 1) throw new UsageError('feedback export: give exactly one folder to write into (feedback export <dir>)');
  const result = FeedbackExportOptionsSchema.safeParse({
    dir: parsed.positionals[0],
    table: values.table,
    region: values.region,
    from: values.from,
    recordings: values.recordings ?? (recordDir?.trim() || undefined),
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    const key = String(issue?.path[0] ?? '');
    throw new UsageError(`feedback export: ${FLAGS[key] ?? key}: ${issue?.message ?? 'invalid value'}`);
  }
  const options = result.data;
  if ((options.table === undefined) === (options.from === undefined)) {
    throw new UsageError('feedback export: read the answers from one place: --table <name> (AWS) or --from <url> (local mode)');
  }
  if (options.region !== undefined && options.table === undefined && !options.recordings?.startsWith('s3://')) {
    throw new UsageError('feedback export: --region applies to AWS: --table, or --recordings s3://…');
  }
  if (options.recordings === undefined) throw new UsageError('feedback export: name the recordings folder: --recordings <dir> or RECORD_DIR');
  return { ...options, recordings: options.recordings };
}
