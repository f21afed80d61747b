/**
 * An exception's multi-line message does not end at a label of its own that announces the next line
 * (withRecord.ts): qdrant-client's UnexpectedResponse prints "Unexpected Response: {status} ({reason})",
 * then "Raw response content:", then the server's body (qdrant/qdrant-client
 * qdrant_client/http/exceptions.py UnexpectedResponse.__str__), whose error ("Not found: Collection
 * `x` doesn't exist!", qdrant/qdrant lib/collection/src/operations/types.rs CollectionError::NotFound;
 * "Wrong input: Vector dimension error: expected dim: {e}, got {r}", lib/segment/src/common/operation_error.rs)
 * a rule recognises on its own. Names are written for these tests.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;
const quoteOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload?.text ?? '';

const RESPONSES: Record<string, { status: string; body: string; quoted: string }> = {
  'not found': {
    status: '404 (Not Found)',
    body: `b'{"status":{"error":"Not found: Collection \`chunks\` doesn\\'t exist!"},"time":0.000018523}'`,
    quoted: 'Not found: Collection `chunks`',
  },
  'bad request': {
    status: '400 (Bad Request)',
    body: `b'{"status":{"error":"Wrong input: Vector dimension error: expected dim: 768, got 1024"},"time":0.001203871}'`,
    quoted: 'Vector dimension error: expected dim: 768, got 1024',
  },
};
const traceback = (status: string, body: string) => [
  'Traceback (most recent call last):',
  '  File "/app/index.py", line 83, in <module>',
  '    client.upsert(collection_name="chunks", points=batch)',
  '  File "/usr/local/lib/python3.11/site-packages/qdrant_client/http/api_client.py", line 99, in send',
  '    raise UnexpectedResponse.for_response(response)',
  `qdrant_client.http.exceptions.UnexpectedResponse: Unexpected Response: ${status}`,
  'Raw response content:',
  body,
];

describe("a record's label ending with ':' carries the line it announces", () => {
  for (const [name, { status, body, quoted }] of Object.entries(RESPONSES)) {
    it(`qdrant ${name}: the head and the body are quoted together`, () => {
      const quote = quoteOf(exit(traceback(status, body).join('\n')));
      expect(quote).toContain(`Unexpected Response: ${status}`);
      expect(quote).toContain(quoted);
    });
  }
  it('without the label, a line a rule recognises still ends the record', () => {
    const lines = traceback('404 (Not Found)', 'ERROR: shutting down the indexer').filter((line) => line !== 'Raw response content:');
    expect(quoteOf(exit(lines.join('\n')))).not.toContain('shutting down');
  });
});
