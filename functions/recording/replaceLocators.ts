/**
 * URLs and scp-style git remotes in free text (commands, args, messages, logs), rewritten part by
 * part before anything else reads the text (an e-mail pattern would otherwise take
 * `git@github.com` for an address): the scheme and port stay (they say what kind of service
 * failed), user info, host and path are pseudonymised — except an upstream documentation link
 * (PyTorch's CUDA OOM message links pytorch.org), kept whole, and a public host (github.com, a
 * public registry, a cloud's object endpoint), whose organisation and repository are
 * pseudonymised but not the host. Object-store URLs (`s3://bucket/key`) keep their scheme only.
 * A login at a machine named by a single label (`jdoe@login-01`) is replaced too.
 *
 * Linear: one bounded match per URL, parts split by index.
 */
import { decodePercentEncoded } from '../core/decodePercentEncoded.js';
import { isPseudonym, pseudonymizeHost, type Pseudonyms } from './pseudonymizeHost.js';
import { PROFILE_HOSTS, isDocumentationHost, looksLikeHost, publicHostOf, vocabularyDomainOf } from './publicVocabulary.js';
import { isVocabularyWord } from './upstreamVocabulary.js';
import { isEnglishWord } from './englishWords.js';
import { REDACTED } from '../safety/redactionMarker.js';

const URL_PATTERN = /(?<![\w.+-])([A-Za-z][A-Za-z0-9+.-]{0,15}):\/\/([^\s"'`<>(){}\\,;|]{1,2048})/g;
const SCP_GIT = /(?<![\w.@-])([A-Za-z0-9_.-]{1,64})@([A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,10}):(?!\d+\b)([A-Za-z0-9_.~/-]{1,512})/g;
/**
 * A login at a machine or an organisation named by a single label (`jdoe@login-01:`, an ssh target,
 * a shell prompt, `jdoe@acme` where the domain lost its TLD): a host-shaped label, with a digit or a
 * hyphen, or a word that is not upstream vocabulary (`torch@latest`, `checkout@main` pin a version).
 */
const USER_AT_HOST =
  /(?<![\w.@%+-])([a-z_][a-z0-9_.-]{0,31})@([a-z][a-z0-9]{0,30}(?:-[a-z0-9]{1,30}){1,8}|[a-z]{1,30}[0-9][a-z0-9]{0,30}|[a-z]{3,30})(?![\w@-]|\.\w)/gim;
/** Object stores and file systems whose authority is a bucket or container (and may carry an account). */
const OBJECT_STORE = /^(?:s3a?|s3n|gs|abfss?|wasbs?|oss|cos|r2|minio|hdfs|az|adl)$/i;
const IPV6_HOST = /^\[[0-9A-Fa-f:.]+\]$/;
/** Short lower-case words and API versions only: what a service's own endpoints are called. */
const ENDPOINT_PATH = /^(?:\/(?:[a-z]{1,16}|v\d{1,2}(?:beta\d|alpha\d)?))*\/?$/;
const IPV4_HOST = /^\d{1,3}(?:\.\d{1,3}){3}$/;
/** The clouds' object-storage endpoints (S3, Cloud Storage, Azure Blob and Data Lake): a path there is a container and a key. */
const OBJECT_HOSTS = new Set(['amazonaws.com', 'googleapis.com', 'windows.net']);

/** A URL written without its scheme (`linkedin.com/in/<slug>`): a host by its shape, then a path. */
const BARE_HOST_PATH = /(?<![\w.@/:%~-])([A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,10})(\/[^\s"'`<>(){}\\,;|]{1,1024})/g;

export function replaceLocators(text: string, pseudonyms: Pseudonyms): string {
  // A URL without its scheme is still a URL: its identity slots are read the same way (the host is
  // left to the host rules).
  const bare = text.includes('/')
    ? text.replace(BARE_HOST_PATH, (match, host: string, path: string) =>
        looksLikeHost(host.toLowerCase())
          ? `${host}${identitySlotPath(path, pseudonyms, publicHostOf(host) !== null && PROFILE_HOSTS.has(publicHostOf(host)!) ? 'profile' : 'bare') ?? path}`
          : match,
      )
    : text;
  if (!bare.includes('://') && !bare.includes('@')) return bare;
  return bare
    .replace(URL_PATTERN, (match, scheme: string, rest: string) => rewriteUrl(match, scheme, rest, pseudonyms))
    .replace(SCP_GIT, (match, user: string, host: string, path: string) => {
      if (isPseudonym(host)) return match;
      const userOut = user === 'git' ? user : pseudonyms.of('user', user);
      return `${userOut}@${pseudonymizeHost(host, pseudonyms)}:${pathPseudonym(path, pseudonyms).replace(/^\//, '')}`;
    })
    .replace(USER_AT_HOST, (match, user: string, host: string) =>
      isPseudonym(host) || (/^[a-z]+$/i.test(host) && isVocabularyWord(host.toLowerCase())) || /^localhost$/i.test(host)
        ? match
        : `${pseudonyms.of('user', user)}@${pseudonyms.of('host', host)}`,
    );
}

function rewriteUrl(match: string, scheme: string, restWithTail: string, pseudonyms: Pseudonyms): string {
  // Sentence punctuation after a URL is not part of it.
  const tail = /[.:!?']+$/.exec(restWithTail)?.[0] ?? '';
  const rest = restWithTail.slice(0, restWithTail.length - tail.length);
  if (rest.includes('example.invalid')) return match;
  const authorityEnd = rest.search(/[/?#]/);
  const authority = authorityEnd < 0 ? rest : rest.slice(0, authorityEnd);
  const path = authorityEnd < 0 ? '' : rest.slice(authorityEnd);
  if (OBJECT_STORE.test(scheme)) {
    return `${scheme}://${pseudonyms.of('bucket', authority)}${pseudonyms.words(path)}${tail}`;
  }
  const at = authority.lastIndexOf('@');
  const userInfo = at >= 0 ? authority.slice(0, at) : null;
  const hostPort = at >= 0 ? authority.slice(at + 1) : authority;
  const portStart = hostPort.startsWith('[') ? hostPort.indexOf(']') + 1 : hostPort.lastIndexOf(':');
  const host = portStart > 0 && portStart < hostPort.length ? hostPort.slice(0, portStart) : hostPort;
  const port = hostPort.slice(host.length);
  const lower = host.toLowerCase();
  const vocabulary = vocabularyDomainOf(lower);
  // An upstream documentation link is part of the upstream message: kept whole.
  if (userInfo === null && vocabulary && (lower === vocabulary || lower === `www.${vocabulary}` || lower === `docs.${vocabulary}`)) return match;
  // A host reserved for documentation (RFC 2606) names no one: kept whole.
  if (isDocumentationHost(lower)) return match;
  let hostOut: string;
  if (IPV6_HOST.test(host)) hostOut = `[${pseudonyms.ip(host.slice(1, -1))}]`;
  else if (IPV4_HOST.test(host)) hostOut = pseudonyms.ip(host);
  else hostOut = pseudonymizeHost(host, pseudonyms);
  const userOut =
    userInfo === null
      ? ''
      : `${userInfo.includes('REDACTED') ? userInfo.replace(/^[^:[]+/, (user) => pseudonyms.of('user', user)) : pseudonyms.of('user', userInfo)}@`;
  // A probe or API path (`/healthz`, `/api/v1`) names no one; behind a public host (`github.com/acme/…`) every path does.
  const queryStart = path.search(/[?#]/);
  const pathOnly = queryStart < 0 ? path : path.slice(0, queryStart);
  const query = queryStart < 0 ? '' : path.slice(queryStart);
  const publicHost = publicHostOf(lower);
  // An identity slot is read first: a person's segment is an identifier even in an endpoint-shaped path.
  const slotted =
    publicHost === null ? identitySlotPath(pathOnly, pseudonyms) : PROFILE_HOSTS.has(publicHost) ? identitySlotPath(pathOnly, pseudonyms, 'profile') : null;
  const keepsPath = publicHost === null && ENDPOINT_PATH.test(pathOnly);
  // Behind a code host or a registry the path is an organisation and a repository, a name even when
  // made of words: one pseudonym. Anywhere else (an object endpoint, the organisation's own host,
  // whose name is already replaced) the path is a container and a key: word by word, so a quoted
  // line keeps its file names and the words upstream wrote (`<account>-shards/train-960.tar`).
  const pathOut =
    slotted ??
    (keepsPath || (publicHost !== null && PROFILE_HOSTS.has(publicHost))
      ? pathOnly
      : publicHost !== null && !OBJECT_HOSTS.has(publicHost)
        ? pathPseudonym(pathOnly, pseudonyms)
        : pseudonyms.words(pathOnly));
  return `${scheme}://${userOut}${hostOut}${port}${pathOut}${queryPseudonym(query, pseudonyms)}${tail}`;
}

/**
 * A query keeps its keys and the values that identify no one — numbers, dates and times
 * (percent-encoded too), the letters of a terse setting — so a reader still sees what the link
 * allowed and until when (an Azure SAS's `se=` expiry, `sp=` permissions, `sv=` version:
 * learn.microsoft.com/en-us/training/modules/configure-storage-security/4-identify-uri-sas-parameters). A signature or token value
 * is redacted (the redaction ran before; a value that still looks like one is redacted again),
 * any other value is pseudonymised. A fragment is pseudonymised whole.
 */
function queryPseudonym(query: string, pseudonyms: Pseudonyms): string {
  if (query.length <= 1) return query;
  const hash = query.indexOf('#');
  const fragment = hash < 0 ? '' : query.slice(hash);
  const search = hash < 0 ? query : query.slice(0, hash);
  const fragmentOut = fragment.length > 1 ? `#${pseudonyms.of('fragment', fragment.slice(1))}` : fragment;
  if (!search.startsWith('?')) return `${search}${fragmentOut}`;
  const pairs = search
    .slice(1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return QUERY_FLAG.test(pair) ? pair : pseudonyms.of('value', pair);
      const key = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      const keyOut = QUERY_KEY.test(key) ? key : pseudonyms.of('key', key);
      if (value === '' || value.includes('REDACTED')) return `${keyOut}=${value}`;
      if (SECRET_QUERY_KEY.test(key)) return `${keyOut}=${REDACTED}`;
      // Not percent-encoded as it should be: judged as written.
      const decoded = decodePercentEncoded(value);
      // A mailbox written as is (`?login_hint=jdoe@corp.com`) is left to the e-mail rule after this one,
      // so it reads as the same person there as everywhere else (its local part is the owner's login).
      if (MAILBOX_VALUE.test(value)) return `${keyOut}=${value}`;
      const keeps = IDENTIFIES_NO_ONE.test(decoded) || (key.length <= 3 && SETTING_LETTERS.test(decoded));
      return `${keyOut}=${keeps ? value : pseudonyms.of('value', value)}`;
    });
  return `?${pairs.join('&')}${fragmentOut}`;
}

/** An addr-spec (RFC 5322 §3.4.1) in the shape replaceEmailAddresses reads: local part, `@`, a domain with a dot. */
const MAILBOX_VALUE = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,10}\.[A-Za-z]{2,24}$/;
const QUERY_KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,39}$/;
const QUERY_FLAG = /^[A-Za-z][A-Za-z0-9_-]{0,15}$/;
/** Signature, credential and token parameters (SAS `sig`, S3 presigned `X-Amz-Signature`/`X-Amz-Credential`, OAuth). */
const SECRET_QUERY_KEY =
  /^(?:sig|signature|x-amz-signature|x-amz-credential|x-amz-security-token|x-goog-signature|x-goog-credential|token|access_token|id_token|refresh_token|api_key|apikey|key|code|password|secret|client_secret|auth)$/i;
/**
 * Numbers, dates and times, flags. A time may be in ISO 8601's basic format too: SigV4's
 * `X-Amz-Date` is `YYYYMMDD'T'HHMMSS'Z'` (docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html),
 * the signing time of a presigned URL, kept as the SAS `se=` expiry is.
 */
const IDENTIFIES_NO_ONE = /^(?:-?\d+(?:\.\d+)?|\d{8}T\d{6}Z|\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?|true|false)$/i;
/** The letters of a terse setting (SAS `sp=racwdl`, `sr=b`, `spr=https`): only behind a key of at most three letters. */
const SETTING_LETTERS = /^[a-z]{1,6}$/i;

/**
 * Path segments that announce a person in the next one: LinkedIn's public profile `/in/<slug>`,
 * GitHub's REST `/users/<login>`, Reddit's `/u/` and `/user/`, Semantic Scholar's `/author/<name>/<id>`,
 * a wiki's or directory's `/people/<name>`, `/profile/`, `/members/`.
 */
const IDENTITY_SLOTS = new Set(['in', 'u', 'user', 'users', 'people', 'person', 'profile', 'profiles', 'member', 'members', 'author', 'authors']);
/** A file's name (`report.pdf`) or an API version is not an account. */
const NOT_AN_ACCOUNT = /\.[A-Za-z0-9]{1,8}$|^v\d{1,2}$/;

/**
 * A path segment in an identity slot is an identifier whatever the host (a public one too): after a
 * segment that announces a person, a `~login` (a Unix user's directory, an OpenReview profile) or an
 * `@handle` (fediverse, Medium), and the only segment of a path that is not an endpoint word (a
 * profile host's `keybase.io/<user>`, `orcid.org/<id>`). A percent-encoded segment is judged decoded
 * (RFC 3986 §2.1: UTF-8 octets), so a name in another script is a name. Behind a public profile
 * host (publicVocabulary.ts PROFILE_HOSTS) every segment but a slot word is the person. A URL
 * written without its scheme (`bare`) has no lone-segment reading: `model.pt/x` is not a profile.
 * Null when no segment is one.
 */
function identitySlotPath(path: string, pseudonyms: Pseudonyms, reading: 'url' | 'bare' | 'profile' = 'url'): string | null {
  const segments = path.split('/');
  const nonEmpty = segments.filter((segment) => segment !== '');
  let found = false;
  const out = segments.map((segment, index) => {
    if (segment === '') return segment;
    const before = segments[index - 1]?.toLowerCase() ?? '';
    const decoded = decodePercentEncoded(segment);
    const slot =
      (reading === 'profile' && !IDENTITY_SLOTS.has(segment.toLowerCase())) ||
      IDENTITY_SLOTS.has(before) ||
      /^[~@][^~@]/.test(decoded) ||
      (reading === 'url' &&
        nonEmpty.length === 1 &&
        !NOT_AN_ACCOUNT.test(segment) &&
        !(/^[a-z]+$/i.test(segment) && (isVocabularyWord(segment.toLowerCase()) || isEnglishWord(segment.toLowerCase())))) ||
      (decoded !== segment && /[^\u0000-\u007f]/.test(decoded));
    if (!slot || isPseudonym(segment) || segment.includes('REDACTED')) return segment;
    found = true;
    const sigil = /^[~@]/.exec(decoded)?.[0] ?? '';
    return `${sigil}${pseudonyms.of('user', decoded.slice(sigil.length))}`;
  });
  return found ? out.join('/') : null;
}

/** A path names an organisation, a repository, a dataset: one pseudonym for it, its `.git` kept. */
function pathPseudonym(path: string, pseudonyms: Pseudonyms): string {
  if (path.length <= 1) return path;
  const git = path.endsWith('.git') ? '.git' : '';
  return `/${pseudonyms.of('path', path)}${git}`;
}
