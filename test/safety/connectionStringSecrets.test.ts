/**
 * A credential in a semicolon-separated connection string is redacted whatever its keyword's
 * spelling, its place in the string, its quoting, how the string is written and where the recording
 * holds it (connectionStringSecrets.ts); the shell's PWD and the other keywords' values stay.
 */
import { describe, expect, it } from 'vitest';
import { survives } from './measureSecretNameEncodings.js';
import { connectionStringCases } from './connectionStringSecrets.js';

const all = connectionStringCases();

describe('secrets in connection strings: keyword × spelling × shape × position × writing × place', () => {
  it('generates every combination', () => {
    expect(all.filter((item) => item.secret).length).toBeGreaterThan(10_000);
  });

  it('no secret survives the recording redaction', { timeout: 60_000 }, () => {
    const survivors = all.filter((item) => item.secret && survives(item)).map((item) => `${item.place} ${item.encoding}: ${item.text}`);
    expect(survivors.slice(0, 20)).toEqual([]);
  });

  it('every control keeps its value', () => {
    const lost = all.filter((item) => !item.secret && !survives(item)).map((item) => `${item.place} ${item.encoding}: ${item.text}`);
    expect(lost).toEqual([]);
  });
});
