/**
 * Prepares cluster-originated text (event and phase messages, submitted commands, env values,
 * annotations, log lines) to be quoted as evidence in a report. The report wraps the result in
 * “…”; the result is untrusted data, never instructions.
 *
 * Order matters:
 * 1. strip terminal escapes, invisible and control characters first, so a secret split by a
 *    zero-width space or a NUL is reassembled before redaction;
 * 2. redact secrets while line breaks still exist (PEM blocks and YAML env entries span lines);
 * 3. flatten to one line (`⏎` marks breaks), collapse whitespace;
 * 4. replace double quotes (straight and curly) with `'` so the text cannot close the report's
 *    “…” and forge a line of its own;
 * 5. cap the length last (the cap can only remove text, never reveal it).
 *
 * HTML is deliberately NOT escaped: every renderer is plain text (email body, pager JSON, CLI),
 * so `<script>` stays literal, inert characters. An HTML renderer must escape at render time.
 */
import { redactSecrets } from './redactSecrets.js';
import { flattenLines, stripInvisibleCharacters } from './neutraliseControlCharacters.js';

export { neutraliseControlCharacters } from './neutraliseControlCharacters.js';

export const DEFAULT_QUOTE_MAX_LENGTH = 300;
export const ELLIPSIS = '…';

const DOUBLE_QUOTES = /["\u201C\u201D\u201E\u201F\u301D\u301E\uFF02]/g;

export interface QuoteOptions {
  /** Maximum length in UTF-16 code units, ellipsis included. Default 300. */
  maxLength?: number;
}

export function quoteUntrusted(text: string, options: QuoteOptions = {}): string {
  const cleaned = flattenLines(redactSecrets(stripInvisibleCharacters(String(text ?? ''))));
  return capLength(cleaned.replace(DOUBLE_QUOTES, "'"), resolveMaxLength(options.maxLength));
}

function resolveMaxLength(requested: number | undefined): number {
  if (requested === undefined || Number.isNaN(requested)) return DEFAULT_QUOTE_MAX_LENGTH;
  return Math.max(0, Math.floor(requested));
}

/** Cuts to at most `max` code units including the ellipsis, never between a surrogate pair. */
function capLength(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max === 0) return '';
  let end = max - ELLIPSIS.length;
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}${ELLIPSIS}`;
}
