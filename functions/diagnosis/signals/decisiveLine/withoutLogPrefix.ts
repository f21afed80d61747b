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
    // A leading timestamp alone, bracketed or not: `2026-12-02 09:14:03,123 `, `[2026-12-02T09:14:03.123Z] `, then the
    // rows below take what follows it (a level, a logger name). Any logger that starts its records with a date.
    pattern: /^\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?\]?(?:[ \t]+[-|][ \t]+|[ \t]+|(?=\[))/,
    upstream:
      'python/cpython Lib/logging/__init__.py (asctime "%Y-%m-%d %H:%M:%S,mmm"); apache/logging-log4j2 PatternLayout (%d ISO8601); facebookresearch/hydra hydra/conf/hydra/job_logging/default.yaml ("[%(asctime)s][%(name)s][%(levelname)s] - %(message)s")',
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
