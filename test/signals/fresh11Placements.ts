/**
 * The placement generator of the eleventh fresh corpus (fixtures/signals-fresh11). It places decisive
 * lines of this corpus's own collected families inside surroundings no older generator placed, each
 * a verbatim upstream text: (a) a launcher that logs the failure through its logger with the
 * traceback attached — Python logging's `logger.exception(…)` record (its own generic message on the
 * record line, the restated statement in the traceback's last line under it) and loguru's
 * `logger.exception(…)` with its annotated frames (`> File`, `└ <value>`); (b) a supervisor or init
 * process that prints the child's output and then its own summary with the child's exit status —
 * supervisord's start lines before and its `exited: … (exit status 1; not expected)` / `gave up:`
 * lines after, dumb-init's `--verbose` lines, tini's `-vv` lines; (c) notebook-style tracebacks
 * restating the cause — papermill's PapermillExecutionError (`Exception encountered at "In [3]":`,
 * IPython's `Cell In[3], line 1` and `---->` arrows) and IPython's own traceback of a script run with
 * `ipython --colors=NoColor`. Restating surroundings repeat the base entry's decisive text the way a
 * launcher restates its child's last error line (`raise RuntimeError(child.last_error)`); the
 * expectation and the decisive text stay the base entry's. Its output is `placed-logs-11.json`,
 * written by generateFresh11Placements.ts and checked by fresh11Corpus.test.ts. Deterministic: every
 * surrounding text is fixed (its timestamps are written out, nothing reads a clock); the seed feeds
 * the shared renderer's draws, which only annotate-output's clock reads.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderSeededPlacements, type Draw, type Noise, type PrefixStyle } from './placeLogTail.js';

const FRESH11_DIR = fileURLToPath(new URL('../../fixtures/signals-fresh11/', import.meta.url));
const PLACED_SOURCE = 'placed-logs-11';
export const PLACED_FILE = join(FRESH11_DIR, `${PLACED_SOURCE}.json`);

/** The seed of the shared renderer's draws; annotate-output's first second comes from it. */
export const SEED = 11;

/** annotate-output's clock ("+%H:%M:%S"): the first line's second is drawn, each later line 0.05 s after the one before it. */
const annotateTime = (draw: Draw, at: number) => `10:41:${String(22 + Math.floor((draw.micros + at * 50000) / 1000000)).padStart(2, '0')}`;

export const PREFIX_STYLES = {
  annotateOutput: {
    label: 'devscripts\' annotate-output around the entry command (`annotate-output python /app/launch.py`), "10:41:22 E: " before each stderr line',
    citation:
      'Debian devscripts scripts/annotate-output.sh (each line prefixed with `date` in the default "+%H:%M:%S" format, then " O: " for stdout or " E: " for stderr; every line placed here is stderr)',
    place: (line, at, draw) => `${annotateTime(draw, at)} E: ${line}`,
  },
  nemoRelay: {
    label: 'a NeMo launcher relaying its child\'s lines through NeMo\'s logger at ERROR level, "[NeMo E 2026-12-07 10:41:22 launcher:88] " before each line',
    citation:
      'NVIDIA/NeMo nemo/utils/formatters/base.py BaseNeMoFormatter ("[NeMo %(levelname)1.1s %(asctime)s %(module)s:%(lineno)d] " with the date format "%Y-%m-%d %H:%M:%S"), as in the exp_manager lines of this corpus\'s megatron-nemo-11 family',
    place: (line) => `[NeMo E 2026-12-07 10:41:22 launcher:88] ${line}`,
  },
  bare: {
    label: 'no prefix (the structure alone)',
    citation: "the container's own output as the carrier relays it, so that the surrounding lines alone are measured",
    place: (line) => line,
  },
} satisfies Record<string, PrefixStyle>;

/** The launcher's frames down to the line that restates its child's last error (Python's own traceback layout). */
const launcherFrames = [
  'Traceback (most recent call last):',
  '  File "/app/launch.py", line 58, in main',
  '    run_stage("prepare")',
  '  File "/app/launch.py", line 24, in run_stage',
  '    raise RuntimeError(child.last_error)',
];

/** Surroundings real logs put next to a cause, none of which explains it (the texts are upstream's). */
export const NOISE = {
  loggingException: {
    lines: (decisive) => ['2026-12-07 10:41:22,120 ERROR launch: stage prepare failed', ...launcherFrames, `RuntimeError: ${decisive}`],
    citation:
      "python/cpython Lib/logging/__init__.py Logger.exception (an ERROR record with exc_info) and Formatter.format (the record line \"%(asctime)s %(levelname)s %(name)s: %(message)s\", then formatException's traceback on the following lines, Lib/traceback.py): the launcher's generic message on the record line, the child's last error restated in the traceback's last line under it",
  },
  loguruException: {
    lines: (decisive) => [
      '2026-12-07 10:41:22.120 | ERROR    | __main__:main:60 - stage prepare failed',
      'Traceback (most recent call last):',
      '',
      '  File "/app/launch.py", line 66, in <module>',
      '    main()',
      '    └ <function main at 0x7f3a2c1b9ee0>',
      '',
      '> File "/app/launch.py", line 58, in main',
      '    run_stage("prepare")',
      '    └ <function run_stage at 0x7f3a2c1ba020>',
      '',
      '  File "/app/launch.py", line 24, in run_stage',
      '    raise RuntimeError(child.last_error)',
      '                       └ <Child pid=412 rc=1>',
      '',
      `RuntimeError: ${decisive}`,
    ],
    citation:
      'Delgan/loguru loguru/_defaults.py (LOGURU_FORMAT "{time:YYYY-MM-DD HH:mm:ss.SSS} | {level: <8} | {name}:{function}:{line} - {message}") and loguru/_better_exceptions.py ExceptionFormatter (backtrace and diagnose on: a blank line between frames, the frame that caught the exception marked "> File", each variable\'s value under it after "└ ") for `logger.exception("stage prepare failed")`: the generic record line, annotated frames, the restated cause last',
  },
  supervisordStart: {
    lines: [
      '2026-12-07 10:40:58,102 INFO supervisord started with pid 1',
      "2026-12-07 10:40:59,106 INFO spawned: 'trainer' with pid 7",
      '2026-12-07 10:41:00,108 INFO success: trainer entered RUNNING state, process has stayed up for > than 1 seconds (startsecs)',
    ],
    citation:
      'Supervisor/supervisor supervisor/supervisord.py ("supervisord started with pid %s") and supervisor/process.py Subprocess.spawn ("spawned: %r with pid %s") and transition ("success: %s entered RUNNING state, process has stayed up for > than %s seconds (startsecs)"), in supervisor/loggers.py\'s "%(asctime)s %(levelname)s %(message)s" (the program\'s stdout_logfile=/dev/stdout, so its output is interleaved with supervisord\'s): the supervisor\'s own lines before the child\'s',
  },
  supervisordExit: {
    lines: [
      '2026-12-07 10:41:22,311 WARN exited: trainer (exit status 1; not expected)',
      '2026-12-07 10:41:22,312 INFO gave up: trainer entered FATAL state, too many start retries too quickly',
      '2026-12-07 10:41:22,415 WARN received SIGTERM indicating exit request',
    ],
    citation:
      'Supervisor/supervisor supervisor/process.py Subprocess.finish ("exited: %s (%s)" with "exit status %s; not expected", logged at WARN when the exit is not expected) and transition ("gave up: %s entered FATAL state, too many start retries too quickly"), supervisor/supervisord.py ("received %s indicating exit request"): the supervisor\'s summary of the child\'s exit after its output, naming an exit status and no cause',
  },
  dumbInitExit: {
    lines: [
      '[dumb-init] Received signal 17.',
      '[dumb-init] A child with PID 7 exited with exit status 1.',
      '[dumb-init] Forwarded signal 15 to children.',
      '[dumb-init] Child exited with status 1. Goodbye.',
    ],
    citation:
      'Yelp/dumb-init dumb-init.c handle_signal with --verbose (DEBUG writes "[dumb-init] " then "Received signal %d.\\n", "A child with PID %d exited with exit status %d.\\n", "Forwarded signal %d to children.\\n", "Child exited with status %d. Goodbye.\\n" to stderr): the init process\'s summary after the child\'s output, SIGCHLD and the SIGTERM it forwards being consequences',
  },
  tiniExit: {
    lines: ["[INFO  tini (1)] Main child exited normally (with status '1')"],
    citation:
      'krallin/tini src/tini.c reap_zombies (PRINT_INFO("Main child exited normally (with status \'%i\')", …) with -vv, the "[INFO  tini (%i)] " prefix of PRINT_INFO): the init process\'s one-line summary of the child\'s exit status after its output',
  },
  papermillCell: {
    lines: (decisive) => [
      'Traceback (most recent call last):',
      '  File "/usr/local/bin/papermill", line 8, in <module>',
      '    sys.exit(papermill())',
      '  File "/usr/local/lib/python3.11/site-packages/papermill/execute.py", line 131, in execute_notebook',
      '    raise_for_execution_errors(nb, output_path)',
      '  File "/usr/local/lib/python3.11/site-packages/papermill/execute.py", line 251, in raise_for_execution_errors',
      '    raise error',
      'papermill.exceptions.PapermillExecutionError: ',
      '---------------------------------------------------------------------------',
      'Exception encountered at "In [3]":',
      '---------------------------------------------------------------------------',
      'RuntimeError                              Traceback (most recent call last)',
      'Cell In[3], line 1',
      '----> 1 run_stage("prepare")',
      '',
      'File /app/stages.py:24, in run_stage(stage)',
      '     22 child = launch(stage)',
      '     23 if child.wait() != 0:',
      '---> 24     raise RuntimeError(child.last_error)',
      '',
      `RuntimeError: ${decisive}`,
      '',
    ],
    citation:
      'nteract/papermill papermill/exceptions.py PapermillExecutionError.__str__ ("\\n" + 75 dashes + "\\n" + \'Exception encountered at "In [{exec_count}]":\\n\' + strip_color of the cell\'s traceback) raised by papermill/execute.py raise_for_execution_errors; the cell traceback is ipython/ipython IPython/core/ultratb.py VerboseTB (the dashed rule, the exception name padded before "Traceback (most recent call last)", "Cell In[3], line 1", "File /app/stages.py:24, in run_stage(stage)", numbered context lines with "---->" arrows): a notebook run restating the cause in its last line, generic headings before it',
  },
  ipythonScript: {
    lines: (decisive) => [
      '---------------------------------------------------------------------------',
      'RuntimeError                              Traceback (most recent call last)',
      'File /app/launch.py:66',
      '     63     run_stage("prepare")',
      '     65 if __name__ == "__main__":',
      '---> 66     main()',
      '',
      'File /app/launch.py:24, in run_stage(stage)',
      '     22 child = launch(stage)',
      '     23 if child.wait() != 0:',
      '---> 24     raise RuntimeError(child.last_error)',
      '',
      `RuntimeError: ${decisive}`,
    ],
    citation:
      'ipython/ipython IPython/core/ultratb.py VerboseTB with the NoColor scheme, for a launcher run as `ipython --colors=NoColor /app/launch.py` (IPython\'s traceback instead of CPython\'s: a dashed rule, the exception name padded before "Traceback (most recent call last)", "File <path>:<line>, in <function>(<args>)", numbered context lines with "--->" arrows): the cause restated in the last line after generic headings',
  },
} satisfies Record<string, Noise>;

type StyleName = keyof typeof PREFIX_STYLES;
type NoiseName = keyof typeof NOISE;

/**
 * The entries placed: family, index in it, prefix style, noise before the tail, noise after it.
 * Where the cause sits: restated under a generic log record or notebook heading after the child's
 * own output, or followed by a supervisor's exit summary that names only a status; some with the
 * supervisor's start lines before. Only one-line decisive texts.
 */
export const PLACEMENTS: readonly (readonly [string, number, StyleName, readonly NoiseName[], readonly NoiseName[]])[] = [
  ['torch-compile-11', 1, 'bare', [], ['loggingException']],
  ['torch-compile-11', 5, 'annotateOutput', ['supervisordStart'], ['supervisordExit']],
  ['torch-compile-11', 6, 'nemoRelay', [], ['papermillCell']],
  ['tensorrt-11', 0, 'annotateOutput', [], ['dumbInitExit']],
  ['tensorrt-11', 3, 'bare', ['supervisordStart'], ['supervisordExit']],
  ['tensorrt-11', 4, 'nemoRelay', [], ['loguruException']],
  ['hf-loaders-11', 0, 'bare', [], ['tiniExit']],
  ['hf-loaders-11', 2, 'annotateOutput', [], ['ipythonScript']],
  ['hf-loaders-11', 7, 'nemoRelay', [], ['loggingException']],
  ['megatron-nemo-11', 0, 'bare', [], ['papermillCell']],
  ['megatron-nemo-11', 1, 'annotateOutput', [], ['tiniExit']],
  ['megatron-nemo-11', 5, 'bare', [], ['loguruException']],
  ['sweeps-11', 0, 'nemoRelay', [], ['dumbInitExit']],
  ['sweeps-11', 3, 'bare', [], ['ipythonScript']],
  ['sweeps-11', 5, 'annotateOutput', [], ['loguruException']],
  ['parallel-data-11', 3, 'nemoRelay', ['supervisordStart'], ['supervisordExit']],
  ['parallel-data-11', 4, 'bare', [], ['dumbInitExit']],
  ['parallel-data-11', 5, 'annotateOutput', [], ['papermillCell']],
  ['hf-loaders-11', 4, 'bare', [], ['tiniExit']],
  ['sweeps-11', 4, 'nemoRelay', [], ['ipythonScript']],
];

/** The text of `placed-logs-11.json`, as generateFresh11Placements.ts writes it. */
export function renderPlacedEntries(): string {
  return renderSeededPlacements({
    dir: FRESH11_DIR,
    source: PLACED_SOURCE,
    description:
      "Generated (test/signals/fresh11Placements.ts, seeded): single-line decisive texts of this corpus's collected families inside surroundings no older generator placed — a launcher's logger.exception record (Python logging, loguru's annotated frames) restating the cause in the traceback's last line under its own generic message, a supervisor or init process's exit summary after the child's output (supervisord's exited/gave-up lines with its start lines before, dumb-init's and tini's verbose lines), and notebook-style tracebacks restating the cause (papermill's PapermillExecutionError with IPython's Cell In[3] and ----> arrows, IPython's traceback of a script) — behind devscripts' annotate-output, a NeMo logger relay or none. The expectation is the base entry's.",
    generator: 'test/signals/fresh11Placements.ts',
    seed: SEED,
    styles: PREFIX_STYLES,
    noise: NOISE,
    placements: PLACEMENTS,
  });
}
