/**
 * Splits queue messages into SendMessageBatch requests that SQS accepts: at most 10
 * entries and at most 256 KiB per request (the sum of bodies and message attributes).
 * Pure, so the limits are tested without a client.
 */
import type { SendMessageBatchRequestEntry } from '@aws-sdk/client-sqs';
import type { QueuedDiagnosis } from '../core/queuedDiagnosis.js';
import { escapeOutsideSqsCharacters } from './escapeOutsideSqsCharacters.js';

export const SQS_MAX_BATCH_ENTRIES = 10;
export const SQS_MAX_BATCH_BYTES = 256 * 1024;

export interface PlannedEntry {
  entry: SendMessageBatchRequestEntry;
  /** Index of the message in the `enqueue` call, for error reports. */
  index: number;
  bytes: number;
}

export class OversizedMessageError extends Error {
  override readonly name = 'OversizedMessageError';
}

/** Body plus attributes, as SQS counts them towards the 256 KiB limit. */
function entryBytes(entry: SendMessageBatchRequestEntry): number {
  let bytes = Buffer.byteLength(entry.MessageBody ?? '', 'utf8');
  for (const [name, attribute] of Object.entries(entry.MessageAttributes ?? {})) {
    bytes += Buffer.byteLength(name, 'utf8');
    bytes += Buffer.byteLength(attribute.DataType ?? '', 'utf8');
    bytes += Buffer.byteLength(attribute.StringValue ?? '', 'utf8');
  }
  return bytes;
}

export function toSqsEntry(message: QueuedDiagnosis, index: number): PlannedEntry {
  const entry: SendMessageBatchRequestEntry = {
    // Ids only need to be unique within one request; the index is, and is safe charset.
    Id: `m${index}`,
    // Lossless: the escapes are JSON's own, so the worker parses back the exact message.
    MessageBody: escapeOutsideSqsCharacters(JSON.stringify(message)),
    // Standard queue: no MessageDeduplicationId. The key travels as an attribute so the
    // worker (and SNS-style filters) can de-duplicate without parsing the body.
    MessageAttributes: {
      dedupeKey: { DataType: 'String', StringValue: escapeOutsideSqsCharacters(message.dedupeKey) },
      source: { DataType: 'String', StringValue: message.source },
    },
  };
  return { entry, index, bytes: entryBytes(entry) };
}

export function planSqsBatches(messages: readonly QueuedDiagnosis[], limits: { maxEntries?: number; maxBytes?: number } = {}): PlannedEntry[][] {
  const maxEntries = limits.maxEntries ?? SQS_MAX_BATCH_ENTRIES;
  const maxBytes = limits.maxBytes ?? SQS_MAX_BATCH_BYTES;
  const batches: PlannedEntry[][] = [];
  let current: PlannedEntry[] = [];
  let currentBytes = 0;
  messages.forEach((message, index) => {
    const planned = toSqsEntry(message, index);
    if (planned.bytes > maxBytes) {
      throw new OversizedMessageError(`message #${index} is ${planned.bytes} bytes, over the SQS limit of ${maxBytes}`);
    }
    if (current.length === maxEntries || currentBytes + planned.bytes > maxBytes) {
      batches.push(current);
      current = [];
      currentBytes = 0;
    }
    current.push(planned);
    currentBytes += planned.bytes;
  });
  if (current.length > 0) batches.push(current);
  return batches;
}
