/**
 * The placement generator of the twelfth fresh corpus (fixtures/signals-fresh12). It places decisive
 * lines of this corpus's own collected families (database, queue and cloud-credential clients,
 * Jupyter, sshd and web proxies at start) inside surroundings no older generator placed, each a
 * verbatim upstream text: (a) a warning storm — `UserWarning`, `FutureWarning` and Pydantic's
 * deprecation warnings as `warnings.showwarning` prints them (the `file:line: Category: message`
 * line, then the source line), once per worker process, before the cause and after it; (b) the
 * cause stated twice, first by a logger at ERROR under its own wording, then in the final output;
 * (c) the termination message as the kubelet cuts it under `terminationMessagePolicy:
 * FallbackToLogsOnError` — the last 80 lines, then the last 2048 bytes of them — after a storm
 * long enough that the cut falls inside the cause's own block (a traceback loses its head); (d) a
 * web server's access-log lines (uvicorn's, gunicorn's) around the start-up failure; (e) a shell's
 * `set -x` trace (`+ cmd args`, `++` for a command substitution) before and after the failing
 * command. Lines are placed behind daemontools' TAI64N label, Debian's annotate-output stamp or no
 * prefix. The expectation and the decisive text stay the base entry's. Its output is
 * `placed-logs-12.json`, written by generateFresh12Placements.ts and checked by
 * fresh12Corpus.test.ts. Deterministic: every surrounding text is fixed (nothing reads a clock);
 * the seed feeds the shared renderer's draws (the TAI64N nanoseconds).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { placedFamilyFile, renderSeededPlacements, type Noise, type PrefixStyle } from './placeLogTail.js';

const FRESH12_DIR = fileURLToPath(new URL('../../fixtures/signals-fresh12/', import.meta.url));
const PLACED_SOURCE = 'placed-logs-12';
export const PLACED_FILE = join(FRESH12_DIR, `${PLACED_SOURCE}.json`);

/** The seed of the shared renderer's draws; only the TAI64N style prints one (its first line's nanoseconds). */
export const SEED = 12;

/**
 * The TAI64N label of 2026-12-03 10:41:22 UTC: 2^62 + 10 (TAI was 10 s ahead of UTC at 1970, the
 * offset daemontools' tai64n adds to the Unix time) + 1764758482, as 16 hex digits.
 */
const TAI64_SECONDS = (2n ** 62n + 10n + 1764758482n).toString(16).padStart(16, '0');

export const PREFIX_STYLES = {
  tai64n: {
    label:
      'daemontools\' tai64n in the start script\'s pipeline (`… 2>&1 | tai64n`), "@" and a TAI64N label (16 hex digits of seconds, 8 of nanoseconds) and a space before each line',
    citation:
      'daemontools tai64n.c (cr.yp.to/daemontools, and skarnet s6 s6-tai64n, which writes the same label): "@" + the TAI64N label in hex + " " before every line read',
    place: (line, at, draw) => `@${TAI64_SECONDS}${(draw.micros * 1000 + at * 173_000).toString(16).padStart(8, '0')} ${line}`,
  },
  annotateOutput: {
    label: 'Debian\'s annotate-output around the start command, "10:41:22 E: " (the time, then E for a stderr line) before each line',
    citation:
      'devscripts scripts/annotate-output.sh (salsa.debian.org/debian/devscripts; default format "+%H:%M:%S", each stderr line written as "<time> E: <line>", stdout as "O:")',
    place: (line) => `10:41:22 E: ${line}`,
  },
  bare: {
    label: 'no prefix (the structure alone)',
    citation: "the container's own output as the carrier relays it, so that the surrounding lines alone are measured",
    place: (line) => line,
  },
} satisfies Record<string, PrefixStyle>;

const SITE = '/opt/venv/lib/python3.11/site-packages';

/** Python's warning lines for `workers` worker processes: each process warns once per call site. */
const perWorker = (warnings: readonly (readonly [string, string])[], workers: number) =>
  Array.from({ length: workers }, () => warnings.flatMap(([line, source]) => [line, source])).flat();

const PROTOBUF_GENCODE = [
  `${SITE}/google/protobuf/runtime_version.py:112: UserWarning: Protobuf gencode version 5.27.2 is older than the runtime version 5.28.3 at grpc_health/v1/health.proto. Please avoid checked-in Protobuf gencode that can be obsolete.`,
  '  warnings.warn(',
] as const;
const TRANSFORMERS_CACHE = [
  `${SITE}/transformers/utils/hub.py:128: FutureWarning: Using \`TRANSFORMERS_CACHE\` is deprecated and will be removed in v5 of Transformers. Use \`HF_HOME\` instead.`,
  '  warnings.warn(',
] as const;
const PYDANTIC_CONFIG = [
  `${SITE}/pydantic/_internal/_config.py:291: PydanticDeprecatedSince20: Support for class-based \`config\` is deprecated, use ConfigDict instead. Deprecated in Pydantic V2.0 to be removed in V3.0. See Pydantic V2 Migration Guide at https://errors.pydantic.dev/2.9/migration/`,
  '  warnings.warn(DEPRECATION_MESSAGE, DeprecationWarning)',
] as const;
const TYPED_STORAGE = [
  `${SITE}/torch/_utils.py:831: UserWarning: TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only storage class. This should only matter to you if you are using storages directly.  To access UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()`,
  '  return self.fget.__get__(instance, owner)()',
] as const;

const SHOWWARNING =
  'python/cpython Lib/warnings.py _formatwarnmsg_impl ("%s:%s: %s: %s\\n" % (filename, lineno, category, message), then "  %s\\n" % the stripped source line) through showwarning to stderr, once per call site per process';

/** The kubelet's limits for a termination message read from the log (pkg/kubelet/container/runtime.go). */
export const TERMINATION_LOG_LINES = 80;
export const TERMINATION_LOG_BYTES = 2048;

/** Surroundings real logs put next to a cause, none of which explains it (the texts are upstream's). */
export const NOISE = {
  warningsBefore: {
    lines: perWorker([PROTOBUF_GENCODE, TRANSFORMERS_CACHE, PYDANTIC_CONFIG], 3),
    citation: `a warning storm before the cause, three worker processes each importing the same modules: ${SHOWWARNING}; the texts from protocolbuffers/protobuf python/google/protobuf/runtime_version.py ValidateProtobufRuntimeVersion ("Protobuf gencode version %s is older than the runtime version %s at %s. Please avoid checked-in Protobuf gencode that can be obsolete."), huggingface/transformers src/transformers/utils/hub.py (the TRANSFORMERS_CACHE FutureWarning) and pydantic/pydantic pydantic/_internal/_config.py (DEPRECATION_MESSAGE raised as PydanticDeprecatedSince20, whose str adds the "Deprecated in Pydantic V2.0 …" tail)`,
  },
  warningsAfter: {
    lines: perWorker([TYPED_STORAGE, TRANSFORMERS_CACHE], 2),
    citation: `a warning storm after the cause, from the two other worker processes still importing while the first one failed: ${SHOWWARNING}; the texts from pytorch/pytorch torch/_utils.py _warn_typed_storage_removal ("TypedStorage is deprecated. …", attributed to the property's caller line) and huggingface/transformers src/transformers/utils/hub.py`,
  },
  loggedBefore: {
    lines: (decisive) => [`ERROR:app.startup:dependency check failed, the service will exit: ${decisive}`],
    citation:
      'python/cpython Lib/logging/__init__.py BASIC_FORMAT "%(levelname)s:%(name)s:%(message)s" for the start script\'s `logger.error("dependency check failed, the service will exit: %s", exc)` before it re-raises: the cause stated once by a logger at ERROR under its own wording, then again in the final output',
  },
  uvicornAccess: {
    lines: [
      'INFO:     10.244.3.1:48122 - "GET /healthz HTTP/1.1" 200 OK',
      'INFO:     10.244.3.1:48130 - "GET /v2/health/ready HTTP/1.1" 503 Service Unavailable',
      'INFO:     10.244.3.1:48138 - "GET /healthz HTTP/1.1" 200 OK',
      'INFO:     10.244.3.1:48146 - "GET /v2/health/ready HTTP/1.1" 503 Service Unavailable',
    ],
    citation:
      'encode/uvicorn uvicorn/logging.py AccessFormatter (\'%(levelprefix)s %(client_addr)s - "%(request_line)s" %(status_code)s\', the level padded to "INFO:     ", the status with its phrase) for the kubelet\'s liveness and readiness probes from the node\'s bridge address, before the start-up failure',
  },
  gunicornAccess: {
    lines: [
      '10.244.3.1 - - [03/Dec/2026:10:41:23 +0000] "GET /healthz HTTP/1.1" 200 2 "-" "kube-probe/1.30"',
      '10.244.3.1 - - [03/Dec/2026:10:41:23 +0000] "GET /v2/health/ready HTTP/1.1" 503 31 "-" "kube-probe/1.30"',
      '10.244.3.1 - - [03/Dec/2026:10:41:33 +0000] "GET /healthz HTTP/1.1" 200 2 "-" "kube-probe/1.30"',
    ],
    citation:
      'benoitc/gunicorn gunicorn/config.py AccessLogFormat default \'%(h)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s"\' written by gunicorn/glogging.py Logger.access (with --access-logfile -), the kubelet\'s probe user agent "kube-probe/<major>.<minor>": probe requests other workers still answer after the failure',
  },
  setxBefore: {
    lines: [
      '+ set -uo pipefail',
      '++ date -u +%Y-%m-%dT%H:%M:%SZ',
      "+ echo 'start 2026-12-03T10:41:21Z'",
      'start 2026-12-03T10:41:21Z',
      '+ export HF_HOME=/models/.cache',
      '+ HF_HOME=/models/.cache',
      '+ cd /app',
      '+ status=0',
    ],
    citation:
      'GNU bash execute_cmd.c / print_cmd.c xtrace_print_word_list and xtrace_print_assignment under `set -x` (PS4 "+ ", its first character repeated once more inside a command substitution, words needing quotes single-quoted by sh_single_quote): the start script\'s trace before the failing command',
  },
  setxAfter: {
    lines: ['+ status=1', "+ '[' 1 -ne 0 ']'", "+ echo 'app exited with status 1'", 'app exited with status 1', '+ exit 1'],
    citation:
      "GNU bash's xtrace (execute_cmd.c, print_cmd.c) after `cmd || status=$?`: the trace and the script's own generic summary after the failing command",
  },
  kubeletCut: {
    // A marker, not lines: the placed text is cut as the kubelet cuts a log-fallback termination message.
    lines: [],
    citation: `the termination message cut as the kubelet cuts it under terminationMessagePolicy FallbackToLogsOnError (kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_container.go readLastStringFromContainerLogs: TailLines MaxContainerTerminationMessageLogLines = ${TERMINATION_LOG_LINES}, into a circbuf of MaxContainerTerminationMessageLogLength = ${TERMINATION_LOG_BYTES} bytes, both from pkg/kubelet/container/runtime.go), so that only the last ${TERMINATION_LOG_BYTES} bytes of the last ${TERMINATION_LOG_LINES} lines reach the phase message and the cut falls inside the cause's own block`,
  },
} satisfies Record<string, Noise>;

type StyleName = keyof typeof PREFIX_STYLES;
type NoiseName = keyof typeof NOISE;

/**
 * The entries placed: family, index in it, prefix style, noise before the tail, noise after it
 * (`kubeletCut` last, where used). Every collected family three times or more; only one-line
 * decisive texts.
 */
export const PLACEMENTS: readonly (readonly [string, number, StyleName, readonly NoiseName[], readonly NoiseName[]])[] = [
  ['db-clients-12', 3, 'tai64n', ['warningsBefore'], ['warningsAfter', 'kubeletCut']],
  ['db-clients-12', 7, 'annotateOutput', ['loggedBefore'], ['setxAfter']],
  ['db-clients-12', 6, 'bare', ['uvicornAccess'], ['gunicornAccess']],
  ['db-clients-12', 2, 'tai64n', ['uvicornAccess'], ['setxAfter']],
  ['message-queues-12', 1, 'bare', ['setxBefore'], ['setxAfter']],
  ['message-queues-12', 4, 'annotateOutput', ['uvicornAccess'], ['warningsAfter', 'kubeletCut']],
  ['message-queues-12', 5, 'tai64n', ['loggedBefore'], ['gunicornAccess']],
  ['message-queues-12', 0, 'annotateOutput', ['warningsBefore'], ['gunicornAccess']],
  ['cloud-auth-12', 5, 'bare', ['warningsBefore'], ['warningsAfter', 'kubeletCut']],
  ['cloud-auth-12', 1, 'tai64n', ['setxBefore'], ['setxAfter']],
  ['cloud-auth-12', 7, 'annotateOutput', ['loggedBefore'], ['warningsAfter']],
  ['cloud-auth-12', 0, 'bare', ['loggedBefore'], ['uvicornAccess']],
  ['jupyter-servers-12', 0, 'tai64n', ['setxBefore'], []],
  ['jupyter-servers-12', 4, 'annotateOutput', ['setxBefore'], ['setxAfter']],
  ['jupyter-servers-12', 3, 'bare', ['warningsBefore'], ['warningsAfter', 'kubeletCut']],
  ['ssh-servers-12', 2, 'bare', ['setxBefore'], ['setxAfter']],
  ['ssh-servers-12', 5, 'tai64n', ['loggedBefore'], ['setxAfter']],
  ['ssh-servers-12', 0, 'annotateOutput', [], ['setxAfter']],
  ['web-proxies-12', 0, 'bare', ['uvicornAccess'], ['gunicornAccess']],
  ['web-proxies-12', 3, 'tai64n', ['uvicornAccess'], ['warningsAfter', 'kubeletCut']],
  ['web-proxies-12', 5, 'annotateOutput', ['warningsBefore'], ['gunicornAccess']],
];

/** The carriers of a termination message, as placeLogTail.ts reads them. */
const CARRIER = /^(Pod \S+ failed: container \S+ terminated with exit code \d+ \([^)]*\): |Container failed with: )([\s\S]*)$/;

/**
 * The kubelet's log-fallback termination message of a container whose log is `tail`: every log
 * line ends with a newline, the last 80 lines are read, and a ring buffer keeps their last 2048
 * bytes (so the first line kept is usually cut inside).
 */
export function kubeletTerminationTail(tail: string): string {
  const lines = `${tail}\n`.split('\n').slice(0, -1).slice(-TERMINATION_LOG_LINES);
  const bytes = Buffer.from(lines.map((line) => `${line}\n`).join(''), 'utf8');
  return bytes.subarray(Math.max(0, bytes.length - TERMINATION_LOG_BYTES)).toString('utf8');
}

/** The placed entry cut as the kubelet cuts it; the cut must shorten the text and keep the decisive part whole. */
function cutByKubelet(entry: Record<string, unknown>, where: string): Record<string, unknown> {
  const match = CARRIER.exec(String(entry.verbatim));
  if (!match) throw new Error(`${where}: no log tail behind a known carrier`);
  const cut = kubeletTerminationTail(match[2]!);
  if (cut.length >= match[2]!.length) throw new Error(`${where}: the kubelet's limits do not cut this tail`);
  if (!cut.includes(String(entry.decisive))) throw new Error(`${where}: the kubelet's cut removes the decisive text`);
  return { ...entry, verbatim: match[1]! + cut };
}

const DESCRIPTION =
  "Generated (test/signals/fresh12Placements.ts, seeded): single-line decisive texts of this corpus's collected families inside surroundings no older generator placed — a warning storm (UserWarning, FutureWarning, Pydantic deprecation lines with their source lines, once per worker process) before and after the cause, the cause logged once at ERROR under other wording before the final output, the termination message cut as the kubelet cuts it (the last 80 lines, then their last 2048 bytes, inside the cause's own block), uvicorn's and gunicorn's access-log lines of the kubelet's probes around the failure, and a start script's set -x trace before and after the failing command — behind daemontools' TAI64N label, annotate-output's time and E: stamp, or none. The expectation is the base entry's.";

/** The text of `placed-logs-12.json`, as generateFresh12Placements.ts writes it. */
export function renderPlacedEntries(): string {
  const rendered = JSON.parse(
    renderSeededPlacements({
      dir: FRESH12_DIR,
      source: PLACED_SOURCE,
      description: DESCRIPTION,
      generator: 'test/signals/fresh12Placements.ts',
      seed: SEED,
      styles: PREFIX_STYLES,
      noise: NOISE,
      placements: PLACEMENTS,
    }),
  ) as { entries: Record<string, unknown>[] };
  const entries = rendered.entries.map((entry, at) => {
    const [source, index, , , after] = PLACEMENTS[at]!;
    return after.includes('kubeletCut') ? cutByKubelet(entry, `${source} #${index}`) : entry;
  });
  return placedFamilyFile(PLACED_SOURCE, DESCRIPTION, entries);
}
