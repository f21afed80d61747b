/**
 * The suspect-node held-out histories (test/suspect/README.md), one test per history, driven
 * through local mode end to end (describeSuspectSet: the ledger `known-misses.json` lists the
 * histories that must still miss). `npx tsx test/suspect/measureSuspectHeldOut.ts` prints the figures.
 */
import { describeSuspectSet } from './describeSuspectSet.js';
import { KNOWN_MISSES_FILE } from './knownMisses.js';
import { suspectHistories } from './suspectHistories.js';

describeSuspectSet({ title: 'suspect-node held-out histories', histories: suspectHistories(), ledgerFile: KNOWN_MISSES_FILE }, 120_000);
