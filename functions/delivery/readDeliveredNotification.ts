/**
 * The consumer side of the notification contract: what a subscriber of the verdict topic
 * receives, read back into a verdict, a digest or a node notice. Used by the PagerDuty and chat
 * forwarders (SQS bodies) and by local mode (the notification it is about to publish).
 *
 * Accepted shapes, each because a real delivery path produces it:
 * - an SNS envelope (`Type: "Notification"`, `Subject`, `Message`, `MessageId`): SQS
 *   subscriptions without raw delivery — the forwarders use this, to keep the subject;
 * - the bare message (raw message delivery, or a Lambda given the message itself);
 * - a `Message` that is still the json-structured `{default, email, sqs, …}` object: SNS
 *   selects the `sqs` key for SQS subscribers, but emulators (fauxqs) pass the structure.
 */
import * as z from 'zod';
import { VerdictSchema, type Verdict } from '../core/verdict.js';
import { DigestPayloadSchema, type DigestPayload } from './DigestPayload.js';
import { NodeSuspectPayloadSchema, type NodeSuspectPayload } from './NodeSuspectPayload.js';
import { NotificationFormatError } from './NotificationFormatError.js';
import type { SnsNotification } from './SnsNotification.js';

export type DeliveredNotification =
  | { kind: 'verdict'; subject: string | null; messageId: string | null; verdict: Verdict }
  | { kind: 'digest'; subject: string | null; messageId: string | null; digest: DigestPayload }
  | { kind: 'node_suspect'; subject: string | null; messageId: string | null; notice: NodeSuspectPayload };

const EnvelopeSchema = z.object({
  Type: z.literal('Notification'),
  MessageId: z.string().optional(),
  Subject: z.string().nullable().optional(),
  Message: z.string(),
});

const StructuredMessageSchema = z.object({ default: z.string(), sqs: z.string() });

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new NotificationFormatError(`${what} is not JSON`, { cause: error });
  }
}

function issues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

/** The verdict or digest carried by a message body (the `sqs` protocol's JSON). */
function readPayload(message: string, subject: string | null, messageId: string | null): DeliveredNotification {
  let payload = parseJson(message, 'the notification message');
  const structured = StructuredMessageSchema.safeParse(payload);
  if (structured.success) payload = parseJson(structured.data.sqs, 'the sqs message of the notification');
  const kind = (payload as { kind?: unknown } | null)?.kind;
  if (kind === 'digest') {
    const digest = DigestPayloadSchema.safeParse(payload);
    if (!digest.success) throw new NotificationFormatError(`not a runai-diagnose digest: ${issues(digest.error)}`);
    return { kind: 'digest', subject, messageId, digest: digest.data };
  }
  if (kind === 'node_suspect') {
    const notice = NodeSuspectPayloadSchema.safeParse(payload);
    if (!notice.success) throw new NotificationFormatError(`not a runai-diagnose node notice: ${issues(notice.error)}`);
    return { kind: 'node_suspect', subject, messageId, notice: notice.data };
  }
  const verdict = VerdictSchema.safeParse(payload);
  if (!verdict.success) throw new NotificationFormatError(`not a runai-diagnose verdict: ${issues(verdict.error)}`);
  return { kind: 'verdict', subject, messageId, verdict: verdict.data };
}

/** An SQS record body from a subscription to the verdict topic (enveloped or raw). */
export function readDeliveredNotification(body: string): DeliveredNotification {
  const json = parseJson(body, 'the queue message body');
  const envelope = EnvelopeSchema.safeParse(json);
  if (envelope.success) return readPayload(envelope.data.Message, envelope.data.Subject ?? null, envelope.data.MessageId ?? null);
  return readPayload(body, null, null);
}

/** A notification before it is published (local mode): what an SQS subscriber will receive. */
export function deliveredFromSnsNotification(notification: SnsNotification, messageId: string | null = null): DeliveredNotification {
  return readPayload(notification.Message, notification.Subject, messageId);
}
