/**
 * GNU make's fatal error states why make stops, without an error word (lineRules.ts RUNTIME_FATAL):
 * gnu make src/output.c fatal prints "%s: *** " (program), "%s[%u]: *** " (a sub-make's level) or
 * "%s:%lu: *** " (a makefile's line), the message, then ".  Stop."; its messages in src/remake.c
 * ("No rule to make target '%s', needed by '%s'"), src/read.c ("missing separator"), src/main.c
 * ("No targets specified and no makefile found"). Generated as message × prefix shape × the
 * directory lines around it (src/main.c log_working_directory "Entering/Leaving directory");
 * the target names are written for these tests. A recipe's "make: *** [t] Error N" stays a summary.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 2 (Error): ${output}`;
const quoteOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload?.text ?? '';

const MESSAGES = [
  "No rule to make target 'csrc/layernorm.cu', needed by 'build/layernorm.o'",
  'missing separator',
  'No targets specified and no makefile found',
];
const SHAPES: Record<string, string> = { program: 'make: *** ', level: 'make[1]: *** ', makefile: 'Makefile:12: *** ' };
const AROUND: Record<string, (line: string) => string[]> = {
  alone: (line) => [line],
  directories: (line) => [
    "make[1]: Entering directory '/app/kernels'",
    'nvcc -O3 -c csrc/rmsnorm.cu -o build/rmsnorm.o',
    line,
    "make[1]: Leaving directory '/app/kernels'",
  ],
};

describe("GNU make's fatal error is the statement", () => {
  for (const message of MESSAGES) {
    for (const [shape, head] of Object.entries(SHAPES)) {
      for (const [around, lines] of Object.entries(AROUND)) {
        it(`${message.slice(0, 24)}… as ${shape}, ${around}`, () => {
          expect(quoteOf(exit(['+ make -C /app/kernels', ...lines(`${head}${message}.  Stop.`)].join('\n')))).toContain(message);
        });
      }
    }
  }
});
