/** Rows for passwords on command lines whose flag alone would be ambiguous (`-p`, `-u`). */
import { REDACTED } from './redactionMarker.js';
import { QUOTED_TAIL, keep, row, type GroupReader, type SecretPattern } from './secretPatternKit.js';

const ARG = String.raw`(?<value>[^\s⏎…"'-][^\s⏎…"']*|"[^"\n⏎]*"|'[^'\n⏎]*')`;
/** Command words of these rows: a gap must not run from one command into the next. */
const NEXT_COMMAND = String.raw`(?!(?:mysql|mariadb|docker|podman|nerdctl|buildah|skopeo|oras|crane|helm|sshpass|curl|wget|httpie|redis-cli|mongosh|mongo|mongodump|mongorestore|mongoexport|mongoimport|keytool|jarsigner|htpasswd)(?![A-Za-z0-9_-]))`;
/** The command word, then a bounded gap on the same command (no pipe, `;`, `&`, line break or other command). */
const command = (names: string): string => String.raw`(?<![A-Za-z0-9_-])(?:${names})(?![A-Za-z0-9_-])(?:${NEXT_COMMAND}[^\n|;&⏎]){0,200}?[ \t]`;

/** One shell word of an htpasswd command line: not an option, pipe, redirection or list operator. */
const WORD = String.raw`(?:[^\s⏎…"'|;&<>-][^\s⏎…"'|;&<>]*|"[^"\n⏎]*"|'[^'\n⏎]*')`;

/**
 * `htpasswd -b[c] FILE USER PASSWORD` and `htpasswd -nb USER PASSWORD`: `-b` takes the password
 * from the command line, `-n` drops the file argument, so the flags say which word it is.
 */
const redactHtpasswd = (g: GroupReader): string | null => {
  const flags = g('flags');
  if (!/b/.test(flags)) return null;
  if (/n/.test(flags)) return `${g('cmd')}${g('a1')}${g('s1')}${REDACTED}${g('s2')}${g('a3')}`;
  return g('a3') ? `${g('cmd')}${g('a1')}${g('s1')}${g('a2')}${g('s2')}${REDACTED}` : null;
};

export const COMMAND_LINE_PATTERNS: readonly SecretPattern[] = [
  // mysql -psecret: the password is glued to -p (`-p secret` prompts and names a database).
  row(
    'mysql-password-flag',
    new RegExp(`(?<cmd>${command('mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mysqlsh|mariadb|mariadb-dump')}-p)${ARG}`, 'g'),
    (g) => (g('value') === REDACTED ? null : `${g('cmd')}${REDACTED}`),
  ),
  row(
    'registry-login-password-flag',
    new RegExp(
      String.raw`(?<cmd>${command(String.raw`(?:docker|podman|nerdctl|buildah|skopeo|oras|crane|helm(?:[ \t]+registry)?)[ \t]+login`)}-p(?:[ \t]+|=))${ARG}`,
      'g',
    ),
    keep('cmd'),
  ),
  row('sshpass-password', new RegExp(String.raw`(?<cmd>(?<![A-Za-z0-9_-])sshpass[ \t]+-p[ \t]*)${ARG}`, 'g'), keep('cmd')),
  row(
    'curl-user-credentials',
    new RegExp(
      String.raw`(?<cmd>${command('curl|wget|httpie')}(?:-u|--user|--proxy-user|-U)(?:[ \t]+|=)["']?[^\s⏎…:"']{0,128}:)(?<value>[^\s⏎…"']+${QUOTED_TAIL})`,
      'g',
    ),
    keep('cmd'),
  ),
  // redis-cli -a PASSWORD / --pass PASSWORD (REDISCLI_AUTH is the safe way; the flag still happens).
  row('redis-cli-password-flag', new RegExp(`(?<cmd>${command('redis-cli')}(?:-a|--pass)(?:[ \t]+|=))${ARG}`, 'g'), keep('cmd'), ['redis-cli']),
  // mongosh/mongo tools: -p PASSWORD (--password is a secret flag everywhere).
  row(
    'mongo-password-flag',
    new RegExp(`(?<cmd>${command('mongosh|mongo|mongodump|mongorestore|mongoexport|mongoimport|mongostat|mongotop|mongofiles')}-p(?:[ \t]+|=))${ARG}`, 'g'),
    keep('cmd'),
    ['mongo'],
  ),
  // keytool/jarsigner -storepass/-keypass/-srcstorepass/-deststorepass/-new PASSWORD (`-storepass:env X` names a variable).
  row('keytool-password-flag', new RegExp(`(?<cmd>${command('keytool|jarsigner')}-(?:(?:src|dest)?(?:store|key)pass|new)[ \t]+)${ARG}`, 'g'), keep('cmd'), [
    'keytool',
    'jarsigner',
  ]),
  row(
    'htpasswd-batch-password',
    new RegExp(
      String.raw`(?<cmd>(?<![A-Za-z0-9_-])htpasswd(?<flags>(?:[ \t]+-[A-Za-z]{1,8}){1,4})[ \t]+)(?<a1>${WORD})(?<s1>[ \t]+)(?<a2>${WORD})(?:(?<s2>[ \t]+)(?<a3>${WORD}))?`,
      'g',
    ),
    redactHtpasswd,
    ['htpasswd'],
  ),
  row(
    'netrc-password',
    /(?<head>(?<![A-Za-z0-9_-])machine[ \t]+[^\s⏎…]{1,253}(?:\s+login[ \t]+[^\s⏎…]{1,256})?\s+password[ \t]+)(?<value>[^\s⏎…]+)/g,
    keep('head'),
  ),
  row(
    'wandb-login-key',
    /(?<cmd>(?<![A-Za-z0-9_-])wandb[ \t]+login(?:[ \t]+--[^\s⏎…]+)*[ \t]+)(?<value>[0-9a-f]{40}|[A-Za-z0-9_-]{40,86})(?![A-Za-z0-9_-])/g,
    keep('cmd'),
  ),
  // kubeadm bootstrap tokens: [a-z0-9]{6}.[a-z0-9]{16}, with digits (host names rarely fit).
  row('kubeadm-bootstrap-token', /(?<![A-Za-z0-9.])[a-z0-9]{6}\.[a-z0-9]{16}(?![A-Za-z0-9.])/g, (_g, match) =>
    /\d/.test(match) && /[a-z]/.test(match.slice(7)) ? REDACTED : null,
  ),
];
