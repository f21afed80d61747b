/**
 * The unseen corpus (fixtures/signals-unseen): one test per entry, against its ledger
 * `known-misses.json` (see describeHeldOutCorpus.ts). `npx tsx test/signals/measureUnseenCorpus.ts`
 * prints the figures.
 */
import { describeHeldOutCorpus } from './describeHeldOutCorpus.js';
import { UNSEEN_CORPUS } from './unseenCorpus.js';

describeHeldOutCorpus('unseen upstream corpus', UNSEEN_CORPUS, 120);
