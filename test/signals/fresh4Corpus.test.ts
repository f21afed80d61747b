/**
 * The fourth fresh corpus (fixtures/signals-fresh4): held out from the engineers changing the
 * engine while it was collected. One test per entry, against its own ledger `known-misses.json`
 * (see describeHeldOutCorpus.ts); the generated family `placed-logs.json` must be what
 * fresh4Placements.ts renders; and no decisive text may already be held by an older corpus, so
 * that the corpus keeps measuring text the engine was not tuned on.
 * `npx tsx test/signals/measureUnseenCorpus.ts --dir fixtures/signals-fresh4` prints the figures.
 */
import { describeFreshCorpusChecks } from './describeFreshCorpusChecks.js';
import { describeHeldOutCorpus } from './describeHeldOutCorpus.js';
import * as placements from './fresh4Placements.js';
import { FRESH4_CORPUS } from './unseenCorpus.js';

describeFreshCorpusChecks({
  ordinal: 'fourth',
  corpus: FRESH4_CORPUS,
  placedSource: 'placed-logs',
  placements,
  generator: 'npx tsx test/signals/generateFresh4Placements.ts',
});

describeHeldOutCorpus('fourth fresh upstream corpus', FRESH4_CORPUS, 60);
