/**
 * The only imports the upstream signal corpus test takes from the product: the Run:ai
 * simulator, the CLI runner (the same public path the fixture scenarios use) and the
 * verdict contract, and the quoting every evidence line goes through (redaction, double
 * quotes to ', line breaks flattened), so "the decisive text is quoted" is checked on the text
 * as a report shows it. Kept in one file so a move in functions/ is one edit here.
 */
import { fileURLToPath } from 'node:url';
import { runCli } from '../../functions/cli/runCli.js';
import { VerdictSchema, type Verdict } from '../../functions/core/verdict.js';
import { quoteUntrusted } from '../../functions/safety/quoteUntrusted.js';
import { startRunaiSimulator, type RunaiSimulator, type ScenarioState } from '../../functions/simulator/startRunaiSimulator.js';

export type { RunaiSimulator, ScenarioState, Verdict };
export { startRunaiSimulator };

const FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/scenarios/', import.meta.url));

export interface CorpusRun {
  code: number;
  verdict: Verdict | null;
  /**
   * The verdict JSON as the CLI printed it: the schema parse drops properties it does not know
   * yet (e.g. a newer `failingLine`), which a measurement may still want to read.
   */
  raw: Record<string, unknown> | null;
  stderr: string;
}

/** Diagnoses one workload through the CLI (JSON output) against a running simulator. */
export async function diagnoseThroughCli(simulator: RunaiSimulator, clusterId: string, workloadId: string): Promise<CorpusRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['--cluster-id', clusterId, '--workload-id', workloadId, '--format', 'json'], {
    env: { RUNAI_BASE_URL: simulator.url, RUNAI_CLIENT_ID: 'sim-client', RUNAI_CLIENT_SECRET: 'sim-secret' },
    fixturesDir: FIXTURES_DIR,
    io: { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) },
  });
  const raw = code === 0 && stdout ? (JSON.parse(stdout) as Record<string, unknown>) : null;
  const verdict = raw ? VerdictSchema.parse(raw) : null;
  return { code, verdict, raw, stderr };
}

/** A text as an evidence line would quote it: redacted and flattened, without a length cap. */
export function quoteAsEvidence(text: string): string {
  return quoteUntrusted(text, { maxLength: Number.MAX_SAFE_INTEGER });
}

/**
 * A text as a reader compares it with an evidence line: quoted as evidence, line breaks (⏎)
 * and runs of whitespace collapsed, case-folded. Both sides of a "is it quoted" check go
 * through it.
 */
export function normaliseQuoted(text: string): string {
  return quoteAsEvidence(text)
    .replace(/\u23CE/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}
