/**
 * #12 item 3: long untrusted text is cut before it is redacted, so redaction costs what is
 * quoted; a secret at the cut is never shown in part.
 */
import { describe, expect, it } from 'vitest';
import { cutForRedaction, REDACTION_MARGIN } from '../../functions/safety/cutForRedaction.js';
import { quoteUntrusted } from '../../functions/safety/quoteUntrusted.js';
import { REDACTED } from '../../functions/safety/redactionMarker.js';

const MAX = 300;
/** A JWT-shaped token longer than the margin: the redactor knows its shape only when it sees it whole enough. */
const longJwt = `eyJhbGciOiJIUzI1NiJ9.eyJ${'a'.repeat(REDACTION_MARGIN + 2_000)}.c2lnbmF0dXJl`;
const githubToken = `ghp_${'A1b2C3d4E5'.repeat(3)}abcdef`;

describe('quoting a very long text', () => {
  it('costs what is quoted, not what was sent: 8 MB in well under a second', () => {
    const text = `Container train failed: ${'error loading shard 42 token=abc '.repeat(250_000)}`;
    const started = performance.now();
    const quoted = quoteUntrusted(text, { maxLength: 4_000 });
    const ms = performance.now() - started;
    expect(quoted.length).toBeLessThanOrEqual(4_000);
    expect(ms).toBeLessThan(1_500); // was 8.7 s on this machine, 21 s in the report
  });

  it('never shows part of a secret that crosses the cut before redaction', () => {
    // The token starts where the quote is visible and runs past the cut made before redaction.
    const text = `${'word '.repeat(50)}${longJwt} trailing words`;
    const quoted = quoteUntrusted(text, { maxLength: MAX });
    expect(quoted).not.toContain('eyJ');
    expect(quoted).not.toContain('aaaa');
    expect(quoted).toContain(REDACTED);
  });

  it('never shows part of a secret that crosses the quote cut itself', () => {
    for (let offset = MAX - 30; offset <= MAX + 10; offset += 1) {
      const text = `${'x'.repeat(offset - 1)} ${githubToken} ${'y '.repeat(5_000)}`;
      const quoted = quoteUntrusted(text, { maxLength: MAX });
      expect(quoted).not.toMatch(/ghp_|A1b2/);
    }
  });

  it('keeps a secret at the margin whole for the redactor', () => {
    const lead = `${'word '.repeat(60)}`; // visible part
    for (let shift = -50; shift <= 50; shift += 5) {
      const filler = 'z'.repeat(Math.max(0, MAX + REDACTION_MARGIN - lead.length - 10 + shift));
      const quoted = quoteUntrusted(`${lead}${filler} password=Sup3rS3cretValue! tail`, { maxLength: MAX + REDACTION_MARGIN + 200 });
      expect(quoted).not.toMatch(/Sup3r|S3cret/);
    }
  });
});

describe('cutForRedaction', () => {
  it('leaves short text alone', () => {
    expect(cutForRedaction('short text', 100)).toBe('short text');
  });

  it('cuts between words, never inside one', () => {
    const text = `${'ab '.repeat(2_000)}${'c'.repeat(10_000)}`;
    const cut = cutForRedaction(text, 100);
    expect(cut.length).toBeLessThanOrEqual(100 + REDACTION_MARGIN);
    expect(cut.endsWith(' ')).toBe(true);
    expect(cut).not.toContain('c');
  });

  it('marks a dropped run that started where the quote is visible', () => {
    const cut = cutForRedaction(`visible ${'s'.repeat(REDACTION_MARGIN * 2)}`, 100);
    expect(cut).toBe(`visible ${REDACTED}`);
  });
});
