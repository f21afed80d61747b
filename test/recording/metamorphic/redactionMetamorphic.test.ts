/**
 * The metamorphic redaction measure (README.md here): secrets the product redacts in their plain
 * form, carried by the rewritings real programs make (carriers.ts), must leave no identifying
 * piece (redactionRelation.ts) in the raw recording or in the report and notification texts.
 *
 * Pure checks over every batch first: each secret has its gitleaks shape, each carried text would
 * break the relation if nothing were redacted (so a pass is the product's, not the generator's),
 * every carrier cites its upstream and reaches the report's placement in some batch, and the
 * ledger names only cases the generator makes. Then the product on a seeded sample of SAMPLE
 * batches: a case in known-breaks.json must still break (the test fails once it holds, so the
 * ledger is pruned), every other judged case must hold, every plain twin must be redacted and
 * every case must reach the raw recording. The full figures:
 * `npx tsx test/recording/metamorphic/measureRedactionMetamorphic.ts`.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../support/seededRandom.js';
import { CARRIERS } from './carriers.js';
import { describeBreak, judge, measureBatch, OUTPUTS, type BatchOutcome, type CaseOutcome } from './measureBatch.js';
import { BATCH_SEEDS, buildMetamorphicBatch, SECRET_KINDS, type MetamorphicBatch } from './metamorphicBatch.js';
import type { BreaksLedger } from './metamorphicFigures.js';
import { survivingPieces } from './redactionRelation.js';
import { SHAPES } from './secretShapes.js';

/** Batches run by the product here (of BATCH_SEEDS.length): about 1.5 s each on the shared 2 cores. */
const SAMPLE = 8;

const ledger = JSON.parse(readFileSync(new URL('./known-breaks.json', import.meta.url), 'utf8')) as BreaksLedger;
const batches: MetamorphicBatch[] = [];
for (const seed of BATCH_SEEDS) batches.push(await buildMetamorphicBatch(seed));
const allCases = batches.flatMap((batch) => batch.cases);

const random = seededRandom(26_100);
const sampled = batches
  .map((batch) => ({ batch, rank: random() }))
  .sort((a, b) => a.rank - b.rank)
  .slice(0, SAMPLE)
  .map(({ batch }) => batch);

describe('metamorphic redaction: generator', () => {
  it('every secret has its gitleaks shape, and only the shapes chosen on their plain form are drawn', () => {
    for (const item of allCases) {
      expect(SHAPES[item.kind].pattern.test(item.secret.value), `${item.id}: ${item.secret.value}`).toBe(true);
      expect(SECRET_KINDS).toContain(item.kind);
    }
  });

  it('every carried text would break the relation if nothing were redacted', () => {
    const silent = allCases.filter((item) => survivingPieces(item.carried.spellings, item.carried.text).length === 0).map((item) => item.id);
    expect(silent).toEqual([]);
  });

  it('every follow-up has a plain twin of the same shape in the same placement', () => {
    for (const item of allCases.filter((each) => each.twin !== null)) {
      const twin = allCases.find((each) => each.id === item.twin)!;
      expect([twin.carrier, twin.kind, twin.placement], item.id).toEqual(['plain', item.kind, item.placement]);
    }
  });

  it('every carrier cites its upstream, and reaches the report placement (the command) in one batch', () => {
    for (const carrier of CARRIERS) {
      expect(carrier.cite.length, carrier.id).toBeGreaterThan(40);
      if (carrier.id !== 'plain')
        expect(
          allCases.some((item) => item.carrier === carrier.id && item.placement === 'command'),
          carrier.id,
        ).toBe(true);
    }
  });

  it('the ledger names only cases the generator makes', () => {
    const ids = new Set(allCases.map((item) => item.id));
    const named = [
      ...Object.keys(ledger.recording),
      ...Object.keys(ledger.report),
      ...Object.keys(ledger.notRecorded),
      ...Object.keys(ledger.plainMisses).map((key) => key.split('#')[0]!),
    ];
    expect(named.filter((id) => !ids.has(id))).toEqual([]);
  });
});

describe(`metamorphic redaction: the product keeps the relation (${SAMPLE} seeded batches of ${BATCH_SEEDS.length})`, () => {
  const measured: BatchOutcome[] = [];
  beforeAll(async () => {
    for (const batch of sampled) measured.push(await measureBatch(batch));
  }, 120_000);

  const outcome = (id: string, output: (typeof OUTPUTS)[number]) =>
    measured.flatMap((batch) => batch.outcomes).find((item) => item.case.id === id && item.output === output)!;
  const all = () => measured.flatMap((batch) => batch.outcomes);

  it('every batch is diagnosed CRASH_APP_ERROR (the carried texts do not change the verdict)', () => {
    expect(measured.map((batch) => batch.category)).toEqual(sampled.map(() => 'CRASH_APP_ERROR'));
  });

  it.each(sampled.flatMap((batch) => batch.cases).map((item) => [item.id] as const))('%s', (id) => {
    const recorded = outcome(id, 'recording');
    if (id in ledger.notRecorded) expect(recorded.reached, `${id} now reaches the raw recording: remove it from notRecorded`).toBe(false);
    else expect(recorded.reached, `${id}: its text is not in the raw recording`).toBe(true);
    for (const output of OUTPUTS) {
      const found: CaseOutcome = outcome(id, output);
      if (found.case.twin === null) {
        const key = `${id}#${output}`;
        const missed = found.reached && found.pieces.length > 0;
        if (key in ledger.plainMisses) expect(missed, `${key} is now redacted plain: remove it from plainMisses`).toBe(true);
        else expect(missed, `${key}: the plain form is not redacted: ${missed ? describeBreak(found) : ''}`).toBe(false);
        continue;
      }
      const judgement = judge(found, all());
      if (id in ledger[output]) expect(judgement, `${id} no longer breaks in the ${output}: remove it from known-breaks.json`).toBe('breaks');
      else expect(judgement, `${id} breaks in the ${output}: ${judgement === 'breaks' ? describeBreak(found) : ''}`).not.toBe('breaks');
    }
  });
});
