/**
 * Runs one held-out set through the real recording path: the CLI diagnoses the generated
 * scenario against the Run:ai and Kubernetes simulators over loopback HTTP, once with
 * `--record` and once with `--record --anonymize`; both folders are replayed (no network);
 * then every byte of every file of each folder is searched for the plants. No vitest import:
 * the measuring script runs this under plain `tsx`.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../../functions/cli/runCli.js';
import type { Verdict } from '../../../functions/core/verdict.js';
import { verdictEssentials, type VerdictEssentials } from '../../../functions/recording/verdictEssentials.js';
import { startKubernetesSimulator } from '../../../functions/simulator/kubernetes/startKubernetesSimulator.js';
import { startRunaiSimulator } from '../../../functions/simulator/startRunaiSimulator.js';
import { redactEnvironmentValue, redactSecrets, isSecretName } from '../../../functions/safety/index.js';
import type { Family, HeldOutSet, Plant, SecretPlant } from './heldOutPlants.js';

const FIXTURES_DIR = fileURLToPath(new URL('../../../fixtures/scenarios/', import.meta.url));

export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
  verdict: Verdict | null;
}

export interface HeldOutRun {
  live: CliOutcome;
  liveAnonymized: CliOutcome;
  replayRaw: CliOutcome;
  replayAnonymized: CliOutcome;
  /** Every file of the folder, concatenated (name, then content): "anywhere in the folder". */
  rawFolder: string;
  anonymizedFolder: string;
}

/** One in-process CLI run (a second held-out set also renders the text report with it). */
export async function cli(args: string[], env: Record<string, string>): Promise<CliOutcome> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { env, fixturesDir: FIXTURES_DIR, io: { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) } });
  return { code, stdout, stderr, verdict: parseVerdict(stdout) };
}

/** The JSON verdict on stdout, or null when the run printed none (a usage error, no diagnosis). */
function parseVerdict(stdout: string): Verdict | null {
  if (stdout.trim() === '') return null;
  try {
    return JSON.parse(stdout) as Verdict;
  } catch {
    return null;
  }
}

/** Every file under `dir` (recursively), its relative name and its bytes read as UTF-8. */
export async function folderText(dir: string): Promise<string> {
  const parts: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    parts.push(`=== ${path.slice(dir.length)}\n`, await readFile(path, 'utf8'));
  }
  return parts.join('\n');
}

export async function recordHeldOut(set: HeldOutSet<string>): Promise<HeldOutRun> {
  const root = await mkdtemp(join(tmpdir(), 'heldout-anon-'));
  const scenario = set.scenario;
  const clusterId = scenario.request.clusterId!;
  const workloadId = (scenario.request as { workloadId: string }).workloadId;
  try {
    const record = async (dir: string, extra: string[]) => {
      const runai = await startRunaiSimulator({ scenarios: scenario.runai });
      const kubernetes = await startKubernetesSimulator({ scenario: scenario.kubernetes! });
      try {
        const config = join(root, `tier2-${extra.length}.json`);
        await writeFile(config, JSON.stringify({ clusters: { [clusterId]: { server: kubernetes.url, token: kubernetes.token } } }));
        const env = { RUNAI_BASE_URL: runai.url, RUNAI_CLIENT_ID: 'sim-client', RUNAI_CLIENT_SECRET: 'sim-secret' };
        return await cli(
          ['--cluster-id', clusterId, '--workload-id', workloadId, '--tier2-config', config, '--format', 'json', '--record', dir, ...extra],
          env,
        );
      } finally {
        await runai.close();
        await kubernetes.close();
      }
    };
    const rawDir = join(root, 'raw');
    const anonymizedDir = join(root, 'anonymized');
    const live = await record(rawDir, []);
    const liveAnonymized = await record(anonymizedDir, ['--anonymize']);
    const replayRaw = await cli(['--replay', rawDir, '--format', 'json'], {});
    const replayAnonymized = await cli(['--replay', anonymizedDir, '--format', 'json'], {});
    return {
      live,
      liveAnonymized,
      replayRaw,
      replayAnonymized,
      rawFolder: await folderText(rawDir).catch(() => ''),
      anonymizedFolder: await folderText(anonymizedDir).catch(() => ''),
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** Found as written, or as JSON writes it (a Windows path's backslashes are doubled in scenario.json). */
export function survives(value: string, folder: string): boolean {
  return folder.includes(value) || folder.includes(JSON.stringify(value).slice(1, -1));
}

export function survivingPlants<P extends Plant<string>>(plants: readonly P[], folder: string): P[] {
  return plants.filter((plant) => survives(plant.value, folder));
}

/** Whether the report's own redaction removes this secret (else it is not "a secret the report would redact"). */
export function reportRedacts(secret: SecretPlant): boolean {
  const redacted =
    secret.context.kind === 'env'
      ? isSecretName(secret.context.name)
        ? redactEnvironmentValue(secret.context.name, secret.context.value)
        : redactSecrets(secret.context.value)
      : redactSecrets(secret.context.text);
  return !redacted.includes(secret.value);
}

export interface VerdictComparison {
  same: boolean;
  raw: (VerdictEssentials & { failingLine: string | null }) | null;
  anonymized: (VerdictEssentials & { failingLine: string | null }) | null;
  problems: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The raw failing line with every identifier the set planted or named (plants, the workload,
 * pod, namespace and project names) turned into a wildcard must match the anonymized line
 * whole: the same line, modulo pseudonyms, whatever shape the pseudonyms take.
 */
export function sameModuloPseudonyms(raw: string, anonymized: string, identifiers: readonly string[]): boolean {
  if (raw === anonymized) return true;
  const sorted = [...new Set(identifiers)].filter((id) => id.length >= 3).sort((a, b) => b.length - a.length);
  const HOLE = '\u0000';
  let masked = raw;
  for (const id of sorted) masked = masked.split(id).join(HOLE);
  const pattern = masked
    .split(new RegExp(`${HOLE}+`))
    .map(escapeRegExp)
    .join('.+?');
  return new RegExp(`^${pattern}$`, 's').test(anonymized);
}

export function compareVerdicts(run: HeldOutRun, identifiers: readonly string[]): VerdictComparison {
  const essentials = (outcome: CliOutcome) =>
    outcome.verdict ? { ...verdictEssentials(outcome.verdict), failingLine: outcome.verdict.failingLine ?? null } : null;
  const raw = essentials(run.replayRaw);
  const anonymized = essentials(run.replayAnonymized);
  const problems: string[] = [];
  if (raw === null) problems.push('the raw replay gave no verdict');
  if (anonymized === null) problems.push('the anonymized replay gave no verdict');
  if (raw && anonymized) {
    for (const key of ['outcome', 'category', 'route', 'stopReason', 'recurrence', 'evidenceCount'] as const) {
      if (JSON.stringify(raw[key]) !== JSON.stringify(anonymized[key]))
        problems.push(`${key}: ${JSON.stringify(raw[key])} raw, ${JSON.stringify(anonymized[key])} anonymized`);
    }
    if ((raw.failingLine === null) !== (anonymized.failingLine === null)) problems.push('failingLine present in one replay only');
    else if (raw.failingLine !== null && !sameModuloPseudonyms(raw.failingLine, anonymized.failingLine!, identifiers))
      problems.push(`failingLine differs beyond pseudonyms: ${JSON.stringify(raw.failingLine)} raw, ${JSON.stringify(anonymized.failingLine)} anonymized`);
  }
  return { same: problems.length === 0, raw, anonymized, problems };
}

/** The identifiers a replay may rewrite: every plant, and the names the generator gave the workload. */
export function identifiersOf(set: HeldOutSet<string>): string[] {
  const names: string[] = [];
  const workload = (set.scenario.runai.workloads[0] ?? {}) as Record<string, unknown>;
  for (const key of ['name', 'projectName', 'namespace', 'departmentName'] as const) if (typeof workload[key] === 'string') names.push(workload[key] as string);
  const pods = Object.values(set.scenario.runai.pods).flat() as Record<string, unknown>[];
  for (const pod of pods) if (typeof pod.name === 'string') names.push(pod.name);
  return [...set.plants.map((plant) => plant.value), ...names];
}

/**
 * Whether a planted secret's field reached the recorder (else "not in the recording" proves
 * nothing): its variable's name, or the start of its text, is in the raw folder.
 */
export function secretFieldRecorded(secret: SecretPlant, rawFolder: string): boolean {
  if (secret.context.kind === 'env') return survives(secret.context.name, rawFolder);
  const start = secret.context.text.slice(0, 16);
  return !start.includes(secret.value.slice(0, 4)) && survives(start, rawFolder);
}

export interface HeldOutFigures<F extends string = Family> {
  seed: number;
  plants: number;
  survivors: Plant<F>[];
  verdict: VerdictComparison;
  secretsInRaw: SecretPlant[];
  secretsInAnonymized: SecretPlant[];
  secretsNotReached: SecretPlant[];
  secretsReportKeeps: SecretPlant[];
  keepLost: HeldOutSet<F>['keep'];
}

export function measureHeldOut<F extends string>(set: HeldOutSet<F>, run: HeldOutRun): HeldOutFigures<F> {
  return {
    seed: set.seed,
    plants: set.plants.length,
    survivors: survivingPlants(set.plants, run.anonymizedFolder),
    verdict: compareVerdicts(run, identifiersOf(set)),
    secretsInRaw: set.secrets.filter((secret) => survives(secret.value, run.rawFolder)),
    secretsInAnonymized: set.secrets.filter((secret) => survives(secret.value, run.anonymizedFolder)),
    secretsNotReached: set.secrets.filter((secret) => !secretFieldRecorded(secret, run.rawFolder)),
    secretsReportKeeps: set.secrets.filter((secret) => !reportRedacts(secret)),
    keepLost: set.keep.filter((keep) => !survives(keep.value, run.anonymizedFolder)),
  };
}
