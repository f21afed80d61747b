/**
 * The eighth fresh corpus (fixtures/signals-fresh8): held out from the engineers changing the
 * engine while it was collected, and built to measure structures (a cause above a wrapper's
 * summary, next to framed banners and other programs' warnings, restated by a wrapper exception,
 * first, in the middle or last of the tail) as much as formats. One test per entry, against its
 * own ledger `known-misses.json` (see describeHeldOutCorpus.ts); the generated family
 * `placed-logs-8.json` must be what fresh8Placements.ts renders; and no decisive text may already
 * be held by an older corpus, so that the corpus keeps measuring text the engine was not tuned on.
 * `npx tsx test/signals/measureUnseenCorpus.ts --dir fixtures/signals-fresh8` prints the figures.
 */
import { describeFreshCorpusChecks } from './describeFreshCorpusChecks.js';
import { describeHeldOutCorpus } from './describeHeldOutCorpus.js';
import * as placements from './fresh8Placements.js';
import { FRESH8_CORPUS } from './unseenCorpus.js';

describeFreshCorpusChecks({
  ordinal: 'eighth',
  corpus: FRESH8_CORPUS,
  placedSource: 'placed-logs-8',
  placements,
  generator: 'npx tsx test/signals/generateFresh8Placements.ts',
});

describeHeldOutCorpus('eighth fresh upstream corpus', FRESH8_CORPUS, 50);
