import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { refuseSlowImports } from './test/support/refuseSlowImports.js';
import { ALL_TESTS, LANE_FILES, TIMED_E2E_FILES, UNIT_ISOLATED_FILES } from './test/testLanes.js';

// Under CI the JSON report feeds the closing "N passed, N failed" line of .ci/run.
const reporters = process.env.CI ? ['default', ['json', { outputFile: '.vitest-report.json' }]] : ['default'];

// Three lanes (test/testLanes.ts says which file runs where): `npm run test:unit` for a quick
// answer, `npm test` for all of them. The unit lane keeps vitest's default timeouts (5 s a
// test, 10 s a hook): a pure test that needs longer is a slow test, and says so itself. The
// other two lanes state theirs here, because every file in them starts servers or processes
// whose start-up on a loaded 2-core machine takes seconds, not because a test may dawdle.
const INTEGRATION_TIMEOUTS = { testTimeout: 30_000, hookTimeout: 30_000 };
/** e2e hooks build the bundles (esbuild) and start Prometheus, Alertmanager or child processes. */
const E2E_TIMEOUTS = { testTimeout: 60_000, hookTimeout: 120_000 };

/**
 * The unit lane is two projects (test/testLanes.ts): `unit` shares one module graph per worker
 * (isolate: false; test/support/sharedGraphGuard.ts refuses what would leak), `unit-isolated`
 * gives each of its few files a fresh one. Both use every core: vitest's default is one worker
 * fewer than the cores, a single worker on 2 cores. Worker threads start faster than forks and
 * nothing in the lane needs a process of its own (docs/tests.md has the figures). They run
 * first (groupOrder 0).
 */
const UNIT = {
  pool: 'threads',
  maxWorkers: availableParallelism(),
  sequence: { groupOrder: 0 },
} as const;
const UNIT_EXCLUDE = [...LANE_FILES.integration, ...LANE_FILES.e2e];
/**
 * Integration and e2e run together after it (groupOrder 1: vitest makes one group of them, so
 * they must state the same worker count), in forks, also on every core. With vitest's default
 * (one worker fewer than the cores) the two lanes ran one file at a time on 2 cores, though most
 * of their time is waiting: for loopback HTTP, a child process, a Prometheus scrape, a hanging
 * endpoint's timeout. The files whose bars are times on CPU-bound work run alone, next.
 */
const LATER = { maxWorkers: availableParallelism(), sequence: { groupOrder: 1 } };
/**
 * Then the e2e files whose bars are times on CPU-bound work (TIMED_E2E_FILES), one at a time
 * (groupOrder 2, one worker): beside another file on a loaded 2-core machine, the fuzz runs'
 * per-request ceilings, the regex linearity timings and a small-heap child missed their bounds
 * (docs/tests.md). Same timeouts as e2e.
 */
const TIMED = { maxWorkers: 1, sequence: { groupOrder: 2 } };

export default defineConfig({
  test: {
    reporters: reporters as never,
    projects: [
      {
        extends: true,
        plugins: [refuseSlowImports()],
        test: {
          name: 'unit',
          include: [ALL_TESTS],
          exclude: [...UNIT_EXCLUDE, ...UNIT_ISOLATED_FILES],
          setupFiles: ['test/support/unitLaneGuard.ts', 'test/support/sharedGraphGuard.ts'],
          isolate: false,
          ...UNIT,
        },
      },
      {
        extends: true,
        plugins: [refuseSlowImports()],
        test: {
          name: 'unit-isolated',
          include: [...UNIT_ISOLATED_FILES],
          exclude: UNIT_EXCLUDE,
          setupFiles: ['test/support/unitLaneGuard.ts'],
          ...UNIT,
        },
      },
      { extends: true, test: { name: 'integration', include: [...LANE_FILES.integration], exclude: [...LANE_FILES.e2e], ...INTEGRATION_TIMEOUTS, ...LATER } },
      {
        extends: true,
        // The command bundles (dist/), built once for every file that runs them.
        test: {
          name: 'e2e',
          include: [...LANE_FILES.e2e],
          exclude: [...TIMED_E2E_FILES],
          globalSetup: ['test/support/buildBundlesOnce.ts'],
          ...E2E_TIMEOUTS,
          ...LATER,
        },
      },
      { extends: true, test: { name: 'e2e-timed', include: [...TIMED_E2E_FILES], ...E2E_TIMEOUTS, ...TIMED } },
    ],
  },
});
