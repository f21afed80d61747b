/**
 * The Run:ai records of a fixture scenario, typed as the plant sets edit them (every set plants
 * identifiers and secrets into the same records of its base scenario), and the Run:ai event a
 * tool posting to the workload writes about one of its pods.
 */
import type { Scenario } from '../../../functions/simulator/startRunaiSimulator.js';

export interface RunaiRecords {
  workloads: Record<string, unknown>[];
  specs: Record<string, { spec: Record<string, unknown> }>;
  pods: Record<string, Record<string, unknown>[]>;
  events: Record<string, Record<string, unknown>[]>;
  history: Record<string, Record<string, unknown>[]>;
}

export const runaiRecordsOf = (scenario: Scenario): RunaiRecords => scenario.runai as unknown as RunaiRecords;

/** A Normal Run:ai event about `involved` (a pod), in the field order the API returns. */
export const runaiEventAbout =
  (clusterId: string, involved: { kind: string; name: string; namespace: string }) =>
  (id: string, createdAt: string, reason: string, message: string, source: string) => ({
    createdAt,
    id,
    type: 'Normal',
    clusterId,
    message,
    reason,
    source,
    involvedObject: involved,
  });
