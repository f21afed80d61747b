/**
 * A credential under a name that says secret is redacted in every encoding a log carries it in and
 * every place a recording holds it (secretNameEncodings.ts: name × encoding × place), and a value
 * under a name that says configuration stays. Measure: npx tsx test/safety/measureSecretNameEncodings.ts
 */
import { describe, expect, it } from 'vitest';
import { survives } from './measureSecretNameEncodings.js';
import { namedSecretCases } from './secretNameEncodings.js';

const all = namedSecretCases();
/**
 * Every name × encoding × value in a log line, and a quarter of the cases in the other places (the
 * five places of a case are consecutive, so `i % 4` rotates through them): ~50,000 redactions. The
 * full product (~113,000) is the measure script's.
 */
const cases = all.filter((item, index) => item.place === 'log-line' || index % 4 === 0);

describe('secrets by structure: name × encoding × place', () => {
  it('generates every combination', () => {
    expect(all.filter((item) => item.secret).length).toBeGreaterThan(100_000);
    expect(new Set(cases.map((item) => item.place)).size).toBe(5);
  });

  // Tens of thousands of redactions of a recorded body: seconds on a loaded machine.
  it('no secret survives the recording redaction', { timeout: 60_000 }, () => {
    const survivors = cases.filter((item) => item.secret && survives(item)).map((item) => `${item.place} ${item.encoding} ${item.name}: ${item.text}`);
    expect(survivors).toEqual([]);
  });

  it('every control keeps its value', { timeout: 60_000 }, () => {
    const lost = cases.filter((item) => !item.secret && !survives(item)).map((item) => `${item.place} ${item.encoding} ${item.name}: ${item.text}`);
    expect(lost).toEqual([]);
  });
});
