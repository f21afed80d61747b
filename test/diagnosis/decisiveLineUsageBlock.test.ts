/**
 * An error printed above a usage block (usageBlock.ts): the error is the statement, the block is
 * help text. Generated as parser × log format × error, in the shapes of Go's flag package
 * (golang/go src/flag/flag.go failf + defaultUsage) and cobra (spf13/cobra command.go ExecuteC,
 * UsageTemplate); the programs and flags are written for these tests. The Go flag cases fail
 * without the rule (no line ranked: the system's carrier was quoted); cobra's `Error:` line already
 * ranked, and guards that the block's "error" words never outrank it.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 2 (Error): ${output}`;
const payloadOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload;

const FORMATS: Record<string, (line: string) => string> = {
  bare: (line) => line,
  stern: (line) => `[pod/demo-0-0/main] ${line}`,
};

const PARSERS: Record<string, (error: string) => string[]> = {
  goFlag: (error) => [
    error,
    'Usage of /usr/local/bin/exporter:',
    '  -fail-on-error',
    '    \texit with an error when any shard fails to upload',
    '  -workers int',
    '    \tparallel uploads (default 4)',
  ],
  cobra: (error) => [
    `Error: ${error}`,
    'Usage:',
    '  exporter sync [flags]',
    '',
    'Flags:',
    '  -h, --help              help for sync',
    '      --strict            treat every warning as an error',
    '',
    'Global Flags:',
    '      --log-level string   log level (default "info")',
  ],
};

const ERRORS = ['flag provided but not defined: -output-dir', 'invalid value "many" for flag -workers: parse error', "unknown shorthand flag: 'z' in -z"];

describe('an error above a usage block is the statement', () => {
  for (const [parser, lines] of Object.entries(PARSERS)) {
    for (const [format, place] of Object.entries(FORMATS)) {
      for (const error of ERRORS) {
        it(`${parser} ${error} (${format})`, () => {
          expect(payloadOf(exit(lines(error).map(place).join('\n')))?.text).toContain(error);
        });
      }
    }
  }

  it('a usage block with no line of the program before it gives no statement to its own lines', () => {
    const text = exit(['Usage of /usr/local/bin/exporter:', '  -fail-on-error', '    \texit with an error when any shard fails'].join('\n'));
    expect(payloadOf(text)?.text ?? '').not.toContain('exit with an error');
  });
});
