/**
 * Alertmanager webhook payload, version 4 (Prometheus Alertmanager `webhook_config`).
 * Only the fields the intake reads are declared; unknown fields are ignored (z.object
 * strips them), so newer Alertmanagers and Grafana's superset of this format still parse.
 *
 * Alerts are validated one by one (AlertSchema) rather than inside the payload schema: one
 * malformed alert is skipped with its reason instead of rejecting its whole group, since a
 * 400 makes Alertmanager drop every alert of the notification.
 */
import * as z from 'zod'; // not `{ z }`, which makes esbuild bundle all of zod (npm run bench, bundles)

export const SUPPORTED_VERSION = '4';

function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (typeof value === 'string') return JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

/** Label names → values. Alertmanager always sends strings; anything else is garbage. */
export const LabelSetSchema = z.record(z.string(), z.string());

export const AlertSchema = z.object({
  status: z.string().optional(),
  labels: LabelSetSchema.optional(),
  // Annotations are free text used only for intent hints: non-string values are ignored, not fatal.
  annotations: z.record(z.string(), z.unknown()).optional(),
  startsAt: z.string().optional(),
  fingerprint: z.string().optional(),
});
export type Alert = z.infer<typeof AlertSchema>;

export const AlertmanagerPayloadSchema = z.object(
  {
    version: z.literal(SUPPORTED_VERSION, {
      error: (issue) =>
        `unsupported Alertmanager webhook version (${describeValue(issue.input)}): this endpoint accepts version "${SUPPORTED_VERSION}" payloads`,
    }),
    alerts: z.array(z.unknown(), { error: (issue) => `expected an array of alerts, got ${describeValue(issue.input)}` }),
    // The group status is only a fallback for an alert without its own status.
    status: z.string().optional().catch(undefined),
    commonLabels: LabelSetSchema.optional(),
    truncatedAlerts: z.number().optional().catch(undefined),
  },
  { error: (issue) => `expected a JSON object (an Alertmanager webhook payload), got ${describeValue(issue.input)}` },
);
