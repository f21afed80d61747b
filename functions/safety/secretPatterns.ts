/**
 * The redaction table: one row per secret shape, applied in order by `redactSecrets`.
 * Adding a shape is adding a row. Rows run in this order on purpose: whole blocks (PEM) first,
 * then headers and URLs (which know their own structure), then vendor token shapes, then the
 * name-driven rows (`NAME=value`), and last the weakest heuristic (a random string after a
 * word such as `token`).
 *
 * Linear-time rules every row follows (irregexp backtracks):
 * - a pattern that starts with a character class has a negative lookbehind for that class, so
 *   only the first position of a run is ever tried;
 * - no nested unbounded quantifiers, adjacent quantifiers have disjoint classes or bounds;
 * - optional context before the secret (`mysql … -p`) uses bounded lazy gaps (≤ 200).
 * `replace` gets the named groups (missing ones as '') and returns the replacement, or null to
 * leave the match untouched (the scan then resumes one character later).
 */
import { REDACTED } from './redactionMarker.js';
import { SECRET_NAME_SOURCE, WEAK_BARE_NAMES } from './isSecretName.js';
import { decodeBase64, isHighEntropy, isInnocuousValue, looksLikeCredential, maskKeepingQuotes, unquote } from './secretValueHeuristics.js';

export type GroupReader = (name: string) => string;

export interface SecretPattern {
  /** Stable kebab-case id; tests and the shape count refer to it. */
  readonly name: string;
  /** Must carry the `g` flag. */
  readonly pattern: RegExp;
  readonly replace: (group: GroupReader, match: string) => string | null;
}

const whole = (): string => REDACTED;
/** Keeps the named context groups verbatim and redacts what follows them. */
const keep = (...groups: string[]) => (g: GroupReader): string => `${groups.map(g).join('')}${REDACTED}`;
const row = (name: string, pattern: RegExp, replace: SecretPattern['replace'] = whole): SecretPattern => ({ name, pattern, replace });

// ---- shared pieces (regex source strings) -------------------------------------------------
const NAME = String.raw`(?<![A-Za-z0-9_.-])(?<name>${SECRET_NAME_SOURCE})`;
/** Our own marker as one unit, so a second pass sees `[REDACTED]` whole (idempotence). */
const MARKER = String.raw`\[REDACTED\]`;
const QUOTED = String.raw`\\"(?:[^"\\\r\n]|\\[^"\r\n]){0,8192}\\"|"(?:[^"\\\r\n]|\\.){0,8192}"|'[^'\r\n]{0,8192}'`;
/**
 * When a span that stops at quotes ends in `KEY=` or `KEY:`, the quoted value after it belongs
 * to the span: otherwise a broad row (cookie, header, truncated PEM) could swallow the key of
 * `PASSPHRASE="two words"` and leave its value for no later row to recognise.
 */
const QUOTED_TAIL = String.raw`(?:(?<=[=:])[ \t]{0,8}(?:"(?:[^"\\\r\n]|\\.){0,4096}"|'[^'\r\n]{0,4096}'))?`;
/** `&`, `,` or `;` end a value only when another `key=` follows (query strings, conn strings). */
const NEXT_KEY = String.raw`(?![ \t]{0,4}[A-Za-z_][A-Za-z0-9_.-]{0,64}[ \t]{0,4}[=:])`;
/** Unquoted value: up to whitespace or a quote; a closing bracket ends it only at a token end. */
const UNQUOTED = String.raw`(?:${MARKER}|[^\s"'\\&,;)\]}]|\\(?!")|[&,;]${NEXT_KEY}|[)\]}](?![\s"',;.]|$))+${QUOTED_TAIL}`;
/** `${VAR}` / `$(VAR)` whole, so the closing bracket is not mistaken for the end of a token. */
const VAR_REF = String.raw`\$\{[A-Za-z_][A-Za-z0-9_]*\}|\$\([A-Za-z_][A-Za-z0-9_]*\)`;
const VALUE = String.raw`(?<value>${VAR_REF}|${QUOTED}|(?:Bearer|Basic|Token|bearer|basic|token)[ \t]+${UNQUOTED}|\\?["']?${UNQUOTED})`;
/** A token-like run that must not be glued to more token characters on its left. */
const B = '(?<![A-Za-z0-9_-])';
const SCHEME = '(?<scheme>(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,30}://)';

const redactValue = (g: GroupReader): string | null => (isInnocuousValue(g('value')) ? null : `${g('name')}${g('sep')}${maskKeepingQuotes(g('value'))}`);

/** `NAME=value` / `NAME: value`; weak bare names and code-looking values need more evidence. */
const redactAssignment = (g: GroupReader): string | null => {
  const value = g('value');
  const quoted = /^\\?["']/.test(value);
  if (!quoted) {
    const colon = g('sep').includes(':') && !g('sep').includes('=');
    if (colon && WEAK_BARE_NAMES.has(g('name').toLowerCase()) && !looksLikeCredential(value)) return null;
    // `token = tokenizer(text)` / `password = self.password` in quoted source lines are code.
    if (/\s/.test(g('sep')) && /^[A-Za-z_][A-Za-z0-9_]*(?:\(|\.[A-Za-z_])/.test(value)) return null;
  }
  return redactValue(g);
};

/** `--api-key API_KEY` in usage text is a metavar, not a key. */
const redactFlag = (g: GroupReader): string | null => {
  const metavar = g('name').replace(/^-+/, '').replace(/[-.]/g, '_').toUpperCase();
  return unquote(g('value')) === metavar ? null : redactValue(g);
};

const decodedHas = (needle: RegExp) => (_g: GroupReader, match: string): string | null => (needle.test(decodeBase64(match)) ? REDACTED : null);

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  // ---- key material blocks ------------------------------------------------------------------
  row('pem-private-key', /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----(?:[A-Za-z0-9+/=\s:,.()\\]|-(?!----))*-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g),
  // A truncated block (log cut, event length limit) still must not leak its base64 body.
  row('pem-private-key-unterminated', new RegExp(String.raw`-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----(?:[A-Za-z0-9+/=\s:,.()\\]|-(?!----))*${QUOTED_TAIL}`, 'g')),
  row('putty-private-key', /(?<head>Private-Lines:[ \t]*\d{1,4})(?:\s+[A-Za-z0-9+/=]{1,128}){1,400}/g, keep('head', ' ')),
  // base64 of "-----BEGIN …": k8s Secret `tls.key:` / kubeconfig `client-key-data:`.
  row('base64-pem-private-key', /(?<![A-Za-z0-9+/=])LS0tLS1CRUdJTi[A-Za-z0-9+/]{8,}={0,2}/g, decodedHas(/PRIVATE KEY/)),
  row('age-secret-key', /AGE-SECRET-KEY-1[0-9A-Z]{20,}/g),

  // ---- HTTP credentials -----------------------------------------------------------------------
  row('authorization-header', new RegExp(String.raw`(?<name>(?<![A-Za-z0-9_-])(?:[Pp]roxy-)?(?:[Aa]uthorization|AUTHORIZATION))(?<sep>\\?["']?[ \t]{0,8}[:=][ \t]{0,8}\\?["']?)(?<scheme>(?:Bearer|Basic|Token|Bot|ApiKey|SSWS|Splunk|GenieKey|Negotiate|NTLM|bearer|basic|token|key|Key)[ \t]+)?(?<value>[^\s"'\\,]+${QUOTED_TAIL})`, 'g'),
    // Without a scheme, `may require authorization: server message` is prose, not a header.
    (g) => (g('value') === REDACTED || (!g('scheme') && !looksLikeCredential(g('value'))) ? null : `${g('name')}${g('sep')}${g('scheme')}${REDACTED}`)),
  row('cookie-header', /(?<name>(?<![A-Za-z0-9_-])(?:[Ss]et-)?[Cc]ookie|SET-COOKIE|COOKIE)(?<sep>[ \t]{0,8}:[ \t]{0,8})(?<value>(?:[^\r\n"']|"[^"\r\n]{0,4096}"|'[^'\r\n]{0,4096}')+)/g,
    (g) => (g('value').trim() === REDACTED ? null : `${g('name')}${g('sep')}${REDACTED}`)),
  row('bearer-token', new RegExp(String.raw`(?<scheme>(?<![A-Za-z0-9_-])(?:Bearer|bearer|BEARER)[ \t]+)(?<value>[A-Za-z0-9._~+/=-]{8,}${QUOTED_TAIL})`, 'g'),
    (g) => (looksLikeCredential(g('value')) ? `${g('scheme')}${REDACTED}` : null)),
  row('basic-credentials', /(?<scheme>(?<![A-Za-z0-9_-])(?:Basic|basic|BASIC)[ \t]+)(?<value>[A-Za-z0-9+/]{6,}={0,2})(?![A-Za-z0-9+/=])/g,
    (g) => (/^[\x20-\x7e]+:[\x20-\x7e]*$/.test(decodeBase64(g('value'))) || looksLikeCredential(g('value')) ? `${g('scheme')}${REDACTED}` : null)),

  // ---- URLs and connection strings ------------------------------------------------------------
  // scheme://user:pass@host — postgres, mongodb+srv, redis (empty user), amqp, https, jdbc:…
  row('url-userinfo-password', new RegExp(`${SCHEME}(?<user>[^\\s:/?#@"'<>\\[\\]]{0,256}):(?<pass>[^\\s/?#"'<>]{1,512})@`, 'g'),
    (g) => `${g('scheme')}${g('user')}:${REDACTED}@`),
  // https://<token>@github.com, Sentry DSNs: a random user part is itself the credential.
  row('url-userinfo-token', new RegExp(`${SCHEME}(?<user>[^\\s:/?#@"'<>\\[\\]]{16,256})@`, 'g'),
    (g) => (isHighEntropy(g('user')) || looksLikeCredential(g('user')) && /\d/.test(g('user')) && g('user').length >= 20 ? `${g('scheme')}${REDACTED}@` : null)),
  // Go/MySQL DSN without a scheme: user:pass@tcp(host:3306)/db
  row('go-sql-dsn', /(?<user>(?<![A-Za-z0-9_.-])[A-Za-z0-9_.-]{1,64}):(?<pass>[^\s@/]{1,256})@(?<proto>tcp|unix|udp)\(/g,
    (g) => `${g('user')}:${REDACTED}@${g('proto')}(`),
  row('azure-storage-account-key', new RegExp(String.raw`(?<name>(?<![A-Za-z0-9_-])(?:AccountKey|SharedAccessKey|SharedAccessSignature)=)(?<value>[^;"'\s]+${QUOTED_TAIL})`, 'g'),
    (g) => (g('value') === REDACTED ? null : `${g('name')}${REDACTED}`)),
  row('azure-sas-signature', new RegExp(String.raw`(?<name>(?<=[?&])sig=)(?<value>[^&#\s"'<>]+${QUOTED_TAIL})`, 'g'), keep('name')),
  row('url-query-credential', new RegExp(String.raw`(?<name>(?<=[?&;])(?:key|code|apikey|api-key|access_token|id_token|refresh_token|client_secret)=)(?<value>[^&#\s"'<>]+${QUOTED_TAIL})`, 'gi'), keep('name')),
  row('slack-webhook-url', /(?<base>hooks\.slack\.com\/(?:services|workflows|triggers)\/)[A-Za-z0-9_/-]{8,}/g, keep('base')),
  row('discord-webhook-url', /(?<base>discord(?:app)?\.com\/api\/webhooks\/\d{5,25}\/)[A-Za-z0-9_-]{20,}/g, keep('base')),

  // ---- vendor token shapes (self-identifying prefixes) ------------------------------------------
  row('aws-access-key-id', /(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])/g),
  row('github-token', new RegExp(`${B}gh[pousr]_[A-Za-z0-9]{36,255}`, 'g')),
  row('github-fine-grained-pat', new RegExp(`${B}github_pat_[A-Za-z0-9_]{22,255}`, 'g')),
  row('gitlab-token', new RegExp(`${B}gl(?:pat|dt|rt|ptt|cbt|oas|soat|ft|imt|agent)-[A-Za-z0-9_-]{20,}`, 'g')),
  row('huggingface-token', /(?<![A-Za-z0-9_-])(?:hf_|api_org_)[A-Za-z0-9]{30,}/g),
  row('anthropic-api-key', new RegExp(`${B}sk-ant-[A-Za-z0-9_-]{20,}`, 'g')),
  // OpenAI (sk-, sk-proj-, sk-svcacct-): random keys mix case and digits; `sk-learn-…` names do not.
  row('openai-api-key', new RegExp(`${B}sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}`, 'g'),
    (_g, match) => (/[A-Z]/.test(match) && /\d/.test(match) ? REDACTED : null)),
  row('slack-token', new RegExp(`${B}(?:xox[abposr]|xapp)-[A-Za-z0-9-]{10,}`, 'g')),
  row('stripe-key', new RegExp(`${B}(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,}|${B}whsec_[A-Za-z0-9]{20,}`, 'g')),
  row('npm-token', new RegExp(`${B}npm_[A-Za-z0-9]{36}`, 'g')),
  row('pypi-token', new RegExp(`${B}pypi-[A-Za-z0-9_-]{50,}`, 'g')),
  row('docker-hub-pat', new RegExp(`${B}dckr_(?:pat|oat)_[A-Za-z0-9_-]{20,}`, 'g')),
  row('nvidia-ngc-api-key', new RegExp(`${B}nvapi-[A-Za-z0-9_-]{20,}`, 'g')),
  row('google-api-key', new RegExp(`${B}AIza[0-9A-Za-z_-]{35}`, 'g')),
  row('google-oauth-client-secret', new RegExp(`${B}GOCSPX-[A-Za-z0-9_-]{20,}`, 'g')),
  row('google-oauth-access-token', new RegExp(`${B}ya29\\.[0-9A-Za-z_-]{20,}`, 'g')),
  row('azure-ad-client-secret', /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.-]{3}\d[Qq]~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/g),
  row('databricks-token', new RegExp(`${B}dapi[0-9a-f]{32}(?:-\\d)?`, 'g')),
  row('digitalocean-token', new RegExp(`${B}do[por]_v1_[a-f0-9]{64}`, 'g')),
  row('hashicorp-vault-token', new RegExp(`${B}hv[sbr]\\.[A-Za-z0-9_-]{24,}`, 'g')),
  row('terraform-cloud-token', /(?<![A-Za-z0-9])[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,}/g),
  row('grafana-token', new RegExp(`${B}(?:glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|glc_[A-Za-z0-9+/]{32,}={0,2})`, 'g')),
  row('sendgrid-api-key', new RegExp(`${B}SG\\.[A-Za-z0-9_-]{16,32}\\.[A-Za-z0-9_-]{16,64}`, 'g')),
  row('shopify-token', new RegExp(`${B}shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}`, 'g')),
  row('atlassian-api-token', new RegExp(`${B}ATATT3[A-Za-z0-9_=-]{30,}`, 'g')),
  row('replicate-api-token', new RegExp(`${B}r8_[A-Za-z0-9]{30,}`, 'g')),
  row('groq-api-key', new RegExp(`${B}gsk_[A-Za-z0-9]{40,}`, 'g')),
  row('postman-api-key', new RegExp(`${B}PMAK-[a-f0-9]{24}-[a-f0-9]{34}`, 'g')),
  row('pulumi-access-token', new RegExp(`${B}pul-[a-f0-9]{40}`, 'g')),
  row('telegram-bot-token', /(?<![A-Za-z0-9:])\d{8,10}:AA[A-Za-z0-9_-]{33}/g),
  // JWTs, including Kubernetes service-account tokens: header.payload.signature.
  row('jwt', new RegExp(`${B}eyJ[A-Za-z0-9_-]{5,}\\.eyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]*`, 'g')),
  // base64 JSON carrying credentials: `.dockerconfigjson` data, Neptune tokens, docker `auths`.
  row('base64-json-credential', /(?<![A-Za-z0-9+/=_-])eyJ[A-Za-z0-9+/_-]{16,}={0,2}/g,
    decodedHas(/"(?:auths?|password|token|secret|api_?key|private_key|identitytoken)"/i)),

  // ---- command lines ---------------------------------------------------------------------------
  // mysql -psecret: the password is glued to -p (`-p secret` prompts and names a database).
  row('mysql-password-flag', /(?<cmd>(?<![A-Za-z0-9_-])(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mysqlsh|mariadb|mariadb-dump)(?![A-Za-z0-9_-])[^\n|;&]{0,200}?[ \t]-p)(?<value>[^\s"'-][^\s"']*|"[^"\n]*"|'[^'\n]*')/g,
    (g) => (g('value') === REDACTED ? null : `${g('cmd')}${REDACTED}`)),
  row('registry-login-password-flag', /(?<cmd>(?<![A-Za-z0-9_-])(?:docker|podman|nerdctl|buildah|skopeo|oras|crane|helm(?:[ \t]+registry)?)[ \t]+login(?![A-Za-z0-9_-])[^\n|;&]{0,200}?[ \t]-p(?:[ \t]+|=))(?<value>[^\s"'-][^\s"']*|"[^"\n]*"|'[^'\n]*')/g, keep('cmd')),
  row('sshpass-password', /(?<cmd>(?<![A-Za-z0-9_-])sshpass[ \t]+-p[ \t]*)(?<value>[^\s"'-][^\s"']*|"[^"\n]*"|'[^'\n]*')/g, keep('cmd')),
  row('curl-user-credentials', new RegExp(String.raw`(?<cmd>(?<![A-Za-z0-9_-])(?:curl|wget|httpie)(?![A-Za-z0-9_-])[^\n|;&]{0,200}?[ \t](?:-u|--user|--proxy-user|-U)(?:[ \t]+|=)["']?[^\s:"']{0,128}:)(?<value>[^\s"']+${QUOTED_TAIL})`, 'g'), keep('cmd')),
  row('netrc-password', /(?<head>(?<![A-Za-z0-9_-])machine[ \t]+\S{1,253}(?:\s+login[ \t]+\S{1,256})?\s+password[ \t]+)(?<value>\S+)/g, keep('head')),
  row('wandb-login-key', /(?<cmd>(?<![A-Za-z0-9_-])wandb[ \t]+login(?:[ \t]+--\S+)*[ \t]+)(?<value>[0-9a-f]{40}|[A-Za-z0-9_-]{40,86})(?![A-Za-z0-9_-])/g, keep('cmd')),
  row('kubeadm-bootstrap-token', /(?<![A-Za-z0-9.])[a-z0-9]{6}\.[a-z0-9]{16}(?![A-Za-z0-9.])/g, (_g, m) => (/\d/.test(m) && /[a-z]/.test(m.slice(7)) ? REDACTED : null)),

  // ---- name-driven rows --------------------------------------------------------------------------
  // Kubernetes env entries: {"name":"DB_PASSWORD","value":"…"} and YAML `- name: X⏎  value: …`.
  row('k8s-env-name-value', new RegExp(`(?<pre>(?<![A-Za-z0-9_.-])\\\\?["']?name\\\\?["']?[ \\t]{0,8}[:=][ \\t]{0,8}\\\\?["']?)${NAME.replace('(?<![A-Za-z0-9_.-])', '')}(?<mid>\\\\?["']?[ \\t]{0,8},?\\s{0,32}(?:-[ \\t]{0,8})?\\\\?["']?value\\\\?["']?[ \\t]{0,8}[:=][ \\t]{0,8})${VALUE}`, 'g'),
    (g) => (isInnocuousValue(g('value')) ? null : `${g('pre')}${g('name')}${g('mid')}${maskKeepingQuotes(g('value'))}`)),
  row('k8s-env-value-name', new RegExp(`(?<pre>\\\\?"value\\\\?"[ \\t]{0,8}:[ \\t]{0,8})(?<value>${QUOTED})(?<mid>[ \\t]{0,8},\\s{0,32}\\\\?"name\\\\?"[ \\t]{0,8}:[ \\t]{0,8}\\\\?")(?<name>${SECRET_NAME_SOURCE})(?=\\\\?")`, 'g'),
    (g) => (isInnocuousValue(g('value')) ? null : `${g('pre')}${maskKeepingQuotes(g('value'))}${g('mid')}${g('name')}`)),
  // "password": "…" / 'api_key': '…' / environ["TOKEN"] = "…": a quoted key needs a quoted value,
  // which keeps kubelet's `volume "hf-token" : secret "x" not found` readable.
  row('secret-quoted-key', new RegExp(`(?<=["'])${NAME}(?<sep>\\\\?["']\\]?[ \\t]{0,8}(?::?=|:)[ \\t]{0,8})(?<value>${QUOTED})`, 'g'), redactValue),
  // DB_PASSWORD=…, password: …, --password=…, AWS_SECRET_ACCESS_KEY = …, ?access_token=…
  row('secret-assignment', new RegExp(`${NAME}(?<sep>[ \\t]{0,8}(?::?=(?![=>~])|:(?![:/]))[ \\t]{0,8})${VALUE}`, 'g'), redactAssignment),
  // --password X, --token X, --api-key X, --client-secret X (space-separated flag values).
  row('secret-flag', new RegExp(`${NAME.replace('(?<name>', '(?<name>(?=-)')}(?<sep>[ \\t]+)(?!-)${VALUE}`, 'g'), redactFlag),

  // ---- weakest: a random string right after a secret word ------------------------------------------
  row('secret-word-high-entropy', /(?<lead>(?<![A-Za-z0-9])(?:tokens?|secrets?|passwords?|passwd|api[ _-]?keys?|access[ _-]?keys?|secret[ _-]?keys?|private[ _-]?keys?|credentials?|pat)[ \t]{1,8}(?:(?:is|was|of|for|value|=|:)[ \t]{1,8})?\\?["'`]?)(?<value>[A-Za-z0-9+/_.~=-]{16,1024})/gi,
    (g) => (isHighEntropy(g('value')) ? `${g('lead')}${REDACTED}` : null)),
];
