/**
 * The sixth fresh corpus (fixtures/signals-fresh6): held out from the engineers changing the
 * engine while it was collected. One test per entry, against its own ledger `known-misses.json`
 * (see describeHeldOutCorpus.ts); the generated family `placed-logs-6.json` must be what
 * fresh6Placements.ts renders; and no decisive text may already be held by an older corpus, so
 * that the corpus keeps measuring text the engine was not tuned on.
 * `npx tsx test/signals/measureUnseenCorpus.ts --dir fixtures/signals-fresh6` prints the figures.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeHeldOutCorpus } from './describeHeldOutCorpus.js';
import { NOISE, PLACED_FILE, PLACEMENTS, PREFIX_STYLES, renderPlacedEntries } from './fresh6Placements.js';
import { loadUnseenCorpus, FRESH6_CORPUS } from './unseenCorpus.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));
const OLDER_CORPORA = ['signals', 'signals-unseen', 'signals-fresh', 'signals-fresh2', 'signals-fresh3', 'signals-fresh4', 'signals-fresh5'];
/** How much of a decisive text must be new: its head, where a message's own wording starts. */
const NOVEL_PREFIX = 40;

describe('sixth fresh corpus: placement generator', () => {
  it('the committed placed-logs-6.json is what the generator writes', () => {
    expect(readFileSync(PLACED_FILE, 'utf8'), 'regenerate with npx tsx test/signals/generateFresh6Placements.ts').toBe(renderPlacedEntries());
  });

  it('places at least 15 distinct decisive lines, every prefix style at least twice, every noise at least twice', () => {
    expect(new Set(PLACEMENTS.map(([source, index]) => `${source}#${index}`)).size).toBeGreaterThanOrEqual(15);
    for (const style of Object.keys(PREFIX_STYLES)) expect(PLACEMENTS.filter(([, , used]) => used === style).length, style).toBeGreaterThanOrEqual(2);
    for (const noise of Object.keys(NOISE))
      expect(PLACEMENTS.filter(([, , , before, after]) => [...before, ...after].includes(noise as keyof typeof NOISE)).length, noise).toBeGreaterThanOrEqual(2);
  });
});

describe('sixth fresh corpus: novelty', () => {
  it('no collected decisive text begins as one of an older corpus does', () => {
    // Each older entry file as its raw JSON text and as parsed text, so a decisive head is
    // found whether or not it holds characters JSON escapes.
    const older = OLDER_CORPORA.flatMap((folder) =>
      readdirSync(join(FIXTURES, folder))
        .filter((file) => file.endsWith('.json'))
        .map((file) => readFileSync(join(FIXTURES, folder, file), 'utf8')),
    );
    const olderTexts = [...older, ...older.map((text) => JSON.stringify(JSON.parse(text)))];
    const held = loadUnseenCorpus(FRESH6_CORPUS.dir)
      .filter(({ source }) => source !== 'placed-logs-6')
      .map(({ source, index, entry }) => ({ name: `${source} #${index}`, head: (entry.decisive ?? entry.verbatim).slice(0, NOVEL_PREFIX) }))
      .filter(({ head }) => olderTexts.some((text) => text.includes(head) || text.includes(JSON.stringify(head).slice(1, -1))));
    expect(held).toEqual([]);
  });
});

describeHeldOutCorpus('sixth fresh upstream corpus', FRESH6_CORPUS, 45);
