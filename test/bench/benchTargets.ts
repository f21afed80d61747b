/** The quality bars of docs/tests.md, in one place for the bench table and the smoke test. */
export const RATIO_TARGET = 1.2;
export const ROUND_TRIP_TARGET = { A: 3, B: 4 } as const;
