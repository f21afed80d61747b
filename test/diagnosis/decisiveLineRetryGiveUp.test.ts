/**
 * A retry loop's give-up yields to the error its attempts met (retryGiveUp.ts). Generated as the
 * attempts' statement × give-up format × log prefix. Give-ups: tenacity's RetryError, whose message
 * is the last attempt's Future (jd/tenacity tenacity/__init__.py RetryError.__str__
 * f"{self.__class__.__name__}[{self.last_attempt}]"), backoff's "Giving up %s(...) after %d tries (%s)"
 * (litl/backoff backoff/_common.py _log_giveup), a caller's "… failed after N attempts". Statements:
 * GNU make's fatal error (gnu make src/output.c fatal), Maven's "[ERROR] Failed to execute goal …"
 * (apache/maven DefaultExceptionHandler), a CPython exception line. The names are written for these tests.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';
import { isGiveUp } from '../../functions/diagnosis/signals/decisiveLine/retryGiveUp.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;
const quoteOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload?.text ?? '';

const STATEMENTS: Record<string, { lines: string[]; quoted: string }> = {
  make: {
    lines: ["make: Entering directory '/app/kernels'", "make: *** No rule to make target 'csrc/adam.cu', needed by 'build/adam.o'.  Stop."],
    quoted: "No rule to make target 'csrc/adam.cu'",
  },
  maven: {
    lines: [
      '[INFO] BUILD FAILURE',
      "[ERROR] Failed to execute goal org.codehaus.mojo:exec-maven-plugin:3.1.0:java (default-cli) on project feature: The parameters 'mainClass' for goal org.codehaus.mojo:exec-maven-plugin:3.1.0:java are missing or invalid -> [Help 1]",
      '[ERROR] Re-run Maven using the -X switch to enable full debug logging.',
    ],
    quoted: "The parameters 'mainClass'",
  },
  exception: {
    lines: [
      'Traceback (most recent call last):',
      '  File "/app/stage.py", line 12, in run',
      '    load()',
      "ValueError: shard 'train-00003' has 1023 rows, expected 1024",
    ],
    quoted: "ValueError: shard 'train-00003' has 1023 rows",
  },
};
const GIVE_UPS: Record<string, string[]> = {
  tenacity: [
    'Traceback (most recent call last):',
    '  File "/usr/local/lib/python3.11/site-packages/tenacity/__init__.py", line 419, in exc_check',
    '    raise retry_exc from fut.exception()',
    'tenacity.RetryError: RetryError[<Future at 0x7f3a2c1b9ee0 state=finished raised RuntimeError>]',
  ],
  backoff: ['ERROR:backoff:Giving up run_stage(...) after 5 tries (RuntimeError: stage failed)'],
  caller: ['ERROR:launcher:stage prepare failed after 5 attempts'],
};
const PREFIXES: Record<string, (line: string) => string> = {
  none: (line) => line,
  relay: (line) => `[launcher] ${line}`,
};

describe('a give-up yields to the error its attempts met', () => {
  for (const [statement, { lines, quoted }] of Object.entries(STATEMENTS)) {
    for (const [giveUp, tail] of Object.entries(GIVE_UPS)) {
      for (const [prefix, put] of Object.entries(PREFIXES)) {
        it(`${statement} then ${giveUp}, prefix ${prefix}`, () => {
          const text = ['+ python /app/launch.py', ...lines, ...tail].map(put).join('\n');
          expect(quoteOf(exit(text))).toContain(quoted);
        });
      }
    }
  }
  it('with no statement before it, the give-up that carries the error stands', () => {
    const text = [
      'INFO:backoff:Backing off fetch(...) for 1.3s',
      'ERROR:backoff:Giving up fetch(...) after 5 tries (OSError: [Errno 113] No route to host)',
    ].join('\n');
    expect(quoteOf(exit(text))).toContain('No route to host');
  });
  it('reads give-ups, not statements', () => {
    expect(isGiveUp('tenacity.RetryError: RetryError[<Future at 0x7f state=finished raised OSError>]')).toBe(true);
    expect(isGiveUp('Giving up run(...) after 3 tries (KeyError: x)')).toBe(true);
    expect(isGiveUp('stage prepare failed after 5 attempts')).toBe(true);
    expect(isGiveUp("ValueError: shard 'train-00003' has 1023 rows, expected 1024")).toBe(false);
    expect(isGiveUp('failed to open /data/x: Permission denied')).toBe(false);
  });
});
