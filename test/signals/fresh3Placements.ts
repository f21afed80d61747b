/**
 * The placement generator of the third fresh corpus (fixtures/signals-fresh3). Real logs carry a
 * decisive line behind a line prefix — a launcher's rank tag, a logging library's header, a JSON
 * envelope, the kubelet's timestamp — and between lines that do not matter: progress bars,
 * warnings and INFO lines before it, shutdown warnings and tracker footers after it. This module
 * takes entries of the corpus's own families, adds verbatim upstream noise lines where real logs
 * put them (before the failure, after it), and places every line of the resulting log tail
 * behind one verbatim upstream prefix. The expectation and the decisive text stay the base
 * entry's: neither a prefix nor a noise line changes what a message means. Its output is the
 * family `placed-noise.json`, written by generateFresh3Placements.ts and checked by
 * fresh3Corpus.test.ts, which fails when the committed file drifts from what this renders.
 * Deterministic: pids, ranks and timestamps come from a seeded generator (SEED), no clock.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderSeededPlacements, type Draw, type Noise, type PrefixStyle } from './placeLogTail.js';

const FRESH3_DIR = fileURLToPath(new URL('../../fixtures/signals-fresh3/', import.meta.url));
const PLACED_SOURCE = 'placed-noise';
export const PLACED_FILE = join(FRESH3_DIR, `${PLACED_SOURCE}.json`);

/** The seed of the generator: change it and every pid, rank and timestamp changes, nothing else. */
export const SEED = 3;

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const micros = (draw: Draw, at: number) => draw.micros + at * 137;
const millis = (draw: Draw, at: number) => pad(Math.floor(micros(draw, at) / 1000) % 1000, 3);

/** JSON the way Python's json.dumps writes it by default: ", " and ": " separators, non-ASCII escaped. */
function pythonJsonString(text: string): string {
  return JSON.stringify(text).replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export const PREFIX_STYLES = {
  kubectlTimestamps: {
    label: 'the kubelet\'s log timestamp as `kubectl logs --timestamps` prints it ("2026-12-03T10:41:22.118443211Z ")',
    citation:
      'kubernetes/kubernetes pkg/kubelet/kuberuntime/logs/logs.go: with Timestamps the kubelet writes each line as its RFC3339Nano time ("2006-01-02T15:04:05.999999999Z07:00") and a space before the content (kubectl logs --timestamps)',
    place: (line, at, draw) => `2026-12-03T10:41:22.${pad(micros(draw, at), 6)}211Z ${line}`,
  },
  torchrunRank: {
    label: 'torchrun\'s "[rank5]: "',
    citation:
      'pytorch/pytorch torch/distributed/run.py and torch/distributed/elastic/multiprocessing/__init__.py: TORCHELASTIC_LOG_LINE_PREFIX_TEMPLATE "[rank${rank}]: ", written before every line a rank tees',
    place: (line, _at, draw) => `[rank${draw.rank}]: ${line}`,
  },
  openMpiTagOutput: {
    label: 'Open MPI --tag-output "[1,5]<stderr>:"',
    citation:
      'open-mpi/ompi v4.1.x orte/mca/iof/base/iof_base_output.c orte_iof_base_write_output: snprintf(starttag, …, "[%s,%s]<%s>:", jobid, vpid, "stdout"|"stderr")',
    place: (line, _at, draw) => `[1,${draw.rank}]<stderr>:${line}`,
  },
  rayWorker: {
    label: 'Ray\'s worker-log prefix "(RayTrainWorker pid=4182, ip=10.0.7.21) "',
    citation:
      'ray-project/ray python/ray/_private/worker.py print_worker_logs: "({actor or task name} pid={pid}, ip={ip}) " before every line a worker prints, uncoloured without a TTY (doc/source/ray-observability/ray-logging.rst)',
    place: (line, _at, draw) => `(RayTrainWorker pid=${draw.pid}, ip=10.0.7.21) ${line}`,
  },
  hydraLogging: {
    label: 'Hydra\'s job logging "[2026-12-03 10:41:22,118][__main__][ERROR] - "',
    citation:
      'facebookresearch/hydra hydra/conf/hydra/job_logging/default.yaml: formatter simple, format \'[%(asctime)s][%(name)s][%(levelname)s] - %(message)s\' (asctime with python/cpython Lib/logging/__init__.py default_msec_format "%s,%03d")',
    place: (line, at, draw) => `[2026-12-03 10:41:22,${millis(draw, at)}][__main__][ERROR] - ${line}`,
  },
  loguru: {
    label: 'loguru\'s default "2026-12-03 10:41:22.118 | ERROR    | __main__:main:88 - "',
    citation:
      'Delgan/loguru loguru/_defaults.py LOGURU_FORMAT: "{time:YYYY-MM-DD HH:mm:ss.SSS} | {level: <8} | {name}:{function}:{line} - {message}" (colour markup dropped without a TTY); logger.exception writes the traceback after the message line, the sink adds no prefix to it, so the style is applied here to every line as a log shipper that splits lines would',
    place: (line, at, draw) => `2026-12-03 10:41:22.${millis(draw, at)} | ERROR    | __main__:main:88 - ${line}`,
  },
  pythonJsonLogger: {
    label: 'python-json-logger\'s {"asctime": …, "levelname": "ERROR", "name": …, "message": …}',
    citation:
      'nhairs/python-json-logger src/pythonjsonlogger/json.py JsonFormatter with fmt "%(asctime)s %(levelname)s %(name)s %(message)s": one JSON object per record, keys in format order, json.dumps defaults (", " / ": " separators, ensure_ascii)',
    escapes: true,
    place: (line, at, draw) =>
      `{"asctime": "2026-12-03 10:41:22,${millis(draw, at)}", "levelname": "ERROR", "name": "trainer", "message": ${pythonJsonString(line)}}`,
  },
  abslLogging: {
    label: 'absl logging "E1203 10:41:22.118443 140230 train.py:88] "',
    citation:
      'abseil/abseil-py absl/logging/__init__.py get_absl_log_prefix: "%c%02d%02d %02d:%02d:%02d.%06d %5d %s:%d] " (severity letter, month, day, time with microseconds, thread id, file:line)',
    place: (line, at, draw) => `E1203 10:41:22.${pad(micros(draw, at), 6)} ${String(draw.pid).padStart(5, ' ')} train.py:88] ${line}`,
  },
} satisfies Record<string, PrefixStyle>;

type StyleName = keyof typeof PREFIX_STYLES;

/** Verbatim upstream lines that real logs carry around a failure and that do not explain it. */
export const NOISE = {
  datasetsMapProgress: {
    lines: ['Map:  42%|████▏     | 4213/10000 [00:03<00:04, 1304.52 examples/s]'],
    citation:
      'huggingface/datasets src/datasets/arrow_dataset.py map: the tqdm bar "Map" (tqdm/tqdm tqdm/std.py format_meter "{l_bar}{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}, {rate_fmt}]")',
  },
  infoLines: {
    lines: ['INFO:__main__:resuming from /ckpt/step_4000', 'INFO:__main__:step 4200 | loss 2.113 | lr 2.87e-04'],
    citation: 'python/cpython Lib/logging/__init__.py BASIC_FORMAT "%(levelname)s:%(name)s:%(message)s" (logging.basicConfig)',
  },
  tensorCopyWarning: {
    lines: [
      '/app/train.py:97: UserWarning: To copy construct from a tensor, it is recommended to use sourceTensor.clone().detach() or sourceTensor.clone().detach().requires_grad_(True), rather than torch.tensor(sourceTensor).',
      '  labels = torch.tensor(batch["labels"])',
    ],
    citation:
      'pytorch/pytorch torch/csrc/utils/tensor_new.cpp internal_new_from_data: TORCH_WARN_ONCE("To copy construct from a tensor, …"), shown by python/cpython Lib/warnings.py formatwarning "%s:%s: %s: %s\\n" and the source line',
  },
  uninitialisedWeights: {
    lines: [
      "Some weights of LlamaForSequenceClassification were not initialized from the model checkpoint at /models/llama and are newly initialized: ['score.weight']",
      'You should probably TRAIN this model on a down-stream task to be able to use it for predictions and inference.',
    ],
    citation:
      'huggingface/transformers src/transformers/modeling_utils.py _load_pretrained_model: logger.warning(f"Some weights of {model.__class__.__name__} were not initialized from the model checkpoint at …")',
  },
  ncclNotDestroyed: {
    lines: [
      '[W1203 10:41:23.118443211 ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())',
    ],
    citation:
      'pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp ~ProcessGroupNCCL: TORCH_WARN_ONCE("WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. …"), printed at interpreter exit after the traceback',
  },
  wandbFooter: {
    lines: [
      'wandb: 🚀 View run llama-sft-3 at: https://wandb.ai/nlp-research/llama-sft/runs/3f1c9a2e',
      'wandb: Find logs at: wandb/run-20261203_104101-3f1c9a2e/logs',
    ],
    citation:
      'wandb/wandb wandb/sdk/wandb_run.py _footer_sync_info: "🚀 View run {name} at: {url}" and "Find logs at: {dir}" behind the "wandb: " term prefix (wandb/sdk/lib/printer.py), printed by the atexit hook after the traceback',
  },
} satisfies Record<string, Noise>;

type NoiseName = keyof typeof NOISE;

/**
 * The entries placed: family, index in it, prefix style, noise before the tail, noise after it.
 * Only entries whose decisive text is one line (a prefix cuts a multi-line decisive text), and
 * for the JSON style only decisive texts without `"` or `\` (escaping changes them).
 */
export const PLACEMENTS: readonly (readonly [string, number, StyleName, readonly NoiseName[], readonly NoiseName[]])[] = [
  ['other-runtimes', 0, 'kubectlTimestamps', [], []],
  ['data-loading', 1, 'kubectlTimestamps', ['datasetsMapProgress'], ['ncclNotDestroyed']],
  ['launchers-3', 4, 'torchrunRank', ['tensorCopyWarning'], ['ncclNotDestroyed']],
  ['memory-numerics', 3, 'torchrunRank', ['infoLines'], ['wandbFooter']],
  ['data-loading', 5, 'openMpiTagOutput', ['uninitialisedWeights'], []],
  ['start-scripts-2', 6, 'openMpiTagOutput', [], []],
  ['data-loading', 7, 'rayWorker', ['infoLines'], []],
  ['gpu-node-stack-3', 0, 'rayWorker', [], ['wandbFooter']],
  ['data-loading', 3, 'hydraLogging', ['datasetsMapProgress'], []],
  ['memory-numerics', 0, 'hydraLogging', [], ['wandbFooter']],
  ['inference-servers-3', 3, 'loguru', ['uninitialisedWeights'], []],
  ['data-loading', 6, 'loguru', ['infoLines'], ['wandbFooter']],
  ['inference-servers-3', 1, 'pythonJsonLogger', [], []],
  ['memory-numerics', 1, 'pythonJsonLogger', ['tensorCopyWarning'], []],
  ['storage-mounts-2', 3, 'abslLogging', ['infoLines'], ['ncclNotDestroyed']],
  ['gpu-node-stack-3', 2, 'abslLogging', ['infoLines'], []],
];

/** The text of `placed-noise.json`, as generateFresh3Placements.ts writes it. */
export function renderPlacedEntries(): string {
  return renderSeededPlacements({
    dir: FRESH3_DIR,
    source: PLACED_SOURCE,
    description:
      "Generated (test/signals/fresh3Placements.ts, seeded): decisive lines of this corpus's other families behind verbatim upstream line prefixes — the kubelet's timestamps, torchrun's rank tags, Open MPI's --tag-output, Ray's worker prefix, Hydra's and loguru's log formats, python-json-logger and absl logging — with verbatim noise lines (progress bars, INFO lines, warnings before; NCCL's shutdown warning and the W&B footer after). The expectation is the base entry's.",
    generator: 'test/signals/fresh3Placements.ts',
    seed: SEED,
    styles: PREFIX_STYLES,
    noise: NOISE,
    placements: PLACEMENTS,
    // This generator has always placed a trailing newline as an empty line; the committed family keeps it.
    placeTrailingNewline: true,
  });
}
