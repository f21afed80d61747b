/**
 * The second suspect-node held-out set (test/suspect2/README.md), one test per history, driven
 * through local mode end to end with set 1's runner and judge (describeSuspectSet: the ledger
 * `known-misses.json` lists the histories that must still miss).
 * `npx tsx test/suspect2/measureSuspectHeldOut2.ts` prints the figures.
 */
import { describeSuspectSet } from '../suspect/describeSuspectSet.js';
import { KNOWN_MISSES_FILE_2 } from './knownMisses2.js';
import { RUN_OPTIONS_2, suspectHistories2 } from './suspectHistories2.js';

describeSuspectSet(
  { title: 'suspect-node held-out histories, set 2', histories: suspectHistories2(), runOptions: RUN_OPTIONS_2, ledgerFile: KNOWN_MISSES_FILE_2 },
  180_000,
);
