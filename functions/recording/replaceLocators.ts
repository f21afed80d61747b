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
import { isPseudonym, pseudonymizeHost, type Pseudonyms } from './pseudonymizeHost.js';
import { publicHostOf, vocabularyDomainOf } from './publicVocabulary.js';

const URL_PATTERN = /(?<![\w.+-])([A-Za-z][A-Za-z0-9+.-]{0,15}):\/\/([^\s"'`<>(){}\\,;|]{1,2048})/g;
const SCP_GIT = /(?<![\w.@-])([A-Za-z0-9_.-]{1,64})@([A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,10}):(?!\d+\b)([A-Za-z0-9_.~/-]{1,512})/g;
/** A login at a machine (`jdoe@login-01:`, an ssh target or a shell prompt): a host-shaped single label, with a digit or a hyphen. */
const USER_AT_HOST = /(?<![\w.@%+-])([a-z_][a-z0-9_.-]{0,31})@([a-z][a-z0-9]{0,30}(?:-[a-z0-9]{1,30}){1,8}|[a-z]{1,30}[0-9][a-z0-9]{0,30})(?=[:\s'"]|$)/gim;
/** Object stores and file systems whose authority is a bucket or container (and may carry an account). */
const OBJECT_STORE = /^(?:s3a?|s3n|gs|abfss?|wasbs?|oss|cos|r2|minio|hdfs|az|adl)$/i;
const IPV6_HOST = /^\[[0-9A-Fa-f:.]+\]$/;
/** Short lower-case words and API versions only: what a service's own endpoints are called. */
const ENDPOINT_PATH = /^(?:\/(?:[a-z]{1,16}|v\d{1,2}(?:beta\d|alpha\d)?))*\/?$/;
const IPV4_HOST = /^\d{1,3}(?:\.\d{1,3}){3}$/;

export function replaceLocators(text: string, pseudonyms: Pseudonyms): string {
  if (!text.includes('://') && !text.includes('@')) return text;
  return text
    .replace(URL_PATTERN, (match, scheme: string, rest: string) => rewriteUrl(match, scheme, rest, pseudonyms))
    .replace(SCP_GIT, (match, user: string, host: string, path: string) => {
      if (isPseudonym(host)) return match;
      const userOut = user === 'git' ? user : pseudonyms.of('user', user);
      return `${userOut}@${pseudonymizeHost(host, pseudonyms)}:${pathPseudonym(path, pseudonyms).replace(/^\//, '')}`;
    })
    .replace(USER_AT_HOST, (match, user: string, host: string) =>
      isPseudonym(host) ? match : `${pseudonyms.of('user', user)}@${pseudonyms.of('host', host)}`,
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
    return `${scheme}://${pseudonyms.of('bucket', authority)}${path.length > 1 ? pathPseudonym(path, pseudonyms) : path}${tail}`;
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
  let hostOut: string;
  if (IPV6_HOST.test(host)) hostOut = `[${pseudonyms.ip(host.slice(1, -1))}]`;
  else if (IPV4_HOST.test(host)) hostOut = pseudonyms.ip(host);
  else hostOut = pseudonymizeHost(host, pseudonyms);
  const userOut =
    userInfo === null
      ? ''
      : `${userInfo.includes('REDACTED') ? userInfo.replace(/^[^:[]+/, (user) => pseudonyms.of('user', user)) : pseudonyms.of('user', userInfo)}@`;
  // A probe or API path (`/healthz`, `/api/v1`) names no one; behind a public host (`github.com/acme/…`) every path does.
  const keepsPath = publicHostOf(lower) === null && ENDPOINT_PATH.test(path);
  return `${scheme}://${userOut}${hostOut}${port}${keepsPath ? path : pathPseudonym(path, pseudonyms)}${tail}`;
}

/** A path names an organisation, a repository, a dataset: one pseudonym for it, its `.git` kept. */
function pathPseudonym(path: string, pseudonyms: Pseudonyms): string {
  if (path.length <= 1) return path;
  const git = path.endsWith('.git') ? '.git' : '';
  return `/${pseudonyms.of('path', path)}${git}`;
}
