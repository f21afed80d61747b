/**
 * The fourteenth fresh corpus (fixtures/signals-fresh14): held out from the engineers changing the
 * engine while it was collected, in formats no older corpus holds (Airflow task runs, Prefect,
 * Dagster, Argo's emissary and Kedro inside a pod, dbt and pandera, Node.js, npm, Deno and Bun,
 * .NET's unhandled exceptions and host errors, Ruby, Bundler, Rake and PHP), and built to measure
 * surroundings no older generator placed (Serilog's compact JSON and ecs-logging's nested error
 * fields restating the cause, Airflow's relay prefix and task trailer, Argo's emissary lines, Prefect's
 * final state, ASP.NET Core's DataProtection warnings, runit's svlogd stamps, a byte-order mark with
 * CRLF line ends). One test per entry, against its own ledger `known-misses.json` (see
 * describeHeldOutCorpus.ts); the generated family `placed-logs-14.json` must be what
 * fresh14Placements.ts renders; and no decisive text may already be held by an older corpus, so that
 * the corpus keeps measuring text the engine was not tuned on. `npx tsx
 * test/signals/measureUnseenCorpus.ts --dir fixtures/signals-fresh14` prints the figures.
 */
import { describe, expect, it } from 'vitest';
import { describeFreshCorpusChecks } from './describeFreshCorpusChecks.js';
import { describeHeldOutCorpus } from './describeHeldOutCorpus.js';
import * as placements from './fresh14Placements.js';
import { FRESH14_CORPUS, loadUnseenCorpus } from './unseenCorpus.js';

describeFreshCorpusChecks({
  ordinal: 'fourteenth',
  corpus: FRESH14_CORPUS,
  placedSource: 'placed-logs-14',
  placements,
  generator: 'npx tsx test/signals/generateFresh14Placements.ts',
});

describe('fourteenth fresh corpus: the Windows-style log', () => {
  it('places a byte-order mark before the first line only and a carriage return before every newline', () => {
    const placed = loadUnseenCorpus(FRESH14_CORPUS.dir).filter(({ source, entry }) => source === 'placed-logs-14' && entry.verbatim.includes('\uFEFF'));
    expect(placed.length).toBeGreaterThanOrEqual(2);
    for (const { entry } of placed) {
      const tail = entry.verbatim.slice(entry.verbatim.indexOf('\uFEFF'));
      expect(tail.split('\uFEFF').length).toBe(2);
      expect(tail.split('\n').every((line) => line.endsWith('\r'))).toBe(true);
    }
  });
});

describeHeldOutCorpus('fourteenth fresh upstream corpus', FRESH14_CORPUS, 60);
