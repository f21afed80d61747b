/**
 * A report that units of work failed yields to the units' own error before it (failedUnits.ts).
 * Generated as the unit's error × the framework's report × a relay prefix. Reports: Ray Tune's
 * TuneError (ray-project/ray python/ray/tune/tune.py), Dask's KilledWorker (dask/distributed
 * distributed/scheduler.py), Ray's WorkerCrashedError (python/ray/exceptions.py), loky's
 * TerminatedWorkerError (joblib/loky loky/process_executor.py), CPython's BrokenProcessPool
 * (Lib/concurrent/futures/process.py). Errors: a CPython traceback's exception, glog's `E` line
 * (google/glog src/logging.cc), a bash diagnostic (bminor/bash error.c). The names are written for these tests.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';
import { isFailedUnitReport } from '../../functions/diagnosis/signals/decisiveLine/failedUnits.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;
const quoteOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload?.text ?? '';

const ERRORS: Record<string, { lines: string[]; quoted: string }> = {
  python: {
    lines: ['Traceback (most recent call last):', '  File "/app/train.py", line 41, in train_fn', '    lr = config["lr"]', "KeyError: 'lr'"],
    quoted: "KeyError: 'lr'",
  },
  glog: { lines: ['E1207 10:41:22.118000 412 loader.cc:88] shard /data/train-00007.arrow is truncated: expected 1024 rows, read 977'], quoted: 'is truncated' },
  bash: { lines: ['/app/stage.sh: line 9: DATA_DIR: unbound variable'], quoted: 'DATA_DIR: unbound variable' },
};
const REPORTS: Record<string, string[]> = {
  tune: [
    '2026-12-07 10:41:22,344\tERROR tune.py:1037 -- Trials did not complete: [train_fn_5f0e2_00000, train_fn_5f0e2_00001]',
    'Traceback (most recent call last):',
    '  File "/app/sweep.py", line 77, in <module>',
    '    tune.run(train_fn)',
    "ray.tune.error.TuneError: ('Trials did not complete', [train_fn_5f0e2_00000, train_fn_5f0e2_00001])",
  ],
  dask: [
    'Traceback (most recent call last):',
    '  File "/app/prepare.py", line 58, in <module>',
    "distributed.scheduler.KilledWorker: Attempted to run task ('read-parquet-3f1c9a', 17) on 4 different workers, but all those workers died while running it. The last worker that attempt to run the task was tcp://127.0.0.1:41127. Inspecting worker logs is often a good next step to diagnose what went wrong.",
  ],
  ray: [
    'ray.exceptions.WorkerCrashedError: The worker died unexpectedly while executing this task. Check python-core-worker-*.log files for more information.',
  ],
  loky: [
    'joblib.externals.loky.process_executor.TerminatedWorkerError: A worker process managed by the executor was unexpectedly terminated. This could be caused by a segmentation fault while calling the function or by an excessive memory usage causing the Operating System to kill the worker.',
  ],
  pool: ['concurrent.futures.process.BrokenProcessPool: A process in the process pool was terminated abruptly while the future was running or pending.'],
};
const PREFIXES: Record<string, (line: string) => string> = {
  none: (line) => line,
  ray: (line) => `(TrainWorker pid=812, ip=10.0.3.17) ${line}`,
};

describe("a report that units failed yields to the units' own error", () => {
  for (const [error, { lines, quoted }] of Object.entries(ERRORS)) {
    for (const [report, tail] of Object.entries(REPORTS)) {
      for (const [prefix, put] of Object.entries(PREFIXES)) {
        // glog's level letter behind Ray's relay header is not read as a level (withoutLogPrefix.ts strips both headers): a limitation of its own.
        if (error === 'glog' && prefix !== 'none') continue;
        it(`${error} then ${report}, prefix ${prefix}`, () => {
          const text = ['INFO:sweep:starting 2 trials', ...lines.map(put), ...tail].join('\n');
          expect(quoteOf(exit(text))).toContain(quoted);
        });
      }
    }
  }
  it("with no error before it, the units' supervisor's warning that gives a reason is quoted", () => {
    const text = [
      '2026-12-07 10:41:02,118 - distributed.worker.memory - WARNING - Unmanaged memory use is high. This may indicate a memory leak.',
      '2026-12-07 10:41:21,904 - distributed.nanny.memory - WARNING - Worker tcp://127.0.0.1:41127 (pid=437) exceeded 95% memory budget. Restarting...',
      ...REPORTS.dask!,
    ];
    expect(quoteOf(exit(text.join('\n')))).toContain('exceeded 95% memory budget');
  });
  it("the report's own frames, relayed below error, give no reason (an exception's name in a source line)", () => {
    const relay = (line: string) => `\u001b[33mWARNING\u001b[0m:launcher:${line}`;
    const text = [
      '[Parallel(n_jobs=8)]: Using backend LokyBackend with 8 concurrent workers.',
      'Traceback (most recent call last):',
      '  File "/usr/local/lib/python3.11/site-packages/joblib/parallel.py", line 1754, in _retrieve',
      '    raise TerminatedWorkerError(',
      ...REPORTS.loky!,
    ].map(relay);
    expect(quoteOf(exit(text.join('\n')))).toContain('TerminatedWorkerError: A worker process');
  });
  it('with nothing before it, the report stands', () => {
    expect(quoteOf(exit(['INFO:sweep:starting', ...REPORTS.pool!].join('\n')))).toContain('BrokenProcessPool');
  });
  it('a report that states its cause after the failure is no bare report', () => {
    const spark =
      'org.apache.spark.SparkException: Job aborted due to stage failure: Task 0 in stage 1.0 failed 4 times, most recent failure: Lost task 0.3 in stage 1.0 (TID 3): java.lang.OutOfMemoryError: Java heap space';
    expect(quoteOf(exit(['ERROR:loader:retrying shard 7', spark].join('\n')))).toContain('Java heap space');
    expect(isFailedUnitReport(spark)).toBe(false);
    expect(isFailedUnitReport("Trial 3 failed because of the following error: ValueError('lr must be positive')")).toBe(false);
    expect(isFailedUnitReport('worker 2 failed: connection refused by 10.0.0.7:29500')).toBe(false);
  });
  it('reads reports, not statements', () => {
    expect(isFailedUnitReport("ray.tune.error.TuneError: ('Trials did not complete', [train_fn_00000])")).toBe(true);
    expect(isFailedUnitReport('Trial task failed for trial train_fn_5f0e2_00001')).toBe(true);
    expect(isFailedUnitReport("Task ('read-parquet-3f1c9a', 17) marked as failed because 4 workers died while trying to run it")).toBe(true);
    expect(isFailedUnitReport("KeyError: 'lr'")).toBe(false);
    expect(isFailedUnitReport('the task definition is invalid: missing field image')).toBe(false);
    expect(isFailedUnitReport('step 1200: loss 2.31')).toBe(false);
  });
});
