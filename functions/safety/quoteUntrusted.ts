/**
 * Prepares cluster-originated text (event and phase messages, submitted commands, env values,
 * annotations, log lines) to be quoted as evidence in a report. The report wraps the result in
 * “…”; the result is untrusted data, never instructions.
 *
 * Order matters:
 * 0. cut the text to what the quote can show plus a margin (cutForRedaction), so redaction
 *    costs what is quoted, not what the server sent, and never sees half a secret at the cut;
 * 1. strip terminal escapes, invisible and control characters first, so a secret split by a
 *    zero-width space or a NUL is reassembled before redaction;
 * 2. redact secrets while line breaks still exist (PEM blocks and YAML env entries span lines);
 * 3. flatten to one line (`⏎` marks breaks), collapse whitespace;
 * 4. replace double quotes (straight and curly) with `'` so the text cannot close the report's
 *    “…” and forge a line of its own; then redact once more, because flattening and the
 *    quote change can alter what the patterns see (the result is a fixed point of redaction);
 * 5. cap the length last, preferably between words and never inside `[REDACTED]` or a surrogate
 *    pair; a cut through a long token is redacted again (half a UUID is no longer a UUID).
 *
 * HTML is deliberately NOT escaped: every renderer is plain text (email body, pager JSON, CLI),
 * so `<script>` stays literal, inert characters. An HTML renderer must escape at render time.
 */
import { REDACTED, redactSecrets } from './redactSecrets.js';
import { flattenLines, stripInvisibleCharacters } from './neutraliseControlCharacters.js';
import { cutForRedaction, REDACTION_MARGIN } from './cutForRedaction.js';

/** How many raw characters per shown one are stripped at most (escapes and invisible padding). */
const RAW_CUT_FACTOR = 4;

export { neutraliseControlCharacters } from './neutraliseControlCharacters.js';

export const DEFAULT_QUOTE_MAX_LENGTH = 300;
export const ELLIPSIS = '…';

const DOUBLE_QUOTES = /["\u201C\u201D\u201E\u201F\u301D\u301E\uFF02]/g;

export interface QuoteOptions {
  /** Maximum length in UTF-16 code units, ellipsis included. Default 300. */
  maxLength?: number;
}

export function quoteUntrusted(text: string, options: QuoteOptions = {}): string {
  // A `⏎` already in the text (a quote of a quote) is read as the line break it stands for,
  // so quoting twice redacts exactly like quoting once.
  const max = resolveMaxLength(options.maxLength);
  // Stripping is linear but not free on megabytes: a first, generous cut (invisible characters
  // may pad what is shown up to fourfold) keeps it proportional to the quote too.
  const raw = cutForRedaction(String(text ?? ''), RAW_CUT_FACTOR * (max + REDACTION_MARGIN));
  const visible = stripInvisibleCharacters(raw).replace(/ ?\u23CE ?/g, '\n');
  const lines = cutForRedaction(visible, max);
  const redacted = redactSecrets(lines);
  const flat = flattenLines(redacted).replace(DOUBLE_QUOTES, "'");
  // Flattening and quote replacement change what the patterns see; one more (idempotent) pass
  // makes the quote a fixed point of `redactSecrets`, which the report layer applies again.
  // If they changed nothing, `flat` already is that fixed point.
  const full = flat === redacted ? flat : redactSecrets(flat);
  let capped = capLength(full, max);
  // A cut through a long token can leave a fragment that reads as a new value (`token:123e4567-…`
  // is no longer a UUID); redact the short capped text too until it is stable.
  for (let round = 0; round < 3 && capped !== full; round += 1) {
    const again = redactSecrets(capped);
    if (again === capped) break;
    capped = capLength(again, max);
  }
  return capped;
}

function resolveMaxLength(requested: number | undefined): number {
  if (requested === undefined || Number.isNaN(requested)) return DEFAULT_QUOTE_MAX_LENGTH;
  return Math.max(0, Math.floor(requested));
}

/** How far back the cut may move to land between words instead of inside one. */
const WORD_BOUNDARY_SLACK = 40;

/**
 * Cuts to at most `max` code units including the ellipsis. The cut prefers a word boundary and
 * never lands inside `[REDACTED]` or between a surrogate pair: half a word can read as another
 * value (`password=tr…` is no longer `true`), which redaction would then treat differently.
 */
function capLength(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < ELLIPSIS.length) return '';
  let end = max - ELLIPSIS.length;
  const space = text.lastIndexOf(' ', end);
  if (space >= 0 && end - space <= WORD_BOUNDARY_SLACK) end = space;
  const marker = text.lastIndexOf(REDACTED, end - 1);
  if (marker >= 0 && marker + REDACTED.length > end) end = marker;
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}${ELLIPSIS}`;
}
