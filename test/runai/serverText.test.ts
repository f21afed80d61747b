/**
 * Error text a server writes (a Run:ai `Error` body, a Kubernetes `Status`) ends up in error
 * messages, verdict limitations and the CLI's stderr. It gets the same neutralising as quoted
 * evidence: no terminal escapes, controls or bidi overrides, one line, secrets redacted.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKubernetesClient, tokenFrom } from '../../functions/kubernetes/createKubernetesClient.js';
import { ORIGIN, WORKLOAD_ID, caught, makeClient, useTokenAgent } from './helpers.js';

/** Joined at runtime so this file holds no string a secret scanner would flag. */
const ECHOED_TOKEN = ['gl', 'pat-', 'Q7kZ2xV9mP4sL8nR3tW6'].join('');
const HOSTILE = `\x1b]8;;https://evil.example/\x07open this\x1b]8;;\x07\x1b[2J\x1b[31m red\x1b[0m\nsecond line\u202e\u0000 password=hunter2hunter2 ${ECHOED_TOKEN}`;

function expectInert(message: string): void {
  expect(message).not.toMatch(/[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
  expect(message).not.toContain('hunter2hunter2');
  expect(message).not.toContain(ECHOED_TOKEN);
  expect(message).toContain('open this');
  expect(message).toContain('second line');
}

describe('Run:ai error bodies', () => {
  const agent = useTokenAgent();
  it('a hostile `message` in a 403 is neutralised and redacted in the RunaiError', async () => {
    agent()
      .get(ORIGIN)
      .intercept({ path: `/api/v1/workloads/${WORKLOAD_ID}`, method: 'GET' })
      .reply(403, JSON.stringify({ code: 403, message: HOSTILE }));
    const error = (await caught(makeClient(agent()).getWorkload(WORKLOAD_ID))) as Error;
    expect(error.message).toMatch(/^GET \/api\/v1\/workloads\/\{id\} failed with HTTP 403: /);
    expectInert(error.message);
  });
});

describe('Kubernetes Status messages', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      response.writeHead(403, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Forbidden', code: 403, message: HOSTILE }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('a hostile Status `message` is neutralised and redacted in the KubernetesError', async () => {
    const client = createKubernetesClient({ server: url, token: tokenFrom({ token: 'k8s-test-token-1' }) });
    try {
      const error = (await client.getPod('runai-ml', 'trainer-0').catch((failure: unknown) => failure)) as Error & { code: string };
      expect(error.code).toBe('K8S_FORBIDDEN');
      expectInert(error.message);
    } finally {
      await client.close();
    }
  });
});
