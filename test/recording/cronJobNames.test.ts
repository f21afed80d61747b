/**
 * A pseudonym's digest is six hex digits; a name with a longer numeric tail is someone's, not the
 * anonymizer's: a CronJob's Job `<cronjob>-<scheduled minutes>` (kubernetes/kubernetes
 * pkg/controller/cronjob/utils.go getJobName) keeps no customer word. Generated: invented customer
 * words × job name shapes × minute suffixes; controls: pseudonyms the anonymizer wrote stay.
 */
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';
import { seededRandom } from '../support/seededRandom.js';

const next = seededRandom(0xc120);
const draw = (length: number, alphabet: string): string => Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
/** Invented words: consonant-vowel syllables, no English word. */
const customer = (): string => Array.from({ length: 3 }, () => `${draw(1, 'bdfgklmnprstvz')}${draw(1, 'aeiou')}`).join('') + draw(1, 'lnrx');
const SHAPES = [(c: string) => `nightly-${c}-retrain`, (c: string) => `${c}-etl`, (c: string) => `${c}`, (c: string) => `backup-${c}-shards`];

describe('CronJob Job names and pseudonym shapes', () => {
  const cases = SHAPES.flatMap((shape) =>
    Array.from({ length: 10 }, () => {
      const word = customer();
      const minutes = String(29_000_000 + Math.floor(next() * 999_999));
      return { word, text: `Created job ${shape(word)}-${minutes}`, minutes };
    }),
  );

  it.each(cases.map((item) => [item.text, item.word, item.minutes]))('%s loses %s and keeps its minutes', (text, word, minutes) => {
    const out = createAnonymizer([{ name: 'train-42' }]).text(text);
    expect(out).not.toContain(word);
    expect(out).toMatch(new RegExp(`^Created job [a-z0-9-]+-${minutes}$`));
  });

  it('a pseudonym the anonymizer wrote stays, alone and with a controller suffix', () => {
    const anonymizer = createAnonymizer([{ name: 'train-42' }]);
    for (const line of ['pod name-1a2b3c started', 'pod workload-1a2b3c-00001-deployment-6d8f7b9c5-q7x2m started']) expect(anonymizer.text(line)).toBe(line);
  });
});
