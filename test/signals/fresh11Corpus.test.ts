/**
 * The eleventh fresh corpus (fixtures/signals-fresh11): held out from the engineers changing the
 * engine while it was collected, in formats no older corpus holds (torch.compile and hand-written
 * Triton kernels, TensorRT and ONNX Runtime, Hugging Face loaders and savers beyond the Hub, Megatron-LM
 * and NeMo configuration and checkpoint refusals, Optuna and Ray Tune sweeps, Dask and mpi4py inside
 * one pod), and built to measure surroundings no older generator placed (a launcher's
 * logger.exception record restating the cause under its own generic message, a supervisor's or init
 * process's exit summary after the child's output, notebook-style papermill and IPython tracebacks).
 * One test per entry, against its own ledger `known-misses.json` (see describeHeldOutCorpus.ts); the
 * generated family `placed-logs-11.json` must be what fresh11Placements.ts renders; and no decisive
 * text may already be held by an older corpus, so that the corpus keeps measuring text the engine
 * was not tuned on. `npx tsx test/signals/measureUnseenCorpus.ts --dir fixtures/signals-fresh11`
 * prints the figures.
 */
import { describeFreshCorpusChecks } from './describeFreshCorpusChecks.js';
import { describeHeldOutCorpus } from './describeHeldOutCorpus.js';
import * as placements from './fresh11Placements.js';
import { FRESH11_CORPUS } from './unseenCorpus.js';

describeFreshCorpusChecks({
  ordinal: 'eleventh',
  corpus: FRESH11_CORPUS,
  placedSource: 'placed-logs-11',
  placements,
  generator: 'npx tsx test/signals/generateFresh11Placements.ts',
});

describeHeldOutCorpus('eleventh fresh upstream corpus', FRESH11_CORPUS, 55);
