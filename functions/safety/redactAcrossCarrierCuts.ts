/**
 * A vendor token that a carrier cut at a line break it did not mark: GNU `fold -w N` (coreutils
 * manual, "fold invocation": every line cut at N columns, mid-word), a logger's fixed-width wrap
 * with an indented continuation, or `fold | logger` where each piece is its own syslog message
 * behind its own header (util-linux logger(1): one message per input line; RFC 3164 §4.1 header
 * `<Mmm dd hh:mm:ss> <host> <tag>[<pid>]: `). Each piece alone is shorter than the rule that
 * knows the token, so the table redacted at most the first piece.
 *
 * A line's width cannot tell such a cut from a line that ended there (a width-based join was
 * withdrawn: it redacted ordinary lines, test/safety/properties.test.ts). What tells them apart
 * here is the token's documented shape (documentedTokenShapes.ts, from gitleaks): a run that ends
 * a line with a vendor's prefix but short of that vendor's documented length cannot be a whole
 * token, and the next line's first run completes it to EXACTLY the documented shape, ending where
 * that run ends. The continuation is read after its indentation, or after the head line's own
 * header repeated (the longest common prefix of the two lines with digits read as one class, so
 * a shipper's timestamp and pid may differ, cut back to a blank): a shipper that splits a line
 * writes its header again on every piece; after a CRI log entry's frame when the entry before was
 * tagged P (partial). A JSON-escaped break (`\n` in a JSON string, `\\n` a level deeper) is a
 * break of the text it encodes. When the head alone is already a whole token of some documented
 * shape, or the joined run is no documented token, or the token ends inside the continuation's
 * run, or that continuation is one plain word, or the redaction table would not redact the joined
 * token itself, nothing changes. So an ordinary line is never touched: it would
 * have to end in a vendor prefix and a partial body whose next line completes it to the exact
 * documented length of a token the table redacts.
 *
 * When it holds, the head piece (from the token's first character) and every continuation piece
 * the token reaches become markers; breaks, headers and indentation stay, so the text keeps its
 * shape and each line stays where it was. A token continued over several lines (a token longer
 * than the width) is followed while each piece fills its line, up to MAX_PIECES lines.
 *
 * Cost: each line is a head once and a piece of at most MAX_PIECES chains, each run is at most
 * MAX_RUN characters, and the shapes are scanned once over the joined run: linear in the text.
 */
import { REDACTED } from './redactionMarker.js';
import { PINNED_TOKEN_IN_RUN, PINNED_TOKEN_START, isWholeDocumentedToken } from './documentedTokenShapes.js';

/** A token run: the vendor alphabets, base64 and `:` (a Telegram bot token's separator); a table, read per character. */
const RUN_CHARS = new Uint8Array(128);
for (const char of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.~+/=:-') RUN_CHARS[char.charCodeAt(0)] = 1;
const isRunChar = (code: number): boolean => code < 128 && RUN_CHARS[code] === 1;
const isBlank = (code: number): boolean => code === 0x20 || code === 0x09;
const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;
/** The longest piece read on one line (the longest documented shape is under 1,100 characters in all). */
const MAX_RUN = 600;
/** The most lines one token is followed over (a 640-character token at 40 columns). */
const MAX_PIECES = 16;

/** What may follow a token in its run: nothing, or the punctuation closing a sentence or a clause. */
const RUN_END = /^[.,;:]*$/;
/** One plain word, in the spellings prose and log keys use. */
const PLAIN_WORD = /^(?:[A-Z]?[a-z]+(?:[-_][a-z]+)*|[A-Z]+(?:_[A-Z]+)*)$/;
/**
 * The first characters of every pinned shape (documentedTokenShapes.ts), each after a
 * non-alphanumeric: a token can only start in the head where one of these does.
 * test/safety/carrierCutSecrets.test.ts checks every shape's tokens open with one.
 */
export const TOKEN_OPENING =
  /(?<![A-Za-z0-9])(?:gh[pousr]|git|gl[a-z]|GR1|hf_|api|sk-|xox|npm|do[opr]|dap|AIz|shp|SG\.|PMA|pul|dp\.|duf|EZ[AT]|FLW|fo1|fio|sgp|AKC|cmV|CLO|v1\.|dt0|lin|[ps]at|ico|sha|ppl|pnu|rdm|rub|tk-|xke|snt|sm_|shi|SK[0-9a-fA-F]|A3T|AKI|ASI|ABI|ACC|LTA|API|A3-|4b1|ntn|AGE|eyJ|[0-9]{3})/;
/**
 * The CRI container log line (kubernetes pkg/kubelet/kuberuntime/logs/logs.go, parseCRILog:
 * `<RFC 3339 time> <stdout|stderr> <tag> <log>`, tag `P` a partial line the runtime split, `F` its
 * last part): a carrier that marks its cut.
 */
const CRI_PARTIAL = /^\S+ (?:stdout|stderr) P /;
const CRI_ENTRY = /^\S+ (?:stdout|stderr) [PF] /;
/** Private copies: their scan state is this module's. */
const SHAPE_IN_RUN = new RegExp(PINNED_TOKEN_IN_RUN.source, 'g');
const SHAPE_START = new RegExp(PINNED_TOKEN_START.source, 'g');

/** Whether a pinned token starts in the head and runs past it in `joined` (whatever ends it): one scan, before any judging. */
function mayCross(joined: string, headLength: number): boolean {
  SHAPE_START.lastIndex = 0;
  for (let match = SHAPE_START.exec(joined); match !== null && match.index < headLength; match = SHAPE_START.exec(joined)) {
    if (match.index + match[0].length > headLength) {
      SHAPE_START.lastIndex = 0;
      return true;
    }
    SHAPE_START.lastIndex = match.index + 1;
  }
  SHAPE_START.lastIndex = 0;
  return false;
}

interface Line {
  start: number;
  /** Before the break: `\n`, `\r\n`, or their JSON escapes. */
  contentEnd: number;
}

const BACKSLASH = 0x5c;

/** Where the run of `\` that ends at `last` (inclusive) starts, not before `floor`. */
function backslashRunStart(text: string, last: number, floor: number): number {
  let start = last;
  while (start > floor && text.charCodeAt(start - 1) === BACKSLASH) start -= 1;
  return start;
}

/** Where a run of `\` starting at `at` ends. */
function backslashesEnd(text: string, at: number): number {
  let end = at;
  while (end < text.length && text.charCodeAt(end) === BACKSLASH) end += 1;
  return end;
}

/**
 * The text's lines. A JSON-escaped line break is one too: a folded message stored in a JSON string
 * (`\n`, RFC 8259 §7), or in a JSON string inside one (`\\n`, each level doubling the `\`), is
 * still the folded text, its pieces on either side of the escape (a `\r` escape before it goes
 * with it). A token holds no `\`, so an escape that was a literal `\` and an `n` can only join
 * runs into a token of its exact documented shape, as a real break would.
 */
function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  let nextNewline = text.indexOf('\n');
  let nextEscape = text.indexOf('\\n');
  for (let at = 0; at < text.length; at += 1) {
    // Jump to the next break or escaped break (indexOf, not a per-character loop).
    if (nextNewline >= 0 && nextNewline < at) nextNewline = text.indexOf('\n', at);
    if (nextEscape >= 0 && nextEscape < at) nextEscape = text.indexOf('\\n', at);
    const jump = Math.min(nextNewline < 0 ? text.length : nextNewline, nextEscape < 0 ? text.length : backslashRunStart(text, nextEscape, at));
    if (jump >= text.length) break;
    at = jump;
    const code = text.charCodeAt(at);
    if (code === 0x0a) {
      lines.push({ start, contentEnd: at > start && text.charCodeAt(at - 1) === 0x0d ? at - 1 : at });
      start = at + 1;
    } else if (code === BACKSLASH) {
      const end = backslashesEnd(text, at);
      if (text.charCodeAt(end) !== 0x6e) {
        at = end - 1;
        continue;
      }
      let contentEnd = at;
      // An escaped `\r` right before: `…\r\n`.
      if (contentEnd - 1 > start && text.charCodeAt(contentEnd - 1) === 0x72 && text.charCodeAt(contentEnd - 2) === BACKSLASH) {
        contentEnd -= 1;
        while (contentEnd > start && text.charCodeAt(contentEnd - 1) === BACKSLASH) contentEnd -= 1;
      }
      lines.push({ start, contentEnd });
      start = end + 1;
      at = end;
    }
  }
  lines.push({ start, contentEnd: text.length });
  return lines;
}

/**
 * Where a continuation line's text starts: after the head line's header when the line repeats it
 * (digits may differ: a timestamp, a pid), cut back to a blank so no word of the text is taken
 * for header, then after blanks (a wrapper's indentation).
 */
function continuationStart(text: string, head: Line, headRunStart: number, next: Line): number {
  // A CRI log entry tagged P (partial) is continued by the next entry, tagged P or F: the frame
  // differs in its tag, so it is read as a frame, not as a repeated header.
  const partial = CRI_PARTIAL.exec(text.slice(head.start, headRunStart));
  const entry = partial === null ? null : CRI_ENTRY.exec(text.slice(next.start, next.contentEnd));
  if (entry !== null) return next.start + entry[0].length;
  const limit = Math.min(headRunStart - head.start, next.contentEnd - next.start);
  let shared = 0;
  while (shared < limit) {
    const a = text.charCodeAt(head.start + shared);
    const b = text.charCodeAt(next.start + shared);
    if (a !== b && !(isDigit(a) && isDigit(b))) break;
    shared += 1;
  }
  while (shared > 0 && !isBlank(text.charCodeAt(next.start + shared - 1))) shared -= 1;
  let at = next.start + shared;
  while (at < next.contentEnd && isBlank(text.charCodeAt(at))) at += 1;
  return at;
}

interface Piece {
  start: number;
  end: number;
}

/**
 * Redacts vendor tokens a carrier cut over lines, judged by their documented shape; `judge` (the
 * redaction table) must redact the joined token too. Returns `text` unchanged when there is none.
 */
export function redactAcrossCarrierCuts(text: string, judge: (text: string) => string): string {
  if (!text.includes('\n') && !text.includes('\\n')) return text;
  const lines = linesOf(text);
  let out = '';
  let copiedUpTo = 0;
  for (let index = 0; index + 1 < lines.length; index += 1) {
    const line = lines[index]!;
    const floor = Math.max(line.start, copiedUpTo);
    let headStart = line.contentEnd;
    while (headStart > floor && line.contentEnd - headStart < MAX_RUN && isRunChar(text.charCodeAt(headStart - 1))) headStart -= 1;
    if (headStart === line.contentEnd) continue;
    // A first look: a pinned token's first characters start in the head (the next line's first
    // characters read too, for a cut inside a prefix). Most lines end here.
    const nextStart = continuationStart(text, line, headStart, lines[index + 1]!);
    if (!TOKEN_OPENING.test(text.slice(headStart, line.contentEnd) + text.slice(nextStart, Math.min(nextStart + 3, lines[index + 1]!.contentEnd)))) continue;
    // The continuation pieces: each next line's first run, for as long as a run fills its line.
    const pieces: Piece[] = [];
    for (let next = index + 1; next < lines.length && pieces.length < MAX_PIECES; next += 1) {
      const nextLine = lines[next]!;
      const start = continuationStart(text, line, headStart, nextLine);
      let end = start;
      while (end < nextLine.contentEnd && end - start < MAX_RUN && isRunChar(text.charCodeAt(end))) end += 1;
      if (end === start) break;
      pieces.push({ start, end });
      if (end < nextLine.contentEnd) break;
    }
    if (pieces.length === 0) continue;
    const head = text.slice(headStart, line.contentEnd);
    if (!mayCross(head + pieces.map((piece) => text.slice(piece.start, piece.end)).join(''), head.length)) continue;
    // Longest chain first; a shorter one too, since a token that ended exactly at a line's end
    // reads the next line's first word as one more piece (the blank before it was the cut).
    let found: { start: number; end: number } | null = null;
    for (let count = pieces.length; count > 0 && found === null; count -= 1) {
      const joined =
        head +
        pieces
          .slice(0, count)
          .map((piece) => text.slice(piece.start, piece.end))
          .join('');
      found = crossingToken(joined, head.length, head.length + pieces[0]!.end - pieces[0]!.start, judge);
    }
    if (found === null) continue;
    // Write the head from the token's start, and each piece the token reaches, as markers.
    out += `${text.slice(copiedUpTo, headStart + found.start)}${REDACTED}`;
    copiedUpTo = line.contentEnd;
    let offset = head.length;
    let lastLine = index;
    for (const piece of pieces) {
      if (offset >= found.end) break;
      const covered = Math.min(piece.end, piece.start + (found.end - offset));
      out += `${text.slice(copiedUpTo, piece.start)}${REDACTED}`;
      copiedUpTo = covered;
      offset += piece.end - piece.start;
      lastLine += 1;
    }
    // The last piece's line may end in another cut token: it is read as a head next.
    index = lastLine - 1;
  }
  return copiedUpTo === 0 ? text : out + text.slice(copiedUpTo);
}

/**
 * The documented token in `joined` that starts in the head (its first `headLength` characters) and
 * ends past it, when the head alone is not already a whole documented token and the table redacts
 * the token: its span, or null.
 */
function crossingToken(joined: string, headLength: number, firstPieceEnd: number, judge: (text: string) => string): { start: number; end: number } | null {
  SHAPE_IN_RUN.lastIndex = 0;
  for (let match = SHAPE_IN_RUN.exec(joined); match !== null && match.index < headLength; match = SHAPE_IN_RUN.exec(joined)) {
    const start = match.index;
    const end = start + match[0].length;
    SHAPE_IN_RUN.lastIndex = start + 1;
    if (end <= headLength) continue;
    if (isWholeDocumentedToken(joined.slice(start, headLength))) continue;
    // The token ends where the continuation's run ends (or before punctuation closing it), never
    // inside it: `github_pat_…` cut by a limit, then `CUDA_VISIBLE_DEVICES=0` on the next line,
    // fits `\w{82}` up to `CUDA_VISIBLE` but the run goes on.
    if (!RUN_END.test(joined.slice(end))) continue;
    // A continuation that is one plain word (`Starting`, `rotated`, `CUDA_VISIBLE`) is the next
    // message's, not a random body's piece; two or three letters (`BA`) say nothing either way.
    const firstPiece = joined.slice(headLength, Math.min(end, firstPieceEnd));
    if (firstPiece.length >= 4 && PLAIN_WORD.test(firstPiece)) continue;
    // Judged with a blank after it: alone at the end of a text, a prefix and 12 characters already
    // read as a token cut by a limit (vendorTokenPatterns.ts CUT_TOKEN_PATTERN), whatever its shape.
    const token = `${joined.slice(start, end)} `;
    if (judge(token) === token) continue;
    SHAPE_IN_RUN.lastIndex = 0;
    return { start, end };
  }
  SHAPE_IN_RUN.lastIndex = 0;
  return null;
}
