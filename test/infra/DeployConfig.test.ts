import { describe, expect, it } from 'vitest';
import { DeployConfigError, readDeployConfig } from '../../infra/DeployConfig.js';
import { PAGER_FILTER_PRESETS } from '../../infra/pagerFilterPolicy.js';
import { CLUSTER_A, CLUSTER_B } from './synthStack.js';

const read = (context: Record<string, unknown>) => readDeployConfig((key) => context[key]);
const problem = (context: Record<string, unknown>): string => {
  try {
    read(context);
  } catch (error) {
    expect(error).toBeInstanceOf(DeployConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a DeployConfigError');
};
// Verdicts and alarms to nobody fail the synth (notificationContext.test.ts); these tests are about the other keys.
const base = { runaiBaseUrl: 'https://myorg.run.ai', allowNoSubscribers: 'true' };

describe('readDeployConfig', () => {
  it('needs only runaiBaseUrl and documents every default', () => {
    expect(read(base)).toEqual({
      runaiBaseUrl: 'https://myorg.run.ai',
      clusterIds: [],
      pollRateMinutes: 5,
      pagerFilter: PAGER_FILTER_PRESETS['node-failure-or-recurring'],
      allowNoSubscribers: true,
      diagnoseMaxConcurrency: 2,
      stormThreshold: 5,
      stormWindowSeconds: 60,
      logRetentionDays: 30,
      locale: 'en',
      tier2: false,
      feedback: true,
      suspectNodes: true,
      stackName: 'RunaiDiagnose',
    });
  });

  it('stormThreshold and stormWindowSeconds: numbers from the command line or cdk.json, within bounds (the flush is an SQS delay, 900 s at most)', () => {
    expect(read({ ...base, stormThreshold: '10', stormWindowSeconds: 120 })).toMatchObject({ stormThreshold: 10, stormWindowSeconds: 120 });
    expect(() => read({ ...base, stormWindowSeconds: '900' })).toThrow(/stormWindowSeconds/);
    expect(() => read({ ...base, stormThreshold: '0' })).toThrow(/stormThreshold/);
  });

  it('alertLabelMap: JSON overrides from the command line or an object from cdk.json, strictly', () => {
    const overrides = { clusterId: ['runai_cluster'], namespacePrefix: 'gpu-' };
    expect(read({ ...base, alertLabelMap: JSON.stringify(overrides) }).alertLabelMap).toEqual(overrides);
    expect(read({ ...base, alertLabelMap: overrides }).alertLabelMap).toEqual(overrides);
    expect(read(base).alertLabelMap).toBeUndefined();
    expect(problem({ ...base, alertLabelMap: '{"cluster":["x"]}' })).toContain('alertLabelMap ');
    expect(problem({ ...base, alertLabelMap: 'runai_cluster' })).toContain('alertLabelMap must be a JSON object');
  });

  it('tier2: true or false, from the command line (strings) or cdk.json (booleans)', () => {
    for (const value of ['true', ' TRUE ', true]) expect(read({ ...base, tier2: value }).tier2).toBe(true);
    for (const value of ['false', false, '']) expect(read({ ...base, tier2: value }).tier2).toBe(false);
  });

  it('feedback: on by default, `false` from the command line or cdk.json turns it off', () => {
    for (const value of ['false', ' FALSE ', false]) expect(read({ ...base, feedback: value }).feedback).toBe(false);
    for (const value of ['true', true, '']) expect(read({ ...base, feedback: value }).feedback).toBe(true);
    expect(problem({ ...base, feedback: 'off' })).toContain('feedback must be true or false');
  });

  it('suspectNodes: on unless false, from the command line (strings) or cdk.json (booleans)', () => {
    expect(read(base).suspectNodes).toBe(true);
    for (const value of ['false', ' FALSE ', false]) expect(read({ ...base, suspectNodes: value }).suspectNodes).toBe(false);
    for (const value of ['true', true, '']) expect(read({ ...base, suspectNodes: value }).suspectNodes).toBe(true);
    expect(problem({ ...base, suspectNodes: 'off' })).toContain('suspectNodes must be true or false');
  });

  it('accepts the command-line forms (strings) and the cdk.json forms (numbers, lists, objects)', () => {
    const fromCli = read({
      ...base,
      clusterIds: ` ${CLUSTER_A}, ${CLUSTER_B},${CLUSTER_A} `,
      pollRate: '1h',
      alertEmail: 'gpu@example.com',
      pagerUrl: 'https://events.example.com/x?routing=1',
      pagerFilter: 'all',
      diagnoseMaxConcurrency: '4',
      logRetentionDays: '365',
      locale: 'fr',
    });
    expect(fromCli).toMatchObject({
      clusterIds: [CLUSTER_A, CLUSTER_B],
      pollRateMinutes: 60,
      alertEmail: 'gpu@example.com',
      opsEmail: 'gpu@example.com', // defaults to alertEmail
      pagerFilter: null,
      diagnoseMaxConcurrency: 4,
      logRetentionDays: 365,
      locale: 'fr',
    });
    const fromJson = read({
      ...base,
      clusterIds: [CLUSTER_A],
      pollRate: 15,
      pagerUrl: 'https://p.example.com',
      pagerFilter: { category: ['OOM_KILLED'] },
      diagnoseMaxConcurrency: 2,
    });
    expect(fromJson).toMatchObject({ clusterIds: [CLUSTER_A], pollRateMinutes: 15, pagerFilter: { category: ['OOM_KILLED'] } });
    expect(read({ ...base, pagerUrl: 'https://p.example.com', pagerFilter: '{"outcome":["diagnosed"],"recurring":["true"]}' }).pagerFilter).toEqual({
      outcome: ['diagnosed'],
      recurring: ['true'],
    });
  });

  it('treats an empty value as unset', () => {
    expect(read({ ...base, alertEmail: '', clusterIds: '' })).toMatchObject({ clusterIds: [] });
    expect(read({ ...base, alertEmail: '' })).not.toHaveProperty('alertEmail');
  });

  it.each([
    [{}, 'runaiBaseUrl is not set (pass -c runaiBaseUrl=…)'],
    [{ runaiBaseUrl: 'http://myorg.run.ai' }, 'runaiBaseUrl must be an https URL without credentials, query or fragment'],
    [{ runaiBaseUrl: 'https://user:pw@myorg.run.ai' }, 'runaiBaseUrl must be an https URL'],
    [{ ...base, alertEmail: 'not-an-email' }, 'alertEmail must be an email address'],
    [{ ...base, opsEmail: 'ops@' }, 'opsEmail must be an email address'],
    [{ ...base, pagerUrl: 'http://pager.example.com' }, 'pagerUrl must be an https URL'],
    [
      { ...base, pagerUrl: 'https://p.example.com', pagerFilter: 'page-everything' },
      'pagerFilter must be node-failure-or-recurring or platform or all, or a JSON SNS filter policy',
    ],
    [
      { ...base, pagerUrl: 'https://p.example.com', pagerFilter: '{"catgory":["NODE_FAILURE"]}' },
      'pagerFilter filters on catgory, which no notification carries',
    ],
    [{ ...base, pagerUrl: 'https://p.example.com', pagerFilter: { $or: [{ severity: ['page'] }] } }, 'pagerFilter filters on severity'],
    [{ ...base, pagerUrl: 'https://p.example.com', pagerFilter: '[]' }, 'pagerFilter must be a non-empty JSON object'],
    [{ ...base, pagerFilter: 'all' }, 'pagerFilter is set but neither pagerDuty nor pagerUrl is'],
    [{ ...base, clusterIds: 'prod-cluster' }, 'clusterIds must be cluster UUIDs'],
    [{ ...base, pollRate: '30s' }, 'pollRate must be a whole number of minutes or hours from 1m to 24h'],
    [{ ...base, pollRate: '25h' }, 'pollRate must be a whole number of minutes or hours from 1m to 24h'],
    [{ ...base, diagnoseMaxConcurrency: '1' }, 'diagnoseMaxConcurrency must be at least 2'],
    [{ ...base, diagnoseMaxConcurrency: 'many' }, 'diagnoseMaxConcurrency must be an integer'],
    [{ ...base, logRetentionDays: '10' }, 'logRetentionDays must be one of 1, 3, 5, 7, 14, 30'],
    [{ ...base, locale: 'de' }, 'locale must be en or fr'],
    [{ ...base, stackName: '9lives' }, 'stackName must be a CloudFormation stack name'],
    [{ ...base, tier2: 'yes' }, 'tier2 must be true or false'],
    [{ ...base, tier2: 1 }, 'tier2 must be true or false'],
  ])('names the bad key: %j', (context, message) => {
    expect(problem(context)).toContain(message);
  });

  it('reports every problem at once', () => {
    const message = problem({ alertEmail: 'x', locale: 'de' });
    expect(message).toMatch(/^invalid deploy configuration: /);
    expect(message).toContain('runaiBaseUrl is not set');
    expect(message).toContain('alertEmail must be an email address');
    expect(message).toContain('locale must be en or fr');
  });
});
