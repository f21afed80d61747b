/**
 * Logins and groups in what POSIX account tools print, by the format that carries them — a login
 * shaped like a version or a generated suffix (`ab1234`: two letters and digits, common on HPC
 * sites) passes the word rule, which keeps such tokens as the program's:
 *
 * - `id` output: `uid=1042(ab1234) gid=1042(ab1234) groups=1042(ab1234),27(sudo)` (GNU coreutils
 *   `id`, src/id.c: `uid=%u(%s)`, then ` gid=`, ` euid=`, ` egid=`, ` groups=` and a comma list of
 *   `%u(%s)`); each name in parentheses is a login or a group, pseudonymised unless upstream writes
 *   it (`root`, `docker`, `daemon`). The numbers stay: alone they name no one.
 * - a `passwd` entry (`getent passwd`, /etc/passwd; passwd(5): `name:password:UID:GID:GECOS:directory:shell`):
 *   the login (first field) and the GECOS full name; the home directory is the home rule's
 *   (replaceInfrastructureIdentifiers.ts), which gives the login the same pseudonym.
 *
 * Linear: two bounded patterns, no nested unbounded repetition.
 */
import { isPseudonym, type Pseudonyms } from './pseudonymizeHost.js';
import { isVocabularyWord } from './upstreamVocabulary.js';

const ID_FIELD = /\b(uid|gid|euid|egid|groups)=((?:\d{1,10}\([^()\s,]{1,64}\),){0,64}\d{1,10}\([^()\s,]{1,64}\))/g;
const ID_ENTRY = /(\d{1,10})\(([^()\s,]{1,64})\)/g;
const PASSWD_ENTRY =
  /(?<![\w.:-])([A-Za-z_][A-Za-z0-9_.-]{0,31}):([x*!]|[^:\s]{0,128}):(\d{1,10}):(\d{1,10}):([^:\n]{0,256}):(\/[^:\s]{0,256}):(\/[^:\s]{0,256}|)(?![^\s])/g;

const keeps = (name: string): boolean => isPseudonym(name) || isVocabularyWord(name.toLowerCase());

export function replacePosixAccounts(text: string, pseudonyms: Pseudonyms): string {
  let out = text;
  if (out.includes('id=') || out.includes('groups=')) {
    out = out.replace(ID_FIELD, (_match, field: string, entries: string) => {
      const kind = field.endsWith('uid') ? 'user' : 'group';
      return `${field}=${entries.replace(ID_ENTRY, (entry, number: string, name: string) => (keeps(name) ? entry : `${number}(${pseudonyms.of(kind, name)})`))}`;
    });
  }
  if (out.includes(':/')) {
    out = out.replace(PASSWD_ENTRY, (match, login: string, password: string, uid: string, gid: string, gecos: string, home: string, shell: string) => {
      if (keeps(login) && gecos === '') return match;
      const name = keeps(login) ? login : pseudonyms.of('user', login);
      // GECOS: a full name, then optional comma fields (room, phones): each word of a name is replaced.
      const fullName = gecos.replace(/[^,\s]+/g, (word) => (keeps(word) || /^\d/.test(word) ? word : pseudonyms.of('name', word)));
      return `${name}:${password}:${uid}:${gid}:${fullName}:${home}:${shell}`;
    });
  }
  return out;
}
