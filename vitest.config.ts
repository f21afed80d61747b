import { defineConfig } from 'vitest/config';
import { ALL_TESTS, LANE_FILES } from './test/testLanes.js';

// Under CI the JSON report feeds the closing "N passed, N failed" line of .ci/run.
const reporters = process.env.CI ? ['default', ['json', { outputFile: '.vitest-report.json' }]] : ['default'];

// Three lanes (test/testLanes.ts says which file runs where): `npm run test:unit` for a quick
// answer, `npm test` for all of them. Timeouts are vitest's defaults (5 s a test, 10 s a hook);
// a test that needs longer says so itself.
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
      { extends: true, test: { name: 'integration', include: [...LANE_FILES.integration], exclude: [...LANE_FILES.e2e] } },
      { extends: true, test: { name: 'e2e', include: [...LANE_FILES.e2e] } },
    ],
  },
});
