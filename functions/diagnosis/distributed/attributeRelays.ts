/**
 * An MPI launcher relays its ranks' deaths (relayedRanksOf.ts): "mpirun noticed that process rank 3 …
 * on node <host> exited on signal 9 (Killed)." The death happened on that host, not in the launcher:
 * the replica whose pod is that host failed there — at the latest when the launcher noticed — and the
 * launcher that reports it is a relay, collateral like any replica that states a peer's death. In an
 * MPIJob a rank runs under the worker pod's sshd/orted, so the worker pod itself often shows nothing of
 * the kill (it ends later, with the teardown's SIGTERM): the launcher's line is its only trace.
 *
 * The named pod keeps a cause of its own when it shows one (an OOM kill, its own exit 137): the relay
 * only confirms it. A host that names no replica, or the launcher's own pod (mpirun may run ranks in
 * its own pod), leaves everything as it was. A host is a pod when it is the pod's name or its first DNS
 * label (MPIJob hostfiles list `<pod>.<service>.<namespace>.svc`), or, failing both, the node only that
 * pod ran on (a pod on the host network reports its node's hostname).
 *
 * Open MPI's lost daemon ("ORTE has lost communication with its daemon located on node: hostname: h") names
 * a host but not a death: the daemon, or only the network to its node, went away. It is attributed only
 * when that host's node was lost (`nodeLost`: Ready=Unknown "Kubelet stopped posting node status.", a
 * TaintManagerEviction), dated as late as Kubernetes notices a node loss — the node-lifecycle controller
 * marks a silent node only after --node-monitor-grace-period (40 s; 50 s since v1.32) and the taint
 * manager deletes its pods after their unreachable toleration (300 s, the DefaultTolerationSeconds
 * admission plugin): the node loss explains the launcher's relay, and the pod on it failed no later than
 * the launcher noticed. Otherwise the report stays a consequence with no cause named. Pure.
 */
import type { Pod } from '../ports/RunaiSchemas.js';
import type { Signal } from '../model/Signal.js';
import type { Tier2LogFinding } from '../model/Tier2Evidence.js';
import type { ReplicaFailure } from './readReplicaFailures.js';

/** The pod a launcher's host names, or null when none or several do. */
export function podOfHost(host: string, pods: readonly Pod[]): Pod | null {
  const label = host.split('.')[0] ?? host;
  const byName = pods.filter((pod) => pod.name === host || pod.name === label);
  if (byName.length === 1) return byName[0] ?? null;
  if (byName.length > 1) return null;
  const byNode = pods.filter((pod) => pod.nodeName === host || pod.nodeName === label);
  return byNode.length === 1 ? (byNode[0] ?? null) : null;
}

/** Whether a replica already shows a cause of its own (as findOrigin reads it: an own-cause kind, a line of its own, a SIGKILL). */
const showsCause = (replica: ReplicaFailure) => replica.own || replica.ownLine !== null || replica.signals.some((signal) => signal.exitCode === 137);

export function attributeRelays(
  replicas: readonly ReplicaFailure[],
  pods: readonly Pod[],
  logs: readonly Tier2LogFinding[],
  rawOfQuoted: ReadonlyMap<string, string>,
  nodeLost: (pod: Pod, noticedAt: number | null) => Signal[] = () => [],
): ReplicaFailure[] {
  const result = [...replicas];
  const at = (name: string) => result.findIndex((replica) => replica.pod.name === name);
  for (const log of logs) {
    const launcherName = rawOfQuoted.get(log.fact.podName);
    const launcherAt = launcherName === undefined ? -1 : at(launcherName);
    const launcher = result[launcherAt];
    if (!launcher) continue;
    for (const relay of log.relayed ?? []) {
      const pod = podOfHost(relay.host, pods);
      if (!pod || pod.name === launcher.pod.name) continue;
      // Hydra's "EXIT CODE: N" frame names where a rank ended, not why: the rank's own output the launcher printed
      // above it (its traceback) says why, and stays the launcher's line unless that host's node failed under it.
      const exitRelay = relay.signal === null && relay.exitCode !== undefined;
      const faultUnder = exitRelay ? nodeLost(pod, launcher.at) : [];
      if (exitRelay && faultUnder.length === 0) continue;
      // The launcher relays: its line is the rank's death, or its summary of a child's failure (LogHint 'launcher':
      // Open MPI's "Primary job terminated normally, but 1 process returned a non-zero exit code"), not a cause of its own.
      const ownIsRelay =
        launcher.ownLine !== null &&
        (log.hint === 'launcher' || launcher.ownLine === relay.line || relay.line.includes(launcher.ownLine) || launcher.ownLine.includes(relay.line));
      result[launcherAt] = {
        ...launcher,
        ownLine: ownIsRelay || exitRelay ? null : launcher.ownLine,
        format: launcher.format?.strength === 'peer' ? launcher.format : { format: 'mpi-peer-exit', strength: 'peer', line: relay.line },
      };
      const targetAt = at(pod.name);
      const target = result[targetAt];
      // The named pod failed no later than the launcher noticed: its own pod may end only with the teardown, after it.
      const times = [target?.at, launcher.at].filter((time): time is number => typeof time === 'number');
      const first = times.length > 0 ? Math.min(...times) : null;
      const place = (attributed: ReplicaFailure) => {
        if (target) result[targetAt] = attributed;
        else result.push(attributed);
      };
      if (relay.signal === null) {
        const lost = exitRelay ? faultUnder : nodeLost(pod, launcher.at);
        if (lost.length === 0) continue;
        // The launcher printed the rank's output (its relayed traceback) before the frame: once the rank's host is
        // known to have failed, that line is the rank's, what its process saw of the node's fault.
        const relayedOwn = exitRelay ? launcher.ownLine : null;
        const signals = [...(target?.signals ?? []), ...lost.filter((signal) => !target?.signals.includes(signal))];
        place({
          pod,
          signals,
          at: first,
          source: first !== null && first === launcher.at ? launcher.source : (target?.source ?? launcher.source),
          format: null,
          own: true,
          ownLine: target?.ownLine ?? relayedOwn,
          read: target?.read ?? false,
          logRead: target?.logRead ?? false,
          ownExitUnread: false,
          tier1Cause: target?.tier1Cause ?? lost.some((signal) => !signal.source.startsWith('kubectl ')),
        });
        continue;
      }
      if (target && showsCause(target)) continue;
      const fromLauncher = launcher.at !== null && first === launcher.at && (target?.at ?? Number.POSITIVE_INFINITY) > launcher.at;
      place({
        pod,
        signals: target?.signals ?? [],
        at: first,
        source: fromLauncher || !target ? launcher.source : target.source,
        // Its teardown's SIGTERM came after the kill the launcher saw: not what ended the rank.
        format: null,
        own: target?.own ?? false,
        ownLine: relay.line,
        read: true,
        // The launcher relayed what the rank's process wrote: its own words are known.
        logRead: true,
        ownExitUnread: false,
        tier1Cause: target?.tier1Cause ?? false,
        relayedBy: launcher.pod.name,
      });
    }
  }
  return result;
}
