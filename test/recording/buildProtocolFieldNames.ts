/**
 * Maintenance tool, not a test: generates functions/recording/protocolFieldNames.generated.ts, the
 * names of protocol fields (HTTP header fields, OAuth/OIDC parameters, git trailers) that upstream
 * software defines. `--anonymize` keeps such a name verbatim (protocolFieldNames.ts): it is the
 * protocol's vocabulary, not an identifier (`Impersonate-User`, `X-Scope-OrgID`, `redirect_uri`,
 * `Acked-by`). Its value stays the user's.
 *
 *   npx tsx test/recording/buildProtocolFieldNames.ts \
 *     --client-go <kubernetes/client-go checkout> --dskit <grafana/dskit checkout> \
 *     --git <git/git checkout> --spring-security <spring-projects/spring-security checkout>
 *
 * Every name is read from an upstream file by that file's own structure, never typed here:
 * - nodejs/undici `lib/core/constants.js` `wellknownHeaderNames` (the package in node_modules:
 *   protocolFieldNames.test.ts checks the snapshot still holds every one of them);
 * - kubernetes/client-go `transport/round_trippers.go`: the `Impersonate-*` constants
 *   (`ImpersonateUserHeader`…, `ImpersonateUserExtraHeaderPrefix`, a prefix) and the
 *   authenticating proxy's `X-Remote-*` headers SetAuthProxyHeaders writes;
 * - grafana/dskit `user/http.go`: the tenant headers (`OrgIDHeaderName = "X-Scope-OrgID"`) of
 *   Mimir, Loki, Tempo and Cortex;
 * - git/git `Documentation/**`: the `…-by:` trailers its documentation writes (SubmittingPatches:
 *   Signed-off-by, Acked-by, Reviewed-by, Helped-by, Co-authored-by…);
 * - spring-projects/spring-security `OAuth2ParameterNames.java`, `OidcParameterNames.java`,
 *   `PkceParameterNames.java`: the OAuth 2.0 / OIDC / PKCE parameter names of the IANA OAuth
 *   Parameters registry (RFC 6749 §11.2, RFC 7636, RFC 8628, RFC 8693).
 * A name ending in `-` is a prefix (`Impersonate-Extra-<key>`).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const PROTOCOL_FIELD_NAMES_FILE = join(ROOT, 'functions/recording/protocolFieldNames.generated.ts');

interface Source {
  repository: string;
  commit: string;
  paths: string[];
  names: string[];
}

function argument(name: string): string {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? process.argv[at + 1] : undefined;
  if (value === undefined)
    throw new Error(`usage: buildProtocolFieldNames.ts --client-go <dir> --dskit <dir> --git <dir> --spring-security <dir> (missing --${name})`);
  return value;
}

const git = (dir: string, ...args: string[]): string => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });

/** The string literals of the undici array `wellknownHeaderNames` (one `'Name',` a line). */
export function undiciHeaderNames(constantsJs: string): string[] {
  const list = /const wellknownHeaderNames = [^[]*\[([\s\S]*?)\]/.exec(constantsJs)?.[1];
  if (list === undefined) throw new Error('undici constants.js: wellknownHeaderNames not found');
  return [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
}

/** Go string constants whose name ends in `Header`, `HeaderPrefix` or `HeaderName`, and header names passed to `Header.Set/Add/Del/Get`. */
function goHeaderNames(source: string): string[] {
  const constants = [...source.matchAll(/\b\w+Header(?:Prefix|Name)?\s*=\s*"([^"]+)"/g)].map((match) => match[1]!);
  const calls = [...source.matchAll(/\.Header\.(?:Set|Add|Del|Get)\("([A-Za-z][A-Za-z0-9-]*)"/g)].map((match) => match[1]!);
  const prefixes = [...source.matchAll(/strings\.ToLower\("([A-Za-z][A-Za-z0-9-]*-)"\)/g)].map((match) => match[1]!);
  return [...constants, ...calls, ...prefixes].filter((name) => /^[A-Za-z][A-Za-z0-9-]*$/.test(name));
}

export function buildProtocolFieldNames(dirs: { clientGo: string; dskit: string; git: string; springSecurity: string }): string {
  const sources: Source[] = [];
  const undiciVersion = (JSON.parse(readFileSync(join(ROOT, 'node_modules/undici/package.json'), 'utf8')) as { version: string }).version;
  sources.push({
    repository: `nodejs/undici (npm undici@${undiciVersion})`,
    commit: `v${undiciVersion}`,
    paths: ['lib/core/constants.js'],
    names: undiciHeaderNames(readFileSync(join(ROOT, 'node_modules/undici/lib/core/constants.js'), 'utf8')),
  });
  const clientGoPath = 'transport/round_trippers.go';
  sources.push({
    repository: 'kubernetes/client-go',
    commit: git(dirs.clientGo, 'rev-parse', 'HEAD').trim(),
    paths: [clientGoPath],
    names: goHeaderNames(git(dirs.clientGo, 'show', `HEAD:${clientGoPath}`)),
  });
  const dskitPath = 'user/http.go';
  sources.push({
    repository: 'grafana/dskit',
    commit: git(dirs.dskit, 'rev-parse', 'HEAD').trim(),
    paths: [dskitPath],
    // `lowerOrgIDHeaderName` repeats the name in lower case: one entry.
    names: goHeaderNames(git(dirs.dskit, 'show', `HEAD:${dskitPath}`)),
  });
  const trailers = git(dirs.git, 'grep', '-ohE', '\\b[A-Z][a-z]+(-[a-z]+)*-by:', 'HEAD', '--', 'Documentation')
    .split('\n')
    .map((line) => line.replace(/^HEAD:/, '').replace(/:$/, ''))
    .filter((line) => line !== '');
  sources.push({ repository: 'git/git', commit: git(dirs.git, 'rev-parse', 'HEAD').trim(), paths: ['Documentation/**'], names: trailers });
  const springPaths = [
    'oauth2/oauth2-core/src/main/java/org/springframework/security/oauth2/core/endpoint/OAuth2ParameterNames.java',
    'oauth2/oauth2-core/src/main/java/org/springframework/security/oauth2/core/endpoint/PkceParameterNames.java',
    'oauth2/oauth2-core/src/main/java/org/springframework/security/oauth2/core/oidc/endpoint/OidcParameterNames.java',
  ];
  sources.push({
    repository: 'spring-projects/spring-security',
    commit: git(dirs.springSecurity, 'rev-parse', 'HEAD').trim(),
    paths: springPaths,
    names: springPaths.flatMap((path) =>
      [...git(dirs.springSecurity, 'show', `HEAD:${path}`).matchAll(/\bString [A-Z_]+ = "([a-z][a-z0-9_]*)"/g)].map((match) => match[1]!),
    ),
  });
  const all = new Set<string>();
  for (const source of sources) for (const name of source.names) all.add(name.toLowerCase());
  const sorted = [...all].sort();
  return [
    '// Generated by test/recording/buildProtocolFieldNames.ts — do not edit. Sources (repository, commit, path, names):',
    ...sources.map(
      (source) => `//   ${source.repository} ${source.commit} ${source.paths.join(', ')}: ${new Set(source.names.map((name) => name.toLowerCase())).size}`,
    ),
    '// Protocol field names `--anonymize` keeps verbatim (lower case, one a line; a trailing `-` is a prefix).',
    'export const PROTOCOL_FIELD_NAMES = `',
    ...sorted,
    '`;',
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const content = buildProtocolFieldNames({
    clientGo: argument('client-go'),
    dskit: argument('dskit'),
    git: argument('git'),
    springSecurity: argument('spring-security'),
  });
  writeFileSync(PROTOCOL_FIELD_NAMES_FILE, content);
  process.stdout.write(`wrote ${PROTOCOL_FIELD_NAMES_FILE}: ${content.split('\n').filter((line) => /^[a-z]/.test(line)).length} names\n`);
}
