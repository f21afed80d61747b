/**
 * Measures the engine on the unseen corpus (fixtures/signals-unseen): per source and overall,
 * how many entries pass (right cause and decisive line quoted), and how the others miss.
 * Run with `npx tsx test/signals/measureUnseenCorpus.ts`; `--json` prints machine-readable
 * figures, `--ledger=<prefix>` prints the misses in the shape of known-misses.json, each reason
 * prefixed (e.g. `--ledger=baseline` for the measurement before any engine change).
 */
import { startUnseenBench, unseenEntryName, type Measurement, type MissKind } from './unseenCorpus.js';

interface Tally {
  passed: number;
  total: number;
  misses: Record<MissKind, number>;
}

const emptyTally = (): Tally => ({ passed: 0, total: 0, misses: { 'no verdict': 0, stopped: 0, 'wrong cause': 0, 'line missing': 0 } });
/** A ledger reason stays one readable line: the quoted evidence is cut, the problem kept. */
const clip = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);
const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`);
const row = (label: string, tally: Tally) =>
  `${label.padEnd(24)} ${`${tally.passed}/${tally.total}`.padStart(8)} ${percent(tally.passed, tally.total).padStart(7)}   ` +
  `wrong cause ${tally.misses['wrong cause']}, line missing ${tally.misses['line missing']}, stopped/routed ${tally.misses.stopped}, no verdict ${tally.misses['no verdict']}`;

async function main(): Promise<void> {
  const bench = await startUnseenBench();
  const overall = emptyTally();
  const bySource = new Map<string, Tally>();
  const misses: { name: string; measurement: Measurement }[] = [];
  try {
    for (const [at, loaded] of bench.corpus.entries()) {
      const measurement = await bench.measure(at);
      const tally = bySource.get(loaded.source) ?? emptyTally();
      bySource.set(loaded.source, tally);
      for (const counted of [tally, overall]) {
        counted.total += 1;
        if (measurement.passed) counted.passed += 1;
        else counted.misses[measurement.miss!] += 1;
      }
      if (!measurement.passed) misses.push({ name: unseenEntryName(loaded), measurement });
    }
  } finally {
    await bench.close();
  }
  const ledgerPrefix = process.argv.find((arg) => arg.startsWith('--ledger='))?.slice('--ledger='.length);
  if (ledgerPrefix !== undefined) {
    const ledger = Object.fromEntries(
      misses.map(({ name, measurement }) => [name, `${ledgerPrefix}: ${measurement.miss}: ${clip(measurement.problems.join('; '))}`]),
    );
    process.stdout.write(`${JSON.stringify(ledger, null, 2)}\n`);
    return;
  }
  if (process.argv.includes('--json')) {
    const sources = Object.fromEntries(bySource);
    process.stdout.write(`${JSON.stringify({ overall, sources, misses }, null, 2)}\n`);
    return;
  }
  const lines = [...[...bySource].map(([source, tally]) => row(source, tally)), row('overall', overall), '', `misses (${misses.length}):`];
  for (const { name, measurement } of misses) lines.push(`- ${name} [${measurement.miss}]: ${measurement.problems.join('; ')}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
