/**
 * Ordinary English words written capitalised or joined are language, not names (issue #25's
 * verbatim rule): a UI label (`View run`), a header key (`Author:`), a word opening a line. A
 * name that is also a word is decided by where it stands: after a key that introduces a person
 * (`Author:`, `owner=`, `cc`, `by`) or beside another name (`Priya Hunter`), it is a name; an
 * upstream word stays there too (`evicted by Kubelet`).
 */
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';

const anonymize = (text: string): string => createAnonymizer([] as never).text(text);

describe('capitalised and joined English words', () => {
  it.each(['View run details', 'Open the Author column', 'Waiting for the Data to arrive', 'Summary written to report_files/final_summary.txt'])(
    'keeps %s',
    (line) => {
      expect(anonymize(line)).toBe(line);
    },
  );

  it.each([
    ['Author: Rose Smith', /^Author: \S+ name-[0-9a-f]{6}$/],
    ['cc Bill Hunter', /^cc name-[0-9a-f]{6} name-[0-9a-f]{6}$/],
    ['reviewed by Hunter', /^reviewed by name-[0-9a-f]{6}$/],
    ['Priya Summer joined', /^name-[0-9a-f]{6} name-[0-9a-f]{6} joined$/],
  ])('pseudonymises a word-like name in a name slot: %s', (line, shape) => {
    const out = anonymize(line);
    expect(out).toMatch(shape);
    expect(out).not.toMatch(/Rose|Smith|Bill|Hunter|Grace|Priya|Summer/);
  });

  it('gives a name the same pseudonym in a slot and beside another name', () => {
    const anonymizer = createAnonymizer([] as never);
    const inSlot = /cc (\S+)/.exec(anonymizer.text('cc Hunter'))![1];
    expect(anonymizer.text('Priya Hunter')).toContain(inSlot);
  });
});
