/**
 * The vocabulary `--anonymize` keeps verbatim in free text is generated from the signal tables,
 * the report's literals and the upstream corpora (buildUpstreamVocabulary.ts): a table or corpus
 * changed without regenerating it would keep too little (the replay's failing line loses words)
 * or too much. This test fails when the generated file is stale and prints the command.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildUpstreamVocabulary, REGENERATE_COMMAND, VOCABULARY_FILE } from './buildUpstreamVocabulary.js';

describe('functions/recording/upstreamVocabulary.generated.ts', () => {
  it('is what the generator writes today', { timeout: 60_000 }, () => {
    const fresh = buildUpstreamVocabulary() === readFileSync(VOCABULARY_FILE, 'utf8');
    expect(fresh, `stale upstream vocabulary: regenerate it with \`${REGENERATE_COMMAND}\``).toBe(true);
  });
});
