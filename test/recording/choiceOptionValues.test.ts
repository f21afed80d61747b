/**
 * The value of an option that picks one of the program's fixed choices (argparse `choices=`, absl
 * DEFINE_enum) is the program's vocabulary (pseudonymizeWords.ts isChoiceValue), even when a name
 * of the recording contains the same word; a name in any other option, a capitalised value and a
 * word the recording writes as a proper noun are still pseudonymised. Values of this file's own.
 */
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';

describe('choice option values', () => {
  // The workload's name holds the choice's word, so the word alone would read as a name.
  const anonymizer = () => createAnonymizer([{ name: 'tessellate-monomer-ptm' }]);

  it.each([
    ['--model_preset=monomer_ptm', '--model_preset=monomer_ptm'],
    ['--db-preset tessellate', '--db-preset tessellate'],
    ['--attn_implementation=monomer', '--attn_implementation=monomer'],
    ['-mode monomer', '-mode monomer'],
  ])('keeps %s', (line, expected) => {
    expect(anonymizer().text(`python fold.py ${line} --seed 7`)).toBe(`python fold.py ${expected} --seed 7`);
  });

  it.each([
    ['a name in another option', 'python fold.py --target_name=monomer', /--target_name=name-[0-9a-f]{6}/],
    ['a capitalised value', 'python fold.py --model_preset=Tessellate', /--model_preset=name-[0-9a-f]{6}/],
    ['the same word in prose', 'the last monomer run', /^the last name-[0-9a-f]{6} run$/],
  ])('pseudonymises %s', (_what, line, expected) => {
    expect(anonymizer().text(line)).toMatch(expected);
  });

  it('pseudonymises a choice value the recording writes as a proper noun', () => {
    const out = createAnonymizer([{ name: 'quillmarsh-train', message: 'migrated for Quillmarsh last week' }]).text('--tenant_mode=quillmarsh');
    expect(out, out).not.toContain('quillmarsh');
  });
});
