/**
 * The one tokenizer of free text for `--anonymize`'s vocabulary rule (pseudonymizeWords.ts) and
 * for the script that generates the vocabulary (test/recording/buildUpstreamVocabulary.ts):
 * a word is a run of letters and digits, and words joined by `-` or `_` make one token
 * (`Back-off`, `expandable_segments`, `acme-ml-prod`). The same tokenizer on both sides means a
 * token found in upstream text is found the same way in a recording.
 */

/** A token: words of letters and digits joined by single hyphens or underscores (bounded: a 7 MB run is many tokens, one scan). */
export const TOKEN = /[A-Za-z0-9]{1,256}(?:[-_][A-Za-z0-9]{1,256}){0,64}/g;

/** The lower-case forms a text contributes to the vocabulary: each token with a letter, whole and word by word. */
export function vocabularyTokens(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0].toLowerCase();
    if (!/[a-z]/.test(token) || /^\d/.test(token)) continue;
    if (token.length >= 3) out.push(token);
    const parts = token.split(/[-_]/);
    if (parts.length > 1) for (const part of parts) if (part.length >= 3 && /[a-z]/.test(part) && !/^\d/.test(part)) out.push(part);
  }
  return out;
}
