/**
 * Measures the engine on a held-out distributed set (fixtures/distributed-heldout, or the one
 * `--dir <path>` names, e.g. `--dir fixtures/distributed-heldout-2`): per
 * family and overall, how many cases pass every check (category, origin pod/node/signal,
 * collateral count, quoted line, the no-origin limitation, the memory limit where asserted),
 * and how often each check passes on its own. Run with
 * `npx tsx test/distributed/measureDistributedHeldOut.ts`; `--json` prints machine-readable
 * figures, `--ledger=<prefix>` prints the misses in the shape of known-misses.json.
 */
import { dirArgument, heldOutSet, loadHeldOutCases, partApplies, PARTS, runHeldOutCase, type Measurement, type Part } from './heldOutDistributed.js';

interface Tally {
  passed: number;
  total: number;
  /** Cases that assert this part, and those where it failed. */
  applies: Record<Part, number>;
  failed: Record<Part, number>;
}

const zeroes = () => Object.fromEntries(PARTS.map((part) => [part, 0])) as Record<Part, number>;
const emptyTally = (): Tally => ({ passed: 0, total: 0, applies: zeroes(), failed: zeroes() });
const clip = (text: string) => (text.length > 220 ? `${text.slice(0, 219)}…` : text);
const row = (label: string, tally: Tally) =>
  `${label.padEnd(24)} ${`${tally.passed}/${tally.total}`.padStart(6)}   ` +
  PARTS.filter((part) => part !== 'verdict')
    .map((part) => (tally.applies[part] === 0 ? `${part} —` : `${part} ${tally.applies[part] - tally.failed[part]}/${tally.applies[part]}`))
    .join(', ');

async function main(): Promise<void> {
  const set = heldOutSet(dirArgument(process.argv));
  const cases = await loadHeldOutCases(set);
  const overall = emptyTally();
  const byFamily = new Map<string, Tally>();
  const results: { name: string; measurement: Measurement }[] = [];
  for (const heldOut of cases) {
    const measurement = await runHeldOutCase(heldOut, set);
    results.push({ name: heldOut.name, measurement });
    const family = heldOut.expectation.family;
    const tally = byFamily.get(family) ?? emptyTally();
    byFamily.set(family, tally);
    for (const counted of [tally, overall]) {
      counted.total += 1;
      if (measurement.passed) counted.passed += 1;
      for (const part of PARTS) if (partApplies(heldOut.expectation, part)) counted.applies[part] += 1;
      for (const part of new Set(measurement.problems.map((problem) => problem.part))) counted.failed[part] += 1;
    }
  }
  const ledgerPrefix = process.argv.find((arg) => arg.startsWith('--ledger='))?.slice('--ledger='.length);
  const misses = results.filter(({ measurement }) => !measurement.passed);
  if (ledgerPrefix !== undefined) {
    const ledger = Object.fromEntries(
      misses.map(({ name, measurement }) => [
        name,
        `${ledgerPrefix}: ${clip(measurement.problems.map(({ part, problem }) => `${part}: ${problem}`).join('; '))}`,
      ]),
    );
    process.stdout.write(`${JSON.stringify(ledger, null, 2)}\n`);
    return;
  }
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ overall, families: Object.fromEntries(byFamily), results }, null, 2)}\n`);
    return;
  }
  const lines = [
    ...[...byFamily].sort(([a], [b]) => a.localeCompare(b)).map(([family, tally]) => row(family, tally)),
    row('overall', overall),
    '',
    `misses (${misses.length}):`,
  ];
  for (const { name, measurement } of misses)
    lines.push(`- ${name} [${measurement.miss}]: ${measurement.problems.map(({ part, problem }) => `${part}: ${problem}`).join('; ')}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
