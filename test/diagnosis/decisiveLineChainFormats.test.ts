/**
 * The decisive line over exception chains as eight runtimes print them (chainFormats.ts): runtime ×
 * structure × position of the chain in the output × relay prefix × statement. Each case checks the
 * structure's one principle: the quote holds every specific of the link the principle names. Before
 * the rules of commit e066ab6 621/756 of the first five structures passed (groups 18/108,
 * during-handling 27/54, restating 198/216); three-links was 315/324 before its Node fix.
 */
import { describe, expect, it } from 'vitest';
import { chainCases, quotedAsLog, quotedAsMessage } from './chainFormats.js';

const CASES = chainCases();

describe('decisive line over generated runtime chains', () => {
  it('generates every runtime and structure', () => {
    // A renderer that stops producing cases would pass vacuously: the generator's size is part of the check.
    expect(CASES.length).toBe(1980);
    expect(new Set(CASES.map((chain) => chain.runtime)).size).toBe(8);
    expect(new Set(CASES.map((chain) => chain.structure)).size).toBe(7);
  });

  describe.each(CASES.map((chain) => [chain.name, chain] as const))('%s', (_name, chain) => {
    it('quotes the link its structure names, as a message and as a log tail', () => {
      for (const quote of [quotedAsMessage(chain), quotedAsLog(chain)]) {
        expect(quote).not.toBeNull();
        for (const part of chain.expected) expect(quote).toContain(part);
      }
    });
  });
});
