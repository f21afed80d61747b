/**
 * What DESIGN §4.8 says should happen to one history, read from the rule's text (not from the
 * engine): a node is suspect when, within 24 h, ≥ 3 workloads failed on it from ≥ 2 distinct
 * submitters (projects when `submittedBy` is absent) with a counting signature, or when one
 * hardware Xid was seen on it; each verdict on a suspect node says so; one `node_suspect`
 * notice per node per 24 h. Readings the text leaves open are stated in README.md and here:
 * - a node is keyed by cluster AND node name (the dedup key is `node:<clusterId>/<node>`);
 * - the window is the 24 h ending at the failure being judged, both ends included, and the
 *   verdict whose failure completes the condition already carries `node.suspect`;
 * - `failures` counts the counting failures in that window including the verdict's own,
 *   `submitters` their distinct submitters;
 * - an alert sent again for the same workload is not another failed workload ("≥ 3 workloads");
 * - submitters are compared trimmed and case-folded: the same person typed differently is
 *   "one user resubmitting", which "never makes a node suspect".
 */
import { FAILURE_KINDS, kindOf, type KindTable } from './failureKinds.js';

export const WINDOW_MS = 24 * 3_600_000;

export interface PlannedFailure {
  /** A label of the history's own clusters ('A', 'B'); the runner gives each a cluster id. */
  cluster: string;
  node: string;
  /** A kind of the set's table (FAILURE_KINDS here; test/suspect2 has its own). */
  kind: string;
  project: string;
  submittedBy: string | null;
  /** Minutes after the history's start. */
  atMinutes: number;
  /** The workload's name (unique within the history, except for its resends). */
  name: string;
  /**
   * Minutes between the failure and its alert reaching the product, beyond the usual few (a
   * poller's interval, a queue's retries): the rule is about when workloads failed, not when
   * they were reported.
   */
  reportedLateMinutes: number;
  /** An alert sent again for a workload already failed (same name, same workload id): not another failed workload. */
  resend: boolean;
  /** A distributed workload's other replicas' nodes, in the order of the kind's `peerSourceNodes`. */
  peerNodes?: string[];
  /** The workload's department (Run:ai `departmentName`), when the history sets one. */
  department?: string;
  /** How the workload's timestamps are written (RFC 3339 offset and fraction digits); absent: as resolved (UTC, milliseconds). */
  timestamps?: { offsetMinutes: number; fractionDigits: 0 | 3 | 6 | 9 };
}

export interface ExpectedVerdict {
  name: string;
  /** null: no `node.suspect`; 'any': the rule text says nothing (a routed verdict). */
  suspect: { failures: number; submitters: number; windowHours: 24 } | null | 'any';
}

export interface ExpectedNotice {
  cluster: string;
  node: string;
  /** The workload whose verdict completes the condition (the notice goes out with it). */
  trigger: string;
  /** The counting workloads in the window at that moment: what the notice lists. */
  workloads: string[];
}

export interface Expectation {
  verdicts: ExpectedVerdict[];
  notices: ExpectedNotice[];
}

const submitterOf = (failure: PlannedFailure) =>
  failure.submittedBy !== null && failure.submittedBy.trim() !== '' ? `user:${failure.submittedBy.trim().toLowerCase()}` : `project:${failure.project}`;

/** What a set may read differently from this one: its kinds, and how distinct submitters are counted in a window. */
export interface ReadingOptions {
  kinds?: KindTable;
  /** The distinct submitters of a window's counting failures (default: trimmed, case-folded, projects standing in per failure). */
  distinctSubmitters?: (counting: readonly PlannedFailure[]) => number;
}

export function expectSuspicion(failures: readonly PlannedFailure[], options: ReadingOptions = {}): Expectation {
  const kinds = options.kinds ?? FAILURE_KINDS;
  const kind = (failure: PlannedFailure) => kindOf(kinds, failure.kind);
  const distinctSubmitters = options.distinctSubmitters ?? ((counting: readonly PlannedFailure[]) => new Set(counting.map(submitterOf)).size);
  const ordered = [...failures].sort((a, b) => a.atMinutes - b.atMinutes);
  const verdicts: ExpectedVerdict[] = [];
  const notices: ExpectedNotice[] = [];
  const lastNotice = new Map<string, number>();
  for (const failure of ordered) {
    // A resend adds no failed workload; what the product publishes for it the text does not say.
    if (failure.resend) continue;
    const at = failure.atMinutes * 60_000;
    const key = `${failure.cluster}/${failure.node}`;
    const window = ordered.filter(
      (other) => !other.resend && `${other.cluster}/${other.node}` === key && other.atMinutes * 60_000 <= at && at - other.atMinutes * 60_000 <= WINDOW_MS,
    );
    const counting = window.filter((other) => kind(other).counts);
    const submitters = distinctSubmitters(counting);
    const suspect = (counting.length >= 3 && submitters >= 2) || window.some((other) => kind(other).hardwareXid);
    verdicts.push({
      name: failure.name,
      suspect: kind(failure).routed ? 'any' : suspect ? { failures: counting.length, submitters, windowHours: 24 } : null,
    });
    const previous = lastNotice.get(key);
    if (suspect && (previous === undefined || at - previous >= WINDOW_MS)) {
      lastNotice.set(key, at);
      notices.push({ cluster: failure.cluster, node: failure.node, trigger: failure.name, workloads: counting.map((other) => other.name) });
    }
  }
  return { verdicts, notices };
}
