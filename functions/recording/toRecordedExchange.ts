/**
 * A raw exchange made safe to write: the body parsed when it is JSON (kept as text
 * otherwise), every string redacted, every whole timestamp made relative to the moment of
 * the diagnosis — in the body and in the query alike.
 */
import type { Redactor } from '../http/createRedactor.js';
import type { QueryRecord, RecordedExchange } from './format/RecordedExchangeSchema.js';
import type { RawExchange } from './RawExchange.js';
import { redactRecordedBody, redactRecordedText } from './redactRecordedBody.js';
import { relativizeTimestamp, relativizeTimestamps } from './relativizeTimestamps.js';

export function toRecordedExchange(raw: RawExchange, known: Redactor, nowMs: number): RecordedExchange {
  const query: QueryRecord = {};
  for (const name of new Set(raw.search.keys())) {
    const values = raw.search.getAll(name).map((value) => relativizeTimestamp(redactRecordedText(value, known), nowMs));
    query[redactRecordedText(name, known)] = values.length === 1 ? (values[0] ?? '') : values;
  }
  const exchange: RecordedExchange = { method: raw.method === 'POST' ? 'POST' : 'GET', path: redactRecordedText(raw.path, known), query };
  if (raw.error !== undefined || raw.status === undefined) exchange.error = raw.error ?? 'reset';
  else exchange.status = raw.status;
  if (raw.omittedBytes !== undefined) {
    exchange.withheld = 'budget';
    exchange.omittedBytes = raw.omittedBytes;
    return exchange;
  }
  if (raw.body === null) {
    if (!raw.error) exchange.withheld = 'credential';
    return exchange;
  }
  const text = raw.body.toString('utf8');
  if (raw.error && text === '') return exchange;
  // A log tail is text even when a line happens to be valid JSON: only a JSON answer is parsed.
  const json = raw.contentType !== undefined && !/json/i.test(raw.contentType) ? ({ ok: false } as const) : parseJson(text);
  if (json.ok) exchange.body = relativizeTimestamps(redactRecordedBody(json.value, known), nowMs);
  else exchange.text = redactRecordedText(text, known);
  return exchange;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
