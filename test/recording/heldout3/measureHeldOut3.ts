/**
 * One seed of the third held-out set, measured with the first set's recorder
 * (test/recording/heldout/recordHeldOut.ts) and the second set's report texts and secret
 * search (a whole value or any 16-character piece, as written or JSON-escaped). Figures:
 * plants surviving anywhere in the `--anonymize` folder, verbatim texts lost, secrets in the
 * raw and anonymized recordings and in the report and notification texts, secrets the
 * report's own redaction keeps in their own text, whether the anonymized replay reaches the
 * raw replay's verdict, and what never reached the raw recording (an absence proves nothing).
 */
import type { HeldOutSet } from '../heldout/heldOutPlants.js';
import { measureHeldOutSeed, type HeldOutSeedFigures } from '../heldout2/measureHeldOutSeed.js';
import { buildHeldOutSet3, type ConsistencyCase, type Family3, type HeldOutSet3 } from './heldOutPlants3.js';

export interface ConsistencyFigure {
  case: ConsistencyCase;
  /** The text each place's occurrences of the value became in the anonymized folder. */
  pseudonyms: string[];
  /** Files where a place's raw and anonymized matches could not be paired (their counts differ). */
  unpaired: number;
  /** Places where the value's pseudonym was read. */
  placesRead: number;
  status: 'consistent' | 'inconsistent' | 'unmeasured';
}

/** A seed's figures for a set that also plants consistency cases (the third set and every later one). */
export interface ConsistencySetFigures<F extends string, S extends HeldOutSet<F> & { consistency: ConsistencyCase[] }> extends HeldOutSeedFigures<F, S> {
  consistency: ConsistencyFigure[];
  inconsistent: ConsistencyCase[];
}

/** One seed's set measured with the second set's harness, plus one pseudonym per consistency case. */
export async function measureConsistencySet<F extends string, S extends HeldOutSet<F> & { consistency: ConsistencyCase[] }>(
  set: S,
): Promise<ConsistencySetFigures<F, S>> {
  const figures = await measureHeldOutSeed<F, S>(set);
  const consistency = figures.set.consistency.map((item) => measureConsistency(item, figures.run.rawFolder, figures.run.anonymizedFolder));
  return { ...figures, consistency, inconsistent: consistency.filter((figure) => figure.status !== 'consistent').map((figure) => figure.case) };
}

export type HeldOut3Figures = ConsistencySetFigures<Family3, HeldOutSet3>;

export const measureHeldOut3 = async (seed: number): Promise<HeldOut3Figures> => measureConsistencySet<Family3, HeldOutSet3>(await buildHeldOutSet3(seed));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const jsonEscaped = (text: string) => JSON.stringify(text).slice(1, -1);

/** The folder's files (the recorder's `=== name` headers) by name. */
function filesOf(folder: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const part of folder.split(/^=== /m).slice(1)) {
    const newline = part.indexOf('\n');
    files.set(part.slice(0, newline), part.slice(newline + 1));
  }
  return files;
}

/**
 * The pseudonym a value got in each place. Where every raw match of a place held the value,
 * every anonymized match of it is that value's pseudonym; where the place also holds other
 * values (a field name shared by several nodes), raw and anonymized matches are paired by their
 * order within each file, and a file whose match counts differ is left out (unpaired): the
 * anonymizer may drop records the diagnosis does not read, and a dropped place is not an
 * inconsistency. Two places read with one pseudonym, never the value: consistent; two
 * pseudonyms, or the value itself: inconsistent; fewer than two places read: unmeasured.
 */
export function measureConsistency(item: ConsistencyCase, rawFolder: string, anonymizedFolder: string): ConsistencyFigure {
  const isValue = (capture: string) => capture === item.value || capture === jsonEscaped(item.value);
  const rawFiles = filesOf(rawFolder);
  const anonymizedFiles = filesOf(anonymizedFolder);
  const pseudonyms: string[] = [];
  let unpaired = 0;
  let placesRead = 0;
  for (const place of item.places) {
    const sources =
      'field' in place
        ? [`"${escapeRegExp(place.field)}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`]
        : [
            ...new Set([
              `${escapeRegExp(place.before)}(.{1,200}?)${escapeRegExp(place.after)}`,
              `${escapeRegExp(jsonEscaped(place.before))}(.{1,200}?)${escapeRegExp(jsonEscaped(place.after))}`,
            ]),
          ];
    const before = pseudonyms.length;
    for (const source of sources) {
      const captures = (text: string) => [...text.matchAll(new RegExp(source, 'g'))].map((match) => match[1]!);
      const raw = captures(rawFolder);
      if (!raw.some(isValue)) continue;
      if (raw.every(isValue)) {
        pseudonyms.push(...captures(anonymizedFolder));
        continue;
      }
      for (const [name, text] of rawFiles) {
        const rawInFile = captures(text);
        if (!rawInFile.some(isValue)) continue;
        const anonymizedInFile = captures(anonymizedFiles.get(name) ?? '');
        if (anonymizedInFile.length !== rawInFile.length) {
          unpaired += 1;
          continue;
        }
        rawInFile.forEach((capture, index) => {
          if (isValue(capture)) pseudonyms.push(anonymizedInFile[index]!);
        });
      }
    }
    if (pseudonyms.length > before) placesRead += 1;
  }
  const distinct = [...new Set(pseudonyms)];
  const status: ConsistencyFigure['status'] = distinct.length > 1 || distinct.some(isValue) ? 'inconsistent' : placesRead >= 2 ? 'consistent' : 'unmeasured';
  return { case: item, pseudonyms: distinct, unpaired, placesRead, status };
}
