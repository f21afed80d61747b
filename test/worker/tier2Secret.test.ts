/**
 * Tier 2 in the worker: the configuration comes from the Secrets Manager secret named by
 * TIER2_SECRET_ID (read through an injected reader here), one access per secret value,
 * rebuilt on rotation, and a bad or unreadable secret never blocks Tier 1.
 */
import { fileURLToPath } from 'node:url';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { clearSecretCache } from '../../functions/aws/readSecret.js';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueuedDiagnosis } from '../../functions/core/queuedDiagnosis.js';
import type { RunaiCredentials } from '../../functions/runai/RunaiClientConfig.js';
import { loadScenario, startRunaiSimulator, type RunaiSimulator, type Scenario } from '../../functions/simulator/startRunaiSimulator.js';
import { createTier2Access, type Tier2AccessHandle } from '../../functions/kubernetes/createTier2Access.js';
import { startKubernetesSimulator, type KubernetesSimulator } from '../../functions/simulator/kubernetes/startKubernetesSimulator.js';
import type { Tier2Config } from '../../functions/kubernetes/Tier2Config.js';
import { createDiagnose } from '../../functions/worker/createDiagnose.js';
import { createTier2Source, READ_RETRY_MS, readSecretString } from '../../functions/worker/createTier2Source.js';
import { capturingLogger } from './workerFakes.js';

const SCENARIO_DIR = fileURLToPath(new URL('../../fixtures/scenarios/tier2-cuda-oom-in-logs/', import.meta.url));
const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:runai-diagnose-tier2-AbCdEf';
const CREDENTIALS: RunaiCredentials = { grantType: 'client_credentials', clientId: 'sim-client', clientSecret: 'sim-secret' };
const PLANTED = 'planted-k8s-token-9f8e7d6c5b4a';
const NOT_CONFIGURED = 'Tier 2 (Kubernetes) evidence is not configured for this cluster';
const LOG_LINE = 'torch.OutOfMemoryError: CUDA out of memory';

let scenario: Scenario;
let runai: RunaiSimulator;
let kubernetes: KubernetesSimulator;
let request: QueuedDiagnosis;

beforeAll(async () => {
  scenario = await loadScenario(SCENARIO_DIR);
  request = { v: 1, request: scenario.request, source: 'runai-webhook', receivedAt: new Date().toISOString(), dedupeKey: 'tier2-test' };
});
beforeEach(async () => {
  runai = await startRunaiSimulator({ scenarios: [scenario.runai] });
  kubernetes = await startKubernetesSimulator({ scenario: scenario.kubernetes! });
});
afterEach(async () => {
  await runai.close();
  await kubernetes.close();
});

const secretFor = (token: string) => JSON.stringify({ clusters: { [scenario.request.clusterId!]: { server: kubernetes.url, token } } });

/** Wraps the real createTier2Access, recording every access built and closed. */
function recordingAccess() {
  const built: { config: Tier2Config; closed: boolean }[] = [];
  const create = (config: Tier2Config): Tier2AccessHandle => {
    const access = createTier2Access(config);
    const entry = { config, closed: false };
    built.push(entry);
    return {
      readerFor: (clusterId) => access.readerFor(clusterId),
      get requests() {
        return access.requests;
      },
      close: async () => {
        entry.closed = true;
        await access.close();
      },
    };
  };
  return { built, create };
}

async function diagnoser(env: Record<string, string>, readTier2Secret: (id: string) => Promise<string>, create = recordingAccess()) {
  const log = capturingLogger();
  const diagnose = await createDiagnose({
    env: { RUNAI_BASE_URL: runai.url, ...env },
    locale: 'en',
    now: () => new Date(),
    loadCredentials: async () => CREDENTIALS,
    readTier2Secret,
    createTier2Access: create.create,
    logger: log.logger,
  });
  return { diagnose, log, built: create.built };
}

const evidenceText = (verdict: { evidence: { text: string }[] }) => verdict.evidence.map((e) => e.text).join('\n');

describe('worker Tier 2 from TIER2_SECRET_ID', () => {
  it('without TIER2_SECRET_ID: never reads a Tier 2 secret and says Tier 2 is not configured', async () => {
    const read = vi.fn(async () => secretFor(kubernetes.token));
    const { diagnose, built } = await diagnoser({ TIER2_SECRET_ID: '  ' }, read);
    const { verdict } = await diagnose(request);
    expect(verdict.category).toBe('CRASH_APP_ERROR');
    expect(verdict.limitations.join('\n')).toContain(NOT_CONFIGURED);
    expect(read).not.toHaveBeenCalled();
    expect(built).toHaveLength(0);
    expect(kubernetes.requests).toHaveLength(0);
  });

  it('reads the secret, builds the access once, and diagnoses with Tier 2 evidence', async () => {
    const read = vi.fn(async () => secretFor(kubernetes.token));
    const { diagnose, built, log } = await diagnoser({ TIER2_SECRET_ID: SECRET_ARN }, read);
    const first = await diagnose(request);
    const second = await diagnose(request);
    for (const { verdict } of [first, second]) {
      expect(verdict.category).toBe('CRASH_APP_ERROR');
      expect(evidenceText(verdict)).toContain(LOG_LINE);
      expect(verdict.limitations.join('\n')).not.toContain(NOT_CONFIGURED);
    }
    expect(read).toHaveBeenCalledWith(SECRET_ARN);
    expect(read).toHaveBeenCalledTimes(3); // at build, then per diagnosis (Powertools serves it from its cache)
    expect(built).toHaveLength(1);
    expect(kubernetes.violations).toEqual([]);
    expect(log.lines).toEqual([
      { level: 'info', event: 'worker.tier2_configured', fields: { clusters: 1, clusterIds: [scenario.request.clusterId], replaced: false } },
    ]);
  });

  it('rebuilds the access when the secret value changes (rotation) and closes the old one', async () => {
    let token = 'revoked-token-0123456789';
    const read = vi.fn(async () => secretFor(token));
    const { diagnose, built } = await diagnoser({ TIER2_SECRET_ID: SECRET_ARN }, read);
    const before = await diagnose(request);
    expect(before.verdict.limitations.join('\n')).toContain('the Kubernetes API refused the Tier 2 token (HTTP 401)');
    expect(evidenceText(before.verdict)).not.toContain(LOG_LINE);

    token = kubernetes.token; // put-secret-value with the new token
    const after = await diagnose(request);
    expect(evidenceText(after.verdict)).toContain(LOG_LINE);
    expect(built).toHaveLength(2);
    await vi.waitFor(() => expect(built[0]!.closed).toBe(true));
    expect(built[1]!.closed).toBe(false);
  });

  it.each([
    ['not JSON', `{"clusters": {"x": {"server": "https://k8s.example", "token": "${PLANTED}"`, 'invalid Tier 2 secret: not valid JSON'],
    ['a bad server', JSON.stringify({ clusters: { c1: { server: 'ftp://k8s.example', token: PLANTED } } }), 'clusters.c1.server: must be an http(s) URL'],
    [
      'both token and tokenFile',
      JSON.stringify({ clusters: { c1: { server: 'https://k8s.example', token: PLANTED, tokenFile: '/t' } } }),
      'give exactly one of `token` or `tokenFile`',
    ],
    ['an unknown key', JSON.stringify({ clusters: {}, kubeconfig: PLANTED }), 'invalid Tier 2 secret'],
  ])('a secret with %s: one error log without the token, and every diagnosis runs Tier 1 only', async (_what, secret, message) => {
    const { diagnose, log, built } = await diagnoser({ TIER2_SECRET_ID: SECRET_ARN }, async () => secret);
    for (let i = 0; i < 3; i += 1) {
      const { verdict } = await diagnose(request);
      expect(verdict.outcome).toBe('diagnosed');
      expect(verdict.category).toBe('CRASH_APP_ERROR');
      expect(verdict.limitations.join('\n')).toContain(NOT_CONFIGURED);
    }
    expect(built).toHaveLength(0);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatchObject({ level: 'error', event: 'worker.tier2_unavailable' });
    expect(String(log.lines[0]!.fields.errorMessage)).toContain(message);
    expect(String(log.lines[0]!.fields.errorMessage)).toContain('TIER2_SECRET_ID');
    expect(JSON.stringify(log.lines)).not.toContain(PLANTED);
  });

  it('an unreadable secret (access denied) does not fail the build or a diagnosis: Tier 1 only, logged once', async () => {
    const read = vi.fn(async () => Promise.reject(new Error('AccessDeniedException: not authorized to perform secretsmanager:GetSecretValue')));
    const { diagnose, log } = await diagnoser({ TIER2_SECRET_ID: SECRET_ARN }, read);
    const { verdict } = await diagnose(request);
    await diagnose(request);
    expect(verdict.category).toBe('CRASH_APP_ERROR');
    expect(verdict.limitations.join('\n')).toContain(NOT_CONFIGURED);
    expect(read).toHaveBeenCalledTimes(1); // retried after READ_RETRY_MS, not per diagnosis
    expect(log.lines).toEqual([
      expect.objectContaining({
        level: 'error',
        event: 'worker.tier2_unavailable',
        fields: expect.objectContaining({ errorMessage: expect.stringMatching(/^cannot read the Tier 2 secret \(TIER2_SECRET_ID\): AccessDenied/) }),
      }),
    ]);
  });

  it('a Tier 2 secret problem never hides a Run:ai credentials problem (that one still fails the build)', async () => {
    await expect(
      createDiagnose({
        env: { RUNAI_BASE_URL: runai.url, TIER2_SECRET_ID: SECRET_ARN },
        locale: 'en',
        now: () => new Date(),
        loadCredentials: async () => Promise.reject(new Error('cannot read the Run:ai credentials secret (RUNAI_SECRET_ID): AccessDenied')),
        readTier2Secret: async () => 'not json',
      }),
    ).rejects.toThrow(/RUNAI_SECRET_ID/);
  });
});

describe('createTier2Source', () => {
  const fakeAccess = () => ({ readerFor: () => null, requests: 0, close: vi.fn(async () => undefined) });
  const valid = (n: number) => JSON.stringify({ clusters: { [`c${n}`]: { server: 'https://k8s.example:6443', token: `t-${n}` } } });

  it('shares one read between concurrent diagnoses', async () => {
    let resolve: (value: string) => void = () => undefined;
    const read = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const create = vi.fn(fakeAccess);
    const source = createTier2Source({ secretId: SECRET_ARN, logger: capturingLogger().logger, readSecret: read, createAccess: create });
    const all = Promise.all([source.current(), source.current(), source.current(), source.current()]);
    resolve(valid(1));
    const accesses = await all;
    expect(read).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledTimes(1);
    expect(new Set(accesses).size).toBe(1);
  });

  it('keeps the last valid configuration while the secret cannot be read, and reads again after the retry delay', async () => {
    let clock = 1_000_000;
    let fail = false;
    const read = vi.fn(async () => {
      if (fail) throw new Error('ThrottlingException: Rate exceeded');
      return valid(1);
    });
    const log = capturingLogger();
    const create = vi.fn(fakeAccess);
    const source = createTier2Source({ secretId: SECRET_ARN, logger: log.logger, readSecret: read, createAccess: create, now: () => clock });
    const good = await source.current();
    expect(good).not.toBeNull();

    fail = true;
    expect(await source.current()).toBe(good);
    expect(await source.current()).toBe(good);
    expect(read).toHaveBeenCalledTimes(2);
    expect(log.lines.filter((l) => l.level === 'error')).toEqual([
      expect.objectContaining({ fields: expect.objectContaining({ note: expect.stringContaining('keeping the last valid Tier 2 configuration') }) }),
    ]);

    clock += READ_RETRY_MS;
    fail = false;
    expect(await source.current()).toBe(good); // same value: same access, nothing rebuilt
    expect(read).toHaveBeenCalledTimes(3);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('a rotation to an invalid value drops Tier 2 (closing the old access), a fix restores it', async () => {
    let value = valid(1);
    const log = capturingLogger();
    const handles: ReturnType<typeof fakeAccess>[] = [];
    const source = createTier2Source({
      secretId: SECRET_ARN,
      logger: log.logger,
      readSecret: async () => value,
      createAccess: () => {
        const handle = fakeAccess();
        handles.push(handle);
        return handle;
      },
    });
    expect(await source.current()).toBe(handles[0]);
    value = '{"clusters": 42}';
    expect(await source.current()).toBeNull();
    expect(await source.current()).toBeNull();
    expect(handles[0]!.close).toHaveBeenCalledTimes(1);
    value = valid(2);
    expect(await source.current()).toBe(handles[1]);
    expect(log.lines.map((l) => `${l.level} ${l.event}`)).toEqual([
      'info worker.tier2_configured',
      'error worker.tier2_unavailable',
      'info worker.tier2_configured',
    ]);
    await source.close();
    expect(handles[1]!.close).toHaveBeenCalledTimes(1);
  });

  it('warns when the secret names files, which a Lambda usually does not have', async () => {
    const log = capturingLogger();
    const secret = JSON.stringify({
      clusters: { c1: { server: 'https://k8s.example', tokenFile: '/var/run/token' }, c2: { server: 'https://k8s.example', token: 't' } },
    });
    const source = createTier2Source({ secretId: SECRET_ARN, logger: log.logger, readSecret: async () => secret, createAccess: fakeAccess });
    expect(await source.current()).not.toBeNull();
    expect(log.lines.find((l) => l.level === 'warn')).toMatchObject({ event: 'worker.tier2_file_reference', fields: { clusterIds: ['c1'] } });
  });
});

describe('readSecretString (the Lambda secret cache)', () => {
  const secrets = mockClient(SecretsManagerClient);
  beforeEach(() => {
    clearSecretCache();
    secrets.reset();
  });
  afterAll(() => {
    clearSecretCache();
    secrets.restore();
  });

  it('returns the SecretString and serves repeats from the cache', async () => {
    secrets.on(GetSecretValueCommand, { SecretId: SECRET_ARN }).resolves({ SecretString: '{"clusters":{}}' });
    expect(await readSecretString(SECRET_ARN)).toBe('{"clusters":{}}');
    expect(await readSecretString(SECRET_ARN)).toBe('{"clusters":{}}');
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('refuses a binary secret with a message that names no value', async () => {
    secrets.on(GetSecretValueCommand).resolves({ SecretBinary: new TextEncoder().encode(PLANTED) });
    await expect(readSecretString(SECRET_ARN)).rejects.toThrow(/no SecretString/);
  });
});
