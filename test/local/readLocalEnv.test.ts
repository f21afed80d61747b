/** Local mode's environment: defaults, and one line naming the variable for every mistake. */
import { describe, expect, it } from 'vitest';
import { LocalConfigError, readLocalEnv } from '../../functions/local/readLocalEnv.js';

const SECRET = 'super-secret-value-123456';

describe('readLocalEnv', () => {
  it('defaults to loopback:8787, the simulator, the console, English and a 500 ms window', () => {
    const config = readLocalEnv({ PATH: '/usr/bin', HOME: '/root', PORT: '' });
    expect(config).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      webhookToken: undefined,
      runai: undefined,
      snsTopicArn: undefined,
      locale: 'en',
      batchWindowMs: 500,
      pollClusterIds: [],
      logLevel: 'info',
      tier2ConfigPath: undefined,
    });
  });

  it('reads ALERT_LABEL_MAP overrides as the intake Lambda does', () => {
    expect(readLocalEnv({ ALERT_LABEL_MAP: '{"workloadName":["job"]}' }).labelMap).toEqual({ workloadName: ['job'] });
    expect(() => readLocalEnv({ ALERT_LABEL_MAP: '{"job":["x"]}' })).toThrow(LocalConfigError);
  });

  it('reads RUNAI_DIAGNOSE_TIER2_CONFIG as a file path (trimmed; empty means unset), as the CLI does', () => {
    expect(readLocalEnv({ RUNAI_DIAGNOSE_TIER2_CONFIG: ' /etc/runai-diagnose/tier2.json ' }).tier2ConfigPath).toBe('/etc/runai-diagnose/tier2.json');
    expect(readLocalEnv({ RUNAI_DIAGNOSE_TIER2_CONFIG: '' }).tier2ConfigPath).toBeUndefined();
  });

  it('reads a real Run:ai, an SNS topic and the poller', () => {
    const config = readLocalEnv({
      RUNAI_BASE_URL: 'https://acme.run.ai',
      RUNAI_CLIENT_ID: 'app',
      RUNAI_CLIENT_SECRET: SECRET,
      SNS_TOPIC_ARN: 'arn:aws:sns:eu-west-1:123456789012:verdicts',
      POLL_CLUSTER_IDS: ' c1, c2 ,c1',
      POLL_INTERVAL_SECONDS: '30',
    });
    expect(config.runai).toMatchObject({ baseUrl: 'https://acme.run.ai', credentials: { grantType: 'client_credentials', clientId: 'app' } });
    expect(config.snsTopicArn).toBe('arn:aws:sns:eu-west-1:123456789012:verdicts');
    expect(config.pollClusterIds).toEqual(['c1', 'c2']);
    expect(config.pollIntervalMs).toBe(30_000);
  });

  it.each([
    [{ PORT: 'http' }, /^PORT must be an integer$/],
    [{ PORT: '70000' }, /^PORT must be at most 65535$/],
    [{ HOST: 'my host' }, /^HOST must be a host name or IP address$/],
    [{ WEBHOOK_TOKEN: 'short' }, /^WEBHOOK_TOKEN must be at least 16 characters$/],
    [{ WEBHOOK_TOKEN: `${SECRET} x` }, /^WEBHOOK_TOKEN must not contain whitespace$/],
    [{ RUNAI_BASE_URL: 'https://acme.run.ai', RUNAI_CLIENT_SECRET: SECRET }, /^RUNAI_CLIENT_ID is not set/],
    [{ RUNAI_BASE_URL: 'ftp://acme', RUNAI_CLIENT_ID: 'a', RUNAI_CLIENT_SECRET: SECRET }, /^RUNAI_BASE_URL is invalid/],
    [{ RUNAI_CLIENT_SECRET: SECRET }, /^RUNAI_CLIENT_SECRET is set but RUNAI_BASE_URL is not/],
    [{ SNS_TOPIC_ARN: 'verdicts' }, /^SNS_TOPIC_ARN must be the ARN of a standard SNS topic$/],
    [{ REPORT_LOCALE: 'de' }, /^REPORT_LOCALE must be en or fr$/],
    [{ BATCH_WINDOW_MS: '-1' }, /^BATCH_WINDOW_MS must be at least 0$/],
    [{ POLL_CLUSTER_IDS: ' , ' }, /^POLL_CLUSTER_IDS must list at least one cluster id/],
    [{ POLL_CLUSTER_IDS: 'c1,bad id' }, /^POLL_CLUSTER_IDS has an invalid cluster id/],
    [{ LOG_LEVEL: 'debug' }, /^LOG_LEVEL must be info, warn, error or silent$/],
    [{ RUNAI_DIAGNOSE_TIER2_CONFIG: '   ' }, /^RUNAI_DIAGNOSE_TIER2_CONFIG must be the path of a Tier 2 configuration file$/],
  ])('%j fails with one line naming the variable, never echoing a value', (env, message) => {
    let error: unknown;
    try {
      readLocalEnv(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(LocalConfigError);
    const text = (error as Error).message;
    expect(text).toMatch(message);
    expect(text).not.toContain('\n');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('bad id');
  });
});
