/**
 * The seventh fresh corpus (fixtures/signals-fresh7): held out from the engineers changing the
 * engine while it was collected, and built to measure structures (a cause above a wrapper's
 * summary, inside framed blocks, next to another library's warning banner) as much as formats.
 * One test per entry, against its own ledger `known-misses.json` (see describeHeldOutCorpus.ts);
 * the generated family `placed-logs-7.json` must be what fresh7Placements.ts renders; and no
 * decisive text may already be held by an older corpus, so that the corpus keeps measuring text
 * the engine was not tuned on.
 * `npx tsx test/signals/measureUnseenCorpus.ts --dir fixtures/signals-fresh7` prints the figures.
 */
import { describeFreshCorpusChecks } from './describeFreshCorpusChecks.js';
import { describeHeldOutCorpus } from './describeHeldOutCorpus.js';
import * as placements from './fresh7Placements.js';
import { FRESH7_CORPUS } from './unseenCorpus.js';

describeFreshCorpusChecks({
  ordinal: 'seventh',
  corpus: FRESH7_CORPUS,
  placedSource: 'placed-logs-7',
  placements,
  generator: 'npx tsx test/signals/generateFresh7Placements.ts',
});

describeHeldOutCorpus('seventh fresh upstream corpus', FRESH7_CORPUS, 50);
