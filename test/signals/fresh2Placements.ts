/**
 * The placement generator of the second fresh corpus (fixtures/signals-fresh2). Real logs carry
 * the same message behind different line prefixes — a launcher's rank tag, a log library's
 * header, a JSON envelope, the node's CRI log format — so a decisive line must still be found,
 * and quoted, whatever stands in front of it. This module takes entries of the corpus's own
 * families and places every line of their log tail behind one verbatim upstream prefix; the
 * expectation and the decisive text stay the base entry's (a prefix never changes what a
 * message means). Its output is the family `placed-prefixes.json`, written by
 * generateFresh2Placements.ts and checked by fresh2Corpus.test.ts, which fails when the
 * committed file drifts from what this renders. Deterministic: no clock, no randomness.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { placeLogTail, placedEntry, placedFamilyFile, readBaseEntry } from './placeLogTail.js';

const FRESH2_DIR = fileURLToPath(new URL('../../fixtures/signals-fresh2/', import.meta.url));
const PLACED_SOURCE = 'placed-prefixes';
export const PLACED_FILE = join(FRESH2_DIR, `${PLACED_SOURCE}.json`);

/** One verbatim upstream line prefix: how it is written, and where its format was read. */
interface PrefixStyle {
  label: string;
  citation: string;
  /** The prefixed line; `at` (the line's index in the tail) advances the timestamps, so no two lines share one. */
  place(line: string, at: number): string;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

export const PREFIX_STYLES = {
  torchrunRank: {
    label: 'torchrun\'s "[rank3]: "',
    citation:
      'pytorch/pytorch torch/distributed/run.py and torch/distributed/elastic/multiprocessing/__init__.py: TORCHELASTIC_LOG_LINE_PREFIX_TEMPLATE "[rank${rank}]: " (as in test/distributed/launcher/run_test.py), written before every line a rank tees',
    place: (line) => `[rank3]: ${line}`,
  },
  torchrunDefault: {
    label: 'torchrun\'s default "[default0]:"',
    citation:
      'pytorch/pytorch torch/distributed/elastic/multiprocessing/__init__.py: the default prefix "[${role_name}${local_rank}]:" (role "default") on every teed line',
    place: (line) => `[default0]:${line}`,
  },
  openMpiTagOutput: {
    label: 'Open MPI --tag-output "[1,0]<stderr>:" (DeepSpeed\'s and Horovod\'s mpirun launchers)',
    citation:
      'open-mpi/ompi v4.1.x orte/mca/iof/base/iof_base_output.c orte_iof_base_write_output: snprintf(starttag, …, "[%s,%s]<%s>:", jobid, vpid, "stdout"|"stderr")',
    place: (line) => `[1,0]<stderr>:${line}`,
  },
  rayWorker: {
    label: 'Ray\'s worker-log prefix "(RayTrainWorker pid=2211, ip=10.0.3.4) "',
    citation:
      'ray-project/ray python/ray/_private/worker.py print_worker_logs: "({actor or task name} pid={pid}, ip={ip}) " before every line a worker prints, uncoloured without a TTY (doc/source/ray-observability/ray-logging.rst)',
    place: (line) => `(RayTrainWorker pid=2211, ip=10.0.3.4) ${line}`,
  },
  pythonLogging: {
    label: 'Python logging "%(asctime)s - %(levelname)s - %(message)s"',
    citation:
      'python/cpython Lib/logging/__init__.py Formatter: asctime "%Y-%m-%d %H:%M:%S" + default_msec_format "%s,%03d"; the " - %(levelname)s - " layout of the logging cookbook (Doc/howto/logging-cookbook.rst)',
    place: (line, at) => `2026-12-03 10:41:22,${pad(118 + at, 3)} - ERROR - ${line}`,
  },
  klog: {
    label: 'klog "E1203 10:41:22.118443    2211 main.go:88] "',
    citation: 'kubernetes/klog klog.go formatHeader: "Lmmdd hh:mm:ss.uuuuuu threadid file:line] " with the thread id right-aligned in 7 columns',
    place: (line, at) => `E1203 10:41:22.${pad(118443 + at, 6)}    2211 main.go:88] ${line}`,
  },
  jsonLines: {
    label: 'a JSON log line {"level":"error",…,"msg":"…"}',
    citation:
      'uber-go/zap zapcore/json_encoder.go and zap.NewProductionEncoderConfig: keys "level", "ts", "caller", "msg", the message JSON-escaped (ISO8601 time encoder)',
    place: (line, at) => `{"level":"error","ts":"2026-12-03T10:41:22.${pad(118 + at, 3)}Z","caller":"trainer/main.go:88","msg":${JSON.stringify(line)}}`,
  },
  criLog: {
    label: 'the CRI container-log format "2026-12-03T10:41:22.118443211Z stderr F "',
    citation:
      'kubernetes/kubernetes pkg/kubelet/kuberuntime/logs/logs.go parseCRILog: "<RFC3339Nano timestamp> <stream> <tag P|F> <content>" (the on-node log file a log shipper forwards)',
    place: (line, at) => `2026-12-03T10:41:22.${pad(118443211 + at, 9)}Z stderr F ${line}`,
  },
} satisfies Record<string, PrefixStyle>;

type StyleName = keyof typeof PREFIX_STYLES;

/**
 * The entries placed: `[family, index in that family, prefix style]`. Chosen so that every
 * style places two or more entries of different runtimes, and only entries whose decisive text
 * is one line (a prefix cuts a multi-line decisive text, which then is no longer verbatim).
 */
export const PLACEMENTS: readonly (readonly [string, number, StyleName])[] = [
  ['exception-wrappers', 2, 'torchrunRank'],
  ['numerics', 2, 'torchrunRank'],
  ['storage-io', 0, 'torchrunRank'],
  ['numerics', 4, 'openMpiTagOutput'],
  ['exception-wrappers', 7, 'openMpiTagOutput'],
  ['numerics', 0, 'torchrunDefault'],
  ['data-auth', 0, 'torchrunDefault'],
  ['storage-io', 4, 'rayWorker'],
  ['exception-wrappers', 8, 'rayWorker'],
  ['data-auth', 5, 'pythonLogging'],
  ['storage-io', 7, 'pythonLogging'],
  ['exception-wrappers', 0, 'klog'],
  ['inference-servers-2', 1, 'klog'],
  ['exception-wrappers', 5, 'jsonLines'],
  ['startup-installs', 2, 'jsonLines'],
  ['gpu-node-stack', 2, 'jsonLines'],
  ['numerics', 6, 'criLog'],
  ['launcher-wrappers', 3, 'criLog'],
  ['storage-io', 3, 'criLog'],
];

/** The text of `placed-prefixes.json`, as generateFresh2Placements.ts writes it. */
export function renderPlacedEntries(): string {
  const entries = PLACEMENTS.map(([source, index, styleName]) => {
    const where = `${source} #${index}`;
    const base = readBaseEntry(FRESH2_DIR, source, index);
    const style: PrefixStyle = PREFIX_STYLES[styleName];
    const verbatim = placeLogTail(String(base.verbatim), (line, at) => style.place(line, at), where);
    const note = `Placed behind ${style.label} on every line of the log tail (prefix format: ${style.citation}); generated from ${where} by test/signals/fresh2Placements.ts, with the base entry's expectation and decisive text.`;
    return placedEntry(base, verbatim, note, where, styleName);
  });
  return placedFamilyFile(
    PLACED_SOURCE,
    "Generated (test/signals/fresh2Placements.ts): decisive lines of this corpus's other families behind verbatim upstream line prefixes — torchrun's rank tags, Open MPI's --tag-output, Ray's worker prefix, Python logging, klog, JSON log lines and the CRI log format. The expectation is the base entry's.",
    entries,
  );
}
