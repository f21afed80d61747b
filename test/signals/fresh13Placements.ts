/**
 * The placement generator of the thirteenth fresh corpus (fixtures/signals-fresh13). It places
 * decisive lines of this corpus's own collected families (DeepSpeed, Lightning, experiment trackers,
 * DALI, the CUDA math libraries, Transformer Engine) inside surroundings no older generator placed,
 * each a verbatim upstream structure: (a) a single-pod multi-rank run (`torchrun --nproc-per-node=8
 * --tee 3 --role rank`), either every local rank printing the same failure, their lines interleaved,
 * or one rank printing the cause while the agent stops the seven others with SIGTERM — both closed by
 * torchelastic's ChildFailedError summary table, whose "Root Cause" names a rank and no message;
 * (b) the exception carrying PEP 678 notes (`add_note`), printed under the exception line, so the
 * statement is no longer the last line; (c) rich's traceback renderer (`rich.traceback.install()`),
 * which replaces Python's frames by a box and prints the exception under its short class name;
 * (d) a `faulthandler` dump (`Fatal Python error: Segmentation fault`, the threads' frames, the
 * extension modules) after the statement, when the interpreter crashes at shutdown and the container
 * exits with 139. Unlike the older generators, most of these surroundings rewrite the tail rather
 * than add lines around it (a rank prefix on every line, frames replaced by a box), so each
 * surrounding is a function of the base's tail; the expectation and the decisive text stay the base
 * entry's, and the generator fails when a surrounding would cut the decisive text. Lines are placed
 * behind runit's `svlogd -tt` stamp or no prefix. Its output is `placed-logs-13.json`, written by
 * generateFresh13Placements.ts and checked by fresh13Corpus.test.ts. Deterministic: every
 * surrounding text is fixed and nothing reads a clock.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CARRIERS, placedEntry, placedFamilyFile, readBaseEntry } from './placeLogTail.js';

const FRESH13_DIR = fileURLToPath(new URL('../../fixtures/signals-fresh13/', import.meta.url));
const PLACED_SOURCE = 'placed-logs-13';
export const PLACED_FILE = join(FRESH13_DIR, `${PLACED_SOURCE}.json`);
const GENERATOR = 'test/signals/fresh13Placements.ts';

/** runit's svlogd -tt stamp: UTC "YYYY-MM-DD_HH:MM:SS.xxxxx" (five decimals), each line 3.73 ms after the one before. */
function svlogdStamp(at: number): string {
  const micros = 22_118_020 + at * 3_730; // 10:41:22.118020 onwards, inside the minute
  const seconds = Math.floor(micros / 1_000_000);
  const fraction = Math.floor((micros % 1_000_000) / 10);
  return `2026-12-07_10:41:${String(seconds).padStart(2, '0')}.${String(fraction).padStart(5, '0')}`;
}

interface Style {
  label: string;
  citation: string;
  place(line: string, at: number): string;
}

export const PREFIX_STYLES = {
  svlogd: {
    label: 'runit\'s svlogd -tt in the pod\'s logging sidecar, "2026-12-07_10:41:22.11802 " before each line',
    citation:
      'runit src/svlogd.c (smarden.org/runit; the -tt option: "prefix each selected line with a human readable, sortable UTC timestamp of the form YYYY-MM-DD_HH:MM:SS.xxxxx")',
    place: (line, at) => `${svlogdStamp(at)} ${line}`,
  },
  bare: {
    label: 'no prefix (the structure alone)',
    citation: "the container's own output as the carrier relays it, so that the surrounding alone is measured",
    place: (line) => line,
  },
} satisfies Record<string, Style>;

/** A surrounding: how it rewrites the base's log tail, and where its text was read. */
interface Surrounding {
  citation: string;
  /** The placed tail: the base's tail lines in, the lines with the surrounding out. */
  place(tail: readonly string[], decisive: string): string[];
  /** The container's exit code once placed, when the surrounding changes how the process ends. */
  exitCode?: number;
}

const SITE = '/opt/venv/lib/python3.11/site-packages';
const RANKS = 8;
/** The order the eight local ranks' output reaches the log: rank 5 first, the others after it. */
const RANK_ORDER = [5, 2, 7, 0, 3, 6, 1, 4] as const;
const FIRST_PID = 2841;
const TORCHRUN_PID = 118;

const rankPrefix = (rank: number, line: string) => `[rank${rank}]:${line}`;

/** torchrun's own traceback down to the ChildFailedError it raises (torch/distributed/run.py, launcher/api.py). */
const TORCHRUN_TRACEBACK = [
  'Traceback (most recent call last):',
  '  File "/opt/venv/bin/torchrun", line 8, in <module>',
  '    sys.exit(main())',
  `  File "${SITE}/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper`,
  '    return f(*args, **kwargs)',
  `  File "${SITE}/torch/distributed/run.py", line 919, in main`,
  '    run(args)',
  `  File "${SITE}/torch/distributed/run.py", line 910, in run`,
  '    elastic_launch(',
  `  File "${SITE}/torch/distributed/launcher/api.py", line 138, in __call__`,
  '    return launch_agent(self._config, self._entrypoint, list(args))',
  `  File "${SITE}/torch/distributed/launcher/api.py", line 269, in launch_agent`,
  '    raise ChildFailedError(',
];

interface RankFailure {
  rank: number;
  exitcode: number;
  message: string;
}

/**
 * torchelastic's ChildFailedError text: `_FAILURE_FORMAT_TEMPLATE` per failure (indexed in rank
 * order), the root cause (the first observed failure) apart, borders of min(widest line, 60).
 */
function childFailedError(failures: readonly RankFailure[], rootRank: number): string[] {
  const formatted = failures.map((failure, idx) => ({
    rank: failure.rank,
    lines: [
      `[${idx}]:`,
      '  time      : 2026-12-07_10:41:23',
      '  host      : llama-sft-run-0-0',
      `  rank      : ${failure.rank} (local_rank: ${failure.rank})`,
      `  exitcode  : ${failure.exitcode} (pid: ${FIRST_PID + failure.rank})`,
      '  error_file: <N/A>',
      `  traceback : ${failure.message}`,
    ],
  }));
  const title = 'train.py FAILED';
  const width = Math.min(60, Math.max(title.length, ...formatted.flatMap(({ lines }) => lines.map((line) => line.length))));
  const others = formatted.filter(({ rank }) => rank !== rootRank).flatMap(({ lines }) => lines);
  const root = formatted.find(({ rank }) => rank === rootRank)!.lines;
  return [
    ...TORCHRUN_TRACEBACK,
    'torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ',
    '='.repeat(width),
    title,
    '-'.repeat(width),
    'Failures:',
    ...(others.length > 0 ? others : ['  <NO_OTHER_FAILURES>']),
    '-'.repeat(width),
    'Root Cause (first observed failure):',
    ...root,
    '='.repeat(width),
  ];
}

const NO_TRACEBACK = 'To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html';
const allRanks = Array.from({ length: RANKS }, (_, rank) => rank);

/** Every rank prints the same tail; their lines interleave, each line's ranks in a rotated order. */
function ranksAllFail(tail: readonly string[]): string[] {
  const interleaved = tail.flatMap((line, at) => RANK_ORDER.map((_, slot) => RANK_ORDER[(slot + at) % RANKS]!).map((rank) => rankPrefix(rank, line)));
  const failures = allRanks.map((rank) => ({ rank, exitcode: 1, message: NO_TRACEBACK }));
  return [
    ...interleaved,
    `E1207 10:41:23.731000 ${TORCHRUN_PID} torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: ${RANK_ORDER[0]} (pid: ${FIRST_PID + RANK_ORDER[0]}) of binary: /opt/venv/bin/python3.11`,
    ...childFailedError(failures, RANK_ORDER[0]),
  ];
}

/** One rank prints the cause; the agent stops the seven others, whose failures are the signal. */
const FAILING_RANK = 3;
function ranksSigterm(tail: readonly string[]): string[] {
  const others = allRanks.filter((rank) => rank !== FAILING_RANK);
  const failures = allRanks.map((rank) =>
    rank === FAILING_RANK
      ? { rank, exitcode: 1, message: NO_TRACEBACK }
      : { rank, exitcode: -15, message: `Signal 15 (SIGTERM) received by PID ${FIRST_PID + rank}` },
  );
  return [
    ...tail.map((line) => rankPrefix(FAILING_RANK, line)),
    ...others.map(
      (rank) =>
        `W1207 10:41:23.512000 ${TORCHRUN_PID} torch/distributed/elastic/multiprocessing/api.py:897] Sending process ${FIRST_PID + rank} closing signal SIGTERM`,
    ),
    `E1207 10:41:23.731000 ${TORCHRUN_PID} torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: ${FAILING_RANK} (pid: ${FIRST_PID + FAILING_RANK}) of binary: /opt/venv/bin/python3.11`,
    ...childFailedError(failures, FAILING_RANK),
  ];
}

/** The index of the tail's last line that holds the decisive text; the generator fails without one. */
function decisiveLine(tail: readonly string[], decisive: string): number {
  const at = tail.findLastIndex((line) => line.includes(decisive));
  if (at < 0) throw new Error(`no single tail line holds ${JSON.stringify(decisive)}`);
  return at;
}

/** The launcher's PEP 678 notes, printed by the traceback module under the exception line they belong to. */
const NOTES = ["stage 'sft' aborted during setup", 'runbook: https://wiki.example.com/ml-platform/training-failures#setup'];
function addNotes(tail: readonly string[], decisive: string): string[] {
  const at = decisiveLine(tail, decisive);
  if (at !== tail.length - 1) throw new Error('notes follow the exception line, which must end the tail');
  return [...tail, ...NOTES];
}

/** rich's console width in the pod (COLUMNS=160): the panel's width and where rich wraps the exception text. */
const RICH_WIDTH = 160;
const RICH_INNER = RICH_WIDTH - 4;

/** rich's word wrap of one line at the console width (a word longer than the width is cut). */
function wrapWords(line: string, width: number): string[] {
  const rows: string[] = [];
  let row = '';
  for (const word of line.split(' ')) {
    const candidate = row === '' ? word : `${row} ${word}`;
    if (candidate.length <= width) row = candidate;
    else {
      if (row !== '') rows.push(row);
      row = word;
      while (row.length > width) {
        rows.push(row.slice(0, width));
        row = row.slice(width);
      }
    }
  }
  rows.push(row);
  return rows;
}

const boxRow = (text: string) => `│ ${text.padEnd(RICH_INNER)} │`;

/** rich.traceback's default code_width: Syntax crops each source row there (word_wrap=False). */
const RICH_CODE_WIDTH = 88;

/**
 * rich's Syntax row for the highlighted source line (Textualize/rich rich/syntax.py, called by
 * Traceback._render_stack with line_numbers=True, indent_guides=True, dedent=False): the pointer
 * "❱ ", the line number and a space, then the line as the file holds it, each four-space indent
 * level drawn as "│   ", cropped at code_width. There is no separator column: a "│" after the
 * number is the first indent guide. Python's traceback strips the indentation rich shows, so a frame
 * in a function gets one level (the least a def body has) and a module-level frame none.
 */
function richCodeRow(lineno: string, func: string, code: string): string {
  const asInFile = `${func === '<module>' ? '' : '│   '}${code}`;
  return `❱ ${lineno} ${asInFile.slice(0, RICH_CODE_WIDTH)}`;
}

/**
 * Python's traceback above the statement replaced by rich's panel: a header "path:line in func",
 * a blank row, the failing source line as richCodeRow renders it (extra_lines=0), a blank row
 * between frames; then "<ShortName>: <message>" wrapped at the console width. Only a single
 * traceback whose last exception line holds the decisive text, and only if the wrap keeps the
 * decisive text whole.
 */
function richTraceback(tail: readonly string[], decisive: string): string[] {
  const at = decisiveLine(tail, decisive);
  const start = tail.lastIndexOf('Traceback (most recent call last):', at);
  if (start < 0 || tail.some((line) => /^During handling of the above exception|^The above exception was the direct cause/.test(line)))
    throw new Error('rich replaces one plain traceback; this tail has none or a chain');
  const frames: { header: string; code: string | null }[] = [];
  for (let line = start + 1; line < at; line += 1) {
    const frame = /^ {2}File "(.+)", line (\d+), in (.+)$/.exec(tail[line]!);
    if (!frame) continue;
    const next = tail[line + 1];
    const code = next !== undefined && next.startsWith('    ') && line + 1 < at ? next.trim() : null;
    frames.push({ header: `${frame[1]}:${frame[2]} in ${frame[3]}`, code: code === null ? null : richCodeRow(frame[2]!, frame[3]!, code) });
  }
  const exception = /^([\w.]+): (.*)$/.exec(tail[at]!);
  if (!exception) throw new Error('the decisive line is not a Python exception line');
  const shortName = exception[1]!.split('.').at(-1)!;
  const title = ' Traceback (most recent call last) ';
  const left = Math.floor((RICH_WIDTH - 2 - title.length) / 2);
  const right = RICH_WIDTH - 2 - title.length - left;
  const body = frames.flatMap(({ header, code }, index) => [
    ...wrapWords(header, RICH_INNER).map(boxRow),
    ...(code === null ? [] : [boxRow(''), boxRow(code)]),
    ...(index < frames.length - 1 ? [boxRow('')] : []),
  ]);
  const message = [`${shortName}: ${exception[2]!}`, ...tail.slice(at + 1)].flatMap((line) => wrapWords(line, RICH_WIDTH));
  if (!message.some((line) => line.includes(decisive))) throw new Error("rich's wrap cuts the decisive text at this console width");
  return [...tail.slice(0, start), `╭${'─'.repeat(left)}${title}${'─'.repeat(right)}╮`, ...body, `╰${'─'.repeat(RICH_WIDTH - 2)}╯`, ...message];
}

/** The interpreter crashing at shutdown after the statement: faulthandler's dump of every thread. */
const FAULTHANDLER_DUMP = [
  'Fatal Python error: Segmentation fault',
  '',
  'Thread 0x00007f3b8d7fe640 (most recent call first):',
  `  File "${SITE}/torch/utils/data/_utils/pin_memory.py", line 54 in do_one_step`,
  `  File "${SITE}/torch/utils/data/_utils/pin_memory.py", line 58 in _pin_memory_loop`,
  '  File "/usr/lib/python3.11/threading.py", line 982 in run',
  '  File "/usr/lib/python3.11/threading.py", line 1045 in _bootstrap_inner',
  '  File "/usr/lib/python3.11/threading.py", line 1002 in _bootstrap',
  '',
  'Current thread 0x00007f3c2a5f4740 (most recent call first):',
  '  <no Python frame>',
  '',
  'Extension modules: numpy.core._multiarray_umath, numpy.core._multiarray_tests, numpy.linalg._umath_linalg, torch._C, torch._C._fft, torch._C._linalg, torch._C._nested, torch._C._nn, torch._C._sparse, torch._C._special, yaml._yaml, PIL._imaging (total: 12)',
];

export const NOISE = {
  ranksAllFail: {
    citation:
      'every local rank of a single-pod `torchrun --nproc-per-node=8 --tee 3 --role rank` run printing the same failure, their lines interleaved (rank order rotating per line), each behind the tee prefix "[${role_name}${local_rank}]:" (pytorch/pytorch torch/distributed/elastic/agent/server/local_elastic_agent.py, LocalElasticAgent docstring; torch/distributed/elastic/multiprocessing/tail_log.py), then the agent\'s "failed (exitcode: %s) local_rank: %s (pid: %s) of binary: %s" (torch/distributed/elastic/multiprocessing/api.py) and torchrun\'s ChildFailedError with all eight failures, the first observed (rank 5) as Root Cause (torch/distributed/elastic/multiprocessing/errors/__init__.py _FAILURE_FORMAT_TEMPLATE, _MSG_FORMAT_TEMPLATE, ProcessFailure\'s "To enable traceback see: …")',
    place: (tail) => ranksAllFail(tail),
  },
  ranksSigterm: {
    citation:
      'one local rank (3) of a single-pod `torchrun --nproc-per-node=8 --tee 3 --role rank` run printing the cause behind "[rank3]:", the agent\'s "Sending process %s closing signal SIGTERM" for the seven others and its "failed (exitcode: …)" line (pytorch/pytorch torch/distributed/elastic/multiprocessing/api.py), then ChildFailedError listing the seven stopped ranks with exitcode -15 and "Signal 15 (SIGTERM) received by PID …" (torch/distributed/elastic/multiprocessing/errors/__init__.py ProcessFailure, _FAILURE_FORMAT_TEMPLATE) and rank 3 as Root Cause',
    place: (tail) => ranksSigterm(tail),
  },
  addNotes: {
    citation: `the launcher's two PEP 678 notes (exc.add_note(...) before it re-raises), which python/cpython Lib/traceback.py TracebackException.format_exception_only prints one per line under the exception line: ${NOTES.map((note) => JSON.stringify(note)).join(', ')}`,
    place: (tail, decisive) => addNotes(tail, decisive),
  },
  richTraceback: {
    citation: `rich's traceback handler (rich.traceback.install(width=${RICH_WIDTH}, extra_lines=0) with COLUMNS=${RICH_WIDTH}; Textualize/rich rich/traceback.py Traceback._render_stack and _render_syntax_error: a Panel titled "Traceback (most recent call last)", each frame as "<filename>:<lineno> in <name>" and its source line behind the "❱" indicator and the line number (rich/syntax.py: indent guides "│   " for each indent level, no separator column, cropped at code_width=88), then "<exc_type>: <exc_value>" with the class's short name, wrapped at the console width) replacing Python's own traceback`,
    place: (tail, decisive) => richTraceback(tail, decisive),
  },
  faulthandlerAfter: {
    citation:
      'the interpreter crashing at shutdown after the statement (a pin-memory thread still running), as faulthandler prints it: python/cpython Modules/faulthandler.c faulthandler_fatal_error ("Fatal Python error: %s\\n\\n", each thread "Thread 0x%016lx (most recent call first):" and the current one "Current thread 0x%016lx …", "  <no Python frame>") and Python/pylifecycle.c _Py_DumpExtensionModules ("Extension modules: …" "(total: %zd)"); the signal is re-raised, so the container exits with 139',
    place: (tail) => [...tail, ...FAULTHANDLER_DUMP],
    exitCode: 139,
  },
} satisfies Record<string, Surrounding>;

type StyleName = keyof typeof PREFIX_STYLES;
type NoiseName = keyof typeof NOISE;

/**
 * The entries placed: family, index in it, prefix style, surroundings applied first, surroundings
 * applied after them. Every collected family twice or more; only one-line decisive texts.
 */
export const PLACEMENTS: readonly (readonly [string, number, StyleName, readonly NoiseName[], readonly NoiseName[]])[] = [
  ['deepspeed-runtime-13', 2, 'bare', ['ranksAllFail'], []],
  ['transformer-engine-13', 0, 'svlogd', ['ranksAllFail'], []],
  ['lightning-trainer-13', 3, 'bare', ['ranksAllFail'], []],
  ['transformer-engine-13', 4, 'svlogd', ['ranksAllFail'], []],
  ['trackers-13', 1, 'bare', ['ranksSigterm'], []],
  ['cuda-math-13', 5, 'svlogd', ['ranksSigterm'], []],
  ['trackers-13', 3, 'bare', ['ranksSigterm'], []],
  ['lightning-trainer-13', 4, 'svlogd', ['addNotes'], ['faulthandlerAfter']],
  ['cuda-math-13', 2, 'bare', ['addNotes'], []],
  ['deepspeed-runtime-13', 6, 'svlogd', ['addNotes'], []],
  ['dali-pipelines-13', 3, 'bare', ['addNotes'], []],
  ['lightning-trainer-13', 0, 'bare', ['richTraceback'], []],
  ['transformer-engine-13', 3, 'svlogd', ['richTraceback'], []],
  ['trackers-13', 2, 'bare', ['richTraceback'], []],
  ['lightning-trainer-13', 5, 'svlogd', ['richTraceback'], ['faulthandlerAfter']],
  ['dali-pipelines-13', 0, 'bare', [], ['faulthandlerAfter']],
  ['lightning-trainer-13', 1, 'svlogd', [], ['faulthandlerAfter']],
  ['transformer-engine-13', 5, 'bare', [], ['faulthandlerAfter']],
];

const DESCRIPTION =
  "Generated (test/signals/fresh13Placements.ts): single-line decisive texts of this corpus's collected families inside surroundings no older generator placed — a single-pod torchrun run of eight local ranks (every rank printing the same failure, interleaved, or one rank printing the cause while the agent stops the others with SIGTERM) closed by torchelastic's ChildFailedError table, PEP 678 notes under the exception line, rich's traceback panel with the exception under its short class name, and faulthandler's dump after the statement when the interpreter crashes at shutdown (exit 139) — behind runit's svlogd -tt stamp or none. The expectation is the base entry's.";

/** The base entry's verbatim with its tail placed: every surrounding in order, then the style on every line. */
function placeEntry(base: Record<string, unknown>, styleName: StyleName, names: readonly NoiseName[], where: string): string {
  const verbatim = String(base.verbatim);
  const decisive = String(base.decisive);
  if (decisive.includes('\n')) throw new Error(`${where}: a multi-line decisive text cannot be placed`);
  for (const carrier of CARRIERS) {
    const match = carrier.exec(verbatim);
    if (!match) continue;
    const surroundings = names.map((name) => NOISE[name] as Surrounding);
    const tail = surroundings.reduce<string[]>((lines, surrounding) => surrounding.place(lines, decisive), match[2]!.replace(/\n$/, '').split('\n'));
    const placed = tail.map((line, at) => PREFIX_STYLES[styleName].place(line, at));
    if (!placed.some((line) => line.includes(decisive))) throw new Error(`${where}: the surroundings cut the decisive text`);
    const exitCode = surroundings.reduce<number | undefined>((code, surrounding) => surrounding.exitCode ?? code, undefined);
    const head = exitCode === undefined ? match[1]! : match[1]!.replace(/exit code \d+/, `exit code ${exitCode}`);
    return head + placed.join('\n');
  }
  throw new Error(`${where}: no log tail behind a known carrier`);
}

/** The text of `placed-logs-13.json`, as generateFresh13Placements.ts writes it. */
export function renderPlacedEntries(): string {
  const entries = PLACEMENTS.map(([source, index, styleName, before, after]) => {
    const where = `${source} #${index}`;
    const base = readBaseEntry(FRESH13_DIR, source, index);
    const names = [...before, ...after];
    const style = PREFIX_STYLES[styleName];
    const verbatim = placeEntry(base, styleName, names, where);
    const note =
      `Placed behind ${style.label} on every line of the log tail (prefix format: ${style.citation})` +
      (names.length > 0 ? `, inside ${names.map((name) => NOISE[name].citation).join('; then ')}` : '') +
      `; generated from ${where} by ${GENERATOR}, with the base entry's expectation and decisive text.`;
    return placedEntry(base, verbatim, note, where, styleName);
  });
  return placedFamilyFile(PLACED_SOURCE, DESCRIPTION, entries);
}
