/**
 * Alertmanager v4 webhook body → one QueuedDiagnosis per distinct firing workload, plus
 * what was not turned into a request: a count per reason code and the first few skipped
 * alerts with their reasons. Pure and total: any input gives either `ok: true` or
 * `ok: false` with a readable 400 message, never a throw.
 *
 * Skips are counted, not listed one by one: a 1 MiB body holds ~350,000 empty alerts, and
 * one reason each made a 40–70 MB answer — past Lambda's 6 MB response limit, so API
 * Gateway answered 5xx and Alertmanager resent the same body forever.
 */
import type { QueuedDiagnosis } from '../core/queuedDiagnosis.js';
import { AlertSchema, AlertmanagerPayloadSchema } from './AlertmanagerPayloadSchema.js';
import { diagnosisDedupeKey } from './diagnosisDedupeKey.js';
import { extractWorkloadIdentifiers } from './extractWorkloadIdentifiers.js';
import { formatValidationError } from './formatValidationError.js';
import { inferAlertIntent } from './inferAlertIntent.js';
import { resolveLabelMap, type LabelMap } from './LabelMap.js';
import { readPlainAlert } from './readPlainAlert.js';
import { identifierProblem } from './validateIdentifier.js';

/** Why an alert started no diagnosis: stable codes, counted in the 202 answer and in logs. */
export type SkipCode = 'invalid_alert' | 'not_firing' | 'invalid_identifier' | 'missing_identifier' | 'duplicate';

export interface SkippedAlert {
  /** Position in the payload's `alerts` array. */
  index: number;
  fingerprint?: string;
  alertname?: string;
  code: SkipCode;
  reason: string;
}

/** How many skipped alerts are listed with their reasons; the rest are only counted. */
export const DEFAULT_LISTED_SKIPS = 20;

export interface AlertmanagerParseOptions {
  receivedAt: Date;
  /** `?clusterId=` of the receiver URL: the cluster of alerts that carry no cluster label. */
  clusterIdFallback?: string | undefined;
  labelMap?: Partial<LabelMap> | undefined;
  /** Default DEFAULT_LISTED_SKIPS. */
  listedSkips?: number;
}

export interface AlertmanagerParsed {
  ok: true;
  accepted: QueuedDiagnosis[];
  /** The first `listedSkips` skipped alerts, in payload order. */
  skipped: SkippedAlert[];
  skippedCount: number;
  /** Every skipped alert counted under its code; codes with no skip are absent. */
  skippedByReason: Partial<Record<SkipCode, number>>;
  truncatedAlerts: number;
}

export type AlertmanagerParseResult = AlertmanagerParsed | { ok: false; error: string };

type AlertContext = NonNullable<QueuedDiagnosis['alert']>;

// Alert context travels in the SQS body and back in the response: keep it to safe, short
// strings (SQS rejects U+FFFE/U+FFFF, and a label can hold anything).
const FINGERPRINT = /^[A-Za-z0-9]{1,64}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T[\d:.]{1,24}(?:Z|[+-]\d{2}:\d{2})$/;
const UNSAFE_CHARS = /[\u0000-\u001f\u007f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function alertContext(fingerprint: string | undefined, alertname: string | undefined, startsAt: string | undefined): AlertContext {
  const context: AlertContext = {};
  if (fingerprint !== undefined && FINGERPRINT.test(fingerprint)) context.fingerprint = fingerprint;
  if (alertname !== undefined) {
    const clean = alertname.slice(0, 200).replace(UNSAFE_CHARS, '');
    if (clean !== '') context.alertname = clean;
  }
  if (startsAt !== undefined && TIMESTAMP.test(startsAt)) context.startsAt = startsAt;
  return context;
}

function skippedEntry(index: number, context: AlertContext, code: SkipCode, reason: string): SkippedAlert {
  return {
    index,
    ...(context.fingerprint !== undefined ? { fingerprint: context.fingerprint } : {}),
    ...(context.alertname !== undefined ? { alertname: context.alertname } : {}),
    code,
    reason,
  };
}

/** Counts every skip; keeps the first `listed` in full. The reason text is built only for those. */
function createSkipTally(listed: number): {
  skip(code: SkipCode, entry: () => SkippedAlert): void;
  result(): Pick<AlertmanagerParsed, 'skipped' | 'skippedCount' | 'skippedByReason'>;
} {
  const skipped: SkippedAlert[] = [];
  const skippedByReason: Partial<Record<SkipCode, number>> = {};
  let skippedCount = 0;
  return {
    skip(code, entry) {
      skippedCount++;
      skippedByReason[code] = (skippedByReason[code] ?? 0) + 1;
      if (skipped.length < listed) skipped.push(entry());
    },
    result: () => ({ skipped, skippedCount, skippedByReason }),
  };
}

export function parseAlertmanagerPayload(body: unknown, options: AlertmanagerParseOptions): AlertmanagerParseResult {
  const fallback = options.clusterIdFallback?.trim() || undefined;
  if (fallback !== undefined) {
    // A bad receiver URL is a configuration mistake: fail loudly (400) rather than skip every alert quietly.
    const problem = identifierProblem('clusterId', fallback);
    if (problem) return { ok: false, error: `query clusterId: ${problem}` };
  }
  const payload = AlertmanagerPayloadSchema.safeParse(body);
  if (!payload.success) return { ok: false, error: `invalid Alertmanager payload: ${formatValidationError(payload.error)}` };

  const map = resolveLabelMap(options.labelMap);
  const receivedAt = options.receivedAt.toISOString();
  const common = payload.data.commonLabels ?? {};
  const accepted: QueuedDiagnosis[] = [];
  const tally = createSkipTally(Math.max(0, options.listedSkips ?? DEFAULT_LISTED_SKIPS));
  const firstByKey = new Map<string, { index: number; message: QueuedDiagnosis }>();

  payload.data.alerts.forEach((raw, index) => {
    // The common case skips zod (readPlainAlert); zod still accepts or explains the rest.
    const plain = readPlainAlert(raw);
    const alert = plain ? { success: true as const, data: plain } : AlertSchema.safeParse(raw);
    if (!alert.success) {
      const { error } = alert;
      tally.skip('invalid_alert', () => ({ index, code: 'invalid_alert', reason: `invalid alert: ${formatValidationError(error, 2)}` }));
      return;
    }
    // Alert labels override the group's common labels. No prototype: label names are
    // looked up by name from configuration, and `constructor` must not resolve to Object.
    const labels: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, common, alert.data.labels);
    const context = alertContext(alert.data.fingerprint, labels['alertname'], alert.data.startsAt);

    const status = alert.data.status ?? payload.data.status;
    if (status !== 'firing') {
      const what = status === 'resolved' ? 'resolved alert' : `alert status ${JSON.stringify(String(status).slice(0, 20))}`;
      tally.skip('not_firing', () => skippedEntry(index, context, 'not_firing', `${what}: only firing alerts start a diagnosis`));
      return;
    }

    const identifiers = extractWorkloadIdentifiers(labels, map, fallback);
    if (!identifiers.ok) {
      const { code, reason } = identifiers;
      tally.skip(code, () => skippedEntry(index, context, code, reason));
      return;
    }
    const intent = inferAlertIntent(labels, alert.data.annotations);
    const dedupeKey = diagnosisDedupeKey(identifiers.ids);

    const first = firstByKey.get(dedupeKey);
    if (first) {
      // One live symptom is enough: the workload is still running, so look for it there.
      if (intent === 'active') first.message.request.intent = 'active';
      tally.skip('duplicate', () => skippedEntry(index, context, 'duplicate', `duplicate of alert #${first.index} (${dedupeKey})`));
      return;
    }
    // `ids` is built afresh for this alert: extending it in place saves a copy per alert.
    const request: QueuedDiagnosis['request'] = identifiers.ids;
    request.intent = intent;
    const message: QueuedDiagnosis = {
      v: 1,
      request,
      source: 'alertmanager',
      receivedAt,
      dedupeKey,
    };
    if (Object.keys(context).length > 0) message.alert = context;
    firstByKey.set(dedupeKey, { index, message });
    accepted.push(message);
  });

  return { ok: true, accepted, ...tally.result(), truncatedAlerts: payload.data.truncatedAlerts ?? 0 };
}
