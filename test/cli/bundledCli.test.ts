/**
 * The installed command itself: the prebuilt bundle launched as a child process, exactly as
 * `npx runai-diagnose …` runs it. Every fixture scenario goes through it once (JSON), so
 * flags, environment, stdout/stderr discipline and exit codes are checked end to end.
 */
import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import type { DiagnosisRequest } from '../../functions/core/diagnosisRequest.js';
import { loadScenarios, startRunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import {
  argsFor,
  assertKubernetesReads,
  assertVerdictMatches,
  ExpectSchema,
  FIXTURES_DIR,
  parseVerdict,
  simulatorEnv,
  startScenarioTier2,
} from '../scenarios/scenarioHarness.js';

const run = promisify(execFile);
const CLUSTER = '9f1c3e2a-1b2c-4d5e-8f90-123456789abc';
const WORKLOAD = '7c6b5a4d-3e2f-4a1b-9c8d-0e1f2a3b4c5d';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = fileURLToPath(new URL('../../functions/cli/runai-diagnose.mjs', import.meta.url));

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(args: string[], env: Record<string, string> = {}): Promise<Result> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 30_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failure.code === 'number' ? failure.code : -1, stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' };
  }
}

// The bundle under test is the one built from this checkout's sources: dist/, where the launcher
// loads it, built once for the run with its metafile by the e2e project's global setup
// (test/support/buildBundlesOnce.ts).
const BUNDLE_DIR = inject('bundleDir');

describe('runai-diagnose (bundled command)', () => {
  it('--help prints usage on stdout (it was asked for) and exits 0', async () => {
    const result = await cli(['--help']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('usage: runai-diagnose --cluster-id <uuid>');
  });

  it.each([
    ['stdout', ['--help'], 0],
    ['stdout', ['--list-examples'], 0],
    ['stderr', ['--bogus'], 2],
  ] as const)('a closed %s pipe (`| head`) on %j: no stack trace, the exit code still says what happened', async (closed, args, code) => {
    // The parent closes its end of the pipe before the command writes: every write then fails with EPIPE.
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const open = closed === 'stdout' ? child.stderr : child.stdout;
    child[closed].destroy();
    let text = '';
    open.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const exit = await new Promise<number | null>((resolve) => child.on('close', (exitCode) => resolve(exitCode)));
    expect(text).not.toMatch(/EPIPE|\n\s+at |Error:/);
    expect(exit).toBe(code);
  });

  it.each([
    [['--bogus'], "Unknown option '--bogus'"],
    [['--cluster-id', CLUSTER, '--workload-id', WORKLOAD, '--intent', 'sometimes'], '--intent:'],
    [['--cluster-id', CLUSTER, '--workload-id', WORKLOAD, '--lookback', 'forever'], '--lookback: lookback must look like 7d, 36h or 90m'],
    [['--cluster-id', CLUSTER, '--workload-id', WORKLOAD, '--format', 'xml'], '--format:'],
    [['--cluster-id', CLUSTER, '--workload-id', WORKLOAD, '--workload-name', 'n', '--project', 'p'], 'either --workload-id or --workload-name'],
    [['--cluster-id', CLUSTER, '--workload-id', WORKLOAD], 'RUNAI_BASE_URL is not set'],
    [['--example', 'no-such-example'], 'no bundled example named'],
    // The feedback export is a chunk of its own in the bundle: loaded, and its usage errors are one line too.
    [['feedback', 'export', 'out', '--recordings', '.'], 'read the answers from one place'],
  ])('usage error %j → exit 2 and one line on stderr', async (args, message) => {
    const result = await cli(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('missing identifiers are a usage error (exit 2) before any request: only Run:ai-side unknowns are needs_input', async () => {
    const simulator = await startRunaiSimulator({ scenarios: { workloads: [] } });
    try {
      const result = await cli(['--format', 'json'], simulatorEnv(simulator));
      expect(result).toMatchObject({ code: 2, stdout: '' });
      expect(result.stderr).toBe('runai-diagnose: --cluster-id <uuid> is required (the cluster is never inferred) (see --help)\n');
      expect(simulator.requests).toEqual([]);
    } finally {
      await simulator.close();
    }
  });

  it('an unreachable Run:ai is exit 3 with one clear line', async () => {
    const result = await cli(['--cluster-id', CLUSTER, '--workload-id', WORKLOAD], {
      RUNAI_BASE_URL: 'http://127.0.0.1:9',
      RUNAI_CLIENT_ID: 'id',
      RUNAI_CLIENT_SECRET: 'super-secret-value-1234',
    });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^runai-diagnose: cannot reach Run:ai at http:\/\/127\.0\.0\.1:9: .+\[RUNAI_NETWORK\]\n$/);
    expect(result.stderr).not.toContain('super-secret-value-1234');
  });

  it('--example runs the bundled default against the built-in simulator, in English and French', async () => {
    const english = await cli(['--example']);
    expect(english.code).toBe(0);
    expect(english.stdout.split('\n')[0]).toBe('Category: OOM_KILLED');
    const french = await cli(['--example', '--locale', 'fr']);
    expect(french.code).toBe(0);
    expect(french.stdout.split('\n')[0]).toBe('Catégorie : OOM_KILLED');
    expect(french.stdout).toContain('Preuves :');
  });

  it('--list-examples lists every bundled scenario', async () => {
    const result = await cli(['--list-examples']);
    const scenarios = await loadScenarios(FIXTURES_DIR);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(scenarios.length);
  });

  it('every fixture scenario, through the spawned command over real HTTP', async () => {
    const scenarios = await loadScenarios(FIXTURES_DIR);
    let checked = 0;
    const check = async (scenario: (typeof scenarios)[number]) => {
      const expectation = ExpectSchema.parse(scenario.expect);
      const simulator = await startRunaiSimulator({ scenarios: scenario.runai });
      // Tier 2 scenarios also get their Kubernetes simulator, named by RUNAI_DIAGNOSE_TIER2_CONFIG.
      const tier2 = await startScenarioTier2(scenario);
      try {
        const env = tier2 ? { ...simulatorEnv(simulator), RUNAI_DIAGNOSE_TIER2_CONFIG: tier2.configFile } : simulatorEnv(simulator);
        const result = await cli([...argsFor(scenario.request as DiagnosisRequest), '--format', 'json'], env);
        expect(result.code, `${scenario.name}: ${result.stderr}`).toBe(expectation.cliExitCode);
        if (result.code === 0) assertVerdictMatches(scenario, parseVerdict(result.stdout), [result.stdout, result.stderr]);
        else expect(result.stdout).toBe('');
        expect(simulator.violations, `${scenario.name}: non-GET requests`).toEqual([]);
        if (tier2) {
          assertKubernetesReads(scenario, tier2.simulator.requests);
          expect(tier2.simulator.violations, `${scenario.name}: non-GET Kubernetes requests`).toEqual([]);
        }
        checked += 1;
      } finally {
        await simulator.close();
        await tier2?.close();
      }
    };
    // Four at a time: each is its own process and its own simulator.
    for (let index = 0; index < scenarios.length; index += 4) await Promise.all(scenarios.slice(index, index + 4).map(check));
    expect(checked).toBe(scenarios.length);
  }, 300_000);
});

/** esbuild's record of the build (dist/meta.json): each output, its imports and the sources in it. */
interface BuildMeta {
  outputs: Record<string, { entryPoint?: string; inputs: Record<string, unknown>; imports: { path: string; kind: string; external?: boolean }[] }>;
}

/** The sources in `entry`'s output and every output it reaches through imports of the given kinds. */
function sourcesReached(meta: BuildMeta, entry: string, kinds: readonly string[]): string[] {
  const start = Object.keys(meta.outputs).find((output) => meta.outputs[output]!.entryPoint === entry);
  if (!start) throw new Error(`no output for ${entry}`);
  const seen = new Set<string>();
  const visit = (output: string): void => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const imported of meta.outputs[output]!.imports) {
      if (!imported.external && kinds.includes(imported.kind) && meta.outputs[imported.path]) visit(imported.path);
    }
  };
  visit(start);
  return [...seen].flatMap((output) => Object.keys(meta.outputs[output]!.inputs));
}

describe('the CLI bundle loads the simulators only for examples', () => {
  const meta = (): BuildMeta => JSON.parse(readFileSync(join(BUNDLE_DIR, 'meta.json'), 'utf8')) as BuildMeta;

  it('a real diagnosis loads no simulator source (nothing reached by static imports from the entry)', () => {
    const loaded = sourcesReached(meta(), 'functions/cli/main.ts', ['import-statement']);
    expect(loaded).toContain('functions/runai/createRunaiClient.ts');
    expect(loaded.filter((source) => source.startsWith('functions/simulator/') || source === 'functions/cli/startExample.ts')).toEqual([]);
  });

  it('--example reaches the simulators through the dynamic import', () => {
    const loaded = sourcesReached(meta(), 'functions/cli/main.ts', ['import-statement', 'dynamic-import']);
    expect(loaded).toEqual(
      expect.arrayContaining([
        'functions/cli/startExample.ts',
        'functions/simulator/startRunaiSimulator.ts',
        'functions/simulator/kubernetes/startKubernetesSimulator.ts',
      ]),
    );
  });
});
