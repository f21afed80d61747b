/**
 * The ninth fresh corpus (fixtures/signals-fresh9): held out from the engineers changing the engine
 * while it was collected, in formats no older corpus holds (git in entry scripts, object-store
 * clients, vector and search stores, Python's entry errors, Rust programs, environment managers),
 * and built to measure surroundings no older generator placed (another runtime's exception chain
 * restating the cause at its top, middle or bottom, ExceptionGroup frames, progress bars with
 * carriage returns, a second process's interleaved lines, 30 or more lines of teardown). One test
 * per entry, against its own ledger `known-misses.json` (see describeHeldOutCorpus.ts); the
 * generated family `placed-logs-9.json` must be what fresh9Placements.ts renders; and no decisive
 * text may already be held by an older corpus, so that the corpus keeps measuring text the engine
 * was not tuned on. `npx tsx test/signals/measureUnseenCorpus.ts --dir fixtures/signals-fresh9`
 * prints the figures.
 */
import { describeFreshCorpusChecks } from './describeFreshCorpusChecks.js';
import { describeHeldOutCorpus } from './describeHeldOutCorpus.js';
import * as placements from './fresh9Placements.js';
import { FRESH9_CORPUS } from './unseenCorpus.js';

describeFreshCorpusChecks({
  ordinal: 'ninth',
  corpus: FRESH9_CORPUS,
  placedSource: 'placed-logs-9',
  placements,
  generator: 'npx tsx test/signals/generateFresh9Placements.ts',
});

describeHeldOutCorpus('ninth fresh upstream corpus', FRESH9_CORPUS, 50);
