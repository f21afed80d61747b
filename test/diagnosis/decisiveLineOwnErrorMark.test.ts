/**
 * The same fault met in passing and stated as the program's own error is quoted where the program
 * says it is its error (ownErrorMark.ts). Formats: wget's progress "HTTP request sent, awaiting
 * response... %d %s" then "%s ERROR %d: %s." (mirror/wget src/http.c gethttp, http_loop); git's
 * sideband relay "remote: <server text>" (git/git sideband.c) then "fatal: repository '%s' not found"
 * (git/git remote-curl.c discover_refs, usage.c die_routine); curl's "curl: (22) The requested URL
 * returned error: 404" is one line only and needs no pair. URLs are written for these tests.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 8 (Error): ${output}`;
const quoteOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload?.text ?? '';

const CASES: Record<string, { lines: string[]; quoted: string }> = {
  'wget 404': {
    lines: [
      '--2026-12-03 10:41:22--  https://data.example.org/v3/corpus.jsonl.gz',
      'Connecting to data.example.org (data.example.org)|203.0.113.17|:443... connected.',
      'HTTP request sent, awaiting response... 404 Not Found',
      '2026-12-03 10:41:22 ERROR 404: Not Found.',
    ],
    quoted: 'ERROR 404: Not Found.',
  },
  'wget 403': {
    lines: ['HTTP request sent, awaiting response... 403 Forbidden', '2026-12-03 10:41:22 ERROR 403: Forbidden.'],
    quoted: 'ERROR 403: Forbidden.',
  },
  'git not found': {
    lines: ["Cloning into 'data'...", 'remote: Repository not found.', "fatal: repository 'https://git.example.org/team/data.git/' not found"],
    quoted: "fatal: repository 'https://git.example.org/team/data.git/' not found",
  },
};
const PREFIXES: Record<string, (line: string) => string> = {
  none: (line) => line,
  'srun label': (line) => `0: ${line}`,
};

describe("a fault met in passing yields to the program's own error for it", () => {
  for (const [name, { lines, quoted }] of Object.entries(CASES)) {
    for (const [prefix, put] of Object.entries(PREFIXES)) {
      it(`${name}, prefix ${prefix}`, () => {
        expect(quoteOf(exit(lines.map(put).join('\n')))).toContain(quoted);
      });
    }
  }
  it('two different faults keep the earliest (root before consequence)', () => {
    const text = ['open /data/shard-7.bin: no such file or directory', 'ERROR: upload failed: 403 Forbidden'].join('\n');
    expect(quoteOf(exit(text))).toContain('no such file or directory');
  });
});
