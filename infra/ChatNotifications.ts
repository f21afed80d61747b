/**
 * Slack, Microsoft Teams and Amazon Chime through Amazon Q Developer in chat applications
 * (formerly AWS Chatbot). It shows only AWS service events and messages in its custom-
 * notification schema, so a forwarder turns each verdict into that schema
 * (functions/chat) and publishes it to a chat topic; channel configurations from context
 * subscribe to that topic and to the ops topic (CloudWatch alarms are an event type the
 * service renders natively).
 *
 * Channel members can run no AWS command from the channel: the guardrail policy is
 * AWSDenyAll and the channel role has no permissions; notifications need neither.
 */
import { Stack } from 'aws-cdk-lib';
import * as chatbot from 'aws-cdk-lib/aws-chatbot';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { ChatConfig } from './DeployConfig.js';
import { NotificationForwarder } from './NotificationForwarder.js';
import type { FilterPolicy } from './pagerFilterPolicy.js';

export interface ChatNotificationsProps {
  config: ChatConfig;
  verdicts: sns.ITopic;
  /** The alarms, for the platform's channel; a project's channel (projectRoutes) gets none. */
  ops?: sns.ITopic;
  key: kms.IKey;
  /** Which notifications reach the channel (a project's: its project, audience user); default all. */
  filterPolicy?: FilterPolicy | null;
  /** Appended to the channel configuration's name, so that several channels of one stack differ. */
  nameSuffix?: string;
  logRetentionDays: number;
  /** The worker's REPORT_LOCALE: the card's words match the subject and report it carries. */
  locale: 'en' | 'fr';
}

export class ChatNotifications extends Construct {
  readonly topic: sns.Topic;
  readonly forwarder: NotificationForwarder;

  constructor(scope: Construct, id: string, props: ChatNotificationsProps) {
    super(scope, id);
    const stackName = Stack.of(this).stackName;
    this.topic = new sns.Topic(this, 'Topic', { displayName: 'runai-diagnose chat', masterKey: props.key, enforceSSL: true });
    this.forwarder = new NotificationForwarder(this, 'Forwarder', {
      name: 'chat',
      description: 'runai-diagnose: turns verdicts into Amazon Q Developer custom notifications on the chat topic',
      topic: props.verdicts,
      filterPolicy: props.filterPolicy ?? null,
      environment: { CHAT_TOPIC_ARN: this.topic.topicArn, REPORT_LOCALE: props.locale },
      logRetentionDays: props.logRetentionDays,
    });
    const role = this.forwarder.function.role;
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['sns:Publish'], resources: [this.topic.topicArn] }));
    // Publishing to an SSE-KMS topic: SNS generates a data key and decrypts it as the publisher.
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['kms:GenerateDataKey', 'kms:Decrypt'], resources: [props.key.keyArn] }));

    const denyAll = iam.ManagedPolicy.fromAwsManagedPolicyName('AWSDenyAll');
    const topics = props.ops ? [this.topic, props.ops] : [this.topic];
    const configurationName = `${stackName}-notifications${props.nameSuffix ?? ''}`.slice(0, 128);
    if (props.config.slack) {
      new chatbot.SlackChannelConfiguration(this, 'Slack', {
        slackChannelConfigurationName: configurationName,
        slackWorkspaceId: props.config.slack.workspaceId,
        slackChannelId: props.config.slack.channelId,
        notificationTopics: topics,
        guardrailPolicies: [denyAll],
        loggingLevel: chatbot.LoggingLevel.ERROR,
      });
    }
    if (props.config.teams) {
      const teamsRole = new iam.Role(this, 'TeamsChannelRole', {
        assumedBy: new iam.ServicePrincipal('chatbot.amazonaws.com'),
        description: 'runai-diagnose: the Microsoft Teams channel configuration (notifications only, no permissions)',
      });
      new chatbot.CfnMicrosoftTeamsChannelConfiguration(this, 'Teams', {
        configurationName,
        iamRoleArn: teamsRole.roleArn,
        teamId: props.config.teams.teamId,
        teamsTenantId: props.config.teams.tenantId,
        teamsChannelId: props.config.teams.channelId,
        snsTopicArns: topics.map((topic) => topic.topicArn),
        guardrailPolicies: [denyAll.managedPolicyArn],
        loggingLevel: 'ERROR',
      });
    }
  }
}
