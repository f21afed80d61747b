/**
 * The measurement both held-out suspect-node sets share: per family histories passed / total and
 * per check, every miss; `--json` prints the results, `--ledger=<prefix>` WRITES the set's
 * `known-misses.json` from this run.
 */
import { writeFileSync } from 'node:fs';
import { CHECKS, CHECK_MEANING, type HistoryResult } from './judgeSuspectRun.js';
import { judgeSuspectSet, type SuspectSet } from './suspectSet.js';

function tally(results: readonly HistoryResult[]): string {
  const passed = results.filter((result) => result.passed).length;
  const checks = CHECKS.map((check) => {
    const applied = results.filter((result) => result.checks[check] !== null);
    return `${check} ${applied.length === 0 ? '—' : `${applied.filter((result) => result.checks[check]).length}/${applied.length}`}`;
  });
  return `${`${passed}/${results.length}`.padStart(6)}   ${checks.join(', ')}`;
}

export async function measureSuspectSet(set: SuspectSet, args: readonly string[], familyWidth: number): Promise<void> {
  const started = Date.now();
  const results = await judgeSuspectSet(set);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);

  const ledger = args.find((arg) => arg.startsWith('--ledger'));
  if (ledger !== undefined) {
    const prefix = ledger.includes('=') ? ledger.slice(ledger.indexOf('=') + 1) : 'miss';
    const misses = Object.fromEntries(results.filter((result) => !result.passed).map((result) => [result.name, `${prefix}: ${result.problems[0]}`]));
    writeFileSync(set.ledgerFile, `${JSON.stringify(misses, null, 2)}\n`);
    console.log(`wrote ${Object.keys(misses).length} misses to ${set.ledgerFile}`);
  }

  if (args.includes('--json')) {
    console.log(JSON.stringify(results, null, 2));
    return;
  }
  const families = [...new Set(results.map((result) => result.family))];
  console.log(`${set.title}: ${results.length} histories, local mode end to end, ${seconds} s\n`);
  for (const family of families) console.log(`${family.padEnd(familyWidth)}${tally(results.filter((result) => result.family === family))}`);
  console.log(`${'overall'.padEnd(familyWidth)}${tally(results)}\n`);
  for (const check of CHECKS) console.log(`  ${check.padEnd(8)} ${CHECK_MEANING[check]}`);
  console.log('\nmisses:');
  for (const result of results.filter((result) => !result.passed)) {
    console.log(`- ${result.name}`);
    for (const problem of result.problems) console.log(`    ${problem}`);
  }
}
