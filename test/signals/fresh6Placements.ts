/**
 * The placement generator of the sixth fresh corpus (fixtures/signals-fresh6). Real logs carry a
 * decisive line behind the prefix of whatever wrote or collected it, and none of the prefixes
 * here was placed by an older corpus: a log line as Docker's json-file driver stores it (what a
 * fluent-bit tail input with the docker parser forwards), Celery's worker log, gunicorn's error
 * log, moreutils' `ts` in a shell pipeline and srun's `--label` task prefix. Around the tail stand
 * lines that sound like failure and are not: the tokenizers fork warning, xFormers' extension
 * warning and Transformers' `torch_dtype` deprecation before it, the multiprocessing resource
 * tracker's leaked-semaphore warning after it. The expectation and the decisive text stay the
 * base entry's: neither a prefix nor a noise line changes what a message means. Its output is
 * the family `placed-logs-6.json`, written by generateFresh6Placements.ts and checked by
 * fresh6Corpus.test.ts. Deterministic: pids, ranks and timestamps come from a seeded generator
 * (SEED), no clock.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderSeededPlacements, type Draw, type Noise, type PrefixStyle } from './placeLogTail.js';

const FRESH6_DIR = fileURLToPath(new URL('../../fixtures/signals-fresh6/', import.meta.url));
const PLACED_SOURCE = 'placed-logs-6';
export const PLACED_FILE = join(FRESH6_DIR, `${PLACED_SOURCE}.json`);

/** The seed of the generator: change it and every pid, rank and timestamp changes, nothing else. */
export const SEED = 6;

const pad = (value: number, width: number) => String(value).padStart(width, '0');
/** Each later line of a tail is 211 µs after the one before it. */
const micros = (draw: Draw, at: number) => draw.micros + at * 211;
const millis = (draw: Draw, at: number) => pad(Math.floor(micros(draw, at) / 1000) % 1000, 3);
const seconds = (draw: Draw, at: number) => pad(22 + Math.floor(micros(draw, at) / 1000000), 2);

/**
 * Go's encoding/json as Docker's json-file driver uses it: JSON string escapes plus `<`, `>` and
 * `&` as \u003c, \u003e and \u0026 (HTML-safe escaping, on by default).
 */
const goJsonString = (text: string) => JSON.stringify(text).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

export const PREFIX_STYLES = {
  dockerJsonFile: {
    label: 'Docker\'s json-file log line {"log":"…\\n","stream":"stderr","time":"…"} (as fluent-bit\'s tail input with the docker parser reads it)',
    citation:
      'moby/moby daemon/logger/jsonfilelog/jsonfilelog.go with daemon/logger/jsonfilelog/jsonlog/jsonlogbytes.go: one JSON object per line, {"log": the line with its newline, "stream", "time" in RFC 3339 with nanoseconds}, strings escaped as Go\'s encoding/json does (HTML-safe: <, >, & as \\u003c, \\u003e, \\u0026); fluent/fluent-bit conf/parsers.conf [PARSER] Name docker reads that format',
    escapes: true,
    place: (line, at, draw) =>
      `{"log":${goJsonString(`${line}\n`)},"stream":"stderr","time":"2026-12-03T10:41:${seconds(draw, at)}.${pad(micros(draw, at) % 1000000, 6)}${pad(draw.pid % 1000, 3)}Z"}`,
  },
  celeryWorker: {
    label: 'Celery\'s worker log "[2026-12-03 10:41:22,118: ERROR/ForkPoolWorker-3] "',
    citation:
      'celery/celery celery/app/defaults.py worker_log_format "[%(asctime)s: %(levelname)s/%(processName)s] %(message)s" (a GPU inference task queue\'s worker; the traceback lines are the record\'s message, applied per line as a shipper that splits lines would)',
    place: (line, at, draw) => `[2026-12-03 10:41:${seconds(draw, at)},${millis(draw, at)}: ERROR/ForkPoolWorker-${draw.rank}] ${line}`,
  },
  gunicornError: {
    label: 'gunicorn\'s error log "[2026-12-03 10:41:22 +0000] [2211] [ERROR] "',
    citation:
      'benoitc/gunicorn gunicorn/glogging.py CONFIG_DEFAULTS formatters.generic "%(asctime)s [%(process)d] [%(levelname)s] %(message)s" with datefmt "[%Y-%m-%d %H:%M:%S %z]"',
    place: (line, at, draw) => `[2026-12-03 10:41:${seconds(draw, at)} +0000] [${draw.pid}] [ERROR] ${line}`,
  },
  moreutilsTs: {
    label: 'moreutils\' ts in a shell pipeline (`python train.py 2>&1 | ts`) "Dec 03 10:41:22 "',
    citation: 'moreutils ts (ts.pod): prefixes each input line with strftime\'s default format "%b %d %H:%M:%S" and a space',
    place: (line, at, draw) => `Dec 03 10:41:${seconds(draw, at)} ${line}`,
  },
  srunLabel: {
    label: 'srun --label\'s task prefix " 3: " (16 tasks, the width of the largest task id)',
    citation:
      'SchedMD/slurm src/srun (the --label option, "Prepend task number to lines of stdout/err"): the task id right-aligned to the width of the largest id, then ": " (src/common/io_hdr / src/api/step_io.c label handling)',
    place: (line, _at, draw) => `${String(draw.rank).padStart(2, ' ')}: ${line}`,
  },
} satisfies Record<string, PrefixStyle>;

type StyleName = keyof typeof PREFIX_STYLES;

/** Lines real logs carry around a failure that do not explain it (the formats are upstream's). */
export const NOISE = {
  tokenizersFork: {
    lines: [
      'huggingface/tokenizers: The current process just got forked, after parallelism has already been used. Disabling parallelism to avoid deadlocks...',
      'To disable this warning, you can either:',
      '\t- Avoid using `tokenizers` before the fork if possible',
      '\t- Explicitly set the environment variable TOKENIZERS_PARALLELISM=(true | false)',
    ],
    citation:
      'huggingface/tokenizers bindings/python/src/utils/parallelism.rs: the warning printed in a forked child (DataLoader workers, datasets.map) after the parent used parallel tokenization',
  },
  xformersWarning: {
    lines: [
      "WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:",
      '    PyTorch 2.5.1+cu121 with CUDA 1201 (you have 2.6.0+cu124)',
      '    Python  3.11.10 (you have 3.11.10)',
      '  Please reinstall xformers (see https://github.com/facebookresearch/xformers#installing-xformers)',
      "  Memory-efficient attention, SwiGLU, sparse and more won't be available.",
      '  Set XFORMERS_MORE_DETAILS=1 for more details',
    ],
    citation:
      'facebookresearch/xformers xformers/_cpp_lib.py: logger.warning("WARNING[XFORMERS]: xFormers can\'t load C++/CUDA extensions. xFormers was built for: …") at import, after which the program runs on without the kernels',
  },
  torchDtypeDeprecated: {
    lines: ['`torch_dtype` is deprecated! Use `dtype` instead!'],
    citation:
      'huggingface/transformers src/transformers/modeling_utils.py from_pretrained: logger.warning_once("`torch_dtype` is deprecated! Use `dtype` instead!")',
  },
  leakedSemaphore: {
    lines: [
      '/usr/lib/python3.11/multiprocessing/resource_tracker.py:254: UserWarning: resource_tracker: There appear to be 1 leaked semaphore objects to clean up at shutdown',
      "  warnings.warn('resource_tracker: There appear to be %d '",
    ],
    citation:
      "python/cpython Lib/multiprocessing/resource_tracker.py main: warnings.warn('resource_tracker: There appear to be %d ' 'leaked %s objects to clean up at shutdown' % …), printed by the tracker process after the program died with workers' semaphores open",
  },
} satisfies Record<string, Noise>;

type NoiseName = keyof typeof NOISE;

/**
 * The entries placed: family, index in it, prefix style, noise before the tail, noise after it.
 * Only entries whose decisive text is one line (a prefix cuts a multi-line decisive text), and
 * behind the escaping json-file style only decisive texts without `"`, `\`, `<`, `>` or `&`.
 */
export const PLACEMENTS: readonly (readonly [string, number, StyleName, readonly NoiseName[], readonly NoiseName[]])[] = [
  ['model-loaders-6', 2, 'srunLabel', ['tokenizersFork'], ['leakedSemaphore']],
  ['model-loaders-6', 3, 'dockerJsonFile', ['torchDtypeDeprecated'], []],
  ['model-loaders-6', 5, 'celeryWorker', ['torchDtypeDeprecated'], []],
  ['model-loaders-6', 0, 'moreutilsTs', [], []],
  ['media-decoders-6', 0, 'moreutilsTs', ['xformersWarning'], ['leakedSemaphore']],
  ['media-decoders-6', 2, 'celeryWorker', ['xformersWarning'], []],
  ['media-decoders-6', 4, 'srunLabel', ['tokenizersFork'], []],
  ['config-loaders-6', 0, 'dockerJsonFile', [], ['leakedSemaphore']],
  ['config-loaders-6', 4, 'gunicornError', ['xformersWarning'], []],
  ['config-loaders-6', 5, 'srunLabel', ['torchDtypeDeprecated'], []],
  ['runtimes-6', 2, 'dockerJsonFile', [], []],
  ['launch-tools-6', 2, 'celeryWorker', ['tokenizersFork'], ['leakedSemaphore']],
  ['launch-tools-6', 3, 'moreutilsTs', [], ['leakedSemaphore']],
  ['data-clients-6', 1, 'gunicornError', ['torchDtypeDeprecated'], []],
  ['data-clients-6', 3, 'moreutilsTs', [], []],
  ['data-clients-6', 4, 'gunicornError', [], []],
];

/** The text of `placed-logs-6.json`, as generateFresh6Placements.ts writes it. */
export function renderPlacedEntries(): string {
  return renderSeededPlacements({
    dir: FRESH6_DIR,
    source: PLACED_SOURCE,
    description:
      "Generated (test/signals/fresh6Placements.ts, seeded): single-line decisive texts of this corpus's other families behind log prefixes no older corpus placed — Docker's json-file line (as fluent-bit forwards it), Celery's worker log, gunicorn's error log, moreutils' ts and srun's --label — with noise lines around them (the tokenizers fork warning, xFormers' extension warning and Transformers' torch_dtype deprecation before; the resource tracker's leaked-semaphore warning after). The expectation is the base entry's.",
    generator: 'test/signals/fresh6Placements.ts',
    seed: SEED,
    styles: PREFIX_STYLES,
    noise: NOISE,
    placements: PLACEMENTS,
  });
}
