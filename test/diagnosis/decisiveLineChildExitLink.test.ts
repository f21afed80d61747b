/**
 * A link that only says a child exited with a status (lineRules.ts CHILD_ENDED) is a launcher's
 * report: the link or line that carries the child's own statement is quoted. Generated as runtime
 * chain × child statement × exit wording: Node's `[cause]:` (nodejs/node lib/internal/util/inspect.js
 * formatError, the cause nested deeper), Java's `Caused by:` (openjdk/jdk Throwable.printStackTrace),
 * Python's direct-cause chain (python/cpython Lib/traceback.py), each with the child's statement in
 * the middle link and the exit report as the root cause; the wording of the exit report follows the
 * runner that built it from Node's child_process 'exit' event (nodejs/node doc/api/child_process.md
 * "Event: 'exit'": code, signal). The statements are written for these tests.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;
const quoteOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload?.text ?? '';

const STATEMENTS = [
  'shard /mnt/corpus/part-0042.arrow holds 0 rows, expected 8192',
  'bind 0.0.0.0:8080: address already in use',
  'bucket s3://train-ckpt-eu/run-17 denied GetObject for role trainer-runner',
];
const EXITS = ['child exited with code 1', 'subprocess exited with status 2', "command 'prepare.sh' exited with code 3", 'process exited with exit code 1'];

const CHAINS: Record<string, (statement: string, exited: string) => string[]> = {
  node: (statement, exited) => [
    'Error: stage prepare failed',
    '    at runStage (file:///srv/runner/run.mjs:27:11)',
    '    at async main (file:///srv/runner/run.mjs:40:3) {',
    `  [cause]: Error: ${statement}`,
    '      at parseChildError (file:///srv/runner/run.mjs:14:10) {',
    `    [cause]: Error: ${exited}`,
    '        at ChildProcess.<anonymous> (file:///srv/runner/run.mjs:20:21)',
    '        at ChildProcess.emit (node:events:519:28)',
    '  }',
    '}',
    '',
    'Node.js v20.18.0',
  ],
  java: (statement, exited) => [
    'Exception in thread "main" com.example.StageException: stage prepare failed',
    '\tat com.example.Runner.run(Runner.java:27)',
    `Caused by: java.lang.IllegalStateException: ${statement}`,
    '\tat com.example.Runner.parse(Runner.java:14)',
    '\t... 1 more',
    `Caused by: java.io.IOException: ${exited}`,
    '\tat com.example.Runner.waitFor(Runner.java:20)',
    '\t... 2 more',
  ],
  python: (statement, exited) => [
    'Traceback (most recent call last):',
    '  File "/app/run.py", line 20, in wait',
    '    raise ChildError(f"' + exited.replace(/'/g, '') + '")',
    `ChildError: ${exited}`,
    '',
    'The above exception was the direct cause of the following exception:',
    '',
    'Traceback (most recent call last):',
    '  File "/app/run.py", line 14, in parse',
    '    raise ValueError(last_line) from e',
    `ValueError: ${statement}`,
  ],
};

describe("a link that only says a child exited yields to the child's statement", () => {
  for (const [runtime, chain] of Object.entries(CHAINS)) {
    for (const statement of STATEMENTS) {
      for (const exited of EXITS) {
        it(`${runtime}: ${exited} under ${statement.slice(0, 30)}…`, () => {
          const quoted = quoteOf(exit(chain(statement, exited).join('\n')));
          expect(quoted).toContain(statement);
          expect(quoted).not.toContain(exited.replace(/'/g, ''));
        });
      }
    }
  }
});
