/**
 * Decides whether a *name* (env var, JSON/YAML key, query parameter, CLI flag) says its value
 * is a credential. The same regex source is embedded in the redaction table, so free-text
 * redaction and `redactEnvironmentValue` agree on what a secret name is.
 *
 * Rule: the name must END with a secret word (`DB_PASSWORD`, `hfToken`, `x-api-key`), so
 * `passwordless`, `--tokenizer`, `max_tokens`, `secretName`, `password_file` and `TOKEN_TYPE`
 * stay readable. Short words (`pass`, `pwd`, `auth`, …) must start a word segment (after
 * `_ . -`, the start, or a camelCase hump) so `bypass`/`compass`/`author` do not match.
 */

/** `abc` → `[aA][bB][cC]`: the name regex cannot use the `i` flag, camelCase humps need case. */
const ci = (word: string): string => word.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
const anyOf = (parts: readonly string[]): string => `(?:${parts.join('|')})`;

/**
 * Start of a word segment: not preceded by a letter/digit, a percent-encoded delimiter (`%22pwd%22`,
 * `%26auth%3D`: RFC 3986 §2.1, the escape's last character is a hex digit, not part of the word),
 * or a lower→Upper camelCase hump.
 */
const SEGMENT_START = '(?:(?<![A-Za-z0-9])|(?<=%[0-9A-Fa-f]{2})|(?<=[a-z0-9])(?=[A-Z]))';
const JOIN = '[_.-]?';

/** Secret wherever they end a name: `PGPASSWORD`, `clientSecret`, `JSESSIONID`. */
const ANYWHERE_WORDS = [
  `${ci('password')}[sS]?`,
  ci('passwd'),
  ci('passphrase'),
  ci('passcode'),
  ci('secret'), // singular only: `imagePullSecrets:`/`secrets:` list references, not values
  `${ci('credential')}[sS]?`,
  `${ci('cookie')}[sS]?`,
  ci('sessionid'),
  ci('sessid'),
  ci('signature'),
  ci('dockerconfigjson'),
  ci('dockercfg'),
];

/** Tokenizer vocabulary (`eos_token: </s>`) is ML configuration, not a credential. */
const NOT_A_CREDENTIAL_TOKEN = `(?<!${anyOf(['bos', 'eos', 'pad', 'unk', 'sep', 'cls', 'mask', 'start', 'end', 'special'].map(ci))}${JOIN})`;
const TOKEN_WORD = `${NOT_A_CREDENTIAL_TOKEN}${ci('token')}`; // singular: `max_tokens` is a count

/** Too short to trust inside another word (`bypass`, `cwd`, `author`), so they must start a segment. */
const SEGMENT_WORDS = [
  ci('pass'),
  ci('pwd'),
  ci('pw'),
  ci('auth'),
  ci('sig'),
  ci('pat'),
  ci('jwt'),
  `${ci('cred')}[sS]?`,
  `${ci('session')}(?:${JOIN}${ci('id')})?`,
].map((word) => `${SEGMENT_START}${word}`);

/**
 * `key` alone names labels and map keys; only these qualified keys are credentials. ML
 * platforms name their API key after themselves (`KAGGLE_KEY`, `WANDB_KEY`, `COMET_KEY`), with
 * no word that says "secret".
 */
const KEY_KINDS = [
  'api',
  'access',
  'secret',
  'private',
  'account',
  `shared${JOIN}access`,
  'encryption',
  'signing',
  'master',
  'client',
  'auth',
  'sas',
  'license',
  'subscription',
  'storage',
  'deploy',
  'hmac',
  'webhook',
  'admin',
  'consumer',
  'app',
  `service${JOIN}account`,
  'kaggle',
  'wandb',
  'comet',
  'neptune',
  'clearml',
  'openai',
  'anthropic',
  'cohere',
  'mistral',
  'groq',
  'replicate',
  'pinecone',
  'deepseek',
  'gemini',
  'huggingface',
  'roboflow',
  'langsmith',
  'langchain',
].map((kind) => kind.split(JOIN).map(ci).join(JOIN));
const KEY_WORDS = `${anyOf(KEY_KINDS)}${JOIN}${ci('key')}[sS]?`;

/** Encodings and indices that still denote the secret itself: `DB_PASSWORD_B64`, `TOKEN_2`, `client-key-data`. */
const QUALIFIER = `(?:${JOIN}(?:${['b64', 'base64', 'enc', 'encoded', 'value', 'raw', 'plain', 'plaintext', 'hex', 'str', 'string', 'data', 'base'].map(ci).join('|')}|\\d{1,3}))?`;

/** `PWD`/`OLDPWD` are the shell's working directories, not passwords. */
const NOT_SHELL_CWD = '(?!(?:OLD)?PWD(?![A-Za-z0-9_.-]))';

/**
 * Regex source for a whole secret name (no flags, no anchors, no capture groups). The prefix
 * is bounded and lazy so a scan costs O(100) per name-run start, never quadratic.
 */
export const SECRET_NAME_SOURCE = `${NOT_SHELL_CWD}[A-Za-z0-9_.-]{0,100}?${anyOf([...ANYWHERE_WORDS, TOKEN_WORD, ...SEGMENT_WORDS, KEY_WORDS])}${QUALIFIER}`;

const WHOLE_SECRET_NAME = new RegExp(`^(?:${SECRET_NAME_SOURCE})$`);

/** True when a value stored under `name` must be treated as a credential. */
export function isSecretName(name: string): boolean {
  return WHOLE_SECRET_NAME.test(name.trim());
}

/**
 * Bare generic words (`token: unexpected status`) are common in error chains; under these names
 * a colon-separated unquoted value is redacted only when it looks like a credential.
 */
export const WEAK_BARE_NAMES: ReadonlySet<string> = new Set([
  'token',
  'auth',
  'secret',
  'session',
  'signature',
  'sig',
  'credential',
  'credentials',
  'creds',
  'cred',
  'cookie',
  'pat',
]);
