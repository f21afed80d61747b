/**
 * The second suspect-node held-out measurement (test/suspect2/README.md): every generated
 * history driven through local mode end to end with set 1's runner and judge, then per family
 * histories passed / total and per check.
 *
 *   npx tsx test/suspect2/measureSuspectHeldOut2.ts                    # the table and every miss
 *   npx tsx test/suspect2/measureSuspectHeldOut2.ts --json             # the results as JSON
 *   npx tsx test/suspect2/measureSuspectHeldOut2.ts --ledger=<prefix>  # writes known-misses.json
 */
import { measureSuspectSet } from '../suspect/measureSuspectSet.js';
import { KNOWN_MISSES_FILE_2 } from './knownMisses2.js';
import { RUN_OPTIONS_2, suspectHistories2 } from './suspectHistories2.js';

await measureSuspectSet(
  { title: 'suspect-node held-out histories, set 2', histories: suspectHistories2(), runOptions: RUN_OPTIONS_2, ledgerFile: KNOWN_MISSES_FILE_2 },
  process.argv.slice(2),
  40,
);
