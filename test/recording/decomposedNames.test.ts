/**
 * A name written in Unicode NFD (a letter then a combining mark, UAX #15) is one word and one name:
 * the pseudonym covers the marks and the letters after them, and equals the pseudonym of the same
 * name precomposed (NFC). Scripts whose vowel signs are combining marks (Devanagari) are words too.
 * Values of this file's own.
 */
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';

describe('names in decomposed Unicode', () => {
  it.each([
    ['an acute accent mid-word', 'Marle\u0301ne Ve\u0301zina'],
    ['a diaeresis', 'Jo\u0308rgen Ma\u0308kela\u0308'],
    ['a caron', 'Radoslav Hora\u0301c\u030Cek'],
  ])('pseudonymises a name with %s whole', (_what, name) => {
    const out = createAnonymizer([]).text(`reviewed by ${name}; merged`);
    expect(out, out).toMatch(/^reviewed by name-[0-9a-f]{6} name-[0-9a-f]{6}; merged$/);
    expect(out).not.toMatch(/\p{M}/u);
  });

  it('gives a name one pseudonym decomposed and precomposed', () => {
    const anonymizer = createAnonymizer([]);
    const decomposed = anonymizer.text('approved by Marle\u0301ne Ve\u0301zina');
    const composed = anonymizer.text('approved by Marl\u00e9ne V\u00e9zina');
    expect(decomposed).toBe(composed);
  });

  it('keeps a Devanagari name one word', () => {
    const out = createAnonymizer([]).text('owner \u0905\u0928\u093F\u0924\u093E \u0936\u0930\u094D\u092E\u093E left');
    expect(out, out).not.toMatch(/[\u0900-\u097F]/u);
  });
});
