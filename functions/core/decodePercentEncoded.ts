/**
 * A percent-encoded text decoded (RFC 3986 §2.1), or the text as written when an escape is malformed
 * (`%E3%8` cut short, a lone `%`): a judgement about the text then reads it as it stands.
 */
export function decodePercentEncoded(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
