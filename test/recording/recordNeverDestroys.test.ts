/**
 * Issue #25 item 2: `--record` never destroys data. A non-empty folder is refused unless
 * `--force`, a symbolic link is never followed, the files appear all at once (a failed write
 * leaves nothing), a workload named like a relative timestamp is replayed as a name, and a
 * 7 MB single-token string is recorded (redaction without a regex stack overflow).
 */
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DiagnosisRequest } from '../../functions/core/diagnosisRequest.js';
import { writeRecordingFolder } from '../../functions/recording/writeRecordingFolder.js';
import { redactSecrets } from '../../functions/safety/redactSecrets.js';
import { loadScenario, startRunaiSimulator, type ScenarioState } from '../../functions/simulator/startRunaiSimulator.js';
import { argsFor, FIXTURES_DIR, parseVerdict, runCliInProcess, simulatorEnv } from '../scenarios/scenarioHarness.js';

const root = await mkdtemp(join(tmpdir(), 'record-never-destroys-'));
afterAll(() => rm(root, { recursive: true, force: true }));

const template = await loadScenario(join(FIXTURES_DIR, 'crash-app-nonzero-exit'));

async function recordInto(dir: string, extra: string[] = [], runai: ScenarioState = template.runai) {
  const simulator = await startRunaiSimulator({ scenarios: runai });
  try {
    return await runCliInProcess([...argsFor(template.request as DiagnosisRequest), '--format', 'json', '--record', dir, ...extra], simulatorEnv(simulator));
  } finally {
    await simulator.close();
  }
}

describe('--record target folder', () => {
  it('refuses a non-empty folder (exit 2, files untouched), and replaces it whole with --force', async () => {
    const dir = join(root, 'occupied');
    await mkdir(dir);
    await writeFile(join(dir, 'thesis.tex'), 'years of work');
    const refused = await recordInto(dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--record: .*is not empty.*--force/);
    expect(await readFile(join(dir, 'thesis.tex'), 'utf8')).toBe('years of work');

    const forced = await recordInto(dir, ['--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(['expected.txt', 'scenario.json']);
  });

  it('refuses a symbolic link, even to an empty folder, and leaves its target alone', async () => {
    const target = join(root, 'elsewhere');
    await mkdir(target);
    const link = join(root, 'link');
    await symlink(target, link);
    const refused = await recordInto(link, ['--force']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('symbolic link');
    expect(await readdir(target)).toEqual([]);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
  });

  it('records into a new or an empty folder', async () => {
    const empty = join(root, 'empty');
    await mkdir(empty);
    expect((await recordInto(empty)).code).toBe(0);
    expect((await readdir(empty)).sort()).toEqual(['expected.txt', 'scenario.json']);
    const fresh = join(root, 'nested', 'fresh');
    expect((await recordInto(fresh)).code).toBe(0);
    expect((await readdir(fresh)).sort()).toEqual(['expected.txt', 'scenario.json']);
  });

  it('writes atomically: a failure while writing leaves neither the folder nor a temporary one', async () => {
    const parent = join(root, 'atomic');
    await mkdir(parent);
    const dir = join(parent, 'recording');
    // The second file cannot be created (its folder does not exist): the first must not remain either.
    await expect(
      writeRecordingFolder(
        dir,
        new Map([
          ['scenario.json', '{}'],
          [join('missing', 'expected.txt'), 'x'],
        ]),
        { force: false },
      ),
    ).rejects.toThrow();
    expect(await readdir(parent)).toEqual([]);
  });
});

describe('recorded values', () => {
  it('a workload named like a relative timestamp is replayed as that name, never as a time', async () => {
    const runai = JSON.parse(JSON.stringify(template.runai)) as ScenarioState;
    // `@literal:` keeps the simulator itself from reading the fixture's name as a time.
    runai.workloads![0]!['name'] = '@literal:now-5m';
    const dir = join(root, 'now-named');
    const live = await recordInto(dir, [], runai);
    expect(live.code, live.stderr).toBe(0);
    expect(parseVerdict(live.stdout).workload?.name).toBe('now-5m');
    const replay = await runCliInProcess(['--replay', dir, '--format', 'json'], {});
    expect(replay.code, replay.stderr).toBe(0);
    expect(parseVerdict(replay.stdout).workload?.name).toBe('now-5m');
  });

  it('a 7 MB single-token string is redacted without a stack overflow, and ordinary long text is kept', () => {
    const token = 'aB3'.repeat(2_333_334);
    expect(() => redactSecrets(`phase message: ${token} end`)).not.toThrow();
    expect(redactSecrets(`phase message: ${token} end`)).toBe('phase message: [REDACTED] end');
    const prose = 'ordinary words '.repeat(500_000);
    expect(redactSecrets(prose)).toBe(prose);
  });

  it('records a workload whose phase message is a 7 MB single token', async () => {
    const runai = JSON.parse(JSON.stringify(template.runai)) as ScenarioState;
    runai.workloads![0]!['phaseMessage'] = `container main terminated with exit code 1 (Error): ${'aB3'.repeat(2_333_334)}`;
    const dir = join(root, 'seven-megabytes');
    const live = await recordInto(dir, [], runai);
    expect(live.code, live.stderr).toBe(0);
    const recorded = await readFile(join(dir, 'scenario.json'), 'utf8');
    expect(recorded.length).toBeLessThan(1_000_000);
    expect(recorded).not.toContain('aB3aB3aB3aB3aB3aB3');
  }, 60_000);
});
