/**
 * Two secret shapes that passed whole (issue #25 item 6, found by the third held-out plant set):
 * a vendor token cut by a length limit, and kaggle.json's key inside JSON that is itself a string
 * of another JSON document (escaped quotes, at any depth).
 */
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../functions/safety/redactSecrets.js';

const KEY = '5be1c0ffee7a4d2e9f3b8a6c1d0e2f47';

describe('a vendor token cut by a limit', () => {
  it.each([
    ['an elision mark', 'remote: https://x-access-token:ghs_9Kx2LmQ7vB4nR8tZ1wYc3Hd…'],
    ['three dots', 'HF_TOKEN is hf_Qw8ErT5yUi2OpAs6DfGh...'],
    ['a truncation note', 'token=glpat-ignored ghp_7hG3kL9mN2pQ5rS8tV1w[truncated]'],
    ['the end of the text', 'git clone https://oauth2:ghu_Z3xC5vB7nM9aS1dF2gH4'],
  ])('is redacted when it stops at %s', (_where, text) => {
    const redacted = redactSecrets(text);
    expect(redacted).toContain('[REDACTED]');
    expect(redacted).not.toMatch(/gh[su]_[A-Za-z0-9]{6}|hf_Qw8E|ghp_7hG3/);
  });

  it.each([
    ['a word after a prefix', 'the hf_datasets_loader...'],
    ['a short run', 'ghp_a1b2…'],
    ['a token name in prose', 'see sk-learning_resources…'],
    ['a complete sentence', 'Please rotate the ghs_ tokens daily.'],
  ])('leaves %s alone', (_what, text) => {
    expect(redactSecrets(text)).toBe(text);
  });
});

describe("kaggle.json's key in escaped JSON", () => {
  it.each([
    ['plain JSON', `{"username":"jdoe","key":"${KEY}"}`],
    ['JSON in a JSON string', `{"summary":"{\\"kaggle\\":{\\"username\\":\\"jdoe\\",\\"key\\":\\"${KEY}\\"}}"}`],
    ['JSON escaped twice', `"{\\\\\\"username\\\\\\":\\\\\\"jdoe\\\\\\",\\\\\\"key\\\\\\":\\\\\\"${KEY}\\\\\\"}"`],
  ])('is redacted in %s, its quotes kept', (_shape, text) => {
    const redacted = redactSecrets(text);
    expect(redacted).not.toContain(KEY);
    expect(redacted).toBe(text.replace(KEY, '[REDACTED]'));
  });

  it('leaves a "key" that follows no username alone (a label selector, a config key)', () => {
    const text = `{"selector":{"key":"nvidia.com/gpu.product","operator":"In"}}`;
    expect(redactSecrets(text)).toBe(text);
  });
});
