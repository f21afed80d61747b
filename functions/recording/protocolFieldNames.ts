/**
 * Protocol vocabulary is not an identifier: the name of an HTTP header field (`Retry-After`,
 * `Impersonate-User`, `X-Scope-OrgID`), an OAuth/OIDC parameter (`redirect_uri`, `grant_type`) or
 * a git trailer (`Acked-by`, `Co-authored-by`) is written by the protocol, whatever words it joins.
 * The names are generated from upstream definitions (protocolFieldNames.generated.ts, by
 * test/recording/buildProtocolFieldNames.ts: undici, client-go, dskit, git, spring-security),
 * never typed here. Only the name is the protocol's: its value (a user to impersonate, a tenant, a
 * reviewer) stays the user's (replaceProtocolFieldValues.ts).
 */
import { PROTOCOL_FIELD_NAMES } from './protocolFieldNames.generated.js';

let names: ReadonlySet<string> | undefined;
let prefixes: readonly string[] | undefined;

function load(): { names: ReadonlySet<string>; prefixes: readonly string[] } {
  if (names === undefined || prefixes === undefined) {
    const all = PROTOCOL_FIELD_NAMES.split('\n').filter((name) => name !== '');
    names = new Set(all.filter((name) => !name.endsWith('-')));
    prefixes = all.filter((name) => name.endsWith('-'));
  }
  return { names, prefixes };
}

/**
 * How much of a token (`Impersonate-User`, `Impersonate-Extra-Scopes`) is a protocol field's name:
 * its whole length, the length of a prefix field's prefix (`Impersonate-Extra-`: the rest is the
 * user's key), or 0. Case-insensitive, as HTTP field names are (RFC 9110 §5.1).
 */
export function protocolFieldNameLength(token: string): number {
  const lower = token.toLowerCase();
  const { names: all, prefixes: starts } = load();
  if (all.has(lower)) return token.length;
  for (const prefix of starts) if (lower.length > prefix.length && lower.startsWith(prefix)) return prefix.length;
  return 0;
}

/** A field name is followed by its separator: `Name: value`, `name=value`, `"name": …` (a quote, escaped or not, between). */
const KEY_POSITION = /^(?:\\{0,3}["'])?[ \t]*[:=]/;

/**
 * Whether the token at `offset` is a protocol field's name, whole or by its prefix. A name of
 * joined words (`Retry-After`, `client_id`) is the protocol's wherever it is written (prose about
 * the header included); a single word (`Traceparent`, `Authorization`) only where a field's name
 * goes, before its `:` or `=`, since one word alone may be anything.
 */
export function protocolFieldNameAt(token: string, offset: number, whole: string): number {
  const length = protocolFieldNameLength(token);
  if (length === 0) return 0;
  if (/[-_]/.test(token.slice(0, length).replace(/-$/, ''))) return length;
  return KEY_POSITION.test(whole.slice(offset + token.length, offset + token.length + 8)) ? length : 0;
}

/**
 * What a protocol field's value names, by the words of its name: a principal (`Impersonate-User`,
 * `X-Remote-Group`, `Impersonate-Uid`, `X-Scope-UserID`, `login_hint`) → 'user'; a tenant or an
 * organisation (`X-Scope-OrgID`, `client_id`) → 'name'; a trailer's person (`Reviewed-by`) →
 * 'person' (a name and an address); anything else (`Retry-After`, `grant_type`) → null.
 */
export function principalOfField(name: string): 'user' | 'name' | 'person' | null {
  // A trailer names its person (`Acked-by`); an `X-` extension header (RFC 6648) names software (`X-Powered-By`).
  if (/-by$/i.test(name)) return /^x-/i.test(name) ? null : 'person';
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[-_]+/);
  // The last word says what the value is (`subject_token_type` is a type), or the word before an
  // `id`, a `hint` or a `name` of it (`client_id`, `login_hint`, `X-Scope-OrgID`).
  let last = words[words.length - 1] ?? '';
  if (words.length > 1 && /^(?:id|hint|name)$/.test(last)) last = words[words.length - 2]!;
  if (PERSON_WORDS.has(last)) return 'user';
  if (ORGANISATION_WORDS.has(last)) return 'name';
  return null;
}

/** Words of a field name that say its value is a person or a group of people (RFC 9110's `From` is an address, the e-mail rule's). */
const PERSON_WORDS = new Set(['user', 'username', 'userid', 'uid', 'group', 'login', 'email', 'principal', 'subject', 'sub', 'actor']);
/** Words that say the value is an organisation: a tenant, an org, a registered client. */
const ORGANISATION_WORDS = new Set(['org', 'orgid', 'organization', 'organisation', 'tenant', 'tenantid', 'client', 'account', 'team']);
