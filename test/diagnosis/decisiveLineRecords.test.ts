/**
 * Records behind structured and relayed log formats, a failure statement that gives its cause,
 * and a launcher's count of failed children in any launcher's words. The cases are written for
 * these tests in the shape of the cited upstream formats (other programs, other messages than
 * any corpus entry); each fails without the rule it tests.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';
import { lineBody } from '../../functions/diagnosis/signals/decisiveLine/withoutLogPrefix.js';
import { maskIdentifiers } from '../../functions/diagnosis/signals/maskIdentifiers.js';

const exit = (output: string, code = 1) => `Pod demo-0-0 failed: container main terminated with exit code ${code} (Error): ${output}`;
const payloadOf = (message: string, mask?: (text: string) => string) => findDecisiveLines(message, { splitPayload: true, mask }).payload;

describe('a JSON log record is read by its message field (zap "msg", logrus/structlog/bunyan "message"/"msg")', () => {
  const record = (level: string, msg: string, key = 'msg') => JSON.stringify({ level, time: '2026-01-05T08:00:00Z', logger: 'loader', [key]: msg });

  it('a traceback written one record per line ends at its exception, quoted without the JSON around it', () => {
    const text = exit(
      [
        record('info', 'loading shards'),
        record('error', 'Traceback (most recent call last):'),
        record('error', '  File "/srv/load.py", line 7, in <module>'),
        record('error', "tokenizers.TokenizerLoadError: unknown model type 'bpe2'"),
      ].join('\n'),
    );
    expect(payloadOf(text)).toMatchObject({ text: "tokenizers.TokenizerLoadError: unknown model type 'bpe2'", rule: 'exception' });
  });

  it("read before the names are masked (masking hides quoted tokens, the record's keys among them)", () => {
    const mask = maskIdentifiers({ names: ['demo-0-0'] });
    const text = exit([record('info', 'probing devices'), record('error', 'nvml.NVMLError_Unknown: Unknown Error')].join('\n'));
    expect(payloadOf(text, mask)).toMatchObject({ text: 'nvml.NVMLError_Unknown: Unknown Error', rule: 'exception' });
  });

  it('the "message" key, and a value with escapes read unescaped (the whole record is quoted then, verbatim)', () => {
    expect(lineBody('{"severity":"ERROR","message":"open \\"/ckpt/a.pt\\": Input/output error"}')).toBe('open "/ckpt/a.pt": Input/output error');
    const text = exit([record('info', 'step 10', 'message'), record('error', 'write /ckpt/a.pt: no space left on device', 'message')].join('\n'));
    expect(payloadOf(text)).toMatchObject({ text: 'write /ckpt/a.pt: no space left on device', rule: 'resource' });
  });

  it('a line that only looks like JSON (no message field) is left as it is', () => {
    expect(lineBody('{"step": 3, "loss": 0.2}')).toBe('{"step": 3, "loss": 0.2}');
  });
});

describe('the CRI log format the kubelet writes (timestamp, stream, tag) is a header', () => {
  it("a Python traceback copied from a node's container log ends at its exception", () => {
    const cri = (line: string, n: number) => `2026-01-05T08:00:0${n}.000000001Z stderr F ${line}`;
    const text = exit(
      [
        'Traceback (most recent call last):',
        '  File "/srv/etl.py", line 3, in <module>',
        'pyarrow.lib.ArrowInvalid: Column 2 named ts expected length 7 but got length 5',
      ]
        .map(cri)
        .join('\n'),
    );
    expect(payloadOf(text)?.text).toContain('pyarrow.lib.ArrowInvalid: Column 2 named ts expected length 7 but got length 5');
    expect(payloadOf(text)?.rule).toBe('exception');
  });
});

describe("log4j's bracketed, padded level with thread and logger before ' - ' is a header", () => {
  it('an exception relayed from a worker through a Java frontend ranks as an exception', () => {
    const line = (level: string, msg: string) => `2026-01-05T08:00:01,100 [${level}] pool-3-thread-1 com.acme.ModelHost - ${msg}`;
    const text = exit(
      [
        line('INFO ', 'Traceback (most recent call last):'),
        line('INFO ', '  File "/srv/h.py", line 2, in <module>'),
        line('INFO ', "ImportError: cannot import name 'Foo' from 'bar'"),
        line('WARN ', 'Model host failed: demo, error: backend exited'),
      ].join('\n'),
    );
    expect(payloadOf(text)?.text).toContain("ImportError: cannot import name 'Foo' from 'bar'");
  });
});

describe('a failure statement that gives its cause after ": " says why, its restatements only that (root before consequence)', () => {
  it('a C library chaining its cause is quoted over the callers that only repeat "failed"', () => {
    const text = exit(
      [
        'whisper_init: loading weights from /models/base.bin',
        'whisper_model_load: failed to read weights: tensor encoder.conv1 has wrong shape',
        'whisper_init_from_file: failed to initialize whisper context',
        'main: failed to load the model',
      ].join('\n'),
    );
    expect(payloadOf(text)).toMatchObject({ text: 'whisper_model_load: failed to read weights: tensor encoder.conv1 has wrong shape', rule: 'failure-cause' });
  });

  it('behind an error-level header on every line, the chained statement still wins over the first line', () => {
    const klog = (line: string, n: number) => `E0105 08:00:0${n}.000001    12 run.go:40] ${line}`;
    const text = exit(['loader: opened /models/base.bin', 'loader: error reading header: unexpected magic 0x0000', 'main: exiting'].map(klog).join('\n'));
    expect(payloadOf(text)?.text).toContain('loader: error reading header: unexpected magic 0x0000');
  });

  it('a warning that gives a cause does not outrank an error', () => {
    const text = exit(['WARNING: failed to load optional plugin x: not installed', 'ERROR: output volume is read-only'].join('\n'));
    expect(payloadOf(text)?.text).toBe('ERROR: output volume is read-only');
  });

  it('names never steer: a masked name that holds a failure word is no failure statement', () => {
    const mask = maskIdentifiers({ names: ['failed-to-load-run'] });
    const text = exit(['failed-to-load-run: epoch 3: loss 0.1', 'done'].join('\n'));
    expect(payloadOf(text, mask)?.rule).not.toBe('failure-cause');
  });
});

describe("a launcher's count of failed children is a summary in any launcher's words", () => {
  it("horovodrun's RuntimeError after the rank's own exception does not win", () => {
    const text = exit(
      [
        '[0]<stderr>:Traceback (most recent call last):',
        '[0]<stderr>:  File "/app/t.py", line 9, in <module>',
        "[0]<stderr>:KeyError: 'labels'",
        'Traceback (most recent call last):',
        '  File "/usr/local/bin/horovodrun", line 8, in <module>',
        'RuntimeError: Horovod detected that one or more processes exited with non-zero status, thus causing the job to be terminated. The first process to do so was:',
        'Process name: 0',
        'Exit code: 1',
      ].join('\n'),
    );
    expect(payloadOf(text)).toMatchObject({ text: "KeyError: 'labels'", rule: 'exception' });
  });
});

describe('exception and runtime-throw shapes', () => {
  it("a private exception class (a leading '_', numpy's _ArrayMemoryError) is an exception line outside a traceback too", () => {
    const text = exit('scipy.sparse._sputils._IndexOverflowError: Unable to fit 3000000000 entries in an int32 index');
    expect(payloadOf(text)).toMatchObject({
      text: 'scipy.sparse._sputils._IndexOverflowError: Unable to fit 3000000000 entries in an int32 index',
      rule: 'exception',
    });
  });

  it("Go's stack dump after a throw is not the throw's specifics", () => {
    const text = exit(
      ['fatal error: concurrent map writes', '', 'runtime stack:', 'runtime.throw({0x6b1c2e?, 0x0?})', '\t/usr/local/go/src/runtime/panic.go:1023 +0x5c'].join(
        '\n',
      ),
      2,
    );
    expect(payloadOf(text)).toMatchObject({ text: 'fatal error: concurrent map writes', rule: 'exception' });
  });
});

describe('an exception whose message explains itself in more than one sentence is not completed by the lines after it', () => {
  it("Ray's WorkerCrashedError keeps its own line over the exit detail printed after a blank line", () => {
    const text = exit(
      [
        'Traceback (most recent call last):',
        '  File "/app/run.py", line 12, in <module>',
        'ray.exceptions.WorkerCrashedError: The worker died unexpectedly while executing this task. Check python-core-worker logs for more information.',
        '',
        'Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file. There are some potential root causes: (1) The process is killed by SIGKILL by OOM killer due to high memory usage.',
      ].join('\n'),
    );
    expect(payloadOf(text)?.text).toContain('ray.exceptions.WorkerCrashedError: The worker died unexpectedly while executing this task.');
  });
});

describe("a JSON record's context fields are quoted with its message", () => {
  it('keeps the error a structured logger put beside the message (zap.Error, logrus WithError)', () => {
    const failing = JSON.stringify({ level: 'error', ts: 1733220000.1, msg: 'checkpoint upload failed', bucket: 'ckpt', error: 'PutObject: 503 SlowDown' });
    const text = exit([JSON.stringify({ level: 'info', ts: 1733219999.9, msg: 'saving step 400' }), failing].join('\n'));
    expect(payloadOf(text)?.text).toContain('"error":"PutObject: 503 SlowDown"');
  });

  it('quotes the message alone when the record holds nothing but the header', () => {
    const text = exit(JSON.stringify({ severity: 'ERROR', timestamp: '2026-01-05T08:00:00Z', message: 'open /ckpt/a.pt: input/output error' }));
    expect(payloadOf(text)?.text).toBe('open /ckpt/a.pt: input/output error');
  });
});

describe('a wrapper raised from its cause that points back to it', () => {
  const chain = (wrapper: string) =>
    exit(
      [
        'Traceback (most recent call last):',
        '  File "/app/collate.py", line 12, in pad',
        "KeyError: 'attention_mask'",
        '',
        'The above exception was the direct cause of the following exception:',
        '',
        'Traceback (most recent call last):',
        '  File "/app/main.py", line 40, in <module>',
        wrapper,
      ].join('\n'),
    );

  it('quotes the cause when the wrapper says to look at the earlier errors', () => {
    expect(payloadOf(chain('pipeline.StageFailed: stage "collate" failed. Check the earlier errors for details.'))?.text).toBe("KeyError: 'attention_mask'");
  });

  it('keeps the wrapper when it says what went wrong itself', () => {
    expect(payloadOf(chain("pipeline.StageFailed: stage 'collate' needs an attention mask; set pad_to_multiple_of"))?.text).toContain(
      'needs an attention mask',
    );
  });
});

describe('a header no row knows is found by repeating on every line of a record (digits aside)', () => {
  const traceback = ['Traceback (most recent call last):', '  File "/app/t.py", line 3, in <module>', "KeyError: 'labels'"];
  it.each([
    ['logging.Formatter "%(asctime)s - %(name)s - %(levelname)s - "', (line: string, n: number) => `2026-01-05 10:00:0${n},12${n} - trainer - ERROR - ${line}`],
    [
      'loguru "{time} | {level: <8} | {name}:{function}:{line} - "',
      (line: string, n: number) => `2026-01-05 10:00:00.12${n} | ERROR    | __main__:main:1${n} - ${line}`,
    ],
    ['torch elastic tee "[default0]:"', (line: string) => `[default0]:${line}`],
    [
      'transformers "[%(levelname)s|%(filename)s:%(lineno)s] %(asctime)s >> "',
      (line: string, n: number) => `[ERROR|trainer.py:21${n}] 2026-01-05 10:00:0${n},123 >> ${line}`,
    ],
  ])('%s', (_, header) => {
    const text = exit(['starting', ...traceback.map((line, n) => header(line, n)), 'shutting down'].join('\n'));
    // The exception ends its record: the bare line after it is not its message.
    expect(payloadOf(text)).toMatchObject({ text: "KeyError: 'labels'", rule: 'exception' });
  });

  it("an indented list's shared start is not a header (anyhow's numbered causes stay a list)", () => {
    const text = exit(
      ['Error: failed to open dataset', '', 'Caused by:', '    0: reading manifest', '    1: object store said no', '    2: 403 Forbidden: AccessDenied'].join(
        '\n',
      ),
    );
    expect(payloadOf(text)?.text).toContain('403 Forbidden: AccessDenied');
  });

  it('a logfmt record is read by its msg (logrus, go-kit), with a level key', () => {
    const text = exit(
      ['time="2026-01-05T10:00:00Z" level=info msg="loading"', 'time="2026-01-05T10:00:01Z" level=error msg="panic: assignment to entry in nil map"'].join(
        '\n',
      ),
    );
    expect(payloadOf(text)).toMatchObject({ text: 'panic: assignment to entry in nil map', rule: 'exception' });
  });

  it("a record whose cause is in another field than its message is quoted whole (logfmt's error=)", () => {
    const text = exit('time=2026-01-05T10:00:01Z level=ERROR msg="could not start runner" error="open /models/x.bin: no such file or directory"');
    expect(payloadOf(text)?.text).toContain('error="open /models/x.bin: no such file or directory"');
  });
});
