/**
 * Transformations a real deployment applies to a container's log output without changing what
 * failed: a logger's or launcher's per-line prefix, terminal artefacts (colour escapes, a TTY's
 * CRLF line ends, progress frames drawn with `\r`), a second process's lines between the failing
 * program's, shutdown output after the cause, and the tail cut at the top as a log window cuts
 * it. Each is written from its upstream format (the `citation`), and each says where the
 * decisive text ends up, so that the relation (metamorphicRelation.ts) knows what must still be
 * quoted. Pure: a transformation draws its parameters from the `random` it is given, never from
 * a clock.
 */

/** A log tail split into lines, and where the entry's decisive text sits in it. */
export interface TailSite {
  /** The tail's lines (without their `\n`). */
  lines: readonly string[];
  /** Whether the tail ended with a newline (kept as it was). */
  trailingNewline: boolean;
  /** First and last line index the decisive text touches. */
  decisiveFirst: number;
  decisiveLast: number;
  /** Character offset of the decisive text in the tail (lines joined by `\n`). */
  decisiveOffset: number;
}

/** A transformed tail, and what its parameters drew. */
export interface Transformed {
  tail: string;
  /** What a parameter drew, for the ledger and for a reader reproducing a break. */
  parameters: string;
}

export interface LogTransformation {
  /** Ledger key part: short, stable. */
  name: string;
  /** What it does, one line. */
  label: string;
  /** Where the format was read: repository + path (or documentation URL), and the symbol. */
  citation: string;
  /**
   * The transformed tail, or null when it does not apply to this tail (e.g. nothing to cut
   * above the decisive text). Every decisive piece (the decisive text's lines, trimmed) stays
   * whole on one line of the result: a prefix goes before a line, an escape around it, never
   * inside the decisive text.
   */
  apply(site: TailSite, random: () => number): Transformed | null;
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (random: () => number, low: number, high: number) => low + Math.floor(random() * (high - low + 1));
const pad = (value: number, width: number, fill = '0') => String(value).padStart(width, fill);

/** A wall clock for the printed timestamps: 2026-12-07 07:01:SS.micro, advancing per line. */
interface Clock {
  second: number;
  micros: number;
}
function clockAt(start: Clock, at: number): Clock {
  const total = start.second * 1_000_000 + start.micros + at * 1_733;
  return { second: Math.floor(total / 1_000_000) % 60, micros: total % 1_000_000 };
}
const drawClock = (random: () => number): Clock => ({ second: between(random, 10, 40), micros: between(random, 0, 999_999) });

const rejoin = (lines: readonly string[], site: TailSite, eol = '\n') => lines.join(eol) + (site.trailingNewline ? eol : '');

/** A per-line prefix: the same prefix function on every line of the tail (a relay that logs each line of its child). */
function perLine(
  name: string,
  label: string,
  citation: string,
  make: (random: () => number) => { parameters: string; prefix: (at: number) => string },
): LogTransformation {
  return {
    name,
    label,
    citation,
    apply(site, random) {
      const { parameters, prefix } = make(random);
      return {
        tail: rejoin(
          site.lines.map((line, at) => prefix(at) + line),
          site,
        ),
        parameters,
      };
    },
  };
}

const LEVELS = ['ERROR', 'INFO', 'WARNING'] as const;
const LEVEL_LETTER = { ERROR: 'E', INFO: 'I', WARNING: 'W' } as const;

/** The relays' level: a launcher logs its child's lines at one level it chose (stderr as ERROR, or everything as INFO). */
const drawLevel = (random: () => number) => pick(random, LEVELS);

const asctime = (clock: Clock) => `2026-12-07 07:01:${pad(clock.second, 2)},${pad(Math.floor(clock.micros / 1000), 3)}`;

/** RFC3339Nano as Go prints it: trailing zeros of the fraction dropped, and the dot with them. */
function rfc3339Nano(clock: Clock, nanosExtra: number): string {
  const fraction = `${pad(clock.micros, 6)}${pad(nanosExtra, 3)}`.replace(/0+$/, '');
  return `2026-12-07T07:01:${pad(clock.second, 2)}${fraction ? `.${fraction}` : ''}Z`;
}

export const PYTHON_LOGGING_HOWTO = perLine(
  'python-logging-howto',
  'Python logging with the HOWTO formatter "%(asctime)s - %(name)s - %(levelname)s - %(message)s" on every line',
  'python/cpython Doc/howto/logging.rst (the formatter "%(asctime)s - %(name)s - %(levelname)s - %(message)s") and Lib/logging/__init__.py Formatter.formatTime (default_time_format "%Y-%m-%d %H:%M:%S", default_msec_format "%s,%03d")',
  (random) => {
    const level = drawLevel(random);
    const logger = pick(random, ['launcher', '__main__', 'train']);
    const start = drawClock(random);
    return { parameters: `level ${level}, logger ${logger}`, prefix: (at) => `${asctime(clockAt(start, at))} - ${logger} - ${level} - ` };
  },
);

export const PYTHON_BASIC_CONFIG = perLine(
  'python-basicconfig',
  'Python logging.basicConfig without a format: BASIC_FORMAT "%(levelname)s:%(name)s:%(message)s" on every line',
  'python/cpython Lib/logging/__init__.py BASIC_FORMAT "%(levelname)s:%(name)s:%(message)s" (used by logging.basicConfig when no format is given)',
  (random) => {
    const level = drawLevel(random);
    const logger = pick(random, ['root', 'launcher', '__main__']);
    return { parameters: `level ${level}, logger ${logger}`, prefix: () => `${level}:${logger}:` };
  },
);

export const LOGURU = perLine(
  'loguru',
  'loguru\'s default format "{time:YYYY-MM-DD HH:mm:ss.SSS} | {level: <8} | {name}:{function}:{line} - {message}" (colour tags dropped without a TTY) on every line',
  'Delgan/loguru loguru/_defaults.py LOGURU_FORMAT "<green>{time:YYYY-MM-DD HH:mm:ss.SSS}</green> | <level>{level: <8}</level> | <cyan>{name}</cyan>:<cyan>{function}</cyan>:<cyan>{line}</cyan> - <level>{message}</level>"',
  (random) => {
    const level = drawLevel(random);
    const line = between(random, 20, 400);
    const start = drawClock(random);
    return {
      parameters: `level ${level}, line ${line}`,
      prefix: (at) => {
        const clock = clockAt(start, at);
        return `2026-12-07 07:01:${pad(clock.second, 2)}.${pad(Math.floor(clock.micros / 1000), 3)} | ${level.padEnd(8)} | __main__:main:${line} - `;
      },
    };
  },
);

export const ABSL = perLine(
  'absl',
  'absl-py / glog header "Lmmdd hh:mm:ss.uuuuuu threadid file:line] " on every line',
  'abseil/abseil-py absl/logging/__init__.py get_absl_log_prefix: "%c%02d%02d %02d:%02d:%02d.%06d %5d %s:%d] " (severity letter, month, day, time with microseconds, thread id, file:line); google/glog src/logging.cc LogMessage::Init writes the same header',
  (random) => {
    const level = drawLevel(random);
    const thread = between(random, 100, 99_999);
    const line = between(random, 20, 400);
    const start = drawClock(random);
    return {
      parameters: `level ${level}, thread ${thread}`,
      prefix: (at) => {
        const clock = clockAt(start, at);
        return `${LEVEL_LETTER[level]}1207 07:01:${pad(clock.second, 2)}.${pad(clock.micros, 6)} ${pad(thread, 5, ' ')} train.py:${line}] `;
      },
    };
  },
);

export const KLOG = perLine(
  'klog',
  'klog header "Lmmdd hh:mm:ss.uuuuuu threadid file:line] " with the thread id right-aligned in 7 columns, on every line',
  'kubernetes/klog klog.go formatHeader (buffer.go): severity letter, "mmdd hh:mm:ss.uuuuuu", the thread id right-aligned in 7 columns, " file:line] "',
  (random) => {
    const level = drawLevel(random);
    const thread = between(random, 1, 9_999_999);
    const start = drawClock(random);
    return {
      parameters: `level ${level}, thread ${thread}`,
      prefix: (at) => {
        const clock = clockAt(start, at);
        return `${LEVEL_LETTER[level]}1207 07:01:${pad(clock.second, 2)}.${pad(clock.micros, 6)} ${pad(thread, 7, ' ')} main.go:64] `;
      },
    };
  },
);

export const KUBECTL_TIMESTAMPS = perLine(
  'kubectl-timestamps',
  'kubectl logs --timestamps: the RFC3339Nano time (trailing zeros dropped) and a space before every line',
  'kubernetes/kubernetes pkg/kubelet/kuberuntime/logs/logs.go (with Timestamps each line is written as its time formatted with RFC3339Nano and a space) and golang/go src/time/format.go RFC3339Nano "2006-01-02T15:04:05.999999999Z07:00" (the 9s drop trailing zeros)',
  (random) => {
    const start = drawClock(random);
    const nanos = between(random, 0, 999);
    return { parameters: `nanos ${nanos}`, prefix: (at) => `${rfc3339Nano(clockAt(start, at), (nanos * (at + 1)) % 1000)} ` };
  },
);

export const TORCHRUN_ROLE_RANK = perLine(
  'torchrun-default-rank',
  'torchrun --tee: "[default<local rank>]:" before every line, no space after the colon',
  'pytorch/pytorch torch/distributed/elastic/multiprocessing/api.py (the tee/redirect log line prefix f"[{role_name}{local_rank}]:", role "default")',
  (random) => {
    const rank = between(random, 0, 7);
    return { parameters: `local rank ${rank}`, prefix: () => `[default${rank}]:` };
  },
);

export const TORCHRUN_RANK_TEMPLATE = perLine(
  'torchrun-rank',
  'torchrun\'s "[rank<n>]:" before every line: either `--role rank --tee 3` (the role prefix, no space) or TORCHELASTIC_LOG_LINE_PREFIX_TEMPLATE "[rank${rank}]: " (a space)',
  'pytorch/pytorch torch/distributed/elastic/multiprocessing/api.py (the default prefix f"[{role_name}{local_rank}]:"; pytorch/torchchat run_dist.sh launches with `--role rank --tee 3`) and torch/distributed/run.py (os.getenv("TORCHELASTIC_LOG_LINE_PREFIX_TEMPLATE"), "[rank${rank}]: " as in test/distributed/launcher/run_test.py)',
  (random) => {
    const rank = between(random, 0, 15);
    const template = random() < 0.5;
    return { parameters: `rank ${rank}, ${template ? 'template' : '--role rank'}`, prefix: () => (template ? `[rank${rank}]: ` : `[rank${rank}]:`) };
  },
);

export const RAY_WORKER = perLine(
  'ray-worker',
  'Ray\'s driver printing a worker\'s lines: "(<actor or task> pid=<pid>, ip=<ip>) " before every line',
  'ray-project/ray python/ray/_private/worker.py print_worker_logs ("({name} pid={pid}, ip={ip}) ", uncoloured without a TTY) and doc/source/ray-observability/ray-logging.rst ("(pid=45601) task", "(MyActor pid=480956) actor log message")',
  (random) => {
    const actor = pick(random, ['RayTrainWorker ', 'TorchTrainer ', '']);
    const pid = between(random, 1000, 99_999);
    const ip = `10.0.${between(random, 0, 255)}.${between(random, 1, 254)}`;
    return { parameters: `actor ${JSON.stringify(actor.trim())}, pid ${pid}`, prefix: () => `(${actor}pid=${pid}, ip=${ip}) ` };
  },
);

export const MPI_TAG_OUTPUT = perLine(
  'mpi-tag-output',
  'mpirun --tag-output: "[<job>,<rank>]<stderr>:" before every line, no space',
  'open-mpi/ompi v4.1.x orte/mca/iof/base/iof_base_output.c orte_iof_base_write_output: snprintf(starttag, …, "[%s,%s]<%s>:", jobid, vpid, "stdout"|"stderr")',
  (random) => {
    const job = between(random, 1, 9);
    const rank = between(random, 0, 31);
    const stream = pick(random, ['stderr', 'stdout']);
    return { parameters: `[${job},${rank}]<${stream}>`, prefix: () => `[${job},${rank}]<${stream}>:` };
  },
);

/** colorlog's escapes: `bold_red` ESC[1;31m, `green` ESC[32m, `yellow` ESC[33m, the reset ESC[0m. */
const COLOUR = { ERROR: '\u001b[1;31m', INFO: '\u001b[32m', WARNING: '\u001b[33m' } as const;
const RESET = '\u001b[0m';

export const COLORLOG: LogTransformation = {
  name: 'colorlog',
  label:
    'colorlog\'s ColoredFormatter on every line: the whole record coloured ("%(log_color)s%(levelname)s:%(name)s:%(message)s", the reset appended) or the level word only ("%(log_color)s%(levelname)s%(reset)s:%(name)s:%(message)s")',
  citation:
    'borntyping/python-colorlog colorlog/formatter.py ColoredFormatter (reset=True appends the reset escape; the README\'s format "%(log_color)s%(levelname)s:%(name)s:%(message)s") and colorlog/escape_codes.py ("bold_red" → ESC[1;31m, "green" → ESC[32m, "yellow" → ESC[33m, "reset" → ESC[0m); the escapes reach the log when the pod has tty: true or the tool forces colour',
  apply(site, random) {
    const level = drawLevel(random);
    const whole = random() < 0.5;
    const lines = site.lines.map((line) => (whole ? `${COLOUR[level]}${level}:launcher:${line}${RESET}` : `${COLOUR[level]}${level}${RESET}:launcher:${line}`));
    return { tail: rejoin(lines, site), parameters: `level ${level}, ${whole ? 'whole record' : 'level word'} coloured` };
  },
};

export const TTY_CRLF: LogTransformation = {
  name: 'tty-crlf',
  label: 'a container with tty: true: the terminal line discipline (ONLCR) writes every "\\n" as "\\r\\n", the last line\'s too, and the log keeps the "\\r"',
  citation:
    'moby/moby issue #8513 (a TTY translates newlines to CRLF: `docker run -t … | od -c` shows "\\r \\n"; "TTY line endings are CRLF, this is not Docker\'s doing") and podman-container-tools/podman issue #7942 (`podman logs` of a `-t` container: "1^M"); termios(3) ONLCR',
  apply(site) {
    // Every line the program printed ended with "\n", the last one too (a corpus entry may have
    // dropped that last newline when it was written down): each becomes "\r\n".
    return { tail: `${site.lines.join('\r\n')}\r\n`, parameters: 'every line end' };
  },
};

/** tqdm's bar as format_meter draws it without a terminal width: 10 cells of unicode blocks. */
function tqdmFrame(description: string, done: number, total: number, elapsed: number): string {
  const fraction = done / total;
  const cells = fraction * 10;
  const full = Math.floor(cells);
  const partial = Math.floor((cells - full) * 8);
  const bar = ('█'.repeat(full) + (full < 10 ? ' ▏▎▍▌▋▊▉'[partial]! : '')).padEnd(10, ' ');
  const rate = done / Math.max(elapsed, 1);
  const remaining = Math.round((total - done) / Math.max(rate, 0.01));
  const clock = (seconds: number) => `${pad(Math.floor(seconds / 60), 2)}:${pad(seconds % 60, 2)}`;
  return `${description}: ${pad(Math.round(fraction * 100), 3, ' ')}%|${bar}| ${done}/${total} [${clock(elapsed)}<${clock(remaining)}, ${rate.toFixed(2)}it/s]`;
}

export const TQDM_FRAMES: LogTransformation = {
  name: 'tqdm-frames',
  label:
    'a tqdm progress bar before the tail: its frames each written after "\\r", in one log line; the last frame either ended by a newline or left open, so the tail\'s first line is written after it',
  citation:
    'tqdm/tqdm tqdm/std.py format_meter (the default bar_format "{l_bar}{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}, {rate_fmt}{postfix}]", 10 cells when ncols is unknown) and its status printer (fp_write("\\r" + s …)): no newline is written until the bar is closed, which an exception escaping the loop postpones past the traceback',
  apply(site, random) {
    const total = between(random, 200, 5000);
    const frames = between(random, 2, 6);
    const description = pick(random, ['Epoch 0', 'Training', 'Map', 'Loading checkpoint shards']);
    const stop = between(random, 1, total - 1);
    const open = random() < 0.5;
    const bar = Array.from({ length: frames }, (_, at) => {
      const done = Math.max(1, Math.round((stop * (at + 1)) / frames));
      return `\r${tqdmFrame(description, done, total, 3 * (at + 1))}`;
    }).join('');
    const lines = open ? [bar + site.lines[0], ...site.lines.slice(1)] : [bar, ...site.lines];
    return { tail: rejoin(lines, site), parameters: `${frames} frames of ${JSON.stringify(description)}, ${open ? 'left open' : 'closed by a newline'}` };
  },
};

/** transformers' ProgressCallback.on_log line of the healthy rank: str(logs) of a dict. */
function trainerLogLine(random: () => number, step: number): string {
  const loss = (0.3 + random() * 1.5).toFixed(4);
  const gradNorm = (0.2 + random() * 3).toFixed(4);
  return `{'loss': ${loss}, 'grad_norm': ${gradNorm}, 'learning_rate': 1.9${pad(step % 100, 2)}e-05, 'epoch': 0.${pad(step % 100, 2)}}`;
}

export const SECOND_PROCESS_LINES: LogTransformation = {
  name: 'second-process-lines',
  label:
    "another process writing to the same container output (the healthy rank's trainer log records): 1–3 of its lines at line boundaries outside the decisive text, anywhere else in the tail — two processes interleave at write boundaries, so between a traceback's lines too",
  citation:
    "huggingface/transformers src/transformers/trainer_callback.py ProgressCallback.on_log (the logs dict written with str(logs) on its own line); two processes sharing the container's stdout/stderr pipe interleave whole writes (pipe(7): writes of at most PIPE_BUF bytes are atomic), and python/cpython Lib/traceback.py print_exception writes a traceback line by line",
  apply(site, random) {
    const count = between(random, 1, 3);
    // Boundaries 0..n; a boundary strictly inside the decisive lines would split the decisive text.
    const allowed = Array.from({ length: site.lines.length + 1 }, (_, at) => at).filter((at) => at <= site.decisiveFirst || at > site.decisiveLast);
    const inserts = new Map<number, string[]>();
    const step = between(random, 10, 900);
    for (let n = 0; n < count; n += 1) {
      const at = pick(random, allowed);
      inserts.set(at, [...(inserts.get(at) ?? []), trainerLogLine(random, step + n)]);
    }
    const lines = Array.from({ length: site.lines.length + 1 }, (_, at) => [
      ...(inserts.get(at) ?? []),
      ...(at < site.lines.length ? [site.lines[at]!] : []),
    ]).flat();
    const where = [...inserts.keys()].sort((a, b) => a - b).join(', ');
    return { tail: rejoin(lines, site), parameters: `${count} line(s) at boundaries ${where} of ${site.lines.length} lines` };
  },
};

/** Shutdown output printed after the failing program's last line, each verbatim from its source. */
const SHUTDOWN_LINES: readonly ((random: () => number) => string[])[] = [
  // wandb's exit hook (wandb/wandb wandb/sdk/wandb_run.py _display_exit_status / _footer_sync_info).
  (random) => {
    const id = Array.from({ length: 8 }, () => pick(random, [...'abcdefghijklmnopqrstuvwxyz0123456789'])).join('');
    return [
      'wandb: Waiting for W&B process to finish... (failed 1). Press Control-C to abort syncing.',
      `wandb: 🚀 View run fine-tune-${id} at: https://wandb.ai/nlp-team/llama-sft/runs/${id}`,
      `wandb: Find logs at: ./wandb/run-20261207_070148-${id}/logs`,
    ];
  },
  // supervisord's log of its child's exit (Supervisor/supervisor supervisor/process.py Subprocess.finish, logger format "%(asctime)s %(levelname)s %(message)s").
  (random) => [`2026-12-07 07:01:${pad(between(random, 41, 59), 2)},${pad(between(random, 0, 999), 3)} INFO exited: trainer (exit status 1; not expected)`],
  // tini reaping the child (krallin/tini src/tini.c: PRINT_INFO "Main child exited normally (with status '%i')" when -v/-vv).
  () => ["[INFO  tini (1)] Main child exited normally (with status '1')"],
];

export const SHUTDOWN_TAIL: LogTransformation = {
  name: 'shutdown-tail',
  label:
    "ordinary shutdown output after the cause: wandb's exit footer, supervisord's \"exited: … (exit status 1; not expected)\", tini's verbose exit line (1–3 of them, in that order)",
  citation:
    'wandb/wandb wandb/sdk/wandb_run.py (_display_exit_status: "Waiting for W&B process to finish..." with "(failed {exit_code})" and "Press Control-C to abort syncing."; _footer_sync_info: "🚀 View run {name} at: {url}", "Find logs at: {dir}", behind the "wandb: " prefix); Supervisor/supervisor supervisor/process.py Subprocess.finish ("exited: %s (%s)" with "exit status %s" and "; not expected"); krallin/tini src/tini.c ("Main child exited normally (with status \'%i\')")',
  apply(site, random) {
    const chosen = SHUTDOWN_LINES.filter(() => random() < 0.6);
    const blocks = chosen.length > 0 ? chosen : [SHUTDOWN_LINES[0]!];
    const after = blocks.flatMap((block) => block(random));
    return { tail: rejoin([...site.lines, ...after], site), parameters: `${after.length} line(s) appended` };
  },
};

export const TOP_TRUNCATION: LogTransformation = {
  name: 'top-truncation',
  label:
    "the tail cut at the top as a byte window cuts it: everything before a point drawn between the tail's start and the decisive text removed, the first kept line possibly partial",
  citation:
    'kubernetes.io/docs/tasks/debug/debug-application/determine-reason-pod-failure ("terminationMessagePolicy: FallbackToLogsOnError … the last chunk of container log output … The log output is limited to 2048 bytes or 80 lines, whichever is smaller"): the window is counted from the end, so where it starts depends on how much was printed after',
  apply(site, random) {
    if (site.decisiveOffset === 0) return null;
    const cut = between(random, 1, site.decisiveOffset);
    const text = site.lines.join('\n').slice(cut);
    return { tail: text + (site.trailingNewline ? '\n' : ''), parameters: `cut ${cut} of ${site.decisiveOffset} characters before the decisive text` };
  },
};

/** Every transformation, in report order. */
export const LOG_TRANSFORMATIONS: readonly LogTransformation[] = [
  PYTHON_LOGGING_HOWTO,
  PYTHON_BASIC_CONFIG,
  LOGURU,
  ABSL,
  KLOG,
  KUBECTL_TIMESTAMPS,
  TORCHRUN_ROLE_RANK,
  TORCHRUN_RANK_TEMPLATE,
  RAY_WORKER,
  MPI_TAG_OUTPUT,
  COLORLOG,
  TTY_CRLF,
  TQDM_FRAMES,
  SECOND_PROCESS_LINES,
  SHUTDOWN_TAIL,
  TOP_TRUNCATION,
];
