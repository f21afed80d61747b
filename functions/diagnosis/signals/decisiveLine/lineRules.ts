/**
 * What makes a line of a message or log tail the one a person needs to act on, as general
 * rules over the formats upstream components print, never a row per message. Each rule names
 * the upstream code whose format it reads. Rules only choose what to quote: they never choose
 * a category (application text is untrusted).
 *
 * A rule's `rank` orders lines: the most specific root error first, a launcher's summary or a
 * peer's watchdog timeout (a consequence of another failure) last. Among lines of equal rank,
 * `prefer` says which one wins: the earliest root error (a first NCCL WARN, the first
 * resource error) or the latest (a traceback's last exception line, a Java trace's root
 * `Caused by:`, which come last).
 */
import type { LineRuleName } from '../../model/LineRuleName.js';
import { TOOL_DIAGNOSTIC } from './toolDiagnostic.js';
export interface LineRule {
  name: LineRuleName;
  rank: number;
  prefer: 'earliest' | 'latest';
  pattern: RegExp;
  upstream: string;
}

/** Lines that only report another failure: a peer's death seen by a survivor, a launcher naming the child it saw die. */
const CONSEQUENCE =
  /\bBEGIN failed--compilation aborted\b|\bExecution of \S+ aborted due to compilation errors\b|\baborting due to (?:\d+ )?previous errors?\b|\baborted due to errors\b|Watchdog caught collective operation timeout|\bexited on signal 15\b|\bReceived (?:SIGTERM|Signals\.SIGTERM|signal 15)\b|\bSendRecv\b.{0,40}\btimed out\b|\bTCPStore\b.{0,80}\b(?:failed|timed out|Connection reset)\b|\bmpirun noticed that\b/i;

/*
 * CONSEQUENCE also holds a compiler's or interpreter's closing line that stops because of the errors it
 * printed before (a statement that refers back): Perl/perl5 op.c ("BEGIN failed--compilation aborted"),
 * perl.c ("Execution of %s aborted due to compilation errors."), rust-lang/rust
 * compiler/rustc_errors/src/lib.rs ("aborting due to {} previous errors"), NVIDIA ptxas' closing "ptxas fatal   : Ptx assembly
 * aborted due to errors" after the error it printed (as relayed by openxla/xla xla/stream_executor/cuda/subprocess_compilation.cc
 * CompileGpuAsmUsingPtxAs "ptxas exited with non-zero error code %d, output: %s").
 */

/**
 * A parent reporting that a child process it started has ended, naming the child only by its
 * command or pid: the child's own output (earlier in the log) says why. python/cpython
 * Lib/subprocess.py (CalledProcessError.__str__ "Command '%s' returned non-zero exit status %d."
 * / "died with %r."); pytorch/pytorch torch/utils/data/dataloader.py (_try_get_data "DataLoader
 * worker (pid(s) {}) exited unexpectedly") and torch/utils/data/_utils/signal_handling.py
 * ("DataLoader worker (pid {}) is killed by signal: {}"); microsoft/DeepSpeed deepspeed/launcher/launch.py
 * (sigkill_handler: "{cmd} exits with return code = {returncode}"); bash's report of a job a signal ended,
 * `script.sh: line 12:    41 Aborted (core dumped) ./cmd` (bminor/bash jobs.c notify_of_job_status /
 * print_pipeline: the script, its line, the pid, strsignal's text). One shape, any launcher: a process
 * named by its pid that exited or was killed.
 * A message that says nothing but that a child exited with a status (`child exited with code 1`,
 * the whole message of a runner's error built from nodejs/node lib/child_process.js's 'exit' event
 * `(code, signal)`, often the innermost `[cause]:` of a chain) is the same report: the link that
 * carries the child's output above it is the statement. GNU tar's report of its compressor
 * (`tar: Child returned status 1`, gnu tar src/system.c sys_wait_for_child) is one too.
 */
const CHILD_ENDED =
  /(?:^|: )(?:child|child process|subprocess|process|command)(?: [\w./'"-]{1,80})? exited with (?:exit )?(?:code|status):? -?\d+\.?$|^\S+: Child returned status -?\d+$|: line \d+: +\d+ (?:Aborted|Killed|Segmentation fault|Bus error|Floating point exception|Illegal instruction|Terminated|Trace\/breakpoint trap|Quit)\b|\breturned non-zero exit status -?\d+|\bsigkill_handler\][^\n]*\bexits with return code = -?\d+|\bdied with <Signals\.\w+: \d+>|\(pids?(?:\(s\))?:? \d+(?:, ?\d+)*\) (?:exited unexpectedly|is killed by signal|was killed|terminated unexpectedly)\b/;

/**
 * A launcher's count of failed children, naming none of them: torchrun's ChildFailedError
 * header, MPI's "Primary job terminated normally, but N process returned" and "mpirun detected
 * that one or more processes exited with non-zero status". Any line that names a process or a
 * cause (even a peer's consequence) says more.
 */
const LAUNCHER_SUMMARY =
  /\bChildFailedError\b|torch\.distributed\.elastic\.multiprocessing\.errors|\bPrimary job +terminated normally, but\b|\bdetected that one or more processes exited with non-zero status\b/i;

/**
 * A qualified exception type (`requests.exceptions.HTTPError`, `ValueError`), optionally with the
 * status a library appends after `_` (gpuopenanalytics/pynvml pynvml/nvml.py: NVMLError subclasses
 * named NVMLError_<Status>, e.g. NVMLError_GpuIsLost), or private by a leading `_` (numpy/numpy
 * numpy/core/_exceptions.py: `_ArrayMemoryError`, `_UFuncNoLoopError`). One shape for the exception rule, and for
 * where findDecisiveLine.ts starts quoting an exception and reads an errno after it.
 */
const EXCEPTION_QUALIFIER = String.raw`(?:[A-Za-z_]\w*\.)`;
const EXCEPTION_TYPE = String.raw`_?[A-Z]\w*(?:Error|Exception)(?:_\w+)?`;
export const EXCEPTION_NAME = `${EXCEPTION_QUALIFIER}*${EXCEPTION_TYPE}`;

/**
 * A statement of failure that gives its cause after `: ` — C's perror and every `failed to X: Y`
 * chain (Go's fmt.Errorf("…: %w"), llama.cpp's `llama_model_load: error loading model: <what>`,
 * the `func: failed to …: <why>` lines C libraries print): it says what failed and why, where the
 * callers' restatements after it (`… failed to load model`, `main: exiting …`) only say that it did.
 * The failure word opens the line or a `: `-separated part, so a word inside a name or a path does
 * not count; a line whose logger gave it a quieter level than error (WARN, INFO) is not read this
 * way (isQuieterLevel).
 */
const FAILURE_WITH_CAUSE =
  /(?:^|: )(?:[Ee]rror|ERROR|[Ff]ailed|FAILED|[Ff]ailure|[Cc]annot|[Cc]an't|[Cc]ould not|[Cc]ouldn't|[Uu]nable to)\b[^:\n]{1,160}: (?=\S)/;

/**
 * A process's fatal statement in its runtime's own fixed shape, with no exception type to name it:
 * glibc's heap checks (bminor/glibc malloc/malloc.c malloc_printerr: "free(): double free detected in
 * tcache 2", "malloc(): corrupted top size", "double free or corruption (!prev)", "corrupted size vs.
 * prev_size"; debug/fortify_fail.c "*** buffer overflow detected ***"; debug/stack_chk_fail.c "***
 * stack smashing detected ***"), bash's diagnostics with the script's line (bminor/bash error.c
 * report_error / err_unboundvar: "%s: line %d: " then "X: unbound variable", "X: command not found",
 * "syntax error …"; a job report, whose message starts with a pid, is a consequence instead), dash's
 * ("%s: %d: ", dash src/error.c exverror), and Perl's die, which ends with where it died (Perl/perl5
 * util.c Perl_mess_sv " at %s line %d."), Rust's guard-page handler (rust-lang/rust
 * library/std/src/sys/pal/unix/stack_overflow.rs signal_handler: "thread '{name}' has overflowed its stack",
 * then rtabort!("stack overflow") → "fatal runtime error: stack overflow", the abort that only closes the
 * burst; the pair as printed in matklad/backtrace-on-stack-overflow README.md), and GNU make's fatal error, which
 * states why make stops without an error word ("make: *** No rule to make target 'x', needed by 'y'.  Stop.";
 * gnu make src/output.c fatal: "%s: *** " or "%s:%lu: *** ", the message, ".  Stop."; a recipe's
 * "make: *** [t] Error N" is its summary instead). The statement is what the runtime saw go wrong; the lines
 * after it (an abort, a job report, "compilation aborted") only say the process stopped.
 */
const RUNTIME_FATAL =
  /^(?:[a-z_]\w{0,40}\(\): (?:double free|corrupted|invalid|unaligned|memory corruption)|double free or corruption\b|corrupted (?:size vs\. prev_size|double-linked list)|\*\*\* (?:stack smashing|buffer overflow) detected \*\*\*)|^\S+: line \d+: (?! *\d+ )\S|^(?:sh|dash|\/bin\/sh|\S+\.sh): \d+: \S|^thread '[^'\n]{0,200}' has overflowed its stack$|^(?:Can't|Cannot|Could not|Unable to|Undefined|Not|Died|Global symbol|Bareword|syntax error)\b[^\n]{0,400} at \S+ line \d+\.$|^\S{1,200}: \*\*\* (?!\[)[^\n]{1,400}\. {2}Stop\.$/;

export const LINE_RULES: readonly LineRule[] = [
  {
    // A consequence is tested first so that a line naming both ("[Rank 1] Watchdog caught … NCCL …") ranks as what it is.
    name: 'consequence',
    rank: 10,
    prefer: 'earliest',
    pattern: new RegExp(`${CONSEQUENCE.source}|${CHILD_ENDED.source}`, 'i'),
    upstream:
      'pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp (watchdog); torch/distributed/elastic/multiprocessing/errors/__init__.py (ChildFailedError); open-mpi/ompi orte/tools/orterun help text; python/cpython Lib/subprocess.py (CalledProcessError); pytorch/pytorch torch/utils/data/dataloader.py (worker exited unexpectedly)',
  },
  {
    name: 'launcher-summary',
    rank: 5,
    prefer: 'earliest',
    pattern: LAUNCHER_SUMMARY,
    upstream:
      'pytorch/pytorch torch/distributed/elastic/multiprocessing/errors/__init__.py (ChildFailedError); open-mpi/ompi orte/tools/orterun/help-orterun.txt ([orterun:non-zero-status] "Primary job  terminated normally, but %d process returned", "mpirun detected that one or more processes exited with non-zero status")',
  },
  {
    // A failed assertion states the broken condition itself; CUDA's "device-side assert triggered" (cudaErrorAssert) or
    // glibc's abort only report that one failed, so the assertion line ranks above every accelerator report.
    name: 'assertion',
    rank: 95,
    prefer: 'earliest',
    pattern: /\bAssertion [`'][^`'\n]{1,300}[`'] failed\b/,
    upstream:
      'pytorch/pytorch c10/macros/Macros.h (CUDA_KERNEL_ASSERT → __assert_fail: "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed."); bminor/glibc assert/assert.c (__assert_fail_base "%s%s%s:%u: %s%sAssertion `%s\' failed.")',
  },
  {
    // NCCL's own warnings and error names, CUDA runtime errors, the kernel's NVRM Xid report.
    name: 'accelerator',
    rank: 90,
    prefer: 'earliest',
    pattern:
      /\bNCCL WARN\b|\bnccl(?:SystemError|InternalError|UnhandledCudaError|RemoteError|InvalidUsage|InvalidArgument)\b|\bNVRM: Xid\b|\bCUDA error\b|\bcudaError\w+|\bCUDA out of memory\b|\bOutOfMemoryError\b|\bCUDNN_STATUS_(?!SUCCESS)\w+|\bCUBLAS_STATUS_(?!SUCCESS)\w+|\bdevice-side assert triggered\b|\bno CUDA-capable device is detected\b|\bCUDA driver version is insufficient\b/i,
    upstream:
      'NVIDIA/nccl src/include/debug.h (WARN → "NCCL WARN"), src/nccl.h.in (ncclResult_t); pytorch/pytorch c10/cuda/CUDAException.h (C10_CUDA_CHECK "CUDA error: …"), c10/cuda/CUDACachingAllocator.cpp ("CUDA out of memory"); torvalds/linux-compatible NVIDIA/open-gpu-kernel-modules src/nvidia/src/kernel/gpu/gpu.c ("NVRM: Xid")',
  },
  TOOL_DIAGNOSTIC,
  {
    // The exception line of a traceback: Python `pkg.Name(Error|Exception…): msg` (optionally behind a rank prefix),
    // Java `Exception in thread "…" x.Y: msg` / `Caused by: x.Y: msg`, Go `panic: msg` / `fatal error: msg`, Rust panics.
    // Node's util.inspect labels an error's cause `[cause]: ` (nodejs/node lib/internal/util/inspect.js, the cause key of
    // formatError) as Java labels it `Caused by: `: the link after the label, on the same line, is the cause.
    // An exception type behind any header that ends in `]`, `|` or `>` (docker compose's `svc-1  | `, an exception group's
    // `| ` margin, python/cpython Lib/traceback.py; a bracketed process name) is the same statement: the header is not its text.
    name: 'exception',
    rank: 80,
    prefer: 'latest',
    pattern: new RegExp(
      String.raw`^\s*(?:\[(?:rank|Rank) ?\d+\]:?\s*)?${EXCEPTION_QUALIFIER}*(?:${EXCEPTION_TYPE}|[A-Z]\w*(?:Exit|Interrupt|Fault|Warning))(?::\s|\s*$)|\s${EXCEPTION_QUALIFIER}+${EXCEPTION_TYPE}: \S|[\]|>]\s+${EXCEPTION_TYPE}: \S|` +
        String.raw`^\s*(?:Exception in thread "[^"]*" |Caused by: |\[cause\]: )\S+|^\s*(?:panic|fatal error): \S|^thread '[^']*' panicked at\b|^\s*what\(\):\s+\S|` +
        // Ruby's uncaught exception: "<path>:<line>:in '<label>': <message> (<Class>)" (ruby/ruby eval_error.c error_print).
        String.raw`^\s*[^\s:]+:\d+:in [\`'][^'\`\n]{1,200}': [^\n]{1,600} \((?:[A-Z]\w*::)*[A-Z]\w*\)\s*$`,
    ),
    upstream:
      'python/cpython Lib/traceback.py (TracebackException.format_exception_only); dotnet/runtime src/coreclr/vm/excep.cpp ("Unhandled exception. " + Exception.ToString(): a namespace-qualified type, upper-case segments); gpuopenanalytics/pynvml pynvml/nvml.py (NVMLError subclasses named NVMLError_<Status>, e.g. NVMLError_GpuIsLost); openjdk/jdk src/java.base/share/classes/java/lang/Throwable.java (printStackTrace "Caused by: "); golang/go src/runtime/panic.go (printpanics "panic: ", throw "fatal error: "); gcc-mirror/gcc libstdc++-v3/libsupc++/vterminate.cc ("  what():  " line); ruby/ruby eval_error.c (error_print: "<path>:<line>:in <label>: <message> (<Class>)")',
  },
  {
    // libstdc++'s terminate handler names only the exception's type on this line; its message is on the `what():` line
    // that follows (an exception rule). Without one, the type alone says less than any line that states a failure.
    name: 'thrown-type',
    rank: 6,
    prefer: 'latest',
    pattern: /^\s*terminate called after throwing an instance of\b/,
    upstream:
      'gcc-mirror/gcc libstdc++-v3/libsupc++/vterminate.cc (__verbose_terminate_handler "terminate called after throwing an instance of \'%s\'", then "  what():  %s")',
  },
  {
    // A failed command's own stderr: mount-utils wraps it as "mount failed: exit status N\nMounting command: …\nOutput: <stderr>",
    // where the first line says only that the tool failed; the Output line says why (wrong fs type, unresolved host, I/O error).
    name: 'tool-output',
    rank: 75,
    prefer: 'earliest',
    // A line the tool itself starts with its name and an errno or failure (`rbd: map failed: (110) Connection timed out`) is that stderr too.
    pattern: /^Output: \S|^[a-z][\w.-]*: (?:[^:\n]*: )?(?:.*\bfailed\b.*\(\d+\) [A-Z]|\(\d+\) [A-Z])/,
    upstream:
      'kubernetes/mount-utils mount_linux.go (doMount: "mount failed: %v\\nMounting command: %s\\nMounting arguments: %s\\nOutput: %s"); ceph/ceph-csi internal/rbd/rbd_attach.go (createPath: "rbd: map failed with error %v, rbd error output: %s")',
  },
  {
    // The clause that names the failing resource: a mount's errno, a registry's or hub's refusal, a DNS or TLS failure, a full disk.
    name: 'resource',
    rank: 70,
    prefer: 'earliest',
    pattern:
      /\bmount error\(\d+\)|\b(?:No such file or directory|Connection reset by peer|Connection timed out|Network is unreachable|No route to host|Too many open files|Input\/output error|Stale file handle|Transport endpoint is not connected|Cannot allocate memory|Exec format error|Operation not permitted|Not a directory|Is a directory|Broken pipe|Address already in use|Name or service not known|Temporary failure in name resolution)\b|(?:^|[\s:])E(?:NOENT|ACCES|PERM|CONNREFUSED|CONNRESET|TIMEDOUT|ADDRINUSE|NOTFOUND|HOSTUNREACH|NETUNREACH|NOSPC|ROFS|MFILE|NOMEM|PIPE|ISDIR|NOTDIR|EXIST|AI_AGAIN): |(?:^|: )(?:connect|getaddrinfo|getnameinfo|queryA{0,4}|read|write|listen|bind|spawn) E[A-Z][A-Z_]{2,14}\b|\bmount\.\w+: |\bRESOURCE_EXHAUSTED\b|\bgated repo\b|\b(?:401 Unauthorized|403 Forbidden|404 Not Found)\b|\bno such host\b|\bx509: |\bpermission denied\b|\bNo space left on device\b|\bconnection refused\b|\bi\/o timeout\b|\bmanifest unknown\b|\bnot found\b|\bDisk quota exceeded\b|\bRead-only file system\b/i,
    upstream:
      'bminor/glibc sysdeps/gnu/errlist.h (strerror texts: "No such file or directory", "Exec format error", "Stale file handle", …, read case-insensitively: Go and Rust print them in lower case); nodejs/node lib/internal/errors.js (uvException "<CODE>: <description>, <syscall> \'<path>\'"; exceptionWithHostPort "<syscall> <CODE> <address>:<port>", dnsException "<syscall> <CODE> <hostname>"); util-linux/util-linux sys-utils/mount.c; torvalds/linux fs/smb/client ("mount error(%d)"); grpc/grpc-go codes/codes.go (RESOURCE_EXHAUSTED); huggingface/huggingface_hub src/huggingface_hub/utils/_http.py (GatedRepoError "gated repo"); golang/go src/net/dnsclient_unix.go ("no such host"), src/crypto/x509/verify.go ("x509: ")',
  },
  {
    // Above a line that only says it is an error (its level or an `Error:` word), below the rules that name what failed.
    name: 'failure-cause',
    rank: 45,
    prefer: 'earliest',
    pattern: FAILURE_WITH_CAUSE,
    upstream:
      'bminor/glibc stdio-common/perror.c ("%s: %s"); golang/go src/fmt/errors.go (Errorf %w: "failed to X: <cause>"); ggerganov/llama.cpp src/llama.cpp (llama_model_load: LLAMA_LOG_ERROR("%s: error loading model: %s\\n", __func__, err.what()))',
  },
  {
    // Above a statement that gives its cause (the runtime's own verdict names what it checked), below the rules that name a resource.
    name: 'runtime-fatal',
    rank: 50,
    prefer: 'earliest',
    pattern: RUNTIME_FATAL,
    upstream:
      'bminor/glibc malloc/malloc.c (malloc_printerr), debug/fortify_fail.c, debug/stack_chk_fail.c; bminor/bash error.c (report_error, err_unboundvar "%s: line %d: "); dash src/error.c (exverror "%s: %d: "); Perl/perl5 util.c (Perl_mess_sv " at %s line %d.")',
  },
  {
    // torchrun's ChildFailedError block ends with "Root Cause (first observed failure)": its rank's exit code, or the
    // signal that killed it. Quoted when the block carries no exception of its own (the latest entry is the root cause).
    name: 'root-cause-rank',
    // Below a consequence: the launcher's record says how the child ended (exit code, signal), its own output says why.
    rank: 8,
    prefer: 'latest',
    pattern: /^\s*(?:exitcode\s*: -?\d+ \(pid: \d+\)|traceback\s*: Signal \d+ \(SIG\w+\) received by PID \d+)/,
    upstream: 'pytorch/pytorch torch/distributed/elastic/multiprocessing/errors/__init__.py (ChildFailedError.format_msg, _format_failure)',
  },
  {
    // A line that says it is an error: `ERROR: …`, `[ERROR] …`, `Error: …`, `FATAL: …`, or whose logger header gives it an
    // error level: klog/glog `E1202 12:00:00 …` / `F1202 …`, an upper-case level word standing alone in a header
    // (`UCX  ERROR ibv_create_cq …`, `2026-… ERROR worker …`), a JSON or logfmt record's level field, or a header that
    // locates an error and announces its message on the next lines (CMake's "CMake Error at CMakeLists.txt:3 (project):",
    // Kitware/CMake Source/cmMessenger.cxx printMessagePreamble then " at <file>:<line> (<command>):"). The level is the
    // logger's own verdict on the line: it outranks INFO/WARNING noise around it, whatever the message says.
    name: 'error',
    rank: 40,
    prefer: 'earliest',
    pattern:
      /(?:^|[\s[(])(?:[Ee]rror|ERROR|[Ff]atal|FATAL|[Cc]ritical|CRITICAL)(?:[\])]|\s*:)|(?:^|\s)(?:Error|ERROR) (?:at|in) [^\s:]{1,300}(?::\d+)?(?: \([^)\n]{0,100}\))?:\s*$|^[EF]\d{4} \d{2}:\d{2}:\d{2}|(?:^|\s)(?:ERROR|FATAL|CRITICAL|PANIC)\s|(?:^|\s)\[[EF]\] |"(?:level|severity|lvl)"\s*:\s*"(?:error|ERROR|fatal|FATAL|critical|CRITICAL|panic|PANIC)"|"level"\s*:\s*[56]0\b|\blevel=(?:error|fatal|critical|panic)\b/,
    upstream:
      'kubernetes/klog klog.go (header "E%m%d hh:mm:ss"); pinojs/pino lib/constants.js (DEFAULT_LEVELS: trace 10, debug 20, info 30, warn 40, error 50, fatal 60, written as a number); google/glog src/logging.cc (severity letters I W E F); python/cpython Lib/logging/__init__.py (levelname ERROR); openucx/ucx src/ucs/debug/log.c (ucs_log_default_handler "[%lu.%06lu] [%s:%d:%d] %16s:%-4u %-4s %-5s %s" level name); uber-go/zap zapcore/json_encoder.go ("level":"error"); sirupsen/logrus text_formatter.go (level=error); Kitware/CMake Source/cmMessenger.cxx (printMessagePreamble "CMake Error", then " at file:line (command):")',
  },
];

/** The rule a line matches (the first in LINE_RULES order), or null; `quieter`: the line's logger level is below error (isQuieterLevel). */
export function matchLineRule(line: string, quieter = false): LineRule | null {
  return LINE_RULES.find((rule) => !(quieter && rule.name === 'failure-cause') && rule.pattern.test(line)) ?? null;
}

/**
 * The logger gave the line a level below error: a klog/glog `W`/`I` header, a level word standing
 * alone (`WARNING:`, `[WARN ]`, `INFO `), a JSON or logfmt level field. Such a line reports what a
 * program survived, so it does not rank as a failure that gives its cause.
 */
const QUIETER_LEVEL =
  /^\[?[IW]\d{4} \d{2}:\d{2}:\d{2}|(?:^|[\s[(|])(?:WARN|WARNING|INFO|DEBUG|TRACE)(?:[\])|:]|\s)|(?:^|\s)\[[WIV]\] |"(?:level|severity|lvl)"\s*:\s*"(?:warn|warning|info|debug|trace|WARN|WARNING|INFO|DEBUG|TRACE)"|"level"\s*:\s*[1-4]0\b|\blevel=(?:warn|warning|info|debug|trace)\b/;
export function isQuieterLevel(line: string): boolean {
  return QUIETER_LEVEL.test(line);
}

/**
 * Read only when no rule of LINE_RULES recognised a line of the container's text (findDecisiveLine.ts):
 * among lines that rules rank, it would outrank consequences and break multi-line records.
 */
export const FAILURE_STATEMENT: LineRule = {
  // When no rule above names a line, the container's own statement that something failed still says more than the
  // system's carrier ("terminated with exit code 1"): the last line stating a failure, never a stack frame, a call
  // chain or a closing line ("Execution halted") that only follows it. Below `error`, above every consequence.
  name: 'failure-statement',
  rank: 20,
  prefer: 'latest',
  pattern:
    /^(?!\s*(?:at |File "|#\d+ |Calls: |\.\.\.|\^|In addition: |Execution halted|Aborted\b|\+ ))(?=.*[A-Za-z]{3}).*\b(?:[Ff]ail(?:ed|ure|s|ing)?|FAIL(?:ED|URE)?|[Cc]annot|[Cc]an't|[Cc]ould(?:n't| not)|[Uu]nable to|not (?:found|allowed|supported|permitted|writable|readable|divisible|compatible)|[Ii]nvalid|[Dd]enied|[Rr]efused|[Uu]nexpected(?:ly)?|[Mm]issing|[Ee]xceed(?:ed|s)|[Cc]orrupt(?:ed)?|[Ii]ncompatible|[Mm]ismatch|[Tt]imed out|[Nn]o such|[Ii]nsufficient|[Uu]nsupported|[Nn]on-finite|not within|(?:does|did|do|is|was|are|were)(?: not|n't) (?:match|exist|contain|have|support|fit|agree)|[Rr]efus(?:e|ed|es|ing)|[Yy]ou must)\b/,
  upstream:
    'the general shape of an error statement (POSIX strerror texts, "cannot"/"failed to"/"unable to" clauses of every runtime); wch/r-source src/main/errors.c (PrintWarnings "In addition: Warning message:", "Execution halted" after the error)',
};
