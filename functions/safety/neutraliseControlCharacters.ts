/**
 * Makes cluster-originated text inert on a terminal, in a mail client and in a pager: no
 * terminal escape sequences, no invisible or direction-changing characters, no control
 * characters, no lone surrogates, one line. Pure; no redaction (see `quoteUntrusted`).
 */

/** Visible stand-in for a line break, so quoted multi-line logs stay on one report line. */
export const LINE_BREAK_MARK = '⏎';

// CSI (ESC [ … final), OSC (ESC ] … BEL | ST), DCS/SOS/PM/APC strings, other two-byte escapes,
// and the 8-bit C1 forms of CSI/OSC. Parameter, intermediate and final byte ranges are disjoint
// and string bodies are bounded, so the scan is linear.
const TERMINAL_ESCAPES = new RegExp(
  [
    '\\x1b\\[[0-?]*[ -/]*[@-~]',
    '\\x9b[0-?]*[ -/]*[@-~]',
    '(?:\\x1b\\]|\\x9d)[^\\x07\\x1b\\x9c]{0,4096}(?:\\x07|\\x1b\\\\|\\x9c)',
    '(?:\\x1b[PX^_]|[\\x90\\x98\\x9e\\x9f])[^\\x07\\x1b\\x9c]{0,4096}(?:\\x07|\\x1b\\\\|\\x9c)',
    '\\x1b[ -/]*[0-~]',
  ].join('|'),
  'g',
);

/**
 * Invisible characters that can hide or reorder text, or split a secret so a pattern misses it:
 * bidi embeddings/overrides/isolates, zero-width characters, soft hyphen, word joiner and
 * invisible operators, BOM, interlinear annotations, variation selectors and Unicode "tag"
 * characters (used to smuggle hidden instructions).
 */
// The class lists combining marks and variation selectors one by one on purpose: each is removed on its own.
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF9-\uFFFB]|\uDB40[\uDC00-\uDDEF]/g;

/** C0 and C1 controls and DEL, except TAB/LF/CR/VT/FF/NEL which become spaces or line breaks. */
const CONTROL = /[\x00-\x08\x0E-\x1F\x7F-\x84\x86-\x9F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
const SPACES = /[\t\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g;

/**
 * Step 1 (before redaction): drop everything invisible so `hf_ab<ZWSP>cd` or `ghp_…<NUL>…` is
 * reassembled and the secret patterns see it. Line breaks are kept: PEM blocks span lines.
 */
export function stripInvisibleCharacters(text: string): string {
  return text
    .replace(TERMINAL_ESCAPES, '')
    .replace(/[\x1b\x9b\x9d]/g, '') // an escape whose sequence was cut off
    .replace(INVISIBLE, '')
    .replace(CONTROL, '')
    .replace(LONE_SURROGATE, '\uFFFD');
}

/** Step 2: one line, visible breaks, single spaces, trimmed. */
export function flattenLines(text: string): string {
  // In the last step the lookbehind lets only the start of a run of marks try the trailing
  // alternative: from every mark of a long run that does not end the text, it read the rest of
  // the run again (quadratic: 7 s for 80 kB of marks before a letter).
  return text
    .replace(LINE_BREAKS, ` ${LINE_BREAK_MARK} `)
    .replace(SPACES, ' ')
    .replace(/ {2,}/g, ' ')
    .replace(new RegExp(`(?: ${LINE_BREAK_MARK})+(?= |$)`, 'g'), ` ${LINE_BREAK_MARK}`) // runs of blank lines
    .replace(new RegExp(`^(?: ?${LINE_BREAK_MARK} ?)+|(?<!${LINE_BREAK_MARK} ?)(?: ?${LINE_BREAK_MARK} ?)+$`, 'g'), '')
    .trim();
}

/** Both steps: inert single-line text. Does not redact secrets. */
export function neutraliseControlCharacters(text: string): string {
  return flattenLines(stripInvisibleCharacters(text));
}
