/**
 * `--anonymize`, by allow-list (docs/recording.md): first every answer is cut to the fields the
 * diagnosis reads (keepWhatTheDiagnosisReads.ts); then what is left keeps verbatim only what the
 * diagnosis needs — the text of declared fields (reasons, exit codes, quantities, timestamps, enum
 * values, upstream message templates) — while every identifier in it is pseudonymised: names the
 * answers' fields carry (collectIdentifiers.ts), UUIDs, numeric ids, e-mail addresses, and the
 * shapes of hosts, addresses, URLs, paths, ARNs and identity settings in free text
 * (replaceLocators.ts, replaceInfrastructureIdentifiers.ts). A value no schema declares is
 * replaced whole. The same identifier gets the same pseudonym everywhere — bodies, paths,
 * queries, the request and the verdict — so the replay follows the same references and reaches
 * the same verdict. Pseudonyms come from an HMAC with a random key that is never stored: they
 * cannot be reversed by guessing names, and two recordings do not share pseudonyms.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { collectIdentifiers, IdentifierSet } from './collectIdentifiers.js';
import { replaceEmailAddresses } from './replaceEmailAddresses.js';
import { replaceWrappedEmailAddresses } from './replaceWrappedEmailAddresses.js';
import { rewritePercentEncoded } from './rewritePercentEncoded.js';
import { rewriteCharacterEscapes } from './rewriteCharacterEscapes.js';
import { rewriteHubCacheFolders } from './rewriteHubCacheFolders.js';
import { keepWhatTheDiagnosisReads } from './keepWhatTheDiagnosisReads.js';
import { vocabularyDomainOf } from './publicVocabulary.js';
import { readFieldNames } from './readFieldNames.js';
import { isPseudonym, pseudonymizeHost, type Pseudonyms } from './pseudonymizeHost.js';
import { identitySettingsOf, replaceInfrastructureIdentifiers } from './replaceInfrastructureIdentifiers.js';
import { isVocabularyWord } from './upstreamVocabulary.js';
import { replaceLocators } from './replaceLocators.js';
import { replaceKernelSocketAddresses } from './replaceKernelSocketAddresses.js';
import { nameWordsOf, properNounsOf, pseudonymizeWords, type WordPseudonyms } from './pseudonymizeWords.js';
import { WholeNameMatcher } from './WholeNameMatcher.js';
import type { DiagnosisRequest } from '../core/diagnosisRequest.js';
import type { Verdict } from '../core/verdict.js';
import type { RecordedExchange } from './format/RecordedExchangeSchema.js';

/** What `--anonymize` rewrites: the request, the live verdict and every recorded exchange. */
export interface RecordingParts {
  request: DiagnosisRequest;
  verdict: Verdict | null;
  runai: RecordedExchange[];
  kubernetes: RecordedExchange[];
}

/** The anonymized recording, and the same pseudonymisation for any other text about it (a user's note). */
export interface AnonymizedRecording extends RecordingParts {
  text(text: string): string;
}

/** The recording with every identifier pseudonymised (one anonymizer for all its parts: one pseudonym per identifier). */
export function anonymizeRecording(parts: RecordingParts, key?: Buffer): AnonymizedRecording {
  // First drop what the diagnosis never reads, then pseudonymise what is left.
  const runai = parts.runai.map((exchange) => keepWhatTheDiagnosisReads('runai', exchange));
  const kubernetes = parts.kubernetes.map((exchange) => keepWhatTheDiagnosisReads('kubernetes', exchange));
  const bodies = [...runai, ...kubernetes].map((exchange) => exchange.body);
  // The names identity settings give are read in the whole answers, the fields that are dropped too (a YAML annotation's `customer:`).
  const whole = [...parts.runai, ...parts.kubernetes].map((exchange) => exchange.body ?? exchange.text);
  const anonymizer = createAnonymizer([parts.request, ...bodies], key, whole);
  const exchanges = (list: RecordedExchange[]) =>
    list.map((exchange) => ({
      ...exchange,
      path: anonymizer.locator(exchange.path),
      query: anonymizer.locators(exchange.query),
      ...(exchange.body !== undefined ? { body: anonymizer.value(exchange.body) } : {}),
      ...(exchange.text !== undefined ? { text: anonymizer.text(exchange.text) } : {}),
    }));
  // The answers first: the verdict quotes them cut at a length limit, and a cut word takes the
  // pseudonym of the whole identifier the answers carry (pseudonymizeWords.ts).
  const anonymizedRunai = exchanges(runai);
  const anonymizedKubernetes = exchanges(kubernetes);
  return {
    request: anonymizer.strings(parts.request),
    verdict: anonymizer.strings(parts.verdict),
    runai: anonymizedRunai,
    kubernetes: anonymizedKubernetes,
    text: (text) => anonymizer.text(text),
  };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const WHOLE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * The fields that carry Run:ai's own object ids (a workload's, a pod's, a cluster's; Run:ai API
 * reference: `id`, `workloadId`, `clusterId`, `podId`). The control plane draws them at random: they
 * say nothing about a person or an organisation, only which object this is, and a reader needs them
 * to match the recording to the workload it came from (the report quotes `ID: …`). Such a UUID stays
 * verbatim wherever it appears; any other UUID (a cloud subscription, a client id) is pseudonymised.
 */
const OBJECT_ID_FIELDS = new Set(['id', 'workloadId', 'clusterId', 'podId']);

/** Every string of a source (values and keys' values; a hostile answer's 100 kB string once). */
function forEachString(value: unknown, each: (text: string) => void): void {
  if (typeof value === 'string') each(value);
  else if (Array.isArray(value)) for (const item of value) forEachString(item, each);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) forEachString(item, each);
}

/** The UUIDs in Run:ai object-id fields of the sources (lower case). */
function collectObjectIds(value: unknown, into: Set<string>, key = ''): void {
  if (typeof value === 'string') {
    if (OBJECT_ID_FIELDS.has(key) && WHOLE_UUID.test(value)) into.add(value.toLowerCase());
    return;
  }
  if (Array.isArray(value)) for (const item of value) collectObjectIds(item, into, key);
  else if (value !== null && typeof value === 'object') for (const [field, item] of Object.entries(value)) collectObjectIds(item, into, field);
}
/** Numeric or short ids: replaced where their field names them, never as text (`5` is everywhere). */
const ID_FIELDS = new Set(['projectId', 'departmentId', 'tenantId', 'userId']);
const READ_FIELDS = readFieldNames();
/**
 * Fields whose value the control plane or a controller sets from its own enumeration (an event's
 * reason and type, a phase, a condition's status, a QoS class, the reporting component): one
 * such word stays verbatim even when no table names it, since a rule may count or compare it.
 */
const UPSTREAM_SET_FIELDS = new Set([
  'reason',
  'type',
  'phase',
  'k8sPhase',
  'status',
  'kind',
  'qosClass',
  'source',
  'component',
  'reportingComponent',
  'desiredPhase',
  'actualPhase',
  'category',
  'imagePullPolicy',
  'restartPolicy',
  'gpuRequestType',
  'preemptibility',
  'apiVersion',
  'conditionType',
  // A taint's effect (k8s.io/api core/v1 TaintEffect), kept by keepWhatTheDiagnosisReads.ts.
  'effect',
]);
/** One word of an enumeration (`BackoffLimitExceeded`, `kai-scheduler`, `batch/v1`), not a sentence. */
const UPSTREAM_VALUE = /^[A-Za-z][A-Za-z0-9._/-]{0,63}$/;
/** Lists of `{name, value}` entries whose values the diagnosis never reads (environment, annotations, labels). */
const OPAQUE_ENTRY_LISTS = new Set(['environmentVariables', 'annotations', 'labels', 'env']);
/** Maps or lists of labels and annotations: keys too are the user's (people's names, chat channels). */
const LABEL_MAPS = new Set(['annotations', 'labels']);
/** Numbers and quantities (`16Gi`, `0.5`), flags, empty values and times (absolute or relative to the recording) identify no one. */
const NOT_IDENTIFYING =
  /^(?:|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?[A-Za-z%]{0,3}|true|false|null|none|now(?:[+-]\d+(?:\.\d+)?(?:ms|[smhd]))*|\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?)$/i;

/** A name a setting gives, matched alone in prose: one token of at least three characters with a letter (not `a`, not `42`). */
const SETTING_NAME = /^(?=.*\p{L})[\p{L}\p{N}][\p{L}\p{N}._-]{2,63}$/u;

/** Cut words looked up per recording (each a scan of the identifiers found). */
const MAX_CUTS = 1_000;

/** The one pseudonym of the identifiers a cut word begins (`head`) or ends (`tail`), or null (none, or several). */
function wholeOfCut(fragment: string, side: 'head' | 'tail', maps: readonly ReadonlyMap<string, string>[]): string | null {
  let found: string | null = null;
  for (const map of maps)
    for (const [original, pseudonym] of map) {
      if (original.length <= fragment.length || !(side === 'head' ? original.startsWith(fragment) : original.endsWith(fragment))) continue;
      if (found !== null && found !== pseudonym) return null;
      found = pseudonym;
    }
  return found;
}

export interface Anonymizer {
  /** Pseudonymises an answer by allow-list: declared fields keep their text (identifiers replaced), any other value is replaced whole. */
  value<T>(value: T): T;
  /** Pseudonymises every string of one of our own documents (request, verdict) as text; keys stay. */
  strings<T>(value: T): T;
  /** Free text: identifiers, then every word that is not upstream vocabulary (pseudonymizeWords.ts). */
  text(text: string): string;
  /** A request's path: the identifiers the answers name, the shapes; its words are the API's. */
  locator(path: string): string;
  /** A request's query values, as `locator`. */
  locators<T>(value: T): T;
  /** How many distinct identifiers were replaced. */
  readonly replaced: number;
}

/** Builds the anonymizer from everything the recording holds (every answer, the request). */
export function createAnonymizer(sources: readonly unknown[], key: Buffer = randomBytes(32), alsoRead: readonly unknown[] = []): Anonymizer {
  const identifiers = new IdentifierSet();
  const objectIds = new Set<string>();
  const nameWords = new Set<string>();
  for (const source of sources) {
    collectIdentifiers(source, identifiers);
    collectObjectIds(source, objectIds);
    forEachString(source, (text) => nameWordsOf(text, nameWords));
  }
  // A name an identity setting gives (`customer: initech`), here or in a field that is dropped, is a
  // name wherever it appears: the same pseudonym the setting rule writes (`name-…`, `user-…`).
  const settingNames = new Map<string, 'user' | 'name'>();
  for (const source of [...sources, ...alsoRead])
    forEachString(source, (text) =>
      identitySettingsOf(text, (kind, value) => {
        if (SETTING_NAME.test(value) && !isVocabularyWord(value.toLowerCase()) && !settingNames.has(value)) settingNames.set(value, kind);
      }),
    );
  // The words of the names the fields carry, too (`wonkacorp` of a project `wonkacorp-ml`).
  for (const name of identifiers.found.keys()) nameWordsOf(name, nameWords);
  // The proper nouns every answer writes inside a sentence: a program names its classes and
  // constants after a customer too (`AcmeRetriever`, pseudonymizeWords.ts codeWithNameWords).
  const properNouns = new Set<string>();
  const joinedWords = new Set<string>(nameWords);
  for (const source of [...sources, ...alsoRead])
    forEachString(source, (text) => {
      properNounsOf(text, properNouns);
      nameWordsOf(text, joinedWords);
    });
  // One HMAC per distinct value: a hostile answer repeating one address a million times costs one.
  const digests = new Map<string, string>();
  const digest = (value: string, length: number) => {
    let hex = digests.get(value);
    if (hex === undefined) {
      hex = createHmac('sha256', key).update(value).digest('hex');
      digests.set(value, hex);
    }
    return hex.slice(0, length);
  };

  const named = new Map<string, string>();
  // Whole names only: `ml` must not rewrite `html`; a pod `train-42-0-0` is rewritten through `train-42`.
  const names = new WholeNameMatcher();
  // A value no name can be (a hostile control plane's 100 kB "name") is not matched as a name: it is
  // replaced as plain text instead, longest first, before the names are.
  const oversized: string[] = [];
  for (const [original, kind] of identifiers.found) {
    named.set(
      original,
      kind === 'registry'
        ? `registry-${digest(original, 6)}.example.invalid`
        : kind === 'user'
          ? `user-${digest(original, 6)}`
          : `${kind}-${digest(original, 6)}`,
    );
    if (!names.add(original)) oversized.push(original);
  }
  oversized.sort((a, b) => b.length - a.length);
  for (const [value, kind] of settingNames)
    if (!named.has(value)) {
      named.set(value, `${kind}-${digest(value, 6)}`);
      names.add(value);
    }

  const pseudoUuid = (uuid: string) => {
    const hex = digest(uuid.toLowerCase(), 32);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
  const uuidsSeen = new Set<string>();
  const emailsSeen = new Set<string>();
  const shapesSeen = new Set<string>();
  // One pseudonym per identifier, whichever rule finds it first: `Zorvess` after `owner` (a user)
  // and alone in prose (a proper noun) is the same person, and so is `zorvess` in a path or a
  // joined name: a name's case is how a sentence or a system spells it, not another name.
  const assigned = new Map<string, string>();
  // Its Unicode spelling is not another name either: `Renée` precomposed and decomposed (NFD) are
  // one person, so a name is keyed and digested in NFC (UAX #15).
  const composedOf = (value: string) => (/[\u0300-\uFFFF]/.test(value) ? value.normalize('NFC') : value);
  // A name a field or a setting gives (`customer: qorvatt`, a project `qorvatt`) is that identity's
  // pseudonym in every spelling the word rule reads later: `Qorvatt` in a sentence, `QorvattRetriever`,
  // `QORVATT_API_BASE` (the whole-name match above replaces the name as written, case and all).
  for (const [original, pseudonym] of named) {
    const key = composedOf(original).toLowerCase();
    if (!pseudonym.endsWith('.example.invalid') && !assigned.has(key)) assigned.set(key, pseudonym);
  }
  const pseudonymOf = (kind: string, value: string): string => {
    const composed = composedOf(value);
    const key = composed.toLowerCase();
    let out = assigned.get(key);
    if (out === undefined) {
      out = `${kind}-${digest(composed, 6)}`;
      assigned.set(key, out);
    }
    shapesSeen.add(value);
    return out;
  };
  const pseudonyms: Pseudonyms = {
    of: pseudonymOf,
    ip: (address) => {
      shapesSeen.add(address);
      return pseudoIp(address);
    },
    digits: (value, length) => {
      shapesSeen.add(value);
      return String(BigInt(`0x${digest(value, 16)}`) % 10n ** BigInt(length)).padStart(length, '0');
    },
    words: (input) => pseudonymizeWords(input, wordPseudonyms, { locator: true }),
  };
  /** Documentation ranges only (RFC 5737 / RFC 3849), one per original: two addresses never share a pseudonym. */
  const ipPseudonyms = new Map<string, string>();
  const ipsTaken = new Set<string>();
  const pseudoIp = (ip: string): string => {
    const original = ip.toLowerCase();
    const known = ipPseudonyms.get(original);
    if (known) return known;
    const ranges = ['192.0.2', '198.51.100', '203.0.113'];
    let candidate = '';
    for (let attempt = 0; candidate === '' || ipsTaken.has(candidate); attempt += 1) {
      const n = Number.parseInt(digest(`${original}#${attempt}`, 8), 16);
      candidate = original.includes(':') ? `2001:db8::${((n % 0xfffe) + 1).toString(16)}` : `${ranges[n % 3]}.${(Math.floor(n / 3) % 254) + 1}`;
    }
    ipsTaken.add(candidate);
    ipPseudonyms.set(original, candidate);
    return candidate;
  };
  const emailPseudonym = (email: string): string => {
    // `git@host:org/repo` (replaceLocators rewrote its host and path): `git` is every git host's service account, no one's address.
    if (email.startsWith('git@')) return email;
    const at = email.lastIndexOf('@');
    const local = email.slice(0, at);
    // Already written, never read again: a wrapped address read joined just before, or a URL's user
    // info the locator rule wrote before its host (`user-1a2b3c@host-….example.invalid`, or a public
    // host it keeps: `https://user-1a2b3c@github.com/…`); only a host it did not write is rewritten.
    if (isPseudonym(local)) return `${local}@${pseudonymizeHost(email.slice(at + 1), pseudonyms)}`;
    emailsSeen.add(email);
    // One identity, many spellings: a mailbox's local part is the login its owner has everywhere else
    // (a home folder, a URL's user info, `USER=`, a `uid=N(login)`), so it takes that login's pseudonym,
    // keyed like every identifier (case, Unicode form); the domain goes (example.invalid).
    // A sub-address (`jdoe+ci@…`, RFC 5233 §1: `user+detail`) is the same mailbox: the detail goes too.
    const plus = local.indexOf('+');
    return `${pseudonymOf('user', plus > 0 ? local.slice(0, plus) : local)}@example.invalid`;
  };
  const rewrite = (input: string): string => {
    let out = input.replace(UUID, (uuid) => {
      if (objectIds.has(uuid.toLowerCase())) return uuid;
      uuidsSeen.add(uuid.toLowerCase());
      return pseudoUuid(uuid);
    });
    // Percent-encoded text is read decoded (`%2Fhome%2Fjdoe`, `first.last%40corp.com`) before a URL's rule reads it encoded.
    out = rewritePercentEncoded(out, rewrite);
    // URLs first: their user info is not an e-mail address, their host not a bare name.
    out = replaceLocators(out, pseudonyms);
    out = replaceWrappedEmailAddresses(out, emailPseudonym);
    out = replaceEmailAddresses(out, emailPseudonym);
    for (const name of oversized) if (name.length <= out.length) out = out.split(name).join(named.get(name) ?? name);
    out = names.replace(out, (name) => named.get(name) ?? name);
    // An IPv4 as the kernel's socket tables spell it (little-endian hex) is an address too.
    out = replaceKernelSocketAddresses(out, pseudonyms);
    // Then the shapes no field names (ARNs, home folders, IPs, hosts, identity settings), in free text too.
    return replaceInfrastructureIdentifiers(out, pseudonyms);
  };
  // A recording repeats the same strings (a name in every answer, a message in events and history):
  // each distinct string is rewritten once.
  const rewritten = new Map<string, string>();
  const locator = (input: string): string => {
    let out = rewritten.get(input);
    if (out === undefined) {
      out = rewrite(input);
      rewritten.set(input, out);
    }
    return out;
  };
  const CHAT_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const wordPseudonyms: WordPseudonyms = {
    word: (token) => pseudonymOf('name', token),
    isNameWord: (lower) => nameWords.has(lower),
    isProperNoun: (lower) => properNouns.has(lower),
    // A word of a joined name is no upstream or English word (nameWordsOf): inside a class or a
    // constant it is that name too (`acme_prod_db` beside `AcmeDataLoader`, `ACME_API_BASE`).
    isNameInCode: (lower) => properNouns.has(lower) || joinedWords.has(lower),
    chatId: (id) => {
      shapesSeen.add(id);
      const hex = digest(`chat:${id}`, 32);
      let out = id.charAt(0);
      for (let index = 1; index < id.length; index += 1) out += CHAT_ALPHABET[Number.parseInt(hex.slice(2 * index, 2 * index + 2), 16) % 36];
      return out;
    },
  };
  const cuts = new Map<string, string | null>();
  wordPseudonyms.cut = (fragment, side) => {
    let known = cuts.get(`${side}:${fragment}`);
    if (known === undefined) {
      // Bounded: a hostile text of many ellipses asks at most MAX_CUTS times, each a scan of the names.
      known = fragment.length < 3 || cuts.size >= MAX_CUTS ? null : wholeOfCut(fragment, side, [named, assigned]);
      cuts.set(`${side}:${fragment}`, known);
    }
    return known;
  };
  const prosed = new Map<string, string>();
  const text = (input: string): string => {
    let out = prosed.get(input);
    if (out === undefined) {
      // Escaped text is read decoded first (`first&#64;corp`, `\u0391\u03bd…`), then the rest as written.
      // A hub cache folder is read as the repo id it spells (`models--org--name` as `org/name`).
      out = pseudonymizeWords(locator(rewriteHubCacheFolders(rewriteCharacterEscapes(input, text), text)), wordPseudonyms);
      prosed.set(input, out);
    }
    return out;
  };
  const pseudoId = (value: string | number) => {
    const number = Number.parseInt(digest(String(value), 8), 16) % 1_000_000;
    return typeof value === 'number' ? number : String(number);
  };
  /** A string field the diagnosis never reads: pseudonymised whole, unless it is a number, a flag or a time. */
  const opaque = (input: string): string => {
    if (NOT_IDENTIFYING.test(input.trim())) return input;
    const rewrittenText = text(input);
    return rewrittenText !== input ? rewrittenText : pseudonyms.of('value', input);
  };
  /** A label or annotation key: an upstream one (`app.kubernetes.io/name`, `run.ai/…`) stays, any other is the user's. */
  const labelKey = (key: string): string => {
    const slash = key.indexOf('/');
    if (slash > 0 && vocabularyDomainOf(key.slice(0, slash)) !== null) return key;
    return opaque(key);
  };
  /**
   * An answer, by allow-list: a field a schema declares (readFieldNames.ts) keeps its text, with
   * every identifier in it pseudonymised; any other field — and the value of an annotation, a
   * label or an environment entry, which the diagnosis never reads — is pseudonymised whole. Keys
   * of open maps (labels, storage, a manifest) are rewritten as text.
   */
  const answer = (input: unknown, field: string, parent: string): unknown => {
    if (typeof input === 'string') {
      if (field === 'value' && OPAQUE_ENTRY_LISTS.has(parent)) return opaque(input);
      // A label key, and a taint's key (a label-shaped key: upstream's `node.kubernetes.io/…` stays).
      if ((field === 'name' && LABEL_MAPS.has(parent)) || (field === 'key' && parent === 'taints')) return labelKey(input);
      if (UPSTREAM_SET_FIELDS.has(field) && UPSTREAM_VALUE.test(input)) return locator(input);
      return field === '' || READ_FIELDS.has(field) ? text(input) : opaque(input);
    }
    if (Array.isArray(input)) return input.map((item) => answer(item, field, parent));
    if (input === null || typeof input !== 'object') return input;
    // A label or annotation map: its keys and values are the user's, never read.
    if (LABEL_MAPS.has(field))
      return Object.fromEntries(
        Object.entries(input).map(([key, item]) => [labelKey(key), typeof item === 'string' ? opaque(item) : answer(item, key, field)]),
      );
    return Object.fromEntries(
      Object.entries(input).map(([key, item]) => [
        READ_FIELDS.has(key) ? key : locator(key),
        ID_FIELDS.has(key) && (typeof item === 'string' || typeof item === 'number') ? pseudoId(item) : answer(item, key, field),
      ]),
    );
  };
  /** Our own documents (the request, the verdict, a query): every string is rewritten by `each`, every key stays. */
  const documentOf =
    (each: (text: string) => string) =>
    (input: unknown): unknown => {
      const walk = (item: unknown): unknown => {
        if (typeof item === 'string') return each(item);
        if (Array.isArray(item)) return item.map(walk);
        if (item === null || typeof item !== 'object') return item;
        return Object.fromEntries(
          Object.entries(item).map(([key, child]) => [
            key,
            ID_FIELDS.has(key) && (typeof child === 'string' || typeof child === 'number') ? pseudoId(child) : walk(child),
          ]),
        );
      };
      return walk(input);
    };
  const strings = documentOf(text);
  const locators = documentOf(locator);
  return {
    value: <T>(input: T) => answer(input, '', '') as T,
    strings: <T>(input: T) => strings(input) as T,
    text,
    locator,
    locators: <T>(input: T) => locators(input) as T,
    get replaced() {
      return named.size + uuidsSeen.size + emailsSeen.size + shapesSeen.size;
    },
  };
}
