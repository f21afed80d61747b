import { defineConfig } from 'vitest/config';

// Under CI the JSON report feeds the closing "N passed, N failed" line of .ci/run.
const reporters = process.env.CI ? ['default', ['json', { outputFile: '.vitest-report.json' }]] : ['default'];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    reporters: reporters as never,
  },
});
