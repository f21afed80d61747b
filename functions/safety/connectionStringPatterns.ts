/** Rows for credentials inside URLs, DSNs, connection strings and query strings. */
import { decodePercentEncoded } from '../core/decodePercentEncoded.js';
import { SECRET_NAME_SOURCE, isSecretName } from './isSecretName.js';
import { REDACTED } from './redactionMarker.js';
import { isHighEntropy, isInnocuousValue, isOnlyMarkers, looksLikeCredential } from './secretValueHeuristics.js';
import { QUOTED_TAIL, SCHEME, keep, row, type GroupReader, type SecretPattern } from './secretPatternKit.js';

/**
 * Judged decoded (RFC 3986 §3.2.1: user-info percent-encodes its `@`): `jane.doe%40initech.org` is
 * an e-mail address as a login, not a random token.
 */
const randomUser = (encoded: string): boolean => {
  const user = decodePercentEncoded(encoded);
  return isHighEntropy(user) || (looksLikeCredential(user) && /\d/.test(user) && user.length >= 20);
};

/** `%2F`/`%2B` decoded: an AWS secret access key is 40 base64 characters once URL-decoded. */
const urlDecodedAwsSecret = (value: string): string => value.replace(/%2[Ff]/g, '/').replace(/%2[Bb]/g, '+');

/** `AKIA…:<secret>` (s3fs/boto URLs), `AKIA…,<secret>` (the IAM console's CSV), `AKIA… <secret>`. */
const redactAwsKeyPair = (g: GroupReader): string | null => {
  const secret = urlDecodedAwsSecret(g('secret'));
  if (secret.length !== 40) return null;
  // After a bare space the next word must look random (not a 40-character hex digest or a word).
  if (/^[ \t]/.test(g('sep')) && !(/[a-z]/.test(secret) && /[A-Z]/.test(secret) && /\d/.test(secret))) return null;
  return `${REDACTED}${g('sep')}${REDACTED}`;
};

/**
 * A percent-encoded delimiter (`"`, `'`, `&`, `,`, `?`, `;`, `=`, `{`, space) or a plain one, before an encoded name.
 * Encoded once or twice (`%2526` is `%26` encoded again: a URL in a query inside another URL).
 */
const ENCODED_NAME_START = String.raw`(?<=%(?:25)?(?:2[0267Cc]|3[BbDdFf]|7[Bb])|[?&;\s"'=(]|^)`;
/**
 * A URL-encoded value: unreserved characters and escapes other than the encoded delimiters of the
 * structure around it (a quote, `&`, `,`, `;`, `}`). An encoded space (`%20`) is part of the value:
 * the encoding exists so that a space does not end it (RFC 3986 §2.1; a passphrase in
 * `%22password%22%3A%22two%20words%22`).
 */
const ENCODED_VALUE = String.raw`(?:[A-Za-z0-9._~+*!-]|%(?!(?:25)?(?:2[267Cc]|3[Bb]|7[Dd]))[0-9A-Fa-f]{2}){1,1024}`;

/**
 * A keyword=value connection string (ODBC SQLDriverConnect, ADO.NET DbConnectionStringBuilder,
 * OLE DB, Azure Storage / Service Bus): pairs separated by `;`, a value enclosed in `{…}` (`}}`
 * escapes a brace) or quoted when it holds a `;`, otherwise running to the next `;` with its inner
 * spaces (Microsoft Learn, ODBC "Driver-Specific Connection Information" and SQLDriverConnect
 * connection-string syntax; .NET "Connection String Syntax": PWD, Password, AccountKey,
 * SharedAccessKey, `Jet OLEDB:Database Password`; keywords are case-insensitive). Here `PWD` is
 * the ODBC password keyword, not the shell's working directory (isSecretName NOT_SHELL_CWD): the
 * structure decides. A pair is in a connection string when a `;` opens it (a keyword may have
 * words before its last, `;Jet OLEDB:Database Password=`) or another `key=` follows its value's
 * `;`. A quoted value inside a JSON string is written `\"…\"`. No space stands around the `=`
 * (SQLDriverConnect: "Spaces are not allowed around the equal sign"): `; token = tokenizer(…)`
 * is a statement after a `;`, not a pair.
 */
const CONNECTION_PAIR = new RegExp(
  String.raw`(?<lead>;[ \t]{0,8}(?:[A-Za-z][A-Za-z0-9_]{0,30}[ :]){0,3}|(?<![A-Za-z0-9_.:;-]))(?=[A-Za-z0-9_.-]{1,110}=)(?<name>[Pp][Ww][Dd][A-Za-z0-9_]{0,20}|${SECRET_NAME_SOURCE})(?<sep>=)(?<value>\{(?:[^}\r\n⏎]|\}\}){0,1024}\}|"(?:[^"\r\n⏎]|""){0,1024}"|\\"(?:[^"\\\r\n⏎]|\\[^"\r\n⏎]){0,1024}\\"|'(?:[^'\r\n⏎]|''){0,1024}'|(?:[^;"'\\\r\n⏎…]|\\(?!["'nr])){1,1024})(?:(?=(?<semi>[ \t]{0,8};))|)(?:(?=[ \t]{0,8};[ \t]{0,8}(?<nextKey>[A-Za-z][A-Za-z0-9 _.:-]{0,60}=))|)`,
  'g',
);
/** The password keywords: ODBC's PWD (and PWDDBMS-like PWD-prefixed keys), or any name that says secret. */
const isConnectionSecretKeyword = (name: string): boolean => /^pwd/i.test(name) || isSecretName(name);
/** POSIX: the shell sets PWD to an absolute pathname; an ODBC password is not a path. */
const isShellDirectory = (name: string, value: string): boolean => /^(?:old)?pwd$/i.test(name) && /^[/~$]/.test(value);

const redactConnectionPair = (g: GroupReader): string | null => {
  const name = g('name');
  const inConnectionString = g('lead').startsWith(';') || g('nextKey') !== '';
  if (!inConnectionString || !isConnectionSecretKeyword(name)) return null;
  let value = g('value');
  let rest = '';
  // A bare value not closed by `;` (the string's last pair, then prose) ends at its first space.
  if (g('semi') === '' && !/^(?:[{"']|\\")/.test(value)) {
    const space = value.search(/[ \t]/);
    if (space >= 0) [value, rest] = [value.slice(0, space), value.slice(space)];
  }
  if (isOnlyMarkers(value) || isShellDirectory(name, value)) return null;
  const trailing = /[ \t]*$/.exec(value)?.[0] ?? '';
  return `${g('lead')}${name}${g('sep')}${REDACTED}${trailing}${rest}`;
};

export const CONNECTION_STRING_PATTERNS: readonly SecretPattern[] = [
  row('connection-string-password', CONNECTION_PAIR, redactConnectionPair, ['=']),
  // Both halves of an AWS key pair written together; the id alone is redacted by the vendor row.
  row(
    'aws-key-id-secret-pair',
    /(?<id>(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16})(?<sep>:|,|[ \t]+)(?<secret>(?:[A-Za-z0-9+/]|%2[BbFf]){40,120})(?![A-Za-z0-9+/%=])/g,
    redactAwsKeyPair,
  ),
  // A URL inside a query string or a config value, percent-encoded: `postgresql%3A%2F%2Fetl%3A<pass>%40db`.
  row(
    'url-encoded-userinfo-password',
    /(?<scheme>(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,30}%3[Aa]%2[Ff]%2[Ff])(?<user>[A-Za-z0-9._~!$*+-]{0,256})%3[Aa](?<pass>(?:[^\s⏎…"'<>&%]|%(?!2[Ff])[0-9A-Fa-f]{2}){1,512})%40/g,
    (g) => `${g('scheme')}${g('user')}%3A${REDACTED}%40`,
    ['%3'],
  ),
  // `%22password%22%3A%22…%22` (URL-encoded JSON), `token%3D…` (a redirect URL's own query).
  row(
    'url-encoded-secret-assignment',
    new RegExp(
      String.raw`${ENCODED_NAME_START}(?=[A-Za-z0-9_.-]{1,110}(?:%(?:25)?2[27])?%(?:25)?3[ADad])(?<name>${SECRET_NAME_SOURCE})(?<sep>(?:%(?:25)?2[27])?%(?:25)?3[ADad](?:%(?:25)?20)*(?:%(?:25)?2[27])?)(?<value>${ENCODED_VALUE})`,
      'g',
    ),
    (g) => (isInnocuousValue(decodePercentEncoded(g('value'))) ? null : `${g('name')}${g('sep')}${REDACTED}`),
    ['%3', '%253'],
  ),
  // ~/.pgpass: hostname:port:database:username:password (`*` matches anything). A whole word:
  // five colon fields with a numeric port and names for database and user are not a timestamp,
  // a MAC or IPv6 address, an image reference or a ratio.
  row(
    'pgpass-line',
    /(?<head>(?<![^\s"'`⏎“‘«‹([])(?:\*|[A-Za-z0-9][A-Za-z0-9.-]{0,252}|\[[0-9A-Fa-f:]{2,45}\]):(?:\*|\d{2,5}):(?:\*|[A-Za-z_][\w.$-]{0,62}):(?:\*|[A-Za-z_][\w.@$-]{0,62}):)(?<value>[^\s⏎…]+)/g,
    (g) => (isInnocuousValue(g('value')) ? null : `${g('head')}${REDACTED}`),
  ),
  // scheme://user:pass@host — postgres, mongodb+srv, redis (empty user), amqp, https, jdbc:…
  // The password may itself contain '@', '#' or '?' (drivers and shells take the last '@' before
  // the path as the end of the userinfo; RFC 3986 §3.2.1 would percent-encode them, people do
  // not): the greedy run backtracks to the last '@' before '/'. A port followed by a query or
  // fragment that happens to hold an '@' (`host:8080?to=a@b`) is not a password.
  row('url-userinfo-password', new RegExp(String.raw`${SCHEME}(?<user>[^\s⏎…:/?#@"'<>\[\]]{0,256}):(?<pass>[^\s⏎…/"'<>]{1,512})@`, 'g'), (g) =>
    /^\d{1,5}[?#]/.test(g('pass')) ? null : `${g('scheme')}${g('user')}:${REDACTED}@`,
  ),
  // https://<token>@github.com, Sentry DSNs: a random user part is itself the credential.
  row('url-userinfo-token', new RegExp(String.raw`${SCHEME}(?<user>[^\s⏎…:/?#@"'<>\[\]]{16,256})@`, 'g'), (g) =>
    randomUser(g('user')) ? `${g('scheme')}${REDACTED}@` : null,
  ),
  // Go/MySQL DSN without a scheme: user:pass@tcp(host:3306)/db (go-sql-driver/mysql dsn.go
  // ParseDSN: the user ends at the first ':', the password runs to the '@' before the protocol).
  // The user starts after anything but a user character or ':': a run like `a:a:a:…` then has one
  // start, not one per `a` each scanning 256 characters of password (55 ms on 80 kB before, 0.2 ms
  // after). No DSN is lost: the start before the ':' matches whenever the one after it would, its
  // password being the later start's `user:password` (only past the 64/256 bounds could it differ).
  row(
    'go-sql-dsn',
    /(?<user>(?<![A-Za-z0-9_.:-])[A-Za-z0-9_.-]{1,64}):(?<pass>[^\s⏎…@/]{1,256})@(?<proto>tcp|unix|udp)\(/g,
    (g) => `${g('user')}:${REDACTED}@${g('proto')}(`,
  ),
  row(
    'azure-storage-account-key',
    new RegExp(String.raw`(?<name>(?<![A-Za-z0-9_-])(?:AccountKey|SharedAccessKey|SharedAccessSignature)=)(?<value>[^;"'\s⏎…]+${QUOTED_TAIL})`, 'g'),
    (g) => (isOnlyMarkers(g('value')) ? null : `${g('name')}${REDACTED}`),
  ),
  row('azure-sas-signature', new RegExp(String.raw`(?<name>(?<=[?&])sig=)(?<value>[^&#\s⏎…"'<>]+${QUOTED_TAIL})`, 'g'), keep('name')),
  row(
    'url-query-credential',
    new RegExp(
      String.raw`(?<name>(?<=[?&;])(?:key|code|apikey|api-key|access_token|id_token|refresh_token|client_secret)=)(?<value>[^&#\s⏎…"'<>]+${QUOTED_TAIL})`,
      'gi',
    ),
    keep('name'),
  ),
];
