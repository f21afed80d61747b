/**
 * A generic summary with no cause before it and its detail right after it (genericSummary.ts
 * detailAfter): the detail is the statement. Generated as summary × detail × log format, in the
 * shape of Flyway's CLI (flyway/flyway flyway-core …/command/DbValidate.java "Validate failed: "
 * then each invalid migration's message); the migrations and versions are written for these tests.
 * Each fails without the rule (the summary was quoted).
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;
const payloadOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload;

const FORMATS: Record<string, (line: string) => string> = {
  bare: (line) => line,
  stern: (line) => `[pod/demo-0-0/migrate] ${line}`,
};

const SUMMARIES = ['ERROR: Validate failed: Migrations have failed validation', 'ERROR: Migrate failed: Schema validation failed'];
const DETAILS = ['Detected failed migration to version 7 (create feature table).', 'Migration checksum mismatch for migration version 12'];
// Not covered: a detail with no word of failure (Flyway's "Detected resolved migration not applied to database: 4.1")
// stays behind its summary — nothing in it says it is what went wrong.

describe('a summary with its detail below it quotes the detail', () => {
  for (const summary of SUMMARIES) {
    for (const detail of DETAILS) {
      for (const [format, place] of Object.entries(FORMATS)) {
        it(`${summary.slice(7, 22)} / ${detail.slice(0, 30)} (${format})`, () => {
          const lines = [
            'Flyway OSS Edition 10.4.1 by Redgate',
            summary,
            detail,
            'Please remove any half-completed changes then run repair to fix the schema history.',
          ];
          expect(payloadOf(exit(lines.map(place).join('\n')))?.text).toContain(detail);
        });
      }
    }
  }

  it('a cause before the summary still wins over a line after it', () => {
    const text = exit(
      [
        'ERROR: Unable to obtain connection from database: Connection to feature-db:5432 refused.',
        'ERROR: Migrate failed: Schema validation failed',
        'Detected failed migration to version 7 (create feature table).',
      ].join('\n'),
    );
    expect(payloadOf(text)?.text).toContain('Connection to feature-db:5432 refused');
  });
});
