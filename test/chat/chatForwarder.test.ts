/**
 * The chat path end to end on fauxqs: the worker's notifications (single verdicts and a
 * digest) → verdict topic → the chat forwarder's queue → forwardToChat → the chat topic →
 * a subscriber, whose messages are checked against the custom-notification schema as AWS
 * documents it ("Custom notifications using Amazon Q Developer in chat applications"),
 * written out here independently of functions/chat/ChatNotification.ts.
 */
import { CreateTopicCommand, SubscribeCommand } from '@aws-sdk/client-sns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChatNotification } from '../../functions/chat/buildChatNotification.js';
import { ChatNotificationSchema } from '../../functions/chat/ChatNotification.js';
import { createChatPublisher } from '../../functions/chat/createChatPublisher.js';
import { forwardToChat } from '../../functions/chat/forwardToChat.js';
import { buildSnsMessage } from '../../functions/delivery/buildSnsMessage.js';
import { createSnsPublisher } from '../../functions/delivery/createSnsPublisher.js';
import { deliveredFromSnsNotification } from '../../functions/delivery/readDeliveredNotification.js';
import { renderDigest } from '../../functions/delivery/renderDigest.js';
import { silentLogger } from '../../functions/core/LogPort.js';
import { fakeRenderText, makeVerdict } from '../delivery/verdictFixture.js';
import { collectMessages, startFauxqsKit, type Fauxqs } from '../support/fauxqsKit.js';

const OCCURRENCE = 'cluster-a#wl-42#2026-11-30T10:00:00Z';

/** The documented schema: what the chat service needs to show a message instead of dropping it. */
function documentedProblems(message: unknown): string[] {
  const problems: string[] = [];
  const m = message as Record<string, any>;
  if (m?.version !== '1.0') problems.push('version must be "1.0"');
  if (m?.source !== 'custom') problems.push('source must be "custom"');
  const content = m?.content;
  if (!content || typeof content !== 'object') return [...problems, 'content is required'];
  if (typeof content.description !== 'string' || content.description.length === 0) problems.push('content.description is required');
  if (content.textType !== undefined && content.textType !== 'client-markdown') problems.push('content.textType must be client-markdown');
  if (content.title !== undefined && typeof content.title !== 'string') problems.push('content.title must be a string');
  for (const list of ['nextSteps', 'keywords']) {
    if (content[list] !== undefined && !(Array.isArray(content[list]) && content[list].every((item: unknown) => typeof item === 'string')))
      problems.push(`content.${list} must be a list of strings`);
  }
  const metadata = m?.metadata;
  if (metadata !== undefined) {
    if (metadata.threadId !== undefined && typeof metadata.threadId !== 'string') problems.push('metadata.threadId must be a string');
    if (metadata.summary !== undefined && typeof metadata.summary !== 'string') problems.push('metadata.summary must be a string');
  }
  return problems;
}

let faux: Fauxqs;
beforeAll(async () => {
  faux = await startFauxqsKit();
});
afterAll(() => faux.stop());

describe('chat forwarder on fauxqs', () => {
  it('turns verdicts and digests into documented custom notifications on the chat topic, threaded by occurrence', async () => {
    const verdicts = await faux.sns.send(new CreateTopicCommand({ Name: 'verdicts-chat' }));
    const chatTopic = await faux.sns.send(new CreateTopicCommand({ Name: 'chat' }));
    const forwarderQueue = await faux.createQueue('chat-forwarder');
    const channel = await faux.createQueue('chat-channel');
    await faux.sns.send(new SubscribeCommand({ TopicArn: verdicts.TopicArn, Protocol: 'sqs', Endpoint: forwarderQueue.arn }));
    await faux.sns.send(
      new SubscribeCommand({ TopicArn: chatTopic.TopicArn, Protocol: 'sqs', Endpoint: channel.arn, Attributes: { RawMessageDelivery: 'true' } }),
    );

    const publisher = createSnsPublisher({ client: faux.sns, topicArn: verdicts.TopicArn! });
    await publisher.publish(buildSnsMessage(makeVerdict(), fakeRenderText, { occurrenceKey: OCCURRENCE }));
    const entries = Array.from({ length: 30 }, (_, i) => ({
      key: `cluster-a#wl-${i}#t`,
      verdict: makeVerdict({
        category: 'NODE_FAILURE',
        workload: { id: `wl-${i}`, name: `job-${i}`, project: 'ml-team', clusterId: 'cluster-a', phase: 'Failed', type: 'training' },
      }),
    }));
    await publisher.publish(renderDigest('cluster-a', entries));

    const records = (await collectMessages(faux.sqs, forwarderQueue.url, { count: 2 })).map((m) => ({ messageId: m.MessageId!, body: m.Body! }));
    const result = await forwardToChat(records, { publish: createChatPublisher({ client: faux.sns, topicArn: chatTopic.TopicArn! }), logger: silentLogger });
    expect(result.batchItemFailures).toEqual([]);

    const delivered = (await collectMessages(faux.sqs, channel.url, { count: 2 })).map((m) => JSON.parse(m.Body!));
    expect(delivered).toHaveLength(2);
    for (const message of delivered) expect(documentedProblems(message)).toEqual([]);
    const single = delivered.find((m) => m.metadata.eventType === 'RunaiDiagnoseVerdict');
    const digest = delivered.find((m) => m.metadata.eventType === 'RunaiDiagnoseDigest');
    expect(single).toMatchObject({
      content: {
        textType: 'client-markdown',
        title: '[OOM_KILLED] training-job-42 (ml-team) recurring 3x/7d',
        nextSteps: ['Profile memory and leave headroom above the limit.'],
        keywords: ['OOM_KILLED', 'ml-team', 'cluster-a', 'recurring'],
      },
      metadata: { threadId: OCCURRENCE, summary: 'OOM_KILLED: training-job-42 (ml-team)' },
    });
    expect(single.content.description).toContain('*training-job-42 was OOM-killed: memory reached its 32Gi limit.*');
    expect(single.content.description).toContain('Memory: request 16 GiB, limit 32 GiB, peak not observed');
    expect(single.content.description).toContain('• memory limit 32Gi, request 16Gi _(get_workload_spec)_');
    expect(digest.content.title).toMatch(/^\[DIGEST\] 30 failures on cluster cluster-a/);
    expect(digest.content.description).toContain('Counts: 30 NODE_FAILURE');
    expect(digest.content.description).toContain('_+15 more workloads in the email digest_');
    expect(digest.metadata.threadId).toMatch(/^digest#cluster-a#30#[0-9a-f]{32}$/);
  });
});

describe('buildChatNotification', () => {
  const chatFor = (verdict = makeVerdict()) =>
    buildChatNotification(deliveredFromSnsNotification(buildSnsMessage(verdict, fakeRenderText, { occurrenceKey: OCCURRENCE })));

  it('quotes cluster text inertly: no Slack mention, link or @-mention survives', () => {
    const chat = chatFor(
      makeVerdict({
        evidence: [{ text: 'log: <!channel> deploy now <https://evil.example|click> @here ping @oncall', source: 'kubectl logs --previous' }],
        recommendations: ['Tell <@U024BE7LH> about it'],
        workload: { id: 'wl-1', name: 'job-<!here>', project: 'ml', clusterId: 'cluster-a', phase: 'Failed', type: null },
      }),
    );
    const text = JSON.stringify(chat.content) + chat.metadata.summary;
    expect(text).not.toMatch(/<[!@#]|<https?:|@here|@oncall/);
    expect(chat.content.description).toContain('‹!channel›');
  });

  it('shows links, images, bare URLs and markup from cluster text only inside inert code spans', () => {
    const hostile = [
      'see [the fix](https://evil.example/fix) now',
      '![pixel](http://evil.example/p.png)',
      'bare https://evil.example/x?y=1 and www.evil.example and evil.example/login',
      '*urgent* _rotate_ ~now~ `rm -rf` mailto:a＠b.example',
    ];
    const chat = chatFor(
      makeVerdict({
        evidence: hostile.map((text) => ({ text, source: 'kubectl logs --previous' })),
        limitations: ['read [docs](https://evil.example)'],
      }),
    );
    const description = chat.content.description;
    // Outside code spans nothing can act: strip the spans, then look for what renders as a link or markup.
    const outsideCode = description.replace(/`[^`\n]*`/g, '');
    expect(outsideCode).not.toMatch(/\]\(|!\[|https?:|www\.|evil\.example|mailto:/);
    for (const text of hostile) expect(description).toContain(`\`${text.replace(/`/g, 'ˋ')}\``);
    // Ordinary evidence stays plain text.
    const plain = chatFor(makeVerdict({ evidence: [{ text: 'container main terminated with exit code 137 (OOMKilled)', source: 'get_workload' }] }));
    expect(plain.content.description).toContain('• container main terminated with exit code 137 (OOMKilled) _(');
  });

  it('bounds the thread id: a 3,000-character occurrence key becomes a stable, shorter one', () => {
    const longKey = `cluster-a#wl-42#${'9'.repeat(3_000)}`;
    const build = () => buildChatNotification(deliveredFromSnsNotification(buildSnsMessage(makeVerdict(), fakeRenderText, { occurrenceKey: longKey })));
    const first = build().metadata.threadId;
    expect(first.length).toBeLessThanOrEqual(255);
    expect(build().metadata.threadId).toBe(first);
    expect(first.startsWith('cluster-a#wl-42#')).toBe(true);
  });

  it('stays within its caps for a pathological verdict (huge evidence, recommendations, message)', () => {
    const chat = chatFor(
      makeVerdict({
        message: 'm'.repeat(10_000),
        evidence: Array.from({ length: 200 }, (_, i) => ({ text: `line ${i} ${'x'.repeat(2_000)}`, source: 'get_workload_history' })),
        recommendations: Array.from({ length: 20 }, () => 'r'.repeat(2_000)),
        limitations: Array.from({ length: 50 }, () => 'l'.repeat(500)),
      }),
    );
    expect(documentedProblems(chat)).toEqual([]);
    expect(ChatNotificationSchema.safeParse(chat).success).toBe(true);
    expect(chat.content.description.length).toBeLessThanOrEqual(4_000);
    expect(chat.content.nextSteps.length).toBeLessThanOrEqual(5);
    for (const step of chat.content.nextSteps) expect(step.length).toBeLessThanOrEqual(500);
    expect(Buffer.byteLength(JSON.stringify(chat))).toBeLessThan(20_000);
  });

  it('a needs_input verdict (no workload) still yields a valid notification', () => {
    const chat = chatFor(
      makeVerdict({
        outcome: 'needs_input',
        category: null,
        workload: null,
        memory: null,
        recurrence: null,
        evidence: [],
        message: 'Which workload? Give its id.',
      }),
    );
    expect(documentedProblems(chat)).toEqual([]);
    expect(chat.content.keywords).toEqual(['NEEDS_INPUT']);
    expect(chat.metadata.threadId).toBe(OCCURRENCE);
  });
});
