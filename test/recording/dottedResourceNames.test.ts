/**
 * A resource name joined by dots and hyphens (a Kafka topic `<customer>.docking-results.v3`, a
 * BigQuery table, a RabbitMQ vhost) keeps its structure and loses its customer word, the same
 * pseudonym in every place (pseudonymizeWords.ts isNameInDottedResource). Generated: invented
 * customer words × name shapes; controls: code paths, packages and files keep every word.
 */
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';
import { seededRandom } from '../support/seededRandom.js';

const next = seededRandom(0xd0773d);
const draw = (length: number, alphabet: string): string => Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
const customer = (): string => Array.from({ length: 3 }, () => `${draw(1, 'bdfgklmnprstvz')}${draw(1, 'aeiou')}`).join('') + draw(1, 'lnrx');
const SHAPES = [
  (c: string) => `${c}.docking-results.v3`,
  (c: string) => `prod.${c}-results.hits`,
  (c: string) => `events.${c}.model-scores`,
  (c: string) => `${c}.training-data.v12`,
];

describe('customer words in dotted resource names', () => {
  const cases = SHAPES.flatMap((shape) =>
    Array.from({ length: 8 }, () => {
      const word = customer();
      return { word, name: shape(word) };
    }),
  );

  it.each(cases.map((item) => [item.name, item.word]))('%s loses %s, keeps its structure, one pseudonym in two places', (name, word) => {
    const anonymizer = createAnonymizer([{ name: 'train-42' }]);
    const first = anonymizer.text(`consumer --topic ${name} started`);
    const second = anonymizer.text(`lag on ${name}: 0`);
    expect(first).not.toContain(word);
    const replaced = /--topic (\S+) started/.exec(first)![1]!;
    // The customer word alone is replaced (by a pseudonym `kind-xxxxxx`); dots, hyphens and the other words stay.
    const escaped = name.replace(/[.]/g, '\\.').replace(word, '[a-z]+-[0-9a-f]{6}');
    expect(replaced).toMatch(new RegExp(`^${escaped}$`));
    expect(second).toBe(`lag on ${replaced}: 0`);
  });

  it.each([
    'import torch.nn.functional as F',
    'File "/usr/lib/python3/site-packages/ray/_private/worker.py", line 2',
    'Installed ray-2.9.0.dist-info',
    'loading checkpoint model-00001-of-00004.safetensors',
    'torch.distributed.elastic.multiprocessing.errors.ChildFailedError',
  ])('keeps %s', (line) => {
    expect(createAnonymizer([{ name: 'train-42' }]).text(line)).toBe(line);
  });
});
