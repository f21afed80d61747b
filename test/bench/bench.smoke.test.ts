/**
 * Keeps `npm run bench` from rotting: runs it CI-sized (`--smoke`: three scenarios, one
 * run each, a 60-request storm) as a real command, then checks that stdout is exactly one
 * JSON object of the documented shape and that the hard bounds hold. Timings are only
 * checked for being numbers: under a parallel test run they say nothing.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { BenchReport } from './BenchReport.js';
import { PROJECT_ROOT } from './benchPaths.js';
import { ROUND_TRIP_TARGET } from './benchTargets.js';
import { formatBenchTable } from './formatBenchTable.js';
import { diagnosedScenarios } from './measureCriticalPath.js';
import { readMarkdownTables } from './readMarkdownTables.js';
import { loadScenarios } from '../../functions/simulator/startRunaiSimulator.js';

const run = promisify(execFile);
const number = expect.any(Number) as unknown as number;

let cached: Promise<BenchReport> | undefined;
/** One smoke run for the whole file. */
const smokeReport = (): Promise<BenchReport> => (cached ??= runSmoke());

async function runSmoke(): Promise<BenchReport> {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'test/bench/main.ts', '--smoke', '--json'], {
    cwd: PROJECT_ROOT,
    env,
    maxBuffer: 8 * 1024 * 1024,
  });
  // JSON.parse rejects anything around the object, so this is also "nothing else on stdout".
  return JSON.parse(stdout) as BenchReport;
}

describe('npm run bench -- --smoke --json', () => {
  it('prints one JSON object with every figure, within the hard bounds', async () => {
    const report = await smokeReport();

    expect(report.criticalPath.length).toBeGreaterThan(0);
    for (const entry of report.criticalPath) {
      expect(entry).toMatchObject({ scenario: expect.any(String), wallMs: number, roundTrips: number, ratio: number });
      expect(entry.roundTrips).toBeGreaterThan(0);
      if (entry.roundTripTarget !== null) expect(entry.roundTrips, entry.scenario).toBeLessThanOrEqual(entry.roundTripTarget);
    }
    const optionA = report.criticalPath.find((entry) => entry.scenario === 'oom-killed-limit-above-request');
    expect(optionA).toMatchObject({ roundTrips: ROUND_TRIP_TARGET.A, roundTripTarget: ROUND_TRIP_TARGET.A, inRatioTarget: true });
    const paged = report.criticalPath.find((entry) => entry.scenario === 'oom-recurring-paged-history');
    expect(paged?.inRatioTarget).toBe(false);
    expect(paged?.excludedBecause).toMatch(/history spans \d+ pages/);

    // DESIGN §4.9: a lone failure is published within the bars; a storm on one cluster is the threshold alone + one digest.
    expect(report.endToEnd.lone.p50Ms).toBeLessThanOrEqual(5_000);
    expect(report.endToEnd.lone.p99Ms).toBeLessThanOrEqual(15_000);
    expect(report.endToEnd.storm.notifications).toBe(report.endToEnd.storm.bar);

    expect(report.intake).toMatchObject({ medianMs: number, ratioToJsonParse: number, alerts: 1_000, accepted: 600, skipped: 400 });
    expect(report.intake.medianMs).toBeGreaterThan(0);

    expect(report.bundles.map((bundle) => bundle.name)).toEqual(['intake', 'diagnose', 'poller', 'pagerduty', 'chat']);
    for (const bundle of report.bundles) {
      expect(bundle).toMatchObject({ name: expect.any(String), bytes: number, initMs: number });
      expect(bundle.bytes).toBeGreaterThan(10_000);
      expect(bundle.topContributors.length).toBeGreaterThan(0);
      expect(bundle.external.every((name) => name.startsWith('@aws-sdk/'))).toBe(true);
    }

    expect(report.memory.peakRssMb).toBeGreaterThan(0);
    const [lookback7d, lookback90d] = report.memory.runs;
    // The lookback must cut the 100 pages short; the 90-day maximum reads them all.
    expect(lookback7d!.historyPages).toBeLessThan(report.memory.historyPagesTotal);
    expect(lookback90d!.historyPages).toBe(report.memory.historyPagesTotal);

    const { storm } = report;
    expect(storm).toMatchObject({ totalMs: number, maxConcurrentRunaiRequests: number, bound: number, notifications: number, failed: 0 });
    expect(storm.maxConcurrentRunaiRequests).toBeGreaterThan(0);
    expect(storm.maxConcurrentRunaiRequests).toBeLessThanOrEqual(storm.bound);
    expect(storm.published + storm.duplicates).toBe(storm.requests);
    expect(storm.notifications).toBeLessThan(storm.published);

    const [before, after] = report.worstCase.hangingEndpoint.runs;
    expect(before).toMatchObject({ deadline: false, wallMs: number, peakRssMb: number });
    expect(after).toMatchObject({ deadline: true, deadLettered: 0, published: report.worstCase.hangingEndpoint.records });
    expect(after!.wallMs).toBeLessThan(report.worstCase.hangingEndpoint.lambdaTimeoutMs);
    const [uncapped, capped] = report.worstCase.largeAnswer.runs;
    expect(uncapped).toMatchObject({ outcome: 'read', peakRssMb: number });
    expect(capped).toMatchObject({ outcome: 'RUNAI_RESPONSE_TOO_LARGE', peakRssMb: number });
    // Under both budgets (the cuts are test/e2e/boundedReads.e2e.test.ts's): every child ends with what it read whole.
    const [diagnosis, recorded, poller] = report.worstCase.boundedReads.runs;
    expect(diagnosis).toMatchObject({ case: 'diagnosis', outcome: 'whole history kept, recurrence 1' });
    expect(recorded).toMatchObject({ case: 'diagnosis --record', outcome: 'whole history kept, recurrence 1' });
    expect(poller).toMatchObject({ case: 'poller', outcome: expect.stringMatching(/^enqueued \d+, 0 clusters failed$/) });
  }, 240_000);
});

describe('docs/performance.md (npm run bench -- --markdown)', () => {
  it('has the sections, columns and rows the bench produces (figures are not compared)', async () => {
    const page = readMarkdownTables(readFileSync(new URL('../../docs/performance.md', import.meta.url), 'utf8'));
    const produced = readMarkdownTables(formatBenchTable(await smokeReport(), 'markdown'));
    expect(page.map((table) => [table.section, table.header])).toEqual(produced.map((table) => [table.section, table.header]));

    // The full bench measures every diagnosed scenario (the smoke run only three).
    const [criticalPath, ...others] = page;
    const scenarios = diagnosedScenarios(await loadScenarios(new URL('../../fixtures/scenarios/', import.meta.url).pathname));
    expect(criticalPath!.rows.map((row) => row[0]).sort()).toEqual(scenarios.map((scenario) => scenario.name).sort());
    // Elsewhere a row is named by its first cell unless that cell is a figure.
    const names = (rows: string[][]) => rows.map((row) => (/^[\d.]+$/.test(row[0] ?? '') ? '#' : row[0]));
    expect(others.map((table) => names(table.rows))).toEqual(produced.slice(1).map((table) => names(table.rows)));
  }, 180_000);
});
