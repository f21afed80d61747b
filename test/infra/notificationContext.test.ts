/**
 * Where notifications go, per combination of context keys, on the real synthesized app:
 * none → the synth fails naming the keys; allowNoSubscribers → minimalStack.test.ts;
 * email; PagerDuty; chat; all of them. Every stack is also clean under cdk-nag.
 */
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../infra/buildApp.js';
import { DeployConfigError } from '../../infra/DeployConfig.js';
import { PAGERDUTY_SECRET_PLACEHOLDER } from '../../infra/PagerDutyNotifications.js';
import { PAGER_FILTER_PRESETS } from '../../infra/pagerFilterPolicy.js';
import { SYNTH_TIMEOUT_MS, synthStack, type Synthesized } from './synthStack.js';

type Resources = Record<string, { Type: string; Properties: Record<string, any> }>;
const BASE = { runaiBaseUrl: 'https://myorg.run.ai' };
const SLACK = { slackWorkspaceId: 'T07ABCDEF12', slackChannelId: 'C07ABCDEF12' };
const TEAMS = {
  teamsTenantId: '0a2f4c6e-8b1d-4f3a-9c5e-7d9b1f3a5c7e',
  teamsTeamId: '7f3c2a9e-1b4d-4c8e-9a61-2d5f8e0b7c13',
  teamsChannelId: '19%3Aabc123%40thread.tacv2',
};

function configError(context: Record<string, unknown>): string {
  try {
    buildApp({ context: { ...context, 'aws:cdk:bundling-stacks': [] } });
  } catch (error) {
    expect(error).toBeInstanceOf(DeployConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the synth to fail');
}

const resources = (synth: Synthesized) => synth.template.toJSON().Resources as Resources;
const ofType = (synth: Synthesized, type: string) => Object.entries(resources(synth)).filter(([, r]) => r.Type === type);
const services = (synth: Synthesized) =>
  ofType(synth, 'AWS::Lambda::Function')
    .map(([, r]) => r.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME)
    .sort();
const functionOf = (synth: Synthesized, service: string) =>
  ofType(synth, 'AWS::Lambda::Function').find(([, r]) => r.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME === service)!;
const idOf = (synth: Synthesized, type: string, prefix: string) => {
  const found = ofType(synth, type).filter(([id]) => id.startsWith(prefix));
  expect(found, `${type} ${prefix}*`).toHaveLength(1);
  return found[0]![0];
};
/** Subscriptions of the verdict topic, by protocol and endpoint logical id. */
const subscriptions = (synth: Synthesized) =>
  ofType(synth, 'AWS::SNS::Subscription').map(([, r]) => ({
    topic: r.Properties.TopicArn.Ref as string,
    protocol: r.Properties.Protocol as string,
    endpoint: r.Properties.Endpoint?.['Fn::GetAtt']?.[0] ?? r.Properties.Endpoint,
    filterPolicy: r.Properties.FilterPolicy,
    redrive: r.Properties.RedrivePolicy?.deadLetterTargetArn?.['Fn::GetAtt']?.[0],
  }));
const policyStatements = (synth: Synthesized, roleId: string) =>
  ofType(synth, 'AWS::IAM::Policy')
    .filter(([, r]) => r.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
    .flatMap(([, r]) => r.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
const nagClean = (synth: Synthesized) => expect(new AwsSolutionsChecks().validateScope(synth.stack).violations).toEqual([]);

describe('no silent deploy', () => {
  it('no destination at all: the synth fails naming every key that would fix it', () => {
    const message = configError(BASE);
    expect(message).toContain(
      'no one would receive the verdicts: set at least one of alertEmail (email), pagerDuty (PagerDuty Events API v2), chat (Slack, Microsoft Teams, Chime) or pagerUrl',
    );
    expect(message).toContain('no one would receive the alarms (dead letters, failures): set opsEmail (or alertEmail) or chat');
    expect(message).toContain('-c allowNoSubscribers=true');
  });

  it('PagerDuty alone pages verdicts, but the alarms still need someone: opsEmail or chat', () => {
    const message = configError({ ...BASE, pagerDuty: 'true' });
    expect(message).not.toContain('receive the verdicts');
    expect(message).toContain('no one would receive the alarms');
  });

  it('rejects the PagerDuty CloudWatch integration URL as pagerUrl, and malformed pagerDuty / chat values', () => {
    expect(configError({ ...BASE, alertEmail: 'a@example.com', pagerUrl: 'https://events.pagerduty.com/integration/abc/enqueue' })).toContain(
      'pagerUrl points at PagerDuty, which drops the verdict messages SNS would send it: use -c pagerDuty=true',
    );
    expect(configError({ ...BASE, alertEmail: 'a@example.com', pagerDuty: 'yes' })).toContain(
      'pagerDuty must be true, false, or the https URL of a PagerDuty Events API v2 endpoint',
    );
    expect(configError({ ...BASE, alertEmail: 'a@example.com', chat: '{"slackWorkspaceId":"T07ABCDEF12"}' })).toContain('chat slackChannelId is missing');
    expect(configError({ ...BASE, alertEmail: 'a@example.com', chat: '{"teamsTeamId":"x"}' })).toContain('chat teamsTenantId is missing');
    expect(configError({ ...BASE, alertEmail: 'a@example.com', chat: '{"discord":"x"}' })).toContain('chat has unknown keys discord');
    expect(configError({ ...BASE, alertEmail: 'a@example.com', pagerFilter: 'all' })).toContain('pagerFilter is set but neither pagerDuty nor pagerUrl is');
  });
});

describe('email only', () => {
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthStack('notify-email', { ...BASE, alertEmail: 'gpu-platform@example.com' });
  }, SYNTH_TIMEOUT_MS);

  it('subscribes the address to verdicts and alarms, and creates no forwarder', () => {
    expect(subscriptions(synth).map((s) => [s.protocol, s.endpoint])).toEqual([
      ['email', 'gpu-platform@example.com'],
      ['email', 'gpu-platform@example.com'],
    ]);
    expect(services(synth)).toEqual(['diagnose', 'intake']);
    expect(ofType(synth, 'AWS::Chatbot::SlackChannelConfiguration')).toEqual([]);
    nagClean(synth);
  });
});

describe('pagerDuty (+ opsEmail)', () => {
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthStack('notify-pagerduty', { ...BASE, pagerDuty: 'true', opsEmail: 'sre@example.com' });
  }, SYNTH_TIMEOUT_MS);

  it('a forwarder on the verdict topic through a queue, filtered by pagerFilter, with a DLQ for both the subscription and the queue', () => {
    const verdictTopic = idOf(synth, 'AWS::SNS::Topic', 'NotificationsVerdicts');
    const queue = idOf(synth, 'AWS::SQS::Queue', 'PagerDutyForwarderQueue');
    const dlq = idOf(synth, 'AWS::SQS::Queue', 'PagerDutyForwarderDlq');
    expect(subscriptions(synth).filter((s) => s.topic === verdictTopic)).toEqual([
      { topic: verdictTopic, protocol: 'sqs', endpoint: queue, filterPolicy: PAGER_FILTER_PRESETS['node-failure-or-recurring'], redrive: dlq },
    ]);
    expect(resources(synth)[queue]!.Properties).toMatchObject({ VisibilityTimeout: 540, RedrivePolicy: { maxReceiveCount: 5 } });
    const [fnId, fn] = functionOf(synth, 'pagerduty');
    expect(fn.Properties).toMatchObject({ Timeout: 90 });
    const secret = idOf(synth, 'AWS::SecretsManager::Secret', 'PagerDutyRoutingKey');
    expect(resources(synth)[secret]!.Properties.SecretString).toBe(PAGERDUTY_SECRET_PLACEHOLDER);
    expect(fn.Properties.Environment.Variables).toMatchObject({
      PAGERDUTY_SECRET_ID: { Ref: secret },
      PAGERDUTY_EVENTS_URL: 'https://events.pagerduty.com/v2/enqueue',
    });
    const mapping = ofType(synth, 'AWS::Lambda::EventSourceMapping').find(([, r]) => r.Properties.FunctionName.Ref === fnId)!;
    expect(mapping[1].Properties).toMatchObject({ EventSourceArn: { 'Fn::GetAtt': [queue, 'Arn'] }, FunctionResponseTypes: ['ReportBatchItemFailures'] });
  });

  it('the forwarder may read its secret and its queue, and nothing else', () => {
    const [, fn] = functionOf(synth, 'pagerduty');
    const statements = policyStatements(synth, fn.Properties.Role['Fn::GetAtt'][0]);
    const grants = statements.map((s) => [[s.Action].flat().sort().join(','), JSON.stringify(s.Resource)]);
    expect(grants.map(([actions]) => actions).sort()).toEqual([
      'logs:CreateLogStream,logs:PutLogEvents',
      'secretsmanager:GetSecretValue',
      'sqs:DeleteMessage,sqs:GetQueueAttributes,sqs:ReceiveMessage',
    ]);
  });

  it('alarms on its DLQ and its errors; outputs the secret ARN; clean under cdk-nag', () => {
    const alarms = ofType(synth, 'AWS::CloudWatch::Alarm').map(([id]) => id);
    expect(alarms.some((id) => id.startsWith('AlarmsPagerDutyDlqNotEmpty'))).toBe(true);
    expect(alarms.some((id) => id.startsWith('AlarmsPagerDutyForwarderErrors'))).toBe(true);
    expect(Object.keys(synth.template.toJSON().Outputs)).toContain('PagerDutySecretArn');
    nagClean(synth);
  });
});

describe('chat (Slack)', () => {
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthStack('notify-chat', { ...BASE, chat: JSON.stringify(SLACK) });
  }, SYNTH_TIMEOUT_MS);

  it('a chat topic fed by the chat forwarder (every verdict, no filter); the Slack channel hears the chat and ops topics, and may run nothing', () => {
    const chatTopic = idOf(synth, 'AWS::SNS::Topic', 'ChatTopic');
    const opsTopic = idOf(synth, 'AWS::SNS::Topic', 'NotificationsOps');
    const verdictTopic = idOf(synth, 'AWS::SNS::Topic', 'NotificationsVerdicts');
    expect(subscriptions(synth).filter((s) => s.topic === verdictTopic)).toEqual([
      expect.objectContaining({ protocol: 'sqs', endpoint: idOf(synth, 'AWS::SQS::Queue', 'ChatForwarderQueue'), filterPolicy: undefined }),
    ]);
    const [[, slack]] = ofType(synth, 'AWS::Chatbot::SlackChannelConfiguration') as [[string, Resources[string]]];
    expect(slack.Properties).toMatchObject({ SlackWorkspaceId: 'T07ABCDEF12', SlackChannelId: 'C07ABCDEF12', LoggingLevel: 'ERROR' });
    expect(slack.Properties.SnsTopicArns).toEqual([{ Ref: chatTopic }, { Ref: opsTopic }]);
    expect(JSON.stringify(slack.Properties.GuardrailPolicies)).toContain('policy/AWSDenyAll');
    const [, fn] = functionOf(synth, 'chat');
    expect(fn.Properties.Environment.Variables.CHAT_TOPIC_ARN).toEqual({ Ref: chatTopic });
    const publish = policyStatements(synth, fn.Properties.Role['Fn::GetAtt'][0]).find((s) => s.Action === 'sns:Publish');
    expect(publish?.Resource).toEqual({ Ref: chatTopic });
    expect(resources(synth)[chatTopic]!.Properties.KmsMasterKeyId).toBeDefined();
    expect(Object.keys(synth.template.toJSON().Outputs)).toContain('ChatTopicArn');
    nagClean(synth);
  });
});

describe('all destinations', () => {
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthStack('notify-all', {
      ...BASE,
      alertEmail: 'gpu-platform@example.com',
      opsEmail: 'sre@example.com',
      pagerDuty: 'https://events.eu.pagerduty.com/v2/enqueue',
      pagerFilter: 'all',
      chat: { ...SLACK, ...TEAMS },
    });
  }, SYNTH_TIMEOUT_MS);

  it('email, PagerDuty (EU endpoint, unfiltered) and chat (Slack and Teams) side by side, each with its own DLQ alarm', () => {
    const verdictTopic = idOf(synth, 'AWS::SNS::Topic', 'NotificationsVerdicts');
    expect(
      subscriptions(synth)
        .filter((s) => s.topic === verdictTopic)
        .map((s) => [s.protocol, s.filterPolicy])
        .sort(),
    ).toEqual([
      ['email', undefined],
      ['sqs', undefined],
      ['sqs', undefined],
    ]);
    expect(services(synth)).toEqual(['chat', 'diagnose', 'intake', 'pagerduty']);
    expect(functionOf(synth, 'pagerduty')[1].Properties.Environment.Variables.PAGERDUTY_EVENTS_URL).toBe('https://events.eu.pagerduty.com/v2/enqueue');
    const [[, teams]] = ofType(synth, 'AWS::Chatbot::MicrosoftTeamsChannelConfiguration') as [[string, Resources[string]]];
    expect(teams.Properties).toMatchObject({ TeamId: TEAMS.teamsTeamId, TeamsTenantId: TEAMS.teamsTenantId, TeamsChannelId: TEAMS.teamsChannelId });
    expect(teams.Properties.SnsTopicArns).toHaveLength(2);
    const alarms = ofType(synth, 'AWS::CloudWatch::Alarm').map(([id]) => id);
    for (const prefix of ['AlarmsDiagnosisDlqNotEmpty', 'AlarmsPagerDutyDlqNotEmpty', 'AlarmsChatDlqNotEmpty'])
      expect(
        alarms.some((id) => id.startsWith(prefix)),
        prefix,
      ).toBe(true);
    // The forwarders' configuration failures (by their Powertools service name) and the chat topic's SNS deliveries.
    const alarmProps = Object.fromEntries(ofType(synth, 'AWS::CloudWatch::Alarm').map(([id, r]) => [id, r.Properties]));
    for (const service of ['pagerduty', 'chat']) {
      const [config] = Object.entries(alarmProps).filter(([id]) => id.startsWith(`Alarms${service}ConfigurationFailures`));
      expect(config?.[1], service).toMatchObject({ MetricName: 'ConfigurationFailures', Dimensions: [{ Name: 'service', Value: service }], Threshold: 1 });
    }
    const [chatDelivery] = Object.entries(alarmProps).filter(([id]) => id.startsWith('AlarmsChatDeliveryFailures'));
    expect(chatDelivery?.[1]).toMatchObject({ Namespace: 'AWS/SNS', MetricName: 'NumberOfNotificationsFailed', Threshold: 1 });
    nagClean(synth);
  });
});
