/**
 * The metamorphic measure of the distributed-origin reading on the eight held-out sets: per
 * transformation, how many variants keep the relation against the engine's verdict on the original
 * case and against the case's expectation, how many did not apply; then an overall line, and the
 * cases whose original already misses its own expectation (listed apart: not breaks of the
 * expectation side). Run with
 * `npx tsx test/distributed/metamorphic/measureDistributedMetamorphic.ts`; `--only=<transformation>`
 * measures one, `--ledger` prints the breaks in the shape of known-breaks.json (only),
 * `--ledger=<file>` writes them to a file and prints the figures of the same run.
 */
import { writeFileSync } from 'node:fs';
import { isBreak, listItems, loadSets, measureItem, type ItemResult } from './metamorphicItems.js';
import { TRANSFORMATIONS } from './metamorphicTransformations.js';

interface Tally {
  measured: number;
  keptOriginal: number;
  keptExpectation: number;
  skipped: number;
}

const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 299)}…` : text);

async function main(): Promise<void> {
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  const items = listItems(await loadSets(), only);
  const tallies = new Map<string, Tally>(
    TRANSFORMATIONS.map((transformation) => [transformation.id, { measured: 0, keptOriginal: 0, keptExpectation: 0, skipped: 0 }]),
  );
  const results: { key: string; result: ItemResult }[] = [];
  const originalMisses = new Set<string>();
  for (const item of items) {
    const result = await measureItem(item);
    results.push({ key: item.key, result });
    const tally = tallies.get(item.transformation.id)!;
    if (result.status === 'skipped') tally.skipped += 1;
    else {
      tally.measured += 1;
      if (result.keptOriginal) tally.keptOriginal += 1;
      if (result.keptExpectation) tally.keptExpectation += 1;
      if (result.originalMissesExpectation) originalMisses.add(`${item.set.name}/${item.heldOut.name}`);
    }
  }
  const breaks = results.filter(({ result }) => isBreak(result));
  const ledger = `${JSON.stringify(Object.fromEntries(breaks.map(({ key, result }) => [key, clip(result.status === 'measured' ? result.problems.join('; ') : '')])), null, 2)}\n`;
  if (process.argv.includes('--ledger')) {
    process.stdout.write(ledger);
    return;
  }
  // `--ledger=<file>` writes the ledger there and the figures below from the same run.
  const ledgerFile = process.argv.find((arg) => arg.startsWith('--ledger='))?.slice('--ledger='.length);
  if (ledgerFile) writeFileSync(ledgerFile, ledger);
  const overall: Tally = { measured: 0, keptOriginal: 0, keptExpectation: 0, skipped: 0 };
  const lines: string[] = [];
  for (const [id, tally] of tallies) {
    if (tally.measured + tally.skipped === 0) continue;
    for (const key of Object.keys(overall) as (keyof Tally)[]) overall[key] += tally[key];
    lines.push(
      `${id.padEnd(24)} original ${`${tally.keptOriginal}/${tally.measured}`.padStart(8)}   expectation ${`${tally.keptExpectation}/${tally.measured}`.padStart(8)}   not applicable ${tally.skipped}`,
    );
  }
  lines.push(
    `${'overall'.padEnd(24)} original ${`${overall.keptOriginal}/${overall.measured}`.padStart(8)}   expectation ${`${overall.keptExpectation}/${overall.measured}`.padStart(8)}   not applicable ${overall.skipped}   breaks ${breaks.length}`,
    '',
    `originals that miss their own expectation (${originalMisses.size}, not breaks of the expectation side): ${[...originalMisses].sort().join(', ') || 'none'}`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
