/**
 * A recording never holds a credential (docs/recording.md): not the client secret, not an
 * access token the control plane issued, not the Tier 2 token — even when an answer echoes
 * them — and not the secrets planted in the bundled safety scenarios' answers (the same
 * redaction as reports). Each check also proves the planted value did reach the recorder:
 * otherwise "not found" would prove nothing.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockAgent } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import type { DiagnosisRequest } from '../../functions/core/diagnosisRequest.js';
import { diagnoseWorkload } from '../../functions/diagnosis/diagnoseWorkload.js';
import { createRecordingSession } from '../../functions/recording/createRecordingSession.js';
import { messagesFor } from '../../functions/report/messagesFor.js';
import { createRunaiClient } from '../../functions/runai/createRunaiClient.js';
import { loadScenario, startRunaiSimulator, type Scenario } from '../../functions/simulator/startRunaiSimulator.js';
import { startKubernetesSimulator } from '../../functions/simulator/kubernetes/startKubernetesSimulator.js';
import { argsFor, ExpectSchema, FIXTURES_DIR, runCliInProcess } from '../scenarios/scenarioHarness.js';
import { writeFile } from 'node:fs/promises';

const CLIENT_SECRET = 'planted-client-secret-Qz81xW4';
const K8S_TOKEN = 'planted-k8s-token-Vb42nM7';
const ACCESS_TOKEN = 'planted-access-token-Kx9pL3';

const root = await mkdtemp(join(tmpdir(), 'recording-secrets-'));
afterAll(() => rm(root, { recursive: true, force: true }));

async function recordingText(dir: string): Promise<string> {
  const files = await readdir(dir);
  const texts = await Promise.all(files.map((file) => readFile(join(dir, file), 'utf8')));
  return texts.join('\n');
}

/** A copy of the scenario whose first event of the workload echoes the credentials back. */
function echoingCredentials(scenario: Scenario): Scenario {
  const workloadId = (scenario.request as DiagnosisRequest).workloadId!;
  const events = scenario.runai.events[workloadId] ?? [];
  const first = events.find((event) => event !== null) ?? { createdAt: 'now-1h', type: 'Warning', reason: 'Echo' };
  const echo = { ...first, message: `client_secret=${CLIENT_SECRET} token ${K8S_TOKEN} sent back by a proxy` };
  return { ...scenario, runai: { ...scenario.runai, events: { ...scenario.runai.events, [workloadId]: [echo, ...events] } } };
}

describe('no credential in a recording', () => {
  for (const name of ['safety-secrets-in-events-and-messages', 'safety-secrets-in-spec', 'tier2-cuda-oom-in-logs']) {
    for (const anonymize of [false, true]) {
      it(`${name}${anonymize ? ' (anonymized)' : ''}: planted secrets and credentials are not written`, async () => {
        const scenario = echoingCredentials(await loadScenario(join(FIXTURES_DIR, name)));
        const simulator = await startRunaiSimulator({ scenarios: scenario.runai, credentials: { clientId: 'planted-client', clientSecret: CLIENT_SECRET } });
        const kubernetes = scenario.kubernetes ? await startKubernetesSimulator({ scenario: { ...scenario.kubernetes, token: K8S_TOKEN } }) : null;
        const dir = join(root, `${name}-${anonymize}`);
        try {
          const tier2Args: string[] = [];
          if (kubernetes) {
            const config = join(root, `${name}-${anonymize}-tier2.json`);
            await writeFile(config, JSON.stringify({ clusters: { [scenario.request.clusterId!]: { server: kubernetes.url, token: K8S_TOKEN } } }));
            tier2Args.push('--tier2-config', config);
          }
          const env = { RUNAI_BASE_URL: simulator.url, RUNAI_CLIENT_ID: 'planted-client', RUNAI_CLIENT_SECRET: CLIENT_SECRET };
          const run = await runCliInProcess(
            [...argsFor(scenario.request as DiagnosisRequest), ...tier2Args, '--record', dir, ...(anonymize ? ['--anonymize'] : [])],
            env,
          );
          expect(run.code, run.stderr).toBe(0);
          // The planted values did reach the product: the echo is read, Tier 2 was called with the token.
          expect(simulator.requests.some((request) => request.endpoint === 'events' && request.status === 200)).toBe(true);
          if (kubernetes) expect(kubernetes.requests.filter((request) => request.status === 200).length).toBeGreaterThan(0);

          const written = await recordingText(dir);
          const planted = [CLIENT_SECRET, K8S_TOKEN, ...ExpectSchema.parse(scenario.expect).mustNotContain];
          for (const secret of planted) expect(written.includes(secret), `recording contains ${secret}`).toBe(false);
          expect(written).toContain('[REDACTED]');
          expect(written).not.toMatch(/Bearer\s+[A-Za-z0-9._~+/-]{8,}/);
          expect(written).toContain('"withheld": "credential"');
        } finally {
          await simulator.close();
          await kubernetes?.close();
        }
      });
    }
  }

  it('withholds the issued access token and scrubs it where an answer echoes it', async () => {
    const origin = 'http://runai.example.test';
    const workloadId = '11111111-2222-4333-8444-555555555555';
    const agent = new MockAgent();
    agent.disableNetConnect();
    const pool = agent.get(origin);
    pool.intercept({ path: '/api/v1/token', method: 'POST' }).reply(200, { accessToken: ACCESS_TOKEN, expiresIn: 3600 });
    pool
      .intercept({ path: `/api/v1/workloads/${workloadId}`, method: 'GET' })
      .reply(200, {
        id: workloadId,
        name: 'echo',
        clusterId: 'c1',
        type: 'Training',
        phase: 'Running',
        conditions: [{ type: 'Echo', message: `authorized with ${ACCESS_TOKEN}` }],
      })
      .persist();
    pool
      .intercept({ path: () => true, method: 'GET' })
      .reply(404, { code: 404, message: 'not found' })
      .persist();

    const session = createRecordingSession({ secrets: [CLIENT_SECRET] });
    const client = createRunaiClient({
      baseUrl: origin,
      credentials: { grantType: 'client_credentials', clientId: 'planted-client', clientSecret: CLIENT_SECRET },
      dispatcher: session.runaiDispatcher(origin, 1000, agent),
      maxRetries: 0,
    });
    const now = new Date();
    const request = { clusterId: 'c1', workloadId };
    const { verdict } = await diagnoseWorkload(request, { reader: client, now, messages: messagesFor('en') });
    const dir = join(root, 'access-token');
    const written = await session.finish(dir, { request, verdict, exitCode: 0, now, anonymize: false });
    await client.close();
    await session.close();
    await agent.close();

    const text = await recordingText(dir);
    expect(written.scenario.runai.recorded[0]).toMatchObject({ method: 'POST', path: '/api/v1/token', status: 200, withheld: 'credential' });
    expect(written.scenario.runai.recorded.some((exchange) => JSON.stringify(exchange.body ?? '').includes('authorized with [REDACTED]'))).toBe(true);
    expect(text).not.toContain(ACCESS_TOKEN);
    expect(text).not.toContain(CLIENT_SECRET);
  });
});
