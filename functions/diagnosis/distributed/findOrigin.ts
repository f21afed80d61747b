/**
 * The origin of a multi-pod failure (§4.8): order the failed replicas by their first failure,
 * pass over those whose failure reads as a peer's death (collateralFormatTable.ts), and name
 * the earliest that remains. Never a majority vote, never the listing order. When the order
 * cannot be told — nothing dated, two replicas failing on their own within the same second,
 * or only peer deaths everywhere — there is no origin and the finding says why. Pure.
 */
import type { CollateralFormat, DistributedFinding } from '../model/DistributedFinding.js';
import { quoteName } from '../signals/quoteEvidence.js';
import { runsPeerReplicas } from '../ports/workloadKinds.js';
import { readReplicaFailures, type ReplicaFailure, type ReplicaInput } from './readReplicaFailures.js';
import { replicaPods } from './replicaPods.js';

/** Failures within one second are simultaneous: Run:ai and Kubernetes timestamps carry whole seconds. */
const SECOND_MS = 1000;

const second = (at: number) => Math.floor(at / SECOND_MS);

export interface OriginReading {
  finding: DistributedFinding;
  /** The origin replica (its signals decide the category); null when there is none. */
  origin: ReplicaFailure | null;
  /** The replicas whose failures are collateral. */
  collateral: ReplicaFailure[];
  /**
   * With no origin: no failed replica shows a cause of its own (an own-cause kind or a line of its
   * own), only peer deaths and bare exits — nothing to take a category from.
   */
  noOwnCause: boolean;
}

/** Null for a workload with fewer than two pods, or of a kind that runs one replica: it has no origin to find. */
export function findOrigin(input: ReplicaInput): OriginReading | null {
  const pods = replicaPods(input.evidence);
  // A kind that runs one pod at a time (workloadKinds.ts `replicas`) has attempts, not peers.
  if (pods.length < 2 || !runsPeerReplicas(input.evidence.status.type)) return null;
  const replicas = readReplicaFailures(input);
  const causeless = !replicas.some(ownCause) && replicas.some((replica) => replica.format?.strength === 'peer');
  // The first peer-death line, for a verdict with no cause to quote: the earliest dated first.
  const peerLine = (): DistributedFinding['collateralLine'] => {
    const earliest = [...replicas]
      .filter((replica) => replica.format?.strength === 'peer')
      .sort((a, b) => (a.at ?? Number.MAX_SAFE_INTEGER) - (b.at ?? Number.MAX_SAFE_INTEGER))[0];
    return earliest?.format ? { text: earliest.format.line, rule: null, fromPayload: true } : null;
  };
  const unknown = (reason: NonNullable<DistributedFinding['unknown']>['reason']): OriginReading => ({
    finding: {
      origin: null,
      collateral: 0,
      later: 0,
      collateralFormats: [],
      unknown: { reason, replicas: replicas.length },
      collateralLine: reason === 'only-collateral' || causeless ? peerLine() : null,
    },
    origin: null,
    collateral: [],
    noOwnCause: reason === 'only-collateral' || causeless,
  });
  if (replicas.length === 0) return unknown('no-replica-failure');

  // A replica may be the origin unless its failure is a peer's death with no cause of its own.
  const candidates = replicas.filter((replica) => replica.own || replica.format?.strength !== 'peer');
  if (candidates.length === 0) return unknown('only-collateral');
  if (candidates.some((candidate) => candidate.at === null)) return unknown('no-timestamps');
  const ordered = [...candidates].sort((a, b) => (a.at as number) - (b.at as number));
  // Failures within one second are simultaneous: the clock cannot order them. Among them, the one
  // replica that shows a cause of its own (an OOM kill, an exception in its log) is the origin; the
  // others only exited (a bare exit code, a wrapper). None, or two with causes of their own: untold.
  const tied = ordered.filter((candidate) => second(candidate.at as number) === second(ordered[0]!.at as number));
  const withCause = tied.filter(ownCause);
  if (tied.length > 1 && withCause.length !== 1) return unknown('same-second');
  const first = (tied.length > 1 ? withCause[0] : ordered[0]) as ReplicaFailure & { at: number };

  // §4.8: the other replicas' later failures are collateral — a peer-death format says so even
  // undated; a dated failure after the origin's with no cause of its own (an OOM kill, a node
  // failure, an Xid) is one too, whatever it printed (a bare exit 1, a SIGTERM's exit 143).
  const collateral = replicas.filter(
    (replica) => replica !== first && !replica.own && (replica.at === null ? replica.format !== null : second(replica.at) >= second(first.at)),
  );
  const signal = leadingSignal(first);
  const originLine = signal?.line?.text ?? first.format?.line ?? quoteName(first.pod.k8sPhase ?? '');
  return {
    finding: {
      origin: {
        pod: quoteName(first.pod.name),
        node: first.pod.nodeName ? quoteName(first.pod.nodeName) : null,
        at: first.at,
        kind: signal?.kind ?? null,
        line: originLine,
        lineIsStatus: originLine === quoteName(first.pod.k8sPhase ?? ''),
        source: first.source,
        rawPod: first.pod.name,
      },
      collateral: collateral.length,
      later: replicas.filter((replica) => replica !== first && !collateral.includes(replica)).length,
      collateralFormats: byFrequency(collateral.flatMap((replica) => (replica.format ? [replica.format.format] : []))),
      unknown: null,
      collateralLine: null,
    },
    origin: first,
    collateral,
    noOwnCause: false,
  };
}

/** A replica shows a cause of its own: an own-cause kind (OOM kill, node failure, Xid…) or a line of its own that is no peer's death. */
function ownCause(replica: ReplicaFailure): boolean {
  return replica.own || replica.ownLine !== null;
}

/** The signal that ended the origin: a cause of its own first (the OOM kill before the exit code it explains), then the earliest. */
function leadingSignal(replica: ReplicaFailure): ReplicaFailure['signals'][number] | null {
  const ranked = [...replica.signals].sort((a, b) => rank(a) - rank(b) || (a.at ?? Number.MAX_SAFE_INTEGER) - (b.at ?? Number.MAX_SAFE_INTEGER));
  return ranked[0] ?? null;
}

const LEAD_ORDER = ['OOM_KILLED', 'NODE_FAILURE', 'EVICTED', 'IMAGE_PULL', 'INIT_FAILED', 'MOUNT_FAILED', 'CONTAINER_CRASH', 'EXIT_SYSTEM_SIGNAL'];
function rank(signal: ReplicaFailure['signals'][number]): number {
  if (signal.xid) return -1;
  const index = LEAD_ORDER.indexOf(signal.kind);
  return index === -1 ? LEAD_ORDER.length : index;
}

function byFrequency(formats: readonly CollateralFormat[]): CollateralFormat[] {
  const counts = new Map<CollateralFormat, number>();
  for (const format of formats) counts.set(format, (counts.get(format) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([format]) => format);
}
