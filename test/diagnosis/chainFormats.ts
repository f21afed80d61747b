/**
 * A generator of exception chains as mainstream runtimes print them, built from each runtime's own
 * printing code (cited per renderer), not from any corpus: runtime × chain structure × where the
 * chain sits in the container's output × how the lines reach the message. The statements are
 * written for this generator. Each structure states ONE principle for which link is the
 * statement; a case holds the specifics that link carries, and the quote must hold them all.
 *
 * Principles (one per structure):
 * - single: the exception's own line (its class, when the runtime prints one, and its message).
 * - wrapped-specific: a wrapper that holds its cause's message and adds a specific of its own (a
 *   path, an address) holds every specific of the chain: it is the statement.
 * - wrapped-restating: a wrapper that holds its cause's message with generic words only restates
 *   it: the cause's own line (with its class) is the statement.
 * - wrapped-generic: a wrapper whose message names nothing and does not hold its cause's
 *   (`raise StepError("training step failed") from e`, `new StepException("…", e)`) only says the
 *   cause happened: the cause's own line is the statement.
 * - during-handling: the first exception is the failure; the second was raised by the code that
 *   handled it and would not have run without it (python/cpython Doc/library/exceptions.rst
 *   "Exception context": __context__ is set when a new exception is raised while another is being
 *   handled; golang/go src/runtime/panic.go: a recovered panic printed before the one its deferred
 *   handler raised).
 * - three-links: of three links raised each from the one below, the statement is the link that
 *   adds the specifics, wherever it sits (root, middle, outermost): the links above it hold its
 *   message with generic words (they restate it), the link below it is generic and held by it.
 * - group: a group whose own message only announces its members (asyncio's "unhandled errors in a
 *   TaskGroup", .NET's "One or more errors occurred.", Node's "All promises were rejected") is a
 *   container: its first member is the statement. Java's try-with-resources is the converse: the
 *   thrown (primary) exception is the failure and a `Suppressed:` one (a close() that failed after
 *   it) is secondary (openjdk/jdk Throwable.java addSuppressed).
 */

import { decisiveLogLine, findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';

export type Structure = 'single' | 'wrapped-specific' | 'wrapped-restating' | 'wrapped-generic' | 'during-handling' | 'group' | 'three-links';
export type Position = 'top' | 'middle' | 'bottom';

/** A statement written for this generator: a message with the specifics the quote must keep, and the classes runtimes give it. */
interface Statement {
  message: string;
  specifics: readonly string[];
  /** Class names by runtime family (Python, Java, .NET, Node). */
  python: string;
  java: string;
  dotnet: string;
  node: string;
}

const STATEMENTS: readonly Statement[] = [
  {
    message: 'shard /mnt/corpus/part-0042.arrow holds 0 rows, expected 8192',
    specifics: ['/mnt/corpus/part-0042.arrow', '8192'],
    python: 'ValueError',
    java: 'java.lang.IllegalStateException',
    dotnet: 'System.InvalidOperationException',
    node: 'RangeError',
  },
  {
    message: 'rendezvous endpoint 10.40.3.17:29400 refused the connection after 5 attempts',
    specifics: ['10.40.3.17:29400'],
    python: 'ConnectionError',
    java: 'java.net.ConnectException',
    dotnet: 'System.Net.Http.HttpRequestException',
    node: 'Error',
  },
  {
    message: 'embedding table has 32000 rows but the tokenizer declares vocab_size=50257',
    specifics: ['32000', 'vocab_size=50257'],
    python: 'AssertionError',
    java: 'java.lang.IllegalArgumentException',
    dotnet: 'System.ArgumentException',
    node: 'TypeError',
  },
];

/** A second statement for groups (the second member) and for the handler's own failure. */
const SECOND: Statement = {
  message: 'lease file /run/trainer/leader.lock was already released',
  specifics: ['/run/trainer/leader.lock'],
  python: 'FileNotFoundError',
  java: 'java.io.UncheckedIOException',
  dotnet: 'System.IO.IOException',
  node: 'Error',
};

/** A wrapper's own specific (what it was doing, where), and its generic words. */
const WRAPPER_SPECIFIC = 'while restoring checkpoint /ckpt/run-7/step-1200';
const WRAPPER_GENERIC = 'training step failed';
const WRAPPER = { python: 'trainer.errors.StepError', java: 'org.acme.train.StepException', dotnet: 'Acme.Train.StepException', node: 'Error' };

/** A chain: the lines a runtime prints, and the specifics the statement link carries. */
interface Chain {
  lines: string[];
  expected: string[];
}

/** What each runtime prints for each structure; null: the runtime prints no such structure. */
type Renderer = (structure: Structure, statement: Statement) => Chain | null;

const pyFrames = (fn: string) => ['Traceback (most recent call last):', `  File "/srv/app/train.py", line 88, in ${fn}`, `    ${fn}(config)`];
/**
 * python/cpython Lib/traceback.py: TracebackException.format — "Traceback (most recent call last):",
 * frames, `{module.}Class: message`; chains print the cause first, then _cause_message "\nThe above
 * exception was the direct cause of the following exception:\n" or _context_message "\nDuring
 * handling of the above exception, another exception occurred:\n"; an exception group (3.11+)
 * prints "  + Exception Group Traceback (most recent call last):", its frames behind "  | ", its
 * own line, then each member behind "+-+---------------- 1 ----------------" / "    | " margins,
 * closed by "+------------------------------------".
 */
const python: Renderer = (structure, s) => {
  const own = `${s.python}: ${s.message}`;
  switch (structure) {
    case 'single':
      return { lines: [...pyFrames('load_shards'), own], expected: [s.python, ...s.specifics] };
    case 'wrapped-specific':
    case 'wrapped-restating': {
      const specific = structure === 'wrapped-specific';
      const wrapper = `${WRAPPER.python}: ${specific ? WRAPPER_SPECIFIC : WRAPPER_GENERIC}: ${s.message}`;
      const lines = [
        ...pyFrames('load_shards'),
        own,
        '',
        'The above exception was the direct cause of the following exception:',
        '',
        ...pyFrames('run_step'),
        wrapper,
      ];
      return { lines, expected: specific ? ['/ckpt/run-7/step-1200', ...s.specifics] : [s.python, ...s.specifics] };
    }
    case 'during-handling': {
      const second = `${SECOND.python}: ${SECOND.message}`;
      const lines = [
        ...pyFrames('load_shards'),
        own,
        '',
        'During handling of the above exception, another exception occurred:',
        '',
        ...pyFrames('release_lease'),
        second,
      ];
      return { lines, expected: [s.python, ...s.specifics] };
    }
    case 'three-links':
    case 'wrapped-generic':
      // Rendered by LINKED below, with the statement at each depth.
      return null;
    case 'group':
      return {
        lines: [
          '  + Exception Group Traceback (most recent call last):',
          '  |   File "/srv/app/train.py", line 120, in <module>',
          '  |     asyncio.run(main())',
          '  | ExceptionGroup: unhandled errors in a TaskGroup (2 sub-exceptions)',
          '  +-+---------------- 1 ----------------',
          '    | Traceback (most recent call last):',
          '    |   File "/srv/app/train.py", line 61, in load_shards',
          '    |     raise check(shard)',
          `    | ${own}`,
          '    +---------------- 2 ----------------',
          '    | Traceback (most recent call last):',
          '    |   File "/srv/app/train.py", line 74, in release_lease',
          '    |     lease.unlink()',
          `    | ${SECOND.python}: ${SECOND.message}`,
          '    +------------------------------------',
        ],
        expected: [s.python, ...s.specifics],
      };
  }
};

const javaFrames = ['\tat org.acme.train.Loader.load(Loader.java:57)', '\tat org.acme.train.Main.main(Main.java:21)'];
/**
 * openjdk/jdk src/java.base/share/classes/java/lang/Throwable.java printStackTrace: toString()
 * (`class: message`), "\tat " frames, then each cause under CAUSE_CAPTION "Caused by: " and each
 * suppressed one under "\t" + SUPPRESSED_CAPTION "Suppressed: " (its frames one tab deeper), frames
 * in common elided as "\t... N more"; ThreadGroup.uncaughtException prefixes `Exception in thread "main" `.
 */
const java: Renderer = (structure, s) => {
  const own = `${s.java}: ${s.message}`;
  switch (structure) {
    case 'single':
      return { lines: [`Exception in thread "main" ${own}`, ...javaFrames], expected: [s.java, ...s.specifics] };
    case 'wrapped-specific':
    case 'wrapped-restating': {
      const specific = structure === 'wrapped-specific';
      const wrapper = `${WRAPPER.java}: ${specific ? WRAPPER_SPECIFIC : WRAPPER_GENERIC}: ${s.message}`;
      const lines = [
        `Exception in thread "main" ${wrapper}`,
        ...javaFrames,
        `Caused by: ${own}`,
        '\tat org.acme.train.Shards.open(Shards.java:112)',
        '\t... 2 more',
      ];
      return { lines, expected: specific ? ['/ckpt/run-7/step-1200', ...s.specifics] : [s.java, ...s.specifics] };
    }
    case 'during-handling':
      return null;
    case 'three-links':
    case 'wrapped-generic':
      // Rendered by LINKED below, with the statement at each depth.
      return null;
    case 'group':
      return {
        lines: [
          `Exception in thread "main" ${own}`,
          ...javaFrames,
          `\tSuppressed: ${SECOND.java}: ${SECOND.message}`,
          '\t\tat org.acme.train.Lease.close(Lease.java:33)',
          '\t\t... 1 more',
        ],
        expected: [s.java, ...s.specifics],
      };
  }
};

const dotnetFrame = '   at Acme.Train.Loader.Load(String path) in /src/Loader.cs:line 57';
/**
 * dotnet/runtime src/libraries/System.Private.CoreLib/src/System/Exception.cs ToString:
 * `class: message`, then the inner exception after InnerExceptionPrefix " ---> ", then
 * "   --- End of inner exception stack trace ---" (SR.Exception_EndOfInnerExceptionStack) and the
 * outer frames; AggregateException.cs ToString adds each further inner one as
 * " ---> (Inner Exception #N) …<---", and its Message is "One or more errors occurred." followed by
 * each inner message in parentheses.
 */
const dotnet: Renderer = (structure, s) => {
  const own = `${s.dotnet}: ${s.message}`;
  switch (structure) {
    case 'single':
      return { lines: [own, dotnetFrame], expected: [s.dotnet, ...s.specifics] };
    case 'wrapped-specific':
    case 'wrapped-restating': {
      const specific = structure === 'wrapped-specific';
      const wrapper = `${WRAPPER.dotnet}: ${specific ? WRAPPER_SPECIFIC : WRAPPER_GENERIC}: ${s.message}`;
      const lines = [
        wrapper,
        ` ---> ${own}`,
        dotnetFrame,
        '   --- End of inner exception stack trace ---',
        '   at Acme.Train.Program.Main(String[] args) in /src/Program.cs:line 21',
      ];
      return { lines, expected: specific ? ['/ckpt/run-7/step-1200', ...s.specifics] : [s.dotnet, ...s.specifics] };
    }
    case 'during-handling':
      return null;
    case 'three-links':
    case 'wrapped-generic':
      // Rendered by LINKED below, with the statement at each depth.
      return null;
    case 'group':
      return {
        lines: [
          `System.AggregateException: One or more errors occurred. (${s.message}) (${SECOND.message})`,
          ` ---> ${own}`,
          dotnetFrame,
          '   --- End of inner exception stack trace ---',
          ` ---> (Inner Exception #1) ${SECOND.dotnet}: ${SECOND.message}`,
          '   at Acme.Train.Lease.Dispose() in /src/Lease.cs:line 33<---',
        ],
        expected: [s.dotnet, ...s.specifics],
      };
  }
};

const nodeFrames = ['    at loadShards (/srv/app/train.js:57:11)', '    at main (/srv/app/train.js:21:3)'];
/**
 * nodejs/node lib/internal/util/inspect.js formatError: the stack (`Name: message` then "    at "
 * frames), then the error's own properties in braces — `[cause]: …` for the cause
 * (formatError / the cause key), `[errors]: [ … ]` for an AggregateError's members; a code-carrying
 * error prints as `Name [CODE]: message` (improveStack). An uncaught error is printed after the
 * source line and a caret, and the process ends with "Node.js v<version>"
 * (lib/internal/process/execution.js, src/node_errors.cc).
 */
const node: Renderer = (structure, s) => {
  const own = `${s.node}: ${s.message}`;
  const head = ['/srv/app/train.js:57', '    throw err;', '    ^', ''];
  const tail = ['', 'Node.js v20.11.1'];
  switch (structure) {
    case 'single':
      return { lines: [...head, own, ...nodeFrames, ...tail], expected: [s.node, ...s.specifics] };
    case 'wrapped-specific':
    case 'wrapped-restating': {
      const specific = structure === 'wrapped-specific';
      const wrapper = `${WRAPPER.node}: ${specific ? WRAPPER_SPECIFIC : WRAPPER_GENERIC}: ${s.message}`;
      const lines = [
        ...head,
        wrapper,
        nodeFrames[0]!,
        `${nodeFrames[1]!} {`,
        `  [cause]: ${own}`,
        '      at openShard (/srv/app/shards.js:12:9)',
        '}',
        ...tail,
      ];
      return { lines, expected: specific ? ['/ckpt/run-7/step-1200', ...s.specifics] : [s.node, ...s.specifics] };
    }
    case 'during-handling':
      return null;
    case 'three-links':
    case 'wrapped-generic':
      // Rendered by LINKED below, with the statement at each depth.
      return null;
    case 'group':
      return {
        lines: [
          ...head,
          'AggregateError: All promises were rejected',
          '    at Promise.any (<anonymous>)',
          '    at main (/srv/app/train.js:21:3) {',
          '  [errors]: [',
          `    ${own}`,
          '        at loadShards (/srv/app/train.js:57:11),',
          `    ${SECOND.node}: ${SECOND.message}`,
          '        at releaseLease (/srv/app/lease.js:33:7)',
          '  ]',
          '}',
          ...tail,
        ],
        expected: [s.node, ...s.specifics],
      };
  }
};

/**
 * rust-lang/rust library/std/src/panicking.rs default_hook: since Rust 1.73 "thread '{name}'
 * panicked at {location}:" and the message on the next line, then the backtrace note;
 * Result::expect/unwrap panic with `{msg}: {err:?}` (library/core/src/result.rs unwrap_failed).
 */
const rustPanic: Renderer = (structure, s) => {
  const note = 'note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace';
  switch (structure) {
    case 'single':
      return { lines: ["thread 'main' panicked at src/loader.rs:57:14:", s.message, note], expected: s.specifics.slice() };
    case 'wrapped-restating':
      return {
        lines: ["thread 'main' panicked at src/loader.rs:57:14:", `${WRAPPER_GENERIC}: Custom { kind: Other, error: "${s.message}" }`, note],
        expected: s.specifics.slice(),
      };
    default:
      return null;
  }
};

/**
 * dtolnay/anyhow src/fmt.rs (DefaultHandler::report): the error, then "\n\nCaused by:" and each
 * cause indented four spaces, numbered `{: >5}: ` when there are several; a `main` returning
 * Err prints "Error: " and that Debug form (rust-lang/rust library/std/src/process.rs, the
 * Termination impl for Result).
 */
const anyhow: Renderer = (structure, s) => {
  switch (structure) {
    case 'single':
      return { lines: [`Error: ${s.message}`], expected: s.specifics.slice() };
    // A context (`.context(…)`) never holds its cause's message: anyhow prints the cause under it, so no link is a holder.
    case 'wrapped-restating':
      return {
        lines: [`Error: ${WRAPPER_GENERIC}`, '', 'Caused by:', `    0: could not prepare the data loader`, `    1: ${s.message}`],
        expected: s.specifics.slice(),
      };
    default:
      return null;
  }
};

const goStack = ['', 'goroutine 1 [running]:', 'main.loadShards(...)', '\t/src/loader.go:57 +0x1d4', 'main.main()', '\t/src/main.go:21 +0x25', 'exit status 2'];
/**
 * golang/go src/runtime/panic.go printpanics: "panic: " and the value (an error's Error()), a
 * recovered panic marked " [recovered]" and the panic raised after it on the next line behind a
 * tab; src/runtime/traceback.go then "goroutine N [running]:". fmt.Errorf("…: %w", err) wraps on
 * one line (src/fmt/errors.go).
 */
const go: Renderer = (structure, s) => {
  switch (structure) {
    case 'single':
      return { lines: [`panic: ${s.message}`, ...goStack], expected: s.specifics.slice() };
    case 'wrapped-specific':
      return { lines: [`panic: ${WRAPPER_SPECIFIC}: ${s.message}`, ...goStack], expected: ['/ckpt/run-7/step-1200', ...s.specifics] };
    case 'wrapped-restating':
      return { lines: [`panic: ${WRAPPER_GENERIC}: ${s.message}`, ...goStack], expected: s.specifics.slice() };
    case 'during-handling':
      return { lines: [`panic: ${s.message} [recovered]`, `\tpanic: ${SECOND.message}`, ...goStack], expected: s.specifics.slice() };
    default:
      return null;
  }
};

/**
 * gcc-mirror/gcc libstdc++-v3/libsupc++/vterminate.cc __verbose_terminate_handler: "terminate
 * called after throwing an instance of '" the demangled type "'", then "  what():  " and what().
 */
const cpp: Renderer = (structure, s) => {
  const head = "terminate called after throwing an instance of 'std::runtime_error'";
  switch (structure) {
    case 'single':
      return { lines: [head, `  what():  ${s.message}`, 'Aborted (core dumped)'], expected: s.specifics.slice() };
    case 'wrapped-specific':
      return { lines: [head, `  what():  ${WRAPPER_SPECIFIC}: ${s.message}`, 'Aborted (core dumped)'], expected: ['/ckpt/run-7/step-1200', ...s.specifics] };
    case 'wrapped-restating':
      return { lines: [head, `  what():  ${WRAPPER_GENERIC}: ${s.message}`, 'Aborted (core dumped)'], expected: s.specifics.slice() };
    default:
      return null;
  }
};

/** A link of a three-link chain: class by runtime family, and message. */
interface Link {
  classes: Pick<Statement, 'python' | 'java' | 'dotnet' | 'node'>;
  message: string;
}
type Family = 'python' | 'java' | 'dotnet' | 'node';

/** The same printers as above, for a chain of links outermost first (each raised from the next). */
const LINKED: Readonly<Record<Family, (links: readonly Link[]) => string[]>> = {
  // Python prints the root first, each later link after the direct-cause sentence (traceback.py _cause_message).
  python: (links) =>
    [...links]
      .reverse()
      .flatMap((link, at) => [
        ...(at === 0 ? [] : ['', 'The above exception was the direct cause of the following exception:', '']),
        ...pyFrames(`step_${at}`),
        `${link.classes.python}: ${link.message}`,
      ]),
  // Java prints the outermost first, each cause after "Caused by: " with its frames and "... N more".
  java: (links) =>
    links.flatMap((link, at) =>
      at === 0
        ? [`Exception in thread "main" ${link.classes.java}: ${link.message}`, ...javaFrames]
        : [`Caused by: ${link.classes.java}: ${link.message}`, `\tat org.acme.train.Step${at}.run(Step${at}.java:${10 + at})`, `\t... ${at + 1} more`],
    ),
  // .NET prints each inner exception after " ---> " on the line after its outer one, frames innermost first, then one end marker per level.
  dotnet: (links) => [
    `${links[0]!.classes.dotnet}: ${links[0]!.message}`,
    ...links.slice(1).map((link) => ` ---> ${link.classes.dotnet}: ${link.message}`),
    ...links
      .slice(1)
      .flatMap((_, at) => [`   at Acme.Train.Step${at}.Run() in /src/Step${at}.cs:line ${10 + at}`, '   --- End of inner exception stack trace ---']),
    '   at Acme.Train.Program.Main(String[] args) in /src/Program.cs:line 21',
  ],
  // Node prints each cause nested under `[cause]: ` in the braces of the error above it (inspect.js formatError).
  node: (links) => {
    const lines = ['/srv/app/train.js:57', '    throw err;', '    ^', ''];
    links.forEach((link, at) => {
      const pad = '  '.repeat(at);
      lines.push(`${at === 0 ? '' : `${pad}[cause]: `}${link.classes.node}: ${link.message}`);
      lines.push(`${pad}${at === 0 ? '' : '    '}    at step${at} (/srv/app/step${at}.js:${10 + at}:5)${at < links.length - 1 ? ' {' : ''}`);
    });
    for (let at = links.length - 2; at >= 0; at -= 1) lines.push(`${'  '.repeat(at)}}`);
    return [...lines, '', 'Node.js v20.11.1'];
  },
};

/** A generic root (it names nothing) and the runtimes' classes for it. */
const GENERIC_ROOT = 'operation timed out';
const ROOT: Link['classes'] = { python: 'TimeoutError', java: 'java.util.concurrent.TimeoutException', dotnet: 'System.TimeoutException', node: 'Error' };

/** Three links with the statement at `link`: the others restate it (above) or are generic and held by it (below). */
function threeLinks(s: Statement, link: Position): { links: Link[]; expected: (family: Family) => string[] } {
  const own: Link['classes'] = { python: s.python, java: s.java, dotnet: s.dotnet, node: s.node };
  const expected = (family: Family) => [own[family], ...s.specifics];
  if (link === 'bottom') {
    const middle = `could not prepare the data loader: ${s.message}`;
    return {
      links: [
        { classes: WRAPPER, message: `${WRAPPER_GENERIC}: ${middle}` },
        { classes: WRAPPER, message: middle },
        { classes: own, message: s.message },
      ],
      expected,
    };
  }
  if (link === 'middle') {
    const middle = `${s.message}: ${GENERIC_ROOT}`;
    return {
      links: [
        { classes: WRAPPER, message: `${WRAPPER_GENERIC}: ${middle}` },
        { classes: own, message: middle },
        { classes: ROOT, message: GENERIC_ROOT },
      ],
      expected,
    };
  }
  const middle = `could not prepare the data loader: ${GENERIC_ROOT}`;
  return {
    links: [
      { classes: own, message: `${s.message}: ${middle}` },
      { classes: WRAPPER, message: middle },
      { classes: ROOT, message: GENERIC_ROOT },
    ],
    expected,
  };
}

export const RUNTIMES: Readonly<Record<string, Renderer>> = { python, java, dotnet, node, 'rust-panic': rustPanic, anyhow, go, cpp };
export const STRUCTURES: readonly Structure[] = ['single', 'wrapped-specific', 'wrapped-restating', 'during-handling', 'group'];
export const POSITIONS: readonly Position[] = ['top', 'middle', 'bottom'];

/** Lines a training program writes around its failure: progress before it, shutdown after it (none states a failure). */
const BEFORE = ['INFO step 118/500 loss=2.3141 lr=3.0e-04', 'INFO step 119/500 loss=2.3087 lr=3.0e-04', 'INFO saving metrics to /tmp/metrics.json'];
const AFTER = ['INFO flushing 3 pending metric batches', 'INFO worker pool shut down (4 workers)', 'INFO bye'];

/** How a container's lines reach the message: bare, through stern's prefix, through `kubectl logs --timestamps`. */
export const PREFIXES: Readonly<Record<string, (line: string, at: number) => string>> = {
  bare: (line) => line,
  stern: (line) => `[pod/demo-0-0/main] ${line}`,
  // SchedMD/slurm src/srun/srun.c --label: the task id, padded, then ": " on every line.
  'srun-label': (line) => ` 3: ${line}`,
  // docker/compose cmd/formatter/logs.go (LogConsumer): the service's container name padded, then "| ".
  compose: (line) => `trainer-1  | ${line}`,
  timestamps: (line, at) => `2026-12-03T10:41:${String(10 + (at % 50)).padStart(2, '0')}.118234567Z ${line}`,
};

export interface ChainCase {
  name: string;
  runtime: string;
  structure: Structure;
  position: Position;
  prefix: string;
  /** The container's output. */
  output: string;
  /** What the quote must hold: the specifics of the link the structure's principle names. */
  expected: string[];
}

/** Every runtime × structure (that the runtime prints) × position × prefix × statement. */
export function chainCases(): ChainCase[] {
  const cases: ChainCase[] = [];
  for (const [runtime, render] of Object.entries(RUNTIMES)) {
    for (const structure of STRUCTURES) {
      for (const [index, statement] of STATEMENTS.entries()) {
        const chain = render(structure, statement);
        if (chain !== null) cases.push(...placed(`${runtime} ${structure} #${index}`, runtime, structure, chain));
      }
    }
  }
  // A generic wrapper over its cause, printed by the same link printers as three-links.
  for (const [runtime, print] of Object.entries(LINKED) as [Family, (links: readonly Link[]) => string[]][]) {
    for (const [index, statement] of STATEMENTS.entries()) {
      const own: Link['classes'] = { python: statement.python, java: statement.java, dotnet: statement.dotnet, node: statement.node };
      const links = [
        { classes: WRAPPER, message: WRAPPER_GENERIC },
        { classes: own, message: statement.message },
      ];
      cases.push(
        ...placed(`${runtime} wrapped-generic #${index}`, runtime, 'wrapped-generic', {
          lines: print(links),
          expected: [own[runtime], ...statement.specifics],
        }),
      );
    }
  }
  // Three links, the statement at the root, in the middle or outermost, for the runtimes whose links carry a class.
  for (const [runtime, print] of Object.entries(LINKED) as [Family, (links: readonly Link[]) => string[]][]) {
    for (const [index, statement] of STATEMENTS.entries()) {
      for (const link of POSITIONS) {
        const { links, expected } = threeLinks(statement, link);
        cases.push(...placed(`${runtime} three-links(${link}) #${index}`, runtime, 'three-links', { lines: print(links), expected: expected(runtime) }));
      }
    }
  }
  return cases;
}

/** One chain at each position in the container's output, behind each prefix. */
function placed(name: string, runtime: string, structure: Structure, chain: Chain): ChainCase[] {
  const cases: ChainCase[] = [];
  for (const position of POSITIONS) {
    const around = position === 'top' ? [[], AFTER] : position === 'middle' ? [BEFORE, AFTER] : [BEFORE, []];
    const lines = [...around[0]!, ...chain.lines, ...around[1]!];
    for (const [prefix, put] of Object.entries(PREFIXES)) {
      // A blank line stays blank: a relay writes nothing for it (stern and kubectl keep the empty payload).
      const output = lines.map((line, at) => (line === '' ? '' : put(line, at))).join('\n');
      cases.push({ name: `${name} ${position} ${prefix}`, runtime, structure, position, prefix, output, expected: chain.expected });
    }
  }
  return cases;
}

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;

/** The quote of a case read as a termination message (Tier 1: the payload a pod's phase message carries). */
export function quotedAsMessage(chain: ChainCase): string | null {
  return findDecisiveLines(exit(chain.output), { splitPayload: true }).payload?.text ?? null;
}

/** The quote of a case read as a container's log tail (Tier 2). */
export function quotedAsLog(chain: ChainCase): string | null {
  return decisiveLogLine(chain.output, (text) => text)?.text ?? null;
}
