/**
 * One identity, many spellings: a login is one person wherever a recording writes it, so every
 * place gives it the same pseudonym (anonymizeRecording.ts pseudonymOf: keyed by the value, case
 * and Unicode form aside; emailPseudonym: a mailbox's local part is its owner's login). Generated:
 * login shape × upstream place, each place written as its own format defines it:
 *
 * - a mailbox `<login>@<domain>` (RFC 5322 §3.4.1 addr-spec), any case, with a sub-address
 *   (`<login>+detail@…`, RFC 5233 §1), percent-encoded in a query
 *   (`%40`, RFC 3986 §2.1) and as written in a query (OpenID Connect Core 1.0 §3.1.2.1 `login_hint`);
 * - a URL's user info `scheme://<login>@host/…` (RFC 3986 §3.2.1), under git's transports
 *   (git/git Documentation/urls.txt: `ssh://[user@]host.xz[:port]/path/to/repo.git/`), behind a
 *   private host and behind a public one the anonymizer keeps (github.com);
 * - git's scp-like remote `<login>@host.xz:path/to/repo.git` (the same page);
 * - a home folder (`/home/<login>`, macOS `/Users/<login>`, Windows `C:\Users\<login>`);
 * - `id` output (`uid=1000(<login>)`, coreutils src/id.c print_full_info), `USER=` and `--owner`.
 *
 * Before this rule a URL's user info was read a second time as an e-mail address with the
 * pseudonymised host (`user-…@host-….example.invalid`) and got a pseudonym per host, and a mailbox
 * got one per address, never the login's.
 */
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';

/** Invented logins in the shapes sites hand out: a word, first.last, an initial and a surname, a number glued on. */
const LOGINS = ['qorvatt', 'jelna.qorvatt', 'jqorvatt', 'qorvatt_j', 'qorvatt42', 'Jelna.Qorvatt'];

const PLACES: readonly ((login: string) => string)[] = [
  (login) => `notify ${login}@qv-labs.io on failure`,
  (login) => `cc ${login.toUpperCase()}@CORP-QV.IO`,
  (login) => `mailto ${login}@gmail.com`,
  (login) => `alerts to ${login}+ci-alerts@qv-corp.io (RFC 5233 sub-address)`,
  (login) => `next=https%3A%2F%2Fsso.qv-corp.io%2Foauth%2Fcallback%3Fuser%3D${encodeURIComponent(login)}%40qv-corp.io`,
  (login) => `GET https://sso.qv-corp.io/oauth/authorize?login_hint=${login}@qv-corp.io&prompt=consent`,
  (login) => `INFO: fetching https://${login}@git.qv-corp.dev/ml/configs.git`,
  (login) => `git clone ssh://${login}@git.qv-corp.dev:2222/ml/configs.git`,
  (login) => `svn co svn+ssh://${login}@svn.qv-corp.dev/repos/trunk`,
  (login) => `pulled https://${login}@github.com/qv-corp/configs.git`,
  (login) => `rsync -a rsync://${login}@files.qv-corp.internal/shards/ /data`,
  (login) => `remote ${login}@git.qv-corp.dev:ml/configs.git`,
  (login) => `cache in /home/${login}/.cache/pip`,
  (login) => `notebook /Users/${login}/nb/train.ipynb`,
  (login) => `wrote C:\\Users\\${login}\\Documents\\out.csv`,
  (login) => `uid=1000(${login}) gid=1000(${login}) groups=1000(${login}),27(sudo)`,
  (login) => `USER=${login}`,
  (login) => `--owner ${login} --epochs 3`,
];

/** The user pseudonyms a rewritten line holds (hosts, paths and repositories have their own kinds). */
const userPseudonyms = (line: string) => [...line.matchAll(/user-[0-9a-f]{6}/g)].map((match) => match[0]);

describe('one identity, many spellings: a login gets one pseudonym in every place', () => {
  it.each(LOGINS)('%s', (login) => {
    const lines = PLACES.map((place) => place(login));
    const anonymizer = createAnonymizer([{ name: 'train-42', message: lines.join('\n') }]);
    const rewritten = lines.map((line) => anonymizer.text(line));
    for (const line of rewritten) expect(line.toLowerCase()).not.toContain(login.toLowerCase());
    const seen = rewritten.map(userPseudonyms);
    for (const [index, pseudonyms] of seen.entries()) expect(pseudonyms.length, rewritten[index]).toBeGreaterThan(0);
    expect(new Set(seen.flat())).toHaveLength(1);
  });

  it('keeps a public host after the user info and the scheme, port and path words of a private one', () => {
    const anonymizer = createAnonymizer([{ name: 'train-42' }]);
    expect(anonymizer.text('https://qorvatt@github.com/qv-corp/configs.git')).toMatch(/^https:\/\/user-[0-9a-f]{6}@github\.com\//);
    expect(anonymizer.text('ssh://qorvatt@git.qv-corp.dev:2222/ml/configs.git')).toMatch(
      /^ssh:\/\/user-[0-9a-f]{6}@host-[0-9a-f]{6}\.domain-[0-9a-f]{6}\.example\.invalid:2222\//,
    );
  });

  it('two logins stay two people', () => {
    const anonymizer = createAnonymizer([{ name: 'train-42' }]);
    const first = userPseudonyms(anonymizer.text('qorvatt@qv-corp.io'));
    const second = userPseudonyms(anonymizer.text('jelna@qv-corp.io'));
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(first[0]).not.toBe(second[0]);
  });

  // A name a field or a setting gives, in every spelling text writes it: as written, capitalised in a
  // sentence, opening a class (CamelCase) or a constant (SCREAMING_SNAKE), joined, in a dotted topic, a
  // path and an object key. Before: the field's pseudonym for the name as written, another for `Qorvatt`.
  const NAME_SPELLINGS = [
    (name: string) => `streaming ${name} shards`,
    (name: string) => `migrated for ${name.charAt(0).toUpperCase()}${name.slice(1)} last week`,
    (name: string) => `class ${name.charAt(0).toUpperCase()}${name.slice(1)}Retriever(BaseRetriever)`,
    (name: string) => `${name.toUpperCase()}_API_BASE=1`,
    (name: string) => `bucket ${name}-ml-data`,
    (name: string) => `topic ${name}.docking-results.v3`,
    (name: string) => `/data/${name}/shards/train-000.tar`,
    (name: string) => `gs://bkt-01/${name}/shards`,
  ];
  const GIVERS: readonly ((name: string) => Record<string, unknown>)[] = [
    (name) => ({ name: 'train-42', message: `customer: ${name}` }),
    (name) => ({ name: 'train-42', projectName: name }),
    (name) => ({ name: 'train-42', message: `--team ${name}` }),
  ];
  it.each(GIVERS.flatMap((giver, index) => ['qorvatt', 'velmora'].map((name) => [index, name, giver] as const)))(
    'a name given by source %i (%s) reads the same in every spelling',
    (_index, name, giver) => {
      const anonymizer = createAnonymizer([giver(name)]);
      const rewritten = NAME_SPELLINGS.map((spelling) => anonymizer.text(spelling(name)));
      for (const line of rewritten) expect(line.toLowerCase()).not.toContain(name);
      const seen = rewritten.map((line) => [...line.matchAll(/(?:name|user|project)-[0-9a-f]{6}/g)].map((match) => match[0]));
      for (const [index, pseudonyms] of seen.entries()) expect(pseudonyms.length, rewritten[index]).toBeGreaterThan(0);
      expect(new Set(seen.flat())).toHaveLength(1);
    },
  );
});
