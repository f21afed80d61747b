/**
 * A head that names only the kind of error states its fault in its body (kindHead.ts). Generated as
 * head layout × statement: DALI's operator context (NVIDIA/DALI dali/pipeline/operator/error_reporting.cc:
 * "Error in <device> operator `<name>`," "which was used in the pipeline definition with the following
 * traceback:", the definition's frames, "encountered:", then "[<file>:<line>] <message>"), dbt's
 * "<Type> Error" with the message indented under it (dbt-labs/dbt-common dbt_common/exceptions/base.py
 * DbtBaseException.__str__), and a wrapper raised as `RuntimeError("Critical error when building
 * pipeline:\n…")`. The names are written for these tests.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';
import { namesOnlyKind } from '../../functions/diagnosis/signals/decisiveLine/kindHead.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;
const quoteOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload?.text ?? '';
const FRAMES = ['Traceback (most recent call last):', '  File "/app/train.py", line 88, in <module>', '    pipe.build()'];

const STATEMENTS = [
  "Could not find profile named 'warehouse'",
  "Env var required but not provided: 'PG_PASSWORD'",
  'This version of the loader was not built with S3 storage support.',
];
const LAYOUTS: Record<string, (statement: string) => string[]> = {
  dali: (statement) => [
    ...FRAMES,
    'RuntimeError: Critical error when building pipeline:',
    'Error in CPU operator `nvidia.dali.fn.readers.file`,',
    'which was used in the pipeline definition with the following traceback:',
    '',
    '  File "/app/train.py", line 31, in train_pipe',
    '    jpegs, labels = fn.readers.file(file_root=data_dir, name="Reader")',
    '',
    'encountered:',
    '',
    `[/opt/dali/dali/operators/reader/loader/discover_files.cc:43] ${statement}`,
    'Current pipeline object is no longer valid.',
  ],
  dbtRuntime: (statement) => ['10:41:19  Running with dbt=1.8.7', '10:41:19  Encountered an error:', 'Runtime Error', `  ${statement}`],
  dbtParsing: (statement) => ['10:41:19  Running with dbt=1.8.7', '10:41:19  Encountered an error:', 'Parsing Error', `  ${statement}`],
};

describe('a head that names only the kind yields to the statement in its body', () => {
  for (const [layout, lines] of Object.entries(LAYOUTS)) {
    for (const statement of STATEMENTS) {
      it(`${layout}: ${statement.slice(0, 30)}`, () => {
        expect(quoteOf(exit(lines(statement).join('\n')))).toContain(statement);
      });
    }
  }
  it('reads the kind alone or introducing, and a head with its reason as none', () => {
    expect(namesOnlyKind('Runtime Error')).toBe(true);
    expect(namesOnlyKind('Error in CPU operator `nvidia.dali.fn.readers.file`,')).toBe(true);
    expect(namesOnlyKind('RuntimeError: Critical error when building pipeline:')).toBe(true);
    expect(namesOnlyKind('ValueError: Invalid value for batch size: -1')).toBe(false);
    expect(namesOnlyKind('Error: could not open /data/x:')).toBe(false);
  });
  it('a head with no body stays the statement', () => {
    expect(quoteOf(exit(['10:41:19  Encountered an error:', 'Runtime Error'].join('\n')))).toContain('Runtime Error');
  });
});
