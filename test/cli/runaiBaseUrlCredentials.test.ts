/**
 * Issue #25 item 5: a RUNAI_BASE_URL carrying credentials (or a query or fragment) is a usage
 * error that names the variable — exit 2 — and the message never repeats the value.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../functions/cli/runCli.js';
import { FIXTURES_DIR } from '../reliability/reliabilityKit.js';

const PASSWORD = 'pl41nP4ssw0rdInUrl';

async function cli(baseUrl: string) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['--cluster-id', '7f3c2a9e-1b4d-4c8e-9a61-2d5f8e0b7c13', '--workload-id', '26c30aed-ab98-4ad0-bae2-f0fde5265e42'], {
    env: { RUNAI_BASE_URL: baseUrl, RUNAI_CLIENT_ID: 'id', RUNAI_CLIENT_SECRET: 'secret' },
    fixturesDir: FIXTURES_DIR,
    io: { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) },
  });
  return { code, stdout, stderr };
}

describe('RUNAI_BASE_URL with credentials', () => {
  it.each([
    `https://admin:${PASSWORD}@runai.example.invalid`,
    `https://runai.example.invalid/?token=${PASSWORD}`,
    `https://runai.example.invalid/#${PASSWORD}`,
  ])('is a usage error naming the variable: %s', async (baseUrl) => {
    const { code, stdout, stderr } = await cli(baseUrl);
    expect(code).toBe(2);
    expect(stderr).toContain('RUNAI_BASE_URL is invalid (must be an http(s) URL without credentials, query or fragment)');
    expect(stderr + stdout).not.toContain(PASSWORD);
    expect(stderr).not.toMatch(/internal error/i);
  });
});
