/**
 * Issue #25 item 1, held out: recordings safe to attach to a public issue. A generated scenario
 * (heldOutPlants.ts: ≥ 30 identifiers per seed from 17 families, in fields and free text, cut and
 * wrapped) is diagnosed against the simulators over HTTP with `--record` and with
 * `--record --anonymize`, and both folders are replayed. The target, for every seed:
 * - no plant survives anywhere in the anonymized folder (every file, every byte);
 * - the anonymized replay reaches the raw replay's verdict (category, route, stop reason,
 *   recurrence, evidence count, and the failing line modulo pseudonyms);
 * - the texts the diagnosis and its reader need stay verbatim;
 * - the raw recording (no --anonymize) holds no secret the report would redact.
 *
 * What fails today is in the ledger known-survivors.json (figures: BASELINE.md), keyed by case
 * id (fails in every seed) or `id@seed` (fails in that seed only: a case whose generated value
 * is caught in one seed and not the other). A ledgered case must still fail — the test fails once it passes, so the ledger is pruned and stays honest —
 * and every other case must pass. `npx tsx test/recording/heldout/measureAnonymizeHeldOut.ts`
 * prints the per-family figures.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { buildHeldOutSet, FAMILIES, HELD_OUT_SEEDS, type HeldOutSet } from './heldOutPlants.js';
import { measureHeldOut, recordHeldOut, sameModuloPseudonyms, type HeldOutFigures, type HeldOutRun } from './recordHeldOut.js';

const LedgerSchema = z.strictObject({
  plants: z.record(z.string(), z.string()),
  keep: z.record(z.string(), z.string()),
  secrets: z.record(z.string(), z.string()),
  verdict: z.string().nullable(),
});
const ledger = LedgerSchema.parse(JSON.parse(readFileSync(new URL('./known-survivors.json', import.meta.url), 'utf8')));
/** Whether the ledger lists a case for this seed (every seed, or this one). */
const ledgered = (entries: Record<string, string>, id: string, seed: number) => id in entries || `${id}@${seed}` in entries;
const sets = await Promise.all(HELD_OUT_SEEDS.map((seed) => buildHeldOutSet(seed)));
const summary: string[] = [];
afterAll(() => console.log(summary.join('\n')));

describe('the held-out set', () => {
  it('plants at least 30 identifiers from every family, 13 secrets, and a ledger that names only its cases', () => {
    for (const set of sets) {
      expect(set.plants.length).toBeGreaterThanOrEqual(30);
      expect(new Set(set.plants.map((plant) => plant.family))).toEqual(new Set(FAMILIES));
      expect(new Set(set.plants.map((plant) => plant.id)).size, 'plant ids are unique').toBe(set.plants.length);
      expect(set.secrets.length).toBeGreaterThanOrEqual(13);
    }
    // Seeds differ in their values: nothing here is a fixed string an anonymizer could list.
    const first = new Set(sets[0]!.plants.map((plant) => plant.value));
    const shared = sets[1]!.plants.filter((plant) => first.has(plant.value));
    expect(shared.length, `values shared by two seeds: ${shared.map((plant) => plant.value).join(', ')}`).toBeLessThan(sets[1]!.plants.length / 5);
    const ids = (pick: (set: HeldOutSet) => { id: string }[]) =>
      new Set(sets.flatMap((set) => pick(set).flatMap((item) => [item.id, `${item.id}@${set.seed}`])));
    expect(Object.keys(ledger.plants).filter((id) => !ids((set) => set.plants).has(id))).toEqual([]);
    expect(Object.keys(ledger.keep).filter((id) => !ids((set) => set.keep).has(id))).toEqual([]);
    expect(Object.keys(ledger.secrets).filter((id) => !ids((set) => set.secrets).has(id))).toEqual([]);
  });
});

describe('the failing-line comparison', () => {
  const ids = ['ip-10-4-7-9', '10.70.1.2', 'vision-llm-sft-12'];
  const raw = 'ip-10-4-7-9:412:500 [3] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 10.70.1.2<45000> failed : Software caused connection abort';

  it('accepts the same line with any pseudonyms in place of the identifiers', () => {
    expect(sameModuloPseudonyms(raw, raw.replace('ip-10-4-7-9', 'node-3f2a1c').replace('10.70.1.2', '198.51.7.9'), ids)).toBe(true);
    expect(sameModuloPseudonyms(raw, raw.replace('ip-10-4-7-9', '[host]'), ids)).toBe(true);
  });

  it('refuses a line whose other text changed, or that lost an identifier slot', () => {
    expect(sameModuloPseudonyms(raw, raw.replace('NCCL WARN', 'NCCL INFO'), ids)).toBe(false);
    expect(sameModuloPseudonyms(raw, raw.replace('<45000>', '<1>'), ids)).toBe(false);
    expect(sameModuloPseudonyms(raw, raw.replace('ip-10-4-7-9:', ''), ids)).toBe(false);
  });
});

for (const set of sets) {
  describe(`held-out seed ${set.seed}`, () => {
    let run: HeldOutRun;
    let figures: HeldOutFigures;
    beforeAll(async () => {
      run = await recordHeldOut(set);
      figures = measureHeldOut(set, run);
      summary.push(
        `held-out seed ${set.seed}: ${figures.survivors.length} of ${set.plants.length} plants survive --anonymize, ` +
          `anonymized replay ${figures.verdict.same ? 'same verdict' : 'differs'}, ${figures.secretsInRaw.length} of ${set.secrets.length} secrets in the raw recording`,
      );
    }, 60_000);

    it('diagnoses the generated workload, records it both ways, and every plant reached the raw recording', () => {
      expect(run.live.code, run.live.stderr).toBe(0);
      expect(run.liveAnonymized.code, run.liveAnonymized.stderr).toBe(0);
      expect(run.live.stderr).not.toMatch(/does not reproduce/);
      expect(run.live.verdict?.category, 'the generated scenario still fails for a stated cause').toBe('CRASH_APP_ERROR');
      expect(run.live.verdict?.failingLine, 'the failing line is the NCCL line, which carries identifiers').toMatch(/NCCL WARN/);
      // Otherwise "does not survive --anonymize" would prove nothing.
      const unrecorded = set.plants.filter(
        (plant) => !run.rawFolder.includes(plant.value) && !run.rawFolder.includes(JSON.stringify(plant.value).slice(1, -1)),
      );
      expect(unrecorded.map((plant) => plant.id)).toEqual([]);
      expect(figures.secretsNotReached.map((secret) => secret.id)).toEqual([]);
    });

    it.each(set.plants.map((plant) => [plant.id, plant] as const))('%s does not survive --anonymize', (id, plant) => {
      const survived = figures.survivors.includes(plant);
      if (ledgered(ledger.plants, id, set.seed)) expect(survived, `${id} (${plant.where}) no longer survives: remove it from known-survivors.json`).toBe(true);
      else expect(survived, `${id} survives --anonymize: ${plant.where}`).toBe(false);
    });

    it('the anonymized replay reaches the same verdict, failing line modulo pseudonyms', () => {
      if (ledger.verdict !== null) expect(figures.verdict.same, 'the verdicts now agree: set "verdict" to null in known-survivors.json').toBe(false);
      else expect(figures.verdict.problems).toEqual([]);
    });

    it.each(set.keep.map((keep) => [keep.id, keep] as const))('%s stays verbatim', (id, keep) => {
      const lost = figures.keepLost.includes(keep);
      if (ledgered(ledger.keep, id, set.seed)) expect(lost, `${id} is kept again: remove it from known-survivors.json`).toBe(true);
      else expect(lost, `${JSON.stringify(keep.value)} was lost: ${keep.why}`).toBe(false);
    });

    it.each(set.secrets.map((secret) => [secret.id, secret] as const))('%s: a secret the report redacts is not in the raw recording', (id, secret) => {
      expect(figures.secretsReportKeeps, 'the plant is a secret the report would redact').not.toContain(secret);
      const inRaw = figures.secretsInRaw.includes(secret);
      if (ledgered(ledger.secrets, id, set.seed)) expect(inRaw, `${id} is no longer recorded: remove it from known-survivors.json`).toBe(true);
      else expect(inRaw, `${id} is in the raw recording: ${secret.where}`).toBe(false);
    });

    it('the anonymized recording holds no secret the raw one does not', () => {
      expect(figures.secretsInAnonymized.filter((secret) => !figures.secretsInRaw.includes(secret)).map((secret) => secret.id)).toEqual([]);
    });
  });
}
