import { defineConfig } from 'vitest/config';
import { ALL_TESTS, LANE_FILES } from './test/testLanes.js';

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
export default defineConfig({
  test: {
    reporters: reporters as never,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [ALL_TESTS],
          exclude: [...LANE_FILES.integration, ...LANE_FILES.e2e],
          setupFiles: ['test/support/unitLaneGuard.ts'],
        },
      },
      { extends: true, test: { name: 'integration', include: [...LANE_FILES.integration], exclude: [...LANE_FILES.e2e], ...INTEGRATION_TIMEOUTS } },
      { extends: true, test: { name: 'e2e', include: [...LANE_FILES.e2e], ...E2E_TIMEOUTS } },
    ],
  },
});
