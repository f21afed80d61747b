import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitTextToJsonBytes, jsonStringBytes } from '../../functions/delivery/fitTextToJsonBytes.js';
import { SNS_SUBJECT_MAX_CHARS, toSnsSubject } from '../../functions/delivery/toSnsSubject.js';
import { fuzzRuns } from '../support/fuzzRuns.js';

describe('fitTextToJsonBytes', () => {
  it('returns the longest code-point prefix whose escaped size fits (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.integer({ min: 0, max: 800 }), (text, budget) => {
        const prefix = fitTextToJsonBytes(text, budget);
        expect(text.startsWith(prefix)).toBe(true);
        expect(jsonStringBytes(prefix)).toBeLessThanOrEqual(budget);
        const rest = Array.from(text.slice(prefix.length));
        if (rest.length > 0) expect(jsonStringBytes(prefix + rest[0])).toBeGreaterThan(budget);
        // Never ends between the halves of a surrogate pair.
        const last = prefix.charCodeAt(prefix.length - 1);
        const next = text.charCodeAt(prefix.length);
        expect(last >= 0xd800 && last <= 0xdbff && next >= 0xdc00 && next <= 0xdfff).toBe(false);
      }),
      { numRuns: fuzzRuns(500) },
    );
  });

  it('counts escapes exactly as JSON.stringify writes them', () => {
    for (const text of ['"', '\\', '\n', '\u0001', '\u007f', 'é', '€', '😀', '\u2028', '\uD800']) {
      expect(jsonStringBytes(fitTextToJsonBytes(text, 100))).toBe(Buffer.byteLength(JSON.stringify(text)) - 2);
    }
  });
});

describe('toSnsSubject', () => {
  it('always yields 1-99 printable ASCII chars on one line (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 40 }), (middle, tail) => {
        const subject = toSnsSubject('[OOM_KILLED]', middle, tail);
        expect(subject).toMatch(/^[\x20-\x7e]{1,99}$/);
        expect(subject.length).toBeLessThanOrEqual(SNS_SUBJECT_MAX_CHARS);
        expect(subject.startsWith('[OOM_KILLED]')).toBe(true);
      }),
      { numRuns: fuzzRuns(500) },
    );
  });
});
