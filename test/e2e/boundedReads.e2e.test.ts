/**
 * Issue #25 item 3 under a small heap: a node process capped at 96 MB of heap
 * (`--max-old-space-size=96`) must finish one diagnosis whose history answers 24 pages of
 * 7 MB, and one poll where a cluster answers 30 pages of 7 MB, and say what it cut. Before
 * the bounds both died of heap exhaustion (the diagnosis kept every record, the poller every
 * listed workload; the poller crashed even at 256 MB). The child is bundled as the Lambdas
 * are and run by plain node (test/bench/boundedReadsChild.ts).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleBenchChild } from '../bench/bundleBenchChild.js';
import { PROJECT_ROOT } from '../bench/benchPaths.js';
import type { BoundedReadsChildInput, BoundedReadsChildOutput } from '../bench/boundedReadsChild.js';

const HEAP_MB = 96;
const SCENARIO_DIR = join(PROJECT_ROOT, 'fixtures', 'scenarios', 'oom-recurring-paged-history');
let childFile = '';

beforeAll(async () => {
  childFile = await bundleBenchChild('test/bench/boundedReadsChild.ts', 'bounded-reads-child');
}, 60_000);

function runChild(
  input: Omit<BoundedReadsChildInput, 'scenarioDir'>,
): Promise<{ code: number | null; output: BoundedReadsChildOutput | null; stderr: string }> {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [`--max-old-space-size=${HEAP_MB}`, childFile, JSON.stringify({ ...input, scenarioDir: SCENARIO_DIR })],
      { cwd: PROJECT_ROOT, env, maxBuffer: 4 * 1024 * 1024 },
      (_error, stdout, stderr) => {
        const line = stdout.trim().split('\n').at(-1) ?? '';
        resolve({ code: child.exitCode, output: line.startsWith('{') ? (JSON.parse(line) as BoundedReadsChildOutput) : null, stderr: stderr.slice(-2_000) });
      },
    );
  });
}

describe(`bounded reads in a ${HEAP_MB} MB heap`, () => {
  it('one diagnosis over 24 history pages of 7 MB ends, naming the history budget and a lower-bound recurrence', async () => {
    const { code, output, stderr } = await runChild({ mode: 'diagnosis', pages: 24, pageBytes: 7_000_000 });
    expect(code, stderr).toBe(0);
    expect(output?.limitations).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^History exceeded the 16 MiB memory budget of one diagnosis: the \d+ oldest records read were not kept/),
        expect.stringMatching(/^Recurrence is a lower bound: at least 1 failure of this category in 7 days/),
      ]),
    );
  }, 30_000);

  it('a poll where one cluster answers 30 pages of 7 MB ends, and every cluster is enqueued', async () => {
    const { code, output, stderr } = await runChild({ mode: 'poller', pages: 30, pageBytes: 7_000_000, healthy: 3 });
    expect(code, stderr).toBe(0);
    expect(output).toMatchObject({ failedClusters: [], failuresByCode: {} });
    // Three healthy clusters of three failures each, and the big one's thousands.
    expect(output?.enqueued).toBeGreaterThan(2_500);
  }, 30_000);

  it('an oversized page fails its own cluster with its code while the others are enqueued', async () => {
    const { code, output, stderr } = await runChild({ mode: 'poller', pages: 1, pageBytes: 9_000_000, healthy: 3 });
    expect(code, stderr).toBe(0);
    expect(output).toMatchObject({ failedClusters: ['99999999-9999-4999-8999-999999999999'], failuresByCode: { RUNAI_RESPONSE_TOO_LARGE: 1 }, enqueued: 9 });
  }, 30_000);
});
