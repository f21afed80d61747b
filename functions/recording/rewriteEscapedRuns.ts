/**
 * The scan both escape rules share (rewritePercentEncoded.ts for `%XX`, rewriteCharacterEscapes.ts
 * for `\uXXXX` and HTML references): each run of one encoding — from an escape on, its word
 * characters and further escapes, reaching back over the word characters just before it — is
 * decoded, rewritten as plain text by the caller's rules and, when that changed it, encoded again
 * in place. A run that cannot be decoded or that the rules leave alone stays as written.
 *
 * Linear: each escape starts at most one run, and a run reaches back no further than the previous one.
 */
export interface EscapeCodec {
  /** A cheap test: whether the text can hold an escape of this encoding at all. */
  mayHold(text: string): boolean;
  /** From an escape on: word characters and further escapes, bounded (a global pattern). */
  run: RegExp;
  /** One character a run reaches back over before its first escape. */
  wordCharacter: RegExp;
  /** The run read as plain text, or null when it cannot be decoded. */
  decode(written: string): string | null;
  /** The rewritten text encoded again, in the style the run was written in. */
  encode(rewritten: string, written: string): string;
}

/** How far a run reaches back before its first escape (`first.last` of `first.last%40…`). */
const MAX_BACK = 256;

export function rewriteEscapedRuns(text: string, codec: EscapeCodec, rewrite: (decoded: string) => string): string {
  if (!codec.mayHold(text)) return text;
  let out = '';
  let copied = 0;
  for (const match of text.matchAll(codec.run)) {
    let start = match.index;
    if (start < copied) continue;
    while (start > copied && match.index - start < MAX_BACK && codec.wordCharacter.test(text.charAt(start - 1))) start -= 1;
    const end = match.index + match[0].length;
    const written = text.slice(start, end);
    const decoded = codec.decode(written);
    if (decoded === null) continue;
    const rewritten = rewrite(decoded);
    if (rewritten === decoded) continue;
    out += text.slice(copied, start) + codec.encode(rewritten, written);
    copied = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
