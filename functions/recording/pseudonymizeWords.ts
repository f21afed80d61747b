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
import { isEnglishWord } from './englishWords.js';
import { isPseudonym } from './pseudonymizeHost.js';
import { protocolFieldNameAt } from './protocolFieldNames.js';
import { VOCABULARY } from './upstreamVocabulary.js';
import { codeWordsOf, CODE_WORD, isWordsOfIdentifier, TOKEN } from './vocabularyTokens.js';

/** Words the anonymizer itself writes (`host-….domain-….example.invalid`, `[REDACTED]`). */
const OWN_WORDS = new Set(['example', 'invalid', 'redacted']);
const RELATIVE_TIME = /^now(?:[-_]\d+(?:ms|[smhd]))*$/i;
const HEX_ID = /^(?=[0-9a-f_-]*\d)[0-9a-f]+(?:[-_][0-9a-f]+)*$/i;
/** A word and a number (`python3`, `sm90`, `h100`): a version of the word, when the word is vocabulary or one or two letters. */
const VERSIONED = /^([a-z]+)\d+$/;
const CHAT_ID = /^[UWCGDBT][A-Z0-9]{8,11}$/;
/**
 * A pseudonym's digest is six hex digits (anonymizeRecording.ts `${kind}-${digest(value, 6)}`): a
 * longer run after a word is someone's name with a number, not ours — a CronJob's Job is
 * `<cronjob>-<scheduled minutes>`, eight digits (kubernetes/kubernetes pkg/controller/cronjob
 * utils.go getJobName).
 */
const EMBEDDED_PSEUDONYM = /(?<![a-z0-9])[a-z]+-[0-9a-f]{6}(?![a-z0-9])/;
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
 * The proper nouns a text writes: a capitalised word the word rule pseudonymises, inside a
 * sentence (`migrated for Initech last week`). Such a word names someone inside a code identifier
 * too (codeWithNameWords), as does a word of a joined name (nameWordsOf).
 */
export function properNounsOf(text: string, inside: Set<string>): void {
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0];
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
  // A capitalised ordinary English word (`View run`, `Author:`, `Collecting …`) is language; one
  // written where a name goes (`Author: Rose`, `cc Bill`) is judged there (isNameInSlot).
  return !NON_ASCII_LETTER.test(token) && (!PROPER_NOUN.test(token) || isInflectedVocabulary(lower) || isEnglishWord(lower));
}

/** One word of a joined token (lower case): vocabulary or an inflection of it, one or two letters, or a word with digits that keepsWordWithDigits keeps. */
function isWordOfJoined(part: string): boolean {
  if (NON_ASCII_LETTER.test(part)) return false;
  // An inflection of an upstream word (`rows` of `rows_skipped`) is upstream's, as it is alone.
  return part.length <= 2 || isOrdinaryWord(part) || isInflectedVocabulary(part) || (/\d/.test(part) && keepsWordWithDigits(part));
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

/** Upstream vocabulary or an ordinary English word (englishWords.ts): a word nobody chose as a name. */
function isOrdinaryWord(lower: string): boolean {
  return VOCABULARY.has(lower) || isEnglishWord(lower);
}

/** An inflection of a vocabulary or English word (`Saving` of `save`, `Listens` of `listen`, `requests` of `request`) is one too. */
function isInflectedVocabulary(lower: string): boolean {
  const stem = /^(.{3,}?)(?:ing|ed|es|s|er|ion)$/.exec(lower)?.[1];
  return stem !== undefined && (isOrdinaryWord(stem) || isOrdinaryWord(`${stem}e`));
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

/** CamelCase with at least two capitals (a class, a type) or SCREAMING_SNAKE (a constant, an environment variable). */
const CODE_IDENTIFIER = /^(?:[A-Za-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)$/;

/** Derivational endings of English (`Tokenizer` of token, `Sharded` of shard, `Redundancy`, `Collator`): the word is its stem's. */
const DERIVED = /^(.{3,}?)(?:izer|iser|ize|ise|ing|ed|er|or|ation|ator|able|ible|ment|ness|ity|ancy|ency|al|ally|ly|ic|ive|ous|less|ful|s)$/;

/**
 * Whether a word of a code identifier is language rather than a name: upstream or English, an
 * inflection or a derivation of one, or two of them joined (`Keyboard`, `Callback`,
 * `Safetensor`, `Multiproc`): how code coins its words.
 */
function isOrdinaryCodeWord(lower: string): boolean {
  let ordinary = ORDINARY_CODE_WORDS.get(lower);
  if (ordinary === undefined) {
    // A plural of a derived or joined word (`Tokenizers`, `Callbacks`) is that word's.
    ordinary = isDerivedOrJoined(lower) || (lower.length > 4 && lower.endsWith('s') && isDerivedOrJoined(lower.slice(0, -1)));
    // A log repeats its identifiers: each distinct word is judged once (bounded, so a hostile
    // stream of distinct words costs memory no more than this).
    if (ORDINARY_CODE_WORDS.size >= 20_000) ORDINARY_CODE_WORDS.clear();
    ORDINARY_CODE_WORDS.set(lower, ordinary);
  }
  return ordinary;
}
const ORDINARY_CODE_WORDS = new Map<string, boolean>();

/** isOrdinaryCodeWord without the plural: at most 32 letters (a longer run is no word), one pass over the cuts. */
function isDerivedOrJoined(lower: string): boolean {
  if (isOrdinaryWord(lower) || isInflectedVocabulary(lower)) return true;
  if (lower.length > 32) return false;
  const stem = DERIVED.exec(lower)?.[1];
  if (stem !== undefined && (isOrdinaryWord(stem) || isOrdinaryWord(`${stem}e`) || isOrdinaryWord(stem.replace(/i$/, 'y')))) return true;
  for (let cut = 2; cut <= lower.length - 3; cut += 1) {
    const head = lower.slice(0, cut);
    const tail = lower.slice(cut);
    if (
      (head.length === 2 || isOrdinaryWord(head)) &&
      (isOrdinaryWord(tail) || isInflectedVocabulary(tail) || (DERIVED.test(tail) && isOrdinaryCodeWordStem(tail)))
    )
      return true;
  }
  return false;
}

function isOrdinaryCodeWordStem(lower: string): boolean {
  const stem = DERIVED.exec(lower)?.[1];
  return stem !== undefined && (isOrdinaryWord(stem) || isOrdinaryWord(`${stem}e`));
}

/**
 * Whether one word of a code identifier is a name someone chose: letters only, four at least, and
 * not language (isOrdinaryCodeWord). An all-capitals word inside CamelCase is an acronym (`NCCL`
 * of `ProcessGroupNCCL`) and stays; in SCREAMING_SNAKE every word is in capitals, so each is judged.
 */
function isUnknownCodeWord(word: string, screaming: boolean): boolean {
  if (word.length < 4 || !/^\p{L}+$/u.test(word) || (!screaming && !/\p{Ll}/u.test(word))) return false;
  const lower = word.toLowerCase();
  return !isOrdinaryCodeWord(lower) && !OWN_WORDS.has(lower) && !isPseudonym(lower);
}

/**
 * A code identifier is the program's (`OutOfMemoryError`, `NCCL_SOCKET_IFNAME`), but a program
 * names classes and constants after its customer too (`AcmeRetrieverAdapter`,
 * `ACME_MAX_BATCH_TOKENS`). The identifier is split into its words (codeWordsOf: at case changes,
 * `_` and digits, change-case's boundaries); a word that names someone becomes the pseudonym the
 * name has alone (consistent with it, though not in the identifier's case style), the others stay: a word the
 * recording uses as a name (isNameInCode: a proper noun inside a sentence, a word of a joined
 * name such as `acme_prod` — no upstream or English word, nameWordsOf), or a first word that is no
 * language (ownerPrefix below). Only the first word is judged by the dictionary: later ones are
 * too often code words no list of 4,500 English words holds (`StopIteration`, `Sharded`,
 * `Implemented`). Accepted: a product name opening a class (`KafkaConsumer`) is pseudonymised, as
 * the same word alone in prose already is. A name may span words (`BlueHarbor` of `BlueHarborRetriever`): the longest run of up to four
 * words, letters only, that names someone is replaced whole.
 */
function codeWithNameWords(token: string, pseudonyms: WordPseudonyms): string {
  if (!CODE_IDENTIFIER.test(token)) return token;
  const words = codeWordsOf(token);
  if (!isWordsOfIdentifier(words)) return token;
  const screaming = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(token);
  // The owner's name prefixes an identifier (`AcmeDataLoader`, `ACME_API_BASE`, as `NCCL_` and
  // `Torch` do upstream's): a first word that is no language is a name. In a constant, only before
  // words that all are: a kernel or library enum is capitals throughout, its first word a term of
  // its own before other terms (`CONSTRAINT_MEMCG`, mm/oom_kill.c).
  const ownerPrefix =
    isUnknownCodeWord(words[0]!, screaming) &&
    (!screaming || words.slice(1).every((word) => word.length <= 2 || !/^\p{L}+$/u.test(word) || isOrdinaryCodeWord(word.toLowerCase())));
  const parts = [...token.matchAll(CODE_WORD)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
  let out = '';
  let copied = 0;
  for (let first = 0; first < parts.length; first += 1) {
    if (parts[first]!.start < copied) continue;
    for (let last = Math.min(parts.length - 1, first + 3); last >= first; last -= 1) {
      const span = token.slice(parts[first]!.start, parts[last]!.end);
      const named = pseudonyms.isNameInCode?.(span.toLowerCase()) === true || (first === 0 && last === 0 && ownerPrefix);
      if (span.length < 4 || !/^\p{L}+$/u.test(span) || !named) continue;
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

/** Keys after which a capitalised word is a person's name (git's `Author:`, `owner=`, `cc`, a greeting, `… by`). */
const NAME_SLOT_BEFORE =
  /(?:^|[^\p{L}])(?:author|owner|assignee|reporter|committer|submitter|maintainer|contact|by|cc|dear|hi|hello|thanks)[ \t]*[:=]?[ \t]*$/iu;
const WORD_BEFORE = /(?:^|[^\p{L}\p{N}_-])(\p{Lu}\p{Ll}{2,})[ \t]$/u;
const WORD_AFTER = /^[ \t](\p{Lu}\p{Ll}{2,})(?![\p{L}\p{N}_-])/u;

/** The dotted run around a word: `acme.docking-results.v3` of `acme`. */
const DOTTED_RUN_CHAR = /[A-Za-z0-9._-]/;
/**
 * A resource name joined by dots as well as hyphens (a Kafka topic `<customer>.docking-results.v3`,
 * a BigQuery `<project>.<dataset>.<table>`, a RabbitMQ vhost): its parts are joined words like
 * `acme-shards`, so a lower-case word of four letters or more that is no vocabulary or English word
 * is a name there too. Only a run with a hyphen and a dot: a code path (`torch.nn.functional`) or a
 * module has no hyphen; a host or a file is left to the host and file rules (its last part is a
 * suffix of two to four letters, not a version like `v3`).
 */
function isNameInDottedResource(token: string, offset: number, whole: string): boolean {
  if (!/^[a-z]{4,}$/.test(token) || !/[.-]/.test(whole.charAt(offset - 1) + whole.charAt(offset + token.length))) return false;
  let start = offset;
  while (start > 0 && offset - start < 256 && DOTTED_RUN_CHAR.test(whole.charAt(start - 1))) start -= 1;
  let end = offset + token.length;
  while (end < whole.length && end - offset < 256 && DOTTED_RUN_CHAR.test(whole.charAt(end))) end += 1;
  const run = whole.slice(start, end).replace(/[.]+$/, '');
  if (!run.includes('.') || !run.includes('-') || /\.[A-Za-z]{2,4}$/.test(run)) return false;
  return !isWordOfJoined(token);
}

/**
 * A capitalised English word is language (`View run`) except where a name goes: after a key that
 * introduces a person (`Author: Rose`, `owner=Hunter`, `cc Bill`), or beside a word that is a name
 * by itself (`Rose Vandelay`, `Priya Hunter`: a person's names go together). Upstream words stay.
 * The dictionary cannot decide `Rose` or `Hunter`; the slot can.
 */
function isNameInSlot(token: string, offset: number, whole: string): boolean {
  if (!PROPER_NOUN.test(token) || VOCABULARY.has(token.toLowerCase())) return false;
  const before = whole.slice(Math.max(0, offset - 24), offset);
  if (NAME_SLOT_BEFORE.test(before)) return true;
  const previous = WORD_BEFORE.exec(before)?.[1];
  const next = WORD_AFTER.exec(whole.slice(offset + token.length, offset + token.length + 40))?.[1];
  return [previous, next].some((word) => word !== undefined && !keepsToken(word));
}

/**
 * An option whose name says it picks one of the program's fixed choices (`--model_preset=multimer`,
 * `--mode train`, `--attn_implementation=sdpa`, `--dtype bfloat16`): argparse's `choices=` and
 * absl's DEFINE_enum (e.g. google-deepmind/alphafold run_alphafold.py, `flags.DEFINE_enum(
 * 'model_preset', 'monomer', ['monomer', 'monomer_casp14', 'monomer_ptm', 'multimer'], …)`) list
 * them in the program: the value is the program's vocabulary, as the option's name is. The key's
 * last word says so (`preset`, `mode`, `type`…); the value is one lower-case word or snake_case
 * (a capitalised word, a path, a host or a joined name is judged by the other rules), and a word the
 * recording writes as a proper noun inside a sentence stays a name.
 */
const CHOICE_OPTION_BEFORE = /(?:^|[\s"'])--?([A-Za-z][A-Za-z0-9_.-]{0,63})(?:=|[ \t]+)$/;
const CHOICE_KEY_WORDS = new Set([
  'preset',
  'mode',
  'type',
  'kind',
  'level',
  'strategy',
  'policy',
  'backend',
  'dtype',
  'precision',
  'implementation',
  'method',
  'algorithm',
  'activation',
  'optimizer',
  'scheduler',
]);
const CHOICE_VALUE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

function isChoiceValue(token: string, offset: number, whole: string, pseudonyms: WordPseudonyms): boolean {
  if (!CHOICE_VALUE.test(token) || pseudonyms.isProperNoun?.(token) === true) return false;
  const key = CHOICE_OPTION_BEFORE.exec(whole.slice(Math.max(0, offset - 70), offset))?.[1];
  if (key === undefined) return false;
  const words = key.toLowerCase().split(/[_.-]/);
  return CHOICE_KEY_WORDS.has(words[words.length - 1]!);
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
    // A protocol field's name (`Impersonate-User`, `X-Scope-OrgID`, `redirect_uri`, `Acked-by`) is the
    // protocol's; of a prefix field (`Impersonate-Extra-<key>`) the key after the prefix is judged alone.
    const protocolName = protocolFieldNameAt(token, offset, whole);
    if (protocolName === token.length) return token;
    if (protocolName > 0) return token.slice(0, protocolName) + pseudonymizeWords(token.slice(protocolName), pseudonyms, options);
    const isNameWord = pseudonyms.isNameWord?.(token.toLowerCase()) === true;
    if (
      ((options.locator === true
        ? keepsLocatorWord(token, whole.charAt(offset - 1))
        : keepsToken(token) && !isNameInSlot(token, offset, whole) && !isNameInDottedResource(token, offset, whole)) &&
        !isMention(whole, offset, token) &&
        !isNameWord) ||
      isOptionName(whole, offset) ||
      isQueryKey(whole, offset, token) ||
      isCutVocabulary(token, whole.slice(offset + token.length, offset + token.length + 2)) ||
      (!options.locator && !isNameWord && isInflectedVerbOpening(token, offset, whole, pseudonyms)) ||
      (!options.locator && isChoiceValue(token, offset, whole, pseudonyms))
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
