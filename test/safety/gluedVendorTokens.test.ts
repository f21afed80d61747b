/**
 * Issue #25 item 6 (part): a vendor token glued to another word by `_` or `-` is still that
 * vendor's token (the prefix and a random body say so), and is redacted: the word before it
 * used to hide it from the patterns' word boundary.
 */
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../functions/safety/index.js';

const HEX = 'a3f9c2e17b5d40861f2e9c7a0b4d3e6f';
const TOKENS = [
  ['Databricks', `dapi${HEX}`],
  ['Hugging Face', 'hf_Q7wErTyUiOpAsDfGhJkLzXcVbNm123456'],
  ['NGC', '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'],
  ['OpenAI', 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7cDe0fGh3i'],
  ['Anthropic', 'sk-ant-api03-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7cDe0fGh3iJk6lMn9oPq2r'],
  ['Slack', 'xoxb-123456789012-123456789012-Ab3dEf6hIj9kLm2nOp5qRs8t'],
  ['GitHub', 'ghp_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7c'],
] as const;

describe('vendor tokens glued to a word', () => {
  it.each(TOKENS.flatMap(([vendor, token]) => ['_', '-'].map((joiner) => [vendor, joiner, token] as const)))('%s after %j', (_vendor, joiner, token) => {
    const out = redactSecrets(`connecting with databricks_token${joiner}${token}, retrying`);
    expect(out).not.toContain(token.slice(-12));
    expect(out).toContain('[REDACTED]');
  });

  it('leaves ordinary joined words alone', () => {
    for (const text of ['run hf_transfer enabled', 'pip install sk-learn-extra', 'x-dapi-version: 2', 'skip_sk-ant-docs'])
      expect(redactSecrets(text)).toBe(text);
  });
});
