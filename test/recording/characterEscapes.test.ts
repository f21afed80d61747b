/**
 * Identifiers written as character escapes (issue #25): an e-mail whose `@` is a JSON `\u0040` or
 * an HTML `&#64;` / `&#x40;` / `&commat;`, a non-Latin name written by `json.dumps(ensure_ascii=True)`.
 * Read encoded, the local part (a person's first name) stayed and the name read as ASCII `u03..`.
 * Each is read decoded, the way percent-encoding is; escapes around no identifier stay as written.
 */
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';
import { rewriteCharacterEscapes } from '../../functions/recording/rewriteCharacterEscapes.js';

const jsonEscaped = (text: string): string =>
  [...text].map((c) => (c.charCodeAt(0) < 0x80 ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)).join('');

describe('identifiers in character escapes', () => {
  const anonymizer = createAnonymizer([]);
  it.each([
    ['a JSON-escaped @', 'notify ottoline.brisk\\u0040quarrymoor.example on failure', ['ottoline', 'brisk', 'quarrymoor']],
    ['a decimal HTML reference', '<a href="mailto:ottoline.brisk&#64;quarrymoor.example">owner</a>', ['ottoline', 'quarrymoor']],
    ['a hexadecimal HTML reference', 'contact: ottoline&#x40;quarrymoor.example', ['ottoline', 'quarrymoor']],
    ['a named HTML reference', 'contact: ottoline&commat;quarrymoor&period;example', ['ottoline', 'quarrymoor']],
    [
      'a Greek name in ensure_ascii JSON',
      `{"owner": "${jsonEscaped('Ξανθίππη Μαυρίδου')}"}`,
      [jsonEscaped('Ξανθίππη'), jsonEscaped('Μαυρίδου'), '\\u039e\\u03b1'],
    ],
    ['a Cyrillic name in ensure_ascii JSON', `owner="${jsonEscaped('Всеволод')}"`, [jsonEscaped('Всеволод')]],
  ])('replaces %s', (_what, line, planted) => {
    const out = anonymizer.text(line);
    for (const value of planted) expect(out, out).not.toContain(value);
  });

  it('gives the escaped and the plain spelling the same pseudonym', () => {
    const plain = anonymizer.text('owner ottoline.brisk@quarrymoor.example');
    const escaped = anonymizer.text('owner ottoline.brisk\\u0040quarrymoor.example');
    expect(escaped).toBe(plain);
    const greek = anonymizer.text('Ξανθίππη');
    expect(anonymizer.text(jsonEscaped('Ξανθίππη'))).toBe(greek);
  });

  it.each(['log colour \\u001b[0m reset, a quote &#39;x&#39; and &amp; stay', 'torch.distributed \\u2192 NCCL error &#8212; retrying', 'Q&A: a&b&c are fine'])(
    'keeps %s',
    (line) => {
      expect(anonymizer.text(line)).toBe(line);
    },
  );

  it('writes what it rewrote back in the escape style of the run, quotes escaped', () => {
    const rewrite = (decoded: string) => decoded.replace('Ωμέγα', 'name-1a2b3c').replace('"', '"');
    expect(rewriteCharacterEscapes('x \\u0022\\u03a9\\u03bc\\u03ad\\u03b3\\u03b1\\u0022 y', rewrite)).toBe('x \\u0022name-1a2b3c\\u0022 y');
    expect(rewriteCharacterEscapes('x &#937;&#956;&#941;&#947;&#945; y', rewrite)).toBe('x name-1a2b3c y');
  });
});
