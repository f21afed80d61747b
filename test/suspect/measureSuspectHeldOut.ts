/**
 * The suspect-node held-out measurement (issue #23 item 3): every generated history driven
 * through local mode end to end, then per family histories passed / total and per check.
 *
 *   npx tsx test/suspect/measureSuspectHeldOut.ts                    # the table and every miss
 *   npx tsx test/suspect/measureSuspectHeldOut.ts --json             # the results as JSON
 *   npx tsx test/suspect/measureSuspectHeldOut.ts --ledger=<prefix>  # writes known-misses.json
 */
import { writeFileSync } from 'node:fs';
import { CHECKS, CHECK_MEANING, judgeSuspectRun, type HistoryResult } from './judgeSuspectRun.js';
import { KNOWN_MISSES_FILE } from './knownMisses.js';
import { runSuspectHistories } from './runSuspectHistories.js';
import { suspectHistories } from './suspectHistories.js';

function tally(results: readonly HistoryResult[]): string {
  const passed = results.filter((result) => result.passed).length;
  const checks = CHECKS.map((check) => {
    const applied = results.filter((result) => result.checks[check] !== null);
    return `${check} ${applied.length === 0 ? '—' : `${applied.filter((result) => result.checks[check]).length}/${applied.length}`}`;
  });
  return `${`${passed}/${results.length}`.padStart(6)}   ${checks.join(', ')}`;
}

const args = process.argv.slice(2);
const started = Date.now();
const results = (await runSuspectHistories(suspectHistories())).map((run) => judgeSuspectRun(run));
const seconds = ((Date.now() - started) / 1000).toFixed(1);

const ledger = args.find((arg) => arg.startsWith('--ledger'));
if (ledger !== undefined) {
  const prefix = ledger.includes('=') ? ledger.slice(ledger.indexOf('=') + 1) : 'miss';
  const misses = Object.fromEntries(results.filter((result) => !result.passed).map((result) => [result.name, `${prefix}: ${result.problems[0]}`]));
  writeFileSync(KNOWN_MISSES_FILE, `${JSON.stringify(misses, null, 2)}\n`);
  console.log(`wrote ${Object.keys(misses).length} misses to ${KNOWN_MISSES_FILE}`);
}

if (args.includes('--json')) console.log(JSON.stringify(results, null, 2));
else {
  const families = [...new Set(results.map((result) => result.family))];
  console.log(`suspect-node held-out: ${results.length} histories, local mode end to end, ${seconds} s\n`);
  for (const family of families) console.log(`${family.padEnd(30)}${tally(results.filter((result) => result.family === family))}`);
  console.log(`${'overall'.padEnd(30)}${tally(results)}\n`);
  for (const check of CHECKS) console.log(`  ${check.padEnd(8)} ${CHECK_MEANING[check]}`);
  console.log('\nmisses:');
  for (const result of results.filter((result) => !result.passed)) {
    console.log(`- ${result.name}`);
    for (const problem of result.problems) console.log(`    ${problem}`);
  }
}
