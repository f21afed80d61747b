/**
 * The placement generator of the fourth fresh corpus (fixtures/signals-fresh4). Real logs carry
 * a decisive line behind the prefix of whatever wrote it — a Go service's klog header or logrus
 * key=value record, a zerolog JSON object, Python's logging or structlog's console renderer,
 * Spring Boot's console pattern, torchrun's rank tag, Ray's worker prefix — and between lines
 * that do not explain the failure: progress bars, deprecation warnings, NCCL's INFO lines and
 * INFO lines whose words sound like a failure ("0 errors", "failed=0") before it, torchrun's
 * SIGTERM notice and the MLflow footer after it. This module takes single-line decisive texts of
 * the corpus's own families, adds verbatim noise lines where real logs put them, and places
 * every line of the resulting tail behind one prefix; a prefix that quotes its message (logrus,
 * zerolog) escapes it as its encoder does. The expectation and the decisive text stay the base
 * entry's: neither a prefix nor a noise line changes what a message means. Its output is the
 * family `placed-logs.json`, written by generateFresh4Placements.ts and checked by
 * fresh4Corpus.test.ts. Deterministic: pids, ranks and timestamps come from a seeded generator
 * (SEED), no clock.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderSeededPlacements, type Draw, type Noise, type PrefixStyle } from './placeLogTail.js';

const FRESH4_DIR = fileURLToPath(new URL('../../fixtures/signals-fresh4/', import.meta.url));
const PLACED_SOURCE = 'placed-logs';
export const PLACED_FILE = join(FRESH4_DIR, `${PLACED_SOURCE}.json`);

/** The seed of the generator: change it and every pid, rank and timestamp changes, nothing else. */
export const SEED = 4;

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const micros = (draw: Draw, at: number) => draw.micros + at * 211;
const millis = (draw: Draw, at: number) => pad(Math.floor(micros(draw, at) / 1000) % 1000, 3);
const seconds = (draw: Draw, at: number) => pad(22 + Math.floor(micros(draw, at) / 1000000), 2);

/** Go's strconv.Quote, which logrus' text formatter uses for a value that needs quoting. */
function goQuote(text: string): string {
  const named: Record<string, string> = {
    '"': '\\"',
    '\\': '\\\\',
    '\n': '\\n',
    '\r': '\\r',
    '\t': '\\t',
    '\x07': '\\a',
    '\b': '\\b',
    '\f': '\\f',
    '\v': '\\v',
  };
  const escaped = Array.from(text, (char) => {
    if (char in named) return named[char]!;
    const code = char.codePointAt(0)!;
    return code < 0x20 || code === 0x7f ? `\\x${code.toString(16).padStart(2, '0')}` : char;
  });
  return `"${escaped.join('')}"`;
}

export const PREFIX_STYLES = {
  klog: {
    label: 'klog\'s header "E1203 10:41:22.118443    2211 main.go:88] "',
    citation: 'kubernetes/klog klog.go formatHeader: severity letter, "mmdd hh:mm:ss.uuuuuu", the thread id right-aligned in 7 columns, "file:line] "',
    escapes: false,
    place: (line, at, draw) =>
      `E1203 10:41:${seconds(draw, at)}.${pad(micros(draw, at) % 1000000, 6)} ${String(draw.pid).padStart(7, ' ')} main.go:88] ${line}`,
  },
  logfmt: {
    label: 'logrus\' text formatter \'time="2026-12-03T10:41:22Z" level=error msg="…"\'',
    citation:
      'sirupsen/logrus text_formatter.go without a TTY: time="…" level=… msg=…, a value quoted with Go\'s strconv.Quote (%q) when it holds characters outside [A-Za-z0-9-._/@^+] (needsQuoting)',
    escapes: true,
    place: (line, at, draw) => {
      const value = line !== '' && /^[A-Za-z0-9\-._/@^+]+$/.test(line) ? line : goQuote(line);
      return `time="2026-12-03T10:41:${seconds(draw, at)}Z" level=error msg=${value}`;
    },
  },
  zerolog: {
    label: 'zerolog\'s JSON {"level":"error","time":"…","message":"…"}',
    citation:
      'rs/zerolog globals.go LevelFieldName "level", TimestampFieldName "time", MessageFieldName "message", written in that order by log.Error().Msg with a Timestamp() context; internal/json/string.go escapes `"`, `\\` and control characters',
    escapes: true,
    place: (line, at, draw) => `{"level":"error","time":"2026-12-03T10:41:${seconds(draw, at)}Z","message":${JSON.stringify(line)}}`,
  },
  pythonLogging: {
    label: 'Python logging "2026-12-03 10:41:22,118 - root - ERROR - "',
    citation:
      'python/cpython Lib/logging/__init__.py with the format "%(asctime)s - %(name)s - %(levelname)s - %(message)s" (the logging HOWTO\'s formatter; asctime default_msec_format "%s,%03d")',
    escapes: false,
    place: (line, at, draw) => `2026-12-03 10:41:${seconds(draw, at)},${millis(draw, at)} - root - ERROR - ${line}`,
  },
  structlogConsole: {
    label: 'structlog\'s console renderer "2026-12-03 10:41:22 [error    ] "',
    citation:
      'hynek/structlog src/structlog/dev.py ConsoleRenderer (colors off): the timestamp of TimeStamper(fmt="%Y-%m-%d %H:%M:%S"), the level padded to the longest level name in brackets, then the event (padded only when key-values follow)',
    escapes: false,
    place: (line, at, draw) => `2026-12-03 10:41:${seconds(draw, at)} [error    ] ${line}`,
  },
  springBoot: {
    label: 'Spring Boot\'s console pattern "2026-12-03T10:41:22.118Z ERROR 1 --- [           main] ai.nlp.Main                              : "',
    citation:
      'spring-projects/spring-boot spring-boot-project/spring-boot/src/main/resources/org/springframework/boot/logging/logback/defaults.xml CONSOLE_LOG_PATTERN "%d{yyyy-MM-dd\'T\'HH:mm:ss.SSSXXX} %5p ${PID} --- [%15.15t] %-40.40logger{39} : %m%n"; logback prints a stack trace unprefixed after the message, so the style is applied to every line as a log shipper that splits lines would',
    escapes: false,
    place: (line, at, draw) =>
      `2026-12-03T10:41:${seconds(draw, at)}.${millis(draw, at)}Z ERROR 1 --- [           main] ${'ai.nlp.Main'.padEnd(40, ' ')} : ${line}`,
  },
  torchrunRank: {
    label: 'torchrun\'s "[rank3]: "',
    citation:
      'pytorch/pytorch torch/distributed/run.py and torch/distributed/elastic/multiprocessing/__init__.py: TORCHELASTIC_LOG_LINE_PREFIX_TEMPLATE "[rank${rank}]: ", written before every line a rank tees',
    escapes: false,
    place: (line, _at, draw) => `[rank${draw.rank}]: ${line}`,
  },
  rayWorker: {
    label: 'Ray\'s worker-log prefix "(RayTrainWorker pid=4182, ip=10.0.7.21) "',
    citation:
      'ray-project/ray python/ray/_private/worker.py print_worker_logs: "({actor or task name} pid={pid}, ip={ip}) " before every line a worker prints, uncoloured without a TTY',
    escapes: false,
    place: (line, _at, draw) => `(RayTrainWorker pid=${draw.pid}, ip=10.0.7.21) ${line}`,
  },
} satisfies Record<string, PrefixStyle & { escapes: boolean }>;

type StyleName = keyof typeof PREFIX_STYLES;

/** Lines real logs carry around a failure that do not explain it (the formats are upstream's). */
export const NOISE = {
  trainerProgress: {
    lines: [
      '  3%|▎         | 120/4000 [01:02<33:41,  1.92it/s]',
      "{'loss': 2.1131, 'grad_norm': 0.8734, 'learning_rate': 2.87e-05, 'epoch': 0.42}",
      '  3%|▎         | 121/4000 [01:02<33:40,  1.92it/s]',
    ],
    citation:
      'huggingface/transformers src/transformers/trainer_callback.py ProgressCallback: the tqdm training bar (tqdm/tqdm tqdm/std.py format_meter) and on_log writing str(logs) through the bar',
  },
  ampDeprecation: {
    lines: [
      "/app/train.py:71: FutureWarning: `torch.cuda.amp.GradScaler(args...)` is deprecated. Please use `torch.amp.GradScaler('cuda', args...)` instead.",
      '  scaler = torch.cuda.amp.GradScaler()',
    ],
    citation:
      'pytorch/pytorch torch/cuda/amp/grad_scaler.py: @deprecated("`torch.cuda.amp.GradScaler(args...)` is deprecated. Please use `torch.amp.GradScaler(\'cuda\', args...)` instead.", category=FutureWarning), shown by python/cpython Lib/warnings.py formatwarning "%s:%s: %s: %s\\n" and the source line',
  },
  evalStrategyDeprecation: {
    lines: [
      '/opt/venv/lib/python3.11/site-packages/transformers/training_args.py:1568: FutureWarning: `evaluation_strategy` is deprecated and will be removed in version 4.46 of 🤗 Transformers. Use `eval_strategy` instead',
      '  warnings.warn(',
    ],
    citation:
      'huggingface/transformers src/transformers/training_args.py __post_init__: warnings.warn("`evaluation_strategy` is deprecated and will be removed in version 4.46 of 🤗 Transformers. Use `eval_strategy` instead", FutureWarning)',
  },
  harmlessCounts: {
    lines: ['INFO:__main__:validated 412 shards: 0 errors, 0 warnings', 'INFO:__main__:upload retries: attempted=3 succeeded=3 failed=0'],
    citation:
      'python/cpython Lib/logging/__init__.py BASIC_FORMAT "%(levelname)s:%(name)s:%(message)s" (logging.basicConfig); the messages are the program\'s own summaries, whose words (errors, failed) report zero failures',
  },
  ncclInfo: {
    lines: [
      'llama-sft-run-0-0:2211:2211 [0] NCCL INFO Bootstrap : Using eth0:10.244.5.17<0>',
      'llama-sft-run-0-0:2211:2211 [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.',
      'llama-sft-run-0-0:2211:2211 [0] NCCL INFO cudaDriverVersion 12040',
    ],
    citation:
      'NVIDIA/nccl src/debug.cc ncclDebugLog: "%s:%d:%d [%d] NCCL INFO " (hostname, pid, tid, device) with NCCL_DEBUG=INFO; src/bootstrap.cc "Bootstrap : Using %s", src/plugin/net.cc "NET/Plugin: Could not find: %s." (a normal fallback), src/init.cc "cudaDriverVersion %d"',
  },
  torchrunSigterm: {
    lines: [
      'W1203 10:41:23.118000 2201 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 2212 closing signal SIGTERM',
      'W1203 10:41:23.118000 2201 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 2213 closing signal SIGTERM',
    ],
    citation:
      'pytorch/pytorch torch/distributed/elastic/multiprocessing/api.py _close: logger.warning("Sending process %s closing signal %s", …) behind the glog-style header torchrun configures, printed after a rank failed while the agent stops the others',
  },
  mlflowFooter: {
    lines: [
      '🏃 View run llama-sft-3 at: http://mlflow.mlflow.svc:5000/#/experiments/7/runs/3f1c9a2e',
      '🧪 View experiment at: http://mlflow.mlflow.svc:5000/#/experiments/7',
    ],
    citation:
      'mlflow/mlflow mlflow/tracking/_tracking_service/client.py _log_url: "🏃 View run {run_name} at: {run_url}" and "🧪 View experiment at: {experiment_url}", printed when the run ends (also on failure, from the atexit hook)',
  },
} satisfies Record<string, Noise>;

type NoiseName = keyof typeof NOISE;

/**
 * The entries placed: family, index in it, prefix style, noise before the tail, noise after it.
 * Only entries whose decisive text is one line (a prefix cuts a multi-line decisive text), and
 * for an escaping style only decisive texts without `"` or `\` (escaping changes them).
 */
export const PLACEMENTS: readonly (readonly [string, number, StyleName, readonly NoiseName[], readonly NoiseName[]])[] = [
  ['jvm-spark', 1, 'springBoot', [], []],
  ['jvm-spark', 3, 'springBoot', ['harmlessCounts'], []],
  ['other-runtimes-4', 4, 'pythonLogging', ['evalStrategyDeprecation'], []],
  ['ml-frameworks-4', 3, 'pythonLogging', ['evalStrategyDeprecation', 'harmlessCounts'], []],
  ['other-runtimes-4', 2, 'klog', [], []],
  ['storage-data-4', 2, 'klog', ['ncclInfo'], ['torchrunSigterm']],
  ['other-runtimes-4', 1, 'zerolog', [], []],
  ['storage-data-4', 5, 'zerolog', ['harmlessCounts'], []],
  ['ml-frameworks-4', 0, 'torchrunRank', ['trainerProgress'], ['torchrunSigterm']],
  ['ml-frameworks-4', 5, 'torchrunRank', ['ncclInfo'], ['torchrunSigterm']],
  ['ml-frameworks-4', 1, 'rayWorker', ['ampDeprecation'], ['mlflowFooter']],
  ['ml-frameworks-4', 6, 'rayWorker', ['trainerProgress'], ['mlflowFooter']],
  ['gpu-node-stack-4', 0, 'structlogConsole', ['harmlessCounts'], []],
  ['inference-servers-4', 2, 'structlogConsole', [], ['mlflowFooter']],
  ['gpu-node-stack-4', 2, 'logfmt', ['ampDeprecation'], []],
  ['storage-data-4', 4, 'logfmt', [], []],
];

/** The text of `placed-logs.json`, as generateFresh4Placements.ts writes it. */
export function renderPlacedEntries(): string {
  return renderSeededPlacements({
    dir: FRESH4_DIR,
    source: PLACED_SOURCE,
    description:
      "Generated (test/signals/fresh4Placements.ts, seeded): single-line decisive texts of this corpus's other families behind verbatim log prefixes of the programs that write them — klog, logrus key=value, zerolog JSON, Python logging with the logger name, structlog's console renderer, Spring Boot's console pattern, torchrun's rank tags and Ray's worker prefix — with noise lines around them (training progress bars and the Trainer's log dict, FutureWarnings, NCCL INFO lines and INFO lines saying 0 errors / failed=0 before; torchrun's SIGTERM notices and the MLflow footer after). The expectation is the base entry's.",
    generator: 'test/signals/fresh4Placements.ts',
    seed: SEED,
    styles: PREFIX_STYLES,
    noise: NOISE,
    placements: PLACEMENTS,
  });
}
