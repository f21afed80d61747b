/**
 * Runs every figure of `npm run bench` in turn (they would disturb each other's timings if
 * run together) and returns them as one BenchReport. `smoke` is the CI-sized run behind
 * test/bench/bench.smoke.test.ts: the same code paths with fewer runs, three scenarios and
 * a smaller storm, so the bench cannot rot without a test failing.
 */
import { cpus } from 'node:os';
import { loadScenarios, type Scenario } from '../../functions/simulator/startRunaiSimulator.js';
import type { BenchReport } from './BenchReport.js';
import { SCENARIOS_DIR } from './benchPaths.js';
import { measureBundles } from './measureBundles.js';
import { diagnosedScenarios, measureCriticalPath } from './measureCriticalPath.js';
import { measureIntake } from './measureIntake.js';
import { measureMemory } from './measureMemory.js';
import { measureEndToEnd } from './measureEndToEnd.js';
import { measureStorm } from './measureStorm.js';
import { measureWorstCase } from './measureWorstCase.js';
import { STORM_TEMPLATES } from './stormScenario.js';

export const SECTIONS = ['criticalPath', 'intake', 'bundles', 'memory', 'storm', 'endToEnd', 'worstCase'] as const;
export type Section = (typeof SECTIONS)[number];

export interface BenchOptions {
  smoke: boolean;
  /** Sections to run (all by default); the others are absent from the report. */
  only?: readonly Section[];
  progress?: (line: string) => void;
}

/** One Option A scenario with metrics, one Option B, one with paged history. */
const SMOKE_SCENARIOS = ['oom-killed-limit-above-request', 'option-b-terminal-paged-with-deleted', 'oom-recurring-paged-history'];

const FULL = {
  latencyMs: 50,
  pathRuns: 3,
  intakeRuns: 20,
  initRuns: 10,
  historyRecords: 5_000,
  memoryChildren: 5,
  storm: { requests: 500, distinct: 400, latencyMs: 20 },
  // DESIGN §4.9: Run:ai at 100 ms a round trip; a 200-failure storm with the window scaled to 5 s.
  endToEnd: { latencyMs: 100, loneRuns: 20, stormSize: 200, stormWindowSeconds: 5 },
  worstCase: {
    hanging: { records: 25, requestTimeoutMs: 1_000, lambdaTimeoutMs: 12_000 },
    answerBytes: 100 * 1024 * 1024,
    // #25: 200 history pages × 7 MB reached 1.6 GB (5.7 GB with --record); 50 × 7 MB crashed a 256 MB poller.
    boundedReads: { historyPages: 200, pollerPages: 50, pageBytes: 7_000_000, heapMb: 256 },
  },
};
const SMOKE = {
  latencyMs: 50,
  pathRuns: 1,
  intakeRuns: 3,
  initRuns: 1,
  historyRecords: 5_000,
  memoryChildren: 1,
  storm: { requests: 60, distinct: 50, latencyMs: 5 },
  endToEnd: { latencyMs: 100, loneRuns: 3, stormSize: 20, stormWindowSeconds: 2 },
  worstCase: {
    hanging: { records: 6, requestTimeoutMs: 300, lambdaTimeoutMs: 2_000 },
    answerBytes: 16 * 1024 * 1024,
    // Under both 16 MiB budgets: the paths run in seconds (the cuts take the 16 MiB they keep through
    // the engine: minutes on a busy machine; test/e2e/boundedReads.e2e.test.ts covers them).
    boundedReads: { historyPages: 4, pollerPages: 4, pageBytes: 1_000_000, heapMb: 256 },
  },
};

function byName(scenarios: readonly Scenario[], names: readonly string[]): Scenario[] {
  return names.map((name) => {
    const scenario = scenarios.find((candidate) => candidate.name === name);
    if (!scenario) throw new Error(`no fixture scenario ${name}`);
    return scenario;
  });
}

export async function runBench(options: BenchOptions): Promise<Partial<BenchReport>> {
  const config = options.smoke ? SMOKE : FULL;
  const wanted = (section: Section) => !options.only || options.only.includes(section);
  const progress = options.progress ?? (() => {});
  const started = performance.now();
  const scenarios = await loadScenarios(SCENARIOS_DIR);
  const report: Partial<BenchReport> = {};

  if (wanted('criticalPath')) {
    const measured = options.smoke ? byName(scenarios, SMOKE_SCENARIOS) : diagnosedScenarios(scenarios);
    progress(`critical path: ${measured.length} scenarios × ${config.pathRuns} runs at ${config.latencyMs} ms`);
    report.criticalPath = await measureCriticalPath(measured, { latencyMs: config.latencyMs, runs: config.pathRuns });
  }
  if (wanted('intake')) {
    progress(`intake: 1,000 alerts × ${config.intakeRuns} runs`);
    report.intake = await measureIntake({ alerts: 1_000, runs: config.intakeRuns });
  }
  if (wanted('bundles')) {
    progress(`bundles: build, then ${config.initRuns} init runs each`);
    report.bundles = await measureBundles({ initRuns: config.initRuns });
  }
  if (wanted('memory')) {
    progress(`memory: ${config.historyRecords} history records, ${config.memoryChildren} child process(es) per run`);
    report.memory = await measureMemory({ records: config.historyRecords, children: config.memoryChildren });
  }
  if (wanted('storm')) {
    progress(`storm: ${config.storm.requests} requests through the worker`);
    report.storm = await measureStorm(byName(scenarios, STORM_TEMPLATES), config.storm);
  }
  if (wanted('endToEnd')) {
    const { loneRuns, stormSize, latencyMs } = config.endToEnd;
    progress(`end to end: ${loneRuns} lone failures and a storm of ${stormSize} through local mode, ${latencyMs} ms per Run:ai request`);
    report.endToEnd = await measureEndToEnd(byName(scenarios, STORM_TEMPLATES), config.endToEnd);
  }
  if (wanted('worstCase')) {
    const { hanging, answerBytes, boundedReads } = config.worstCase;
    progress(
      `worst case: ${hanging.records} records with a hanging /events (scaled: ${hanging.requestTimeoutMs} ms per request, ${hanging.lambdaTimeoutMs} ms Lambda timeout); a ${Math.round(answerBytes / 1048576)} MB answer; ${boundedReads.historyPages} history pages and ${boundedReads.pollerPages} listing pages of ${boundedReads.pageBytes / 1e6} MB under a ${boundedReads.heapMb} MB heap`,
    );
    report.worstCase = await measureWorstCase(config.worstCase);
  }
  report.meta = {
    smoke: options.smoke,
    node: process.version,
    cpus: cpus().length,
    latencyMs: config.latencyMs,
    totalMs: Math.round(performance.now() - started),
  };
  return report;
}
