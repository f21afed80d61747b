/**
 * The fifth fresh corpus (fixtures/signals-fresh5): held out from the engineers changing the
 * engine while it was collected. One test per entry, against its own ledger `known-misses.json`
 * (see describeHeldOutCorpus.ts); the generated family `placed-logs-5.json` must be what
 * fresh5Placements.ts renders; and no decisive text may already be held by an older corpus, so
 * that the corpus keeps measuring text the engine was not tuned on.
 * `npx tsx test/signals/measureUnseenCorpus.ts --dir fixtures/signals-fresh5` prints the figures.
 */
import { describeFreshCorpusChecks } from './describeFreshCorpusChecks.js';
import { describeHeldOutCorpus } from './describeHeldOutCorpus.js';
import * as placements from './fresh5Placements.js';
import { FRESH5_CORPUS } from './unseenCorpus.js';

describeFreshCorpusChecks({
  ordinal: 'fifth',
  corpus: FRESH5_CORPUS,
  placedSource: 'placed-logs-5',
  placements,
  generator: 'npx tsx test/signals/generateFresh5Placements.ts',
});

describeHeldOutCorpus('fifth fresh upstream corpus', FRESH5_CORPUS, 60);
