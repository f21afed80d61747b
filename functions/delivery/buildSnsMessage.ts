/**
 * One verdict -> one SNS publish request (docs/intake.md, the SNS message): ASCII subject, json-structured
 * message (text for email/default, verdict JSON for https/sqs/lambda), filterable
 * attributes, and a total that always fits SNS's 256 KiB limit.
 *
 * Shrinking order when too big, each step only if the previous one was not enough:
 * 1. drop evidence items from the end (the engine lists the strongest signals first),
 *    mark the verdict `truncated: true` and say so in the text;
 * 2. cut the text report byte-accurately, keeping as much evidence in the JSON as fits in
 *    half the budget (the JSON is the pager contract, the text is for humans);
 * 3. shorten the verdict itself (shrinkVerdict: only a hostile or huge Run:ai answer gets here),
 *    level by level, with the attributes and the occurrence key held to the same bounds; the
 *    last level is small by construction, so a verdict notification always fits 256 KiB.
 * The category, outcome, audience and the first evidence line survive every step.
 */
import type { Verdict } from '../core/verdict.js';
import type { NotificationWords } from '../report/NotificationWords.js';
import { notificationWordsEn } from '../report/notificationWordsEn.js';
import { fitNotificationText } from './fitNotificationText.js';
import { largestFitting } from './largestFitting.js';
import { boundedKey, CORRELATION_KEY_MAX_CHARS } from './occurrenceKeys.js';
import { capChars, SHRINK_LEVELS, shrinkVerdict } from './shrinkVerdict.js';
import { SNS_MAX_PAYLOAD_BYTES, snsJsonMessage, snsPayloadBytes, type SnsAttributeValue, type SnsNotification } from './SnsNotification.js';
import { toSnsSubject } from './toSnsSubject.js';
import { clusterIdOf, projectOf, recurrenceText, verdictTag, workloadDisplay, type NotificationContext } from './verdictSummary.js';
import { wellFormed } from './wellFormed.js';

export type { NotificationContext } from './verdictSummary.js';

/**
 * The text report, or the renderer that produced it. With the renderer, a verdict whose
 * evidence was cut is rendered again, so the email shows exactly what the JSON carries.
 */
export type TextReport = string | ((verdict: Verdict) => string);

export function verdictSubject(verdict: Verdict, context: NotificationContext = {}, words: NotificationWords = notificationWordsEn): string {
  return toSnsSubject(verdictTag(verdict), workloadDisplay(verdict, context, words), recurrenceText(verdict, words));
}

/** SNS rejects empty attribute values, so every attribute has a value, `unknown` at worst. */
export function verdictAttributes(verdict: Verdict, context: NotificationContext = {}): Record<string, SnsAttributeValue> {
  const string = (value: string): SnsAttributeValue => ({ DataType: 'String', StringValue: wellFormed(value) || 'unknown' });
  return {
    kind: string('verdict'),
    category: string(verdict.outcome === 'diagnosed' ? (verdict.category ?? 'UNKNOWN') : 'NONE'),
    outcome: string(verdict.outcome),
    recurring: string(verdict.recurrence?.recurring === true ? 'true' : 'false'),
    clusterId: string(clusterIdOf(verdict, context) ?? 'unknown'),
    project: string(projectOf(verdict, context) ?? 'unknown'),
    // Who must act (decideAudience): subscription filter policies route user failures to the project and node faults to the platform.
    audience: string(verdict.audience),
  };
}

/** Serialised verdict with every string well-formed (a lone surrogate cannot cross SNS). */
export function verdictJson(verdict: Verdict): string {
  return JSON.stringify(verdict, (_key, value: unknown) => (typeof value === 'string' ? wellFormed(value) : value));
}

export function evidenceMarker(omitted: number, reRendered: boolean): string {
  return reRendered ? `\n[truncated: ${omitted} evidence items omitted]` : `\n[truncated: ${omitted} evidence items omitted from the attached JSON verdict]`;
}

const SHRUNK_MARKER = '\n[truncated: verdict text fields shortened to fit the SNS message size limit]';

export function buildSnsMessage(
  verdict: Verdict,
  textReport: TextReport,
  context: NotificationContext = {},
  maxBytes: number = SNS_MAX_PAYLOAD_BYTES,
  /** The subject's words, in the locale the text report was rendered in. */
  words: NotificationWords = notificationWordsEn,
): SnsNotification {
  const Subject = verdictSubject(verdict, context, words);
  const MessageAttributes = verdictAttributes(verdict, context);
  const keyed = (shown: Verdict, occurrenceKey = context.occurrenceKey): Verdict => ({
    ...shown,
    ...(occurrenceKey ? { occurrenceKey } : {}),
    ...(context.feedbackUrl !== undefined ? { feedbackUrl: context.feedbackUrl } : {}),
  });
  const assemble = (shown: Verdict, text: string, attributes = MessageAttributes, occurrenceKey = context.occurrenceKey): SnsNotification => ({
    Subject,
    Message: snsJsonMessage(wellFormed(text), verdictJson(keyed(shown, occurrenceKey))),
    MessageStructure: 'json',
    MessageAttributes: attributes,
  });
  const fits = (notification: SnsNotification) => snsPayloadBytes(notification) <= maxBytes;
  const reRenders = typeof textReport === 'function';
  // Well-formed before it is measured: the size guard must count the bytes that are sent.
  // The keyed verdict: the text report shows the feedback link the JSON carries.
  const render = (shown: Verdict, occurrenceKey = context.occurrenceKey) =>
    wellFormed(typeof textReport === 'function' ? textReport(keyed(shown, occurrenceKey)) : textReport);

  const total = verdict.evidence.length;
  const keeping = (kept: number): Verdict => (kept === total ? verdict : { ...verdict, evidence: verdict.evidence.slice(0, kept), truncated: true });
  const markerFor = (kept: number) => (kept === total ? '' : evidenceMarker(total - kept, reRenders));
  const whole = (kept: number) => assemble(keeping(kept), render(keeping(kept)) + markerFor(kept));

  // 0: everything (the common case: one serialisation).
  const complete = whole(total);
  if (fits(complete)) return complete;
  // 1: fewer and fewer evidence items, with the full text.
  const kept = largestFitting(0, total - 1, (count) => fits(whole(count)));
  if (kept !== null) return whole(kept);

  // 2: the text must be cut. Keep the evidence that fits in half the budget with no text.
  const half = Math.floor(maxBytes / 2);
  const keptForJson = largestFitting(0, total, (count) => snsPayloadBytes(assemble(keeping(count), '')) <= half) ?? 0;
  const shown = keeping(keptForJson);
  const cut = fitNotificationText((text) => assemble(shown, text), render(shown), markerFor(keptForJson), maxBytes);
  if (cut) return cut;

  // 3: the verdict itself is oversized (a huge message, node name, list...). The attributes
  // repeat the verdict's cluster and project, so they are held to the same bound; the
  // occurrence key to the bound every consumer reads it with (verdictCorrelationKey). The
  // feedback link is left whole: it is ours, its headline already bounded, and a cut link is a wrong one.
  const occurrenceKey = context.occurrenceKey && boundedKey(context.occurrenceKey, CORRELATION_KEY_MAX_CHARS);
  for (const level of SHRINK_LEVELS) {
    const small = shrinkVerdict(verdict, level);
    const attributes = Object.fromEntries(
      Object.entries(MessageAttributes).map(([name, value]) => [name, { ...value, StringValue: capChars(value.StringValue, level.nameChars) }]),
    );
    const omitted = total - small.evidence.length;
    const shrunk = fitNotificationText(
      (text) => assemble(small, text, attributes, occurrenceKey),
      render(small, occurrenceKey),
      (omitted > 0 ? evidenceMarker(omitted, reRenders) : '') + SHRUNK_MARKER,
      maxBytes,
    );
    if (shrunk) return shrunk;
  }
  throw new RangeError(`cannot fit a verdict notification into ${maxBytes} bytes`);
}
