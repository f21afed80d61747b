/**
 * The nodes under the hosts an MPI launcher's log names for a rank it lost without a signal: Open MPI's lost
 * daemon ("ORTE has lost communication with its daemon located on node: hostname: h", open-mpi/ompi v4.1.x
 * orte/mca/errmgr/base/help-errmgr-base.txt [node-died]) and Hydra's "EXIT CODE: N" frame ("PID %d RUNNING AT
 * %s", pmodels/mpich src/pm/hydra/mpiexec/pmiserv_cb.c control_cb). Whether that node was lost or faulty is
 * what decides between the node and the rank (attributeRelays.ts), so Tier 2 reads it even when no eviction
 * event or category asked for a node read. A host is matched to a pod as attributeRelays does (podOfHost). Pure.
 */
import type { Tier2LogFinding } from '../model/Tier2Evidence.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';
import { podOfHost } from './attributeRelays.js';
import { replicaPods } from './replicaPods.js';

export function relayHostNodes(evidence: Omit<WorkloadEvidence, 'metrics' | 'tier2'>, logs: readonly Tier2LogFinding[]): string[] {
  const pods = replicaPods(evidence);
  const nodes = logs.flatMap((log) =>
    (log.relayed ?? []).flatMap((relay) => {
      if (relay.signal !== null) return [];
      const node = podOfHost(relay.host, pods)?.nodeName;
      return node ? [node] : [];
    }),
  );
  return [...new Set(nodes)];
}
