/**
 * Windows names in free text, pseudonymised by `--anonymize` (replaceInfrastructureIdentifiers.ts):
 *
 * - a UNC path `\\server\share\…` (learn.microsoft.com/en-us/dotnet/standard/io/file-path-formats,
 *   "UNC paths"): the server is a machine, whatever its shape — one label, an FQDN, or a name cut
 *   where a log wrapped it (`\\filer52.ac` then a new line) — and the share is the organisation's
 *   name for its data. The administrative shares Windows creates itself (`C$`, `ADMIN$`, `IPC$`,
 *   `PRINT$`; learn.microsoft.com/en-us/troubleshoot/windows-server/networking/remove-administrative-shares)
 *   name no one and stay; any other share keeps its hidden-share `$`. The folders after the share are
 *   left to the word rule (pseudonymizeWords.ts): `archive\train-960.tar` is vocabulary.
 * - a down-level logon name `DOMAIN\user` (learn.microsoft.com/en-us/windows/win32/secauthn/user-name-formats):
 *   the NetBIOS domain (upper case by convention, at most 15 characters) names the organisation,
 *   the user a person. Windows' own authorities (`NT AUTHORITY\SYSTEM`, `BUILTIN\Administrators`,
 *   `NT SERVICE\…`; learn.microsoft.com/en-us/windows/win32/secauthz/well-known-sids) stay.
 *   A backslash escape written out in a log (`FAILED\nTraceback`) is not a logon name: when the
 *   "domain" is an upstream word and the letter after the backslash is an escape's, it stays.
 *
 * Both patterns are bounded and scanned once.
 */
import { isPseudonym, pseudonymizeHost, type Pseudonyms } from './pseudonymizeHost.js';
import { isVocabularyWord } from './upstreamVocabulary.js';

const UNC = /(?<![\\\w])\\\\([A-Za-z0-9][A-Za-z0-9._-]{0,253})(?:\\([^\\\s"'`<>|:*?/]{1,80}))?/g;
const ADMIN_SHARE = /^(?:[A-Za-z]|ADMIN|IPC|PRINT)\$$/i;
const LOGON_NAME = /(?<![\w\\.-])([A-Z][A-Z0-9-]{1,14})\\([A-Za-z][A-Za-z0-9._-]{0,63})(?![\w\\])/g;
const WINDOWS_AUTHORITIES = new Set(['AUTHORITY', 'BUILTIN', 'SERVICE', 'WORKGROUP']);

export function replaceWindowsNames(text: string, pseudonyms: Pseudonyms): string {
  if (!text.includes('\\')) return text;
  return text
    .replace(UNC, (match, server: string, share: string | undefined) => {
      const serverOut = isPseudonym(server) ? server : pseudonymizeHost(server.toLowerCase(), pseudonyms);
      if (share === undefined) return `\\\\${serverOut}`;
      const hidden = share.endsWith('$') ? '$' : '';
      const shareOut =
        ADMIN_SHARE.test(share) || isPseudonym(share.slice(0, share.length - hidden.length))
          ? share
          : `${pseudonyms.of('share', share.slice(0, share.length - hidden.length))}${hidden}`;
      return `\\\\${serverOut}\\${shareOut}`;
    })
    .replace(LOGON_NAME, (match, domain: string, user: string) => {
      if (WINDOWS_AUTHORITIES.has(domain) || isPseudonym(user)) return match;
      if (isVocabularyWord(domain.toLowerCase()) && /^[ntrux0]/.test(user)) return match;
      return `${pseudonyms.of('domain', domain.toLowerCase())}\\${pseudonyms.of('user', user)}`;
    });
}
