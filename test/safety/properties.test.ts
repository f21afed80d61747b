/**
 * Property-based checks of the safety layer (fast-check). Inputs mix arbitrary Unicode with
 * corpus secrets, ordinary evidence and the punctuation the patterns key on, so the fuzzer
 * explores the places where rows interact.
 */
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { redactSecrets } from '../../functions/safety/redactSecrets.js';
import { quoteUntrusted } from '../../functions/safety/quoteUntrusted.js';
import { ORDINARY_VALUES, SECRET_CORPUS } from './secretCorpus.js';
import { fuzzRuns } from '../support/fuzzRuns.js';

// Many inputs (timed repeats or generated cases): under a second alone, seconds on a loaded 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

const FRAGMENTS = [
  'password',
  'PASSWORD=',
  'token',
  'token:',
  '=',
  ':',
  ' ',
  '\n',
  '"',
  "'",
  '\\"',
  '&',
  ';',
  ',',
  '}',
  ']',
  ')',
  '@',
  '://',
  'https://',
  'user:',
  'Bearer ',
  'Basic ',
  'Authorization: ',
  '--password ',
  '-p',
  'mysql ',
  'docker login ',
  'eyJ',
  '.',
  '-----BEGIN RSA PRIVATE KEY-----',
  '-----END RSA PRIVATE KEY-----',
  '[REDACTED]',
  'name: ',
  'value: ',
  '$',
  '{',
  'sig=',
  '?',
  'AccountKey=',
  'secret ',
  'Cookie: ',
  '\t',
  '\x1b[31m',
  '\u200b',
  '\u202e',
];
const ALL_TEXTS = [...SECRET_CORPUS.map((s) => s.text), ...ORDINARY_VALUES];

const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
const piece = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 3, arbitrary: fc.constantFrom(...FRAGMENTS) },
  { weight: 2, arbitrary: fc.constantFrom(...ALL_TEXTS) },
  { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9+/_=-]{1,40}$/) },
  { weight: 1, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 8 }) },
);
const messyText = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
/** Surroundings for a planted secret: everything except other corpus secrets (a second copy glued
 * to a random word, e.g. `xyzHF_TOKEN=…`, is no longer the planted, realistic shape). */
const surrounding = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
      { weight: 3, arbitrary: fc.constantFrom(...FRAGMENTS) },
      { weight: 2, arbitrary: fc.constantFrom(...ORDINARY_VALUES) },
      { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9+/_=-]{1,40}$/) },
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));
const separator = fc.constantFrom(' ', '\n', ', ', '; ', ' | ', '\t', ': ');

/** 1,500 cases under `npm test`, fewer in the unit lane (test/support/fuzzRuns.ts, also for a deeper local hunt). */
const RUNS = { numRuns: fuzzRuns(1500) };

describe('redactSecrets properties', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(messyText, (text) => {
        const once = redactSecrets(text);
        expect(redactSecrets(once)).toBe(once);
      }),
      RUNS,
    );
  });

  it('removes a planted corpus secret whatever surrounds it', () => {
    fc.assert(
      fc.property(surrounding, fc.constantFrom(...SECRET_CORPUS), surrounding, separator, separator, (before, sample, after, s1, s2) => {
        const out = redactSecrets(`${before}${s1}${sample.text}${s2}${after}`);
        expect(out).not.toContain(sample.secret);
        expect(out).toContain('[REDACTED]');
      }),
      RUNS,
    );
  });

  // fast-check's counterexample (seed 699879038): a truncated PEM header, an escaped quote, then a
  // command whose -p flag only the command-line row knows. The key row's span swallowed `mongosh`
  // and stopped at the stray quote, leaving the password bare.
  it('leaves no secret after a truncated PEM header that swallowed its command', () => {
    const text = '-----BEGIN RSA PRIVATE KEY-----\\"mongosh "mongodb://mongo:27017/admin" -u root -p Q7kw1mSihrZ1TBYd --eval \'db.stats()\'';
    expect(redactSecrets(text)).not.toContain('Q7kw1mSihrZ1TBYd');
  });

  it('never changes text that has no secret-ish structure', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ORDINARY_VALUES), { maxLength: 4 }), separator, (values, sep) => {
        const text = values.join(sep);
        expect(redactSecrets(text)).toBe(text);
      }),
      RUNS,
    );
  });
});

const hasLoneSurrogate = (s: string): boolean => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

describe('quoteUntrusted properties', () => {
  const maxLength = fc.integer({ min: 0, max: 400 });

  it('output is one clean line within the cap and valid UTF-16', () => {
    fc.assert(
      fc.property(messyText, maxLength, (text, max) => {
        const out = quoteUntrusted(text, { maxLength: max });
        expect(out.length).toBeLessThanOrEqual(max);
        expect(out).not.toMatch(/[\x00-\x1f\x7f-\x9f]/); // no C0/C1 (so no ESC, CR, LF, TAB)
        expect(out).not.toMatch(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/);
        expect(out).not.toMatch(/["\u201c\u201d]/);
        expect(hasLoneSurrogate(out)).toBe(false);
      }),
      RUNS,
    );
  });

  it('never contains a planted corpus secret', () => {
    fc.assert(
      fc.property(surrounding, fc.constantFrom(...SECRET_CORPUS), surrounding, separator, (before, sample, after, sep) => {
        const out = quoteUntrusted(`${before}${sep}${sample.text}${sep}${after}`, { maxLength: 100_000 });
        expect(out).not.toContain(sample.secret);
      }),
      RUNS,
    );
  });

  it('is a fixed point of redactSecrets (the report layer redacts quoted evidence again)', () => {
    fc.assert(
      fc.property(messyText, fc.oneof(fc.integer({ min: 1, max: 120 }), fc.constant(100_000)), (text, max) => {
        const quoted = quoteUntrusted(text, { maxLength: max });
        expect(redactSecrets(quoted)).toBe(quoted);
      }),
      RUNS,
    );
  });

  it('is stable: quoting an already quoted text changes nothing', () => {
    fc.assert(
      fc.property(messyText, (text) => {
        const once = quoteUntrusted(text, { maxLength: 100_000 });
        expect(quoteUntrusted(once, { maxLength: 100_000 })).toBe(once);
      }),
      RUNS,
    );
  });
});
