/**
 * The replicas in the order of their containers' own ends, for every replica the pod list returned
 * (listReplicaPods.ts) — the order Tier 2 spends its bounded pod, log and node reads in. Pure.
 *
 * Principle (DESIGN §4.8, docs/procedure.md "Two clocks"): the replica that failed first is the origin, and
 * a replica's failure is dated by its earliest own record. Run:ai's `completedAt` is written when the pod's
 * status is next synced, so it bounds the container's end from above only; the kubelet's
 * `state.terminated.finishedAt` (or `lastState`'s, for a restarted container: k8s.io/api core/v1
 * ContainerStateTerminated) is the end itself. With every replica's `finishedAt` in hand, the earliest is
 * read first whatever the job's size, where it is listed, or how late Run:ai wrote it.
 *
 * Keys, in order:
 * 1. the earliest end of a failed container (a non-zero exit, or `OOMKilled`), cut to its whole second:
 *    `finishedAt` is a metav1.Time, RFC 3339 in whole seconds, so two ends in one second are a tie;
 * 2. within a second, a container that ended by itself (an exit below 128, an abort, an OOM kill) before one a
 *    signal from outside stopped (the teardown's SIGTERM 143, a SIGKILL 137 — exitCodes.ts `system`): the
 *    teardown stops the survivors of a failure, not its origin;
 * 3. the order given (the origin stage's evidence ranking): a tie is left to the evidence, never to the list.
 * The container's end is one of a replica's own clocks; Tier 1's dated records about the pod (a Kubernetes
 * event Run:ai relays or its history keeps: `NodeNotReady`, an `OOMKilled` event — `recordedEnds`) are others,
 * and the earliest wins (a pod on a lost node has no container end at all, only its event). A replica dated by
 * none (not returned, still running, nothing terminated, no event) keeps its given place after every dated one:
 * nothing of its own dates it, and Tier 1's order still holds for it.
 */
import { parseTimestamp } from '../../core/parseTimestamp.js';
import type { ContainerStatus, K8sPod } from '../ports/KubernetesSchemas.js';
import { interpretExitCode } from '../signals/exitCodes.js';
import { newestTermination } from './signalsFromKubernetes.js';

const SECOND_MS = 1000;

export interface ContainerEnd {
  /** Epoch ms of the earliest failed container's `finishedAt`. */
  at: number;
  /** That container ended by itself, not by a signal sent from outside. */
  byItself: boolean;
}

/** The earliest end of a failed container (main or init) of a pod, or null when none is dated. */
export function containerEndOf(pod: K8sPod): ContainerEnd | null {
  const statuses: ContainerStatus[] = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])];
  let earliest: ContainerEnd | null = null;
  for (const status of statuses) {
    const terminated = newestTermination(status)?.terminated;
    if (!terminated) continue;
    const oomKilled = /^OOMKilled$/i.test(terminated.reason?.trim() ?? '');
    if (terminated.exitCode === 0 && !oomKilled) continue;
    const at = parseTimestamp(terminated.finishedAt);
    if (at === null) continue;
    const byItself = oomKilled || !(interpretExitCode(terminated.exitCode)?.system ?? false);
    if (earliest === null || at < earliest.at || (at === earliest.at && byItself && !earliest.byItself)) earliest = { at, byItself };
  }
  return earliest;
}

/**
 * `names` reordered by their own ends (keys above): the container's, or an earlier record of the replica's own failure
 * (`recordedEnds`, epoch ms, read as an end by itself); names with neither keep their order, last.
 */
export function rankByContainerClock(
  names: readonly string[],
  pods: ReadonlyMap<string, K8sPod>,
  recordedEnds: ReadonlyMap<string, number> = new Map(),
): string[] {
  const keyed = names.map((name, index) => {
    const pod = pods.get(name);
    const container = pod ? containerEndOf(pod) : null;
    const recorded = recordedEnds.get(name);
    const end = recorded !== undefined && (container === null || recorded < container.at) ? { at: recorded, byItself: true } : container;
    return { name, index, end };
  });
  const second = (end: ContainerEnd | null) => (end === null ? Number.POSITIVE_INFINITY : Math.floor(end.at / SECOND_MS));
  return keyed
    .sort((a, b) => {
      const bySecond = second(a.end) - second(b.end);
      if (bySecond !== 0 && Number.isFinite(bySecond)) return bySecond;
      if (a.end === null || b.end === null) return a.end === b.end ? a.index - b.index : a.end === null ? 1 : -1;
      return Number(b.end.byItself) - Number(a.end.byItself) || a.index - b.index;
    })
    .map(({ name }) => name);
}
