/**
 * A summary that only says a tool stops (genericSummary.ts) yields to the tool diagnostic printed
 * before it in the GNU shape `program: [operand: ]message`, even without an error word (the GNU
 * Coding Standards "Formatting Error Messages"; bminor/glibc misc/error.c). A child's exit report
 * between them (GNU tar's `Child returned status N`, gnu tar src/system.c sys_wait_for_child) is a
 * consequence. Generated as compressor diagnostic × archive tool summary × log prefix: gzip's
 * "%s: %s: not in gzip format" (gzip.c get_method), xz's "%s: %s: File format not recognized"
 * (tukaani xz src/xz/message.c, coder.c), bzip2's "%s: %s is not a bzip2 file." (bzip2.c); tar's
 * "Error is not recoverable: exiting now" (gnu tar src/tar.c / lib fatal_exit). The file names are
 * written for these tests.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 2 (Error): ${output}`;
const quoteOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload?.text ?? '';

const DIAGNOSTICS = ['gzip: stdin: not in gzip format', 'xz: (stdin): File format not recognized', 'bzip2: (stdin) is not a bzip2 file.'];
const SUMMARIES: Record<string, string[]> = {
  'tar child + fatal': ['tar: Child returned status 1', 'tar: Error is not recoverable: exiting now'],
  'tar fatal only': ['tar: Error is not recoverable: exiting now'],
};
const PREFIXES: Record<string, (line: string) => string> = {
  none: (line) => line,
  timestamp: (line) => `2026-12-03T10:41:22.118443Z ${line}`,
};

describe('a tool diagnostic without an error word is the cause of the summary after it', () => {
  for (const diagnostic of DIAGNOSTICS) {
    for (const [summary, lines] of Object.entries(SUMMARIES)) {
      for (const [prefix, put] of Object.entries(PREFIXES)) {
        it(`${diagnostic.split(':')[0]} then ${summary}, prefix ${prefix}`, () => {
          const text = ['+ tar -xaf /data/checkpoint.tar -C /ckpt', diagnostic, ...lines].map(put).join('\n');
          expect(quoteOf(exit(text))).toContain(diagnostic.slice(diagnostic.indexOf(':') + 2));
        });
      }
    }
  }
  it('a level word is no program: "error: …" before the summary is read by its own rules', () => {
    expect(quoteOf(exit(['warning: skipping /data/old', 'tar: Error is not recoverable: exiting now'].join('\n')))).not.toContain('skipping');
  });
});
