/**
 * The teardown after a failure is never its statement (teardown.ts): CPython reports an exception
 * raised where nothing can catch it under "Exception ignored in: …" / "Exception ignored on flushing
 * sys.stdout:" (python/cpython Python/errors.c format_unraisable, Python/pylifecycle.c
 * flush_std_files) or "Error in atexit._run_exitfuncs:" / "Exception ignored in atexit callback: …"
 * (Modules/atexitmodule.c), and shuts down. Generated as failure × teardown block × log prefix; the
 * teardown blocks follow the shapes those files print (a DataLoader's `__del__` asserting in
 * Lib/multiprocessing/process.py is_alive, a logging flush on a closed pipe, threading._shutdown
 * interrupted); the failures are written for these tests, in Python's and Rust's formats
 * (Lib/traceback.py; rust-lang/rust library/std/src/panicking.rs default_hook, whose header
 * announces the message on the next line).
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;
const quoteOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload?.text ?? '';

const FAILURES: Record<string, { lines: string[]; statement: string }> = {
  python: {
    lines: [
      'Traceback (most recent call last):',
      '  File "/app/index.py", line 52, in <module>',
      '    store.add(vectors)',
      'ValueError: shard /mnt/corpus/part-0042.arrow holds 0 rows, expected 8192',
    ],
    statement: 'shard /mnt/corpus/part-0042.arrow holds 0 rows, expected 8192',
  },
  rust: {
    lines: [
      "thread 'main' panicked at src/shard.rs:57:14:",
      'index out of bounds: the len is 8 but the index is 8',
      'note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace',
    ],
    statement: 'index out of bounds: the len is 8 but the index is 8',
  },
};

const DEL_ASSERT = [
  'Exception ignored in: <function _MultiProcessingDataLoaderIter.__del__ at 0x7f3a2c1b9ee0>',
  'Traceback (most recent call last):',
  '  File "/usr/local/lib/python3.11/site-packages/torch/utils/data/dataloader.py", line 1601, in _shutdown_workers',
  '    if w.is_alive():',
  '  File "/usr/local/lib/python3.11/multiprocessing/process.py", line 160, in is_alive',
  "    assert self._parent_pid == os.getpid(), 'can only test a child process'",
  'AssertionError: can only test a child process',
];
const TEARDOWNS: Record<string, string[]> = {
  'del-assert x3': [...DEL_ASSERT, ...DEL_ASSERT, ...DEL_ASSERT],
  'atexit (3.11)': [
    'Error in atexit._run_exitfuncs:',
    'Traceback (most recent call last):',
    '  File "/usr/local/lib/python3.11/logging/__init__.py", line 1117, in flush',
    '    self.stream.flush()',
    'BrokenPipeError: [Errno 32] Broken pipe',
  ],
  'atexit (3.12)': [
    'Exception ignored in atexit callback: <function _exit_function at 0x7f3a2c1b9ee0>',
    'Traceback (most recent call last):',
    '  File "/usr/local/lib/python3.12/multiprocessing/util.py", line 360, in _exit_function',
    '    p.join()',
    'ConnectionResetError: [Errno 104] Connection reset by peer',
  ],
  'stdout flush': ['Exception ignored on flushing sys.stdout:', 'BrokenPipeError: [Errno 32] Broken pipe'],
  'threading shutdown': [
    "Exception ignored in: <module 'threading' from '/usr/local/lib/python3.11/threading.py'>",
    'Traceback (most recent call last):',
    '  File "/usr/local/lib/python3.11/threading.py", line 1590, in _shutdown',
    '    lock.acquire()',
    'KeyboardInterrupt: ',
  ],
};

const PREFIXES: Record<string, (line: string) => string> = {
  none: (line) => line,
  torchrun: (line) => `[default1]:${line}`,
};

describe('an exception the interpreter ignored at shutdown never outranks the failure before it', () => {
  for (const [failure, { lines, statement }] of Object.entries(FAILURES)) {
    for (const [teardown, block] of Object.entries(TEARDOWNS)) {
      for (const [prefix, put] of Object.entries(PREFIXES)) {
        it(`${failure} then ${teardown}, prefix ${prefix}`, () => {
          const quoted = quoteOf(exit([...lines, ...block].map(put).join('\n')));
          expect(quoted).toContain(statement);
        });
      }
    }
  }
  it('an ignored exception alone is still quoted (nothing else states a failure)', () => {
    expect(quoteOf(exit(TEARDOWNS['atexit (3.11)']!.join('\n')))).toContain('Broken pipe');
  });
});
