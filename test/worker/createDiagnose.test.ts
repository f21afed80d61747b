/**
 * The worker's Run:ai binding: connection settings from the environment, credentials from
 * the injected loader (the Secrets Manager secret in AWS), one client per credentials.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunaiCredentials } from '../../functions/runai/RunaiClientConfig.js';
import { startRunaiSimulator, type RunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import { createDiagnose, DiagnoseConfigError } from '../../functions/worker/createDiagnose.js';
import { A, NOW, pollerScenario } from '../poller/pollerTestKit.js';
import { queued } from './workerFakes.js';

const CLIENT: RunaiCredentials = { grantType: 'client_credentials', clientId: 'sim-client', clientSecret: 'sim-secret' };
const APP: RunaiCredentials = { grantType: 'app_token', appId: 'sim-client', appSecret: 'sim-secret' };

let sim: RunaiSimulator;
beforeEach(async () => {
  sim = await startRunaiSimulator({ scenarios: pollerScenario(), now: () => NOW });
});
afterEach(async () => {
  await sim.close();
});

describe('createDiagnose', () => {
  it('names a missing or bad connection setting, never a value', async () => {
    const loadCredentials = async () => CLIENT;
    await expect(createDiagnose({ env: {}, locale: 'en', now: () => new Date(NOW), loadCredentials })).rejects.toThrow(
      new DiagnoseConfigError('invalid worker environment: RUNAI_BASE_URL is not set'),
    );
    await expect(
      createDiagnose({ env: { RUNAI_BASE_URL: sim.url, RUNAI_REQUEST_TIMEOUT_MS: '-5' }, locale: 'en', now: () => new Date(NOW), loadCredentials }),
    ).rejects.toThrow(/RUNAI_REQUEST_TIMEOUT_MS must be positive/);
  });

  it('fails at build time when the credentials cannot be loaded (the first batch reports the cause)', async () => {
    const loadCredentials = async () => Promise.reject(new Error('cannot read the Run:ai credentials secret (RUNAI_SECRET_ID): AccessDenied'));
    await expect(createDiagnose({ env: { RUNAI_BASE_URL: sim.url }, locale: 'en', now: () => new Date(NOW), loadCredentials })).rejects.toThrow(
      /RUNAI_SECRET_ID/,
    );
  });

  it('looks the credentials up per diagnosis, reuses the client while they are unchanged, and replaces it after a rotation', async () => {
    let credentials: RunaiCredentials = CLIENT;
    const loadCredentials = vi.fn(async () => credentials);
    const onRequest = vi.fn();
    const diagnose = await createDiagnose({ env: { RUNAI_BASE_URL: sim.url }, locale: 'en', now: () => new Date(NOW), loadCredentials, onRequest });

    const first = await diagnose(queued('a-1', A));
    await diagnose(queued('a-2', A));
    expect(first.verdict.workload?.id).toBe('a-1');
    expect(sim.requests.filter((r) => r.endpoint === 'token')).toHaveLength(1);

    credentials = APP; // the secret was rotated to another grant
    await diagnose(queued('a-3', A));
    expect(sim.requests.filter((r) => r.endpoint === 'token')).toHaveLength(2);
    expect(loadCredentials).toHaveBeenCalledTimes(4); // once at build, once per diagnosis
    expect(onRequest).toHaveBeenCalledWith(expect.objectContaining({ endpoint: expect.stringMatching(/^GET \/api\/v1\/workloads/), status: 200 }));
  });
});
