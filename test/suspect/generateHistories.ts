/**
 * What both held-out suspect-node sets (test/suspect, test/suspect2) do to turn their families
 * into histories: a seeded draw per family and variation (mulberry32 seeded by an FNV-1a hash of
 * `<family>#<variation>`, so a history never changes when another family is added), the
 * family's steps completed with the defaults, the expectation derived from the rule text
 * (expectSuspicion under the set's reading), and a refusal of any history whose family claims a
 * number of `node_suspect` notices the rule text does not give. A set adds its own refusals
 * through `check`.
 */
import { expectSuspicion, type Expectation, type PlannedFailure, type ReadingOptions } from './expectSuspicion.js';
import { seededRandom } from '../support/seededRandom.js';

/** The random choices a family makes. */
export interface Draw {
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
}

function drawFrom(random: () => number): Draw {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  return {
    int,
    pick: (items) => items[int(0, items.length - 1)]!,
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
}

/** Failures spaced by a few minutes to a few hours, starting at `from` minutes. */
export function spaced(d: Draw, count: number, from = 0, maxGapMinutes = 90): number[] {
  const times: number[] = [];
  let at = from;
  for (let i = 0; i < count; i += 1) {
    times.push(at);
    at += d.int(3, maxGapMinutes);
  }
  return times;
}

/** One failure in the family's terms; the family numbers the names. */
export type Step = Omit<PlannedFailure, 'name' | 'cluster' | 'resend' | 'reportedLateMinutes'> & {
  cluster?: string;
  name?: string;
  resend?: boolean;
  reportedLateMinutes?: number;
};

export interface Family<S extends Step = Step> {
  name: string;
  variations: number;
  /** What the rule text makes of the family: the `node_suspect` notices each variation must give. */
  notices: (variation: number) => number;
  steps: (d: Draw, variation: number) => S[];
}

export interface SuspectHistory {
  /** `<family>-<variation>`: unique, stable across runs (the ledger's key). */
  name: string;
  family: string;
  failures: PlannedFailure[];
  expectation: Expectation;
}

export interface GenerateOptions {
  /** The set's reading of the rule text (its kinds, how submitters are told apart). */
  reading?: ReadingOptions;
  /** A set's own refusal: throws when the history must not be generated. */
  check?: (name: string, failures: readonly PlannedFailure[], expectation: Expectation) => void;
}

/** Every history of the families, in a stable order. */
export function generateHistories(families: readonly Family[], options: GenerateOptions = {}): SuspectHistory[] {
  return families.flatMap((family) =>
    Array.from({ length: family.variations }, (_, variation) => {
      const seed = [...`${family.name}#${variation}`].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16_777_619) >>> 0, 2_166_136_261);
      const steps = family.steps(drawFrom(seededRandom(seed)), variation);
      const failures: PlannedFailure[] = steps.map((step, i) => ({
        cluster: 'A',
        name: `${family.name.split('-')[0]}-run-${i + 1}`,
        resend: false,
        reportedLateMinutes: 0,
        ...step,
      }));
      const name = `${family.name}-${variation + 1}`;
      const expectation = expectSuspicion(failures, options.reading);
      const claimed = family.notices(variation);
      if (expectation.notices.length !== claimed)
        throw new Error(`${name}: the family claims ${claimed} node_suspect notice(s), the rule text gives ${expectation.notices.length}`);
      options.check?.(name, failures, expectation);
      return { name, family: family.name, failures, expectation };
    }),
  );
}
