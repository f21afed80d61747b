/**
 * The generated origin cases (generateOriginCases.ts): the generator is seeded and covers the
 * class, and the engine passes at least PASS_FLOOR of them (the figure only rises: raise the
 * floor with the fix that earns it). `npx tsx test/distributed/measureOriginCases.ts` prints the
 * misses.
 */
import { describe, expect, it } from 'vitest';
import { FRAMEWORKS, ORIGIN_KINDS, TIME_SOURCES, generateOriginCases } from './generateOriginCases.js';
import { originCases, runOriginCase } from './originCases.js';

const PASS_FLOOR = 59;

describe('generated distributed origin cases', () => {
  it('is seeded (same cases twice) and covers every framework, origin kind and time source', () => {
    expect(JSON.stringify(generateOriginCases())).toBe(JSON.stringify(generateOriginCases()));
    const plans = generateOriginCases();
    const seen = (read: (description: string) => string | undefined) => new Set(plans.map((plan) => read(plan.description)));
    expect([...seen((text) => /^generated \(seed \d+, #\d+\): (\w+),/.exec(text)?.[1])].sort()).toEqual([...FRAMEWORKS].sort());
    expect([...seen((text) => /origin (\w+) on/.exec(text)?.[1])].sort()).toEqual([...ORIGIN_KINDS].sort());
    expect([...seen((text) => /times from (\S+),/.exec(text)?.[1])].sort()).toEqual([...TIME_SOURCES].sort());
  });

  it(`the engine passes at least ${PASS_FLOOR} of them`, { timeout: 120_000 }, async () => {
    const cases = originCases();
    const misses: string[] = [];
    for (const heldOut of cases) {
      const measurement = await runOriginCase(heldOut);
      if (!measurement.passed) misses.push(`${heldOut.name}: ${measurement.problems.map(({ part, problem }) => `${part}: ${problem}`).join('; ')}`);
    }
    expect(cases.length - misses.length, misses.join('\n')).toBeGreaterThanOrEqual(PASS_FLOOR);
  });
});
