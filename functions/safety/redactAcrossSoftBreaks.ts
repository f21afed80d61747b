/**
 * A line break that a transport inserted inside a token, and marked as soft, is not the end of
 * that token. Two kinds reach the text a diagnosis reads:
 * - quoted-printable (RFC 2045 §6.7, rule 5): encoded lines are at most 76 characters, and an
 *   encoder that must break a longer line ends it with `=` (a "soft line break") which the
 *   decoder deletes together with the line break. A mail body relayed into an event or a phase
 *   message keeps the `=`, so a key longer than the line is written in two pieces.
 * - an escaped line break: a YAML double-quoted scalar (YAML 1.2 §7.3.1) or a Java `.properties`
 *   value (java.util.Properties#load) continues on the next line after a `\` that ends its line.
 * Each piece alone is shorter than the rule that recognises the token (gitleaks ends a secret at
 * whitespace or `\n` too: config/gitleaks.toml, each rule's `(?:[\x60'"\s;]|\\[nr]|$)`), so the
 * table redacted at most the first piece and left the second readable.
 * A plain fixed-width wrap (`fold -w 80`, a logger's wrap) is not undone: a line's width alone does
 * not tell a wrapper's cut from a line that ended there. Joining by width (tried: lines of 60–256
 * characters ending in a token character) redacted ordinary lines (`…/db-creds` + the next line's
 * `CUDA_VISIBLE_DEVICES=0` read as a secret-ish assignment) and pre-empted the table's own row for
 * a bearer token split over two lines (test/safety/properties.test.ts found both). A vendor token
 * such a wrap cut is judged by its documented length instead (redactAcrossCarrierCuts.ts).
 *
 * The rule here: undo the break before judging. Where a line ends inside a token at a soft break
 * (a QP `=` when the text says it is quoted-printable, or an escaping `\`), the token is joined
 * with the continuation's first run (after its indentation), over several lines when each is full, and
 * judged in its line by the same redaction table. When the table's redaction reaches across the
 * break, that redaction is written on the head line and every continuation piece it reaches
 * becomes a marker; the breaks and indentation stay, so the text keeps its shape. When it does
 * not, nothing changes: a word the encoder cut (`evic`=⏎`ted`), an image reference or a UUID
 * rejoins into something the table keeps anyway, so ordinary text stays as it was.
 *
 * Cost: every line is looked at a bounded number of times, and a judged candidate costs a table
 * run over at most 2 × CONTEXT + MAX_JOINED characters, so the pass is linear in the text. A chain
 * longer than MAX_JOINED (a wrapped base64 blob, a PEM body) is left to the table's own
 * multi-line rows, which see the whole block.
 */
import { REDACTED } from './redactionMarker.js';

/** Characters of the head line judged before its last token: enough for `NAME=`, `token `, `Authorization: Bearer `. */
const CONTEXT = 96;
/** The longest joined token judged; longer chains are blocks the multi-line rows handle whole. */
const MAX_JOINED = 1_024;
/** The shortest joined run worth judging (with what is glued after it): the 16 characters a leaked piece is counted from. */
const MIN_JOINED = 16;

/** The token alphabet of the vendor rows, base64 and URL-safe base64, and `=` (QP's `=3D`, padding). */
const TOKEN_CHAR = /[\w.~+/=-]/;
const isTokenChar = (code: number): boolean => TOKEN_CHAR.test(String.fromCharCode(code));
const isBlank = (code: number): boolean => code === 0x20 || code === 0x09;
/** RFC 2045 §6.1: the text declares its body quoted-printable (a header carried along with it). */
const DECLARES_QUOTED_PRINTABLE = /quoted-printable/i;
/** A second line that starts with a plain word (`Starting`, `stage-weights`) goes on after a whole token, not inside it. */
const PLAIN_WORD = /^(?:[A-Z]?[a-z]+(?:[-_][a-z]+)*|[A-Z]+)$/;
/** A quoted-printable escape, `=` and two upper-case hex digits (RFC 2045 §6.7 rule 1). */
const QP_ESCAPE = /^=([0-9A-F]{2})$/;

interface Line {
  start: number;
  /** End of the content: before `\r\n` / `\n`, and before a QP soft break's `=` or an escaping `\`. */
  contentEnd: number;
  /** Index of the `\n`, or text.length for the last line. */
  end: number;
  /** The line ends at a soft break: a QP `=` or an escaping `\`. */
  soft: boolean;
  /** The soft break is a quoted-printable `=`. */
  quotedPrintable: boolean;
}

function lineAt(text: string, start: number, quotedPrintable: boolean): Line {
  const newline = text.indexOf('\n', start);
  const end = newline < 0 ? text.length : newline;
  let contentEnd = end > start && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end;
  let soft = false;
  let qpSoft = false;
  if (newline >= 0) {
    if (quotedPrintable && contentEnd > start && text.charCodeAt(contentEnd - 1) === 0x3d) {
      contentEnd -= 1;
      soft = true;
      qpSoft = true;
    } else if (contentEnd > start && text.charCodeAt(contentEnd - 1) === 0x5c && trailingBackslashes(text, start, contentEnd) % 2 === 1) {
      // An escaped line break: YAML 1.2 §7.3.1 (a double-quoted scalar's `\` at the end of a line
      // joins it to the next one, whose leading white space is dropped) and
      // java.util.Properties#load (a line ending in an odd number of `\` continues on the next,
      // leading white space skipped). The `\` is no part of the token.
      contentEnd -= 1;
      soft = true;
    }
  }
  return { start, contentEnd, end, soft, quotedPrintable: qpSoft };
}

/** How many `\` end text[start, end) (an odd count escapes the line break, an even one is literal backslashes). */
function trailingBackslashes(text: string, start: number, end: number): number {
  let count = 0;
  while (end - count > start && text.charCodeAt(end - count - 1) === 0x5c) count += 1;
  return count;
}

interface Piece {
  start: number;
  end: number;
}

/** The first run of token characters on a line after its indentation, at most `limit` long. */
function firstRun(text: string, line: Line, limit: number): Piece {
  let start = line.start;
  while (start < line.contentEnd && isBlank(text.charCodeAt(start))) start += 1;
  let end = start;
  while (end < line.contentEnd && end - start < limit && isTokenChar(text.charCodeAt(end))) end += 1;
  return { start, end };
}

/**
 * Redacts tokens a soft break cut in two, judging the joined form with `judge` (the redaction
 * table); returns `text` unchanged when there is no such token.
 */
export function redactAcrossSoftBreaks(text: string, judge: (text: string) => string): string {
  if (!text.includes('\n')) return text;
  const quotedPrintable = DECLARES_QUOTED_PRINTABLE.test(text);
  let out = '';
  let copiedUpTo = 0;
  let line = lineAt(text, 0, quotedPrintable);
  while (line.end < text.length) {
    if (!line.soft) {
      line = lineAt(text, line.end + 1, quotedPrintable);
      continue;
    }
    // The head: the token the line ends with (never before what was already written).
    const floor = Math.max(line.start, copiedUpTo);
    let headStart = line.contentEnd;
    while (headStart > floor && isTokenChar(text.charCodeAt(headStart - 1)) && line.contentEnd - headStart < MAX_JOINED) headStart -= 1;
    // The continuations: each next line's first run after its indentation, for as long as the
    // run fills its line and that line ends at a soft break too.
    const pieces: Piece[] = [];
    let joinedLength = line.contentEnd - headStart;
    let current = line;
    let last = line;
    while (current.soft && current.end < text.length) {
      const nextLine = lineAt(text, current.end + 1, quotedPrintable);
      const piece = firstRun(text, nextLine, MAX_JOINED + 1 - joinedLength);
      if (piece.end === piece.start) break;
      pieces.push(piece);
      joinedLength += piece.end - piece.start;
      last = nextLine;
      if (piece.end < nextLine.contentEnd || joinedLength > MAX_JOINED) break;
      current = nextLine;
    }
    const resumeAt = last === line ? line.end + 1 : last.start;
    const candidate = pieces.length > 0 && joinedLength <= MAX_JOINED;
    const rewrite = candidate ? judgeJoined(text, line, headStart, floor, pieces, last, quotedPrintable, judge) : null;
    if (rewrite === null) {
      // Not a token cut in two (or too long to judge here): the lines of the chain were read as
      // one run already, so the scan goes on from the chain's last line.
      line = lineAt(text, resumeAt, quotedPrintable);
      continue;
    }
    out += text.slice(copiedUpTo, rewrite.from) + rewrite.text;
    copiedUpTo = rewrite.to;
    const width = line.contentEnd - line.start;
    line = lineAt(text, last.start, quotedPrintable);
    // A value redacted to the end of a soft-broken line goes on at the start of the next one
    // (the break fell in its context first, then in the value): those runs are the value's too.
    // A wrapper fills every line but the last to the same width, so a shorter line ended the
    // value, and the next line (a new log line's timestamp) is not part of it.
    while (copiedUpTo === line.contentEnd && line.soft && (line.quotedPrintable || line.contentEnd - line.start >= width) && line.end < text.length) {
      const nextLine = lineAt(text, line.end + 1, quotedPrintable);
      const { start, end } = firstRun(text, nextLine, text.length);
      if (end === start || (end < nextLine.contentEnd && PLAIN_WORD.test(text.slice(start, end)))) break;
      out += text.slice(copiedUpTo, start) + REDACTED;
      copiedUpTo = end;
      line = nextLine;
    }
  }
  return copiedUpTo === 0 ? text : out + text.slice(copiedUpTo);
}

/**
 * Judges the joined token in its context: up to CONTEXT characters before it on the head line and
 * the rest of the last continuation line (up to CONTEXT characters) after it, so a row that needs
 * what follows (`user:pass@host`, a closing quote) sees it. In quoted-printable text the judged
 * copy is decoded too (`=3D` is `=`, RFC 2045 §6.7 rule 1), so `KEY=3D<value>` reads as the
 * assignment it encodes. The table's change is located by the common prefix and suffix of the
 * judged text and its redaction. It counts only when it starts at the head token or later (a
 * span that began in the context before it — a PEM BEGIN line behind a forwarder's prefix —
 * belongs to a multi-line row, which needs the lines as they are) and reaches a continuation;
 * then that span is written in place and every continuation piece it reaches becomes a marker,
 * breaks and indentation kept.
 */
function judgeJoined(
  text: string,
  line: Line,
  headStart: number,
  floor: number,
  pieces: Piece[],
  last: Line,
  quotedPrintable: boolean,
  judge: (text: string) => string,
): { from: number; to: number; text: string } | null {
  let from = Math.max(floor, headStart - CONTEXT);
  if (from > floor) while (from < headStart && !/\s/.test(text[from - 1]!)) from += 1;
  const tailStart = pieces.at(-1)!.end;
  let tailEnd = Math.min(last.contentEnd, tailStart + CONTEXT);
  if (tailEnd < last.contentEnd) while (tailEnd > tailStart && !/\s/.test(text[tailEnd]!)) tailEnd -= 1;
  // The judged copy, and for each of its characters the physical span it came from.
  const segments: Piece[] = [{ start: from, end: line.contentEnd }, ...pieces.slice(0, -1), { start: pieces.at(-1)!.start, end: tailEnd }];
  let judged = '';
  const startOf: number[] = [];
  const endOf: number[] = [];
  for (const segment of segments) {
    for (let at = segment.start; at < segment.end;) {
      const escape = quotedPrintable && text.charCodeAt(at) === 0x3d ? QP_ESCAPE.exec(text.slice(at, at + 3)) : null;
      const width = escape === null ? 1 : 3;
      judged += escape === null ? text[at] : String.fromCharCode(parseInt(escape[1]!, 16));
      startOf.push(at);
      endOf.push(at + width);
      at += width;
    }
  }
  // Both exist: the last segment (the last piece and what follows it) is never empty.
  const headOffset = startOf.findIndex((at) => at >= headStart);
  const firstBreak = startOf.findIndex((at) => at >= pieces[0]!.start);
  // Every credential format mixes letters and digits (a bot token's digits, `:`, then letters)
  // and is longer than MIN_JOINED with what is glued to it; prose cut by a wrapper needs no judge.
  const glued = /^\S*/.exec(judged.slice(headOffset))![0];
  if (glued.length < MIN_JOINED || !/\d/.test(glued) || !/[A-Za-z]/.test(glued)) return null;
  const redacted = judge(judged);
  if (redacted === judged) return null;
  let prefix = 0;
  while (prefix < judged.length && prefix < redacted.length && judged.charCodeAt(prefix) === redacted.charCodeAt(prefix)) prefix += 1;
  let suffix = 0;
  const room = Math.min(judged.length, redacted.length) - prefix;
  while (suffix < room && judged.charCodeAt(judged.length - 1 - suffix) === redacted.charCodeAt(redacted.length - 1 - suffix)) suffix += 1;
  const spanStart = prefix;
  const spanEnd = judged.length - suffix;
  if (spanStart < headOffset || spanEnd <= firstBreak || spanEnd <= spanStart) return null;
  // The breaks the span reaches across: a judged character whose physical start is not where the previous one ended.
  const crossed: number[] = [];
  for (let index = spanStart + 1; index < spanEnd; index += 1) if (startOf[index] !== endOf[index - 1]) crossed.push(index);
  const lastPiece = text.slice(pieces.at(-1)!.start, pieces.at(-1)!.end);
  // The head was a whole token already and the next line starts with a word: two tokens. Judged
  // with the word after a space, so a head that only a cut-token row takes (its end being the
  // end of the text) does not count as whole.
  if (crossed.length > 0 && pieces.length === 1 && PLAIN_WORD.test(lastPiece)) {
    const apart = judge(`${text.slice(from, line.contentEnd)} ${lastPiece}`);
    if (apart.endsWith(`${REDACTED} ${lastPiece}`)) return null;
  }
  let written = redacted.slice(spanStart, redacted.length - suffix);
  for (const index of crossed) written += text.slice(endOf[index - 1], startOf[index]) + REDACTED;
  const to = Math.max(endOf[spanEnd - 1]!, crossed.length > 0 ? startOf[crossed.at(-1)!]! : 0);
  return { from: startOf[spanStart]!, to, text: written };
}
