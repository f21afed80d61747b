/**
 * A person named in lower case as the agent of a passive (issue #25): `owned by jan kowal`. The
 * word rule keeps lower-case words as the program's, so the name is found by the clause that
 * carries it: a past participle, `by`, and two words upstream does not write, ending the clause.
 */
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';

describe('a lower-case name as the agent of a passive', () => {
  it.each([
    ['owned by', 'warmup owned by ilse brandvik', ['ilse', 'brandvik']],
    ['reviewed by, before punctuation', 'config reviewed by tomas quirke; merged', ['tomas', 'quirke']],
  ])('replaces the name after %s', (_what, line, planted) => {
    const out = createAnonymizer([]).text(line);
    for (const value of planted) expect(out, out).not.toContain(value);
    expect(out).toMatch(/by name-[0-9a-f]{6} name-[0-9a-f]{6}/);
  });

  it.each([
    'Container killed by signal 9; restarted by kubelet',
    'throttled caused by memory pressure',
    'warmup owned by ilse brandvik since the last release',
    'Successfully assigned default/x to node-1',
  ])('keeps %s', (line) => {
    expect(createAnonymizer([]).text(line)).toBe(line);
  });
});
