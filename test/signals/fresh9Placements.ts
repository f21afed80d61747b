/**
 * The placement generator of the ninth fresh corpus (fixtures/signals-fresh9). It places decisive
 * lines of this corpus's own collected families inside surroundings no older generator placed, each
 * a verbatim upstream text: (a) an exception chain printed by a runtime other than Python or Java
 * after the cause — a Rust anyhow `Caused by:` list (the cause at the bottom), a Node `[cause]:`
 * block with a deeper generic cause (the cause in the middle), a .NET AggregateException whose first
 * line carries the cause in parentheses above its ` ---> ` inner exception (the cause at the top);
 * (b) the cause inside a Python ExceptionGroup's `|` frames, alone or before a second, later
 * sub-exception; (c) tqdm and datasets progress bars, their carriage-return frames kept in one log
 * line as a terminal log keeps them, right before the error; (d) the output of two processes
 * interleaved — torchrun's `[default1]:` rank prefixes with the healthy rank's lines, honcho's
 * `trainer.1 |` next to a sync sidecar and the supervisor's stop and SIGTERM lines — where only one
 * process fails; (e) the cause followed by 30 or more lines of teardown noise (DataLoader's
 * `Exception ignored in:` blocks, the resource tracker's leaked-semaphore warning, PyTorch's
 * process-group-not-destroyed warning, `Error in atexit._run_exitfuncs:`). Chains and frames restate
 * the base entry's decisive text the way a supervisor restates a child's last error line; the
 * expectation and the decisive text stay the base entry's. Its output is `placed-logs-9.json`,
 * written by generateFresh9Placements.ts and checked by fresh9Corpus.test.ts. Deterministic: the
 * timestamps come from a seeded generator (SEED), no clock.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderSeededPlacements, type Draw, type Noise, type PrefixStyle } from './placeLogTail.js';

const FRESH9_DIR = fileURLToPath(new URL('../../fixtures/signals-fresh9/', import.meta.url));
const PLACED_SOURCE = 'placed-logs-9';
export const PLACED_FILE = join(FRESH9_DIR, `${PLACED_SOURCE}.json`);

/** The seed of the generator: change it and every timestamp changes, nothing else. */
export const SEED = 9;

/** honcho's clock: the first line's second is drawn, each later line is 0.2 s after the one before it. */
const honchoTime = (draw: Draw, at: number) => `10:41:${String(22 + Math.floor((draw.micros + at * 200000) / 1000000)).padStart(2, '0')}`;

/** The other process's lines carry their own prefix already (they are placed as that process wrote them). */
const OTHER_RANK = /^\[default0\]:/;
const OTHER_HONCHO = /^(?:\d\d:\d\d:\d\d )?(?:uploader\.1|system {4}) \| /;

export const PREFIX_STYLES = {
  torchrunTee: {
    label: 'torchrun --tee 3 with its default log line prefix "[default1]:" for the failing rank, the healthy rank\'s lines "[default0]:" among them',
    citation:
      'pytorch/pytorch torch/distributed/elastic/multiprocessing/api.py (the tee/redirect log line prefix, `f"[{role_name}{local_rank}]:"` with role "default", written before each line a local rank prints, no space after the colon)',
    place: (line) => (OTHER_RANK.test(line) ? line : `[default1]:${line}`),
  },
  honcho: {
    label:
      'honcho (a Procfile supervisor in the container) prefixing "10:41:22 trainer.1  | ", the sidecar\'s "uploader.1 | " and its own "system    | " lines among them',
    citation:
      'nickstenning/honcho honcho/printer.py Printer.write ("{time} {name}| " with the name left-justified to the longest process name, time "%H:%M:%S") and honcho/manager.py (the "system" lines)',
    place: (line, at, draw) => {
      const time = honchoTime(draw, at);
      if (OTHER_HONCHO.test(line)) return line.startsWith('uploader.1') || line.startsWith('system') ? `${time} ${line}` : line;
      return `${time} trainer.1  | ${line}`;
    },
  },
  bare: {
    label: 'no prefix (the structure alone)',
    citation: "the container's own output as the carrier relays it, so that the surrounding lines alone are measured",
    place: (line) => line,
  },
} satisfies Record<string, PrefixStyle>;

/** The lines of a DataLoader iterator's finaliser failing at interpreter shutdown, as PyTorch users report it. */
const dataLoaderDel = (address: string) => [
  `Exception ignored in: <function _MultiProcessingDataLoaderIter.__del__ at ${address}>`,
  'Traceback (most recent call last):',
  '  File "/usr/local/lib/python3.11/site-packages/torch/utils/data/dataloader.py", line 1618, in __del__',
  '    self._shutdown_workers()',
  '  File "/usr/local/lib/python3.11/site-packages/torch/utils/data/dataloader.py", line 1601, in _shutdown_workers',
  '    if w.is_alive():',
  '  File "/usr/local/lib/python3.11/multiprocessing/process.py", line 160, in is_alive',
  "    assert self._parent_pid == os.getpid(), 'can only test a child process'",
  'AssertionError: can only test a child process',
];

/** Surroundings real logs put next to a cause, none of which explains it (the texts are upstream's). */
export const NOISE = {
  chainAnyhow: {
    lines: (decisive) => ['Error: stage `prepare` failed', '', 'Caused by:', '    0: child process reported an error', `    1: ${decisive}`],
    citation:
      'dtolnay/anyhow src/fmt.rs ErrorImpl::debug ("\\n\\nCaused by:" then "    {n}: {cause}" per source) and rust-lang/rust library/std/src/process.rs (`Error: {err:?}` for a main returning Err), for a Rust stage runner that wraps its child\'s last error line as the root of its chain: the cause at the bottom, a generic summary at the top',
  },
  chainNodeCause: {
    lines: (decisive) => [
      'file:///srv/runner/run.mjs:27',
      "    throw new Error('stage prepare failed', { cause: err });",
      '          ^',
      '',
      'Error: stage prepare failed',
      '    at runStage (file:///srv/runner/run.mjs:27:11)',
      '    at async main (file:///srv/runner/run.mjs:40:3) {',
      `  [cause]: Error: ${decisive}`,
      '      at parseChildError (file:///srv/runner/run.mjs:14:10)',
      '      at ChildProcess.<anonymous> (file:///srv/runner/run.mjs:21:14) {',
      '    [cause]: Error: child exited with code 1',
      '        at ChildProcess.<anonymous> (file:///srv/runner/run.mjs:20:21)',
      '        at ChildProcess.emit (node:events:519:28)',
      '        at ChildProcess._handle.onexit (node:internal/child_process:294:12)',
      '  }',
      '}',
      '',
      'Node.js v20.18.0',
    ],
    citation:
      'nodejs/node lib/internal/util/inspect.js formatError (an Error\'s `cause` printed as an indented "[cause]: " property, nested causes deeper) with the source line and caret of lib/internal/process/execution.js / src/node_errors.cc and the "Node.js v20.18.0" trailer, for a Node stage runner throwing `new Error(\'stage prepare failed\', { cause: err })` over its child\'s last error line, itself caused by the exit: the cause in the middle, a generic summary above and a consequence below',
  },
  chainDotnetAggregate: {
    lines: (decisive) => [
      `Unhandled exception. System.AggregateException: One or more errors occurred. (${decisive})`,
      ` ---> System.Exception: ${decisive}`,
      '   at Runner.Stages.PrepareStage.RunAsync(CancellationToken token) in /src/Runner/Stages/PrepareStage.cs:line 48',
      '   --- End of inner exception stack trace ---',
      '   at System.Threading.Tasks.Task.ThrowIfExceptional(Boolean includeTaskCanceledExceptions)',
      '   at System.Threading.Tasks.Task.Wait(Int32 millisecondsTimeout, CancellationToken cancellationToken)',
      '   at Runner.Program.Main(String[] args) in /src/Runner/Program.cs:line 22',
    ],
    citation:
      'dotnet/runtime src/libraries/System.Private.CoreLib/src/System/AggregateException.cs (Message: "One or more errors occurred." followed by each inner message in parentheses), src/libraries/System.Private.CoreLib/src/System/Exception.cs ToString (" ---> " before the inner exception, "   --- End of inner exception stack trace ---") and the host\'s "Unhandled exception. " prefix, for a .NET runner whose stage throws the child\'s last error line and whose Main waits on the task: the cause on the first line, in the summary\'s parentheses',
  },
  frameTaskGroup: {
    lines: (decisive) => [
      '  + Exception Group Traceback (most recent call last):',
      '  |   File "/app/launch.py", line 41, in <module>',
      '  |     asyncio.run(main())',
      '  |   File "/usr/local/lib/python3.11/asyncio/runners.py", line 190, in run',
      '  |     return runner.run(main)',
      '  |   File "/usr/local/lib/python3.11/asyncio/base_events.py", line 653, in run_until_complete',
      '  |     return future.result()',
      '  |   File "/app/launch.py", line 33, in main',
      '  |     async with asyncio.TaskGroup() as tg:',
      '  |   File "/usr/local/lib/python3.11/asyncio/taskgroups.py", line 145, in __aexit__',
      '  |     raise me from None',
      '  | ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)',
      '  +-+---------------- 1 ----------------',
      '    | Traceback (most recent call last):',
      '    |   File "/app/launch.py", line 24, in run_stage',
      '    |     raise RuntimeError(last_error_line)',
      `    | RuntimeError: ${decisive}`,
      '    +------------------------------------',
    ],
    citation:
      'python/cpython Lib/traceback.py TracebackException.format (an exception group: "  + Exception Group Traceback (most recent call last):", its frames behind "  | ", each sub-exception between "+---------------- N ----------------" rules behind "    | ") and Lib/asyncio/taskgroups.py (`ExceptionGroup("unhandled errors in a TaskGroup", errors)`), for a launcher whose stage task raises its child\'s last error line: the cause framed inside the group, the group\'s generic line above it',
  },
  frameExceptionGroup2: {
    lines: (decisive) => [
      '  + Exception Group Traceback (most recent call last):',
      '  |   File "/app/launch.py", line 41, in <module>',
      '  |     asyncio.run(main())',
      '  |   File "/usr/local/lib/python3.11/asyncio/runners.py", line 190, in run',
      '  |     return runner.run(main)',
      '  |   File "/app/launch.py", line 33, in main',
      '  |     async with asyncio.TaskGroup() as tg:',
      '  |   File "/usr/local/lib/python3.11/asyncio/taskgroups.py", line 145, in __aexit__',
      '  |     raise me from None',
      '  | ExceptionGroup: unhandled errors in a TaskGroup (2 sub-exceptions)',
      '  +-+---------------- 1 ----------------',
      '    | Traceback (most recent call last):',
      '    |   File "/app/launch.py", line 24, in run_stage',
      '    |     raise RuntimeError(last_error_line)',
      `    | RuntimeError: ${decisive}`,
      '    +---------------- 2 ----------------',
      '    | Traceback (most recent call last):',
      '    |   File "/app/launch.py", line 29, in heartbeat',
      '    |     await writer.drain()',
      '    |   File "/usr/local/lib/python3.11/asyncio/streams.py", line 392, in drain',
      '    |     await self._protocol._drain_helper()',
      '    |   File "/usr/local/lib/python3.11/asyncio/streams.py", line 166, in _drain_helper',
      "    |     raise ConnectionResetError('Connection lost')",
      '    | ConnectionResetError: Connection lost',
      '    +------------------------------------',
    ],
    citation:
      "python/cpython Lib/traceback.py TracebackException.format (the group's \"| \" frames and one \"+---------------- N ----------------\" block per sub-exception) and Lib/asyncio/streams.py FlowControlMixin._drain_helper (`raise ConnectionResetError('Connection lost')`), for a launcher whose stage task raises its child's last error line while its heartbeat task loses its connection as the stage's process goes away: the cause in the first frame, a later consequence in the second",
  },
  tqdmShards: {
    lines: [
      'Loading checkpoint shards:   0%|          | 0/4 [00:00<?, ?it/s]\rLoading checkpoint shards:  25%|██▌       | 1/4 [00:03<00:09,  3.12s/it]\rLoading checkpoint shards:  50%|█████     | 2/4 [00:06<00:06,  3.08s/it]',
    ],
    citation:
      'tqdm/tqdm tqdm/std.py format_meter (the default bar_format "{l_bar}{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}, {rate_fmt}{postfix}]") and its status printer writing "\\r" before each frame, with huggingface/transformers src/transformers/modeling_utils.py\'s desc "Loading checkpoint shards": the frames of one unfinished bar kept in one log line, as a container log keeps a terminal\'s carriage returns',
  },
  datasetsMap: {
    lines: [
      'Map (num_proc=8):   0%|          | 0/50000 [00:00<?, ? examples/s]\rMap (num_proc=8):  12%|█▏        | 6000/50000 [00:04<00:29, 1497.36 examples/s]\rMap (num_proc=8):  37%|███▋      | 18500/50000 [00:12<00:21, 1459.12 examples/s]',
    ],
    citation:
      'huggingface/datasets src/datasets/arrow_dataset.py Dataset.map (the tqdm desc "Map (num_proc=%d)" and unit " examples") over tqdm/tqdm tqdm/std.py format_meter with "\\r" frames: an unfinished bar in one log line before the error',
  },
  rankHealthyLoss: {
    lines: [
      "[default0]:{'loss': 2.1043, 'grad_norm': 1.2731, 'learning_rate': 1.98e-05, 'epoch': 0.05}",
      "[default0]:{'loss': 1.9872, 'grad_norm': 1.0416, 'learning_rate': 1.96e-05, 'epoch': 0.1}",
    ],
    citation:
      "huggingface/transformers src/transformers/trainer_callback.py ProgressCallback.on_log (the logs dict written with str(logs) on its own line) on the healthy rank, behind torchrun's \"[default0]:\" prefix (pytorch/pytorch torch/distributed/elastic/multiprocessing/api.py): the other process's lines around the failing one's",
  },
  honchoUploader: {
    lines: [
      'uploader.1 | Transferred:   \t  412.305 MiB / 412.305 MiB, 100%, 38.127 MiB/s, ETA 0s',
      'uploader.1 | Transferred:            3 / 3, 100%',
      'uploader.1 | Elapsed time:        11.2s',
    ],
    citation:
      'rclone/rclone fs/accounting/stats.go StatsInfo.String ("Transferred:   \\t%10s / %s, %s, %s, ETA %s", the file count line and "Elapsed time:") from a checkpoint sync sidecar, behind honcho\'s "uploader.1 | " (nickstenning/honcho honcho/printer.py): the healthy process\'s lines before the failing one\'s',
  },
  honchoStop: {
    lines: [
      'system     | trainer.1 stopped (rc=1)',
      'system     | sending SIGTERM to uploader.1 (pid 9)',
      'uploader.1 | Transferred:            0 / 0, -',
      'system     | uploader.1 stopped (rc=-15)',
    ],
    citation:
      'nickstenning/honcho honcho/manager.py Manager.loop and _killall (its own "system" process: "%s stopped (rc=%s)", "sending SIGTERM to %s (pid %s)") after the failing process exits, and the sidecar\'s last rclone stats line: a SIGTERM and an rc=-15 that are consequences of the failure, not its cause',
  },
  teardownDataLoader: {
    lines: [
      ...dataLoaderDel('0x7f3a2c1b9ee0'),
      ...dataLoaderDel('0x7f3a2c1b9ee0'),
      ...dataLoaderDel('0x7f3a2c1b9ee0'),
      '/usr/local/lib/python3.11/multiprocessing/resource_tracker.py:254: UserWarning: resource_tracker: There appear to be 2 leaked semaphore objects to clean up at shutdown',
      "  warnings.warn('resource_tracker: There appear to be %d '",
      '/usr/local/lib/python3.11/multiprocessing/resource_tracker.py:254: UserWarning: resource_tracker: There appear to be 1 leaked shared_memory objects to clean up at shutdown',
      "  warnings.warn('resource_tracker: There appear to be %d '",
      "/usr/local/lib/python3.11/multiprocessing/resource_tracker.py:267: UserWarning: resource_tracker: '/psm_5c1e2a77': [Errno 2] No such file or directory: '/psm_5c1e2a77'",
      "  warnings.warn('resource_tracker: %r: %s' % (name, e))",
      '[rank1]:[W1203 10:41:24.118443211 ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())',
    ],
    citation:
      'pytorch/pytorch torch/utils/data/dataloader.py _MultiProcessingDataLoaderIter.__del__ → _shutdown_workers at interpreter shutdown, printed by python/cpython Python/errors.c PyErr_WriteUnraisable ("Exception ignored in: %R" and the traceback) three times (one per iterator still alive: train, eval, prefetch), the AssertionError from Lib/multiprocessing/process.py is_alive (\'can only test a child process\'); Lib/multiprocessing/resource_tracker.py main\'s leaked-resource warnings; pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp ~ProcessGroupNCCL\'s "process group has NOT been destroyed" warning (PyTorch 2.4+): more than 30 lines of teardown after the cause, each a consequence of the exit',
  },
  teardownAtexit: {
    lines: [
      'Error in atexit._run_exitfuncs:',
      'Traceback (most recent call last):',
      '  File "/usr/local/lib/python3.11/logging/__init__.py", line 2190, in shutdown',
      '    h.flush()',
      '  File "/usr/local/lib/python3.11/logging/__init__.py", line 1117, in flush',
      '    self.stream.flush()',
      'BrokenPipeError: [Errno 32] Broken pipe',
      ...dataLoaderDel('0x7f61e08a3d80'),
      ...dataLoaderDel('0x7f61e08a3d80'),
      '/usr/local/lib/python3.11/multiprocessing/resource_tracker.py:254: UserWarning: resource_tracker: There appear to be 3 leaked semaphore objects to clean up at shutdown',
      "  warnings.warn('resource_tracker: There appear to be %d '",
      "Exception ignored in: <module 'threading' from '/usr/local/lib/python3.11/threading.py'>",
      'Traceback (most recent call last):',
      '  File "/usr/local/lib/python3.11/threading.py", line 1590, in _shutdown',
      '    lock.acquire()',
      'KeyboardInterrupt: ',
      'Exception ignored on flushing sys.stdout:',
      'BrokenPipeError: [Errno 32] Broken pipe',
    ],
    citation:
      'python/cpython Modules/atexitmodule.c atexit_callfuncs ("Error in atexit._run_exitfuncs:" and the traceback of logging.shutdown\'s flush to a closed pipe), pytorch/pytorch torch/utils/data/dataloader.py\'s finaliser through Python/errors.c PyErr_WriteUnraisable, Lib/multiprocessing/resource_tracker.py\'s leaked-semaphore warning, Lib/threading.py _shutdown interrupted at exit ("Exception ignored in: <module \'threading\' …>") and Python/pylifecycle.c flush_std_files ("Exception ignored on flushing sys.stdout:"): more than 30 lines of teardown, several of them later exceptions, after the cause',
  },
} satisfies Record<string, Noise>;

type StyleName = keyof typeof PREFIX_STYLES;
type NoiseName = keyof typeof NOISE;

/**
 * The entries placed: family, index in it, prefix style, noise before the tail, noise after it.
 * Where the cause sits in the whole tail: first (a chain, frame or teardown after only), in the
 * middle (a progress bar or another process before, a chain or teardown after), and inside a chain
 * at the bottom (anyhow), in the middle (Node) or at the top (.NET). Only one-line decisive texts.
 */
export const PLACEMENTS: readonly (readonly [string, number, StyleName, readonly NoiseName[], readonly NoiseName[]])[] = [
  ['git-checkout-9', 0, 'honcho', ['honchoUploader'], ['honchoStop']],
  ['git-checkout-9', 2, 'bare', [], ['chainNodeCause']],
  ['git-checkout-9', 6, 'honcho', [], ['chainAnyhow']],
  ['git-checkout-9', 5, 'bare', [], ['chainDotnetAggregate']],
  ['object-stores-9', 0, 'torchrunTee', ['rankHealthyLoss'], ['teardownDataLoader']],
  ['object-stores-9', 2, 'honcho', ['honchoUploader'], ['honchoStop']],
  ['object-stores-9', 5, 'bare', [], ['chainAnyhow']],
  ['object-stores-9', 6, 'bare', [], ['chainNodeCause']],
  ['vector-search-9', 0, 'bare', [], ['frameTaskGroup']],
  ['vector-search-9', 4, 'torchrunTee', ['tqdmShards'], ['teardownAtexit']],
  ['vector-search-9', 6, 'bare', ['tqdmShards'], ['chainDotnetAggregate']],
  ['vector-search-9', 5, 'honcho', [], ['frameExceptionGroup2']],
  ['python-entry-9', 4, 'torchrunTee', ['rankHealthyLoss'], ['frameTaskGroup']],
  ['python-entry-9', 6, 'bare', ['datasetsMap'], ['teardownAtexit']],
  ['python-entry-9', 0, 'honcho', ['honchoUploader'], ['chainAnyhow']],
  ['rust-programs-9', 2, 'bare', [], ['chainNodeCause']],
  ['rust-programs-9', 5, 'torchrunTee', ['datasetsMap'], ['teardownDataLoader']],
  ['rust-programs-9', 4, 'bare', ['tqdmShards'], ['teardownDataLoader']],
  ['env-activation-9', 0, 'honcho', [], ['honchoStop']],
  ['env-activation-9', 4, 'bare', [], ['chainDotnetAggregate']],
  ['env-activation-9', 5, 'bare', [], ['frameExceptionGroup2']],
];

/** The text of `placed-logs-9.json`, as generateFresh9Placements.ts writes it. */
export function renderPlacedEntries(): string {
  return renderSeededPlacements({
    dir: FRESH9_DIR,
    source: PLACED_SOURCE,
    description:
      "Generated (test/signals/fresh9Placements.ts, seeded): single-line decisive texts of this corpus's collected families inside surroundings no older generator placed — an exception chain of another runtime after the cause that restates it at the chain's bottom (Rust anyhow), middle (Node [cause]) or top (.NET AggregateException), the cause inside a Python ExceptionGroup's frames (alone, or before a later sub-exception), tqdm and datasets progress bars with their carriage-return frames before it, a second process's lines around it (torchrun's rank prefixes, honcho's sidecar and its stop and SIGTERM lines), and 30 or more lines of teardown after it (DataLoader finalisers, resource-tracker warnings, PyTorch's process-group warning, atexit errors) — behind torchrun's tee prefix, honcho's prefix or none. The expectation is the base entry's.",
    generator: 'test/signals/fresh9Placements.ts',
    seed: SEED,
    styles: PREFIX_STYLES,
    noise: NOISE,
    placements: PLACEMENTS,
  });
}
