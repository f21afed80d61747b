/**
 * The message of a log line without the header its logger wrote in front of it. Loggers repeat
 * their header on every line of a record (vLLM's NewLineFormatter puts it before each line of a
 * traceback), and launchers prefix the lines they relay with the process that wrote them, so an
 * exception line can start mid-line: `(EngineCore_DP0 pid=211) ERROR 12-02 09:14:03 [core.py:708]
 * ValueError: …`. The line rules read the message too, so a header never hides the statement.
 * Each row is one upstream header format; a line loses at most a few headers, never its text.
 */

interface LogPrefix {
  pattern: RegExp;
  upstream: string;
}

export const LOG_PREFIXES: readonly LogPrefix[] = [
  {
    // `(EngineCore_DP0 pid=211) `, `(RayTrainWorker pid=812, ip=10.0.3.17) `, `(pid=812) `
    pattern: /^\((?:[\w.:-]+ )?pid=\d+(?:, ip=[\d.:a-f]+)?\) ?/,
    upstream:
      'ray-project/ray python/ray/_private/worker.py (print_worker_logs "({name} pid={pid}, ip={ip})"); vllm-project/vllm vllm/utils (decorate_logs: "(EngineCore_DP0 pid=…)" prefix)',
  },
  {
    // `[1,3]<stderr>: ` (Open MPI --tag-output), `[1]<stderr>: ` (horovodrun), `3: ` (srun --label): the rank a launcher relayed the line from.
    pattern: /^(?:\[\d+(?:,\d+)?\]<(?:stdout|stderr)>: ?|\d{1,5}: (?=\S))/,
    upstream:
      'open-mpi/ompi orte/mca/iof/base/iof_base_output.c (--tag-output "[jobid,rank]<stdxxx>:"); horovod/horovod horovod/runner/common/util/safe_shell_exec.py (prefix "[rank]<stdout>:"); SchedMD/slurm src/srun/srun.c (--label: "task id: " before each line)',
  },
  {
    // `[rank0]: `, `[rank0]:[E1202 09:24:03.118204521 ProcessGroupNCCL.cpp:632] `
    pattern: /^\[rank\d+\]: ?/i,
    upstream: 'pytorch/pytorch torch/distributed/elastic/multiprocessing/api.py (local_ranks_filter / tee: "[rank{N}]:" line prefix)',
  },
  {
    pattern: /^\[[IWEF]\d{4} \d{2}:\d{2}:\d{2}(?:\.\d+)? [\w./-]+:\d+\] ?/,
    upstream: 'pytorch/pytorch c10/util/Logging.cpp (glog-style "[E1202 09:24:03.118204521 ProcessGroupNCCL.cpp:632]" header)',
  },
  {
    // `ERROR 12-02 09:14:03 [core.py:708] `
    pattern: /^(?:DEBUG|INFO|WARNING|ERROR|CRITICAL) \d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)? \[[\w./-]+:\d+\] ?/,
    upstream:
      'vllm-project/vllm vllm/logger.py (_FORMAT "%(levelname)s %(asctime)s [%(filename)s:%(lineno)d] %(message)s"), vllm/logging_utils/formatter.py (NewLineFormatter)',
  },
  {
    // `2026-12-02T09:14:05.402118Z ERROR text_generation_launcher: `
    pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})? +(?:TRACE|DEBUG|INFO|WARN|ERROR) +[\w:]+: ?/,
    upstream:
      'tokio-rs/tracing tracing-subscriber/src/fmt/format/mod.rs (Full format: timestamp, level, target); huggingface/text-generation-inference launcher/src/main.rs',
  },
  {
    // `E1203 10:00:01.000002    12 server.go:42] ` (klog/glog without torch's brackets)
    pattern: /^[IWEF]\d{4} \d{2}:\d{2}:\d{2}(?:\.\d+)?\s+\d+ [\w./-]+:\d+\] ?/,
    upstream: 'kubernetes/klog klog.go (formatHeader "Lmmdd hh:mm:ss.uuuuuu threadid file:line] "); google/glog src/logging.cc (LogMessage header)',
  },
  {
    // `ERROR:root:`, `WARNING:transformers.modeling_utils:` (logging.basicConfig's default format)
    pattern: /^(?:DEBUG|INFO|WARNING|ERROR|CRITICAL):[\w.]*:/,
    upstream: 'python/cpython Lib/logging/__init__.py (BASIC_FORMAT "%(levelname)s:%(name)s:%(message)s")',
  },
  {
    // `2026-12-03T10:41:22.118443218Z stderr F ` — the CRI log format the kubelet's runtime writes each container line in
    // (time, stream, tag P/F for a partial or full line, then the line): a container log copied from a node carries it.
    pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}) (?:stdout|stderr) [FP] /,
    upstream:
      'kubernetes/design-proposals-archive node/kubelet-cri-logging.md ("2016-10-06T00:17:09.669794202Z stdout F log content"); kubernetes/kubernetes pkg/kubelet/kuberuntime/logs/logs.go (parseCRILog: timestamp, stream, tag, log)',
  },
  {
    // A leading timestamp alone, bracketed or not: `2026-12-02 09:14:03,123 `, `[2026-12-02T09:14:03.123Z] `, then the
    // rows below take what follows it (a level, a logger name). Any logger that starts its records with a date.
    pattern: /^\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?\]?(?:[ \t]+[-|][ \t]+|[ \t]+|(?=\[))/,
    upstream:
      'python/cpython Lib/logging/__init__.py (asctime "%Y-%m-%d %H:%M:%S,mmm"); apache/logging-log4j2 PatternLayout (%d ISO8601); facebookresearch/hydra hydra/conf/hydra/job_logging/default.yaml ("[%(asctime)s][%(name)s][%(levelname)s] - %(message)s")',
  },
  {
    // log4j's `[%-5p] %t %c - `: the level padded inside brackets (`[INFO ]`, `[WARN ]`), then the thread and the logger
    // names, then ` - ` before the message (TorchServe's console layout relays its Python workers' lines this way).
    pattern: /^\[(?:TRACE|DEBUG|INFO|WARN|ERROR|FATAL) ?\] +(?:[\w.$@:/-]+ +){1,2}- /,
    upstream:
      'pytorch/serve frontend/server/src/main/resources/log4j2.xml (Console PatternLayout "%d{ISO8601} [%-5p] %t %c - %m%n"); apache/logging-log4j2 PatternLayout (%-5p, %t, %c)',
  },
  {
    // A level word as the record's first field: `ERROR `, `[ERROR] `, `ERROR - `, `ERROR | `, and hydra's
    // `[__main__][ERROR] - ` (a bracketed logger name, then the bracketed level).
    pattern: /^(?:\[[\w.:-]+\])?\[?(?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|CRITICAL|FATAL)\]?(?:[ \t]+[-|:][ \t]+|[ \t]+)/,
    upstream:
      'python/cpython Lib/logging/__init__.py (levelname); apache/logging-log4j2 PatternLayout (%-5level); facebookresearch/hydra job_logging default.yaml',
  },
];

/** At most this many headers are removed (a relayed line carries a process prefix, a rank and a level). */
const MAX_PREFIXES = 4;

/**
 * A structured log record on one line: a JSON object whose message is a field beside the level,
 * time and caller. uber-go/zap zapcore/encoder.go (MessageKey "msg"), sirupsen/logrus
 * json_formatter.go (FieldKeyMsg "msg"), madzak/python-json-logger (JsonFormatter "message"),
 * trentm/node-bunyan ("msg"), pinojs/pino (messageKey "msg"). The message is the line's
 * body; the other fields are its header (the level is read on the whole record by the error rule).
 * Only a record that starts the line counts, so a JSON value quoted inside a sentence is not read.
 */
const RECORD_MESSAGE = /^\s*\{\s*"[^\n]*?"(?:msg|message)"\s*:\s*"((?:[^"\\\n]|\\.)*)"/;

/**
 * logfmt's record, the same idea without braces: `time="…" level=error msg="…"` (sirupsen/logrus
 * text_formatter.go when not on a terminal, go-kit/log logfmt_logger.go), the message quoted with
 * Go's escapes (strconv.Quote, as JSON's for what matters here). A line counts only with a level key.
 */
const LOGFMT_MESSAGE = /^(?=[^\n]*\blevel=\w)[^\n]*?(?:^|\s)msg="((?:[^"\\\n]|\\.)*)"/;

/** The message field of a JSON or logfmt log record as written (escapes and all), or null when the line is not one. */
function recordMessageRaw(line: string): string | null {
  return RECORD_MESSAGE.exec(line)?.[1] ?? LOGFMT_MESSAGE.exec(line)?.[1] ?? null;
}

/** The message of a JSON log record, unescaped; null when the line is not one (or its value does not parse). */
function recordMessage(line: string): string | null {
  const raw = recordMessageRaw(line);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(`"${raw}"`);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The fields loggers write around every message (the record's header): zap (level, ts, caller,
 * logger, stacktrace), logrus (level, time), bunyan and pino (name, hostname, pid, level, time, v),
 * python-json-logger (asctime, levelname, name), structlog (level, timestamp, logger), Cloud
 * Logging (severity, timestamp). Any other field is the call's context (`err`, `shard`, `url`),
 * where the cause often is (zap.Error → "error", logrus WithError → "error").
 */
const HEADER_KEYS = new Set([
  'level',
  'levelname',
  'severity',
  'time',
  'ts',
  'timestamp',
  'asctime',
  'caller',
  'logger',
  'name',
  'hostname',
  'pid',
  'v',
  'thread',
  'msg',
  'message',
]);
/** A record longer than this is not parsed to look at its fields (untrusted text is bounded). */
const MAX_RECORD = 64 * 1024;

/** A logfmt record's keys (`time=… level=error msg="…" error="…"`). */
const LOGFMT_KEY = /(?:^|\s)([A-Za-z_][\w.-]*)=/g;

/** Whether a JSON or logfmt record holds fields beyond its logger's header (its context), or cannot be read as one. */
function hasContextFields(line: string): boolean {
  if (line.length > MAX_RECORD) return true;
  if (!line.startsWith('{')) return [...line.matchAll(LOGFMT_KEY)].some((match) => !HEADER_KEYS.has(match[1] ?? ''));
  try {
    const value: unknown = JSON.parse(line);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return true;
    return Object.keys(value).some((key) => !HEADER_KEYS.has(key));
  } catch {
    return true;
  }
}

/**
 * What to quote of a line: a JSON record's message when it is written without escapes (then it is
 * a verbatim part of the text, as a quote must be) and the record holds nothing but its header;
 * the whole record when it carries context fields (the error beside "upload failed"); else the
 * line itself.
 */
export function quotableLine(line: string): string {
  const raw = recordMessageRaw(line);
  return raw !== null && raw.trim() !== '' && !raw.includes('\\') && !hasContextFields(line.trim()) ? raw : line;
}

/**
 * A header no row above knows, found by what makes it a header: a logger repeats it on every line of
 * a record (python/cpython Lib/logging/__init__.py Formatter.format applies the format to the record,
 * and a handler that splits lines — vLLM's NewLineFormatter, torch elastic's per-line `[role N]:`
 * tee, loguru's `{time} | {level} | {name}:{function}:{line} - ` — writes it again on each line).
 * So where two neighbouring lines start with the same text, digits aside (times and line numbers
 * differ), and that shared start ends with a header's separator (`] `, `]:`, ` - `, ` | `, `: `,
 * `>> `) and carries a header's mark (a digit, a bracket or a level word), it is a header: the
 * message starts after it. Returns each line's header length (0: none found).
 */
const HEADER_END = /(?:\] |\]:|\s[-|]\s+|: |>> )$/;
const HEADER_MARK = /\d|[[(]|\b(?:DEBUG|INFO|WARN|WARNING|ERROR|CRITICAL|FATAL)\b/i;
const MIN_HEADER = 4;
const MAX_HEADER = 160;

export function repeatedHeaders(lines: readonly string[]): number[] {
  const shapes = lines.map((line) => line.slice(0, MAX_HEADER).replace(/\d/g, '0'));
  const shared = (a: string | undefined, b: string | undefined): number => {
    if (a === undefined || b === undefined) return 0;
    let length = 0;
    while (length < a.length && length < b.length && a[length] === b[length]) length += 1;
    // Back to the last separator: the header ends where a separator does.
    for (let end = length; end >= MIN_HEADER; end -= 1) {
      // Every separator ends in a blank or a colon: other ends are not tried.
      if (a[end - 1] !== ' ' && a[end - 1] !== ':') continue;
      const head = a.slice(0, end);
      // A logger writes its header at the line's start: an indented shared start is a list or a continuation (anyhow's `    0: `).
      if (/^\S/.test(head) && HEADER_END.test(head) && HEADER_MARK.test(head) && a.slice(end).trim() !== '') return end;
    }
    return 0;
  };
  return shapes.map((shape, at) => Math.max(shared(shape, shapes[at - 1]), shared(shape, shapes[at + 1])));
}

/**
 * The message a raw line carries, masked and without its log headers: a JSON record's message
 * field is read before masking (the masking hides quoted tokens, which would hide the record's
 * keys), then masked like any line, then its headers removed.
 */
export function lineBody(line: string, mask: (text: string) => string = (text) => text): string {
  const message = recordMessage(line);
  return withoutLogPrefix(mask(message !== null && message.trim() !== '' ? message : line));
}

/**
 * The bodies of a block of lines: each line's body (lineBody), then, where neighbouring bodies
 * still start with the same header no row knows (repeatedHeaders), without it.
 */
export function lineBodies(lines: readonly string[], mask: (text: string) => string = (text) => text): string[] {
  const bodies = lines.map((line) => lineBody(line, mask));
  const headers = repeatedHeaders(bodies);
  return bodies.map((body, at) => {
    const header = headers[at] ?? 0;
    return header === 0 ? body : withoutLogPrefix(body.slice(header));
  });
}

export function withoutLogPrefix(line: string): string {
  let rest = line;
  for (let removed = 0; removed < MAX_PREFIXES; removed += 1) {
    const prefix = LOG_PREFIXES.find(({ pattern }) => pattern.test(rest));
    if (!prefix) break;
    const next = rest.replace(prefix.pattern, '');
    if (next.trim() === '') break;
    rest = next;
  }
  return rest;
}
