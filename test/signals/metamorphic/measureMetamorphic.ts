/**
 * Measures the metamorphic relation (metamorphicRelation.ts) on every case of the generator
 * (metamorphicCases.ts): per transformation, how many cases keep it (`kept/total`, total = the
 * cases on entries in the domain), and overall. Run with
 * `npx tsx test/signals/metamorphic/measureMetamorphic.ts`; `--ledger=<prefix>` prints the breaks
 * in the shape of known-breaks.json on stdout, each reason prefixed (e.g. `--ledger=baseline`), and
 * the figures on stderr; without it, the figures, the entries left out of the domain and why, each break, and the ledger entries
 * that now keep the relation (to prune).
 */
import { LOG_TRANSFORMATIONS } from './logTransformations.js';
import { buildCases, loadKnownBreaks, loadTailEntries } from './metamorphicCases.js';
import { startMetamorphicBench } from './metamorphicBench.js';
import type { Verdict } from '../corpusKit.js';

interface Tally {
  kept: number;
  total: number;
  notApplicable: number;
}

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`);
const row = (label: string, tally: Tally) =>
  `${label.padEnd(24)} ${`${tally.kept}/${tally.total}`.padStart(9)} ${percent(tally.kept, tally.total).padStart(7)}` +
  (tally.notApplicable > 0 ? `   (${tally.notApplicable} entries it does not apply to)` : '');

async function main(): Promise<void> {
  const bases = loadTailEntries();
  const cases = buildCases(bases);
  const bench = await startMetamorphicBench(bases, cases);
  const originals = new Map<string, Verdict>();
  const outOfDomain: string[] = [];
  const tallies = new Map(LOG_TRANSFORMATIONS.map((transformation) => [transformation.name, { kept: 0, total: 0, notApplicable: 0 } as Tally]));
  const overall: Tally = { kept: 0, total: 0, notApplicable: 0 };
  const breaks: { key: string; reason: string }[] = [];
  try {
    for (const base of bases) {
      const judgement = await bench.judgeOriginal(base);
      if (judgement.inDomain) originals.set(base.name, judgement.verdict);
      else outOfDomain.push(`${base.name}: ${judgement.why}`);
    }
    for (const transformation of LOG_TRANSFORMATIONS) {
      const applied = new Set(cases.filter((item) => item.transformation === transformation).map((item) => item.base.name));
      tallies.get(transformation.name)!.notApplicable = bases.filter((base) => originals.has(base.name) && !applied.has(base.name)).length;
    }
    for (const item of cases) {
      const original = originals.get(item.base.name);
      if (!original) continue;
      const result = await bench.judgeCase(item, original);
      for (const tally of [tallies.get(item.transformation.name)!, overall]) {
        tally.total += 1;
        if (result.kept) tally.kept += 1;
      }
      if (!result.kept) breaks.push({ key: item.key, reason: `${result.kind}: ${result.problem} [${item.parameters}]` });
    }
  } finally {
    await bench.close();
  }
  const known = loadKnownBreaks();
  const broken = new Set(breaks.map(({ key }) => key));
  const lines = [
    `domain: ${originals.size} of ${bases.length} entries with their decisive text in a carried log tail (${outOfDomain.length} left out)`,
    ...LOG_TRANSFORMATIONS.map((transformation) => row(transformation.name, tallies.get(transformation.name)!)),
    row('overall', overall),
    '',
    `left out of the domain (${outOfDomain.length}):`,
    ...outOfDomain.map((line) => `- ${line}`),
    '',
    `breaks (${breaks.length}, ${breaks.filter(({ key }) => !(key in known)).length} not in known-breaks.json):`,
    ...breaks.map(({ key, reason }) => `- ${key in known ? '' : 'NEW '}${key}: ${reason}`),
    '',
    `known breaks that now keep the relation (prune them): ${Object.keys(known).filter((key) => !broken.has(key)).length}`,
    ...Object.keys(known)
      .filter((key) => !broken.has(key))
      .map((key) => `- ${key}`),
  ];
  const ledgerPrefix = process.argv.find((arg) => arg.startsWith('--ledger='))?.slice('--ledger='.length);
  if (ledgerPrefix !== undefined) {
    // One run gives both: the ledger on stdout, the figures on stderr (the baseline is measured once).
    process.stdout.write(`${JSON.stringify(Object.fromEntries(breaks.map(({ key, reason }) => [key, `${ledgerPrefix}: ${reason}`])), null, 2)}\n`);
    process.stderr.write(`${lines.join('\n')}\n`);
    return;
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
