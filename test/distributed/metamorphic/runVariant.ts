/**
 * Runs one (original or transformed) case the way the held-out sets are run
 * (heldOutDistributed.ts `runHeldOutCase`: the CLI in process against the Run:ai simulator, and
 * the Kubernetes simulator as Tier 2 when the case has a `kubernetes` block), except that the
 * clock is given: both simulators resolve the case's relative timestamps at `nowMs`, and the CLI
 * diagnoses at `nowMs + 1 s`. Returns the parts of the verdict the relation compares, and the
 * measurement against the expectation.
 */
import { runCli } from '../../../functions/cli/runCli.js';
import type { DiagnosisRequest } from '../../../functions/core/diagnosisRequest.js';
import { startRunaiSimulator, type Scenario } from '../../../functions/simulator/startRunaiSimulator.js';
import { argsFor, FIXTURES_DIR, simulatorEnv, startScenarioTier2 } from '../../scenarios/scenarioHarness.js';
import { measureVerdict, type Measurement } from '../heldOutDistributed.js';
import type { Expectation } from './caseView.js';

/** What the relation reads of a verdict (DESIGN §4.2: outcome, category, origin pod/node, collateral). */
export interface VerdictSummary {
  outcome: string | null;
  category: string | null;
  origin: { pod: string; node: string; collateral: number | null } | null;
}

export type VariantRun = { ok: true; summary: VerdictSummary; measurement: Measurement } | { ok: false; error: string };

function summarize(raw: Record<string, unknown>): VerdictSummary {
  const origin = raw.origin as Record<string, unknown> | null | undefined;
  return {
    outcome: typeof raw.outcome === 'string' ? raw.outcome : null,
    category: typeof raw.category === 'string' ? raw.category : null,
    origin:
      origin && typeof origin === 'object'
        ? { pod: String(origin.pod), node: String(origin.node), collateral: typeof origin.collateral === 'number' ? origin.collateral : null }
        : null,
  };
}

export async function runVariant(scenario: Scenario, expectation: Expectation, nowMs: number): Promise<VariantRun> {
  const now = () => nowMs;
  const simulator = await startRunaiSimulator({ scenarios: scenario.runai, now });
  try {
    const tier2 = await startScenarioTier2(scenario, now);
    try {
      let stdout = '';
      let stderr = '';
      const args = argsFor(scenario.request as DiagnosisRequest);
      const code = await runCli([...args, ...(tier2 ? ['--tier2-config', tier2.configFile] : []), '--format', 'json'], {
        env: simulatorEnv(simulator),
        fixturesDir: FIXTURES_DIR,
        io: { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) },
        now: () => new Date(nowMs + 1000),
      });
      let raw: unknown;
      try {
        raw = JSON.parse(stdout);
      } catch {
        return { ok: false, error: `CLI exited ${code}: ${stderr.trim().slice(0, 200)}` };
      }
      return { ok: true, summary: summarize(raw as Record<string, unknown>), measurement: measureVerdict(expectation, raw) };
    } finally {
      await tier2?.close();
    }
  } catch (error) {
    return { ok: false, error: `not served: ${(error as Error).message.slice(0, 200)}` };
  } finally {
    await simulator.close();
  }
}
