/**
 * Placing a fresh corpus entry's log tail behind a verbatim upstream line prefix, shared by the
 * placement generators of the second to fifth fresh corpora (fresh2Placements.ts,
 * fresh3Placements.ts, fresh4Placements.ts, fresh5Placements.ts). Each corpus keeps its own
 * prefixes, noise lines and seed; what is the same is where the tail is (behind the carrier
 * that relays it), how a placed entry is made from its base (the base's expectation and decisive
 * text, its own key order, a note citing the prefix and the noise) and the file it is written in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignalEntrySchema, SignalFileSchema } from './signalCorpus.js';
import { seededRandom } from '../support/seededRandom.js';

/**
 * The carriers of a log tail: the Run:ai phase message of a terminated container, Knative's
 * ContainerHealthy condition.
 */
export const CARRIERS = [/^(Pod \S+ failed: container \S+ terminated with exit code \d+ \([^)]*\): )([\s\S]*)$/, /^(Container failed with: )([\s\S]*)$/];

/**
 * The entry's text with every line of its log tail — `before` lines, the tail, `after` lines —
 * placed by `place` (`at`: the line's index in the placed tail). A trailing newline of the
 * termination message is not a log line of its own, unless `placeTrailingNewline` (the third
 * corpus's generator placed it as an empty line, and its committed family keeps that).
 */
export function placeLogTail(
  verbatim: string,
  place: (line: string, at: number) => string,
  where: string,
  before: readonly string[] = [],
  after: readonly string[] = [],
  placeTrailingNewline = false,
): string {
  for (const carrier of CARRIERS) {
    const match = carrier.exec(verbatim);
    if (match) {
      const tail = [...before, ...(placeTrailingNewline ? match[2]! : match[2]!.replace(/\n$/, '')).split('\n'), ...after];
      return match[1]! + tail.map((line, at) => place(line, at)).join('\n');
    }
  }
  throw new Error(`${where}: no log tail behind a known carrier`);
}

/** Entry `index` of the corpus family `source` in `dir`, the file checked against the corpus schema. */
export function readBaseEntry(dir: string, source: string, index: number): Record<string, unknown> {
  const raw: unknown = JSON.parse(readFileSync(join(dir, `${source}.json`), 'utf8'));
  SignalFileSchema.parse(raw);
  const entry = (raw as { entries: Record<string, unknown>[] }).entries[index];
  if (!entry) throw new Error(`${source} #${index}: no such entry`);
  return entry;
}

/** The placed entry: the base entry's own key order (it reads like its base), the placed text, the base note extended. */
export function placedEntry(base: Record<string, unknown>, verbatim: string, note: string, where: string, styleName: string): Record<string, unknown> {
  const placed = { ...base, verbatim, note: `${String(base.note)} ${note}` };
  const parsed = SignalEntrySchema.safeParse(placed);
  if (!parsed.success) throw new Error(`${where} behind ${styleName}: ${parsed.error.message}`);
  return placed;
}

/** The text of a placed family's file. */
export const placedFamilyFile = (source: string, description: string, entries: readonly Record<string, unknown>[]) =>
  `${JSON.stringify({ source, description, entries }, null, 2)}\n`;

/** What one placed entry draws from the seeded generator: a pid, a rank, the first timestamp's fraction. */
export interface Draw {
  pid: number;
  rank: number;
  /** microseconds into the second of the first line; each corpus advances later lines by its own step. */
  micros: number;
}

/** One verbatim upstream line prefix: how it is written, and where its format was read. */
export interface PrefixStyle {
  label: string;
  citation: string;
  /** Whether the style escapes its message (then a decisive text with `"` or `\` cannot be placed). */
  escapes?: boolean;
  /** The prefixed line; `at` (the line's index in the tail) advances the timestamps. */
  place(line: string, at: number, draw: Draw): string;
}

/**
 * Verbatim upstream lines placed around a tail (before the failure, or after it), with their source.
 * A wrapper that restates the cause (a Python `raise … from e` chain, a `sys.exit(f"…{e}")`) prints
 * the base entry's own text inside its frame, so its lines are made from the base's decisive text.
 */
export interface Noise {
  /** Fixed lines, or lines made from the base's decisive text and its whole verbatim (carrier included). */
  lines: string[] | ((decisive: string, baseVerbatim: string) => string[]);
  citation: string;
}

/** A seeded placed family: which entries, behind which prefix, with which noise before and after. */
export interface SeededPlacements<StyleName extends string, NoiseName extends string> {
  dir: string;
  source: string;
  description: string;
  /** The generator module, named in each note. */
  generator: string;
  seed: number;
  styles: Record<StyleName, PrefixStyle>;
  noise: Record<NoiseName, Noise>;
  placements: readonly (readonly [string, number, StyleName, readonly NoiseName[], readonly NoiseName[]])[];
  /** Place a trailing newline of the termination message as an empty log line (see placeLogTail). */
  placeTrailingNewline?: boolean;
}

/**
 * The text of a seeded placed family: every placement's base entry with its tail behind the
 * style's prefix and the noise around it, pids, ranks and timestamps drawn from the seed in
 * placement order. Only one-line decisive texts are placed (a prefix cuts a multi-line one),
 * and behind an escaping style only decisive texts without `"` or `\` (escaping changes them).
 */
export function renderSeededPlacements<StyleName extends string, NoiseName extends string>(family: SeededPlacements<StyleName, NoiseName>): string {
  const random = seededRandom(family.seed);
  const noiseLines = (names: readonly NoiseName[], decisive: string, baseVerbatim: string) =>
    names.flatMap((name) => {
      const { lines } = family.noise[name];
      return typeof lines === 'function' ? lines(decisive, baseVerbatim) : lines;
    });
  const noiseCitations = (names: readonly NoiseName[]) => names.map((name) => family.noise[name].citation).join('; ');
  const entries = family.placements.map(([source, index, styleName, before, after]) => {
    const where = `${source} #${index}`;
    const base = readBaseEntry(family.dir, source, index);
    const style = family.styles[styleName];
    const decisive = String(base.decisive);
    if (decisive.includes('\n')) throw new Error(`${where}: a multi-line decisive text cannot be placed behind a prefix`);
    if (style.escapes && /["\\]/.test(decisive)) throw new Error(`${where}: ${styleName} escapes the decisive text`);
    const draw: Draw = { pid: 1000 + Math.floor(random() * 30000), rank: 1 + Math.floor(random() * 7), micros: 100000 + Math.floor(random() * 800000) };
    const verbatim = placeLogTail(
      String(base.verbatim),
      (line, at) => style.place(line, at, draw),
      where,
      noiseLines(before, decisive, String(base.verbatim)),
      noiseLines(after, decisive, String(base.verbatim)),
      family.placeTrailingNewline,
    );
    const noise = [
      before.length > 0 ? `noise before the tail: ${noiseCitations(before)}` : null,
      after.length > 0 ? `noise after it: ${noiseCitations(after)}` : null,
    ].filter((part): part is string => part !== null);
    const note =
      `Placed behind ${style.label} on every line of the log tail (prefix format: ${style.citation})` +
      (noise.length > 0 ? `, with ${noise.join('; ')}` : '') +
      `; generated from ${where} by ${family.generator} (seed ${family.seed}), with the base entry's expectation and decisive text.`;
    return placedEntry(base, verbatim, note, where, styleName);
  });
  return placedFamilyFile(family.source, family.description, entries);
}
