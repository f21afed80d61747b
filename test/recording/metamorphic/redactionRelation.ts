/**
 * The metamorphic relation for secret redaction. Source case: a secret in its plain form
 * (`NAME=value`) in some field the recorder reads; the product removes it (only such cases are
 * in scope: the plain twin of every case must hold). Follow-up case: the same secret in the same
 * field, the text around it rewritten by a real carrier (carriers.ts). The relation:
 *
 *   no piece of the secret that identifies it survives the follow-up, where a piece that
 *   identifies it is any stretch of PIECE (8) or more characters of one of its spellings — the
 *   random part as written, or its encoded form when the carrier encodes it (percent-encoding,
 *   base64 aligned on the random part's own bytes) — found in the output as written or as JSON
 *   escapes it (the recording is JSON files).
 *
 * A cut is covered by the same rule: each piece of a cut secret is a stretch of its random part,
 * so a piece of 8 or more characters counts and a shorter one does not. The vendor prefix is never
 * a piece (`ghp_` is every GitHub token's). 8 random characters of a 62-letter alphabet are
 * 47 bits: enough to recognise one credential among all a reader could hold, and far beyond the
 * chance of the stretch turning up by accident in a recording (a few hundred kilobytes).
 */
export const PIECE = 8;

export interface Piece {
  /** The spelling the piece is a stretch of (the random part, or its encoded form). */
  spelling: string;
  /** The longest stretch of that spelling found in the output. */
  found: string;
}

/** Every stretch of `PIECE` characters of `output`, for a fast "is this window there" test. */
export function windowsOf(output: string): Set<string> {
  const windows = new Set<string>();
  for (let at = 0; at + PIECE <= output.length; at++) windows.add(output.slice(at, at + PIECE));
  return windows;
}

const jsonEscaped = (text: string) => JSON.stringify(text).slice(1, -1);

const present = (piece: string, output: string, windows: Set<string>) => {
  if (piece.length === PIECE ? windows.has(piece) : output.includes(piece)) return true;
  const escaped = jsonEscaped(piece);
  return escaped !== piece && output.includes(escaped);
};

/** The longest identifying piece of each spelling still in `output` (empty: the relation holds). */
export function survivingPieces(spellings: readonly string[], output: string, windows: Set<string> = windowsOf(output)): Piece[] {
  const pieces: Piece[] = [];
  for (const spelling of new Set(spellings)) {
    let best = '';
    for (let start = 0; start + PIECE <= spelling.length; start++) {
      let end = start + PIECE;
      if (!present(spelling.slice(start, end), output, windows)) continue;
      while (end < spelling.length && present(spelling.slice(start, end + 1), output, windows)) end++;
      if (end - start > best.length) best = spelling.slice(start, end);
    }
    if (best) pieces.push({ spelling, found: best });
  }
  return pieces;
}
