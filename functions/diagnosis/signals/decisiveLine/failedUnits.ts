/**
 * A framework that runs units of work (trials, tasks, workers, child processes) reports, when they
 * fail, that they did — naming the units, counting the attempts — and nothing of why: the unit's own
 * error, printed before the report, is the statement. Each framework prints its report after the
 * unit's output:
 * - Ray Tune raises `TuneError("Trials did not complete", incomplete_trials)` after logging each
 *   trial's remote traceback ("Trial task failed for trial …") (ray-project/ray python/ray/tune/tune.py
 *   run; python/ray/tune/execution/tune_controller.py _trial_task_failure);
 * - Dask raises `KilledWorker("Attempted to run task {key!r} on {n} different workers, but all those
 *   workers died while running it. …")` after the nanny's memory warnings ("Worker … exceeded 95%
 *   memory budget. Restarting...") (dask/distributed distributed/scheduler.py, distributed/worker_memory.py);
 * - Ray's `WorkerCrashedError: The worker died unexpectedly while executing this task.` (ray-project/ray
 *   python/ray/exceptions.py), loky's `TerminatedWorkerError: A worker process managed by the executor was
 *   unexpectedly terminated. …` (joblib/loky loky/process_executor.py), CPython's `BrokenProcessPool: A
 *   process in the process pool was terminated abruptly while the future was running or pending.`
 *   (python/cpython Lib/concurrent/futures/process.py).
 * - A runner of commands reports a child's failure by its exit status alone, after relaying the child's
 *   output: Go's os/exec `ExitError` prints "exit status %d", which Argo's emissary returns and cobra
 *   prints as "Error: exit status 1" (golang/go src/os/exec_posix.go ProcessState.String;
 *   argoproj/argo-workflows cmd/argoexec/commands/emissary.go); Airflow raises "Bash command failed. The
 *   command returned a non-zero exit code {exit_code}." after its SubprocessHook logged each line of the
 *   child at INFO (apache/airflow airflow/operators/bash.py execute, airflow/hooks/subprocess.py
 *   run_command); CPython's CalledProcessError "Command '…' returned non-zero exit status %d."
 *   (python/cpython Lib/subprocess.py).
 * One shape, any framework: its words, names, lists and counts aside, are a unit and its failure (died,
 * failed, did not complete, was killed or terminated) or a bare exit status (a status is a unit's failure
 * with the unit left implicit: only a process has one), with no reason word and no clause after the failure.
 * Such a report ranks just below the best statement before it that is no report itself (ties: the first
 * unit's error); with none, a unit's supervisor may have said why as a warning it survived (Dask's nanny
 * restarting a worker over its memory budget), and the latest quieter line before it that gives a reason
 * is quoted. A line no rule ranks that states a failure with a reason word is the unit's own wording (go
 * test's "file:line: message", golang/go src/testing/testing.go; npm's "npm error Missing script: …", npm/cli
 * lib/cli/exit-handler.js) and counts as its statement. A runner relays its unit's output at its own level (Airflow logs the child's lines at INFO):
 * a quieter line that a rule ranks as a statement by its content (an exception, an error line) is the
 * unit's output relayed, and is preferred to a warning. With none of them, the report stands.
 */
import { REASON_WORDS } from './genericSummary.js';
import { isStackLine } from './linePointers.js';
import { FAILURE_STATEMENT, isQuieterLevel } from './lineRules.js';
import { STATEMENT_RANK, type Ranked } from './rankedLine.js';
import type { RankPass } from './chainContext.js';
import { tracebackOpening } from './tracebackOpening.js';

/** A unit of work a framework runs, and its failure, within one clause of each other (either order). */
const UNIT = String.raw`\b(?:trials?|tasks?|workers?|jobs?|steps?|stages?|process(?:es)?|actors?|replicas?|child(?:ren)?|subprocess(?:es)?|executors?|runs?)\b`;
const FAILURE = String.raw`\b(?:failed|died|did not (?:complete|finish|succeed)|(?:was|were) (?:unexpectedly |abruptly )?(?:killed|terminated|lost)|terminated (?:unexpectedly|abruptly)|crashed|errored)\b`;
/** A process's exit status as a runner prints it ("exit status 1", "non-zero exit code 1", "return code 2"). */
const EXIT_STATUS = String.raw`\b(?:exit (?:status|code)|return code|non-zero exit)\b`;
/** A verdict word alone, names aside: go test's "FAIL" and "FAIL\t<package>\t<time>" (golang/go src/cmd/go/internal/test/test.go). */
const VERDICT_ONLY = String.raw`^\W*(?:FAIL|FAILED)\W*$`;
const REPORT = new RegExp(`${UNIT}[^.;\\n]{0,80}?${FAILURE}|${FAILURE}[^.;\\n]{0,40}?${UNIT}|${EXIT_STATUS}|${VERDICT_ONLY}`, 'i');
/** A clause after the failure that states its cause (`failed: <why>`, `failed with …`, `because of …`). */
const CAUSE_AFTER = new RegExp(
  `${FAILURE}[^.\\n]{0,40}?(?::\\s*[A-Za-z(]|\\bwith (?:an? )?(?:error|exception)\\b(?!\\s*\\.?\\s*$)|\\bbecause of\\b|\\bdue to\\b)`,
  'i',
);
/** The rules whose lines may be reports: an exception, a line its logger calls an error. */
const REPORT_RULES: ReadonlySet<string> = new Set(['exception', 'error', 'failure-statement']);
/** How far back the units' output is read: a trial's remote traceback can be long. */
const MAX_BACK = 120;

/** The line's words without what names a unit: lists, quoted identifiers, tokens holding digits, paths, addresses or dotted names. */
function words(body: string): string {
  return body
    .replace(/^\s*[\w.]+(?:Error|Exception|Worker|Pool)\b:\s*/, '')
    .replace(/\[[^\]\n]{0,400}\]/g, ' ')
    .replace(/['"`][^\s'"`]{1,200}['"`]/g, ' ')
    .split(/\s+/)
    .filter((token) => !/\d|[/_]|\w[.:]\w/.test(token))
    .join(' ');
}

/** The line only reports that units of work failed: it names them, and no reason. */
export function isFailedUnitReport(body: string): boolean {
  const said = words(body);
  return REPORT.test(said) && !CAUSE_AFTER.test(said) && !REASON_WORDS.test(said);
}

/** The best statement before `at` that is no report (ties: the earliest), else the first unranked failure with a reason, else the unit's statement relayed at a quieter level, else the latest quieter line that gives a reason. */
function unitsError(bodies: readonly string[], masked: readonly string[], ranked: readonly (Ranked | null)[], at: number): number | null {
  let best: number | null = null;
  let warned: number | null = null;
  let relayed: number | null = null;
  let stated: number | null = null;
  // The report's own traceback is the caller's code: the units' output is before its header.
  const opening = tracebackOpening(bodies, ranked, at);
  for (let index = Math.max(0, opening - MAX_BACK); index < opening; index += 1) {
    const body = bodies[index] ?? '';
    if (isStackLine(body) || isFailedUnitReport(body)) continue;
    const entry = ranked[index];
    if (isQuieterLevel(masked[index] ?? '')) {
      // A warning's reason is in its words; an exception's name in a source line is no reason.
      // The unit's own statement, relayed at the runner's level: ranked by what it says (ties: the first).
      if (entry && entry.rank >= STATEMENT_RANK) {
        if (relayed === null || entry.rank > ranked[relayed]!.rank) relayed = index;
      } else if (REASON_WORDS.test(words(body).replace(/\w*(?:Error|Exception)\b/g, ' '))) warned = index;
      continue;
    }
    // No rule knows the unit's own wording (go test's "file:line: message", npm's "npm error <message>"): a failure it states with a reason is its statement (ties: the first).
    if ((!entry || entry.rank < STATEMENT_RANK) && stated === null && FAILURE_STATEMENT.pattern.test(body) && REASON_WORDS.test(words(body))) stated = index;
    if (!entry || entry.rank < STATEMENT_RANK) continue;
    if (best === null || entry.rank > ranked[best]!.rank) best = index;
  }
  return best ?? stated ?? relayed ?? warned;
}

export const withUnitsErrorOverReport: RankPass = ({ bodies, masked }, ranked) => {
  for (const [at, body] of bodies.entries()) {
    const entry = ranked[at];
    if (!entry || !REPORT_RULES.has(entry.rule) || !isFailedUnitReport(body)) continue;
    const cause = unitsError(bodies, masked, ranked, at);
    if (cause === null) continue;
    const own = ranked[cause];
    ranked[cause] = { rank: Math.max(own?.rank ?? 0, entry.rank), rule: own?.rule ?? 'failure-statement' };
    ranked[at] = { rank: Math.min(entry.rank, ranked[cause]!.rank) - 1, rule: entry.rule };
  }
};
