import { describe, expect, it } from 'vitest';
import { DEFAULT_QUOTE_MAX_LENGTH, quoteUntrusted } from '../../functions/safety/quoteUntrusted.js';
import { neutraliseControlCharacters } from '../../functions/safety/neutraliseControlCharacters.js';
import { SECRET_CORPUS } from './secretCorpus.js';

describe('quoteUntrusted', () => {
  it('strips ANSI colour and OSC hyperlink/title sequences but keeps their text', () => {
    expect(quoteUntrusted('\x1b[1;31mERROR\x1b[0m: disk full')).toBe('ERROR: disk full');
    expect(quoteUntrusted('\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\ here')).toBe('click here');
    expect(quoteUntrusted('\x1b]0;fake title\x07done')).toBe('done');
    expect(quoteUntrusted('a\x9b2Jb\x1b(Bc\x1b7d')).toBe('abcd');
  });

  it('removes C0/C1 controls, bidi overrides and zero-width characters', () => {
    const out = quoteUntrusted('ok\x00\x07\x08\x7f\x85\u0090 \u202Eevil\u202C \u2066x\u2069 zero\u200Bwidth\uFEFF');
    expect(out).toBe('ok ⏎ evil x zerowidth');
    expect(out).not.toMatch(/[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/);
  });

  it('makes line breaks visible and collapses whitespace', () => {
    expect(quoteUntrusted('Traceback:\r\n  File "x.py", line 3\n\n\n\tKeyError: 1\n')).toBe("Traceback: ⏎ File 'x.py', line 3 ⏎ KeyError: 1");
    expect(quoteUntrusted('  a \t\u00a0 b  ')).toBe('a b');
  });

  it('replaces double quotes (straight and curly) so the text cannot close the report quote', () => {
    expect(quoteUntrusted('image "a" \u201Cb\u201D \uFF02c\uFF02')).toBe("image 'a' 'b' 'c'");
  });

  it('leaves HTML as inert literal text (renderers are plain text; no HTML escaping)', () => {
    expect(quoteUntrusted('<script>alert(1)</script> & <b>x</b>')).toBe('<script>alert(1)</script> & <b>x</b>');
  });

  it('redacts secrets, also when split by invisible or control characters', () => {
    const token = SECRET_CORPUS.find((s) => s.shape === 'github-token-ghp')!.secret;
    for (const glue of ['\u200B', '\x00', '\x1b[0m', '\u202E', '\u00AD']) {
      const split = `${token.slice(0, 10)}${glue}${token.slice(10)}`;
      const out = quoteUntrusted(`cloning with ${split}`);
      expect(out).not.toContain(token.slice(10, 30));
      expect(out).toContain('[REDACTED]');
    }
  });

  it('redacts multi-line secrets before flattening lines', () => {
    const pem = SECRET_CORPUS.find((s) => s.shape === 'pem-rsa-private-key')!;
    const out = quoteUntrusted(pem.text, { maxLength: 10_000 });
    expect(out).not.toContain(pem.secret);
    expect(out).toBe('Loaded deploy key: ⏎ [REDACTED] ⏎ Starting clone');
  });

  it('caps the length with an ellipsis counted in the cap', () => {
    const out = quoteUntrusted('x'.repeat(1000));
    expect(out).toHaveLength(DEFAULT_QUOTE_MAX_LENGTH);
    expect(out.endsWith('…')).toBe(true);
    expect(quoteUntrusted('abcdef', { maxLength: 4 })).toBe('abc…');
    expect(quoteUntrusted('abcdef', { maxLength: 6 })).toBe('abcdef');
    expect(quoteUntrusted('abcdef', { maxLength: 1 })).toBe('…');
    expect(quoteUntrusted('abcdef', { maxLength: 0 })).toBe('');
  });

  it('never splits a surrogate pair and repairs lone surrogates', () => {
    const out = quoteUntrusted('ab😀😀😀', { maxLength: 4 }); // 'ab' + high/low … would split
    expect(out).toBe('ab…');
    expect(quoteUntrusted('a\uD800b\uDC00c')).toBe('a\uFFFDb\uFFFDc');
  });

  it('keeps ordinary evidence intact', () => {
    expect(quoteUntrusted('Back-off pulling image "nvcr.io/nvidia/pytorch:24.05-py3"')).toBe("Back-off pulling image 'nvcr.io/nvidia/pytorch:24.05-py3'");
  });
});

describe('neutraliseControlCharacters', () => {
  it('flattens and cleans without redacting', () => {
    expect(neutraliseControlCharacters('\x1b[32mpassword=x\x1b[0m\nnext')).toBe('password=x ⏎ next');
  });
});
