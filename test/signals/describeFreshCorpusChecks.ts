/**
 * The checks every fresh corpus with a generated placement family runs besides its entries
 * (fresh4Corpus.test.ts onwards): the committed placed family is what its generator writes and
 * spreads its decisive lines over every prefix style and noise; and no collected decisive text
 * begins as one of an older corpus does, so that the corpus keeps measuring text the engine was
 * not tuned on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HELD_OUT_CORPORA, loadUnseenCorpus, type HeldOutCorpus } from './unseenCorpus.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));
/** How much of a decisive text must be new: its head, where a message's own wording starts. */
const NOVEL_PREFIX = 40;

/** What a fresh corpus's placement module exports (fresh4Placements.ts and its successors). */
export interface PlacementGenerator {
  PLACED_FILE: string;
  PLACEMENTS: readonly (readonly [string, number, string, readonly string[], readonly string[]])[];
  PREFIX_STYLES: object;
  NOISE: object;
  renderPlacedEntries(): string;
}

export interface FreshCorpus {
  /** `fourth`, `fifth`, …: how the test titles name the corpus. */
  ordinal: string;
  corpus: HeldOutCorpus;
  /** The generated family's source name (`placed-logs-5`): its entries are not collected text. */
  placedSource: string;
  placements: PlacementGenerator;
  /** The command that regenerates the placed family. */
  generator: string;
}

/** The fixture folders collected before `corpus`: the seen corpus and every older held-out one. */
function olderCorporaThan(corpus: HeldOutCorpus): string[] {
  const at = HELD_OUT_CORPORA.findIndex((heldOut) => heldOut.dir === corpus.dir);
  if (at < 0) throw new Error(`${corpus.dir} is not in HELD_OUT_CORPORA`);
  return ['signals', ...HELD_OUT_CORPORA.slice(0, at).map((heldOut) => basename(heldOut.dir))];
}

export function describeFreshCorpusChecks({ ordinal, corpus, placedSource, placements, generator }: FreshCorpus): void {
  const olderCorpora = olderCorporaThan(corpus);
  describe(`${ordinal} fresh corpus: placement generator`, () => {
    it(`the committed ${placedSource}.json is what the generator writes`, () => {
      expect(readFileSync(placements.PLACED_FILE, 'utf8'), `regenerate with ${generator}`).toBe(placements.renderPlacedEntries());
    });

    it('places at least 15 distinct decisive lines, every prefix style at least twice, every noise at least twice', () => {
      const { PLACEMENTS } = placements;
      expect(new Set(PLACEMENTS.map(([source, index]) => `${source}#${index}`)).size).toBeGreaterThanOrEqual(15);
      for (const style of Object.keys(placements.PREFIX_STYLES))
        expect(PLACEMENTS.filter(([, , used]) => used === style).length, style).toBeGreaterThanOrEqual(2);
      for (const noise of Object.keys(placements.NOISE))
        expect(PLACEMENTS.filter(([, , , before, after]) => [...before, ...after].includes(noise)).length, noise).toBeGreaterThanOrEqual(2);
    });
  });

  describe(`${ordinal} fresh corpus: novelty`, () => {
    it('no collected decisive text begins as one of an older corpus does', () => {
      // Each older entry file as its raw JSON text and as parsed text, so a decisive head is
      // found whether or not it holds characters JSON escapes.
      const older = olderCorpora.flatMap((folder) =>
        readdirSync(join(FIXTURES, folder))
          .filter((file) => file.endsWith('.json'))
          .map((file) => readFileSync(join(FIXTURES, folder, file), 'utf8')),
      );
      const olderTexts = [...older, ...older.map((text) => JSON.stringify(JSON.parse(text)))];
      const held = loadUnseenCorpus(corpus.dir)
        .filter(({ source }) => source !== placedSource)
        .map(({ source, index, entry }) => ({ name: `${source} #${index}`, head: (entry.decisive ?? entry.verbatim).slice(0, NOVEL_PREFIX) }))
        .filter(({ head }) => olderTexts.some((text) => text.includes(head) || text.includes(JSON.stringify(head).slice(1, -1))));
      expect(held).toEqual([]);
    });
  });
}
