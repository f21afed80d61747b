/**
 * How many cases a property test in the unit lane runs: the one place that reads the knob.
 *
 * The unit lane answers in seconds, so by default a property runs a tenth of its full count
 * (at least 100 cases: enough to walk every branch of its generators, fast-check's own default).
 * `npm test` — the whole gate, what CI runs — sets FUZZ_RUNS=full, so the full count still runs
 * before every merge. FUZZ_RUNS=<n> runs exactly n cases, for a deeper local hunt
 * (`FUZZ_RUNS=50000 npx vitest run test/safety/properties.test.ts`).
 */
const knob = process.env.FUZZ_RUNS;

export function fuzzRuns(full: number): number {
  if (knob === 'full') return full;
  if (knob !== undefined && knob !== '') {
    const runs = Number(knob);
    if (!Number.isInteger(runs) || runs < 1) throw new Error(`FUZZ_RUNS must be "full" or a positive integer, not ${JSON.stringify(knob)}`);
    return runs;
  }
  return Math.min(full, Math.max(100, Math.ceil(full / 10)));
}
