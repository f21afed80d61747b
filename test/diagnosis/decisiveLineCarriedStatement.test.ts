/**
 * A carrier's argument is the statement (signalLine.ts, findDecisiveLine.ts lastLine): when the
 * system's text only carries the container's (`terminated with exit code 1 (Error): <text>`,
 * Knative's `Container failed with: <text>`) and no rule recognises a line of it, the last statement
 * the container printed before its exit is quoted, even without an error word. Formats (each cited
 * where it is printed): the java launcher's "no main manifest attribute, in {0}" (openjdk/jdk
 * src/java.base/share/classes/sun/launcher/resources/launcher.properties java.launcher.jar.error3),
 * conda's "EnvironmentLocationNotFound: Not a conda environment: %(location)s" (conda/conda
 * conda/exceptions.py, printed by conda/exception_handler.py), pyenv's "pyenv: version `%s' is not
 * installed (set by %s)" (pyenv/pyenv libexec/pyenv-version-name). Paths and names are written for
 * these tests.
 */
import { describe, expect, it } from 'vitest';
import { lineFor, readDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/signalLine.js';

const STATEMENTS = [
  'no main manifest attribute, in /app/target/pipeline-1.0.0.jar',
  'EnvironmentLocationNotFound: Not a conda environment: /opt/conda/envs/train',
  "pyenv: version `3.11.9' is not installed (set by /app/.python-version)",
];
const CARRIERS: Record<string, (output: string) => string> = {
  'termination message': (output) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`,
  knative: (output) => `Container failed with: ${output}`,
};
/** What a tool did not write as its statement, printed around it: a shell trace before, a box's rule or a quieter log line after. */
const AROUND: Record<string, (statement: string) => string[]> = {
  alone: (statement) => [statement],
  'after a shell trace': (statement) => ['+ exec /app/start.sh --config /config/run.yaml', statement],
  'before a box rule': (statement) => [statement, '╰──────────────────────────────╯'],
  'before a progress bar': (statement) => [statement, 'Loading checkpoint shards:  50%|█████     | 2/4 [00:03<00:03,  1.52s/it]'],
  'before an INFO record': (statement) => [statement, '{"level":"info","ts":1764758481.9,"msg":"shutting down"}'],
};
const quoteOf = (message: string) =>
  lineFor(
    'CONTAINER_CRASH',
    readDecisiveLines(message, null, (text) => text, true),
  )?.text ?? '';

describe("a carrier's argument is the statement: the container's last statement over `terminated with exit code N`", () => {
  for (const statement of STATEMENTS) {
    for (const [carrier, carry] of Object.entries(CARRIERS)) {
      for (const [around, place] of Object.entries(AROUND)) {
        it(`${statement.slice(0, 24)}… ${around}, carried by ${carrier}`, () => {
          expect(quoteOf(carry(place(statement).join('\n')))).toBe(statement);
        });
      }
    }
  }
  it('a shell trace alone is no statement: the carrier stands', () => {
    const message = CARRIERS['termination message']!('+ exec /app/start.sh --config /config/run.yaml');
    expect(quoteOf(message)).toContain('terminated with exit code 1');
  });
  it('a system text of its own (the container text starts on a later line) stands over the later line', () => {
    const message = "Exception: Cannot recognize storage type for hdfs-legacy://models/llama\n'gs://' and 's3://' are the current available storage types.";
    expect(quoteOf(message)).toContain('Cannot recognize storage type');
  });
});

describe("terminal styling is no text: a relay's colour escapes hide neither its header nor the exception", () => {
  // A launcher that paints a relayed child's stderr red writes SGR escapes around each line (ECMA-48 8.3.117 SGR).
  const red = (line: string) => `\u001b[1;31mERROR:launcher:${line}\u001b[0m`;
  const traceback = [
    'Traceback (most recent call last):',
    '  File "/app/train_tokenizer.py", line 31, in <module>',
    '    trainer.train(vocab_size=32000)',
    'RuntimeError: Internal: src/trainer_interface.cc(661) Vocabulary size too high (32000). Please set it to a value <= 28712.',
    'trainable params: 4,194,304 || all params: 6,742,609,920 || trainable%: 0.0622',
  ];
  for (const [name, style] of Object.entries({ plain: (line: string) => line, coloured: red, 'colour only': (line: string) => `\u001b[31m${line}\u001b[0m` })) {
    it(`the exception line is quoted, ${name}`, () => {
      const quote = quoteOf(CARRIERS['termination message']!(traceback.map(style).join('\n')));
      expect(quote).toContain('Vocabulary size too high (32000)');
      expect(quote.endsWith('\u001b[0m')).toBe(false);
    });
  }
});
