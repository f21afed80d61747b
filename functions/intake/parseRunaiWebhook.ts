/**
 * `POST /webhooks/runai` body → one QueuedDiagnosis. The plain webhook a script, a Run:ai
 * email-to-webhook bridge or a chat command can call: `{clusterId, workloadId?,
 * workloadName?, project?, intent?, lookback?}`. Pure and total, like the Alertmanager parser.
 * Unlike the diagnosis itself (which answers `needs_input`), the webhook rejects a request
 * without identifiers: the caller is a program that can be fixed, and nobody reads a
 * `needs_input` verdict for a typo in a curl command.
 */
import * as z from 'zod'; // not `{ z }`, which makes esbuild bundle all of zod (npm run bench, bundles)
import { IntentSchema, LookbackSchema } from '../core/diagnosisRequest.js';
import type { QueuedDiagnosis } from '../core/queuedDiagnosis.js';
import { diagnosisDedupeKey } from './diagnosisDedupeKey.js';
import { formatValidationError } from './formatValidationError.js';
import { identifierSchema } from './validateIdentifier.js';

// JSON senders often write `null` for "not set": treat it as absent.
const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);

export const RunaiWebhookSchema = z
  .object(
    {
      clusterId: identifierSchema('clusterId'),
      workloadId: optional(identifierSchema('workloadId')),
      workloadName: optional(identifierSchema('workloadName')),
      project: optional(identifierSchema('project')),
      intent: optional(IntentSchema),
      lookback: optional(LookbackSchema),
    },
    { error: 'expected a JSON object {clusterId, workloadId? | workloadName+project, intent?, lookback?}' },
  )
  .superRefine((body, ctx) => {
    if (body.workloadId !== undefined) return;
    if (body.workloadName !== undefined && body.project === undefined) {
      ctx.addIssue({ code: 'custom', path: ['project'], message: 'required with workloadName' });
    } else if (body.workloadName === undefined) {
      ctx.addIssue({ code: 'custom', path: ['workloadId'], message: 'required: give workloadId, or workloadName and project' });
    }
  });

export type RunaiWebhookParseResult = { ok: true; message: QueuedDiagnosis } | { ok: false; error: string };

export function parseRunaiWebhook(body: unknown, options: { receivedAt: Date }): RunaiWebhookParseResult {
  const parsed = RunaiWebhookSchema.safeParse(body);
  if (!parsed.success) return { ok: false, error: `invalid Run:ai webhook: ${formatValidationError(parsed.error)}` };
  const { clusterId, workloadId, workloadName, project, intent, lookback } = parsed.data;
  const request: QueuedDiagnosis['request'] = { clusterId };
  if (workloadId !== undefined) request.workloadId = workloadId;
  if (workloadName !== undefined) request.workloadName = workloadName;
  if (project !== undefined) request.project = project;
  // A Run:ai failure notification is about a finished run unless the caller says otherwise.
  request.intent = intent ?? 'terminal';
  if (lookback !== undefined) request.lookback = lookback;
  return {
    ok: true,
    message: {
      v: 1,
      request,
      source: 'runai-webhook',
      receivedAt: options.receivedAt.toISOString(),
      dedupeKey: diagnosisDedupeKey({ clusterId, workloadId, workloadName, project }),
    },
  };
}
