/**
 * The fresh corpus (fixtures/signals-fresh): a second held-out corpus, collected while the engine
 * was being changed against the unseen one, so it measures generalisation the first can no longer
 * measure. One test per entry, against its own ledger `known-misses.json` (see
 * describeHeldOutCorpus.ts). `npx tsx test/signals/measureUnseenCorpus.ts --dir fixtures/signals-fresh`
 * prints the figures.
 */
import { describeHeldOutCorpus } from './describeHeldOutCorpus.js';
import { FRESH_CORPUS } from './unseenCorpus.js';

describeHeldOutCorpus('fresh upstream corpus', FRESH_CORPUS, 60);
