/** Rows for credentials inside URLs, DSNs, connection strings and query strings. */
import { REDACTED } from './redactionMarker.js';
import { isHighEntropy, isOnlyMarkers, looksLikeCredential } from './secretValueHeuristics.js';
import { QUOTED_TAIL, SCHEME, keep, row, type SecretPattern } from './secretPatternKit.js';

const randomUser = (user: string): boolean => isHighEntropy(user) || (looksLikeCredential(user) && /\d/.test(user) && user.length >= 20);

export const CONNECTION_STRING_PATTERNS: readonly SecretPattern[] = [
  // scheme://user:pass@host — postgres, mongodb+srv, redis (empty user), amqp, https, jdbc:…
  // The password may itself contain '@': the greedy run backtracks to the last '@' before '/'.
  row('url-userinfo-password', new RegExp(String.raw`${SCHEME}(?<user>[^\s⏎…:/?#@"'<>\[\]]{0,256}):(?<pass>[^\s⏎…/?#"'<>]{1,512})@`, 'g'),
    (g) => `${g('scheme')}${g('user')}:${REDACTED}@`),
  // https://<token>@github.com, Sentry DSNs: a random user part is itself the credential.
  row('url-userinfo-token', new RegExp(String.raw`${SCHEME}(?<user>[^\s⏎…:/?#@"'<>\[\]]{16,256})@`, 'g'),
    (g) => (randomUser(g('user')) ? `${g('scheme')}${REDACTED}@` : null)),
  // Go/MySQL DSN without a scheme: user:pass@tcp(host:3306)/db
  row('go-sql-dsn', /(?<user>(?<![A-Za-z0-9_.-])[A-Za-z0-9_.-]{1,64}):(?<pass>[^\s⏎…@/]{1,256})@(?<proto>tcp|unix|udp)\(/g,
    (g) => `${g('user')}:${REDACTED}@${g('proto')}(`),
  row('azure-storage-account-key', new RegExp(String.raw`(?<name>(?<![A-Za-z0-9_-])(?:AccountKey|SharedAccessKey|SharedAccessSignature)=)(?<value>[^;"'\s⏎…]+${QUOTED_TAIL})`, 'g'),
    (g) => (isOnlyMarkers(g('value')) ? null : `${g('name')}${REDACTED}`)),
  row('azure-sas-signature', new RegExp(String.raw`(?<name>(?<=[?&])sig=)(?<value>[^&#\s⏎…"'<>]+${QUOTED_TAIL})`, 'g'), keep('name')),
  row('url-query-credential', new RegExp(String.raw`(?<name>(?<=[?&;])(?:key|code|apikey|api-key|access_token|id_token|refresh_token|client_secret)=)(?<value>[^&#\s⏎…"'<>]+${QUOTED_TAIL})`, 'gi'), keep('name')),
  row('slack-webhook-url', /(?<base>hooks\.slack\.com\/(?:services|workflows|triggers)\/)[A-Za-z0-9_/-]{8,}/g, keep('base')),
  row('discord-webhook-url', /(?<base>discord(?:app)?\.com\/api\/webhooks\/\d{5,25}\/)[A-Za-z0-9_-]{20,}/g, keep('base')),
];
