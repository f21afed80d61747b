/** the quality bars, docs/tests.md and the bench issue's targets, in one place for the table and the smoke test. */
export const RATIO_TARGET = 1.2;
export const ROUND_TRIP_TARGET = { A: 3, B: 4 } as const;
export const INTAKE_TARGET_MS = 100;
