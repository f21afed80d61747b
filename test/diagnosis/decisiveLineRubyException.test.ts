/**
 * Ruby's uncaught exception is an exception line: "<path>:<line>:in '<label>': <message> (<Class>)",
 * then its backtrace as "\tfrom <path>:<line>:in '<label>'" lines (ruby/ruby eval_error.c error_print,
 * print_backtrace; Ruby 3.4 quotes labels with ' and qualifies them, older releases with `…').
 * Generated as message × backtrace depth × label quoting. The names are written for these tests.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;
const quoteOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload?.text ?? '';

const ERRORS = [
  'uninitialized constant Aws (NameError)',
  '(/app/config/export.yml): did not find expected key while parsing a block mapping at line 3 column 3 (Psych::SyntaxError)',
  "undefined method 'fetch' for nil (NoMethodError)",
];
const QUOTES: Record<string, (label: string) => string> = { ruby34: (label) => `'${label}'`, ruby33: (label) => `\`${label}'` };

describe("Ruby's uncaught exception line is the statement, not its backtrace", () => {
  for (const error of ERRORS) {
    for (const depth of [1, 4]) {
      for (const [style, quote] of Object.entries(QUOTES)) {
        it(`${error.slice(-20)} depth ${depth} ${style}`, () => {
          const head = `/app/lib/exporter.rb:14:in ${quote('Exporter#run')}: ${error}`;
          const frames = Array.from({ length: depth }, (_, index) => `\tfrom /app/bin/export:${index + 4}:in ${quote('<main>')}`);
          expect(quoteOf(exit(['I, [2026-12-07T10:41:19] INFO -- : starting export', head, ...frames].join('\n')))).toContain(error);
        });
      }
    }
  }
});
