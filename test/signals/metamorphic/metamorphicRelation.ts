/**
 * The metamorphic relation. For an entry whose original text the engine diagnoses right (it
 * passes the held-out measure, measureEntry) and whose first evidence item quotes the decisive
 * text, a transformation a deployment applies to the printed text must leave the verdict alone:
 *
 * 1. the transformed text yields a verdict (the CLI exits 0);
 * 2. its outcome is the original verdict's, and so is its category (diagnosed), route (routed)
 *    or stop reason (stopped);
 * 3. unless stopped, its FIRST evidence item quotes every piece of the decisive text, in order.
 *    A piece is one line of the decisive text, trimmed: the transformations put a prefix before
 *    each line, an escape or a `\r` around it, a frame before it, never inside a line of the
 *    decisive text, so each piece is still printed whole; what a prefix adds between two pieces
 *    may be quoted or stripped, either keeps the relation. Quotes are compared as a report
 *    shows them (normaliseQuoted: redacted, terminal escapes and control characters stripped,
 *    line breaks and whitespace runs collapsed, case-folded).
 *
 * The relation compares the transformed verdict with the ORIGINAL verdict, not with the
 * corpus's expectation, so it measures invariance, and an entry the engine misses on its
 * original text is left out (it cannot keep or break anything).
 */
import { normaliseQuoted, type CorpusRun, type Verdict } from '../corpusKit.js';

/** How a transformed verdict broke the relation. */
export type BreakKind = 'no verdict' | 'outcome changed' | 'cause changed' | 'decisive not in first evidence';

export interface RelationResult {
  kept: boolean;
  kind: BreakKind | null;
  problem: string | null;
}

/** The decisive text's lines, trimmed, empty ones dropped: what must each still be quoted whole. */
export function decisivePieces(decisive: string): string[] {
  return decisive
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** Whether `text`, normalised as a report shows it, holds every piece in order. */
export function quotesPiecesInOrder(text: string, pieces: readonly string[]): boolean {
  const quoted = normaliseQuoted(text);
  let from = 0;
  for (const piece of pieces) {
    const at = quoted.indexOf(normaliseQuoted(piece), from);
    if (at < 0) return false;
    from = at + normaliseQuoted(piece).length;
  }
  return true;
}

const causeOf = (verdict: Verdict) =>
  verdict.outcome === 'diagnosed'
    ? `category ${verdict.category}`
    : verdict.outcome === 'routed'
      ? `route ${verdict.route}`
      : verdict.outcome === 'stopped'
        ? `stopReason ${verdict.stopReason}`
        : verdict.outcome;

const clip = (text: string) => (text.length > 160 ? `${text.slice(0, 159)}…` : text);

export function checkRelation(original: Verdict, transformed: CorpusRun, decisive: string): RelationResult {
  const verdict = transformed.verdict;
  if (!verdict) return { kept: false, kind: 'no verdict', problem: `CLI exited ${transformed.code}: ${clip(transformed.stderr.trim())}` };
  if (verdict.outcome !== original.outcome)
    return {
      kept: false,
      kind: 'outcome changed',
      problem: `outcome ${verdict.outcome}${verdict.stopReason ? ` (${verdict.stopReason})` : ''}, was ${original.outcome}`,
    };
  if (causeOf(verdict) !== causeOf(original)) return { kept: false, kind: 'cause changed', problem: `${causeOf(verdict)}, was ${causeOf(original)}` };
  if (verdict.outcome === 'stopped') return { kept: true, kind: null, problem: null };
  const first = verdict.evidence[0]?.text ?? '';
  if (quotesPiecesInOrder(first, decisivePieces(decisive))) return { kept: true, kind: null, problem: null };
  return { kept: false, kind: 'decisive not in first evidence', problem: `first evidence ${JSON.stringify(clip(first))}` };
}
