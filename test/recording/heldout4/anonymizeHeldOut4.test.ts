/**
 * Issue #25, the fourth held-out set (heldOutPlants4.ts; README.md here): recordings safe to
 * attach to a public issue, and no secret in a recording, a report or a notification, measured
 * on material nobody tuned to — a fourth base scenario (an inference server killed by its
 * liveness probe, explained only by Tier 2's events and logs), identifier classes and secret
 * shapes the first three sets have none of. For every seed:
 * - every plant reached the raw recording, and none survives anywhere in the `--anonymize` folder;
 * - an identifier written in several places gets one pseudonym in all of them;
 * - the texts the diagnosis and its reader need stay verbatim (and were in the raw recording);
 * - the anonymized replay reaches the raw replay's verdict (failing line modulo pseudonyms and
 *   the report's own ` … ` elision);
 * - no planted secret (whole, or any 16-character piece) is in the raw or the anonymized
 *   recording, or in the text reports (en, fr), the JSON verdict, or the SNS notifications
 *   (en, fr), and each is one the report's own redaction removes from its text.
 *
 * What fails on the engine this set was first measured on is in known-survivors.json (figures:
 * BASELINE.md), keyed by id (every seed) or `id@seed`. A listed case must still fail — the test
 * fails once it passes, so the ledger is pruned and stays honest — and every other case must pass.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { LEDGER_FIELDS, ledgered, ledgeredSeedTests } from '../heldout2/ledgeredSeedTests.js';
import { FAMILIES_4, HELD_OUT_SEEDS_4, buildHeldOutSet4 } from './heldOutPlants4.js';
import { measureHeldOut4, type HeldOut4Figures } from './measureHeldOut4.js';

const LedgerSchema = z.strictObject({
  ...LEDGER_FIELDS,
  consistency: z.record(z.string(), z.string()),
  secretsReportMisses: z.record(z.string(), z.string()),
});
const ledger = LedgerSchema.parse(JSON.parse(readFileSync(new URL('./known-survivors.json', import.meta.url), 'utf8')));
const sets = await Promise.all(HELD_OUT_SEEDS_4.map((seed) => buildHeldOutSet4(seed)));
const summary: string[] = [];
afterAll(() => console.log(summary.join('\n')));

describe('the fourth held-out set', () => {
  it('plants at least 70 identifiers from every family, 30 secrets, 22 verbatim texts, 6 consistency cases, and a ledger that names only its cases', () => {
    for (const set of sets) {
      expect(set.plants.length).toBeGreaterThanOrEqual(70);
      expect(new Set(set.plants.map((plant) => plant.family))).toEqual(new Set(FAMILIES_4));
      expect(new Set(set.plants.map((plant) => plant.id)).size, 'plant ids are unique').toBe(set.plants.length);
      expect(new Set(set.secrets.map((secret) => secret.id)).size, 'secret ids are unique').toBe(set.secrets.length);
      expect(set.secrets.length).toBeGreaterThanOrEqual(30);
      expect(set.keep.length).toBeGreaterThanOrEqual(22);
      expect(set.consistency.length).toBeGreaterThanOrEqual(6);
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
    const ids = (pick: (set: (typeof sets)[number]) => { id: string }[]) =>
      new Set(sets.flatMap((set) => pick(set).flatMap((item) => [item.id, `${item.id}@${set.seed}`])));
    expect(Object.keys(ledger.plants).filter((id) => !ids((set) => set.plants).has(id))).toEqual([]);
    expect(Object.keys(ledger.consistency).filter((id) => !ids((set) => set.consistency).has(id))).toEqual([]);
    expect(Object.keys(ledger.keep).filter((id) => !ids((set) => set.keep).has(id))).toEqual([]);
    for (const entries of [ledger.secretsInRecording, ledger.secretsInReports, ledger.secretsReportMisses])
      expect(Object.keys(entries).filter((id) => !ids((set) => set.secrets).has(id))).toEqual([]);
  });
});

for (const set of sets) {
  describe(`fourth held-out seed ${set.seed}`, () => {
    let figures: HeldOut4Figures;
    beforeAll(async () => {
      figures = await measureHeldOut4(set.seed);
      summary.push(
        `fourth held-out seed ${set.seed}: ${figures.survivors.length} of ${set.plants.length} plants survive --anonymize, ` +
          `${figures.inconsistent.length} of ${set.consistency.length} identifiers not shown consistent, ` +
          `anonymized replay ${figures.verdict.same ? 'same verdict' : 'differs'}, ${figures.keepLost.length} of ${set.keep.length} verbatim texts lost, ` +
          `${figures.secretsInRaw.length}/${figures.secretsInAnonymized.length}/${figures.secretsInReports.length} of ${set.secrets.length} secrets in raw/anonymized/reports`,
      );
    }, 90_000);

    it('diagnoses the generated inference workload from Tier 2, and every plant, verbatim text and secret field reached the raw recording', () => {
      const { live, liveAnonymized } = figures.run;
      expect(live.code, live.stderr).toBe(0);
      expect(liveAnonymized.code, liveAnonymized.stderr).toBe(0);
      expect(live.stderr).not.toMatch(/does not reproduce/);
      expect(live.verdict?.category, 'the generated scenario still fails for a stated cause').toBe('CRASH_APP_ERROR');
      expect(JSON.stringify(live.verdict?.evidence), "the liveness kill is read from the pod's events (Tier 2)").toContain('kubectl get events');
      // Otherwise "absent from the anonymized folder" or "not in the recording" would prove nothing.
      expect(figures.plantsNotRecorded.map((plant) => plant.id)).toEqual([]);
      expect(figures.keepNotRecorded.map((keep) => keep.id)).toEqual([]);
      expect(figures.secretsNotReached.map((secret) => secret.id)).toEqual([]);
    });

    it('the report texts quote a field that carried a secret (so "no secret" is not "nothing quoted")', () => {
      const report = figures.texts.find((text) => text.name === 'text report (en)')!.text;
      // The previous run's last log line is quoted: it holds a gateway URL with basic auth.
      expect(report).toContain('judge gateway');
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
