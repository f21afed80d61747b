/**
 * Lines that point elsewhere for what they mean. A wrapper often prints a sentence that only
 * says an error exists and where to look — before it ("See root cause above"), after it (a
 * line ending in `:` such as "Last error:" or "denied the request:"), or further down the same
 * exception ("401 Client Error." whose URL is on the next lines). Quoting the pointer tells a
 * person nothing; quoting what it points to does. Each shape cites a format that prints it.
 * Bodies passed here are masked and without their log header (withoutLogPrefix).
 */

/**
 * Defers to an earlier line. vllm-project/vllm vllm/v1/engine/utils.py (wait_for_engine_startup:
 * "Engine core initialization failed. See root cause above."); ray-project/ray
 * python/ray/train/base_trainer.py (TrainingFailedError: "Please inspect the previous error messages
 * for a cause."); the same English shape ("see the logs above", "check the earlier errors", "aborting due
 * to previous error", rust-lang/rust compiler/rustc_errors/src/lib.rs) is how any wrapper refers back to
 * its cause.
 */
const DEFERS_TO_EARLIER =
  /\b(?:see|check) (?:the )?(?:root cause|(?:\w+ )?(?:errors?|logs?|output|traceback|messages?|exceptions?))? ?above\b|\b(?:see|check) (?:the )?(?:full |complete )?(?:stack ?trace|traceback|logs?|output)(?: above)? for (?:the )?(?:root cause|original error|underlying error|actual error|real error)\b|\b(?:see|check|inspect|look at|refer to) (?:the )?(?:previous|preceding|earlier|prior) (?:\w+ )?(?:errors?|logs?|output|tracebacks?|messages?|exceptions?)\b|\b(?:due to|caused by|because of) (?:the |an? )?(?:previous|preceding|earlier|prior|above) (?:\w+ )?(?:errors?|failures?|exceptions?)\b/i;

/**
 * A label that says the next line is the error. pytorch/pytorch torch/csrc/distributed/c10d/NCCLUtils.cpp
 * (getNcclErrorDetailStr: interpret + "\nLast error:\n" + ncclGetLastError(NULL)): the interpretation
 * is the same sentence for every failure with that code, the announced line is NCCL's own warning.
 * Spring Boot's failure analysis the same way: spring-projects/spring-boot
 * spring-boot-project/spring-boot/src/main/java/org/springframework/boot/diagnostics/LoggingFailureAnalysisReporter.java
 * (buildMessage: "APPLICATION FAILED TO START", then "Description:%n%n%s%n" — the analysis — then
 * "Action:"): the description states the cause the bean-creation exception chain above it wraps.
 * The label may close a line's last sentence: hashicorp/vault api/response.go (ResponseError.Error:
 * "Error making API request.\n\nURL: %s %s\nCode: %d. Errors:\n\n* %s") lists the server's errors
 * after "Code: 400. Errors:" — the CSI secrets-store driver relays it into a FailedMount event.
 */
const ERROR_LABEL = /(?:^\s*|[.!] +)(?:(?:last|root|underlying|original) )?(?:error|reason|cause|details?|description)s?\s*:\s*$/i;

/**
 * python/cpython Lib/traceback.py (_cause_message "The above exception was the direct cause of the
 * following exception:"): the later exception was raised `from` the earlier one on purpose, with
 * the context the earlier one lacked (huggingface_hub's `raise _format(GatedRepoError, …) from e`,
 * text-generation-inference's "Not enough memory to handle N prefill tokens" from a CUDA OOM).
 */
const DIRECT_CAUSE = /^\s*The above exception was the direct cause of the following exception:\s*$/;
/**
 * A traceback's header, also behind the error level a logger wrote on a multi-line record's first
 * line only: python/cpython Lib/logging/__init__.py (Formatter.format puts the header once, before
 * the whole message), so uvicorn's `logger.error(traceback_text)` prints `ERROR:    Traceback (most
 * recent call last):` and the frames bare (encode/uvicorn uvicorn/logging.py levelprefix "ERROR:" padded;
 * uvicorn/lifespan/on.py logs the lifespan's failure message, starlette's format_exc text).
 */
const TRACEBACK_START = /^\s*(?:(?:ERROR|CRITICAL|FATAL):\s+)?Traceback \(most recent call last\):\s*$/;

/**
 * python/cpython Lib/traceback.py (_context_message "During handling of the above exception,
 * another exception occurred:"): the later exception was raised implicitly while an `except`
 * block handled the earlier one (its __context__, not a `raise … from`). The handler's own
 * failure (a cleanup that trips over the same broken state, a probe of the file that failed to
 * load) is secondary: the earlier exception is what went wrong first.
 */
const HANDLER_CONTEXT = /^\s*During handling of the above exception, another exception occurred:\s*$/;

/**
 * A chain of causes printed under a `Caused by:` label, one per line, indented (and numbered
 * when there are several), outermost first: dtolnay/anyhow src/fmt.rs (Error's Debug: "Caused
 * by:" then "    {n}: {cause}"), eyre / color-eyre the same. The last entry is the root.
 * Java's `Caused by: x.Y: msg` (the cause on the label's own line) is an exception line instead.
 */
const CAUSES_LABEL = /^\s*Caused by:\s*$/;
const CAUSE_ENTRY = /^\s+(?:\d+: )?\S/;

export function defersToEarlier(body: string): boolean {
  return DEFERS_TO_EARLIER.test(body);
}

/** The line's statement ends by announcing what follows ("… denied the request:", "failed with message:"). */
export function announcesNext(body: string): boolean {
  return body.trimEnd().endsWith(':');
}

export function isErrorLabel(body: string): boolean {
  return ERROR_LABEL.test(body);
}

export function isDirectCause(body: string): boolean {
  return DIRECT_CAUSE.test(body);
}

export function isHandlerContext(body: string): boolean {
  return HANDLER_CONTEXT.test(body);
}

/**
 * Go's report of a panic raised while a deferred function handled an earlier one: golang/go
 * src/runtime/panic.go printpanics prints the earlier panic first, marked " [recovered]", then the
 * later one on the next line behind a tab. Like Python's "During handling …", the later panic is
 * the handler's: the one at `at` is raised while handling when the line before it was recovered.
 */
const RECOVERED_PANIC = /^\s*panic: .* \[recovered\]\s*$/;
const REPANIC = /^\t+panic: \S/;
export function raisedWhileHandling(bodies: readonly string[], at: number): boolean {
  return at > 0 && REPANIC.test(bodies[at] ?? '') && RECOVERED_PANIC.test(bodies[at - 1] ?? '');
}

/** The index of the root cause a `Caused by:` label at `index` lists (its last indented entry), or null. */
export function rootCauseEntry(bodies: readonly string[], index: number): number | null {
  if (GRAPHICAL_HEADER.test(bodies[index] ?? '')) return lastGraphicalCause(bodies, index);
  if (!CAUSES_LABEL.test(bodies[index] ?? '')) return null;
  let last: number | null = null;
  for (let at = index + 1; at < bodies.length && CAUSE_ENTRY.test(bodies[at] ?? ''); at += 1) last = at;
  return last;
}

/**
 * miette's graphical report (zkat/miette src/handlers/graphical.rs render_causes; the characters in
 * src/handlers/theme.rs): the error as `  × {message}`, then each cause of its chain as `  ├─▶ {cause}`,
 * the last as `  ╰─▶ {cause}` (ASCII theme `x`, `|->`, `` `-> ``), wrapped lines continued under `  │ `.
 * The chain runs outermost first, so the last entry is the root: uv's resolver prints `× No solution
 * found when resolving dependencies:` and, as the last cause, the derivation that ends "we can
 * conclude that your requirements are unsatisfiable" (astral-sh/uv, its resolver's report through miette).
 */
const GRAPHICAL_HEADER = /^\s*[×x] \S/;
export const GRAPHICAL_CAUSE = /^\s*(?:[├╰]─+▶|[|`]-+>) ?/;
const GRAPHICAL_CONTINUATION = /^\s*[│|] /;
function lastGraphicalCause(bodies: readonly string[], index: number): number | null {
  let last: number | null = null;
  for (let at = index + 1; at < bodies.length; at += 1) {
    const body = bodies[at] ?? '';
    if (GRAPHICAL_CAUSE.test(body)) last = at;
    else if (!GRAPHICAL_CONTINUATION.test(body)) break;
  }
  return last;
}

export function isTracebackStart(body: string): boolean {
  return TRACEBACK_START.test(body);
}

/**
 * An exception message that names nothing a person could act on: an HTTP status alone (with
 * its request id), or a sentence with no URL, path, quoted name, number or `key=value`.
 * huggingface/huggingface_hub src/huggingface_hub/utils/_http.py (hf_raise_for_status: "{status}
 * Client Error." + "\n\n" + "Cannot access gated repo for url {url}."; _format adds "(Request ID: …)");
 * ray-project/ray python/ray/exceptions.py (ActorDiedError: "The actor died unexpectedly before
 * finishing this task." then "\n\tclass_name: …" fields and the death cause).
 */
const HTTP_STATUS_HEAD = /^\d{3} (?:Client|Server) Error\b[.:]?/;
const REQUEST_ID = /\(Request ID: [^)\n]{0,200}\)/g;
const NAMES_SOMETHING = /[\d'"`/\\=<>[\]{}]|\w:\/\//;

/**
 * A sentence end followed by another sentence: a message that goes on after its first sentence
 * explains what happened (joblib/loky's TerminatedWorkerError: "A worker process managed by the
 * executor was unexpectedly terminated. This could be caused by a segmentation fault … or by an
 * excessive memory usage …"), so it is not a bare status to be completed by the lines after it.
 */
const SECOND_SENTENCE = /[.!?] +[A-Z]\w* \w/;

export function isGenericMessage(message: string): boolean {
  const rest = message.replace(REQUEST_ID, '').replace(HTTP_STATUS_HEAD, '').trim();
  return !NAMES_SOMETHING.test(rest) && !SECOND_SENTENCE.test(rest);
}

/**
 * A `\tkey: value` field an exception lists under its message (Ray's class_name, actor_id, pid …), or an
 * indented label of a few words that annotates it (Dynamo's graph-break message: the gb_type, then
 * "  Explanation: …", "  Hint: …", "  Developer debug context: …", pytorch/pytorch torch/_dynamo/exc.py
 * format_graph_break_message): a label without a failure word of its own is commentary, not the specifics.
 */
const FIELD_LINE = /^(?:\t|\s{2,})(?:[\w.-]+|[A-Z][a-z]+(?: [a-z]+){1,3}): /;
const FAILURE_WORD = /\b(?:[Ff]ail|[Ee]rror|[Cc]annot|[Cc]ould not|[Uu]nable|[Ii]nvalid|[Mm]issing|[Nn]ot)\b/;
function isFieldLine(body: string): boolean {
  const field = FIELD_LINE.exec(body);
  return field !== null && !FAILURE_WORD.test(field[0]);
}
/**
 * A line that starts a record of its own, ending an exception's continuation: a Python traceback or
 * chain header, a timestamped record, Go's stack dump after a throw (golang/go src/runtime/panic.go
 * fatalthrow "runtime stack:", src/runtime/traceback.go "goroutine %d [%s]:"), a Python warning
 * (python/cpython Lib/warnings.py _formatwarnmsg_impl "{filename}:{lineno}: {category}: {message}",
 * e.g. the resource tracker's `…/resource_tracker.py:254: UserWarning: …` printed at shutdown), or a
 * logger's record opened by its level name in capitals (python/cpython Lib/logging/__init__.py
 * BASIC_FORMAT "%(levelname)s:%(name)s:%(message)s" and _levelToName; the same names open the
 * records of most loggers without a timestamp): a runtime prints nothing after an exception's
 * message, so what a logger writes after it is another record.
 */
const NEW_RECORD =
  /^\s*(?:Traceback \(most recent call last\):|During handling of the above exception|The above exception was)|^\d{4}-\d{2}-\d{2}[T ]\d{2}:|^runtime stack:\s*$|^goroutine \d+ \[|^\S+:\d+: [A-Z]\w*Warning: |^(?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL|TRACE)(?:[:\]]|\s)/;

/**
 * Where an exception whose first line is generic continues with its specifics: the index of the
 * first statement line after it (skipping blank and field lines), or null when the exception
 * ends there or the next record starts. `bodies` are the lines without log headers;
 * `startsException` says whether a body is another exception line.
 */
export function continuationStatement(bodies: readonly string[], index: number, startsException: (body: string) => boolean): number | null {
  for (let at = index + 1; at < bodies.length; at += 1) {
    const body = bodies[at] ?? '';
    if (body.trim() === '' || isFieldLine(body)) continue;
    if (NEW_RECORD.test(body) || startsException(body)) return null;
    // A line that introduces frames ("from user code:" before Dynamo's user frames) is a stack trace's header, no statement.
    if (/:\s*$/.test(body) && isFrame(bodies[at + 1] ?? '')) return null;
    return at;
  }
  return null;
}

/**
 * A line that cannot continue an exception's message: a new record (NEW_RECORD), a stack frame
 * (python/cpython Lib/traceback.py '  File "…", line N'; openjdk Throwable.printStackTrace
 * "\tat …"; golang/go runtime/traceback.go "goroutine N [status]:"), or a line with a logger
 * header of its own (`body`, without the header, differs from the `raw` line), or an annotation
 * the runtime appends after the message (rust-lang/rust library/std/src/panicking.rs default_hook
 * "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace").
 */
const FRAME_LINE = /^\s*File "[^"]*", line \d+|^\s+at [\w$.<>/]+\(|^\s*\.\.\. \d+ (?:more|common frames omitted)|^goroutine \d+ \[|^(?:note|help|hint): /;
/**
 * V8's stack frame, as Node prints an error's stack: "    at {function} ({file}:{line}:{column})",
 * "    at {file}:{line}:{column}", "    at async {function} (…)", "    at new {Class} (…)",
 * "    at {function} (<anonymous>)" or "(native)" for a built-in (v8/v8 src/objects/call-site-info.cc
 * SerializeJSStackFrame / AppendFileLocation; nodejs/node doc/api/errors.md "error.stack"). Java's
 * frame has no space before its parenthesis and is read by FRAME_LINE already.
 */
const V8_FRAME = /^\s+at (?:(?:async |new )?[^\s()]+(?: \[as [^\]\s]+\])? \()?(?:[^\s()]+:\d+:\d+|<anonymous>|native)\)?,?(?: \{)?\s*$/;
/**
 * A stack trace's header or frame: what a pointer announces is the statement after them, not the
 * trace. TensorFlow's op errors (tensorflow/tensorflow tensorflow/python/framework/error_interpolation.py
 * interpolate: "Graph execution error:" then "Detected at node X defined at (most recent call last):",
 * the node's Python frames, and then the op's own message, e.g. "corrupted record at 1048576").
 */
const TRACE_HEADER = /\(most recent call last\):\s*$/;
export function isStackLine(body: string): boolean {
  return TRACE_HEADER.test(body) || FRAME_LINE.test(body) || V8_FRAME.test(body);
}

/** A stack frame in any runtime's notation this module reads (Python, Java, Go, V8). */
export function isFrame(body: string): boolean {
  return FRAME_LINE.test(body) || V8_FRAME.test(body);
}

export function endsRecord(body: string, raw: string): boolean {
  return NEW_RECORD.test(body) || isFrame(body) || body !== raw;
}
