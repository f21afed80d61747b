/**
 * Exit-code interpretation as data, shared by both tiers: Tier 1 reads exit codes out of
 * phase messages, Tier 2 out of `containerStatuses[].state|lastState.terminated.exitCode`.
 * One row per code a GPU platform team meets; 128+n is "killed by signal n" (the shell
 * convention the container runtimes follow), so codes without a row above 128 still
 * resolve to their signal.
 *
 * `system`: the signal was sent to the container by something else (the kernel OOM
 * killer, the kubelet, a stop): the exit code alone does not say why, so it never makes a
 * CRASH_APP_ERROR on its own. A SIGSEGV or SIGABRT is raised by the process itself: an
 * application crash.
 */
import type { ExitCodeMeaning } from '../model/ExitCodeMeaning.js';

export interface ExitCodeRow {
  code: number;
  meaning: ExitCodeMeaning;
  /** The signal name for 128+n codes. */
  signal: string | null;
  system: boolean;
}

export const EXIT_CODE_TABLE: readonly ExitCodeRow[] = [
  { code: 0, meaning: 'success', signal: null, system: false },
  { code: 1, meaning: 'app-error', signal: null, system: false },
  { code: 2, meaning: 'usage-error', signal: null, system: false },
  { code: 126, meaning: 'not-executable', signal: null, system: false },
  { code: 127, meaning: 'command-not-found', signal: null, system: false },
  { code: 130, meaning: 'sigint', signal: 'SIGINT', system: false },
  { code: 134, meaning: 'sigabrt', signal: 'SIGABRT', system: false },
  { code: 137, meaning: 'sigkill', signal: 'SIGKILL', system: true },
  { code: 139, meaning: 'sigsegv', signal: 'SIGSEGV', system: false },
  { code: 143, meaning: 'sigterm', signal: 'SIGTERM', system: true },
];

const BY_CODE: ReadonlyMap<number, ExitCodeRow> = new Map(EXIT_CODE_TABLE.map((row) => [row.code, row]));

/** Highest signal number Linux defines (SIGRTMAX). */
const MAX_SIGNAL = 64;

/** The row for an exit code; 128+n without a row is "killed by signal n". Null for codes with no known meaning. */
export function interpretExitCode(code: number): ExitCodeRow | null {
  const row = BY_CODE.get(code);
  if (row) return row;
  if (Number.isInteger(code) && code > 128 && code <= 128 + MAX_SIGNAL) {
    return { code, meaning: 'signal', signal: `signal ${code - 128}`, system: false };
  }
  return null;
}

/** Exit codes caused by a signal another process sent (the kernel, kubelet, a stop): the cause lies elsewhere. */
export const SYSTEM_SIGNAL_EXIT_CODES: ReadonlySet<number> = new Set(EXIT_CODE_TABLE.filter((row) => row.system).map((row) => row.code));
