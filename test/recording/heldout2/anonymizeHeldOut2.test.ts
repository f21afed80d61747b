/**
 * Issue #25, the second held-out set (heldOutPlants2.ts; README.md here): recordings safe to
 * attach to a public issue, and no secret in a recording, a report or a notification, on a
 * scenario and on shapes the engine was not tuned to. For every seed:
 * - no plant survives anywhere in the `--anonymize` folder (and every plant reached the raw one);
 * - the anonymized replay reaches the raw replay's verdict (failing line modulo pseudonyms and
 *   the report's own ` … ` elision);
 * - the texts the diagnosis and its reader need stay verbatim (and were in the raw recording);
 * - no planted secret is in the raw or the anonymized recording, or in the text reports (en,
 *   fr), the JSON verdict, or the SNS notifications (en, fr); each plant is a secret the
 *   report's own redaction removes from its text, so its absence is the rule, not luck.
 *
 * What fails on the engine this set was first measured on is in known-survivors.json (figures:
 * BASELINE.md), keyed by id (every seed) or `id@seed`. A listed case must still fail — the test
 * fails once it passes, so the ledger is pruned and stays honest — and every other case must pass.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { LEDGER_FIELDS, ledgeredSeedTests } from './ledgeredSeedTests.js';
import { FAMILIES_2, HELD_OUT_SEEDS_2, buildHeldOutSet2 } from './heldOutPlants2.js';
import { measureHeldOut2, type HeldOut2Figures } from './measureHeldOut2.js';

const LedgerSchema = z.strictObject({
  ...LEDGER_FIELDS,
});
const ledger = LedgerSchema.parse(JSON.parse(readFileSync(new URL('./known-survivors.json', import.meta.url), 'utf8')));
const sets = await Promise.all(HELD_OUT_SEEDS_2.map((seed) => buildHeldOutSet2(seed)));
const summary: string[] = [];
afterAll(() => console.log(summary.join('\n')));

describe('the second held-out set', () => {
  it('plants at least 50 identifiers from every family, 14 secrets, 15 verbatim texts, and a ledger that names only its cases', () => {
    for (const set of sets) {
      expect(set.plants.length).toBeGreaterThanOrEqual(50);
      expect(new Set(set.plants.map((plant) => plant.family))).toEqual(new Set(FAMILIES_2));
      expect(new Set(set.plants.map((plant) => plant.id)).size, 'plant ids are unique').toBe(set.plants.length);
      expect(new Set(set.secrets.map((secret) => secret.id)).size, 'secret ids are unique').toBe(set.secrets.length);
      expect(set.secrets.length).toBeGreaterThanOrEqual(14);
      expect(set.keep.length).toBeGreaterThanOrEqual(15);
      // One plant's value inside another's would credit a survivor to the wrong placement.
      const nested = set.plants.filter((plant) => set.plants.some((other) => other !== plant && other.value.includes(plant.value)));
      expect(nested.map((plant) => plant.id)).toEqual([]);
    }
    const first = new Set(sets[0]!.plants.map((plant) => plant.value));
    const shared = sets[1]!.plants.filter((plant) => first.has(plant.value));
    expect(shared.length, `values shared by two seeds: ${shared.map((plant) => plant.value).join(', ')}`).toBeLessThan(sets[1]!.plants.length / 5);
    const ids = (pick: (set: (typeof sets)[number]) => { id: string }[]) =>
      new Set(sets.flatMap((set) => pick(set).flatMap((item) => [item.id, `${item.id}@${set.seed}`])));
    expect(Object.keys(ledger.plants).filter((id) => !ids((set) => set.plants).has(id))).toEqual([]);
    expect(Object.keys(ledger.keep).filter((id) => !ids((set) => set.keep).has(id))).toEqual([]);
    for (const entries of [ledger.secretsInRecording, ledger.secretsInReports])
      expect(Object.keys(entries).filter((id) => !ids((set) => set.secrets).has(id))).toEqual([]);
  });
});

for (const set of sets) {
  describe(`second held-out seed ${set.seed}`, () => {
    let figures: HeldOut2Figures;
    beforeAll(async () => {
      figures = await measureHeldOut2(set.seed);
      summary.push(
        `second held-out seed ${set.seed}: ${figures.survivors.length} of ${set.plants.length} plants survive --anonymize, ` +
          `anonymized replay ${figures.verdict.same ? 'same verdict' : 'differs'}, ${figures.keepLost.length} verbatim texts lost, ` +
          `${figures.secretsInRaw.length}/${figures.secretsInAnonymized.length}/${figures.secretsInReports.length} of ${set.secrets.length} secrets in raw/anonymized/reports`,
      );
    }, 90_000);

    it('diagnoses the generated workload and every plant, verbatim text and secret field reached the raw recording', () => {
      const { live, liveAnonymized } = figures.run;
      expect(live.code, live.stderr).toBe(0);
      expect(liveAnonymized.code, liveAnonymized.stderr).toBe(0);
      expect(live.stderr).not.toMatch(/does not reproduce/);
      expect(live.verdict?.category, 'the generated scenario still fails for a stated cause').toBe('INIT_FAILED');
      expect(live.verdict?.failingLine, 'the failing line is the signed-URL error, which carries identifiers and a secret').toMatch(
        /^requests\.exceptions\.HTTPError: 403 .*sig=/,
      );
      // Otherwise "absent from the anonymized folder" or "not in the recording" would prove nothing.
      expect(figures.plantsNotRecorded.map((plant) => plant.id)).toEqual([]);
      expect(figures.keepNotRecorded.map((keep) => keep.id)).toEqual([]);
      expect(figures.secretsNotReached.map((secret) => secret.id)).toEqual([]);
    });

    it('the report texts quote the fields that carried secrets (so "no secret" is not "nothing quoted")', () => {
      const report = figures.texts.find((text) => text.name === 'text report (en)')!.text;
      expect(report).toContain('huggingface-cli login --token');
      expect(report).toContain('sig=');
      expect(figures.texts.map((text) => text.name)).toEqual([
        'text report (en)',
        'text report (fr)',
        'verdict JSON',
        'SNS notification (en)',
        'SNS notification (fr)',
      ]);
    });

    ledgeredSeedTests(set, () => figures, ledger);
  });
}
