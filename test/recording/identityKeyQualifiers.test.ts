/**
 * An identity setting's key may end in a qualifier that says which form of the identity its value is
 * (`customer_id`, `OWNER_NAME`, `--team-name`, OAuth's `login_hint`, `repo_id`): the word before the
 * qualifier decides (replaceInfrastructureIdentifiers.ts lastWord), so the value is pseudonymised as
 * the bare key's is. A qualifier after a word that names no identity (`model_name`, `run_id`) stays.
 * A number under a person's or an organisation's `…_id` is that identity (`--author-id <Semantic Scholar
 * id>`, `user_id=1234`): it gets the pseudonym the same id has in a URL's identity slot; a machine's
 * number (`node_id=3`) and a count (`--num-users 4`) stay. Values of this file's own.
 */
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';

const anonymize = (line: string): string => createAnonymizer([{ name: 'train-42' }]).text(line);

describe('identity keys with a qualifier', () => {
  it.each([
    ['customer_id=quorvane', /^customer_id=name-[0-9a-f]{6}$/],
    ['OWNER_ID=qdellsmith', /^OWNER_ID=user-[0-9a-f]{6}$/],
    ['owner_name: qdellsmith', /^owner_name: user-[0-9a-f]{6}$/],
    ['--team-name quorvane', /^--team-name name-[0-9a-f]{6}$/],
    ['login_hint=qdellsmith&prompt=consent', /^login_hint=user-[0-9a-f]{6}&prompt=consent$/],
    ['{"customerName": "quorvane"}', /^\{"customerName": "name-[0-9a-f]{6}"\}$/],
    ['repo_id=quorvane/llama-ft', /^repo_id=repo-[0-9a-f]{6}$/],
  ])('pseudonymises the value of %s', (line, expected) => {
    expect(anonymize(line)).toMatch(expected);
  });

  it.each(['model_name=llama', 'run_id=abc123', 'node_id=3', 'run_id=12345', '--num-users 4', 'USER=1000', 'job_id=88412'])('keeps %s', (line) => {
    expect(anonymize(line)).toBe(line);
  });

  // The key's spellings (flag, env, JSON, a Python dict, camelCase) × the identity words × id lengths.
  const ID_KEYS = [
    (word: string, id: string) => `--${word}-id ${id}`,
    (word: string, id: string) => `--${word}_id=${id}`,
    (word: string, id: string) => `${word.toUpperCase()}_ID=${id}`,
    (word: string, id: string) => `{"${word}Id": "${id}"}`,
    (word: string, id: string) => `{'${word}_id': '${id}'}`,
  ];
  const ID_WORDS = ['author', 'user', 'owner', 'customer', 'account', 'org'];
  const IDS = ['0089210644', '1234', '40213', '731290458812'];
  it.each(ID_KEYS.flatMap((key) => ID_WORDS.flatMap((word) => IDS.map((id) => [key(word, id), id] as const))))('replaces the number in %s', (line, id) => {
    const out = anonymize(line);
    expect(out).not.toContain(id);
    expect(out).toMatch(/(?:user|name)-[0-9a-f]{6}/);
  });

  it('a numeric id reads the same after its flag and in its profile URL', () => {
    const anonymizer = createAnonymizer([{ name: 'train-42' }]);
    const flag = /user-[0-9a-f]{6}/.exec(anonymizer.text('--author-id 0089210644'))?.[0];
    const url = anonymizer.text('https://www.semanticscholar.org/author/Jelna-Qorvatt/0089210644');
    expect(flag).toBeDefined();
    expect(url.endsWith(`/${flag!}`)).toBe(true);
  });

  it('the name a qualified key gives is a name alone in prose too', () => {
    const anonymizer = createAnonymizer([{ name: 'train-42', message: 'customer_id=quorvane' }]);
    expect(anonymizer.text('streaming quorvane shards')).toMatch(/^streaming name-[0-9a-f]{6} shards$/);
  });
});
