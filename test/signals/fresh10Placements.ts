/**
 * The placement generator of the tenth fresh corpus (fixtures/signals-fresh10). It places decisive
 * lines of this corpus's own collected families inside surroundings no older generator placed, each
 * a verbatim upstream text: (a) structured JSON log records around the plain lines — a Go
 * supervisor's zap records before the child's output and its error record after it, restating the
 * cause in an `"error"` field with a `"stacktrace"`, and python-json-logger's record whose
 * `"exc_info"` holds the restated traceback; (b) a multi-line message whose statement is on its
 * second line, under a generic heading — Typer's Rich error panel (`╭─ Error ─…╮` then `│ … │`);
 * (c) ANSI colour escapes around every line (colorlog's bold red ERROR records, the escape before
 * the statement and the reset after it); (d) a retry loop — the same error restated by tenacity's
 * or backoff's retry lines with their waits before the final attempt, then the retry library's
 * generic give-up (`tenacity.RetryError: RetryError[<Future … raised RuntimeError>]`, backoff's
 * `Giving up … after 5 tries`); (e) stderr ahead of stdout: the cause (stderr, unbuffered) first,
 * then the stdout lines that ran before it, flushed from Python's block buffer at exit. The
 * expectation and the decisive text stay the base entry's. Its output is `placed-logs-10.json`,
 * written by generateFresh10Placements.ts and checked by fresh10Corpus.test.ts. Deterministic: every
 * surrounding text is fixed (its timestamps are written out, nothing reads a clock); the seed feeds
 * the shared renderer's draws only.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderSeededPlacements, type Noise, type PrefixStyle } from './placeLogTail.js';

const FRESH10_DIR = fileURLToPath(new URL('../../fixtures/signals-fresh10/', import.meta.url));
const PLACED_SOURCE = 'placed-logs-10';
export const PLACED_FILE = join(FRESH10_DIR, `${PLACED_SOURCE}.json`);

/** The seed of the shared renderer's draws (pids, ranks, fractions), which these styles and surroundings do not print. */
export const SEED = 10;

/** colorlog's escapes: `bold_red` is "\x1b[1;31m" (bold;red), the automatic reset "\x1b[0m". */
const BOLD_RED = '\u001b[1;31m';
const RESET = '\u001b[0m';

export const PREFIX_STYLES = {
  colorlog: {
    label:
      'a Python launcher relaying its child\'s lines through colorlog at ERROR level, "\\x1b[1;31mERROR:launcher:" before each line and the reset "\\x1b[0m" after it (a pod with tty: true keeps the escapes)',
    citation:
      'borntyping/python-colorlog colorlog/formatter.py ColoredFormatter (the README\'s format "%(log_color)s%(levelname)s:%(name)s:%(message)s", reset=True appending the reset escape) and colorlog/escape_codes.py ("bold_red" → ESC[1;31m, "reset" → ESC[0m) with log_colors {\'ERROR\': \'bold_red\'}',
    place: (line) => `${BOLD_RED}ERROR:launcher:${line}${RESET}`,
  },
  kubectlLogs: {
    label: 'a driver script following the worker\'s log with `kubectl logs --prefix -f`, "[pod/llama-sft-run-0-0/trainer] " before each line',
    citation:
      'kubernetes/kubernetes staging/src/k8s.io/kubectl/pkg/cmd/logs/logs.go (--prefix: "[%s/%s/%s] " with the object kind/name and the container name, written before every line of the followed stream)',
    place: (line) => `[pod/llama-sft-run-0-0/trainer] ${line}`,
  },
  bare: {
    label: 'no prefix (the structure alone)',
    citation: "the container's own output as the carrier relays it, so that the surrounding lines alone are measured",
    place: (line) => line,
  },
} satisfies Record<string, PrefixStyle>;

/** JSON-escaped text as zap and python-json-logger write it (both use a JSON encoder, so quotes and newlines are escaped). */
const json = (text: string) => JSON.stringify(text);

/** The lines of the Python traceback a launcher logs for a stage that raised its child's last error line. */
const stageTraceback = (decisive: string) =>
  'Traceback (most recent call last):\n  File "/app/launch.py", line 24, in run_stage\n    raise RuntimeError(last_error_line)\n' + `RuntimeError: ${decisive}`;

/** Surroundings real logs put next to a cause, none of which explains it (the texts are upstream's). */
export const NOISE = {
  zapStart: {
    lines: [
      '{"level":"info","ts":1764758481.904112,"caller":"launcher/main.go:61","msg":"starting stage","stage":"prepare","attempt":1}',
      '{"level":"info","ts":1764758481.904738,"caller":"launcher/exec.go:33","msg":"exec","argv":["/bin/bash","-x","/app/entry.sh"]}',
    ],
    citation:
      'uber-go/zap zapcore/json_encoder.go with zap.NewProductionEncoderConfig (keys "level", "ts" as float seconds, "caller", "msg", then the fields) for a Go launcher logging its stage start before the child\'s plain output: JSON records mixed with plain lines',
  },
  zapError: {
    lines: (decisive) => [
      `{"level":"error","ts":1764758482.120331,"caller":"launcher/main.go:74","msg":"stage failed","stage":"prepare","error":${json(`stage prepare: ${decisive}`)},"stacktrace":"main.runStage\\n\\t/src/cmd/launcher/main.go:74\\nmain.main\\n\\t/src/cmd/launcher/main.go:40\\nruntime.main\\n\\t/usr/local/go/src/runtime/proc.go:272"}`,
    ],
    citation:
      'uber-go/zap zapcore/json_encoder.go (production config: the error field as "error" from zap.Error, "stacktrace" added at error level by zap.AddStacktrace, newlines and tabs JSON-escaped) and the Go runtime\'s frame layout ("func\\n\\tfile:line"): the supervisor\'s error record restating the child\'s last error line inside a JSON string, after the plain lines',
  },
  jsonLoggerExcInfo: {
    lines: (decisive) => [
      `{"asctime": "2026-12-03 10:41:22,120", "levelname": "ERROR", "name": "launcher", "message": "stage prepare failed", "exc_info": ${json(stageTraceback(decisive))}}`,
    ],
    citation:
      'madzak/python-json-logger src/pythonjsonlogger/jsonlogger.py JsonFormatter (the format\'s fields as keys, "exc_info" holding logging.Formatter.formatException\'s text, json.dumps with ", " and ": " separators) for a launcher logging `logger.exception("stage prepare failed")`: the restated traceback inside one JSON record',
  },
  typerPanel: {
    lines: (decisive) => {
      // Rich renders at 80 columns when stderr is not a terminal; a longer statement would wrap, so only short ones are placed here.
      const inner = 78;
      if (decisive.length > inner - 2) throw new Error(`typerPanel: "${decisive}" would wrap inside an 80-column panel`);
      return [`╭─ Error ${'─'.repeat(inner - 8)}╮`, `│ ${decisive.padEnd(inner - 2)} │`, `╰${'─'.repeat(inner)}╯`];
    },
    citation:
      'fastapi/typer typer/rich_utils.py rich_format_error (a click exception\'s message in a Rich Panel titled ERRORS_PANEL_TITLE "Error", border "red", title_align "left") drawn with Textualize/rich rich/box.py ROUNDED ("╭─╮", "│ │", "╰─╯"), for a Typer CLI that exits with `raise click.ClickException(last_error_line)`: a generic heading line, the statement on the second line inside the frame',
  },
  tenacityRetries: {
    lines: (decisive) =>
      [5.0, 10.0, 20.0].map((wait) => `WARNING:__main__:Retrying __main__.run_stage in ${wait.toFixed(1)} seconds as it raised RuntimeError: ${decisive}.`),
    citation:
      'jd/tenacity tenacity/before_sleep.py before_sleep_log ("Retrying %s in %s seconds as it %s %s." with "raised %s: %s" for an exception) through logging\'s BASIC_FORMAT "%(levelname)s:%(name)s:%(message)s", with wait_exponential(multiplier=5): the same error restated by three earlier attempts with their waits, before the last attempt\'s output',
  },
  tenacityGiveUp: {
    lines: [
      'Traceback (most recent call last):',
      '  File "/app/launch.py", line 58, in <module>',
      '    run_stage()',
      '  File "/usr/local/lib/python3.11/site-packages/tenacity/__init__.py", line 336, in wrapped_f',
      '    return copy(f, *args, **kw)',
      '  File "/usr/local/lib/python3.11/site-packages/tenacity/__init__.py", line 475, in __call__',
      '    do = self.iter(retry_state=retry_state)',
      '  File "/usr/local/lib/python3.11/site-packages/tenacity/__init__.py", line 376, in iter',
      '    result = action(retry_state)',
      '  File "/usr/local/lib/python3.11/site-packages/tenacity/__init__.py", line 419, in exc_check',
      '    raise retry_exc from fut.exception()',
      'tenacity.RetryError: RetryError[<Future at 0x7f3a2c1b9ee0 state=finished raised RuntimeError>]',
    ],
    citation:
      'jd/tenacity tenacity/__init__.py BaseRetrying.iter / exc_check (`raise retry_exc from fut.exception()` once stop_after_attempt is reached) and RetryError.__str__ ("RetryError[{last_attempt}]" with the Future\'s repr): the retry library\'s generic give-up after the last attempt, naming the exception type only',
  },
  backoffRetries: {
    lines: (decisive) => [1.3, 2.9, 6.2, 11.8].map((wait) => `INFO:backoff:Backing off run_stage(...) for ${wait.toFixed(1)}s (RuntimeError: ${decisive})`),
    citation:
      'litl/backoff backoff/_common.py _log_backoff ("Backing off %s(...) for %.1fs (%s)" with traceback.format_exception_only\'s last line) through logging\'s BASIC_FORMAT, with on_exception(expo, max_tries=5) and full jitter: four earlier attempts restating the error, with their waits',
  },
  backoffGiveUp: {
    lines: (decisive) => [`ERROR:backoff:Giving up run_stage(...) after 5 tries (RuntimeError: ${decisive})`, 'stage prepare failed after 5 attempts'],
    citation:
      'litl/backoff backoff/_common.py _log_giveup ("Giving up %s(...) after %d tries (%s)", logged at ERROR) and the launcher\'s own summary line: the retry library\'s give-up restating the error once more, then a generic summary',
  },
  stdoutFlushedLate: {
    lines: [
      'DatasetDict({',
      '    train: Dataset({',
      "        features: ['input_ids', 'attention_mask', 'labels'],",
      '        num_rows: 50000',
      '    })',
      '    validation: Dataset({',
      "        features: ['input_ids', 'attention_mask', 'labels'],",
      '        num_rows: 2000',
      '    })',
      '})',
      'trainable params: 4,194,304 || all params: 6,742,609,920 || trainable%: 0.0622',
    ],
    citation:
      'python/cpython Python/pylifecycle.c create_stdio (stdout block-buffered when it is not a terminal, unless PYTHONUNBUFFERED; stderr line-buffered) so that lines printed to stdout before the failure reach the log only when the interpreter flushes at exit, after the stderr traceback; the printed texts are huggingface/datasets src/datasets/dataset_dict.py DatasetDict.__repr__ / arrow_dataset.py Dataset.__repr__ and huggingface/peft src/peft/peft_model.py print_trainable_parameters ("trainable params: {:,d} || all params: {:,d} || trainable%: {:.4f}")',
  },
} satisfies Record<string, Noise>;

type StyleName = keyof typeof PREFIX_STYLES;
type NoiseName = keyof typeof NOISE;

/**
 * The entries placed: family, index in it, prefix style, noise before the tail, noise after it.
 * Where the cause sits: first (a restating record, panel, give-up or late stdout after only), in
 * the middle (records or retries before, a restating record or give-up after), and restated inside
 * JSON strings, a frame or retry lines whose own heads are generic. Only one-line decisive texts.
 */
export const PLACEMENTS: readonly (readonly [string, number, StyleName, readonly NoiseName[], readonly NoiseName[]])[] = [
  ['glog-checks-10', 1, 'bare', ['zapStart'], ['zapError']],
  ['glog-checks-10', 4, 'colorlog', [], ['stdoutFlushedLate']],
  ['glog-checks-10', 0, 'kubectlLogs', ['tenacityRetries'], ['tenacityGiveUp']],
  ['kube-scripts-10', 0, 'bare', ['backoffRetries'], ['backoffGiveUp']],
  ['kube-scripts-10', 4, 'colorlog', [], ['typerPanel']],
  ['kube-scripts-10', 1, 'bare', ['zapStart'], ['jsonLoggerExcInfo']],
  ['jvm-builds-10', 4, 'kubectlLogs', ['zapStart'], ['zapError']],
  ['jvm-builds-10', 5, 'bare', [], ['typerPanel']],
  ['jvm-builds-10', 3, 'colorlog', ['tenacityRetries'], ['tenacityGiveUp']],
  ['jax-tracing-10', 0, 'bare', [], ['stdoutFlushedLate']],
  ['jax-tracing-10', 2, 'kubectlLogs', [], ['jsonLoggerExcInfo']],
  ['jax-tracing-10', 4, 'colorlog', ['backoffRetries'], ['backoffGiveUp']],
  ['native-builds-10', 1, 'bare', ['tenacityRetries'], ['tenacityGiveUp']],
  ['native-builds-10', 3, 'kubectlLogs', [], ['typerPanel']],
  ['native-builds-10', 5, 'colorlog', ['zapStart'], ['zapError']],
  ['shell-tools-10', 0, 'kubectlLogs', ['backoffRetries'], ['backoffGiveUp']],
  ['shell-tools-10', 2, 'bare', [], ['stdoutFlushedLate']],
  ['shell-tools-10', 6, 'colorlog', [], ['jsonLoggerExcInfo']],
  ['shell-tools-10', 3, 'bare', ['zapStart'], ['typerPanel']],
  ['glog-checks-10', 2, 'kubectlLogs', [], ['stdoutFlushedLate']],
];

/** The text of `placed-logs-10.json`, as generateFresh10Placements.ts writes it. */
export function renderPlacedEntries(): string {
  return renderSeededPlacements({
    dir: FRESH10_DIR,
    source: PLACED_SOURCE,
    description:
      "Generated (test/signals/fresh10Placements.ts, seeded): single-line decisive texts of this corpus's collected families inside surroundings no older generator placed — a Go supervisor's zap JSON records before the plain lines and its error record after them (the cause restated inside a JSON string, with a stacktrace field), python-json-logger's record holding the restated traceback in exc_info, Typer's Rich error panel (a generic heading, the statement on its second line inside the frame), tenacity's and backoff's retry lines restating the error before the last attempt and their generic give-up after it, and stdout lines flushed after the stderr cause at exit — behind colorlog's ANSI-coloured ERROR prefix, kubectl's --prefix or none. The expectation is the base entry's.",
    generator: 'test/signals/fresh10Placements.ts',
    seed: SEED,
    styles: PREFIX_STYLES,
    noise: NOISE,
    placements: PLACEMENTS,
  });
}
