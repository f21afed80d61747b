/**
 * Base64 is a carrier, not a cipher: `echo $TOKEN | base64`, a Kubernetes Secret's `data`
 * (kubernetes.io, "Managing Secrets using kubectl": values are base64, printed on one line), a
 * `.env` file base64-wrapped at 76 columns (GNU coreutils `base64`, default `-w 76`) all show a
 * secret to anyone who decodes them. A run of the base64 alphabet (RFC 4648 §4, or §5's URL-safe
 * one) is decoded; when it decodes to text (printable ASCII and line breaks: a token, a config, a
 * command line) and the redaction table would redact something in that text, the run is the
 * secret's carrier and is redacted whole. A run that decodes to bytes (a digest, a key body, an
 * image) is no text and stays, as does text with nothing to redact.
 *
 * A block wrapped at a fixed width is read whole: consecutive lines that are each nothing but one
 * run of the same width (a multiple of 4, so each line ends on a quantum), the last no wider, are
 * one encoding; the alphabet, the equal widths and the final short line are what the text shows,
 * not a width alone. Every line of the block becomes a marker.
 *
 * Cost: the runs are found by one scan, each decoded once, and the table runs on the decoded
 * texts, shorter than the runs: linear in the text.
 */
import { REDACTED } from './redactionMarker.js';
import { decodeBase64 } from './secretValueHeuristics.js';

/** The shortest run read: 20 characters, 15 bytes, under the shortest vendor token (an AWS key id's 20 bytes are 27 and `=`). */
const MIN_RUN = 20;
/** A base64 run, standard or URL-safe, with its padding; the lookbehind covers the alphabet, so only a run's first position starts a match. */
const RUN = /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{20,65536}={0,2}(?![A-Za-z0-9+/=_-])/g;
/** A run glued by a `.` to another run before or after it. */
const DOTTED = /^[A-Za-z0-9_-]?\.$/;
const DOTTED_AFTER = /^\.[A-Za-z0-9_-]/;
/** Text, not bytes: printable ASCII, tabs and line breaks. */
const TEXT = /^[\x20-\x7e\t\r\n]+$/;

interface Span {
  start: number;
  end: number;
}

/** The runs of `text`, a wrapped block's lines merged into one span list. */
function blocksOf(text: string): Span[][] {
  const blocks: Span[][] = [];
  RUN.lastIndex = 0;
  for (let match = RUN.exec(text); match !== null; match = RUN.exec(text)) {
    const span = { start: match.index, end: match.index + match[0].length };
    // One segment of a dotted token (a JWT's header, payload or signature, RFC 7519 §7.2) belongs
    // to the token, which the table judges whole; redacting a segment would leave the others.
    if (DOTTED.test(text.slice(Math.max(0, span.start - 2), span.start)) || DOTTED_AFTER.test(text.slice(span.end, span.end + 2))) continue;
    const previous = blocks.at(-1);
    const last = previous?.at(-1);
    // The run continues a block when the line before was a full line of it: the same width, a
    // multiple of 4, no padding, and nothing between the two runs but a line break and indentation.
    if (previous !== undefined && last !== undefined) {
      const width = last.end - last.start;
      const between = text.slice(last.end, span.start);
      const fullLine = width % 4 === 0 && text[last.end - 1] !== '=' && (previous.length === 1 || previous[0]!.end - previous[0]!.start === width);
      if (fullLine && /^\r?\n[ \t]*$/.test(between) && lineHoldsOnly(text, last) && lineHoldsOnly(text, span) && span.end - span.start <= width) {
        previous.push(span);
        continue;
      }
    }
    blocks.push([span]);
  }
  RUN.lastIndex = 0;
  // A block's last line may be shorter than a run is read alone (`…LmNvbSIKfQ==`): the line after
  // a full line that holds nothing but base64 closes the block.
  for (const block of blocks) {
    const last = block.at(-1)!;
    const width = last.end - last.start;
    if (width % 4 !== 0 || text[last.end - 1] === '=' || (block.length > 1 && block[0]!.end - block[0]!.start !== width)) continue;
    const tail = FINAL_LINE.exec(text.slice(last.end, last.end + width + 16));
    if (tail !== null && tail[2]!.length <= width) block.push({ start: last.end + tail[1]!.length, end: last.end + tail[1]!.length + tail[2]!.length });
  }
  return blocks;
}

/** The line after a block's full line: indentation, then base64 with its padding to the line's end. */
const FINAL_LINE = /^(\r?\n[ \t]*)([A-Za-z0-9+/_-]{1,65536}={0,2})(?=\r?\n|$)/;

/** The run is its line's whole content (after indentation). */
function lineHoldsOnly(text: string, span: Span): boolean {
  const lineStart = text.lastIndexOf('\n', span.start - 1) + 1;
  const lineEnd = text.indexOf('\n', span.end);
  return /^[ \t]*$/.test(text.slice(lineStart, span.start)) && /^\r?$/.test(text.slice(span.end, lineEnd < 0 ? text.length : lineEnd));
}

/**
 * Redacts base64 runs (and wrapped blocks) whose decoded text holds something `judge` (the
 * redaction table) redacts; returns `text` unchanged when there is none.
 */
export function redactEncodedSecrets(text: string, judge: (text: string) => string): string {
  if (text.length < MIN_RUN) return text;
  let out = '';
  let copiedUpTo = 0;
  for (const block of blocksOf(text)) {
    const encoded = block.map((span) => text.slice(span.start, span.end)).join('');
    const decoded = decodeBase64(encoded);
    if (!TEXT.test(decoded) || judge(decoded) === decoded) continue;
    for (const span of block) {
      out += `${text.slice(copiedUpTo, span.start)}${REDACTED}`;
      copiedUpTo = span.end;
    }
  }
  return copiedUpTo === 0 ? text : out + text.slice(copiedUpTo);
}
