/**
 * Builds the RunaiError for a non-2xx answer: endpoint template, status, and the server's
 * own `message` (untrusted: redacted and truncated). The mapping status → code stays in
 * `classifyRunaiStatus`.
 */
import { RunaiError } from '../diagnosis/ports/RunaiError.js';
import { classifyRunaiStatus } from './classifyRunaiStatus.js';
import { RunaiErrorBodySchema } from './RunaiErrorBodySchema.js';
import { quoteServerText, type Redactor } from '../http/createRedactor.js';
import type { Exchange } from '../http/timedExchange.js';

/** The `message` (or `details`) of a Run:ai `Error` body, if the body is one. */
export function serverMessage(text: string, redactor: Redactor): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = RunaiErrorBodySchema.safeParse(json);
  if (!parsed.success) return undefined;
  const message = parsed.data.message ?? parsed.data.details;
  return message ? quoteServerText(redactor, message) : undefined;
}

export function errorFromStatus(endpoint: string, exchange: Exchange, redactor: Redactor): RunaiError {
  const code = classifyRunaiStatus(exchange.status);
  const detail = serverMessage(exchange.text, redactor);
  const message = `${endpoint} failed with HTTP ${exchange.status}${detail ? `: ${detail}` : ''}`;
  return new RunaiError(code, message, { endpoint, status: exchange.status });
}
