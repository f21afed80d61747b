/**
 * The CLI's argument contract, in process: what the person at the terminal must give is a
 * usage error when absent or malformed (exit 2, before any request); `--help` goes to stdout.
 */
import { describe, expect, it } from 'vitest';
import { parseCliArguments, UsageError } from '../../functions/cli/parseCliArguments.js';
import { EXIT_OK, EXIT_USAGE, runCli } from '../../functions/cli/runCli.js';

const CLUSTER = '9f1c3e2a-1b2c-4d5e-8f90-123456789abc';
const WORKLOAD = '7c6b5a4d-3e2f-4a1b-9c8d-0e1f2a3b4c5d';

async function runInProcess(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { env: {}, fixturesDir: '/nonexistent', io: { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) } });
  return { code, stdout, stderr };
}

describe('parseCliArguments', () => {
  it.each([
    [[], '--cluster-id <uuid> is required'],
    [['--workload-id', WORKLOAD], '--cluster-id <uuid> is required'],
    [['--cluster-id', CLUSTER], 'name the workload: --workload-id <uuid>, or --workload-name <n> with --project <p>'],
    [['--cluster-id', CLUSTER, '--workload-name', 'train-42'], '--workload-name and --project go together'],
    [['--cluster-id', CLUSTER, '--project', 'ml-team'], '--workload-name and --project go together'],
    [['--cluster-id', 'prod-cluster', '--workload-id', WORKLOAD], '--cluster-id: must be a UUID'],
    [['--cluster-id', CLUSTER, '--workload-id', 'train-42'], '--workload-id: must be a UUID'],
    [['--cluster-id', `${CLUSTER}0`, '--workload-id', WORKLOAD], '--cluster-id: must be a UUID'],
  ])('%j is a usage error: %s', (args, message) => {
    expect(() => parseCliArguments(args)).toThrow(UsageError);
    expect(() => parseCliArguments(args)).toThrow(message);
  });

  it.each([
    [['--cluster-id', CLUSTER, '--workload-id', WORKLOAD.toUpperCase()]],
    [['--cluster-id', CLUSTER, '--workload-name', 'train-42', '--project', 'ml-team']],
    [['--example']],
    [['--list-examples']],
    [['--replay', '/tmp/recording']],
    [['--help']],
  ])('%j is accepted', (args) => {
    expect(() => parseCliArguments(args)).not.toThrow();
  });
});

describe('runCli conventions', () => {
  it('--help: usage on stdout, nothing on stderr, exit 0', async () => {
    const result = await runInProcess(['--help']);
    expect(result).toMatchObject({ code: EXIT_OK, stderr: '' });
    expect(result.stdout).toMatch(/^usage: runai-diagnose --cluster-id <uuid>/);
  });

  it('a missing cluster id: exit 2 and one stderr line, no verdict on stdout', async () => {
    const result = await runInProcess(['--workload-id', WORKLOAD, '--format', 'json']);
    expect(result).toEqual({
      code: EXIT_USAGE,
      stdout: '',
      stderr: 'runai-diagnose: --cluster-id <uuid> is required (the cluster is never inferred) (see --help)\n',
    });
  });
});
