/**
 * The sixth fresh corpus (fixtures/signals-fresh6): held out from the engineers changing the
 * engine while it was collected. One test per entry, against its own ledger `known-misses.json`
 * (see describeHeldOutCorpus.ts); the generated family `placed-logs-6.json` must be what
 * fresh6Placements.ts renders; and no decisive text may already be held by an older corpus, so
 * that the corpus keeps measuring text the engine was not tuned on.
 * `npx tsx test/signals/measureUnseenCorpus.ts --dir fixtures/signals-fresh6` prints the figures.
 */
import { describeFreshCorpusChecks } from './describeFreshCorpusChecks.js';
import { describeHeldOutCorpus } from './describeHeldOutCorpus.js';
import * as placements from './fresh6Placements.js';
import { FRESH6_CORPUS } from './unseenCorpus.js';

describeFreshCorpusChecks({
  ordinal: 'sixth',
  corpus: FRESH6_CORPUS,
  placedSource: 'placed-logs-6',
  placements,
  generator: 'npx tsx test/signals/generateFresh6Placements.ts',
});

describeHeldOutCorpus('sixth fresh upstream corpus', FRESH6_CORPUS, 45);
