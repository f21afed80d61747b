/**
 * Identifier shapes of people and infrastructure found in free text (event and phase messages,
 * the submitted command and args, log tails), pseudonymised by `--anonymize` wherever they
 * appear — not only where a field names them — after URLs (replaceLocators.ts), e-mail
 * addresses and the names the answers' fields carry were replaced:
 *
 * - managed Kubernetes node names (GKE, AKS, OKE) as a whole (replaceManagedNodeNames.ts);
 * - AWS ARNs (the account id and the resource; partition, service and region stay), home
 *   and per-user scratch folders (they carry the user name), `id` output and passwd entries
 *   (replacePosixAccounts.ts), a cloud project in a resource name and a Twilio account
 *   (replaceCloudResourceNames.ts), IPv4 and IPv6 addresses, and addresses spelt with
 *   dashes inside a name (EC2's `ip-10-31-4-201`);
 * - host names and FQDNs by their shape (publicVocabulary.ts: lower-case labels ending in a
 *   top-level domain): Python module paths, file names, versions and CamelCase code do not have
 *   it, and upstream API groups (`nvidia.com/gpu`, `node.kubernetes.io/…`) are vocabulary;
 * - the value of an identity-bearing setting (`--customer acme`, `USER=jdoe`, `MASTER_ADDR=…`,
 *   `owner: …`): its key says the value names someone or something of theirs;
 * - a user or customer named in prose after the noun that says so (`for user "jdoe"`);
 * - chat channels (`#ml-oncall`);
 * - Windows UNC paths and logon names (replaceWindowsNames.ts), telephone numbers and employee
 *   codes (replacePersonalNumbers.ts);
 * - IBANs, payment card numbers, hardware addresses (MAC, EUI-64, InfiniBand GUID) and cloud
 *   resource ids (AWS, OCI) by their standard structure (replaceStructuredIdentifiers.ts);
 * - Slurm hostlists and the USER column of a scheduler's table (replaceSchedulerListings.ts).
 *
 * The diagnosis never reads any of these (its signals are event reasons, exit codes, phases and
 * Kubernetes' and the frameworks' own phrasing), so the replay's verdict does not change.
 * Every pattern is bounded, one linear scan each.
 */
import { isPseudonym, pseudonymizeHost, type Pseudonyms } from './pseudonymizeHost.js';
import { isDocumentationHost, isSourceExtension, looksLikeHost, looksLikeServiceWithPort, vocabularyDomainOf } from './publicVocabulary.js';
import { replaceManagedNodeNames } from './replaceManagedNodeNames.js';
import { replacePersonalNumbers } from './replacePersonalNumbers.js';
import { replacePosixAccounts } from './replacePosixAccounts.js';
import { replaceProtocolFieldValues } from './replaceProtocolFieldValues.js';
import { replaceCloudResourceNames } from './replaceCloudResourceNames.js';
import { replaceSchedulerListings } from './replaceSchedulerListings.js';
import { replaceStructuredIdentifiers } from './replaceStructuredIdentifiers.js';
import { replaceWindowsNames } from './replaceWindowsNames.js';
import { isVocabularyWord } from './upstreamVocabulary.js';

const ARN = /\barn:(aws[a-z-]{0,20}):([a-z0-9-]{1,64}):([a-z0-9-]{0,32}):(\d{12})?:([^\s"'`,;)\]}]{1,512})/g;
/**
 * A home or per-user work folder: its first segment is a login. Besides homes (`/home`, macOS
 * `/Users`), HPC sites give each user a scratch and a work folder at the file system's root
 * (`/scratch/<login>`, `/work/<login>`; e.g. the Slurm clusters' `$SCRATCH`, docs.nersc.gov
 * "File systems", docs.alliancecan.ca "Storage and file management": `/scratch/<username>`).
 * Those are matched at the start of a path only, and their segment must be a folder (a `/`
 * follows): `/scratch/tmp.bin` is a file.
 */
const HOME = /(\/home|\/Users|\/users|\/u|\/usr\/home|(?<![\w.~-])\/(?:scratch|work|nobackup)(?=\/[A-Za-z0-9._-]{1,64}\/))\/([A-Za-z0-9._-]{1,64})/g;
const WINDOWS_HOME = /\b([A-Za-z]:\\+Users\\+)([^\\\s"'`]{1,64})/g;
const IPV4 = /(?<![\w.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?![\w.]|\.\d)/g;
/**
 * An IPv6 address in any of RFC 4291 §2.2's text forms — full, or compressed with one `::` anywhere
 * (`fe80::ea68:a5c9:9a19:4dd2`, `fd00::5`, `::1`) — optionally with a zone (`%eth0`, `%25eth0` in a
 * URL; RFC 6874): a candidate run of hex groups and colons, then checked by isIpv6Address. The zone
 * names an interface of the machine, not the machine: it stays.
 */
const IPV6 = /(?<![\w:.])(?:[0-9A-Fa-f]{1,4})?(?::[0-9A-Fa-f]{0,4}){2,8}(?=%|(?![\w:]))/g;
const DASHED_IPV4 = /(?<![\d-])(\d{1,3})-(\d{1,3})-(\d{1,3})-(\d{1,3})(?!\d|-\d)/g;
// Not inside a longer name; a leading dot is allowed at a word's start (`.corp.internal` in NO_PROXY, a
// domain a log wrapped onto the next line).
/** A short in-cluster service name and its port (`redis.cache:6379`, `triton.serving:8001`). */
const SERVICE_WITH_PORT = /(?<![\w.@/-])([a-z0-9][a-z0-9-]{0,62}(?:\.[a-z0-9][a-z0-9-]{0,62}){1,3})(:\d{2,5})(?![\d.:])/g;
const HOST = /(?<![\w@-])(?<![\w-]\.)(?:[A-Za-z0-9-]{1,63}\.){1,126}[A-Za-z][A-Za-z0-9-]{0,62}(?![\w-]|\.[A-Za-z0-9])/g;
/**
 * A setting: `--flag value`, `--flag=value`, `key=value`, `key: value`. Its value is pseudonymised
 * when the key's last word names a person, an organisation or a machine (IDENTITY_WORDS). In prose
 * (`the API server: …`) a colon is just a colon: `key: value` counts only at the start of a line
 * or of a structure. In a form body or a query (`login_hint=jdoe&prompt=consent`) the value ends
 * where the next `&key=` begins, and that key is a setting of its own.
 */
const SETTING =
  /(?<![\w.-])(?:(--?)([A-Za-z][A-Za-z0-9_.-]{0,63})(=|[ \t]+)|([A-Za-z][A-Za-z0-9_.-]{0,63})(=|:[ \t]?))((?:[^\s"'`,;()[\]{}<>&]|&(?![A-Za-z_][\w.-]{0,63}=)){1,512})/g;
const IDENTITY_WORDS = new Map<string, string>([
  ...['user', 'username', 'owner', 'author', 'email', 'mail', 'login', 'principal', 'contact', 'submitter', 'requester'].map((word) => [word, 'user'] as const),
  ...['host', 'hostname', 'server', 'endpoint', 'addr', 'address', 'node', 'nodename', 'domain'].map((word) => [word, 'host'] as const),
  ...['url', 'uri'].map((word) => [word, 'url'] as const),
  ...['customer', 'client', 'company', 'tenant', 'team', 'org', 'organization', 'organisation', 'account'].map((word) => [word, 'name'] as const),
  ...['bucket', 'registry', 'channel'].map((word) => [word, word] as const),
  ...['repo', 'repository'].map((word) => [word, 'repo'] as const),
]);
/**
 * A quoted key and its quoted value, as JSON (`"owner": "jdoe"`) or a Python dict repr (`'owner':
 * 'jdoe'`) writes them — at any depth of escaping (`\"owner\": \"jdoe\"` is JSON inside a JSON
 * string, and one level deeper doubles the backslashes): the key and the value are quoted the same way.
 */
const QUOTED_SETTING = /(\\{0,15}["'])([A-Za-z][A-Za-z0-9_.-]{0,63})\1([ \t]*:[ \t]*)\1([^"'\\\s]{1,256})\1/g;
const STRUCTURE_START = /(?:^|[\n{[(,;"'])[ \t]*$/;
/**
 * A person, a customer, an account or a node pool named in prose after the words that say so
 * (`for user "jdoe"`, `customer Initech`, `requested by jdoe42`, `in account 123456789012`,
 * `pool gpu-a100-3`): the name is taken when it is quoted, a proper noun (after a noun of a
 * person or an organisation only), or shaped like a login (`j.doe`, `jdoe42`) — `user
 * namespaces`, `requested by the scheduler` and `pool default` stay. An AWS account id is 12
 * digits (docs.aws.amazon.com/accounts/latest/reference/manage-acct-identifiers.html).
 */
const NAMED_IN_PROSE =
  /\b(?:((?:user(?:name)?|owner|customer|tenant|company)[ \t]+)(?:(["'])([^"'\s]{1,64})\2|([A-Z][A-Za-z0-9&-]{1,63}|[a-z][a-z0-9-]{0,30}[._0-9][a-z0-9._-]{0,31}))|((?:(?:requested|submitted|created|launched|started|restarted|triggered|initiated|approved|deleted|stopped)[ \t]+by|(?:node[ -]?|agent)?pool)[ \t]+)(?:(["'])([^"'\s]{1,64})\6|([a-z][a-z0-9-]{0,30}[._0-9][a-z0-9._-]{0,31}))|(account(?:[ \t]+id)?[ \t]+)(\d{12})(?!\d))/g;
/**
 * The agent of a passive (`owned by`, `reviewed by`, `maintained by`: a past participle and
 * `by`) written as a lower-case first and last name (`warmup owned by jan kowal`): two words,
 * letters only, neither upstream's nor an inflection of an upstream word, and no third word
 * after them (`caused by memory pressure now` is a clause). Upper-case names are the word
 * rule's (proper nouns); a login-shaped agent is NAMED_IN_PROSE's.
 */
const PASSIVE_AGENT = /\b([a-z]{2,20}ed[ \t]+by[ \t]+)([a-z]{3,20})[ \t]+([a-z]{3,20})(?![\w-]|[ \t]+[a-z])/g;
/**
 * The agent of any passive written as a dotted login (`shell opened by doe.jane`, `rotated by j.doe`):
 * NAMED_IN_PROSE reads a login after a fixed list of verbs; a past participle (`-ed`, `-en`) and `by`
 * say the same of any verb, so the verb is read by its shape. (A login joined by `_` or `-` is already
 * the word rule's, word by word; a dotted one reads as lower-case words there.) It is a person's only
 * when one of its runs of three letters or more is no upstream word (`raised by torch.distributed`,
 * `written by torch.save` stay) and it is no host and no file (`generated by setup.py`, `train.yaml`).
 */
const PASSIVE_LOGIN = /\b([a-z]{2,20}(?:ed|en)[ \t]+by[ \t]+)([a-z][a-z0-9]{0,30}(?:\.[a-z][a-z0-9]{0,30}){1,3})(?![\w@-]|\.[A-Za-z0-9])/g;
const CHANNEL = /(?<=^|[\s"'([{,=:])#([a-z][a-z0-9._-]{1,79})/g;
const IS_TIME = /^\d{1,2}:\d{2}(?::\d{2})?$/;
const NOT_A_NAME = /^(?:-.*|\$.*|\d[\d.,]*[A-Za-z]{0,3}|true|false|yes|no|none|null|nil|undefined|localhost|\[REDACTED\].*|\*+)$/i;

export function replaceInfrastructureIdentifiers(text: string, pseudonyms: Pseudonyms): string {
  let out = text.replace(ARN, (match, partition: string, service: string, region: string, account: string | undefined, resource: string) =>
    match.includes('example.invalid')
      ? match
      : `arn:${partition}:${service}:${region}:${account ? pseudonyms.digits(account, 12) : ''}:${pseudonyms.of('resource', resource)}`,
  );
  out = replacePosixAccounts(out, pseudonyms);
  // Before the host and word rules: a managed node's name is one identifier, not words.
  out = replaceManagedNodeNames(out, pseudonyms);
  out = replaceCloudResourceNames(out, pseudonyms);
  out = out.replace(HOME, (match, root: string, user: string) => (isPseudonym(user) ? match : `${root}/${pseudonyms.of('user', user)}`));
  out = out.replace(WINDOWS_HOME, (match, root: string, user: string) => (isPseudonym(user) ? match : `${root}${pseudonyms.of('user', user)}`));
  // Before the address rules: a MAC's colon pairs and a GUID's groups are not IPv6.
  out = replaceStructuredIdentifiers(out, pseudonyms);
  out = out.replace(IPV4, (match) => (isPseudonym(match) ? match : pseudonyms.ip(match)));
  out = out.replace(IPV6, (match) =>
    IS_TIME.test(match) || /^[0-9:]+$/.test(match) || !isIpv6Address(match) || isPseudonym(match) ? match : pseudonyms.ip(match),
  );
  out = out.replace(DASHED_IPV4, (match, ...octets: string[]) => {
    const parts = octets.slice(0, 4);
    if (parts.some((octet) => Number(octet) > 255)) return match;
    const dotted = parts.join('.');
    return isPseudonym(dotted) ? match : pseudonyms.ip(dotted).replaceAll('.', '-');
  });
  out = replaceWindowsNames(out, pseudonyms);
  out = out.replace(SERVICE_WITH_PORT, (match, name: string, port: string) =>
    looksLikeServiceWithPort(name) && !isPseudonym(name) && !looksLikeHost(name) && vocabularyDomainOf(name) === null
      ? `${pseudonymizeHost(`${name}.svc`, pseudonyms).replace(/\.svc$/, '')}${port}`
      : match,
  );
  out = out.replace(HOST, (match, offset: number, whole: string) => rewriteHost(match, whole.charAt(offset + match.length), pseudonyms));
  // A protocol field that names a principal (`Impersonate-User: jdoe`, `X-Scope-OrgID: initech`), wherever it is written.
  out = replaceProtocolFieldValues(out, pseudonyms);
  out = out.replace(
    SETTING,
    (
      match,
      dashes: string | undefined,
      flag: string | undefined,
      flagSeparator: string | undefined,
      plainKey: string | undefined,
      plainSeparator: string | undefined,
      rawValue: string,
      offset: number,
      whole: string,
    ) => {
      const key = flag ?? plainKey ?? '';
      const separator = flagSeparator ?? plainSeparator ?? '';
      if (separator.startsWith(':') && !STRUCTURE_START.test(whole.slice(Math.max(0, offset - 80), offset))) return match;
      const value = rawValue.replace(/[.:]+$/, '');
      const replaced = settingValuePseudonym(key, value, pseudonyms);
      return replaced === null ? match : `${dashes ?? ''}${key}${separator}${replaced}${rawValue.slice(value.length)}`;
    },
  );
  out = out.replace(QUOTED_SETTING, (match, quote: string, key: string, colon: string, value: string) => {
    const replaced = settingValuePseudonym(key, value, pseudonyms);
    return replaced === null ? match : `${quote}${key}${quote}${colon}${quote}${replaced}${quote}`;
  });
  out = out.replace(NAMED_IN_PROSE, (match, ...groups: (string | undefined)[]) => {
    const [personNoun, personQuote, personQuoted, personBare, agentNoun, agentQuote, agentQuoted, agentBare, accountNoun, accountId] = groups;
    if (accountNoun !== undefined && accountId !== undefined) return `${accountNoun}${pseudonyms.digits(accountId, 12)}`;
    const noun = personNoun ?? agentNoun ?? '';
    const quote = personQuote ?? agentQuote ?? '';
    const name = personQuoted ?? personBare ?? agentQuoted ?? agentBare ?? '';
    if (isPseudonym(name) || name.includes('example.invalid') || NOT_A_NAME.test(name)) return match;
    const kind = /pool/i.test(noun) ? 'pool' : /^(?:user|owner)|by$/i.test(noun.trim()) ? 'user' : 'name';
    return `${noun}${quote}${pseudonyms.of(kind, name)}${quote}`;
  });
  if (out.includes('ed by ')) {
    out = out.replace(PASSIVE_AGENT, (match, head: string, first: string, last: string) =>
      isUpstreamWord(first) || isUpstreamWord(last) ? match : `${head}${pseudonyms.of('name', first)} ${pseudonyms.of('name', last)}`,
    );
  }
  if (out.includes(' by '))
    out = out.replace(PASSIVE_LOGIN, (match, head: string, login: string) => (isLoginOfNames(login) ? `${head}${pseudonyms.of('user', login)}` : match));
  out = replacePersonalNumbers(out, pseudonyms);
  out = replaceSchedulerListings(out, pseudonyms);
  return out.replace(CHANNEL, (match, name: string) => (isPseudonym(name) ? match : `#${pseudonyms.of('channel', name)}`));
}

/**
 * The names an identity setting gives (`customer: initech` in a YAML annotation, `--owner jdoe`,
 * `TEAM=vandelay`), person (`user`) or organisation (`name`): found in every answer — those the
 * diagnosis never reads included — before anything is rewritten, so the same name alone in prose
 * (`stream initech shards`, where the word rule would keep a lower-case word as the program's)
 * gets the same pseudonym as in its setting. Hosts, URLs and numbers are left to their own rules.
 */
export function identitySettingsOf(text: string, each: (kind: 'user' | 'name', value: string) => void): void {
  if (!/[=:\s]/.test(text)) return;
  for (const match of text.matchAll(SETTING)) {
    const [, , flag, flagSeparator, plainKey, plainSeparator, rawValue] = match;
    const separator = flagSeparator ?? plainSeparator ?? '';
    if (separator.startsWith(':') && !STRUCTURE_START.test(text.slice(Math.max(0, match.index - 80), match.index))) continue;
    const kind = IDENTITY_WORDS.get(lastWord(flag ?? plainKey ?? ''));
    const value = (rawValue ?? '').replace(/[.:]+$/, '');
    if ((kind === 'user' || kind === 'name') && !NOT_A_NAME.test(value) && !isPseudonym(value) && !looksLikeHost(value) && !value.includes('@'))
      each(kind, value);
  }
}

function rewriteHost(host: string, next: string, pseudonyms: Pseudonyms): string {
  if (!looksLikeHost(host) || isPseudonym(host) || isDocumentationHost(host)) return host;
  const vocabulary = vocabularyDomainOf(host);
  // `nvidia.com/gpu`, `node.kubernetes.io/not-ready`: an API group or label prefix is vocabulary.
  if (vocabulary && (next === '/' || host === vocabulary || host === `www.${vocabulary}` || host === `docs.${vocabulary}`)) return host;
  return pseudonymizeHost(host, pseudonyms);
}

/** RFC 4291 §2.2: eight groups, or fewer around exactly one `::` (at least three groups or a `::` edge: `a::b` reads as code). */
function isIpv6Address(candidate: string): boolean {
  const halves = candidate.split('::');
  if (halves.length > 2) return false;
  const groups = (half: string | undefined) => (half ? half.split(':') : []);
  const all = [...groups(halves[0]), ...groups(halves[1])];
  if (!all.every((group) => /^[0-9A-Fa-f]{1,4}$/.test(group))) return false;
  if (halves.length === 1) return all.length === 8;
  return all.length <= 7 && (all.length >= 2 || candidate.startsWith('::') || candidate.endsWith('::'));
}

/**
 * What an identity setting's value becomes (`OWNER=jdoe`, `--author-id 0089210644`, `"customer": "initech"`),
 * for the plain and the quoted form alike; null: the key names no identity, or the value is none (a flag,
 * a number that is a quantity, a pseudonym already written, a URL the locator rule reads).
 */
function settingValuePseudonym(key: string, value: string, pseudonyms: Pseudonyms): string | null {
  const kind = IDENTITY_WORDS.get(lastWord(key));
  if (!kind) return null;
  if (isIdentityNumber(key, kind, value)) return pseudonyms.of(kind, value);
  if (value === '' || NOT_A_NAME.test(value) || isPseudonym(value) || value.includes('example.invalid') || value.includes('://')) return null;
  return looksLikeHost(value) ? pseudonymizeHost(value, pseudonyms) : pseudonyms.of(kind, value);
}

/** A login of joined names: a run of three letters or more that is no upstream word, and no file (an upstream extension at its end). */
function isLoginOfNames(login: string): boolean {
  const extension = /\.([a-z0-9]{1,4})$/.exec(login)?.[1];
  if (isPseudonym(login) || looksLikeHost(login) || (extension !== undefined && (isSourceExtension(extension) || isVocabularyWord(extension)))) return false;
  return (login.match(/[a-z]{3,}/g) ?? []).some((run) => !isUpstreamWord(run));
}

/** An upstream word or an inflection of one (`restarts`, `pressured`): not a name. */
function isUpstreamWord(lower: string): boolean {
  if (isVocabularyWord(lower) || isPseudonym(lower)) return true;
  const stem = /^(.{3,}?)(?:ing|ed|es|s|er|ion)$/.exec(lower)?.[1];
  return stem !== undefined && (isVocabularyWord(stem) || isVocabularyWord(`${stem}e`));
}

/**
 * A number is a quantity (a count, a size, a port) and stays, except the one a key calls a person's or
 * an organisation's id (`--author-id 0089210644`, `user_id=1234`, `"customerId": "40213"`): there the
 * number is the identity itself — a profile's address (Semantic Scholar's `/author/<id>`), a row in
 * someone's user table — and gets the pseudonym the same id has in a URL's identity slot
 * (`semanticscholar.org/author/<name>/<id>`, replaceLocators.ts identitySlotPath): one identity, one
 * pseudonym. Only in its setting: the same digits alone elsewhere are a number like any other (a
 * whole-number match would take `7` of `user_id=7` in every exit code). A machine's number stays
 * (`node_id=3` is an index, `--node 2` a rank): only the words of a person or an organisation count.
 */
function isIdentityNumber(key: string, kind: string, value: string): boolean {
  if ((kind !== 'user' && kind !== 'name') || !/^\d{1,32}$/.test(value)) return false;
  const words = wordsOf(key);
  return words.length > 1 && words[words.length - 1] === 'id';
}

function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[_.-]/);
}

/** `MASTER_ADDR` → addr, `ownerEmail` → email, `--db-host` → host. */
function lastWord(key: string): string {
  const words = wordsOf(key);
  const last = words[words.length - 1] ?? '';
  // A qualifier says which of the identity's forms the value is, not that it is no identity:
  // `customer_id=initech`, `OWNER_NAME=jdoe`, `--team-name vandelay`, OAuth's `login_hint=jdoe`
  // (OpenID Connect Core §3.1.2.1), `repo_id=org/model` — the word before it decides.
  if (words.length > 1 && IDENTITY_QUALIFIERS.has(last) && IDENTITY_WORDS.has(words[words.length - 2]!)) return words[words.length - 2]!;
  return last;
}
const IDENTITY_QUALIFIERS = new Set(['id', 'name', 'hint', 'handle', 'slug']);
