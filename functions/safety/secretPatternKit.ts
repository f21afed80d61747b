/**
 * Building blocks shared by the redaction table's rows: the row type, replacement helpers and
 * the regex source pieces for names and values.
 *
 * Linear-time rules every row follows (V8's irregexp backtracks):
 * - a pattern that starts with a character class has a negative lookbehind for that class, so
 *   only the first position of a run is ever tried;
 * - no nested unbounded quantifiers; adjacent quantifiers have disjoint classes or small bounds;
 * - optional context before the secret (`mysql … -p`) is a bounded lazy gap (≤ 200).
 */
import { REDACTED } from './redactionMarker.js';
import { SECRET_NAME_SOURCE, WEAK_BARE_NAMES } from './isSecretName.js';
import { decodeBase64, isInnocuousValue, looksLikeCredential, maskKeepingQuotes, unquote } from './secretValueHeuristics.js';

/** Reads a named capture group; a group that did not participate reads as ''. */
export type GroupReader = (name: string) => string;

export interface SecretPattern {
  /** Stable kebab-case id. */
  readonly name: string;
  /** Must carry the `g` flag. */
  readonly pattern: RegExp;
  /** The replacement, or null to leave the match alone (the scan resumes one character later). */
  readonly replace: (group: GroupReader, match: string) => string | null;
  /**
   * Substrings one of which every match contains. A text with none of them skips the row: a
   * `String#includes` costs far less than a scan whose pattern starts with a lookbehind tried at
   * every position.
   */
  readonly requires?: readonly string[];
}

export const whole = (): string => REDACTED;
/** Keeps the named context groups verbatim and redacts what follows them. */
export const keep =
  (...groups: string[]) =>
  (g: GroupReader): string =>
    `${groups.map(g).join('')}${REDACTED}`;
export const row = (name: string, pattern: RegExp, replace: SecretPattern['replace'] = whole, requires?: readonly string[]): SecretPattern =>
  requires === undefined ? { name, pattern, replace } : { name, pattern, replace, requires };
/** Redacts the whole match only when its base64 decodes to something matching `needle`. */
export const decodedHas =
  (needle: RegExp) =>
  (_g: GroupReader, match: string): string | null =>
    needle.test(decodeBase64(match)) ? REDACTED : null;

// ---- regex source pieces --------------------------------------------------------------------
/**
 * Where a vendor token may start: after anything but a letter or a digit. A token glued to a word
 * by `_` or `-` (`databricks_token_dapi…`, `NGC-nvapi-…`) is still that vendor's token.
 */
export const B = '(?<![A-Za-z0-9])';
/** A name starts a word; after `/` it is the end of a path (`…/serviceaccount/token: 2024-…`). */
export const NAME_START = '(?<![A-Za-z0-9_./-])';
/**
 * A secret name whose run is followed by `follow`. The lookahead is a cheap pre-check (is there a
 * separator after this word at all?) so the large name alternation only runs at `key=`/`key:`
 * positions, not at every word of a 200 KB log.
 */
export const nameFollowedBy = (follow: string): string => `${NAME_START}(?=[A-Za-z0-9_.-]{1,110}${follow})(?<name>${SECRET_NAME_SOURCE})`;
export const SCHEME = '(?<scheme>(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,30}://)';
/** Our own marker as one unit, so a second pass sees `[REDACTED]` whole (idempotence). */
export const MARKER = String.raw`\[REDACTED\]`;
/**
 * With an unbalanced quote before it, `'…HF_TOKEN='` pairs the wrong quotes and ends inside the
 * next assignment; when a quoted span ends in ` NAME=`, ` NAME: ` or ` --flag `, the text up to
 * the next quote (that assignment's real value) belongs to it too.
 */
const MISPAIRED_QUOTE_TAIL = String.raw`(?:(?<=\s(?:[A-Za-z_][\w.-]{0,64}[=:][ \t]?|--?[A-Za-z][\w.-]{0,64}[ \t])["'])[^"'\r\n⏎]{0,8192}["']?)?`;
export const QUOTED = String.raw`(?:\\"(?:[^"\\\r\n⏎]|\\[^"\r\n⏎]){0,8192}\\"|"(?:[^"\\\r\n⏎]|\\.){0,8192}"|'[^'\r\n⏎]{0,8192}')${MISPAIRED_QUOTE_TAIL}`;
/**
 * When a span that stops at quotes ends in `KEY=` or `KEY:`, the quoted value after it belongs
 * to the span: otherwise a broad row (cookie, header, truncated PEM) could swallow the key of
 * `PASSPHRASE="two words"` and leave its value for no later row to recognise.
 */
export const QUOTED_TAIL = String.raw`(?:(?<=[=:])[ \t]{0,8}(?:"(?:[^"\\\r\n⏎]|\\.){0,4096}"|'[^'\r\n⏎]{0,4096}')${MISPAIRED_QUOTE_TAIL})?`;
/** `&`, `,` or `;` end a value only when another `key=` follows (query strings, conn strings). */
const NEXT_KEY = String.raw`(?![ \t]{0,4}[A-Za-z_][A-Za-z0-9_.-]{0,64}[ \t]{0,4}[=:])`;
/**
 * Unquoted value: up to whitespace or a quote; a closing bracket ends it only at a token end.
 * An escaped line break (`\n`, `\r`: a log body inside a JSON string) ends it too, as a real one
 * does — else the next line's first word went with the secret (`[REDACTED] 12-06 …` for
 * `DEBUG 12-06 …`). gitleaks ends every secret the same way (config/gitleaks.toml: each rule's
 * `(?:[\x60'"\s;]|\\[nr]|$)`).
 */
const UNQUOTED = String.raw`(?:${MARKER}|[^\s⏎…"'\\&,;)\]}]|\\(?!["'nr])|[&,;]${NEXT_KEY}|[)\]}](?![\s"',;.]|$))+${QUOTED_TAIL}`;
/** `${VAR}` / `$(VAR)` whole, so the closing bracket is not mistaken for the end of a token. */
const VAR_REF = String.raw`\$\{[A-Za-z_][A-Za-z0-9_]*\}|\$\([A-Za-z_][A-Za-z0-9_]*\)`;
/** A value after a secret name: marker, variable reference, quoted string, `Bearer x`, or a bare token. */
export const VALUE = String.raw`(?<value>${MARKER}(?=\\?["']|[\s⏎…,;)\]}]|$)|${VAR_REF}|${QUOTED}|(?:Bearer|Basic|Token)[ \t]+(?=[A-Za-z0-9+/_.~-])${UNQUOTED}|\\?["']?${UNQUOTED})`;

// ---- replacers for name-driven rows ---------------------------------------------------------
export const redactValue = (g: GroupReader): string | null => (isInnocuousValue(g('value')) ? null : `${g('name')}${g('sep')}${maskKeepingQuotes(g('value'))}`);

/** Lowercase dashed names (`hf-token`, `db-creds`) are usually k8s objects in an error chain. */
const K8S_OBJECT_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)+$/;

/** `NAME=value` / `NAME: value`; weak names and code-looking values need more evidence. */
export const redactAssignment = (g: GroupReader): string | null => {
  const value = g('value');
  // Judge the value itself, not a quoted value of a following key that QUOTED_TAIL attached.
  const head = value.replace(/([=:])[ \t]*(?:"(?:[^"\\]|\\.)*"|'[^']*')$/, '$1');
  if (!/^\\?["']/.test(value)) {
    const name = g('name');
    const colon = g('sep').includes(':') && !g('sep').includes('=');
    const weakName = WEAK_BARE_NAMES.has(name.toLowerCase()) || K8S_OBJECT_NAME.test(name);
    if (colon && weakName && !looksLikeCredential(head)) return null;
    // `token = tokenizer(text)` / `password = self.password` in quoted source lines are code
    // (a call, or a dotted path whose first segment is a lowercase identifier — unlike a JWT).
    if (/\s/.test(g('sep')) && /^(?:[A-Za-z_][\w.]{0,60}\(|[a-z_][a-z0-9_]{0,30}(?:\.[A-Za-z_]\w{0,30})+$)/.test(head)) return null;
  }
  return redactValue(g);
};

/** `--api-key API_KEY` in usage text is a metavar, not a key. */
export const redactFlag = (g: GroupReader): string | null => {
  const metavar = g('name').replace(/^-+/, '').replace(/[-.]/g, '_').toUpperCase();
  return unquote(g('value')) === metavar ? null : redactValue(g);
};
