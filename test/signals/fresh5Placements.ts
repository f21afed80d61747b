/**
 * The placement generator of the fifth fresh corpus (fixtures/signals-fresh5). Real logs carry a
 * decisive line behind the prefix of whatever wrote it, and the prefixes a GPU workload's own
 * programs write are not the ones the fourth corpus placed: loguru's default sink, DeepSpeed's
 * logger, Hydra's job logging, absl's glog-style header (JAX and TensorFlow programs) and Open
 * MPI's --tag-output in a launcher's log. Around the tail stand lines that sound like failure
 * and are not: pip's root-user WARNING and "Requirement already satisfied", DeepSpeed's
 * async_io [WARNING] lines, Transformers' shard-loading bar and its "newly initialized" weights
 * notice before it; torch's destroy_process_group warning and the Weights & Biases footer after
 * it. The expectation and the decisive text stay the base entry's: neither a prefix nor a noise
 * line changes what a message means. Its output is the family `placed-logs-5.json`, written by
 * generateFresh5Placements.ts and checked by fresh5Corpus.test.ts. Deterministic: pids, ranks
 * and timestamps come from a seeded generator (SEED), no clock.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderSeededPlacements, type Draw, type Noise, type PrefixStyle } from './placeLogTail.js';

const FRESH5_DIR = fileURLToPath(new URL('../../fixtures/signals-fresh5/', import.meta.url));
const PLACED_SOURCE = 'placed-logs-5';
export const PLACED_FILE = join(FRESH5_DIR, `${PLACED_SOURCE}.json`);

/** The seed of the generator: change it and every pid, rank and timestamp changes, nothing else. */
export const SEED = 5;

const pad = (value: number, width: number) => String(value).padStart(width, '0');
/** Each later line of a tail is 173 µs after the one before it. */
const micros = (draw: Draw, at: number) => draw.micros + at * 173;
const millis = (draw: Draw, at: number) => pad(Math.floor(micros(draw, at) / 1000) % 1000, 3);
const seconds = (draw: Draw, at: number) => pad(22 + Math.floor(micros(draw, at) / 1000000), 2);

export const PREFIX_STYLES = {
  loguru: {
    label: 'loguru\'s default sink "2026-12-03 10:41:22.118 | ERROR    | __main__:main:88 - "',
    citation:
      'Delgan/loguru loguru/_defaults.py LOGURU_FORMAT "{time:YYYY-MM-DD HH:mm:ss.SSS} | {level: <8} | {name}:{function}:{line} - {message}" (colour tags dropped without a TTY); logger.exception writes the traceback after the record, so the style is applied to every line as a log shipper that splits lines would',
    place: (line, at, draw) => `2026-12-03 10:41:${seconds(draw, at)}.${millis(draw, at)} | ERROR    | __main__:main:88 - ${line}`,
  },
  deepspeedLogger: {
    label: 'DeepSpeed\'s logger "[2026-12-03 10:41:22,118] [ERROR] [engine.py:88:main] "',
    citation:
      'deepspeedai/DeepSpeed deepspeed/utils/logging.py LoggerFactory: logging.Formatter("[%(asctime)s] [%(levelname)s] [%(filename)s:%(lineno)d:%(funcName)s] %(message)s")',
    place: (line, at, draw) => `[2026-12-03 10:41:${seconds(draw, at)},${millis(draw, at)}] [ERROR] [engine.py:88:main] ${line}`,
  },
  hydra: {
    label: 'Hydra\'s job logging "[2026-12-03 10:41:22,118][__main__][ERROR] - "',
    citation:
      'facebookresearch/hydra hydra/conf/hydra/job_logging/default.yaml formatters.simple.format "[%(asctime)s][%(name)s][%(levelname)s] - %(message)s" (asctime with logging\'s default ",%03d" milliseconds)',
    place: (line, at, draw) => `[2026-12-03 10:41:${seconds(draw, at)},${millis(draw, at)}][__main__][ERROR] - ${line}`,
  },
  absl: {
    label: 'absl\'s glog-style header "E1203 10:41:22.118443 140211 train.py:88] "',
    citation:
      'abseil/abseil-py absl/logging/__init__.py get_absl_log_prefix: "%c%02d%02d %02d:%02d:%02d.%06d %5d %s:%d] " (severity letter, month, day, time with microseconds, thread id, file:line), used by JAX and TensorFlow programs that log through absl',
    place: (line, at, draw) =>
      `E1203 10:41:${seconds(draw, at)}.${pad(micros(draw, at) % 1000000, 6)} ${String(139000 + draw.pid).padStart(5, ' ')} train.py:88] ${line}`,
  },
  mpirunTagOutput: {
    label: 'Open MPI\'s --tag-output "[1,3]<stderr>:"',
    citation:
      'open-mpi/ompi (mpirun --tag-output, the PRRTE/ORTE IOF tag): "[%s,%d]<%s>:" — job id, rank and stream — written by mpirun before every line a rank prints, with no space before the line',
    place: (line, _at, draw) => `[1,${draw.rank}]<stderr>:${line}`,
  },
} satisfies Record<string, PrefixStyle>;

type StyleName = keyof typeof PREFIX_STYLES;

/** Lines real logs carry around a failure that do not explain it (the formats are upstream's). */
export const NOISE = {
  pipInstall: {
    lines: [
      'Requirement already satisfied: torch==2.5.1 in /opt/venv/lib/python3.11/site-packages (from -r /app/requirements.txt (line 1)) (2.5.1)',
      "WARNING: Running pip as the 'root' user can result in broken permissions and conflicting behaviour with the system package manager. It is recommended to use a virtual environment instead: https://pip.pypa.io/warnings/venv",
    ],
    citation:
      'pypa/pip src/pip/_internal/req/req_install.py / resolution "Requirement already satisfied: %s in %s (from %s) (%s)" and src/pip/_internal/cli/req_command.py warn_if_run_as_root (the root-user WARNING, printed after a successful install)',
  },
  deepspeedAsyncIo: {
    lines: [
      ' [WARNING]  async_io requires the dev libaio .so object and headers but these were not found.',
      ' [WARNING]  async_io: please install the libaio-dev package with apt',
      ' [WARNING]  If libaio is already installed (perhaps from source), try setting the CFLAGS and LDFLAGS environment variables to where it can be found.',
    ],
    citation:
      'deepspeedai/DeepSpeed op_builder/async_io.py AsyncIOBuilder.is_compatible: self.warning(…) for a missing libaio, printed at import by the op compatibility check whether or not async I/O is used',
  },
  shardLoading: {
    lines: [
      'Loading checkpoint shards:  50%|█████     | 2/4 [00:03<00:03,  1.52s/it]',
      'Loading checkpoint shards: 100%|██████████| 4/4 [00:06<00:00,  1.52s/it]',
    ],
    citation:
      'huggingface/transformers src/transformers/modeling_utils.py: logging.tqdm(…, desc="Loading checkpoint shards") over sharded checkpoints (tqdm/tqdm tqdm/std.py format_meter)',
  },
  newlyInitialized: {
    lines: [
      "Some weights of LlamaForSequenceClassification were not initialized from the model checkpoint at /models/llama-3.1-8b and are newly initialized: ['score.weight']",
      'You should probably TRAIN this model on a down-stream task to be able to use it for predictions and inference.',
    ],
    citation:
      'huggingface/transformers src/transformers/modeling_utils.py _load_pretrained_model: logger.warning(f"Some weights of {model.__class__.__name__} were not initialized from the model checkpoint at {pretrained_model_name_or_path} and are newly initialized: {missing_keys}\\nYou should probably TRAIN this model on a down-stream task to be able to use it for predictions and inference.")',
  },
  destroyProcessGroup: {
    lines: [
      '[rank0]:[W1203 10:41:23.118000 2211 torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1250] Warning: WARNING: destroy_process_group() was not called before program exit, which can leak resources. For more info, please see https://pytorch.org/docs/stable/distributed.html#shutdown (function operator())',
    ],
    citation:
      'pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp ~ProcessGroupNCCL: TORCH_WARN_ONCE("WARNING: destroy_process_group() was not called before program exit, which can leak resources. For more info, please see https://pytorch.org/docs/stable/distributed.html#shutdown"), printed at exit after a failure',
  },
  wandbFooter: {
    lines: [
      'wandb: 🚀 View run llama-sft-3 at: https://wandb.ai/nlp-lab/llama-sft/runs/3f1c9a2e',
      'wandb: Find logs at: ./wandb/run-20261203_104019-3f1c9a2e/logs',
    ],
    citation:
      'wandb/wandb wandb/sdk/wandb_run.py _footer_sync_info / _footer: "🚀 View run {name} at: {url}" and "Find logs at: {dir}", behind the "wandb: " terminal prefix, printed at exit (also on failure)',
  },
} satisfies Record<string, Noise>;

type NoiseName = keyof typeof NOISE;

/**
 * The entries placed: family, index in it, prefix style, noise before the tail, noise after it.
 * Only entries whose decisive text is one line (a prefix cuts a multi-line decisive text); no
 * style here escapes its message, so decisive texts with quotes are placed as they are.
 */
export const PLACEMENTS: readonly (readonly [string, number, StyleName, readonly NoiseName[], readonly NoiseName[]])[] = [
  ['init-supervisors', 4, 'loguru', ['pipInstall'], []],
  ['package-installs-5', 4, 'hydra', [], []],
  ['memory-native', 0, 'hydra', ['shardLoading'], []],
  ['memory-native', 3, 'mpirunTagOutput', ['deepspeedAsyncIo'], ['destroyProcessGroup']],
  ['memory-native', 6, 'deepspeedLogger', ['newlyInitialized'], ['wandbFooter']],
  ['compilers-jit', 2, 'absl', [], ['wandbFooter']],
  ['compilers-jit', 5, 'deepspeedLogger', ['deepspeedAsyncIo'], []],
  ['training-stacks-5', 0, 'loguru', ['shardLoading'], ['destroyProcessGroup']],
  ['training-stacks-5', 1, 'mpirunTagOutput', ['deepspeedAsyncIo'], ['destroyProcessGroup']],
  ['training-stacks-5', 5, 'absl', ['pipInstall'], []],
  ['data-io-5', 0, 'deepspeedLogger', ['newlyInitialized'], []],
  ['data-io-5', 3, 'hydra', ['pipInstall'], ['wandbFooter']],
  ['data-io-5', 5, 'mpirunTagOutput', [], []],
  ['inference-servers-5', 2, 'absl', ['shardLoading'], []],
  ['inference-servers-5', 3, 'loguru', ['newlyInitialized'], []],
  ['package-installs-5', 3, 'hydra', [], []],
];

/** The text of `placed-logs-5.json`, as generateFresh5Placements.ts writes it. */
export function renderPlacedEntries(): string {
  return renderSeededPlacements({
    dir: FRESH5_DIR,
    source: PLACED_SOURCE,
    description:
      "Generated (test/signals/fresh5Placements.ts, seeded): single-line decisive texts of this corpus's other families behind verbatim log prefixes of programs GPU workloads run — loguru's default sink, DeepSpeed's logger, Hydra's job logging, absl's glog-style header and Open MPI's --tag-output — with noise lines around them (pip's root-user WARNING, DeepSpeed's async_io [WARNING] lines, Transformers' shard-loading bar and newly-initialized-weights notice before; torch's destroy_process_group warning and the Weights & Biases footer after). The expectation is the base entry's.",
    generator: 'test/signals/fresh5Placements.ts',
    seed: SEED,
    styles: PREFIX_STYLES,
    noise: NOISE,
    placements: PLACEMENTS,
  });
}
