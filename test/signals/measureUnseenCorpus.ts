/**
 * Measures the engine on a held-out corpus (by default the unseen one, fixtures/signals-unseen):
 * per source and overall, how many entries pass (right cause and decisive line quoted), and how
 * the others miss. Run with `npx tsx test/signals/measureUnseenCorpus.ts`; `--dir <folder>` (or
 * `--dir=<folder>`) measures another corpus, e.g. `--dir fixtures/signals-fresh`; `--json` prints
 * machine-readable figures, `--ledger=<prefix>` prints the misses in the shape of
 * known-misses.json, each reason prefixed (e.g. `--ledger=baseline` for the measurement before
 * any engine change).
 */
import { resolve } from 'node:path';
import {
  HELD_OUT_CORPORA,
  heldOutCorpus,
  loadUnseenCorpus,
  startUnseenBench,
  UNSEEN_CORPUS,
  unseenEntryName,
  type HeldOutCorpus,
  type Measurement,
  type MissKind,
} from './unseenCorpus.js';

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

/** The corpus named by `--dir`: a known one keeps its seed, any other folder takes a seed of its own. */
function corpusFromArguments(argv: readonly string[]): HeldOutCorpus {
  const at = argv.findIndex((arg) => arg === '--dir' || arg.startsWith('--dir='));
  if (at < 0) return UNSEEN_CORPUS;
  const value = argv[at] === '--dir' ? argv[at + 1] : argv[at]!.slice('--dir='.length);
  if (!value) throw new Error('--dir needs a corpus folder');
  const dir = resolve(value);
  const known = HELD_OUT_CORPORA.find((corpus) => resolve(corpus.dir) === dir);
  return known ?? heldOutCorpus(dir, 9);
}

async function main(): Promise<void> {
  const heldOut = corpusFromArguments(process.argv);
  const bench = await startUnseenBench(loadUnseenCorpus(heldOut.dir), heldOut.seed);
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
