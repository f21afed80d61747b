/**
 * Measures the engine on the generated origin cases: `npx tsx test/distributed/measureOriginCases.ts
 * [--seed=N] [--count=N]` prints how many pass every check, per origin kind and time source, and
 * each miss with why.
 */
import { originCases, runOriginCase } from './originCases.js';

const numberArgument = (name: string) => {
  const raw = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  return raw === undefined ? undefined : Number(raw);
};

const cases = originCases(numberArgument('seed'), numberArgument('count'));
let passed = 0;
const misses: string[] = [];
const tally = new Map<string, { passed: number; total: number }>();
for (const heldOut of cases) {
  const measurement = await runOriginCase(heldOut);
  if (measurement.passed) passed += 1;
  else misses.push(`- ${heldOut.name} [${measurement.miss}]: ${measurement.problems.map(({ part, problem }) => `${part}: ${problem}`).join('; ')}`);
  const time = /times from (\S+),/.exec(heldOut.scenario.description ?? '')?.[1] ?? '?';
  for (const key of [`origin:${heldOut.expectation.family}`, `time:${time}`, `framework:${heldOut.expectation.framework}`]) {
    const entry = tally.get(key) ?? { passed: 0, total: 0 };
    entry.total += 1;
    if (measurement.passed) entry.passed += 1;
    tally.set(key, entry);
  }
}
const lines = [...tally].sort(([a], [b]) => a.localeCompare(b)).map(([key, { passed: ok, total }]) => `${key.padEnd(28)} ${ok}/${total}`);
process.stdout.write(`${lines.join('\n')}\noverall ${passed}/${cases.length}\n\nmisses (${misses.length}):\n${misses.join('\n')}\n`);
