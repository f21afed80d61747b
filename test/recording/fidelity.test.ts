/**
 * The fidelity proof of recordings (docs/recording.md): for every bundled scenario, a live
 * diagnosis against the simulators with `--record`, then `--replay` of the recording (no
 * network), `--replay` of an anonymized recording, and the recording served by the
 * simulators as a scenario (how fixtures/scenarios/ picks it up) all reach the same
 * outcome, category, route, stop reason, recurrence and evidence count — and the scenario
 * run prints exactly the recording's `expected.txt`.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DiagnosisRequest } from '../../functions/core/diagnosisRequest.js';
import type { Verdict } from '../../functions/core/verdict.js';
import { sameQuotedLine } from '../../functions/recording/sameQuotedLine.js';
import { verdictEssentials } from '../../functions/recording/verdictEssentials.js';
import { loadScenario, loadScenarios, startRunaiSimulator, type Scenario } from '../../functions/simulator/startRunaiSimulator.js';
import {
  argsFor,
  FIXTURES_DIR,
  parseVerdict,
  runCliInProcess,
  simulatorEnv,
  stableMoments,
  startScenarioTier2,
  type CliRun,
} from '../scenarios/scenarioHarness.js';

// A request the CLI refuses as a usage error reads nothing, so there is nothing to record.
const scenarios = (await loadScenarios(FIXTURES_DIR)).filter((scenario) => (scenario.expect as { cliExitCode?: number }).cliExitCode !== 2);
const root = await mkdtemp(join(tmpdir(), 'recording-fidelity-'));
afterAll(() => rm(root, { recursive: true, force: true }));

/** The CLI against a scenario's simulators (and Tier 2 when it has a `kubernetes` block). */
async function diagnoseLive(scenario: Scenario, extraArgs: string[]): Promise<CliRun> {
  const simulator = await startRunaiSimulator({ scenarios: scenario.runai });
  const tier2 = await startScenarioTier2(scenario);
  try {
    const args = [...argsFor(scenario.request as DiagnosisRequest), ...(tier2 ? ['--tier2-config', tier2.configFile] : []), '--format', 'json', ...extraArgs];
    return await runCliInProcess(args, simulatorEnv(simulator));
  } finally {
    await simulator.close();
    await tier2?.close();
  }
}

/** IPv4 addresses (outside the documentation ranges) and host names under a private TLD in a scenario's answers. */
function infrastructureOf(scenario: Scenario): string[] {
  const text = JSON.stringify([scenario.runai, scenario.kubernetes ?? null]);
  const addresses = text.match(/(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?![\w.])/g) ?? [];
  const hosts = text.match(/(?<![\w.-])(?:[a-z0-9-]+\.)+(?:internal|local|lan|corp|example)(?![\w.-])/g) ?? [];
  return [...new Set([...addresses, ...hosts])].filter(
    (value) => !/^(?:192\.0\.2|198\.51\.100|203\.0\.113)\./.test(value) && !value.includes('example.invalid'),
  );
}

const essentials = (run: CliRun) => (run.stdout === '' ? null : verdictEssentials(parseVerdict(run.stdout) as Verdict));

describe('a recording replays to the same verdict', () => {
  it('covers every bundled scenario', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(30);
  });

  for (const scenario of scenarios) {
    it(scenario.name, async () => {
      const plain = join(root, scenario.name);
      const anonymized = join(root, `${scenario.name}-anonymized`);
      const live = await diagnoseLive(scenario, ['--record', plain]);
      expect(live.stderr, `${scenario.name}: the recording reproduces the live verdict`).not.toMatch(/does not reproduce/);
      const liveAnonymized = await diagnoseLive(scenario, ['--record', anonymized, '--anonymize']);
      expect(liveAnonymized.stderr).not.toMatch(/does not reproduce/);

      const replay = await runCliInProcess(['--replay', plain, '--format', 'json'], {});
      const replayAnonymized = await runCliInProcess(['--replay', anonymized, '--format', 'json'], {});
      expect(replay.code, replay.stderr).toBe(live.code);
      expect(replayAnonymized.code, replayAnonymized.stderr).toBe(live.code);
      const expected = essentials(live);
      expect(essentials(replay), `${scenario.name}: replay`).toEqual(expected);
      expect(essentials(replayAnonymized), `${scenario.name}: anonymized replay`).toEqual(expected);
      if (live.code === 0) {
        // The workload id is the live one in the plain recording (and in the anonymized one: Run:ai's object ids stay).
        expect(parseVerdict(replay.stdout).workload?.id).toBe(parseVerdict(live.stdout).workload?.id);
      }

      // Dropped into fixtures/scenarios/: the simulators serve it and the text report is its golden.
      // No address and no private host name the scenario's answers carry is left in the anonymized folder.
      const written = await readFile(join(anonymized, 'scenario.json'), 'utf8');
      for (const planted of infrastructureOf(scenario)) expect(written.includes(planted), `${scenario.name}: ${planted} survives --anonymize`).toBe(false);

      const recorded = await loadScenario(anonymized);
      expect(recorded.recording?.recordingVersion).toBe(1);
      // The anonymized replay quotes the line the live run quoted (the recording keeps the live verdict, pseudonymised).
      if (live.code === 0) {
        const liveLine = (recorded.recording?.verdict as Verdict | null)?.failingLine;
        const replayedLine = parseVerdict(replayAnonymized.stdout).failingLine;
        expect(sameQuotedLine(liveLine, replayedLine), `${scenario.name}: failing line ${JSON.stringify(replayedLine)}, live ${JSON.stringify(liveLine)}`).toBe(
          true,
        );
        expect(parseVerdict(replay.stdout).failingLine ?? null).toBe(parseVerdict(live.stdout).failingLine ?? null);
      }
      const served = await diagnoseLive(recorded, []);
      expect(served.code).toBe(live.code);
      expect(essentials(served), `${scenario.name}: served as a scenario`).toEqual(expected);
      if (live.code === 0) {
        const text = await diagnoseLive(recorded, ['--format', 'text']);
        // The recording's timestamps are relative: a printed moment is the replay's, not the recording's.
        expect(stableMoments(text.stdout)).toBe(stableMoments(await readFile(join(anonymized, 'expected.txt'), 'utf8')));
      }
    });
  }
});
