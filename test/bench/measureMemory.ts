/**
 * Peak RSS of one diagnosis of a workload whose history holds 5,000 records (100 pages),
 * measured in a child process of its own (memoryChild.ts, bundled with esbuild and run by
 * plain `node`), against the simulator served from this process. Runs: the floor (load
 * everything, diagnose nothing), the default 7-day lookback (paging stops at the first
 * page wholly older than the lookback), and the 90-day maximum, which reads every page;
 * each the median of `children` processes.
 */
import { join } from 'node:path';
import { loadScenario, startRunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import type { MemoryFigures, MemoryRun } from './BenchReport.js';
import { PROJECT_ROOT, SCENARIOS_DIR } from './benchPaths.js';
import { LONG_HISTORY_TEMPLATE, longHistoryScenario } from './longHistoryScenario.js';
import type { MemoryChildInput, MemoryChildOutput } from './memoryChild.js';
import { median, round } from './median.js';
import { runNode } from './runNode.js';
import { bundleBenchChild } from './bundleBenchChild.js';

export const HISTORY_PAGE = 50;

export async function measureMemory(options: { records: number; children: number }): Promise<MemoryFigures> {
  const [childFile, template] = await Promise.all([
    bundleBenchChild('test/bench/memoryChild.ts', 'memory-child'),
    loadScenario(join(SCENARIOS_DIR, LONG_HISTORY_TEMPLATE)),
  ]);
  const { state, workloadId, clusterId } = longHistoryScenario(template, options.records);
  const simulator = await startRunaiSimulator({ scenarios: state });
  try {
    const run = async (lookback: string | null) => {
      simulator.reset();
      const input: MemoryChildInput = { url: simulator.url, clusterId, workloadId, lookback };
      const { stdout } = await runNode([childFile, JSON.stringify(input)], PROJECT_ROOT);
      const output = JSON.parse(stdout) as MemoryChildOutput;
      return { output, historyPages: simulator.requests.filter((request) => request.endpoint === 'history').length };
    };
    // Medians over several children: the same diagnosis peaks ±15 MB apart from one process
    // to the next (native memory outside the JS heap, which stays near 24 MB).
    const medianRun = async (lookback: string | null) => {
      const samples = [];
      for (let sample = 0; sample < options.children; sample += 1) samples.push(await run(lookback));
      const first = samples[0]!;
      return {
        peakRssMb: round(median(samples.map((sample) => sample.output.peakRssMb)), 1),
        minRssMb: round(Math.min(...samples.map((sample) => sample.output.peakRssMb)), 1),
        maxRssMb: round(Math.max(...samples.map((sample) => sample.output.peakRssMb)), 1),
        wallMs: round(median(samples.map((sample) => sample.output.wallMs)), 1),
        historyPages: first.historyPages,
        output: first.output,
      };
    };
    const baseline = await medianRun(null);
    const runs: MemoryRun[] = [];
    for (const lookback of ['7d', '90d']) {
      const { output, ...figures } = await medianRun(lookback);
      if (output.category !== 'OOM_KILLED') throw new Error(`long-history workload diagnosed as ${output.category}, expected OOM_KILLED`);
      runs.push({ lookback, ...figures, recurrence: output.recurrence });
    }
    return {
      peakRssMb: runs[0]!.peakRssMb,
      historyRecords: options.records,
      historyPagesTotal: Math.ceil(options.records / HISTORY_PAGE),
      baselineRssMb: baseline.peakRssMb,
      children: options.children,
      runs,
    };
  } finally {
    await simulator.close();
  }
}
