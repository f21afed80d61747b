/**
 * An identity setting's key may end in a qualifier that says which form of the identity its value is
 * (`customer_id`, `OWNER_NAME`, `--team-name`, OAuth's `login_hint`, `repo_id`): the word before the
 * qualifier decides (replaceInfrastructureIdentifiers.ts lastWord), so the value is pseudonymised as
 * the bare key's is. A qualifier after a word that names no identity (`model_name`, `run_id`) and a
 * number (`user_id=1234`) stay. Values of this file's own.
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

  it.each(['model_name=llama', 'run_id=abc123', 'user_id=1234', 'node_id=3'])('keeps %s', (line) => {
    expect(anonymize(line)).toBe(line);
  });

  it('the name a qualified key gives is a name alone in prose too', () => {
    const anonymizer = createAnonymizer([{ name: 'train-42', message: 'customer_id=quorvane' }]);
    expect(anonymizer.text('streaming quorvane shards')).toMatch(/^streaming name-[0-9a-f]{6} shards$/);
  });
});
