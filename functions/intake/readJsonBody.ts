/**
 * Reads a webhook body as JSON, with a readable error for each way it can be wrong: the
 * wrong media type (415), over the size limit (413), not UTF-8, empty, or not JSON (400).
 * The size is checked again after reading: `bodyLimit` trusts Content-Length when present.
 */
import type { Context } from 'hono';
import { IntakeError } from './IntakeError.js';

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export function checkJsonContentType(contentType: string | undefined): void {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!JSON_MEDIA_TYPE.test(mediaType)) {
    const got = mediaType === '' ? 'no Content-Type' : `Content-Type ${JSON.stringify(mediaType.slice(0, 60))}`;
    throw new IntakeError('UNSUPPORTED_MEDIA_TYPE', `expected Content-Type application/json, got ${got}`);
  }
}

export async function readJsonBody(c: Context, maxBytes: number): Promise<unknown> {
  checkJsonContentType(c.req.header('content-type'));
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > maxBytes) throw payloadTooLarge(maxBytes);
  if (bytes.byteLength === 0) throw new IntakeError('BAD_REQUEST', 'request body is empty: expected a JSON object');
  let text: string;
  try {
    // ignoreBOM: false strips a leading BOM, which some HTTP clients add.
    text = decoder.decode(bytes);
  } catch {
    throw new IntakeError('BAD_REQUEST', 'request body is not valid UTF-8');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    // V8's message says where ("Unexpected token } in JSON at position 42"): useful, and value-free enough.
    const detail = error instanceof SyntaxError ? `: ${error.message.slice(0, 200)}` : '';
    throw new IntakeError('BAD_REQUEST', `request body is not valid JSON${detail}`);
  }
}

export function payloadTooLarge(maxBytes: number): IntakeError {
  return new IntakeError('PAYLOAD_TOO_LARGE', `request body is larger than ${maxBytes} bytes`);
}
