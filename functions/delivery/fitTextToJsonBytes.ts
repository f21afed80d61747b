/**
 * Byte-accurate cutting of text that will travel as a JSON string value. Sizes are those
 * of the *escaped* form (what JSON.stringify writes between the quotes, in UTF-8), because
 * that is what counts against the SNS limit. Cuts happen only between code points, so a
 * multi-byte UTF-8 sequence or a surrogate pair is never split.
 */

/** UTF-8 bytes of `text` once escaped as a JSON string, without the two quotes. */
export function jsonStringBytes(text: string): number {
  return Buffer.byteLength(JSON.stringify(text), 'utf8') - 2;
}

/** Escaped UTF-8 size of one code point, exactly as JSON.stringify writes it. */
function escapedCodePointBytes(codePoint: number): number {
  if (codePoint === 0x22 || codePoint === 0x5c) return 2; // \" \\
  if (codePoint < 0x20) {
    // \b \t \n \f \r have short escapes; other control characters become \u00XX.
    return codePoint === 0x08 || codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0c || codePoint === 0x0d ? 2 : 6;
  }
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return 6; // lone surrogate: \udXXX
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * The longest prefix of `text`, cut between code points, whose escaped JSON size is at
 * most `maxBytes`.
 */
export function fitTextToJsonBytes(text: string, maxBytes: number): string {
  if (maxBytes <= 0) return '';
  let used = 0;
  let end = 0;
  for (const char of text) {
    const cost = escapedCodePointBytes(char.codePointAt(0)!);
    if (used + cost > maxBytes) break;
    used += cost;
    end += char.length; // 2 for a surrogate pair: both halves stay together
  }
  return text.slice(0, end);
}
