/**
 * A token endpoint is a server we do not control. Its 401 `message` is shown to the operator
 * on stderr, so it must arrive there inert: no OSC-8 hyperlink that disguises a phishing URL,
 * no clear-screen that hides earlier output, no colour, no line that forges a second
 * diagnostic, no secret it echoes back. The command runs as a child process (through tsx, so
 * no bundle is needed) against a local server, and the raw stderr bytes are checked.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../../functions/cli/main.ts', import.meta.url));

/** Joined at runtime so this file holds no string a secret scanner would flag. */
const LEAKED_TOKEN = ['gh', 'p_', 'Q7kZ2xV9mP4sL8nR3tW6yB1cD5fH0jK2aE4g'].join('');
const CLIENT_SECRET = 'cli-secret-Q7kZ2xV9mP4sL8';
const HOSTILE_MESSAGE = [
  '\x1b]8;;https://evil.example/reset\x07Click here to re-authenticate\x1b]8;;\x07', // OSC-8 hyperlink
  '\x1b[2J\x1b[H', // clear screen, cursor home
  '\x1b[32mrunai-diagnose: OK, workload healthy\x1b[0m', // colour, posing as our own output
  '\r\nrunai-diagnose: second forged line\u202e', // a forged line, then a bidi override
  `\u0007\u0000 token ${LEAKED_TOKEN} echoed secret ${CLIENT_SECRET}`,
].join('');

let server: Server;
let baseUrl: string;
let requests = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests += 1;
    request.resume();
    response.writeHead(401, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: 401, message: HOSTILE_MESSAGE }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function cli(): Promise<{ code: number; stdout: Buffer; stderr: Buffer }> {
  const env = { PATH: process.env.PATH ?? '', RUNAI_BASE_URL: baseUrl, RUNAI_CLIENT_ID: 'diagnose', RUNAI_CLIENT_SECRET: CLIENT_SECRET };
  const args = ['--import', 'tsx', MAIN, '--cluster-id', '9f1c3e2a-1b2c-4d5e-8f90-123456789abc', '--workload-id', '7c6b5a4d-3e2f-4a1b-9c8d-0e1f2a3b4c5d'];
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: ROOT, env, encoding: 'buffer', timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: Buffer; stderr?: Buffer };
    return { code: typeof failure.code === 'number' ? failure.code : -1, stdout: failure.stdout ?? Buffer.alloc(0), stderr: failure.stderr ?? Buffer.alloc(0) };
  }
}

describe('server text on the CLI stderr', () => {
  it('a hostile 401 message from the token endpoint reaches stderr inert, on one line, redacted', async () => {
    const result = await cli();
    expect(requests).toBeGreaterThan(0);
    expect(result.code).toBe(3);
    expect(result.stdout.length).toBe(0);
    const stderr = result.stderr;
    // No ESC, BEL, NUL or any other C0/C1 control byte, except the final line feed.
    const controls = [...stderr.subarray(0, -1)].filter((byte) => byte < 0x20 || byte === 0x7f);
    expect(controls).toEqual([]);
    expect(stderr.at(-1)).toBe(0x0a);
    const text = stderr.toString('utf8');
    expect(text).not.toMatch(/[\u0080-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(text.trimEnd().split('\n')).toHaveLength(1);
    expect(text).not.toContain(LEAKED_TOKEN);
    expect(text).not.toContain(CLIENT_SECRET);
    // The words stay readable: the operator still learns what the server said.
    expect(text).toContain('Click here to re-authenticate');
    expect(text).toContain('[RUNAI_AUTH_FAILED]');
    expect(text).toMatch(/^runai-diagnose: Run:ai refused authentication or access at /);
  }, 90_000);
});
