import { describe, expect, it } from 'vitest';
import { VerdictSchema, type Verdict } from '../../functions/core/verdict.js';
import { buildSnsMessage, verdictSubject } from '../../functions/delivery/buildSnsMessage.js';
import { jsonStringBytes } from '../../functions/delivery/fitTextToJsonBytes.js';
import { SNS_MAX_PAYLOAD_BYTES, snsJsonMessage, snsPayloadBytes, type SnsJsonMessage, type SnsNotification } from '../../functions/delivery/SnsNotification.js';
import { SNS_SUBJECT_MAX_CHARS } from '../../functions/delivery/toSnsSubject.js';
import { wellFormed } from '../../functions/delivery/wellFormed.js';
import { fakeRenderText, makeVerdict } from './verdictFixture.js';

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function parts(notification: SnsNotification): { message: SnsJsonMessage; verdict: Verdict } {
  const message = JSON.parse(notification.Message) as SnsJsonMessage;
  return { message, verdict: VerdictSchema.parse(JSON.parse(message.sqs)) };
}

function expectValidSubject(subject: string) {
  expect(subject).toMatch(PRINTABLE_ASCII);
  expect(subject.length).toBeLessThanOrEqual(SNS_SUBJECT_MAX_CHARS);
  expect(subject).not.toMatch(/[\r\n]/);
}

describe('subject', () => {
  it('reads like the design example for a recurring diagnosed failure', () => {
    expect(verdictSubject(makeVerdict())).toBe('[OOM_KILLED] training-job-42 (ml-team) recurring 3x/7d');
  });

  it('omits the recurrence when the failure is not recurring, and shows hours for sub-day windows', () => {
    expect(verdictSubject(makeVerdict({ recurrence: { count: 1, lookbackDays: 7, recurring: false } }))).toBe('[OOM_KILLED] training-job-42 (ml-team)');
    expect(verdictSubject(makeVerdict({ recurrence: { count: 2, lookbackDays: 1.5, recurring: true } }))).toBe(
      '[OOM_KILLED] training-job-42 (ml-team) recurring 2x/36h',
    );
  });

  it('names the route, stop reason or missing input for the other outcomes', () => {
    const routed = makeVerdict({ outcome: 'routed', category: null, route: 'runai-diagnose-preempted-workload', recurrence: null });
    expect(verdictSubject(routed)).toBe('[ROUTED preempted] training-job-42 (ml-team)');
    const pending = makeVerdict({ outcome: 'routed', category: null, route: 'runai-diagnose-pending-workload', recurrence: null });
    expect(verdictSubject(pending)).toBe('[ROUTED pending] training-job-42 (ml-team)');
    const stopped = makeVerdict({ outcome: 'stopped', category: null, stopReason: 'CLUSTER_MISMATCH', recurrence: null });
    expect(verdictSubject(stopped)).toBe('[STOPPED cluster-mismatch] training-job-42 (ml-team)');
    const needsInput = makeVerdict({ outcome: 'needs_input', category: null, workload: null, recurrence: null, evidence: [] });
    expect(verdictSubject(needsInput, { workloadName: 'my-job', project: 'proj' })).toBe('[NEEDS INPUT] my-job (proj)');
    expect(verdictSubject(needsInput)).toBe('[NEEDS INPUT] unidentified workload');
  });

  it('transliterates accents, replaces emoji, and turns every line break or control char into a space', () => {
    const verdict = makeVerdict({
      workload: { ...makeVerdict().workload!, name: 'modèle-entraînement\r\nBcc: evil@example.com\u2028ß\t🚀job\u0007', project: 'ｍｌ–équipe' },
    });
    const subject = verdictSubject(verdict);
    expectValidSubject(subject);
    expect(subject).toBe('[OOM_KILLED] modele-entrainement Bcc: evil@example.com ss ?job (ml-equipe) recurring 3x/7d');
  });

  it('shortens a long name in the middle, keeping the tag and the recurrence', () => {
    const verdict = makeVerdict({ workload: { ...makeVerdict().workload!, name: `job-${'x'.repeat(300)}` } });
    const subject = verdictSubject(verdict);
    expectValidSubject(subject);
    expect(subject.length).toBe(SNS_SUBJECT_MAX_CHARS);
    expect(subject.startsWith('[OOM_KILLED] job-xxx')).toBe(true);
    expect(subject.endsWith('... recurring 3x/7d')).toBe(true);
  });

  it('never returns an empty or invalid subject, whatever the name', () => {
    for (const name of ['', '\n\n', '🚀🚀🚀', '\u0000', 'a'.repeat(5000), '漢字のジョブ名']) {
      const verdict = makeVerdict({ workload: { ...makeVerdict().workload!, name, project: name || null } });
      expectValidSubject(verdictSubject(verdict));
    }
  });
});

describe('attributes', () => {
  it('carries category, outcome, recurring, clusterId, project and audience as non-empty Strings', () => {
    const { MessageAttributes } = buildSnsMessage(makeVerdict(), fakeRenderText);
    expect(MessageAttributes).toEqual({
      kind: { DataType: 'String', StringValue: 'verdict' },
      category: { DataType: 'String', StringValue: 'OOM_KILLED' },
      outcome: { DataType: 'String', StringValue: 'diagnosed' },
      recurring: { DataType: 'String', StringValue: 'true' },
      clusterId: { DataType: 'String', StringValue: 'cluster-a' },
      project: { DataType: 'String', StringValue: 'ml-team' },
      audience: { DataType: 'String', StringValue: 'user' },
    });
  });

  it('publishes who must act as the audience attribute, for subscriptions to filter on', () => {
    const nodeFault = makeVerdict({ category: 'NODE_FAILURE', audience: 'platform' });
    expect(buildSnsMessage(nodeFault, fakeRenderText).MessageAttributes.audience).toEqual({ DataType: 'String', StringValue: 'platform' });
    const routed = makeVerdict({ outcome: 'routed', category: null, route: 'runai-diagnose-preempted-workload', audience: 'none' });
    expect(buildSnsMessage(routed, fakeRenderText).MessageAttributes.audience?.StringValue).toBe('none');
  });

  it('uses NONE, false and unknown (never an empty value) when the verdict lacks them', () => {
    const verdict = makeVerdict({ outcome: 'needs_input', category: null, workload: null, recurrence: null, evidence: [] });
    const bare = buildSnsMessage(verdict, 'text').MessageAttributes;
    expect(bare.category?.StringValue).toBe('NONE');
    expect(bare.recurring?.StringValue).toBe('false');
    expect(bare.clusterId?.StringValue).toBe('unknown');
    expect(bare.project?.StringValue).toBe('unknown');
    const withRequest = buildSnsMessage(verdict, 'text', { clusterId: 'cluster-b', project: 'vision' }).MessageAttributes;
    expect(withRequest.clusterId?.StringValue).toBe('cluster-b');
    expect(withRequest.project?.StringValue).toBe('vision');
    for (const value of Object.values(bare)) expect(value.StringValue.length).toBeGreaterThan(0);
  });
});

describe('message', () => {
  it('is json-structured: the text once under default (email has no key: SNS sends it default), the verdict JSON for https/sqs/lambda', () => {
    const verdict = makeVerdict();
    const notification = buildSnsMessage(verdict, fakeRenderText);
    expect(notification.MessageStructure).toBe('json');
    const message = JSON.parse(notification.Message) as SnsJsonMessage;
    expect(Object.keys(message).sort()).toEqual(['default', 'https', 'lambda', 'sqs']);
    expect(message.default).toBe(fakeRenderText(verdict));
    expect(message.https).toBe(message.sqs);
    expect(message.lambda).toBe(message.sqs);
    expect(JSON.parse(message.sqs)).toEqual(verdict);
    expect(JSON.parse(message.sqs).truncated).toBeUndefined();
  });

  it('replaces lone surrogates so the message is valid UTF-8', () => {
    const verdict = makeVerdict({ message: 'bad \uD800 half' });
    const notification = buildSnsMessage(verdict, 'text \uDC00 end');
    const { message } = parts(notification);
    expect(message.default).toBe('text \uFFFD end');
    expect(JSON.parse(message.sqs).message).toBe('bad \uFFFD half');
    expect(Buffer.from(notification.Message, 'utf8').toString('utf8')).toBe(notification.Message);
  });
});

describe('size guard (256 KiB including attributes)', () => {
  const manyEvidence = (count: number) =>
    makeVerdict({
      evidence: Array.from({ length: count }, (_, i) => ({
        text: `event ${i}: Back-off restarting failed container "main" — état «échec» 🚀 ${'é'.repeat(40)}\n`,
        source: 'get_workload_status',
      })),
    });

  it('drops evidence from the end, marks the verdict truncated and says so in the re-rendered text', () => {
    const verdict = manyEvidence(4000);
    const notification = buildSnsMessage(verdict, fakeRenderText);
    const size = snsPayloadBytes(notification);
    expect(size).toBeLessThanOrEqual(SNS_MAX_PAYLOAD_BYTES);
    const { message, verdict: sent } = parts(notification);
    expect(sent.truncated).toBe(true);
    expect(sent.evidence.length).toBeGreaterThan(0);
    expect(sent.evidence).toEqual(verdict.evidence.slice(0, sent.evidence.length));
    const omitted = verdict.evidence.length - sent.evidence.length;
    expect(message.default).toBe(`${fakeRenderText(sent)}\n[truncated: ${omitted} evidence items omitted]`);
    // Maximal: with one more evidence item it would not have fitted.
    const oneMore = { ...sent, evidence: verdict.evidence.slice(0, sent.evidence.length + 1) };
    const bigger = {
      ...notification,
      Message: snsJsonMessage(`${fakeRenderText(oneMore)}\n[truncated: ${omitted - 1} evidence items omitted]`, JSON.stringify(oneMore)),
    };
    expect(snsPayloadBytes(bigger)).toBeGreaterThan(SNS_MAX_PAYLOAD_BYTES);
  });

  it('counts the message, the subject and every attribute name, type and value', () => {
    const verdict = manyEvidence(4000);
    verdict.workload = { ...verdict.workload!, project: 'p'.repeat(250) };
    const notification = buildSnsMessage(verdict, fakeRenderText);
    let attributeBytes = 0;
    for (const [name, value] of Object.entries(notification.MessageAttributes))
      attributeBytes += name.length + value.DataType.length + value.StringValue.length;
    expect(Buffer.byteLength(notification.Message) + notification.Subject.length + attributeBytes).toBe(snsPayloadBytes(notification));
    expect(snsPayloadBytes(notification)).toBeLessThanOrEqual(SNS_MAX_PAYLOAD_BYTES);
  });

  it('cuts one giant text byte-accurately at a code point boundary, with a visible marker', () => {
    const unit = 'a€😀"\n\u0001é'; // 1, 3, 4 bytes; escaped quote, newline and control char
    const giant = `Category: CRASH_APP_ERROR\n${unit.repeat(60_000)}`;
    const verdict = makeVerdict({ evidence: [{ text: 'exit code 1', source: 'get_workload_status' }] });
    const notification = buildSnsMessage(verdict, giant);
    const size = snsPayloadBytes(notification);
    expect(size).toBeLessThanOrEqual(SNS_MAX_PAYLOAD_BYTES);
    expect(size).toBeGreaterThan(SNS_MAX_PAYLOAD_BYTES - 64); // tight: the budget is computed, not guessed
    const { message, verdict: sent } = parts(notification);
    expect(sent).toEqual(verdict); // the JSON verdict was small enough to keep whole
    const markerAt = message.default.lastIndexOf('\n[truncated: report cut at ');
    expect(markerAt).toBeGreaterThan(0);
    const kept = message.default.slice(0, markerAt);
    // The control character is outside SNS's character set, so it is sent (and counted) as U+FFFD.
    const sendable = wellFormed(giant);
    expect(sendable.startsWith(kept)).toBe(true);
    expect(kept).not.toMatch(LONE_SURROGATE);
    expect(message.default).toMatch(new RegExp(`cut at ${Buffer.byteLength(kept)} of ${Buffer.byteLength(sendable)} bytes`));
    expect(Object.keys(message).sort()).toEqual(['default', 'https', 'lambda', 'sqs']);
  });

  it('never splits a multi-byte char or surrogate pair at any limit, and is maximal', () => {
    const text = 'é😀€a'.repeat(200);
    const verdict = makeVerdict({ evidence: [] });
    const base = snsPayloadBytes(buildSnsMessage(verdict, ''));
    const markerBytes = 2 * jsonStringBytes('\n[truncated: report cut at 1000 of 2000 bytes to fit the SNS message size limit]');
    for (let limit = base + markerBytes + 10; limit < base + markerBytes + 80; limit += 1) {
      const notification = buildSnsMessage(verdict, text, {}, limit);
      expect(snsPayloadBytes(notification)).toBeLessThanOrEqual(limit);
      const { message } = parts(notification);
      const kept = message.default.slice(0, message.default.lastIndexOf('\n[truncated:'));
      expect(text.startsWith(kept)).toBe(true);
      expect(kept).not.toMatch(LONE_SURROGATE);
      const next = Array.from(text.slice(kept.length))[0]!;
      // Adding the next code point (once: the text travels in `default` only) would have crossed the
      // limit, give or take a digit of the marker's byte count.
      expect(snsPayloadBytes(notification) + Buffer.byteLength(next)).toBeGreaterThan(limit - 6);
    }
  });

  it('keeps evidence in the JSON up to half the budget when the text has to be cut', () => {
    const verdict = manyEvidence(4000);
    const notification = buildSnsMessage(verdict, `Category: OOM_KILLED\n${'x'.repeat(400_000)}`);
    expect(snsPayloadBytes(notification)).toBeLessThanOrEqual(SNS_MAX_PAYLOAD_BYTES);
    const { message, verdict: sent } = parts(notification);
    expect(sent.truncated).toBe(true);
    expect(sent.evidence.length).toBeGreaterThan(10);
    expect(message.default).toContain('evidence items omitted from the attached JSON verdict');
    expect(message.default).toContain('[truncated: report cut at');
  });

  it('shortens the verdict itself when even its free text is oversized', () => {
    const verdict = makeVerdict({ message: 'm'.repeat(300_000), limitations: Array.from({ length: 50 }, () => 'l'.repeat(10_000)) });
    const notification = buildSnsMessage(verdict, fakeRenderText);
    expect(snsPayloadBytes(notification)).toBeLessThanOrEqual(SNS_MAX_PAYLOAD_BYTES);
    const { message, verdict: sent } = parts(notification);
    expect(sent.truncated).toBe(true);
    expect(sent.message.length).toBeLessThan(1000);
    expect(message.default).toContain('[truncated: verdict text fields shortened');
  });

  // runaiMutations (seed 4242, case 2576) found it: a Run:ai pod answer whose node name was a
  // 61,080-character string. The node name travels in the verdict JSON three times (https, sqs,
  // lambda), and no step shortened it: "cannot fit a verdict notification into 262144 bytes".
  it('fits a verdict whose node name is a huge hostile string, keeping the category, the ids and the first evidence line', () => {
    const verdict = makeVerdict({
      category: 'UNKNOWN',
      node: { name: 'ä€😀'.repeat(20_360), suspect: null },
      recommendations: ['Inspect the pod directly.'],
      recommendationIds: ['inspect-pod'],
      limitations: ['History could not be retrieved.'],
      limitationIds: ['historyUnavailable'],
    });
    const notification = buildSnsMessage(verdict, fakeRenderText, { clusterId: 'cluster-a', occurrenceKey: 'cluster-a#wl-42#2026-12-02T16:00:00Z' });
    expect(snsPayloadBytes(notification)).toBeLessThanOrEqual(SNS_MAX_PAYLOAD_BYTES);
    const { message, verdict: sent } = parts(notification);
    expect(sent).toMatchObject({
      outcome: 'diagnosed',
      category: 'UNKNOWN',
      audience: 'user',
      truncated: true,
      occurrenceKey: 'cluster-a#wl-42#2026-12-02T16:00:00Z',
    });
    expect(sent.evidence[0]).toEqual(verdict.evidence[0]);
    expect(sent.recommendationIds).toEqual(sent.recommendationIds.slice(0, sent.recommendations.length));
    expect(sent.recommendationIds.length).toBe(sent.recommendations.length);
    expect(sent.limitationIds.length).toBe(sent.limitations.length);
    expect(Array.from(sent.node!.name).length).toBeLessThanOrEqual(256); // a Kubernetes name's 253, and '...'
    expect(sent.node?.name.startsWith('ä€😀ä€😀')).toBe(true);
    expect(notification.MessageAttributes.category?.StringValue).toBe('UNKNOWN');
    expect(message.default).toContain('[truncated: verdict text fields shortened');
  });

  it('fits any verdict whatsoever: every free-text field, list and attribute huge at once', () => {
    const huge = (seed: string) => `${seed}"\\\n\u0001😀`.repeat(5_000);
    const verdict = makeVerdict({
      category: 'SCHEDULING_POLICY_TERMINATED',
      workload: { id: huge('i'), name: huge('n'), project: huge('p'), clusterId: huge('c'), phase: huge('ph'), type: huge('t') },
      evidence: Array.from({ length: 8 }, (_, i) => ({ text: huge(`e${i}`), source: huge('s') })),
      recommendations: Array.from({ length: 8 }, () => huge('r')),
      recommendationIds: Array.from({ length: 8 }, (_, i) => `rec-${i}`),
      limitations: Array.from({ length: 8 }, () => huge('l')),
      limitationIds: Array.from({ length: 8 }, (_, i) => `lim-${i}`),
      message: huge('m'),
      failingLine: huge('f'),
      node: { name: huge('node'), suspect: { failures: 3, submitters: 2, windowHours: 24, hardwareXid: 79 } },
    });
    const context = { clusterId: huge('ctx'), project: huge('proj'), workloadName: huge('w'), occurrenceKey: huge('k') };
    const notification = buildSnsMessage(verdict, fakeRenderText, context);
    expect(snsPayloadBytes(notification)).toBeLessThanOrEqual(SNS_MAX_PAYLOAD_BYTES);
    const { verdict: sent } = parts(notification);
    expect(sent).toMatchObject({ outcome: 'diagnosed', category: 'SCHEDULING_POLICY_TERMINATED', audience: 'user', truncated: true });
    expect(sent.node?.suspect).toEqual(verdict.node?.suspect);
    expect(sent.evidence).toHaveLength(1);
    expect(wellFormed(verdict.evidence[0]!.text).startsWith(sent.evidence[0]!.text.replace(/\.\.\.$/, ''))).toBe(true);
    expect(sent.recommendationIds.length).toBe(sent.recommendations.length);
    expect(sent.limitationIds.length).toBe(sent.limitations.length);
    for (const value of Object.values(notification.MessageAttributes)) expect(value.StringValue.length).toBeGreaterThan(0);
  });
});
