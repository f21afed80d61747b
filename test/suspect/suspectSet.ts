/**
 * A held-out suspect-node set as its test and its measurement see it: the histories, how they
 * are driven (the set's failure kinds and failure times), and the set's ledger. Both sets
 * (test/suspect, test/suspect2) are run and judged by the same runner and judge.
 */
import { judgeSuspectRun, type HistoryResult } from './judgeSuspectRun.js';
import { runSuspectHistories, type RunOptions } from './runSuspectHistories.js';
import type { SuspectHistory } from './generateHistories.js';

export interface SuspectSet {
  /** How the measurement's heading and the test's describe name the set. */
  title: string;
  histories: SuspectHistory[];
  runOptions?: RunOptions;
  /** The set's `known-misses.json`. */
  ledgerFile: string;
}

/** Every history driven through local mode end to end, then judged against its expectation. */
export async function judgeSuspectSet(set: SuspectSet): Promise<HistoryResult[]> {
  return (await runSuspectHistories(set.histories, set.runOptions)).map((run) => judgeSuspectRun(run, set.runOptions?.kinds));
}
