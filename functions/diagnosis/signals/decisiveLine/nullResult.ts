/**
 * A caller's exception that names no fault of its own — the use of a null a library returned, or a
 * generic raise for a fault a library logged — yields to the error the library logged before it.
 *
 * A library that fails may log its error and hand back nothing: the caller's next use of the nothing
 * raises an exception that only names the null (CPython's "'NoneType' object has no attribute 'x'",
 * "a bytes-like object is required, not 'NoneType'", pybind11's "factory function returned nullptr",
 * Java's NullPointerException, V8's "Cannot read properties of null"). That exception is a
 * consequence: the statement is the error the library logged just before the caller's traceback.
 * - TensorRT's builder and runtime return null on failure after logging through the application's
 *   ILogger (NVIDIA/TensorRT samples/common/logging.h severityPrefix "[E] ", the Python bindings'
 *   "[TRT] [E] "): `buildSerializedNetwork` → None, `deserializeCudaEngine` → None, the `Builder`
 *   factory → pybind11's "pybind11::init(): factory function returned nullptr" (pybind11/pybind11
 *   include/pybind11/detail/init.h no_nullptr; as printed under "[TensorRT] ERROR: CUDA initialization
 *   failure with error 222" in NVIDIA/TensorRT issue #1052);
 * - OpenCV's `cv::imread` logs "[ WARN:0@…] global loadsave.cpp … can't open/read file" and returns an
 *   empty image that Python sees as None (opencv/opencv modules/imgcodecs/src/loadsave.cpp): a warning,
 *   which this principle does not read (the program survived it; only an error-level line is a cause).
 * So a null's use ranks just below the best statement logged between the previous exception and its
 * own traceback's header (ties: the first of the burst), which takes its rank; with none, it stands. A
 * type error that only names NoneType as a type (`unsupported operand type(s) for |: 'type' and
 * 'NoneType'`, an annotation on an old interpreter) is no null's use.
 */
import { isStackLine, isTracebackStart } from './linePointers.js';
import { isQuieterLevel } from './lineRules.js';
import { STATEMENT_RANK, type Ranked } from './rankedLine.js';
import type { RankPass } from './chainContext.js';
import { tracebackOpening } from './tracebackOpening.js';
import { isGenericSummary } from './genericSummary.js';
import { EXCEPTION_MESSAGE } from './fromException.js';

/** An exception whose message is about a null value the code received. */
const NULL_USE =
  /'NoneType' object (?:has no attribute|is not (?:subscriptable|callable|iterable)|does not support)\b|, not '?NoneType'?\s*$|\breturned nullptr\b|\bNullPointerException\b|\bCannot read propert(?:y|ies) of (?:null|undefined)\b/;
/** How far back the library's error is read: it is logged right before the caller's traceback. */
const MAX_BACK = 30;

/** The null's use: an exception line whose message names a null value. */
export function isNullUse(body: string, entry: Ranked | null | undefined): boolean {
  return entry?.rule === 'exception' && NULL_USE.test(body);
}

/** The best statement before `at`, after the previous exception and outside any traceback (ties: the earliest). */
function loggedError(bodies: readonly string[], masked: readonly string[], ranked: readonly (Ranked | null)[], at: number): number | null {
  let best: number | null = null;
  // The caller's traceback is its own code: the library's error is before its header.
  const opening = tracebackOpening(bodies, ranked, at);
  for (let index = opening - 1; index >= 0 && index >= opening - MAX_BACK; index -= 1) {
    const entry = ranked[index];
    const body = bodies[index] ?? '';
    // Another exception is another chain: what the library logged is after it.
    if (entry?.rule === 'exception') break;
    if (!entry || entry.rank < STATEMENT_RANK || isStackLine(body) || isTracebackStart(body) || isQuieterLevel(masked[index] ?? '')) continue;
    if (best === null || entry.rank >= ranked[best]!.rank) best = index;
  }
  return best;
}

/**
 * The same holds for a caller's exception whose message is a summary without a reason: a client
 * library logs the fault it met, then raises a generic error for it (librdkafka logs
 * "%3|…|FAIL|rdkafka#consumer-1| [thrd:…]: …: Connect to ipv4#… failed: Connection refused" through
 * rd_kafka_log_print, "%%%i|%u.%03u|%s|%s| %s", syslog level 3 = error, confluentinc/librdkafka
 * src/rdkafka.c and src/rdkafka_broker.c; confluent-kafka-python then raises
 * `KafkaException: KafkaError{…,str="Failed to get metadata: Local: Broker transport failure"}`).
 */
function isGenericRaise(body: string, entry: Ranked | null | undefined): boolean {
  if (entry?.rule !== 'exception') return false;
  const message = EXCEPTION_MESSAGE.exec(body)?.[1] ?? '';
  // A repr with fields (KafkaError{code=…,val=…,str="…"}) says its message in the field that carries it (see messageField.ts).
  const quoted = /\b(?:str|message|msg|details|reason)="([^"\n]{1,400})"/.exec(message)?.[1];
  return isGenericSummary(quoted ?? message);
}

export const withLoggedErrorOverNullUse: RankPass = ({ bodies, masked }, ranked) => {
  for (const [at, body] of bodies.entries()) {
    const entry = ranked[at];
    if (!entry || !(isNullUse(body, entry) || isGenericRaise(body, entry))) continue;
    const cause = loggedError(bodies, masked, ranked, at);
    if (cause === null) continue;
    const own = ranked[cause]!;
    ranked[cause] = { rank: Math.max(own.rank, entry.rank), rule: own.rule };
    ranked[at] = { rank: Math.min(entry.rank, ranked[cause]!.rank) - 1, rule: entry.rule };
  }
};
