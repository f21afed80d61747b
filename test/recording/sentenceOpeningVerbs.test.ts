/**
 * The capital of a sentence's first word is grammar (issue #25, the verbatim damage of the fourth
 * held-out set): an inflected verb opening a sentence and followed by a lower-case word
 * (`Redeployed by …`, `Rolled back …`, pip's `Collecting …`) stays; a name opening a sentence is
 * still pseudonymised — always when it has no verb ending, and when it has one but the recording
 * also writes it as a proper noun inside a sentence.
 */
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';

describe('an inflected verb opening a sentence', () => {
  it.each([
    'Redeployed by the on-call engineer',
    'Rolled back per incident review',
    'INFO 12-06 10:00:00 setup.py:12] Collecting packaging from the index',
    'warmup done. Restarted after the probe',
    '🏃 Uploading artifacts to the store',
  ])('keeps %s', (line) => {
    expect(createAnonymizer([]).text(line)).toBe(line);
  });

  it.each([
    ['a name without a verb ending', 'Priyanka reported the failure', 'Priyanka'],
    ['a verb-shaped name written as a proper noun elsewhere', 'Aldred reported the failure', 'Aldred'],
    ['an inflected word not followed by a lower-case word', 'Pending: Quarled', 'Quarled'],
    ['an inflected word inside a sentence', 'the run for Bramling failed', 'Bramling'],
  ])('replaces %s', (_what, line, name) => {
    const anonymizer = createAnonymizer([{ message: 'escalated to Aldred yesterday' }] as never);
    expect(anonymizer.text(line)).not.toContain(name);
  });
});
