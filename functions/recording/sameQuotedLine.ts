/**
 * Whether two quotes can be the same line, modulo pseudonyms: the report quotes a long line with
 * its middle elided (functions/diagnosis/signals/quoteEvidence.ts: `head … tail`, or the decisive
 * part with ` …` after it), and where it cuts depends on the line's length. A pseudonym is rarely
 * as long as what it replaces, so the live run (which read the original line) and the anonymized
 * replay (which reads the pseudonymised one) cut the same line in different places, and a cut may
 * fall inside an identifier or its pseudonym. The quotes agree when some line reads as both:
 *
 * - an elision stands for any text;
 * - a pseudonym `--anonymize` writes (`name-1a2b3c`, `host-….example.invalid`, a documentation
 *   address), and the piece of a word a cut left at an elision's edge, stand for any one run
 *   without whitespace — a name, its pseudonym, or the piece of either a cut left;
 * - everything else must match exactly.
 *
 * Decided exactly, as the intersection of two patterns with those two wildcards: a walk over pairs
 * of positions (a quote is at most MESSAGE_QUOTE_LENGTH code points, so ~130 k pairs at most).
 */

/** The elision marks quoteEvidence writes: ` … ` between parts, ` …` at the end (whitespace around a cut is trimmed). */
const ELISION = /[ \t]*…[ \t]*/u;
/** What `--anonymize` writes (anonymizeRecording.ts, pseudonymizeHost.ts): kind-digest labels, their hosts, documentation addresses. */
const PSEUDONYM =
  /[a-z]+-[0-9a-f]{6}(?:\.[a-z]+-[0-9a-f]{6})*(?:\.example\.invalid)?|(?<![\d.])(?:192\.0\.2|198\.51\.100|203\.0\.113)\.\d{1,3}(?![\d])|2001:db8::[0-9a-f]{1,4}/g;

/** A code point, or a wildcard: any text, or any run without whitespace. */
type Part = string | typeof ANY | typeof NAME;
const ANY = 0;
const NAME = 1;

/** The piece of a word a cut left at either edge of an elision (`…ard-07`, `Authoriz…`): it may be a piece of a name or of its pseudonym. */
const CUT_HEAD = /^[\p{L}\p{N}_-]+/u;
const CUT_TAIL = /[\p{L}\p{N}_-]+$/u;

function parts(quote: string): Part[] {
  const out: Part[] = [];
  const literals = quote.split(ELISION);
  literals.forEach((whole, index) => {
    let literal = whole;
    if (index > 0) out.push(ANY);
    const cutAfter = index > 0 && CUT_HEAD.test(literal);
    if (cutAfter) {
      out.push(NAME);
      literal = literal.replace(CUT_HEAD, '');
    }
    const cutBefore = index < literals.length - 1 && CUT_TAIL.test(literal);
    if (cutBefore) literal = literal.replace(CUT_TAIL, '');
    let last = 0;
    for (const match of literal.matchAll(PSEUDONYM)) {
      out.push(...Array.from(literal.slice(last, match.index)), NAME);
      last = match.index + match[0].length;
    }
    out.push(...Array.from(literal.slice(last)));
    if (cutBefore) out.push(NAME);
  });
  return out;
}

/** Whether a wildcard can take one more code point (or the other side's wildcard) of the line both quote. */
const takes = (wildcard: Part, other: Part) => wildcard === ANY || other === NAME || (typeof other === 'string' && !/\s/u.test(other));

export function sameQuotedLine(a: string | null | undefined, b: string | null | undefined): boolean {
  if (a === b) return true;
  if (a == null || b == null) return false;
  const left = parts(a);
  const right = parts(b);
  const width = right.length + 1;
  const seen = new Uint8Array((left.length + 1) * width);
  const stack: [number, number][] = [[0, 0]];
  while (stack.length > 0) {
    const [i, j] = stack.pop()!;
    if (seen[i * width + j]) continue;
    seen[i * width + j] = 1;
    if (i === left.length && j === right.length) return true;
    const x = i < left.length ? left[i]! : undefined;
    const y = j < right.length ? right[j]! : undefined;
    // A wildcard matches nothing more (step past it), or takes what the other side reads next.
    if (x === ANY || x === NAME) {
      stack.push([i + 1, j]);
      if (y !== undefined && (takes(x, y) || y === ANY)) stack.push([i, j + 1]);
    }
    if (y === ANY || y === NAME) {
      stack.push([i, j + 1]);
      if (x !== undefined && (takes(y, x) || x === ANY)) stack.push([i + 1, j]);
    }
    if (typeof x === 'string' && x === y) stack.push([i + 1, j + 1]);
  }
  return false;
}
