/**
 * Generator of test material for the class "a credential under a NAME that says secret", by
 * structure rather than by vendor: secret name × encoding × place. Nothing here lists a message
 * seen; every case is a product of three small axes.
 *
 * - Names: the words of gitleaks' generic rule (gitleaks/gitleaks
 *   cmd/generate/config/rules/generic.go `generic-api-key`: keywords access, api, auth, key,
 *   credential, creds, passwd, password, secret, token; the name pattern `passw(?:or)?d`) as names
 *   software gives them (`password`, `passwd`, `pwd`, `secret`, `client_secret`, `token`,
 *   `access_token`, `api_key`, `apiKey`, `access-key`, `private_key`, `auth`, `credentials`), plus
 *   Azure's connection-string keys (`AccountKey`, `SharedAccessSignature`, learn.microsoft.com
 *   "Configure Azure Storage connection strings"), each in the spellings of its place (snake,
 *   SCREAMING_SNAKE, camelCase, kebab-case flags).
 * - Encodings a log carries a setting in: `k=v`, YAML `k: v`, JSON, JSON inside a JSON string
 *   (escaped once and twice), a Python dict repr, TOML, XML, percent-encoded (a form body or a query
 *   value), `export K=…`, CLI `--k v` / `--k=v`, an ODBC/ADO connection string `;K=…;`, an HTTP
 *   header `K: v`; and, name-independent, URL user-info `scheme://user:pass@host` for the schemes
 *   trufflehog's URI, JDBC, Postgres, Redis, MongoDB, FTP detectors read
 *   (trufflesecurity/trufflehog pkg/detectors/uri/uri.go, jdbc/jdbc.go, postgres, redis, mongodb, ftp).
 * - Places: a log line (a Kubernetes log tail), an event's message, an annotation, an environment
 *   entry's value under a name that says nothing (`APP_CONFIG`), and a container's args (words).
 * Controls: the same encodings under names that say configuration, not secret (`max_tokens`,
 *   `tokenizer`, `secretName`, `password_file`, `passwordless`, `token_type`): the value must stay.
 *
 * Values are drawn from a seeded generator at load time (no credential-shaped literal in this file):
 * a random one, and a human password with symbols that URL encoding changes (`@`, `/`, `#`, `%`).
 */
import { seededRandom } from '../support/seededRandom.js';

export interface NamedSecretCase {
  readonly name: string;
  readonly encoding: string;
  readonly place: string;
  readonly value: string;
  /** A body the recording holds (a Kubernetes or Run:ai answer shape). */
  readonly body: unknown;
  /** The text as it stands in the body (before any place wrapping): what the redactor reads in a log line. */
  readonly text: string;
  /** Whether the value is a secret (false: a control that must stay). */
  readonly secret: boolean;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const next = seededRandom(0x5ec7);
const draw = (length: number, alphabet: string): string => Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');

/**
 * Three values per name: random (a generated key), human (a password with URL-significant symbols)
 * and a passphrase of words with spaces (only where the encoding quotes or encodes it: unquoted, a
 * space ends any value).
 */
function valuesFor(index: number): string[] {
  const random = `${draw(6, 'ABCDEFGHJKLMNPQRSTUVWXYZ')}${draw(18, ALNUM)}${index % 10}`;
  const human = `Wint3r${['@', '/', '#', '%', '!'][index % 5]}${draw(4, 'abcdefghijkmnpqrstuvwxyz')}${draw(2, '0123456789')}`;
  const passphrase = `${draw(5, 'abcdefghijkmnpqrstuvwxyz')} ${draw(6, 'abcdefghijkmnpqrstuvwxyz')} ${draw(4, 'abcdefghijkmnpqrstuvwxyz')}${draw(1, '0123456789')}`;
  return [random, human, passphrase];
}

/** Encodings that keep a value with spaces whole (quoted, escaped or percent-encoded). */
const KEEPS_SPACES = new Set([
  'json',
  'json-escaped',
  'json-escaped-twice',
  'python-dict',
  'toml',
  'xml',
  'form-urlencoded',
  'percent-encoded-setting',
  'percent-encoded-json',
  'export',
  'yaml-double-quoted',
  'yaml-single-quoted',
  'json-spaced',
  'logfmt-quoted',
  'python-kwarg',
  'url-query',
  'json-header-map',
]);

/**
 * Secret names, generated: gitleaks' generic keywords as the words software ends a name with
 * (password, passwd, pwd, secret, token, api key, access key, private key, secret key, auth,
 * credentials, creds) and Azure's AccountKey / SharedAccessSignature, after no qualifier or one
 * (db, client, github, aws, app), each in the spellings of its place: snake_case, SCREAMING_SNAKE,
 * camelCase, kebab-case.
 */
const SECRET_WORDS: readonly (readonly string[])[] = [
  ['password'],
  ['passwd'],
  ['pwd'],
  ['secret'],
  ['token'],
  ['api', 'key'],
  ['access', 'key'],
  ['private', 'key'],
  ['secret', 'key'],
  ['auth'],
  ['auth', 'token'],
  ['credentials'],
  ['creds'],
];
const QUALIFIERS: readonly (readonly string[])[] = [[], ['db'], ['client'], ['github'], ['aws'], ['app']];
const SPELLINGS: readonly ((words: readonly string[]) => string)[] = [
  (words) => words.join('_'),
  (words) => words.join('_').toUpperCase(),
  (words) => words.map((word, index) => (index === 0 ? word : `${word.charAt(0).toUpperCase()}${word.slice(1)}`)).join(''),
  (words) => words.join('-'),
];
export const SECRET_NAMES: readonly string[] = [
  ...new Set([
    ...QUALIFIERS.flatMap((qualifier) => SECRET_WORDS.flatMap((word) => SPELLINGS.map((spell) => spell([...qualifier, ...word])))),
    'PGPASSWORD',
    'apikey',
    'AccountKey',
    'SharedAccessSignature',
  ]),
];

/** Names that say configuration: under them the value stays (the controls). */
export const CONTROL_NAMES: readonly string[] = [
  'max_tokens',
  'tokenizer',
  'secretName',
  'password_file',
  'passwordless',
  'token_type',
  'key_path',
  'auth_mode',
];

const kebab = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
const percent = (text: string): string => encodeURIComponent(text);
/** A name as an environment variable: SCREAMING_SNAKE, camelCase humps becoming `_` (`dbPwd` → `DB_PWD`). */
const environmentSpelling = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toUpperCase();

/** Encodings of `name` = `value`; null when the encoding does not take such a name. */
export const ENCODINGS: Readonly<Record<string, (name: string, value: string) => string>> = {
  'key=value': (n, v) => `${n}=${v}`,
  yaml: (n, v) => `${n}: ${v}`,
  json: (n, v) => `{"user": "svc", ${JSON.stringify(n)}: ${JSON.stringify(v)}}`,
  'json-escaped': (n, v) => JSON.stringify(`{"user": "svc", ${JSON.stringify(n)}: ${JSON.stringify(v)}}`).slice(1, -1),
  'json-escaped-twice': (n, v) => JSON.stringify(JSON.stringify(`{${JSON.stringify(n)}: ${JSON.stringify(v)}}`)).slice(1, -1),
  'python-dict': (n, v) => `{'user': 'svc', '${n}': '${v}'}`,
  toml: (n, v) => `${n} = "${v}"`,
  xml: (n, v) => `<${n}>${v}</${n}>`,
  'form-urlencoded': (n, v) => `user=svc&${percent(n)}=${percent(v)}&grant=1`,
  'percent-encoded-setting': (n, v) => `state=${percent(`${n}=${v}`)}`,
  'percent-encoded-json': (n, v) => `q=${percent(JSON.stringify({ [n]: v }))}`,
  export: (n, v) => `export ${environmentSpelling(n)}="${v}"`,
  'cli-space': (n, v) => `python train.py --${kebab(n)} ${v} --epochs 3`,
  'cli-equals': (n, v) => `python train.py --${kebab(n)}=${v} --epochs 3`,
  'connection-string': (n, v) => `Server=tcp:db.internal,1433;Database=runs;User ID=svc;${n}=${v};Encrypt=true`,
  'yaml-double-quoted': (n, v) => `${n}: "${v}"`,
  'yaml-single-quoted': (n, v) => `${n}: '${v}'`,
  'json-spaced': (n, v) => `{ "${n}" : "${v}" }`,
  'logfmt-quoted': (n, v) => `level=info msg="connecting" ${n}="${v}" retry=1`,
  ini: (n, v) => `${n} = ${v}`,
  'colon-no-space': (n, v) => `${n}:${v}`,
  'go-struct-print': (n, v) => `config: &{User:svc ${n.charAt(0).toUpperCase()}${n.slice(1)}:${v} Port:5432}`,
  'python-kwarg': (n, v) => `client = connect(host="db", ${n}='${v}', port=5432)`,
  'docker-env-flag': (n, v) => `docker run -e ${environmentSpelling(n)}=${v} trainer:1`,
  'java-property': (n, v) => `java -Dspring.datasource.${n}=${v} -jar app.jar`,
  'dotted-key': (n, v) => `app.datasource.${n}=${v}`,
  'url-query': (n, v) => `GET https://api.internal/v1/items?limit=5&${n}=${percent(v)}&page=2`,
  'json-header-map': (n, v) => `{"headers": {${JSON.stringify(kebab(n))}: ${JSON.stringify(v)}}}`,
  'http-header': (n, v) => `${kebab(n).replace(/(^|-)([a-z])/g, (_m, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`)}: ${v}`,
};

/** Encodings that spell the name as an environment variable (upper case): `pwd` becomes the shell's `PWD`. */
const ENVIRONMENT_SPELLED = new Set(['export', 'docker-env-flag']);

/** URL user-info, whatever the name: the schemes upstream URI detectors read. */
export const USERINFO_SCHEMES: readonly string[] = [
  'https://svc:{v}@git.internal/org/repo.git',
  'postgresql://svc:{v}@db.internal:5432/runs',
  'mysql://svc:{v}@db.internal/runs',
  'mongodb+srv://svc:{v}@cluster0.internal/runs',
  'redis://default:{v}@cache.internal:6379/0',
  'amqp://svc:{v}@mq.internal:5672/',
  'ftp://svc:{v}@files.internal/data',
  'jdbc:postgresql://db.internal:5432/runs?user=svc&password={v}',
];

/** Places a recording holds text in. */
export const PLACES: Readonly<Record<string, (text: string) => unknown>> = {
  'log-line': (text) => ({ text: `2026-12-07T04:00:00Z INFO starting with ${text}\nTraceback (most recent call last):` }),
  event: (text) => ({ events: [{ reason: 'Failed', type: 'Warning', message: `Error: config ${text} rejected` }] }),
  annotation: (text) => ({ metadata: { name: 'train-0', annotations: { 'example.com/config': text } } }),
  env: (text) => ({ spec: { containers: [{ name: 'main', env: [{ name: 'APP_CONFIG', value: text }] }] } }),
  args: (text) => ({ spec: { containers: [{ name: 'main', command: ['sh', '-c'], args: text.split(' ') }] } }),
};

export function namedSecretCases(): NamedSecretCase[] {
  const cases: NamedSecretCase[] = [];
  const add = (name: string, encoding: string, value: string, text: string, secret: boolean): void => {
    for (const [place, wrap] of Object.entries(PLACES)) cases.push({ name, encoding, place, value, text, body: wrap(text), secret });
  };
  SECRET_NAMES.forEach((name, index) => {
    for (const value of valuesFor(index))
      for (const [encoding, encode] of Object.entries(ENCODINGS)) {
        // `PWD` is the shell's working directory (isSecretName.ts NOT_SHELL_CWD), whatever the encoding: a control below.
        if (name === 'PWD' || (ENVIRONMENT_SPELLED.has(encoding) && environmentSpelling(name) === 'PWD')) continue;
        if (value.includes(' ') && !KEEPS_SPACES.has(encoding)) continue;
        add(name, encoding, value, encode(name, value), true);
      }
  });
  USERINFO_SCHEMES.forEach((template, index) => {
    for (const value of valuesFor(index + 100).slice(0, 2)) {
      const inUrl = template.startsWith('jdbc:') ? percent(value) : percent(value);
      add('(user-info)', `url-userinfo ${template.split(':')[0]}`, inUrl, template.replace('{v}', inUrl), true);
    }
  });
  add('PWD', 'export', '/workspace/run', 'export PWD="/workspace/run"', false);
  add('PWD', 'docker-env-flag', '/workspace/run', 'docker run -e PWD=/workspace/run trainer:1', false);
  CONTROL_NAMES.forEach((name) => {
    for (const [encoding, encode] of Object.entries(ENCODINGS)) add(name, encoding, 'bert-base-uncased', encode(name, 'bert-base-uncased'), false);
  });
  return cases;
}
