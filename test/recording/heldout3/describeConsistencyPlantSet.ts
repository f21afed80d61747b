/**
 * The tests of a held-out plant set that also measures consistency (the third set and every
 * later one): the set's own shape and ledger, then per seed the raw recording's reach, a quoted
 * field that carried a secret, the ledgered plant/verbatim/secret tests
 * (../heldout2/ledgeredSeedTests.ts) and one pseudonym per identifier. A set states what differs
 * — its ordinal, sizes, base scenario's verdict and Tier 2 evidence, the quoted text — so the
 * sets cannot drift apart in what they assert.
 *
 * What fails on the engine a set was first measured on is in its known-survivors.json (figures:
 * its BASELINE.md), keyed by id (every seed) or `id@seed`. A listed case must still fail — the
 * test fails once it passes, so the ledger is pruned and stays honest — and every other case
 * must pass.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { HeldOutSet } from '../heldout/heldOutPlants.js';
import { LEDGER_FIELDS, ledgered, ledgeredSeedTests } from '../heldout2/ledgeredSeedTests.js';
import type { ConsistencyCase } from './heldOutPlants3.js';
import type { ConsistencySetFigures } from './measureHeldOut3.js';

const LedgerSchema = z.strictObject({
  ...LEDGER_FIELDS,
  consistency: z.record(z.string(), z.string()),
  secretsReportMisses: z.record(z.string(), z.string()),
});

type ConsistencySet<F extends string> = HeldOutSet<F> & { consistency: ConsistencyCase[] };

export interface ConsistencyPlantSetPlan<F extends string, S extends ConsistencySet<F>> {
  /** `third`, `fourth`…: names the describes (`the third held-out set`, `third held-out seed N`). */
  ordinal: string;
  sets: S[];
  families: readonly F[];
  /** The least each seed plants: a generator that lost a family or a case fails here. */
  minimum: { plants: number; secrets: number; keep: number; consistency: number };
  ledgerUrl: URL;
  measure: (seed: number) => Promise<ConsistencySetFigures<F, S>>;
  /** The base scenario's verdict, and the Tier 2 command whose output explains it. */
  diagnosis: { workload: string; category: string; command: string; why: string };
  /** What the English report must quote (the test's title names it), so "no secret" is not "nothing quoted". */
  quoted: { what: string; texts: (set: S) => { text: string; why: string }[] };
}

export function describeConsistencyPlantSet<F extends string, S extends ConsistencySet<F>>(plan: ConsistencyPlantSetPlan<F, S>): void {
  const { ordinal, sets, minimum } = plan;
  const ledger = LedgerSchema.parse(JSON.parse(readFileSync(plan.ledgerUrl, 'utf8')));
  const summary: string[] = [];
  afterAll(() => console.log(summary.join('\n')));

  describe(`the ${ordinal} held-out set`, () => {
    it(`plants at least ${minimum.plants} identifiers from every family, ${minimum.secrets} secrets, ${minimum.keep} verbatim texts, ${minimum.consistency} consistency cases, and a ledger that names only its cases`, () => {
      for (const set of sets) {
        expect(set.plants.length).toBeGreaterThanOrEqual(minimum.plants);
        expect(new Set(set.plants.map((plant) => plant.family))).toEqual(new Set(plan.families));
        expect(new Set(set.plants.map((plant) => plant.id)).size, 'plant ids are unique').toBe(set.plants.length);
        expect(new Set(set.secrets.map((secret) => secret.id)).size, 'secret ids are unique').toBe(set.secrets.length);
        expect(set.secrets.length).toBeGreaterThanOrEqual(minimum.secrets);
        expect(set.keep.length).toBeGreaterThanOrEqual(minimum.keep);
        expect(set.consistency.length).toBeGreaterThanOrEqual(minimum.consistency);
        // One plant's value inside another's would credit a survivor to the wrong placement.
        const nested = set.plants.filter((plant) => set.plants.some((other) => other !== plant && other.value.includes(plant.value)));
        expect(nested.map((plant) => plant.id)).toEqual([]);
      }
      for (const [index, set] of sets.entries())
        for (const other of sets.slice(index + 1)) {
          const values = new Set(set.plants.map((plant) => plant.value));
          const shared = other.plants.filter((plant) => values.has(plant.value));
          expect(shared.length, `values shared by seeds ${set.seed} and ${other.seed}: ${shared.map((plant) => plant.value).join(', ')}`).toBeLessThan(
            other.plants.length / 5,
          );
        }
      const ids = (pick: (set: S) => { id: string }[]) => new Set(sets.flatMap((set) => pick(set).flatMap((item) => [item.id, `${item.id}@${set.seed}`])));
      expect(Object.keys(ledger.plants).filter((id) => !ids((set) => set.plants).has(id))).toEqual([]);
      expect(Object.keys(ledger.consistency).filter((id) => !ids((set) => set.consistency).has(id))).toEqual([]);
      expect(Object.keys(ledger.keep).filter((id) => !ids((set) => set.keep).has(id))).toEqual([]);
      for (const entries of [ledger.secretsInRecording, ledger.secretsInReports, ledger.secretsReportMisses])
        expect(Object.keys(entries).filter((id) => !ids((set) => set.secrets).has(id))).toEqual([]);
    });
  });

  for (const set of sets) {
    describe(`${ordinal} held-out seed ${set.seed}`, () => {
      let figures: ConsistencySetFigures<F, S>;
      beforeAll(async () => {
        figures = await plan.measure(set.seed);
        summary.push(
          `${ordinal} held-out seed ${set.seed}: ${figures.survivors.length} of ${set.plants.length} plants survive --anonymize, ` +
            `${figures.inconsistent.length} of ${set.consistency.length} identifiers not shown consistent, ` +
            `anonymized replay ${figures.verdict.same ? 'same verdict' : 'differs'}, ${figures.keepLost.length} of ${set.keep.length} verbatim texts lost, ` +
            `${figures.secretsInRaw.length}/${figures.secretsInAnonymized.length}/${figures.secretsInReports.length} of ${set.secrets.length} secrets in raw/anonymized/reports`,
        );
      }, 90_000);

      it(`diagnoses the generated ${plan.diagnosis.workload} from Tier 2, and every plant, verbatim text and secret field reached the raw recording`, () => {
        const { live, liveAnonymized } = figures.run;
        expect(live.code, live.stderr).toBe(0);
        expect(liveAnonymized.code, liveAnonymized.stderr).toBe(0);
        expect(live.stderr).not.toMatch(/does not reproduce/);
        expect(live.verdict?.category, 'the generated scenario still fails for a stated cause').toBe(plan.diagnosis.category);
        expect(JSON.stringify(live.verdict?.evidence), plan.diagnosis.why).toContain(plan.diagnosis.command);
        // Otherwise "absent from the anonymized folder" or "not in the recording" would prove nothing.
        expect(figures.plantsNotRecorded.map((plant) => plant.id)).toEqual([]);
        expect(figures.keepNotRecorded.map((keep) => keep.id)).toEqual([]);
        expect(figures.secretsNotReached.map((secret) => secret.id)).toEqual([]);
      });

      it(`the report texts quote ${plan.quoted.what} (so "no secret" is not "nothing quoted")`, () => {
        const report = figures.texts.find((text) => text.name === 'text report (en)')!.text;
        for (const { text, why } of plan.quoted.texts(set)) expect(report, why).toContain(text);
        expect(figures.texts.map((text) => text.name)).toEqual([
          'text report (en)',
          'text report (fr)',
          'verdict JSON',
          'SNS notification (en)',
          'SNS notification (fr)',
        ]);
      });

      ledgeredSeedTests(
        set,
        () => figures,
        ledger,
        () => {
          it.each(set.consistency.map((item) => [item.id, item] as const))('%s: one pseudonym in every place', (id) => {
            const figure = figures.consistency.find((item) => item.case.id === id)!;
            const detail = `${figure.status}: pseudonyms ${JSON.stringify(figure.pseudonyms)} in ${figure.placesRead} places`;
            if (ledgered(ledger.consistency, id, set.seed))
              expect(figure.status, `${id} is now consistent: remove it from known-survivors.json`).not.toBe('consistent');
            else expect(figure.status, detail).toBe('consistent');
          });
        },
      );
    });
  }
}
