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

/** A field's name before its separator (`Name: `, `name=`, `"name": "`); the value is read after it. */
const FIELD_NAME = /(?<![\w.-])([A-Za-z][A-Za-z0-9_-]{0,63})(?=(\\{0,3}["']?)([ \t]*[:=][ \t]*)(\\{0,3}["']?))/g;
/** One value: up to a space, a quote, a delimiter, or the next `&key=` of a form body. */
const VALUE = /^[^\s"'`,;&=()[\]{}<>\\]{1,256}/;
/** A trailer's person: words up to the address, the end of the line or a delimiter. */
const PERSON = /^[^\n"'`,;&=()[\]{}<>\\@]{1,128}/;
const NOT_A_NAME = /^(?:-.*|\$.*|\d[\d.,]*[A-Za-z]{0,3}|true|false|yes|no|none|null|nil|undefined|\[REDACTED\].*|\*+)$/i;

export function replaceProtocolFieldValues(text: string, pseudonyms: Pseudonyms): string {
  if (!/[:=]/.test(text)) return text;
  let out = '';
  let copied = 0;
  // Each candidate name is judged where it stands, so a field inside another's value (`body=client_id=…`)
  // is read too; a candidate inside what was already rewritten is skipped.
  for (const match of text.matchAll(FIELD_NAME)) {
    const name = match[1]!;
    if (match.index < copied || protocolFieldNameLength(name) !== name.length) continue;
    const principal = principalOfField(name);
    if (principal === null) continue;
    const at = match.index + name.length + (match[2] ?? '').length + (match[3] ?? '').length + (match[4] ?? '').length;
    const rest = text.slice(at, at + 256);
    const found = (principal === 'person' ? PERSON : VALUE).exec(rest)?.[0].replace(/[ \t]+$/, '');
    if (found === undefined || found === '') continue;
    const replaced = principal === 'person' ? personWords(found, pseudonyms) : oneValue(found, principal, pseudonyms);
    if (replaced === null) continue;
    out += text.slice(copied, at) + replaced;
    copied = at + found.length;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** A trailer's person (`Jane Doe`, `jane doe`): each word as a name, what is already a pseudonym aside. */
function personWords(value: string, pseudonyms: Pseudonyms): string | null {
  if (isPseudonym(value) || value.includes('example.invalid')) return null;
  return value.replace(/\S+/g, (piece) =>
    isPseudonym(piece) || piece.includes('example.invalid')
      ? piece
      : piece.replace(/\p{L}[\p{L}\p{M}]*(?:['.-]\p{L}[\p{L}\p{M}]*)*/gu, (word) => pseudonyms.of('name', word)),
  );
}

/** A principal's value (`jdoe`, `ml-admins`, `initech`): replaced whole, unless it names nothing. */
function oneValue(value: string, kind: 'user' | 'name', pseudonyms: Pseudonyms): string | null {
  const trimmed = value.replace(/[.:]+$/, '');
  if (trimmed === '' || NOT_A_NAME.test(trimmed) || isPseudonym(trimmed) || trimmed.includes('example.invalid') || trimmed.includes('@')) return null;
  return pseudonyms.of(kind, trimmed) + value.slice(trimmed.length);
}
