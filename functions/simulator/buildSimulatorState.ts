/**
 * Merges scenarios into one control plane (local mode serves every fixture at once) and
 * resolves their relative timestamps against a single instant. Collections are indexed in
 * Maps so that ids such as `constructor` never reach Object.prototype. A workload id that
 * two scenarios both define is an error: silently serving one of them would make the
 * other scenario's verdict depend on load order.
 */
import { resolveRelativeTimestamps } from '../recording/format/resolveRelativeTimestamps.js';
import type { RecordedExchange } from '../recording/format/RecordedExchangeSchema.js';
import { ScenarioStateSchema, type Fault, type ParsedScenarioState, type ScenarioState } from '../recording/format/ScenarioSchema.js';

type WorkloadRecord = ParsedScenarioState['workloads'][number];
type EventRecord = ParsedScenarioState['events'][string][number];
type MeasurementRecord = ParsedScenarioState['metrics'][string][number];

export interface SimulatorState {
  workloads: WorkloadRecord[];
  workloadsById: Map<string, WorkloadRecord>;
  events: Map<string, EventRecord[]>;
  pods: Map<string, unknown[]>;
  history: Map<string, unknown[]>;
  metrics: Map<string, MeasurementRecord[]>;
  specs: Map<string, Record<string, unknown>>;
  workloadsV2: Map<string, Record<string, unknown>>;
  revisions: Map<string, { id: string; [key: string]: unknown }[]>;
  /** Revision id → the workload it belongs to. */
  revisionOwners: Map<string, string>;
  revisionPods: Map<string, unknown[]>;
  revisionEvents: Map<string, EventRecord[]>;
  revisionHistory: Map<string, unknown[]>;
  faults: Fault[];
  /** Recorded exchanges of every recording served, timestamps resolved. */
  recorded: RecordedExchange[];
}

export function buildSimulatorState(scenarios: readonly ScenarioState[], nowMs: number): SimulatorState {
  const state: SimulatorState = {
    workloads: [],
    workloadsById: new Map(),
    events: new Map(),
    pods: new Map(),
    history: new Map(),
    metrics: new Map(),
    specs: new Map(),
    workloadsV2: new Map(),
    revisions: new Map(),
    revisionOwners: new Map(),
    revisionPods: new Map(),
    revisionEvents: new Map(),
    revisionHistory: new Map(),
    faults: [],
    recorded: [],
  };
  scenarios.forEach((input, index) => {
    const parsed = ScenarioStateSchema.safeParse(resolveRelativeTimestamps(input, nowMs));
    if (!parsed.success) throw new Error(`scenario #${index} is invalid: ${parsed.error.message}`);
    const scenario = parsed.data;
    for (const workload of scenario.workloads) {
      if (state.workloadsById.has(workload.id)) throw new Error(`workload ${workload.id} is defined twice`);
      state.workloadsById.set(workload.id, workload);
      state.workloads.push(workload);
    }
    mergeInto(state.events, scenario.events, 'events');
    mergeInto(state.pods, scenario.pods, 'pods');
    mergeInto(state.history, scenario.history, 'history');
    mergeInto(state.metrics, scenario.metrics, 'metrics');
    mergeInto(state.specs, scenario.specs, 'specs');
    mergeInto(state.workloadsV2, scenario.workloadsV2, 'Workloads V2 bodies');
    mergeInto(state.revisions, scenario.revisions, 'revisions');
    for (const [workloadId, revisions] of Object.entries(scenario.revisions)) {
      for (const revision of revisions) {
        if (state.revisionOwners.has(revision.id)) throw new Error(`revision ${revision.id} is defined twice`);
        state.revisionOwners.set(revision.id, workloadId);
      }
    }
    mergeInto(state.revisionPods, scenario.revisionPods, 'revision pods');
    mergeInto(state.revisionEvents, scenario.revisionEvents, 'revision events');
    mergeInto(state.revisionHistory, scenario.revisionHistory, 'revision history');
    state.faults.push(...scenario.faults);
    state.recorded.push(...scenario.recorded);
  });
  return state;
}

function mergeInto<T>(target: Map<string, T>, source: Record<string, T>, what: string): void {
  for (const [workloadId, value] of Object.entries(source)) {
    if (target.has(workloadId)) throw new Error(`${what} for workload ${workloadId} are defined twice`);
    target.set(workloadId, value);
  }
}
