/**
 * A null's use yields to the error the library logged before returning the null (nullResult.ts).
 * Generated as library error × logger format × the caller's use of the null. Loggers: TensorRT's
 * Python binding ("[<time>] [TRT] [E] "), trtexec's sample logger ("[<time>] [E] [TRT] ",
 * NVIDIA/TensorRT samples/common/logging.h severityPrefix), CPython's logging BASIC_FORMAT
 * ("ERROR:<name>:"), glog's "E<mmdd> <time> <tid> <file>:<line>] " (google/glog src/logging.cc).
 * Uses: CPython's AttributeError and TypeError on None (Objects/object.c, Objects/abstract.c),
 * pybind11's "pybind11::init(): factory function returned nullptr" (pybind11 include/pybind11/detail/init.h),
 * Java's helpful NullPointerException (JEP 358). The names are written for these tests.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;
const quoteOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload?.text ?? '';

const ERRORS: Record<string, string> = {
  profile: '4: [network.cpp::validate::3162] Error Code 4: Internal Error (Network has dynamic or shape inputs, but no optimization profile has been defined.)',
  version: '1: Serialization (Serialization assertion stdVersionRead == serializationVersion failed.Version tag does not match. Note: Current Version: 236)',
  plugin: 'getPluginCreator could not find plugin: GridAnchorRect_TRT version: 1',
};
const STATED: Record<string, string> = {
  profile: 'no optimization profile has been defined',
  version: 'Version tag does not match',
  plugin: 'could not find plugin: GridAnchorRect_TRT',
};
const LOGGERS: Record<string, (message: string) => string> = {
  trtPython: (message) => `[12/07/2026-10:41:22] [TRT] [E] ${message}`,
  trtexec: (message) => `[12/07/2026-10:41:22] [E] [TRT] ${message}`,
  basicConfig: (message) => `ERROR:engine:${message}`,
  glog: (message) => `E1207 10:41:22.118000 412 engine.cc:88] ${message}`,
};
const USES: Record<string, string[]> = {
  attribute: [
    'Traceback (most recent call last):',
    '  File "/app/bench.py", line 38, in <module>',
    '    context = engine.create_execution_context()',
    "AttributeError: 'NoneType' object has no attribute 'create_execution_context'",
  ],
  write: [
    'Traceback (most recent call last):',
    '  File "/app/build.py", line 61, in <module>',
    '    f.write(serialized)',
    "TypeError: a bytes-like object is required, not 'NoneType'",
  ],
  factory: [
    'Traceback (most recent call last):',
    '  File "/app/build.py", line 23, in <module>',
    '    builder = trt.Builder(TRT_LOGGER)',
    'TypeError: pybind11::init(): factory function returned nullptr',
  ],
  java: [
    'Exception in thread "main" java.lang.NullPointerException: Cannot invoke "ai.Engine.run()" because "engine" is null',
    '\tat ai.Main.main(Main.java:14)',
  ],
};
const INFO = '[12/07/2026-10:41:20] [TRT] [I] [MemUsageChange] Init CUDA: CPU +2, GPU +0, now: CPU 412, GPU 1043 (MiB)';

describe("a null's use yields to the error the library logged before returning it", () => {
  for (const [error, message] of Object.entries(ERRORS)) {
    for (const [logger, log] of Object.entries(LOGGERS)) {
      for (const [use, lines] of Object.entries(USES)) {
        it(`${error} logged by ${logger}, then ${use}`, () => {
          expect(quoteOf(exit([INFO, log(message), ...lines].join('\n')))).toContain(STATED[error]);
        });
      }
    }
  }
  it('of a burst of errors, the first is quoted (the later ones follow from it)', () => {
    const text = [
      LOGGERS.trtPython!(ERRORS.profile!),
      LOGGERS.trtPython!('2: [builder.cpp::buildSerializedNetwork::751] Error Code 2: Internal Error (Assertion engine != nullptr failed. )'),
      ...USES.write!,
    ].join('\n');
    expect(quoteOf(exit(text))).toContain('no optimization profile has been defined');
  });
  it('with no error logged before it, the null use stands', () => {
    expect(quoteOf(exit([INFO, ...USES.attribute!].join('\n')))).toContain("'NoneType' object has no attribute");
  });
  it('a warning the program survived is no cause (OpenCV logs a failed read as a warning)', () => {
    const text = [
      "[ WARN:0@0.012] global loadsave.cpp:248 findDecoder imread_('/data/x.png'): can't open/read file: check file path/integrity",
      ...USES.attribute!,
    ];
    expect(quoteOf(exit(text.join('\n')))).toContain("'NoneType' object has no attribute");
  });
  it('an error logged before an earlier exception belongs to that chain', () => {
    const text = [
      LOGGERS.basicConfig!('fetch failed: connection reset by peer'),
      'Traceback (most recent call last):',
      '  File "/app/fetch.py", line 3, in <module>',
      "KeyError: 'shard'",
      ...USES.attribute!,
    ];
    expect(quoteOf(exit(text.join('\n')))).toContain("'NoneType' object has no attribute");
  });
  it('a type error that only names NoneType as a type is no null use', () => {
    const text = [
      LOGGERS.basicConfig!('config loader failed: falling back to defaults'),
      'Traceback (most recent call last):',
      '  File "/app/config.py", line 3, in <module>',
      '    def load(path: str | None = None) -> dict | None:',
      "TypeError: unsupported operand type(s) for |: 'type' and 'NoneType'",
    ];
    expect(quoteOf(exit(text.join('\n')))).toContain("unsupported operand type(s) for |: 'type' and 'NoneType'");
  });
  it("the caller's frames, relayed at error level, are its code, not the library's error", () => {
    const relay = (line: string) => `ERROR:launcher:${line}`;
    const text = ['INFO:launcher:starting', ...USES.attribute!].map(relay);
    expect(quoteOf(exit(text.join('\n')))).toContain("'NoneType' object has no attribute");
  });
  it('an exception that is no null use keeps its rank over a logged error', () => {
    const text = [
      LOGGERS.trtPython!(ERRORS.plugin!),
      'Traceback (most recent call last):',
      '  File "/app/b.py", line 3, in <module>',
      'ValueError: batch size 0 is invalid',
    ];
    expect(quoteOf(exit(text.join('\n')))).toContain('ValueError: batch size 0 is invalid');
  });
});

describe('a generic raise yields to the fault the client library logged before it', () => {
  const LOGGED: Record<string, { line: string; quoted: string }> = {
    // confluentinc/librdkafka src/rdkafka.c rd_kafka_log_print "%%%i|%u.%03u|%s|%s| %s", src/rdkafka_broker.c "Connect to %s failed: %s".
    librdkafka: {
      line: '%3|1764758481.904|FAIL|rdkafka#consumer-1| [thrd:broker:9092/bootstrap]: broker:9092/bootstrap: Connect to ipv4#10.96.8.21:9092 failed: Connection refused (after 0ms in state CONNECT)',
      quoted: 'Connection refused',
    },
    glog: { line: 'E1207 10:41:22.118000 412 reader.cc:88] cannot open /data/shard-7.arrow: Permission denied', quoted: 'Permission denied' },
    basicConfig: { line: 'ERROR:loader:bucket s3://corpus/train returned 403 Forbidden', quoted: '403 Forbidden' },
  };
  const RAISES: Record<string, string> = {
    kafka: 'cimpl.KafkaException: KafkaError{code=_TRANSPORT,val=-195,str="Failed to get metadata: Local: Broker transport failure"}',
    runtime: 'RuntimeError: Failed to load dataset',
  };
  for (const [logger, { line, quoted }] of Object.entries(LOGGED)) {
    for (const [raise, exception] of Object.entries(RAISES)) {
      it(`${logger} then ${raise}`, () => {
        const text = [line, 'Traceback (most recent call last):', '  File "/app/ingest.py", line 47, in <module>', '    load()', exception];
        expect(quoteOf(exit(text.join('\n')))).toContain(quoted);
      });
    }
  }
  it('with nothing logged before it, the raise stands', () => {
    const text = ['INFO:loader:starting', 'Traceback (most recent call last):', '  File "/app/ingest.py", line 47, in <module>', RAISES.kafka!];
    expect(quoteOf(exit(text.join('\n')))).toContain('KafkaException');
  });
});
