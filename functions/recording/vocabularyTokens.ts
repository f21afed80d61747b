/**
 * The one tokenizer of free text for `--anonymize`'s vocabulary rule (pseudonymizeWords.ts) and
 * for the script that generates the vocabulary (test/recording/buildUpstreamVocabulary.ts):
 * a word is a run of letters (of any script: `José`, `Łukasz`, `田中`) and digits, and words joined by `-` or `_` make one token
 * (`Back-off`, `expandable_segments`, `acme-ml-prod`). The same tokenizer on both sides means a
 * token found in upstream text is found the same way in a recording.
 */

/** A token: words of letters and digits joined by single hyphens or underscores (bounded: a 7 MB run is many tokens, one scan). */
export const TOKEN = /[\p{L}\p{N}]{1,256}(?:[-_][\p{L}\p{N}]{1,256}){0,64}/gu;

/** The lower-case forms a text contributes to the vocabulary: each token with a letter, whole and word by word. */
export function vocabularyTokens(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0].toLowerCase();
    if (!/\p{L}/u.test(token) || /^\p{N}/u.test(token)) continue;
    if (token.length >= 3) out.push(token);
    const parts = token.split(/[-_]/);
    if (parts.length > 1) for (const part of parts) if (part.length >= 3 && /\p{L}/u.test(part) && !/^\p{N}/u.test(part)) out.push(part);
  }
  return out;
}
