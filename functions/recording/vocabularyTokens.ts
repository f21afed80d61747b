/**
 * The one tokenizer of free text for `--anonymize`'s vocabulary rule (pseudonymizeWords.ts) and
 * for the script that generates the vocabulary (test/recording/buildUpstreamVocabulary.ts):
 * a word is a run of letters (of any script: `José`, `Łukasz`, `田中`) and digits, and words joined by `-` or `_` make one token
 * (`Back-off`, `expandable_segments`, `acme-ml-prod`). The same tokenizer on both sides means a
 * token found in upstream text is found the same way in a recording.
 */

/**
 * A token: words of letters and digits joined by single hyphens or underscores (bounded: a 7 MB run
 * is many tokens, one scan). A combining mark after a letter belongs to the word: a name written
 * decomposed (Unicode NFD, `Rene` U+0301 `e`, as macOS file names and some editors write it) or in a
 * script whose vowel signs are marks (Devanagari) is one word, not a word cut at its first accent.
 */
export const TOKEN = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]{0,255}(?:[-_][\p{L}\p{N}][\p{L}\p{M}\p{N}]{0,255}){0,64}/gu;

/** The lower-case forms a text contributes to the vocabulary: each token with a letter, whole and word by word. */
export function vocabularyTokens(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0].toLowerCase();
    if (!/\p{L}/u.test(token) || /^\p{N}/u.test(token)) continue;
    if (token.length >= 3) out.push(token);
    const parts = token.split(/[-_]/);
    if (parts.length > 1) for (const part of parts) if (part.length >= 3 && /\p{L}/u.test(part) && !/^\p{N}/u.test(part)) out.push(part);
    // The words of a code identifier upstream writes (`LlamaForCausalLM`, `ProcessGroupNCCL`) are
    // its vocabulary too: `--anonymize` reads a class or a constant word by word (codeWordsOf).
    const words = codeWordsOf(match[0]);
    if (isWordsOfIdentifier(words)) for (const word of words) if (word.length >= 4 && /^\p{L}+$/u.test(word)) out.push(word.toLowerCase());
  }
  return out;
}

/**
 * The words of a code identifier, split where the case changes and at digits (the boundaries of
 * change-case's `split`, blakeembrey/change-case packages/change-case/src/index.ts: a lower-case
 * letter or digit before a capital, and an acronym before a capitalised word, `HTTPServer` →
 * HTTP, Server): `AcmeDataLoader` → Acme, Data, Loader; `ACME_API_BASE` → ACME, API, BASE.
 */
export function codeWordsOf(token: string): string[] {
  return token.match(CODE_WORD) ?? [];
}

/**
 * Whether the words of a token are those of an identifier: two to eight, none a single letter. A
 * run of one-letter words is encoded data (`eyJhbGciOi…` splits into ey, J, hb, Gci…), not code.
 */
export function isWordsOfIdentifier(words: readonly string[]): boolean {
  return words.length > 1 && words.length <= 8 && words.every((word) => word.length >= 2 || /^\p{N}+$/u.test(word));
}

export const CODE_WORD = /\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})|\p{N}+/gu;
