/**
 * The suspect-node held-out measurement (issue #23 item 3): every generated history driven
 * through local mode end to end, then per family histories passed / total and per check.
 *
 *   npx tsx test/suspect/measureSuspectHeldOut.ts                    # the table and every miss
 *   npx tsx test/suspect/measureSuspectHeldOut.ts --json             # the results as JSON
 *   npx tsx test/suspect/measureSuspectHeldOut.ts --ledger=<prefix>  # writes known-misses.json
 */
import { KNOWN_MISSES_FILE } from './knownMisses.js';
import { measureSuspectSet } from './measureSuspectSet.js';
import { suspectHistories } from './suspectHistories.js';

await measureSuspectSet({ title: 'suspect-node held-out histories', histories: suspectHistories(), ledgerFile: KNOWN_MISSES_FILE }, process.argv.slice(2), 30);
