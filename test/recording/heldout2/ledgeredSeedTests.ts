/**
 * The per-seed tests the later held-out sets (anonymizeHeldOut2.test.ts, -3.test.ts) share, each
 * held to the set's ledger (known-survivors.json): a case the ledger lists must still fail — the
 * test fails once it passes, so the ledger is pruned and stays honest — and every other case must
 * pass. A case failing in every seed is keyed by its id, one failing in some seeds by `id@seed`.
 */
import { expect, it } from 'vitest';
import * as z from 'zod';
import type { HeldOutSet } from '../heldout/heldOutPlants.js';
import type { HeldOutSeedFigures } from './measureHeldOutSeed.js';

/** The ledger fields every later set has (a set adds its own to the schema). */
export const LEDGER_FIELDS = {
  plants: z.record(z.string(), z.string()),
  keep: z.record(z.string(), z.string()),
  secretsInRecording: z.record(z.string(), z.string()),
  secretsInReports: z.record(z.string(), z.string()),
  verdict: z.string().nullable(),
};

type Ledger = z.infer<z.ZodObject<typeof LEDGER_FIELDS>> & {
  /** Secrets the report's own redaction keeps in their text (a set without it: none may be). */
  secretsReportMisses?: Record<string, string>;
};

export const ledgered = (entries: Record<string, string>, id: string, seed: number) => id in entries || `${id}@${seed}` in entries;

/**
 * Registers, in one seed's describe: no plant survives `--anonymize`; then `afterPlants` (the
 * set's own checks); the anonymized replay reaches the raw replay's verdict; every verbatim text
 * stays; no secret is in a recording or a report text, and each is one the report redacts.
 * `figures` is read when the tests run (the describe's beforeAll measures).
 */
export function ledgeredSeedTests(set: HeldOutSet<string>, figures: () => HeldOutSeedFigures<string>, ledger: Ledger, afterPlants?: () => void): void {
  it.each(set.plants.map((plant) => [plant.id, plant] as const))('%s does not survive --anonymize', (id, plant) => {
    const survived = figures().survivors.some((survivor) => survivor.id === plant.id);
    if (ledgered(ledger.plants, id, set.seed)) expect(survived, `${id} (${plant.where}) no longer survives: remove it from known-survivors.json`).toBe(true);
    else expect(survived, `${id} survives --anonymize: ${plant.where}`).toBe(false);
  });

  afterPlants?.();

  it('the anonymized replay reaches the same verdict, failing line modulo pseudonyms', () => {
    if (ledger.verdict !== null) expect(figures().verdict.same, 'the verdicts now agree: set "verdict" to null in known-survivors.json').toBe(false);
    else expect(figures().verdict.problems).toEqual([]);
  });

  it.each(set.keep.map((keep) => [keep.id, keep] as const))('%s stays verbatim', (id, keep) => {
    const lost = figures().keepLost.some((item) => item.id === keep.id);
    if (ledgered(ledger.keep, id, set.seed)) expect(lost, `${id} is kept again: remove it from known-survivors.json`).toBe(true);
    else expect(lost, `${JSON.stringify(keep.value)} was lost: ${keep.why}`).toBe(false);
  });

  it.each(set.secrets.map((secret) => [secret.id, secret] as const))('%s: in no recording, report or notification', (id, secret) => {
    const measured = figures();
    const reportKeeps = measured.secretsReportKeeps.some((kept) => kept.id === id);
    if (ledgered(ledger.secretsReportMisses ?? {}, id, set.seed))
      expect(reportKeeps, `${id} is now redacted by the report: remove it from known-survivors.json`).toBe(true);
    else expect(reportKeeps, `the report's own redaction keeps ${id} (${secret.where})`).toBe(false);
    const inRecording = [...measured.secretsInRaw, ...measured.secretsInAnonymized].some((found) => found.id === id);
    if (ledgered(ledger.secretsInRecording, id, set.seed)) expect(inRecording, `${id} is no longer recorded: remove it from known-survivors.json`).toBe(true);
    else expect(inRecording, `${id} is in a recording: ${secret.where}`).toBe(false);
    const inReports = measured.secretsInReports.find((found) => found.secret.id === id)?.in ?? [];
    if (ledgered(ledger.secretsInReports, id, set.seed))
      expect(inReports, `${id} is no longer in a report: remove it from known-survivors.json`).not.toEqual([]);
    else expect(inReports, `${id} (${secret.where}) is in`).toEqual([]);
  });
}
