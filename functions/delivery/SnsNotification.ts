/**
 * What delivery hands to a publisher: the fields of an SNS `Publish` request except the
 * topic (the publisher owns the topic). Kept free of SDK imports so that pure code and
 * the local console publisher never load the AWS SDK.
 */
export type SnsAttributeValue =
  | { DataType: 'String'; StringValue: string }
  /** A JSON array of strings; SNS filter policies match a String.Array when any element matches. */
  | { DataType: 'String.Array'; StringValue: string };

export interface SnsNotification {
  Subject: string;
  Message: string;
  MessageStructure: 'json';
  MessageAttributes: Record<string, SnsAttributeValue>;
}

/**
 * SNS rejects a publish whose message plus message attributes (names, data types and
 * values) exceed 256 KiB = 262,144 bytes of UTF-8.
 */
export const SNS_MAX_PAYLOAD_BYTES = 262_144;

/**
 * The bytes SNS counts against SNS_MAX_PAYLOAD_BYTES. SNS counts the message and every
 * attribute's name, type and value; we also count the subject (at most 99 ASCII bytes)
 * because it travels in the same request and staying under with it costs nothing.
 */
export function snsPayloadBytes(notification: SnsNotification): number {
  let bytes = Buffer.byteLength(notification.Message, 'utf8') + Buffer.byteLength(notification.Subject, 'utf8');
  for (const [name, value] of Object.entries(notification.MessageAttributes)) {
    bytes += Buffer.byteLength(name, 'utf8') + Buffer.byteLength(value.DataType, 'utf8') + Buffer.byteLength(value.StringValue, 'utf8');
  }
  return bytes;
}

/**
 * The protocol keys of a `MessageStructure: 'json'` message. `default` is required, and SNS
 * sends it to every protocol without a key of its own — email included (Amazon SNS Developer
 * Guide, "Publishing with different messages per protocol") — so the text is written once:
 * a copy under `email` would only take room a storm digest's list needs.
 */
export interface SnsJsonMessage {
  /** The text report: email (and SMS, email-json…) subscribers receive this. */
  default: string;
  https: string;
  sqs: string;
  lambda: string;
}

/** Text for humans (email: `default`), JSON for machines (HTTPS, SQS, Lambda subscribers). */
export function snsJsonMessage(text: string, json: string): string {
  const message: SnsJsonMessage = { default: text, https: json, sqs: json, lambda: json };
  return JSON.stringify(message);
}
