/**
 * The value of a protocol field that names a principal (protocolFieldNames.ts principalOfField) is
 * the user's, whatever its shape and wherever the field is written — a header line of klog's
 * round-tripper dump after its `]`, curl's `-H "Impersonate-User: jdoe"`, a form body
 * `login_hint=jdoe&…`, JSON `"client_id": "initech-web"`:
 * - `Impersonate-User`, `Impersonate-Group`, `X-Remote-User`, `X-Scope-UserID` (kubernetes/client-go
 *   transport/round_trippers.go, grafana/dskit user/http.go) carry a person or a group of people;
 * - `X-Scope-OrgID`, OAuth's `client_id` carry a tenant or an organisation's registered client;
 * - a git trailer `…-by:` carries a person, `Name <address>` (git/git Documentation/SubmittingPatches):
 *   each word of the name, lower-case ones included, is replaced as a name (the address is the
 *   e-mail rule's).
 * The field's name stays (the protocol's); other fields' values are judged by the other rules.
 */
import { isPseudonym, type Pseudonyms } from './pseudonymizeHost.js';
import { principalOfField, protocolFieldNameLength } from './protocolFieldNames.js';

const FIELD =
  /(?<![\w.-])([A-Za-z][A-Za-z0-9_-]{0,63})(\\{0,3}["']?)([ \t]*[:=][ \t]*)(\\{0,3}["']?)([^\s"'`,;&()[\]{}<>\\]{1,256}(?:[ \t]+[^\s"'`,;&()[\]{}<>\\@]{1,64}){0,3})/g;
const NOT_A_NAME = /^(?:-.*|\$.*|\d[\d.,]*[A-Za-z]{0,3}|true|false|yes|no|none|null|nil|undefined|\[REDACTED\].*|\*+)$/i;

export function replaceProtocolFieldValues(text: string, pseudonyms: Pseudonyms): string {
  if (!/[:=]/.test(text)) return text;
  return text.replace(FIELD, (match, name: string, open: string, separator: string, quote: string, value: string) => {
    if (protocolFieldNameLength(name) !== name.length) return match;
    const principal = principalOfField(name);
    if (principal === null) return match;
    const head = `${name}${open}${separator}${quote}`;
    if (principal === 'person') {
      // A trailer's person: the words before the address.
      return (
        head +
        value.replace(/\S+/g, (piece) =>
          piece.includes('@') || isPseudonym(piece) || piece.includes('example.invalid')
            ? piece
            : piece.replace(/\p{L}[\p{L}\p{M}]*(?:['.-]\p{L}[\p{L}\p{M}]*)*/gu, (word) => pseudonyms.of('name', word)),
        )
      );
    }
    // Other fields: one value, the first word (a header's value ends at a space: `Impersonate-Group: ml-admins`).
    const first = /^\S+/.exec(value)![0].replace(/[.:]+$/, '');
    if (first === '' || NOT_A_NAME.test(first) || isPseudonym(first) || first.includes('example.invalid') || first.includes('@')) return match;
    return `${head}${pseudonyms.of(principal, first)}${value.slice(first.length)}`;
  });
}
