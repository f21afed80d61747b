/**
 * The tenth fresh corpus (fixtures/signals-fresh10): held out from the engineers changing the engine
 * while it was collected, in formats no older corpus holds (glog-style CHECK failures, kubectl and
 * helm in entry scripts, JVM build tools and the java launcher, JAX tracing errors, native builds
 * at start, command-line tools in entry scripts), and built to measure surroundings no older
 * generator placed (structured JSON records restating the cause in a string field, a generic
 * heading with the statement on its second line, ANSI colour escapes around every line, a retry
 * library's restating lines and its generic give-up, stdout flushed after the stderr cause). One
 * test per entry, against its own ledger `known-misses.json` (see describeHeldOutCorpus.ts); the
 * generated family `placed-logs-10.json` must be what fresh10Placements.ts renders; and no decisive
 * text may already be held by an older corpus, so that the corpus keeps measuring text the engine
 * was not tuned on. `npx tsx test/signals/measureUnseenCorpus.ts --dir fixtures/signals-fresh10`
 * prints the figures.
 */
import { describeFreshCorpusChecks } from './describeFreshCorpusChecks.js';
import { describeHeldOutCorpus } from './describeHeldOutCorpus.js';
import * as placements from './fresh10Placements.js';
import { FRESH10_CORPUS } from './unseenCorpus.js';

describeFreshCorpusChecks({
  ordinal: 'tenth',
  corpus: FRESH10_CORPUS,
  placedSource: 'placed-logs-10',
  placements,
  generator: 'npx tsx test/signals/generateFresh10Placements.ts',
});

describeHeldOutCorpus('tenth fresh upstream corpus', FRESH10_CORPUS, 55);
