/**
 * Context `projectRoutes` (infra/ProjectRoutes.ts): each project's chat channel and PagerDuty
 * service is its own forwarder, subscribed to the verdict topic with the filter policy
 * {"project":[<project>],"audience":["user"]} on the attributes; a project's PagerDuty has its own
 * routing-key secret (and output); a project's channel does not get the ops alarms; the platform's
 * destinations keep theirs. What each policy lets through is tested against an SNS emulator in
 * pagerFilter.test.ts ("a project channel's policy…": the project's users' failures, no
 * node_suspect notice).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readDeployConfig } from '../../infra/DeployConfig.js';
import { PAGER_FILTER_PRESETS } from '../../infra/pagerFilterPolicy.js';
import { projectFilterPolicy } from '../../infra/ProjectRoutes.js';
import { SYNTH_TIMEOUT_MS, synthStack } from './synthStack.js';

type Resources = Record<string, { Type: string; Properties: Record<string, any> }>;

const SLACK = { slackWorkspaceId: 'T07ABCDEF12', slackChannelId: 'C07MLTEAM01' };
const ROUTES = { 'ml-team': { chat: SLACK, pagerDuty: true }, vision: { pagerDuty: true } };
const CONTEXT = {
  runaiBaseUrl: 'https://myorg.run.ai',
  alertEmail: 'gpu-platform@example.com',
  pagerDuty: 'true',
  pagerFilter: 'platform',
  projectRoutes: JSON.stringify(ROUTES),
};

describe('projectRoutes in the deploy configuration', () => {
  const read = (projectRoutes: unknown) => readDeployConfig((key) => ({ ...CONTEXT, projectRoutes })[key]);

  it('reads JSON from the command line or an object from cdk.json; none by default', () => {
    expect(read(JSON.stringify(ROUTES)).projectRoutes).toEqual({
      'ml-team': { chat: { slack: { workspaceId: 'T07ABCDEF12', channelId: 'C07MLTEAM01' } }, pagerDuty: true },
      vision: { pagerDuty: true },
    });
    expect(read(ROUTES).projectRoutes).toEqual(read(JSON.stringify(ROUTES)).projectRoutes);
    expect(read(undefined).projectRoutes).toBeUndefined();
  });

  it('refuses, naming the project, a route with no destination, an unknown key, a bad channel, a bad project name', () => {
    expect(() => read({ 'ml-team': {} })).toThrow(/projectRoutes ml-team must be \{"chat": \{…\}\} and\/or \{"pagerDuty": true\}/);
    expect(() => read({ 'ml-team': { pagerDuty: true, email: 'x@example.com' } })).toThrow(/unknown keys email/);
    expect(() => read({ 'ml-team': { chat: { slackWorkspaceId: 'T1' } } })).toThrow(/projectRoutes ml-team\.chat slackChannelId is missing/);
    expect(() => read({ 'ml-team': { chat: true } })).toThrow(/ml-team\.chat must name a Slack or Teams channel/);
    expect(() => read({ 'ml team/*': { pagerDuty: true } })).toThrow(/must be a project name/);
    expect(() => read('[1]')).toThrow(/projectRoutes must be a JSON object/);
    expect(() => read(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, { pagerDuty: true }])))).toThrow(/at most 20 projects/);
  });
});

describe('projectRoutes in the stack', () => {
  let resources: Resources;
  let outputs: Record<string, { Description: string }>;
  beforeAll(() => {
    const template = synthStack('project-routes', CONTEXT).template.toJSON();
    resources = template.Resources as Resources;
    outputs = template.Outputs as typeof outputs;
  }, SYNTH_TIMEOUT_MS);
  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  const subscriptionsOf = (policy: unknown) =>
    ofType('AWS::SNS::Subscription').filter(([, r]) => JSON.stringify(r.Properties.FilterPolicy ?? null) === JSON.stringify(policy));

  it("subscribes each project's forwarders with its project + audience user policy on the attributes", () => {
    // ml-team: PagerDuty and chat; vision: PagerDuty.
    expect(subscriptionsOf(projectFilterPolicy('ml-team'))).toHaveLength(2);
    expect(subscriptionsOf(projectFilterPolicy('vision'))).toHaveLength(1);
    for (const [, subscription] of [...subscriptionsOf(projectFilterPolicy('ml-team')), ...subscriptionsOf(projectFilterPolicy('vision'))]) {
      expect(subscription.Properties).toMatchObject({ Protocol: 'sqs', FilterPolicyScope: 'MessageAttributes' });
    }
    // The platform's PagerDuty keeps its own filter.
    expect(subscriptionsOf(PAGER_FILTER_PRESETS.platform)).toHaveLength(1);
  });

  it('gives each project its own PagerDuty routing-key secret, readable by its forwarder only, and outputs it', () => {
    const secrets = ofType('AWS::SecretsManager::Secret').filter(([id]) => id.startsWith('ProjectsPagerDuty'));
    expect(secrets).toHaveLength(2);
    const readers = ofType('AWS::IAM::Policy').flatMap(([, p]) =>
      (p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
        .filter((s) => secrets.some(([id]) => JSON.stringify(s.Resource) === JSON.stringify({ Ref: id })))
        .map((s) => `${JSON.stringify(p.Properties.Roles)} ${[s.Action].flat().join(',')}`),
    );
    expect(readers).toHaveLength(2);
    for (const reader of readers) expect(reader).toMatch(/ProjectsPagerDuty\d+Forwarder.* secretsmanager:GetSecretValue$/);
    expect(
      Object.entries(outputs)
        .filter(([id]) => id.startsWith('ProjectPagerDutySecretArn'))
        .map(([, output]) => output.Description),
    ).toEqual([
      'put-secret-value: the PagerDuty Events API v2 integration key of project ml-team',
      'put-secret-value: the PagerDuty Events API v2 integration key of project vision',
    ]);
  });

  it("gives a project's Slack channel its own configuration on its own chat topic, without the ops alarms", () => {
    const slack = ofType('AWS::Chatbot::SlackChannelConfiguration');
    expect(slack).toHaveLength(1);
    expect(slack[0]![1].Properties).toMatchObject({ SlackChannelId: 'C07MLTEAM01', ConfigurationName: 'RunaiDiagnose-notifications-project0' });
    expect(slack[0]![1].Properties.SnsTopicArns).toHaveLength(1);
    expect(JSON.stringify(slack[0]![1].Properties.SnsTopicArns)).toContain('ProjectsChat0Topic');
  });

  it("alarms on each project forwarder's dead-letter queue", () => {
    const dlqs = ofType('AWS::SQS::Queue').filter(([id]) => /^Projects(PagerDuty|Chat)\d+ForwarderDlq/.test(id));
    expect(dlqs).toHaveLength(3);
    const alarmed = JSON.stringify(ofType('AWS::CloudWatch::Alarm').map(([, r]) => r.Properties.Dimensions));
    for (const [id] of dlqs) expect(alarmed).toContain(id);
  });
});
