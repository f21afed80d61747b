/**
 * The placement generator of the fourteenth fresh corpus (fixtures/signals-fresh14). It places decisive
 * lines of this corpus's own collected families (Airflow tasks, workflow runners, dbt and data checks,
 * JavaScript runtimes, .NET programs, Ruby and PHP) inside surroundings no older generator placed, each
 * a verbatim upstream text: (a) a structured JSON record that restates the cause inside a field —
 * Serilog's compact JSON (CLEF) whose `@x` holds the exception's ToString, ecs-logging-python's record
 * whose nested `error.message` holds its message (`error.type` the class, `error.stack_trace` the frames
 * only, as traceback.format_tb writes them); (b) an orchestrator around the child's
 * output — Airflow's SubprocessHook relaying every child line at INFO (`{subprocess.py:93} INFO - …`)
 * and Airflow's own trailer after it (`Command exited with return code 1`, the generic `Bash command
 * failed` exception, `Marking task as FAILED`, `Failed to execute job …`), Argo Workflows' emissary
 * lines and cobra's `Error: exit status 1` after the child, Prefect's `Finished in state Failed(…)`
 * restating record; (c) runit's `svlogd -tt` timestamp before every line; (d) a log written the Windows
 * way — a UTF-8 byte-order mark before the first line and CRLF line ends — by NLog's File target; and
 * ASP.NET Core's DataProtection warnings before a start-up failure. (kubectl logs --prefix and stern
 * are the eighth corpus's, zap and python-json-logger records the tenth's, a pino `err` record the
 * fourth's collected text.) The expectation and the decisive text stay the base entry's. Its output
 * is `placed-logs-14.json`, written by generateFresh14Placements.ts and checked by
 * fresh14Corpus.test.ts. Deterministic: every surrounding text is fixed (nothing reads a clock); the
 * seed feeds the shared renderer's draws (svlogd's fraction of a second).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { placedFamilyFile, readBaseEntry, renderSeededPlacements, type Noise, type PrefixStyle } from './placeLogTail.js';

const FRESH14_DIR = fileURLToPath(new URL('../../fixtures/signals-fresh14/', import.meta.url));
const PLACED_SOURCE = 'placed-logs-14';
export const PLACED_FILE = join(FRESH14_DIR, `${PLACED_SOURCE}.json`);

/** The seed of the shared renderer's draws; only the svlogd style prints one. */
export const SEED = 14;

const AIRFLOW_AT = '[2026-12-03, 10:41:22 UTC]';
const TASK = 'run_export';
const AIRFLOW_RELAY = `${AIRFLOW_AT} {subprocess.py:93} INFO - `;
const AIRFLOW_SITE = '/home/airflow/.local/lib/python3.11/site-packages';

/**
 * Airflow's own records after a BashOperator's child failed: the hook's exit line, the task runner's
 * exception with its traceback, and the trailer. They are written by Airflow, not relayed from the
 * child: behind the `airflowSubprocess` style they are restored as written (relayTrailer).
 */
const AIRFLOW_TRAILER = [
  `${AIRFLOW_AT} {subprocess.py:97} INFO - Command exited with return code 1`,
  `${AIRFLOW_AT} {taskinstance.py:3311} ERROR - Task failed with exception`,
  'Traceback (most recent call last):',
  `  File "${AIRFLOW_SITE}/airflow/models/taskinstance.py", line 465, in _execute_task_with_callbacks`,
  '    result = _execute_callable(context=context, **execute_callable_kwargs)',
  `  File "${AIRFLOW_SITE}/airflow/operators/bash.py", line 249, in execute`,
  '    raise AirflowException(',
  'airflow.exceptions.AirflowException: Bash command failed. The command returned a non-zero exit code 1.',
  `${AIRFLOW_AT} {taskinstance.py:1226} INFO - Marking task as FAILED. dag_id=llama_feature_export, task_id=${TASK}, run_id=scheduled__2026-12-02T00:00:00+00:00, execution_date=20261202T000000, start_date=20261203T104119, end_date=20261203T104122`,
  `${AIRFLOW_AT} {standard_task_runner.py:124} ERROR - Failed to execute job 4211 for task ${TASK} (Bash command failed. The command returned a non-zero exit code 1.; 57)`,
  `${AIRFLOW_AT} {local_task_job_runner.py:243} INFO - Task exited with return code 1`,
];

export const PREFIX_STYLES = {
  airflowSubprocess: {
    label:
      "Airflow's SubprocessHook relaying the child's output of a BashOperator, \"[2026-12-03, 10:41:22 UTC] {subprocess.py:93} INFO - \" before each child line (Airflow's own trailer after them as Airflow writes it)",
    citation:
      'apache/airflow airflow/hooks/subprocess.py SubprocessHook.run_command (for each line of the child\'s stdout: self.log.info("%s", line)) in the task log layout of airflow/config_templates/airflow_local_settings.py ("[%(asctime)s] {%(filename)s:%(lineno)d} %(levelname)s - %(message)s", 2.x task-log time "%Y-%m-%d, %H:%M:%S %Z")',
    place: (line) => `${AIRFLOW_RELAY}${line}`,
  },
  svlogd: {
    label: 'runit\'s svlogd -tt writing the service\'s output, a UTC stamp "2026-12-03_10:41:22.41873" and a space before each line',
    citation:
      'runit svlogd.c (smarden.org/runit, svlogd -tt: "prefix each selected line with a UTC timestamp of the form YYYY-MM-DD_HH:MM:SS.xxxxx"), then a space',
    place: (line, at, draw) => `2026-12-03_10:41:22.${String((Math.floor(draw.micros / 10) + at * 37) % 100000).padStart(5, '0')} ${line}`,
  },
  crlfBom: {
    label:
      "a .NET program's NLog File target writing to /dev/stdout with writeBom and CRLF line ends (a configuration carried over from a Windows deployment): a UTF-8 byte-order mark before the first line, a carriage return at the end of every line",
    citation:
      'NLog/NLog src/NLog/Targets/FileTarget.cs (WriteBom: the encoding\'s preamble, EF BB BF for UTF-8, written before the first line of a new file; LineEnding = LineEndingMode.CRLF: "\\r\\n" after every line)',
    place: (line, at) => `${at === 0 ? '\uFEFF' : ''}${line}\r`,
  },
  bare: {
    label: 'no prefix (the structure alone)',
    citation: "the container's own output as the carrier relays it, so that the surrounding lines alone are measured",
    place: (line) => line,
  },
} satisfies Record<string, PrefixStyle>;

/** `Type: message` of a Python or .NET exception line, the type's last dotted part and the message. */
function splitException(decisive: string): { type: string; message: string } {
  const match = /^(?:[A-Za-z_][\w]*\.)*([A-Za-z_]\w*(?:Error|Exception|Timeout)): (.*)$/.exec(decisive);
  return match ? { type: match[1]!, message: match[2]! } : { type: 'Exception', message: decisive };
}

/** Python's repr of a str: single quotes unless the text holds one and no double quote. */
function pythonRepr(text: string): string {
  if (text.includes("'") && text.includes('"')) throw new Error(`cannot repr a text with both quote kinds: ${text}`);
  return text.includes("'") ? `"${text}"` : `'${text}'`;
}

/**
 * The exception's ToString as the .NET runtime's unhandled-exception handler prints it after
 * "Unhandled exception. " in the base (the message with every line of it, the inner exceptions
 * behind " ---> ", the frames): what `Log.Fatal(ex, …)` puts in "@x" when the program logs the same
 * exception before rethrowing it. Fails on a base the runtime did not report, or one whose report
 * does not hold the decisive text.
 */
const UNHANDLED = 'Unhandled exception. ';
function unhandledExceptionText(baseVerbatim: string, decisive: string): string {
  const at = baseVerbatim.indexOf(UNHANDLED);
  if (at < 0) throw new Error(`serilogClef restates an unhandled .NET exception; the base holds none`);
  const text = baseVerbatim.slice(at + UNHANDLED.length).replace(/\s+$/, '');
  if (!text.includes(decisive)) throw new Error(`the unhandled exception's text does not hold ${JSON.stringify(decisive)}`);
  return text;
}

/** Surroundings real logs put next to a cause, none of which explains it better (the texts are upstream's). */
export const NOISE = {
  serilogClef: {
    lines: (decisive, baseVerbatim) => [
      JSON.stringify({
        '@t': '2026-12-03T10:41:21.9180000Z',
        '@mt': 'Export run {RunId} failed',
        '@l': 'Fatal',
        '@x': unhandledExceptionText(baseVerbatim, decisive),
        RunId: 'run-4211',
      }),
    ],
    citation:
      'serilog/serilog-formatting-compact src/Serilog.Formatting.Compact/Formatting/Compact/CompactJsonFormatter.cs (one JSON object a line: "@t" in round-trip format, "@mt" the message template, "@l" when not Information, "@x" the exception\'s ToString, then the properties) for the program\'s top-level `Log.Fatal(ex, "Export run {RunId} failed", runId)` before it rethrows: "@x" holds the same ToString the runtime then prints after "Unhandled exception. " (message lines, inner exceptions behind " ---> ", frames), so the cause is restated inside a JSON string, escaped as JSON escapes it',
  },
  ecsError: {
    lines: (decisive) => {
      const { type, message } = splitException(decisive);
      return [
        JSON.stringify({
          '@timestamp': '2026-12-03T10:41:21.918Z',
          'log.level': 'error',
          message: 'step failed, exiting',
          ecs: { version: '1.6.0' },
          error: {
            message,
            // format_tb: the frames only, without the "Traceback" heading and the exception line.
            stack_trace: '  File "/app/run_step.py", line 57, in main\n    run(step)\n',
            type,
          },
          log: { logger: 'nlp.pipeline', origin: { file: { line: 59, name: 'run_step.py' }, function: 'main' }, original: 'step failed, exiting' },
          process: { name: 'MainProcess', pid: 1, thread: { id: 140230193788736, name: 'MainThread' } },
        }),
      ];
    },
    citation:
      'elastic/ecs-logging-python ecs_logging/_stdlib.py StdlibFormatter (the "@timestamp", "log.level", "message" keys first, the rest nested and sorted: "ecs.version", "error.message" str(exc), "error.stack_trace" "".join(traceback.format_tb(tb)) — the frames only, no "Traceback" heading and no exception line, "error.type" the class name, "log.origin", "process"; separators without spaces) for the step wrapper\'s `logger.exception("step failed, exiting")` before the traceback reaches stderr: the cause restated in nested JSON fields (its message in "error.message", its class in "error.type")',
  },
  airflowTrailer: {
    lines: AIRFLOW_TRAILER,
    citation:
      'apache/airflow airflow/hooks/subprocess.py ("Command exited with return code %s"), airflow/operators/bash.py (raise AirflowException(f"Bash command failed. The command returned a non-zero exit code {result.exit_code}.")), airflow/models/taskinstance.py ("Task failed with exception", "Marking task as %s. …"), airflow/task/task_runner/standard_task_runner.py ("Failed to execute job %s for task %s (%s; %r)") and airflow/jobs/local_task_job_runner.py ("Task exited with return code %s"): a KubernetesExecutor worker pod\'s task log after its BashOperator\'s child failed — a generic exception and summary after the cause',
  },
  argoEmissary: {
    lines: [
      'time=2026-12-03T10:41:22.604Z level=INFO msg="sub-process exited" argo=true error="exit status 1"',
      'time=2026-12-03T10:41:22.604Z level=INFO msg="file signal handler exiting due to context cancellation" argo=true',
      'Error: exit status 1',
    ],
    citation:
      "argoproj/argo-workflows cmd/argoexec/commands/emissary.go (after the child exits: \"sub-process exited\" with argo=true and error=<the child's error> through the executor's slog text logger, the signal handler's exit line, then the error returned to cobra, printed as \"Error: exit status 1\"; the lines as users' Argo step logs show them): an Argo Workflows step's main container wrapping its child — a generic summary after the cause",
  },
  prefectFooter: {
    lines: (decisive) => [
      `10:41:22.690 | ERROR   | Flow run 'amber-pelican' - Finished in state Failed(${pythonRepr(`Flow run encountered an exception: ${decisive}`)})`,
    ],
    citation:
      'PrefectHQ/prefect src/prefect/flow_engine.py (the final state\'s log record "Finished in state %s" with Failed(message="Flow run encountered an exception: <type>: <message>"), in src/prefect/logging/formatters.py\'s console layout "%(asctime)s.%(msecs)03d | %(levelname)-7s | %(name)s - %(message)s"): a Prefect flow around the step, restating the cause inside its state\'s repr after it',
  },
  dataProtection: {
    lines: [
      'warn: Microsoft.AspNetCore.DataProtection.Repositories.FileSystemXmlRepository[60]',
      "      Storing keys in a directory '/root/.aspnet/DataProtection-Keys' that may not be persisted outside of the container. Protected data will be unavailable when container is destroyed. For more information go to https://aka.ms/aspnet/dataprotectionwarning",
      'warn: Microsoft.AspNetCore.DataProtection.KeyManagement.XmlKeyManager[35]',
      '      No XML encryptor configured. Key {8f2c1e7a-4b3d-4f0e-9a61-2d7c5b9e0f14} may be persisted to storage in unencrypted form.',
    ],
    citation:
      'dotnet/aspnetcore src/DataProtection/DataProtection/src/LoggingExtensions.cs (UsingEphemeralFileSystemLocationInContainer, event 60; NoXmlEncryptorConfiguredKeyMayBePersistedToStorageInUnencryptedForm, event 35) in dotnet/runtime Microsoft.Extensions.Logging.Console\'s simple layout ("warn: {category}[{eventId}]", the message on the next line indented six spaces): two alarming-sounding warnings every ASP.NET Core container prints before it starts',
  },
} satisfies Record<string, Noise>;

type StyleName = keyof typeof PREFIX_STYLES;
type NoiseName = keyof typeof NOISE;

/**
 * The entries placed: family, index in it, prefix style, noise before the tail, noise after it. Every
 * collected family three times or more; only one-line decisive texts. A wrapper whose lines say
 * `exit status 1` / `return code 1` (Airflow's, Argo's) only wraps a base that exited 1.
 */
export const PLACEMENTS: readonly (readonly [string, number, StyleName, readonly NoiseName[], readonly NoiseName[]])[] = [
  ['airflow-tasks-14', 1, 'svlogd', ['ecsError'], []],
  ['airflow-tasks-14', 2, 'bare', ['ecsError'], []],
  ['airflow-tasks-14', 3, 'svlogd', [], []],
  ['workflow-engines-14', 2, 'airflowSubprocess', [], ['airflowTrailer']],
  ['workflow-engines-14', 6, 'airflowSubprocess', ['ecsError'], ['airflowTrailer']],
  ['workflow-engines-14', 3, 'svlogd', [], ['argoEmissary']],
  ['dbt-quality-14', 0, 'airflowSubprocess', [], ['airflowTrailer']],
  ['dbt-quality-14', 4, 'bare', [], ['argoEmissary']],
  ['dbt-quality-14', 5, 'svlogd', ['ecsError'], ['prefectFooter']],
  ['dbt-quality-14', 2, 'bare', [], ['prefectFooter']],
  ['node-programs-14', 0, 'airflowSubprocess', [], ['airflowTrailer']],
  ['node-programs-14', 2, 'svlogd', [], ['argoEmissary']],
  ['node-programs-14', 3, 'bare', [], ['argoEmissary']],
  ['dotnet-programs-14', 0, 'crlfBom', ['serilogClef'], []],
  ['dotnet-programs-14', 4, 'crlfBom', ['serilogClef'], []],
  ['dotnet-programs-14', 6, 'crlfBom', ['dataProtection'], []],
  ['dotnet-programs-14', 2, 'svlogd', ['dataProtection'], []],
  ['ruby-php-14', 0, 'airflowSubprocess', [], ['airflowTrailer']],
  ['ruby-php-14', 3, 'bare', [], ['argoEmissary']],
  ['ruby-php-14', 7, 'svlogd', [], []],
];

/** Surroundings whose own lines state the child's exit status as 1. */
const EXIT_ONE: readonly NoiseName[] = ['airflowTrailer', 'argoEmissary'];

const DESCRIPTION =
  "Generated (test/signals/fresh14Placements.ts, seeded): single-line decisive texts of this corpus's collected families inside surroundings no older generator placed — Serilog's compact JSON record with the exception in @x and ecs-logging-python's record with it in nested error fields before the cause, Airflow's SubprocessHook relaying every child line at INFO with Airflow's generic exception and task trailer after it, Argo's emissary lines and `Error: exit status 1` after it, Prefect's `Finished in state Failed(…)` restating it, ASP.NET Core's DataProtection warnings before a start-up failure — behind runit's svlogd -tt stamp, Airflow's relay prefix, a UTF-8 byte-order mark with CRLF line ends, or none. The expectation is the base entry's.";

/**
 * The placed entry with Airflow's trailer as Airflow writes it: the relay prefix is the child's, so
 * the trailer (the last lines of the tail) loses it again. Airflow always ends a failed BashOperator
 * with its trailer, so the relay style is placed only with the trailer last.
 */
function relayTrailer(entry: Record<string, unknown>, where: string): Record<string, unknown> {
  const lines = String(entry.verbatim).split('\n');
  const at = lines.length - AIRFLOW_TRAILER.length;
  AIRFLOW_TRAILER.forEach((line, offset) => {
    if (!lines[at + offset]!.endsWith(`${AIRFLOW_RELAY}${line}`)) throw new Error(`${where}: the tail does not end with Airflow's trailer`);
    lines[at + offset] = line;
  });
  return { ...entry, verbatim: lines.join('\n') };
}

/** The text of `placed-logs-14.json`, as generateFresh14Placements.ts writes it. */
export function renderPlacedEntries(): string {
  for (const [source, index, , before, after] of PLACEMENTS) {
    if (![...before, ...after].some((noise) => EXIT_ONE.includes(noise))) continue;
    const carrier = String(readBaseEntry(FRESH14_DIR, source, index).verbatim);
    if (!/^Pod \S+ failed: container \S+ terminated with exit code 1 \(/.test(carrier))
      throw new Error(`${source} #${index}: a wrapper that reports exit status 1 around a base that did not exit 1`);
  }
  const rendered = JSON.parse(
    renderSeededPlacements({
      dir: FRESH14_DIR,
      source: PLACED_SOURCE,
      description: DESCRIPTION,
      generator: 'test/signals/fresh14Placements.ts',
      seed: SEED,
      styles: PREFIX_STYLES,
      noise: NOISE,
      placements: PLACEMENTS,
    }),
  ) as { entries: Record<string, unknown>[] };
  const entries = rendered.entries.map((entry, at) => {
    const [source, index, style, , after] = PLACEMENTS[at]!;
    if (style !== 'airflowSubprocess') return entry;
    if (after.at(-1) !== 'airflowTrailer') throw new Error(`${source} #${index}: Airflow's relay without its trailer last`);
    return relayTrailer(entry, `${source} #${index}`);
  });
  return placedFamilyFile(PLACED_SOURCE, DESCRIPTION, entries);
}
