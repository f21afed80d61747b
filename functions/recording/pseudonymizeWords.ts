/**
 * The vocabulary rule of `--anonymize` for free text (messages, logs, the command, the verdict):
 * an identifier-like word stays verbatim only if it is upstream vocabulary — written by
 * Kubernetes, the runtimes, the frameworks, or read or written by the diagnosis and its report
 * (upstreamVocabulary.generated.ts, generated from the signal tables, the report's literals and
 * the upstream corpora by test/recording/buildUpstreamVocabulary.ts). Every other one is
 * pseudonymised, the same token to the same pseudonym in every field and text.
 *
 * Identifier-like: a proper noun (`Vandelay`, `Priya`, `Łukasz`: how prose spells a person, a
 * customer, a codename), a word with a letter outside ASCII (`田中`, `josé`) and a token of words joined by `-` or `_` (`acme-ml-prod`, `zor_team_cache`) any
 * word of which is not vocabulary. Lower-case words, acronyms, code (`ImportError`, `NCCL`),
 * option names (`--nproc_per_node`) and environment variable names (`NCCL_SOCKET_IFNAME`) are
 * the program's and stay: the failing line must read the same.
 *
 * Shape rules, the same everywhere:
 * - numbers, quantities, versions and times (a token starting with a digit; `now-5m`; `python3`,
 *   `sm90`), words of one or two letters, and hexadecimal ids with a digit stay;
 * - a Slack or Teams member, channel or bot id (`U04ABCDE123`: one letter and 8–11 upper-case
 *   letters and digits) keeps its shape: the same first letter and length;
 * - what the anonymizer already wrote (a pseudonym, a name derived from one, `example.invalid`,
 *   the redaction marker) stays.
 */
import { isPseudonym } from './pseudonymizeHost.js';
import { VOCABULARY } from './upstreamVocabulary.js';
import { TOKEN } from './vocabularyTokens.js';

/** Words the anonymizer itself writes (`host-….domain-….example.invalid`, `[REDACTED]`). */
const OWN_WORDS = new Set(['example', 'invalid', 'redacted']);
const RELATIVE_TIME = /^now(?:[-_]\d+(?:ms|[smhd]))*$/i;
const HEX_ID = /^(?=[0-9a-f_-]*\d)[0-9a-f]+(?:[-_][0-9a-f]+)*$/i;
/** A word and a number (`python3`, `sm90`, `h100`): a version of the word, when the word is vocabulary or one or two letters. */
const VERSIONED = /^([a-z]+)\d+$/;
const CHAT_ID = /^[UWCGDBT][A-Z0-9]{8,11}$/;
const EMBEDDED_PSEUDONYM = /(?<![a-z0-9])[a-z]+-[0-9a-f]{6,8}(?![a-z0-9])/;
/** A capital and lower-case letters only: how prose spells a name. */
const ENVIRONMENT_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
const PROPER_NOUN = /^\p{Lu}\p{Ll}{2,}$/u;
/** A letter outside ASCII: upstream messages are ASCII English (the French report's words are in the vocabulary), names are not. */
const NON_ASCII_LETTER = /[^\x00-\x7F]/;

export interface WordPseudonyms {
  /** A stable pseudonym of the token (same token, same pseudonym). */
  word(token: string): string;
  /** A stable chat id of the same shape. */
  chatId(id: string): string;
  /**
   * A word a length limit cut (`acme-shar … `, ` … ard-07`): the pseudonym of the whole identifier it
   * begins (`head`) or ends (`tail`), when the recording holds exactly one such; else null.
   */
  cut?(fragment: string, side: 'head' | 'tail'): string | null;
  /** Whether a lower-case word is one the recording uses inside a name (nameWordsOf): a name alone too. */
  isNameWord?(lower: string): boolean;
  /** Whether a lower-case word is one the recording writes as a proper noun inside a sentence (properNounsOf). */
  isProperNoun?(lower: string): boolean;
  /** Whether a lower-case word names someone inside a code identifier (codeWithNameWords). */
  isNameInCode?(lower: string): boolean;
}

/**
 * The proper nouns a text writes: `inside`, a capitalised word the word rule pseudonymises, inside
 * a sentence (`migrated for Initech last week`); `capitalised`, any word of letters with an initial
 * capital (`Initech` opening a line, `BlueHarbor`) without a verb ending (`Redeployed by …` is
 * grammar, isInflectedVerbOpening). A word of the first kind, or of the second that is also a word
 * of a joined name (`blueharbor_prod`), names someone inside a code identifier (codeWithNameWords).
 */
export function properNounsOf(text: string, inside: Set<string>, capitalised?: Set<string>): void {
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0];
    if (capitalised !== undefined && /^\p{Lu}\p{L}{3,}$/u.test(token) && !VERB_INFLECTION.test(token)) capitalised.add(token.toLowerCase());
    if (!PROPER_NOUN.test(token) || keepsToken(token)) continue;
    const before = text.slice(Math.max(0, match.index - 3), match.index);
    if (/[\p{L}\p{N},;(] $/u.test(before)) inside.add(token.toLowerCase());
  }
}

/**
 * The words a text uses inside names: the words of joined tokens (`wonkacorp-shards`,
 * `vandelay_eval`) that are not upstream's. Such a word is a name wherever it appears, also alone
 * in prose, where a lower-case word would otherwise read as the program's (`restoring shards for
 * wonkacorp`). Letters only, at least four: a short or numbered part says too little.
 */
export function nameWordsOf(text: string, into: Set<string>): void {
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0];
    if (!/[-_]/.test(token) || keepsToken(token)) continue;
    for (const part of token.toLowerCase().split(/[-_]/)) if (/^\p{L}{4,}$/u.test(part) && !isWordOfJoined(part) && !isPseudonym(part)) into.add(part);
  }
}

/** Whether a token stays verbatim. */
function keepsToken(token: string): boolean {
  if ((token.length <= 2 && !NON_ASCII_LETTER.test(token)) || /^\d/.test(token) || RELATIVE_TIME.test(token) || isPseudonym(token)) return true;
  const lower = token.toLowerCase();
  if (VOCABULARY.has(lower) || OWN_WORDS.has(lower) || HEX_ID.test(token)) return true;
  if (CHAT_ID.test(token) && /\d/.test(token)) return false;
  // A name a controller derived from a pseudonymised one (`runai-project-1a2b3c`,
  // `workload-1a2b3c-00001-deployment-6d8f7b9c5-q7x2m`) stays as the request paths name it.
  if (EMBEDDED_PSEUDONYM.test(lower)) return true;
  // An environment variable's name (`NCCL_SOCKET_IFNAME`) is configuration vocabulary, as in the spec's fields.
  if (ENVIRONMENT_NAME.test(token)) return true;
  // Joined words (`acme-ml-prod`, `zor_team_cache`, an option `--customer_acme`): each word must be vocabulary.
  if (/[-_]/.test(token)) return lower.split(/[-_]/).every(isWordOfJoined);
  // A word with a digit is a number, a version or a generated suffix, unless a long run of letters in it is no word (`jdoe42`).
  if (/\d/.test(token)) return keepsWordWithDigits(lower);
  // One word: a proper noun (a person, a customer, a codename) is the user's unless upstream writes it;
  // lower-case words, acronyms and code (`ImportError`, `NCCL`) are the program's.
  return !NON_ASCII_LETTER.test(token) && (!PROPER_NOUN.test(token) || isInflectedVocabulary(lower));
}

/** One word of a joined token (lower case): vocabulary or an inflection of it, one or two letters, or a word with digits that keepsWordWithDigits keeps. */
function isWordOfJoined(part: string): boolean {
  if (NON_ASCII_LETTER.test(part)) return false;
  // An inflection of an upstream word (`rows` of `rows_skipped`) is upstream's, as it is alone.
  return part.length <= 2 || VOCABULARY.has(part) || isInflectedVocabulary(part) || (/\d/.test(part) && keepsWordWithDigits(part));
}

/**
 * A word with digits (lower case): a number (`960`), a version of a word (`python3`, `sm90`,
 * `cu124`), or a suffix a controller or a cloud generated (`q7x2m`, `6d8f7b9c5`: letters in runs
 * of at most three, a random alphabet) stays. A run of four or more letters that is no upstream
 * word is a name someone chose with a number glued to it — a login (`jdoe42`), a company
 * (`acme3`), a storage account (`acme3corpus27`), a node pool (`ttsgpu2`) — and is pseudonymised.
 */
function keepsWordWithDigits(lower: string): boolean {
  if (/^\d/.test(lower) && !/[a-z]{4}/.test(lower)) return true;
  const versioned = VERSIONED.exec(lower);
  if (versioned && (versioned[1]!.length <= 2 || VOCABULARY.has(versioned[1]!))) return true;
  return (lower.match(/\p{L}+/gu) ?? []).every((run) => run.length <= 3 || VOCABULARY.has(run) || isInflectedVocabulary(run));
}

/** An inflection of a vocabulary word (`Saving` of `save`, `Listens` of `listen`) is vocabulary. */
function isInflectedVocabulary(lower: string): boolean {
  const stem = /^(.{3,}?)(?:ing|ed|es|s|er|ion)$/.exec(lower)?.[1];
  return stem !== undefined && (VOCABULARY.has(stem) || VOCABULARY.has(`${stem}e`));
}

/**
 * A chat or code-host mention (`@jdoe`, `cc @zorvess`): a handle is someone's even in lower case,
 * unless upstream writes the word (`@torch.no_grad`, `@latest` glued to a package stays).
 */
function isMention(text: string, offset: number, token: string): boolean {
  if (offset < 1 || text.charAt(offset - 1) !== '@') return false;
  // At the start of a word only: `user@host`, `]@host` of a URL's user info, `torch@latest` are not mentions.
  if (offset >= 2 && !/[\s([{,;"'<>]/.test(text.charAt(offset - 2))) return false;
  return !VOCABULARY.has(token.toLowerCase()) && !isPseudonym(token) && !/^\d/.test(token);
}

/** An option's name (`--nproc_per_node`, `-v`) is the program's vocabulary; its value is not (replaceInfrastructureIdentifiers.ts). */
function isOptionName(text: string, offset: number): boolean {
  return offset >= 2 && text.charAt(offset - 1) === '-' && (text.charAt(offset - 2) === '-' || /\s/.test(text.charAt(offset - 2)));
}

/**
 * A URL query's key (`?X-Amz-Date=`, `&X-Amz-Expires=`) is the service's parameter name, which the
 * locator rule (replaceLocators.ts) already judged and kept: the word rule does not re-read it.
 * Its value is the locator rule's too. (A URL is at most 2048 characters there: the look back is bounded.)
 */
function isQueryKey(text: string, offset: number, token: string): boolean {
  return (
    offset >= 1 &&
    /[?&]/.test(text.charAt(offset - 1)) &&
    text.charAt(offset + token.length) === '=' &&
    text.slice(Math.max(0, offset - 2048), offset).includes('://')
  );
}

/** A word cut by a length limit just before the cut's ellipsis (`Pro …` of `Process`): kept when it begins a vocabulary word. */
function isCutVocabulary(token: string, after: string): boolean {
  if (!/^ ?…/.test(after)) return false;
  const lower = token.toLowerCase();
  for (const word of VOCABULARY) if (word.startsWith(lower)) return true;
  return false;
}

/**
 * A word of a locator (a URL's or an object store's path: containers, folders, keys) is a name
 * someone chose unless upstream writes it: there, unlike in prose, a lower-case word that is no
 * upstream word (`initech`, `librispeech`) is pseudonymised too. A file's extension of up to four
 * letters (`.tar`, `.ckpt`) and an inflection of an upstream word (`customers`) stay.
 */
function keepsLocatorWord(token: string, before: string): boolean {
  if (!keepsToken(token)) return false;
  const lower = token.toLowerCase();
  if (/[-_\d]/.test(lower) || !/^\p{Ll}+$/u.test(lower) || lower.length <= 2) return true;
  return VOCABULARY.has(lower) || OWN_WORDS.has(lower) || isInflectedVocabulary(lower) || (before === '.' && lower.length <= 4);
}

/** The words of a code identifier: `AcmeRetrieverAdapter` → Acme, Retriever, Adapter; `ACME_MAX_TOKENS` → ACME, MAX, TOKENS. */
const CODE_WORD = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+/g;
/** CamelCase with at least two capitals (a class, a type) or SCREAMING_SNAKE (a constant, an environment variable). */
const CODE_IDENTIFIER = /^(?:[A-Za-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)$/;

/**
 * A code identifier is the program's (`OutOfMemoryError`, `NCCL_SOCKET_IFNAME`), but a program
 * names classes and constants after its customer too (`AcmeRetrieverAdapter`,
 * `ACME_MAX_BATCH_TOKENS`): a word of it that names someone in the recording (isNameInCode: a
 * proper noun inside a sentence, or one opening a sentence that is also a word of a joined name
 * such as `acme_prod`) is that name, and gets its pseudonym; the other words stay, so the
 * identifier still reads as code. A word of joined names alone is not enough: those include
 * ordinary words (`trainer` of `trainer-7b`), and `TRAINER_CONFIG` or `TrainerCallback` is
 * upstream's. Letters only, at least four.
 */
function codeWithNameWords(token: string, pseudonyms: WordPseudonyms): string {
  if (pseudonyms.isNameInCode === undefined || !CODE_IDENTIFIER.test(token)) return token;
  // A name may span words (`BlueHarbor` of `BlueHarborRetriever`): the longest run of up to four
  // words, letters only, that names someone is replaced whole.
  const parts = [...token.matchAll(CODE_WORD)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
  let out = '';
  let copied = 0;
  for (let first = 0; first < parts.length; first += 1) {
    if (parts[first]!.start < copied) continue;
    for (let last = Math.min(parts.length - 1, first + 3); last >= first; last -= 1) {
      const span = token.slice(parts[first]!.start, parts[last]!.end);
      if (span.length < 4 || !/^\p{L}+$/u.test(span) || !pseudonyms.isNameInCode(span.toLowerCase())) continue;
      out += token.slice(copied, parts[first]!.start) + pseudonyms.word(span);
      copied = parts[last]!.end;
      break;
    }
  }
  return copied === 0 ? token : out + token.slice(copied);
}

/** Where a sentence starts: the text's start, a line, a log prefix's `]`, or `.`, `!`, `?`, `:` — then spaces, quotes or a symbol (`🏃 `). */
const SENTENCE_START = /(?:^|[\n.!?:\]])[^\p{L}\p{N}\n]{0,4}$/u;
/** A verb's inflection (`Redeployed`, `Rolled`, `Collecting`): four letters of stem at least. */
const VERB_INFLECTION = /^\p{L}{4,}(?:ed|ing)$/u;

/**
 * The capital of a sentence's first word is grammar, not a name: `Redeployed by …`, `Rolled back
 * per …`, pip's `Collecting git+https://…`. Such a word is judged as its lower-case self (lower-case
 * words are the program's) when it opens a sentence, is followed by a lower-case word, and carries
 * an English verb inflection (-ed, -ing: a tense, not a name). A word the recording also writes as
 * a proper noun inside a sentence (properNounsOf) or inside a joined name stays a name, so
 * `Alfred reported …` is still pseudonymised when `for Alfred` appears elsewhere; a name without
 * such an ending (`Priya reported …`) always is.
 */
function isInflectedVerbOpening(token: string, offset: number, whole: string, pseudonyms: WordPseudonyms): boolean {
  if (!PROPER_NOUN.test(token) || !VERB_INFLECTION.test(token)) return false;
  if (pseudonyms.isProperNoun?.(token.toLowerCase()) === true) return false;
  if (!/^[ \t]+\p{Ll}/u.test(whole.slice(offset + token.length, offset + token.length + 8))) return false;
  return SENTENCE_START.test(whole.slice(Math.max(0, offset - 6), offset));
}

export function pseudonymizeWords(text: string, pseudonyms: WordPseudonyms, options: { locator?: boolean } = {}): string {
  return text.replace(TOKEN, (token: string, offset: number, whole: string) => {
    // A prefix or suffix of an identifier is pseudonymised like the whole, so a quote cut by a length
    // limit reads the same pseudonym as the uncut line (and leaks no part of the name).
    const side = /^ ?…/.test(whole.slice(offset + token.length, offset + token.length + 2))
      ? 'head'
      : /… ?$/.test(whole.slice(Math.max(0, offset - 2), offset))
        ? 'tail'
        : null;
    if (side !== null && pseudonyms.cut) {
      // Of joined words, the cut one is the first after the cut (`…stries-shards`) or the last before it.
      const cutWord = (side === 'tail' ? /^[^-_]+/ : /[^-_]+$/).exec(token)![0];
      const ofWhole = VOCABULARY.has(cutWord.toLowerCase()) ? null : pseudonyms.cut(cutWord, side);
      if (ofWhole !== null) {
        const rest = pseudonymizeWords(side === 'tail' ? token.slice(cutWord.length) : token.slice(0, token.length - cutWord.length), pseudonyms, options);
        return side === 'tail' ? `${ofWhole}${rest}` : `${rest}${ofWhole}`;
      }
    }
    const isNameWord = pseudonyms.isNameWord?.(token.toLowerCase()) === true;
    if (
      ((options.locator === true ? keepsLocatorWord(token, whole.charAt(offset - 1)) : keepsToken(token)) && !isMention(whole, offset, token) && !isNameWord) ||
      isOptionName(whole, offset) ||
      isQueryKey(whole, offset, token) ||
      isCutVocabulary(token, whole.slice(offset + token.length, offset + token.length + 2)) ||
      (!options.locator && !isNameWord && isInflectedVerbOpening(token, offset, whole, pseudonyms))
    )
      return codeWithNameWords(token, pseudonyms);
    if (CHAT_ID.test(token) && /\d/.test(token)) return pseudonyms.chatId(token);
    // Joined words are pseudonymised word by word: `acme-shards` becomes `name-1a2b3c-shards`, so a
    // quoted path or name keeps the words upstream wrote and the same name gets the same pseudonym alone or joined.
    if (/[-_]/.test(token) && !EMBEDDED_PSEUDONYM.test(token.toLowerCase()))
      return token.replace(/[^-_]+/g, (part) => (isWordOfJoined(part.toLowerCase()) ? part : pseudonyms.word(part)));
    return pseudonyms.word(token);
  });
}
