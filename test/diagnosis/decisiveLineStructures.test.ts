/**
 * Principles of the decisive line stated as structures, each checked over several upstream formats:
 * a generator puts one payload structure behind each format (a relay's header, a frame, a summary
 * line), so a principle that only knew one format fails on the others. The formats are cited where
 * they are built; the payloads are written for these tests, not copied from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';
import { withoutSharedHeader } from '../../functions/diagnosis/signals/decisiveLine/sharedHeader.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;
const payloadOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload;

/** Headers a relay writes before every line, in formats no LOG_PREFIXES row reads. */
const UNKNOWN_HEADERS: readonly { name: string; header: (line: number) => string }[] = [
  // SchedMD/slurm src/srun/srun.c --label: the task id, padded to the widest one, then ": ".
  { name: "srun --label's task id", header: () => ' 3: ' },
  // moreutils ts (man page "The default format is \"%b %d %H:%M:%S\""; toybox toys/pending/ts.c the same default).
  { name: "moreutils ts' default timestamp", header: (line) => `Dec 03 10:41:${String(10 + line).padStart(2, '0')} ` },
  // golang/go src/log/log.go LstdFlags (Ldate | Ltime): "2009/01/23 01:23:23 ".
  { name: "Go's log.LstdFlags prefix", header: (line) => `2026/12/03 10:41:${String(10 + line).padStart(2, '0')} ` },
  // systemd/systemd journalctl's short output: "MMM DD HH:MM:SS host identifier[pid]: ".
  { name: "journalctl's short output", header: (line) => `Dec 03 10:41:${String(10 + line).padStart(2, '0')} gpu-node-7 trainer[4121]: ` },
];

/** Payload structures: the lines a program wrote, and the line that states its failure. */
const RELAYED_PAYLOADS: readonly { name: string; lines: readonly string[]; decisive: string }[] = [
  {
    name: 'a traceback after a library warning, a shutdown warning after it',
    lines: [
      "WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:",
      '    PyTorch 2.5.1+cu121 with CUDA 1201 (you have 2.6.0+cu124)',
      'Traceback (most recent call last):',
      '  File "/app/prepare.py", line 31, in <module>',
      '    rows = load(args.manifest)',
      'ValueError: manifest row 17 has 3 columns, expected 4',
      '/usr/lib/python3.11/multiprocessing/resource_tracker.py:254: UserWarning: resource_tracker: There appear to be 1 leaked semaphore objects to clean up at shutdown',
    ],
    decisive: 'ValueError: manifest row 17 has 3 columns, expected 4',
  },
  {
    // pytorch/pytorch torch/_utils.py ExceptionWrapper.reraise: "Caught {exc_type} {where}.\nOriginal {traceback}".
    name: "a worker's traceback embedded in the wrapper the parent re-raises",
    lines: [
      'Traceback (most recent call last):',
      '  File "/app/train.py", line 88, in <module>',
      '    for batch in loader:',
      'OSError: Caught OSError in DataLoader worker process 2.',
      'Original Traceback (most recent call last):',
      '  File "/opt/venv/lib/python3.11/site-packages/PIL/ImageFile.py", line 288, in load',
      '    raise OSError(msg)',
      'OSError: image file is truncated (12 bytes not processed)',
    ],
    decisive: 'OSError: image file is truncated (12 bytes not processed)',
  },
];

describe("a header every line of a block carries is the relay's, whatever its format (sharedHeader.ts)", () => {
  for (const format of UNKNOWN_HEADERS) {
    for (const payload of RELAYED_PAYLOADS) {
      it(`${format.name}: ${payload.name}`, () => {
        const text = exit(payload.lines.map((line, at) => `${format.header(at)}${line}`).join('\n'));
        expect(payloadOf(text)?.text).toBe(payload.decisive);
      });
    }
  }

  /** An outer relay, in a format LOG_PREFIXES reads or not, in front of every line another relay already prefixed. */
  const OUTER_RELAYS: readonly { name: string; header: (line: number) => string }[] = [
    // python/cpython Lib/logging/__init__.py BASIC_FORMAT "%(levelname)s:%(name)s:%(message)s".
    { name: "Python logging's BASIC_FORMAT", header: () => 'INFO:launcher:' },
    // python/cpython Doc/howto/logging.rst "%(asctime)s - %(name)s - %(levelname)s - %(message)s".
    {
      name: "the logging HOWTO's formatter",
      header: (line) => `2026-12-07 07:01:${String(10 + line).padStart(2, '0')},${String(100 + 7 * line)} - train - WARNING - `,
    },
    // kubernetes/kubernetes pkg/kubelet/kuberuntime/logs/logs.go: RFC3339Nano, whose trailing zeros Go drops
    // (golang/go src/time/format.go), so the time's width changes from line to line.
    {
      name: 'kubectl logs --timestamps (RFC3339Nano, varying width)',
      header: (line) => `2026-12-07T07:01:20.${['58186338', '5818', '581863386', '58'][line % 4]}Z `,
    },
    // pytorch/pytorch torch/distributed/elastic/multiprocessing/api.py: f"[{role_name}{local_rank}]:".
    { name: "torchrun --tee's role prefix", header: () => '[default0]:' },
  ];
  for (const outer of OUTER_RELAYS) {
    for (const inner of UNKNOWN_HEADERS) {
      it(`stacked relays: ${outer.name} in front of ${inner.name}`, () => {
        const payload = RELAYED_PAYLOADS[0]!;
        const text = exit(payload.lines.map((line, at) => `${outer.header(at)}${inner.header(at)}${line}`).join('\n'));
        expect(payloadOf(text)?.text).toBe(payload.decisive);
      });
    }
  }

  /** Lines another writer puts among the relayed ones, without the relay's header (each cited where the principle is). */
  const OTHER_WRITERS: readonly { name: string; lines: readonly string[]; at: 'start' | 'middle' | 'end' }[] = [
    // huggingface/transformers src/transformers/trainer_callback.py ProgressCallback.on_log: str(logs) on its own line.
    { name: "a healthy rank's Trainer log record", lines: ["{'loss': 1.8721, 'grad_norm': 0.41, 'learning_rate': 2e-05, 'epoch': 0.12}"], at: 'middle' },
    // Supervisor/supervisor supervisor/process.py Subprocess.finish; krallin/tini src/tini.c.
    {
      name: "supervisord's and tini's exit lines",
      lines: ['INFO exited: trainer (exit status 1; not expected)', "[INFO  tini (1)] Main child exited normally (with status '1')"],
      at: 'end',
    },
    // kubernetes.io determine-reason-pod-failure: the last 2048 bytes, so the first kept line may be cut.
    { name: 'a line the log window cut at the top', lines: ['11:08 gpu-node-7 trainer[4121]: starting epoch 3'], at: 'start' },
  ];
  for (const writer of OTHER_WRITERS) {
    for (const inner of UNKNOWN_HEADERS.slice(1)) {
      it(`${writer.name} among lines relayed behind ${inner.name}`, () => {
        const payload = RELAYED_PAYLOADS[0]!;
        const relayed = payload.lines.map((line, at) => `${inner.header(at)}${line}`);
        const mixed =
          writer.at === 'start'
            ? [...writer.lines, ...relayed]
            : writer.at === 'end'
              ? [...relayed, ...writer.lines]
              : [...relayed.slice(0, 3), ...writer.lines, ...relayed.slice(3)];
        expect(payloadOf(exit(mixed.join('\n')))?.text).toBe(payload.decisive);
      });
    }
  }

  it('lines without the header as many as half the relayed ones are no other writer: no header is read', () => {
    expect(withoutSharedHeader(['Dec 03 10:41:22 a', 'Dec 03 10:41:23 b', 'Dec 03 10:41:24 c', 'x', 'y'])).toBeNull();
  });

  it("a number's width is no part of a relay's header (a pid gaining a digit)", () => {
    const lines = ['Dec 03 10:41:22 node trainer[998]: a', 'Dec 03 10:41:22 node trainer[999]: b', 'Dec 03 10:41:23 node trainer[1000]: c'];
    expect(withoutSharedHeader(lines)).toEqual(['a', 'b', 'c']);
  });

  it("words every line shares without a digit are a message's, not a header", () => {
    expect(withoutSharedHeader(['Checkpoint saved to /ckpt/a', 'Checkpoint saved to /ckpt/b', 'Checkpoint saved to /ckpt/c'])).toBeNull();
  });

  it("a structured record's leading field (logfmt's time=\"…\") is the record's, not a header", () => {
    const lines = [
      'time="2026-12-03T10:41:22Z" level=info msg="a"',
      'time="2026-12-03T10:41:22Z" level=info msg="b"',
      'time="2026-12-03T10:41:22Z" level=error msg="c"',
    ];
    expect(withoutSharedHeader(lines)).toBeNull();
  });

  it('two lines that begin alike are too few to show a relay', () => {
    expect(withoutSharedHeader(['3 files copied', '3 files failed: disk full'])).toBeNull();
  });
});

/** Rule lines tools draw around a message (framedMessage.ts cites each). */
const FRAMES: readonly { name: string; rule: string }[] = [
  { name: "Open MPI's show_help dashes", rule: '-'.repeat(74) },
  { name: "MPICH Hydra's `=` rule", rule: '='.repeat(83) },
  { name: "Spring Boot's `*` rule", rule: '*'.repeat(27) },
];
/** Framed messages: the first sentence states the failure, the rest explains and advises. */
const FRAMED_MESSAGES: readonly { first: string; rest: readonly string[] }[] = [
  {
    first: 'There are not enough slots available in the system to satisfy the 8',
    rest: [
      'slots that were requested by the application:',
      '',
      '  python',
      '',
      'Either request fewer slots for your application, or make more slots',
      'available for use.',
    ],
  },
  {
    first: 'mpirun was unable to find the specified executable file, and therefore',
    rest: [
      'did not launch the job.  This error was first reported for process',
      'rank 0; it may have occurred for other processes as well.',
      '',
      'NOTE: A common cause for this error is misspelling a mpirun command',
    ],
  },
  {
    first: 'The port 8080 was already in use and the application could not start.',
    rest: ['', 'Action:', '', 'Identify and stop the process that is listening on port 8080.'],
  },
];
/** What a wrapper prints around the frame: nothing, or a generic line that only says the job stopped. */
const WRAPPERS: readonly { name: string; before: readonly string[]; after: readonly string[] }[] = [
  { name: 'alone', before: [], after: [] },
  {
    // open-mpi/ompi orte/tools/orterun/help-orterun.txt [orterun:non-zero-status]; a shell wrapper's own exit line.
    name: "between a launcher's summary and a wrapper's exit line",
    before: ['Starting job 4412 with 8 ranks'],
    after: ['mpirun detected that one or more processes exited with non-zero status, thus causing', 'ERROR: job step exited with status 1'],
  },
];

describe("a framed message's first sentence is its statement (framedMessage.ts)", () => {
  for (const frame of FRAMES) {
    for (const message of FRAMED_MESSAGES) {
      for (const wrapper of WRAPPERS) {
        it(`${frame.name}, ${wrapper.name}: "${message.first.slice(0, 40)}…"`, () => {
          const text = exit([...wrapper.before, frame.rule, message.first, ...message.rest, frame.rule, ...wrapper.after].join('\n'));
          expect(payloadOf(text)).toMatchObject({ text: message.first, rule: 'framed' });
        });
      }
    }
  }

  it('a table between dashed rules (a model summary) states nothing', () => {
    const rule = '-'.repeat(60);
    const text = exit(
      ['  | Name  | Type             | Params', rule, '0 | model | LlamaForCausalLM | 8.0 B', '1 | loss  | CrossEntropyLoss | 0', rule, 'Killed'].join('\n'),
    );
    expect(payloadOf(text)?.rule).not.toBe('framed');
  });

  it('a label inside the frame (torchrun\'s "Root Cause (first observed failure):") stays a pointer to what it announces', () => {
    const text = exit(
      [
        'torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ',
        '='.repeat(60),
        'train.py FAILED',
        '-'.repeat(60),
        'Failures:',
        '  <NO_OTHER_FAILURES>',
        '-'.repeat(60),
        'Root Cause (first observed failure):',
        '[0]:',
        '  exitcode  : 1 (pid: 2841)',
        '  traceback : Traceback (most recent call last):',
        '='.repeat(60),
      ].join('\n'),
    );
    expect(payloadOf(text)?.rule).not.toBe('framed');
  });
});

/** Specific statements of a cause, in several tools' formats (the line expected to be quoted). */
const CAUSES: readonly { name: string; line: string }[] = [
  // ggml-org/llama.cpp ggml/src/gguf.cpp gguf_init_from_file_impl.
  { name: "gguf's expected-vs-actual", line: "gguf_init_from_file_impl: invalid magic characters: 'vers', expected 'GGUF'" },
  // bminor/glibc elf/dl-load.c (_dl_signal_error "error while loading shared libraries: %s: %s").
  {
    name: "the dynamic loader's missing library",
    line: 'python3: error while loading shared libraries: libcudart.so.12: cannot open shared object file: No such file or directory',
  },
  // pytorch/pytorch torch/nn/modules/module.py load_state_dict ("size mismatch for {}: copying a param with shape {} from checkpoint, …").
  {
    name: "torch's size mismatch",
    line: 'size mismatch for lm_head.weight: copying a param with shape torch.Size([32000, 4096]) from checkpoint, the shape in current model is torch.Size([32001, 4096]).',
  },
  // python/cpython Lib/traceback.py: the exception line a traceback ends with.
  { name: 'a Python exception', line: 'RuntimeError: No DATABASE_URL set in environment' },
];
/** Summaries each tool prints after the cause (genericSummary.ts cites each). */
const SUMMARIES: readonly { name: string; lines: readonly string[] }[] = [
  {
    name: "llama.cpp's error loading model",
    lines: [
      'llama_model_load: error loading model: llama_model_loader: failed to load model from /mnt/models/m.gguf',
      'main: exiting due to model loading error',
    ],
  },
  { name: "uvicorn's startup failure", lines: ['ERROR:    Application startup failed. Exiting.'] },
  { name: "a CI runner's step exit", lines: ['Error: Process completed with exit code 1.'] },
  { name: "GNU make's recipe failure", lines: ['make: *** [Makefile:12: all] Error 1'] },
  { name: "ninja's stop", lines: ['ninja: build stopped: subcommand failed.'] },
];

describe('a generic summary yields to the cause printed before it (genericSummary.ts)', () => {
  for (const cause of CAUSES) {
    for (const summary of SUMMARIES) {
      it(`${summary.name} after ${cause.name}`, () => {
        const text = exit(['starting worker 0', 'loading /mnt/models/m.gguf', cause.line, ...summary.lines].join('\n'));
        expect(payloadOf(text)?.text).toBe(cause.line);
      });
    }
  }

  it('a failure with its own reason is no summary: it stays the statement', () => {
    const text = exit(
      ["gguf_init_from_file_impl: invalid magic characters: 'vers', expected 'GGUF'", 'Error: failed to open /data/shard-3: Permission denied'].join('\n'),
    );
    expect(payloadOf(text)?.text).toBe('Error: failed to open /data/shard-3: Permission denied');
  });

  it('a summary with no cause before it stays the statement', () => {
    const text = exit(['starting worker 0', 'ERROR:    Application startup failed. Exiting.'].join('\n'));
    expect(payloadOf(text)?.text).toBe('ERROR:    Application startup failed. Exiting.');
  });

  it('a warning before a summary is not its cause', () => {
    const text = exit(['[WARNING] could not find the tuned kernel for sm_90, using the default', 'ERROR:    Application startup failed. Exiting.'].join('\n'));
    expect(payloadOf(text)?.text).toBe('ERROR:    Application startup failed. Exiting.');
  });
});

/** Inner errors a worker or rank raised (the line expected to be quoted). */
const INNER_ERRORS: readonly string[] = [
  'RuntimeError: Missing key in checkpoint state_dict: model.lm_head.weight.',
  'ValueError: shard 7 has 3 columns, expected 4',
  "FileNotFoundError: [Errno 2] No such file or directory: '/data/shards/train-00007.parquet'",
];
const innerFrames = ['  File "/app/worker.py", line 41, in step', '    raise error'];
/** Wrappers that embed the worker's or rank's traceback in their own report (cited per row). */
const EMBEDDING_WRAPPERS: readonly { name: string; wrap: (inner: string) => readonly string[] }[] = [
  {
    // pytorch/pytorch torch/distributed/checkpoint/api.py CheckpointException.__str__ ("CheckpointException ranks:{…}" then "Traceback (most recent call last): (RANK {rank})").
    name: "torch.distributed.checkpoint's CheckpointException",
    wrap: (inner) => [
      'Traceback (most recent call last):',
      '  File "/app/train.py", line 96, in main',
      '    dcp.load(state_dict)',
      'torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([0])',
      'Traceback (most recent call last): (RANK 0)',
      ...innerFrames,
      inner,
    ],
  },
  {
    // pytorch/pytorch torch/_utils.py ExceptionWrapper.reraise ("Caught {type} {where}.\nOriginal {traceback}").
    name: "the DataLoader's re-raised worker error",
    wrap: (inner) => [
      'Traceback (most recent call last):',
      '  File "/app/train.py", line 88, in <module>',
      '    for batch in loader:',
      `${inner.split(':')[0]}: Caught ${inner.split(':')[0]} in DataLoader worker process 3.`,
      'Original Traceback (most recent call last):',
      ...innerFrames,
      inner,
    ],
  },
  {
    // ray-project/ray python/ray/exceptions.py RayTaskError ("{cause type}: ray::{function}() (pid=…, ip=…)" then the remote traceback).
    name: "Ray's RayTaskError",
    wrap: (inner) => [
      'Traceback (most recent call last):',
      '  File "/app/job.py", line 30, in <module>',
      '    ray.get(refs)',
      `ray.exceptions.RayTaskError(${inner.split(':')[0]}): ray::preprocess() (pid=4121, ip=10.0.3.17)`,
      ...innerFrames,
      inner,
    ],
  },
  {
    // python/cpython Lib/concurrent/futures/process.py _RemoteTraceback ('\n"""\n{tb}"""') raised as the cause of the re-raised error.
    name: "concurrent.futures' _RemoteTraceback",
    wrap: (inner) => [
      'concurrent.futures.process._RemoteTraceback: ',
      '"""',
      'Traceback (most recent call last):',
      ...innerFrames,
      inner,
      '"""',
      '',
      'The above exception was the direct cause of the following exception:',
      '',
      'Traceback (most recent call last):',
      '  File "/app/prep.py", line 9, in <module>',
      '    list(pool.map(step, shards))',
      inner,
    ],
  },
];

describe("a wrapper that embeds a worker's traceback: the innermost error is the cause", () => {
  for (const wrapper of EMBEDDING_WRAPPERS) {
    for (const inner of INNER_ERRORS) {
      it(`${wrapper.name}: ${inner.slice(0, 40)}…`, () => {
        expect(payloadOf(exit(wrapper.wrap(inner).join('\n')))?.text).toBe(inner);
      });
    }
  }
});

/** Another library's warning near the error: its own level says the program went on after it. */
const WARNINGS: readonly string[] = [
  // facebookresearch/xformers xformers/_cpp_lib.py ("WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. …").
  "WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:",
  // deepspeedai/DeepSpeed deepspeed/launcher/runner.py fetch_hostfile logger.warning, DeepSpeed's logger format.
  '[2026-12-03 10:41:21,118] [WARNING] [runner.py:215:fetch_hostfile] Unable to find hostfile, will proceed with training with local resources only.',
  // python/cpython Lib/logging/__init__.py BASIC_FORMAT "%(levelname)s:%(name)s:%(message)s".
  'WARNING:accelerate.utils.other:Detected kernel version 4.18.0, which is below the recommended minimum of 5.5.0; this can cause the process to hang.',
];
/** An exception line behind a header only it carries (the line expected, without the header). */
const PREFIXED_ERRORS: readonly { name: string; line: string; decisive: string }[] = [
  // docker/compose's log printer: "<service>-<n>  | <line>".
  {
    name: "docker compose's service column",
    line: "trainer-1  | ValueError: No slot '4' specified on host 'localhost'",
    decisive: "ValueError: No slot '4' specified on host 'localhost'",
  },
  // python/cpython Lib/traceback.py TracebackException.format: an exception group's members behind "| ".
  {
    name: "an exception group's margin",
    line: '    | FileNotFoundError: [Errno 2] No such file or directory: /data/train.jsonl',
    decisive: 'FileNotFoundError: [Errno 2] No such file or directory: /data/train.jsonl',
  },
  // a bracketed logger or process name before the line.
  {
    name: 'a bracketed process name',
    line: '[trainer] OSError: image file is truncated (37 bytes not processed)',
    decisive: 'OSError: image file is truncated (37 bytes not processed)',
  },
];

describe("another library's warning never beats an error statement, found behind any header", () => {
  for (const warning of WARNINGS) {
    for (const error of PREFIXED_ERRORS) {
      it(`${error.name} after "${warning.slice(0, 30)}…"`, () => {
        expect(payloadOf(exit([warning, error.line].join('\n')))?.text).toBe(error.decisive);
      });
    }
  }
});

/** Advice that introduces a link (findDecisiveLine.ts introducesLink cites each). */
const LINK_ADVICE: readonly (readonly string[])[] = [
  ['Learn more:', 'https://aka.ms/dotnet/app-launch-failed'],
  ['To install missing framework, download:', 'https://aka.ms/dotnet-core-applaunch?framework=Microsoft.NETCore.App&framework_version=8.0.0'],
  ["To search for alternate channels that may provide the missing package you're looking for,", 'navigate to', '', '    https://anaconda.org'],
];
/** Statements no rule ranks, that the fallback quotes. */
const PLAIN_STATEMENTS: readonly string[] = [
  'You must install or update .NET to run this application.',
  'Unable to locate the CUDA toolkit under /usr/local/cuda-12.4',
  'The requested runtime pack could not be found in the offline cache.',
];

describe('a link, and the line that introduces it, are where to read more, not what failed', () => {
  for (const statement of PLAIN_STATEMENTS) {
    for (const advice of LINK_ADVICE) {
      it(`"${statement.slice(0, 30)}…" before "${advice[0]!.slice(0, 30)}…"`, () => {
        expect(payloadOf(exit([statement, '', 'App: /app/indexer.dll', ...advice].join('\n')))?.text).toBe(statement);
      });
    }
  }
});

/** A logger's level on a multi-line record's first line only (linePointers.ts TRACEBACK_START cites it). */
const FIRST_LINE_LEVELS: readonly string[] = ['ERROR:    ', 'CRITICAL: '];
/** Exceptions whose class name may not end in Error: then only the traceback's structure says they are exceptions. */
const QUALNAME_EXCEPTIONS: readonly string[] = [
  // microsoft/onnxruntime onnxruntime/python/onnxruntime_pybind_exceptions.cc ("[ONNXRuntimeError] : %d : %s : %s").
  'onnxruntime.capi.onnxruntime_pybind11_state.InvalidProtobuf: [ONNXRuntimeError] : 7 : INVALID_PROTOBUF : Load model from /m/model.onnx failed:Protobuf parsing failed.',
  // googleapis/python-api-core google/api_core/exceptions.py (NotFound, "404 …").
  'google.api_core.exceptions.NotFound: 404 GET https://storage.googleapis.com/storage/v1/b/ckpt-bucket: The specified bucket does not exist.',
  // MagicStack/asyncpg asyncpg/exceptions/__init__.py (InvalidPasswordError): a name that ends in Error, a guard.
  'asyncpg.exceptions.InvalidPasswordError: password authentication failed for user "trainer"',
];

describe("a traceback behind its logger's level on the first line only is read as a traceback", () => {
  for (const level of FIRST_LINE_LEVELS) {
    for (const exception of QUALNAME_EXCEPTIONS) {
      it(`${level.trim()} ${exception.slice(0, 40)}…`, () => {
        const text = exit(
          [
            'INFO:     Started server process [1]',
            `${level}Traceback (most recent call last):`,
            '  File "/app/server.py", line 41, in lifespan',
            '    session = load()',
            exception,
          ].join('\n'),
        );
        expect(payloadOf(text)).toMatchObject({ text: exception, rule: 'exception' });
      });
    }
  }
});
