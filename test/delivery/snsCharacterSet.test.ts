/**
 * SNS gives a string message attribute "the same restrictions on the content as the message
 * body", and an SNS → SQS subscription then has to pass SQS's character rule: only
 * #x9 | #xA | #xD | #x20–#xD7FF | #xE000–#xFFFD | #x10000–#x10FFFF. U+FFFE, U+FFFF, other C0
 * controls and lone surrogates are outside it, so a workload, project or cluster name carrying
 * one would make the publish (or its SQS delivery) fail. Every attribute value and every
 * string of the message must stay inside the set.
 */
import { describe, expect, it } from 'vitest';
import { buildSnsMessage } from '../../functions/delivery/buildSnsMessage.js';
import { renderDigest } from '../../functions/delivery/renderDigest.js';
import type { SnsJsonMessage, SnsNotification } from '../../functions/delivery/SnsNotification.js';
import { fakeRenderText, makeVerdict } from './verdictFixture.js';

/** Anything outside the XML 1.0 `Char` production, which SQS (and so SNS → SQS) accepts. */
const OUTSIDE_SNS_CHARACTERS = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\uD800-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const HOSTILE = ['a\uFFFEb', 'a\uFFFFb', 'a\u0001b', 'a\u001Fb', 'a\uD800b', 'a\uDFFFb', '\uFFFF'];

/** Every string SNS and its subscribers see: attribute values, each protocol body, each JSON field. */
function everyString(notification: SnsNotification): string[] {
  const strings: string[] = [notification.Subject, notification.Message];
  for (const value of Object.values(notification.MessageAttributes)) strings.push(value.StringValue);
  const message = JSON.parse(notification.Message) as SnsJsonMessage;
  for (const body of Object.values(message)) strings.push(body);
  const walk = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(JSON.parse(message.sqs));
  for (const value of Object.values(notification.MessageAttributes)) if (value.DataType === 'String.Array') walk(JSON.parse(value.StringValue));
  return strings;
}

describe('SNS character set', () => {
  it.each(HOSTILE.map((text) => [JSON.stringify(text), text]))('a verdict carrying %s publishes only allowed characters', (_label, hostile) => {
    const verdict = makeVerdict({
      message: `msg ${hostile}`,
      workload: { id: `id${hostile}`, name: `name${hostile}`, project: `proj${hostile}`, clusterId: `cl${hostile}`, phase: 'Failed', type: 'training' },
      evidence: [{ text: `evidence ${hostile}`, source: 'get_workload_events' }],
    });
    const notification = buildSnsMessage(verdict, (shown) => `${fakeRenderText(shown)}\nraw ${hostile}`);
    for (const text of everyString(notification)) expect(text).not.toMatch(OUTSIDE_SNS_CHARACTERS);
    // The character is replaced, not dropped: a reader still sees that something was there.
    expect(notification.MessageAttributes.project?.StringValue).toBe(`proj${hostile.replace(/[^ab]/g, '\uFFFD')}`);
  });

  it('keeps tab, line feed, carriage return and astral characters as they are', () => {
    const verdict = makeVerdict({ message: 'tab\there\nline\r\nemoji 😀 U+FFFD \uFFFD' });
    const notification = buildSnsMessage(verdict, 'text\twith\nbreaks 😀');
    const message = JSON.parse(notification.Message) as SnsJsonMessage;
    expect(message.default).toBe('text\twith\nbreaks 😀');
    expect(JSON.parse(message.sqs).message).toBe('tab\there\nline\r\nemoji 😀 U+FFFD \uFFFD');
  });

  it('a digest of such verdicts publishes only allowed characters', () => {
    const entries = HOSTILE.map((hostile, i) => ({
      key: `key-${i}${hostile}`,
      verdict: makeVerdict({
        workload: { id: `id${i}${hostile}`, name: `name${hostile}`, project: `proj${hostile}`, clusterId: `cl${hostile}`, phase: 'Failed', type: 'training' },
        evidence: [{ text: `evidence ${hostile}`, source: 'get_workload_events' }],
      }),
      context: {},
    }));
    const notification = renderDigest(`cl\uFFFE`, entries, { digestThreshold: 2 });
    for (const text of everyString(notification)) expect(text).not.toMatch(OUTSIDE_SNS_CHARACTERS);
  });
});
