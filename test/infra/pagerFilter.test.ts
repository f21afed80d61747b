/**
 * The pager filter against the notifications the worker really sends: buildSnsMessage
 * output (MessageStructure json, attributes category/outcome/recurring/…) published through
 * the real SNS client to fauxqs, to one subscription per filter — the filter policy and
 * scope exactly as the stack renders them (DeployConfig → FilterPolicy on the attributes).
 *
 * fauxqs does not match String.Array attributes, so digests (category as a String.Array)
 * are not covered here; SNS documents that a String.Array matches when any element does.
 */
import { CreateTopicCommand, SubscribeCommand } from '@aws-sdk/client-sns';
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Verdict } from '../../functions/core/verdict.js';
import { buildSnsMessage } from '../../functions/delivery/buildSnsMessage.js';
import { createSnsPublisher } from '../../functions/delivery/createSnsPublisher.js';
import { renderNodeSuspect } from '../../functions/delivery/renderNodeSuspect.js';
import { nodeSuspectWordsFor } from '../../functions/report/nodeSuspectWords.js';
import { readDeployConfig } from '../../infra/DeployConfig.js';
import { fakeRenderText, makeVerdict } from '../delivery/verdictFixture.js';
import { startFauxqsKit, type Fauxqs } from '../support/fauxqsKit.js';

let faux: Fauxqs;
beforeAll(async () => {
  faux = await startFauxqsKit();
});
afterAll(() => faux.stop());

const notRecurring = { count: 1, lookbackDays: 7, recurring: false };
const VERDICTS: Record<string, Verdict> = {
  nodeFailure: makeVerdict({
    category: 'NODE_FAILURE',
    audience: 'platform',
    recurrence: notRecurring,
    workload: { id: 'w-node', name: 'node-job', project: 'ml-team', clusterId: 'c1', phase: 'Failed', type: 'training' },
  }),
  recurringOom: makeVerdict({
    category: 'OOM_KILLED',
    workload: { id: 'w-oom', name: 'oom-job', project: 'ml-team', clusterId: 'c1', phase: 'Failed', type: 'training' },
  }),
  singleOom: makeVerdict({
    category: 'OOM_KILLED',
    recurrence: notRecurring,
    workload: { id: 'w-once', name: 'once-job', project: 'ml-team', clusterId: 'c1', phase: 'Failed', type: 'training' },
  }),
  needsInput: makeVerdict({
    outcome: 'needs_input',
    audience: 'platform',
    category: null,
    workload: null,
    recurrence: null,
    memory: null,
    message: 'Which workload? Give its id.',
  }),
};

/** A node_suspect notice (§4.8) as the worker publishes it: kind/outcome node_suspect, audience platform, no category. */
const failure = (workloadId: string, submittedBy: string) => ({
  clusterId: 'c1',
  node: 'dgx-07',
  workloadId,
  workloadName: `job-${workloadId}`,
  project: 'ml-team',
  submittedBy,
  category: 'NODE_FAILURE' as const,
  at: Date.parse('2026-12-02T08:00:00Z'),
  infrastructure: false,
  hardwareXid: null,
});
const NOTICE = renderNodeSuspect(
  'c1',
  'dgx-07',
  {
    suspect: { failures: 3, submitters: 3, windowHours: 24, hardwareXid: null },
    failures: [failure('w1', 'ana'), failure('w2', 'ben'), failure('w3', 'eve')],
  },
  nodeSuspectWordsFor('en'),
);

/** Publishes every verdict to a fresh topic whose only subscriber uses `pagerFilter`; returns the workloads received. */
async function deliveredWith(name: string, pagerFilter: unknown): Promise<string[]> {
  const config = readDeployConfig(
    (key) => ({ runaiBaseUrl: 'https://myorg.run.ai', pagerUrl: 'https://pager.example.com', pagerFilter, allowNoSubscribers: 'true' })[key],
  );
  const { TopicArn } = await faux.sns.send(new CreateTopicCommand({ Name: `verdicts-${name}` }));
  const pager = await faux.createQueue(`pager-${name}`);
  await faux.sns.send(
    new SubscribeCommand({
      TopicArn,
      Protocol: 'sqs',
      Endpoint: pager.arn,
      Attributes: config.pagerFilter ? { FilterPolicy: JSON.stringify(config.pagerFilter), FilterPolicyScope: 'MessageAttributes' } : {},
    }),
  );
  const publisher = createSnsPublisher({ client: faux.sns, topicArn: TopicArn! });
  for (const verdict of Object.values(VERDICTS)) {
    const notification = buildSnsMessage(verdict, fakeRenderText);
    expect(notification.MessageStructure).toBe('json');
    await publisher.publish(notification);
  }
  await publisher.publish(NOTICE);
  const { Messages } = await faux.sqs.send(
    new ReceiveMessageCommand({ QueueUrl: pager.url, MaxNumberOfMessages: 10, MessageAttributeNames: ['All'], WaitTimeSeconds: 0 }),
  );
  return (Messages ?? [])
    .map((m) => {
      const envelope = JSON.parse(m.Body!) as { MessageAttributes: Record<string, { Value: string }> };
      if (envelope.MessageAttributes.kind?.Value === 'node_suspect') return `node_suspect/${envelope.MessageAttributes.node!.Value}`;
      return `${envelope.MessageAttributes.category!.Value}/${envelope.MessageAttributes.recurring!.Value}`;
    })
    .sort();
}

describe('pager filter (attribute scope) on json-structured verdict notifications', () => {
  it('default node-failure-or-recurring: pages on NODE_FAILURE, suspect-node notices and recurring failures only', async () => {
    expect(await deliveredWith('default', undefined)).toEqual(['NODE_FAILURE/false', 'OOM_KILLED/true', 'node_suspect/dgx-07']);
  });

  it('all: pages on everything, needs_input included', async () => {
    expect(await deliveredWith('all', 'all')).toEqual(['NODE_FAILURE/false', 'NONE/false', 'OOM_KILLED/false', 'OOM_KILLED/true', 'node_suspect/dgx-07']);
  });

  it('platform: pages on what only the platform can fix (node failures, suspect nodes, needs_input), never on a user OOM', async () => {
    expect(await deliveredWith('platform', 'platform')).toEqual(['NODE_FAILURE/false', 'NONE/false', 'node_suspect/dgx-07']);
  });

  it("a project channel's policy on project + audience gets that project's users' failures only", async () => {
    expect(await deliveredWith('project', '{"project":["ml-team"],"audience":["user"]}')).toEqual(['OOM_KILLED/false', 'OOM_KILLED/true']);
  });

  it('a policy on the node attribute: only the suspect-node notices of that node', async () => {
    expect(await deliveredWith('node', '{"node":["dgx-07"]}')).toEqual(['node_suspect/dgx-07']);
  });

  it('a custom policy from context (JSON string): only what it names', async () => {
    expect(await deliveredWith('custom', '{"category":["OOM_KILLED"],"recurring":["false"]}')).toEqual(['OOM_KILLED/false']);
  });
});
