/**
 * Plain-JSON access to one held-out case's scenario (fixtures/README.md format, as
 * buildHeldOutCase writes it): the workload record, its pods, events, history, spec, and the
 * Tier 2 `kubernetes` block. The transformations edit a deep copy through these views; nothing
 * here knows how the engine reads them.
 */
import type { Scenario } from '../../../functions/simulator/startRunaiSimulator.js';
import type { HeldOutCase } from '../heldOutDistributed.js';

export type Json = Record<string, unknown>;
export type Expectation = HeldOutCase['expectation'];

export interface CaseView {
  workload: Json;
  workloadId: string;
  runai: Json;
  pods: Json[];
  events: Json[];
  history: Json[];
  /** `specs[id]` (v1) or `workloadsV2[id]` (v2), whichever the case has. */
  spec: Json | undefined;
  kubernetes: { pods: Json[]; events: Json[]; nodes: Json[]; logs: Json[] } | undefined;
}

const asRecord = (value: unknown): Json => value as Json;

/** The views into `scenario` (which is edited in place through them). */
export function viewCase(scenario: Scenario): CaseView {
  const runai = asRecord(scenario.runai);
  const workload = asRecord((runai.workloads as unknown[])[0]);
  const workloadId = String(workload.id);
  const byId = (collection: string): unknown => asRecord(runai[collection] ?? {})[workloadId];
  const kubernetes = scenario.kubernetes as unknown as CaseView['kubernetes'] | undefined;
  return {
    workload,
    workloadId,
    runai,
    pods: (byId('pods') as Json[] | undefined) ?? [],
    events: (byId('events') as Json[] | undefined) ?? [],
    history: (byId('history') as Json[] | undefined) ?? [],
    spec: (byId('specs') ?? byId('workloadsV2')) as Json | undefined,
    kubernetes,
  };
}

/** A deep copy that can be edited without touching the loaded case. */
export function copyScenario(scenario: Scenario): Scenario {
  return structuredClone(scenario);
}

/** Sets a collection of the workload (`pods`, `events`, `history`) to `items`. */
export function setCollection(view: CaseView, collection: 'pods' | 'events' | 'history', items: Json[]): void {
  asRecord(view.runai[collection])[view.workloadId] = items;
  view[collection] = items;
}

/** The pod a Run:ai or Kubernetes event is about, or a history record's event. */
export function eventPod(event: Json): string | undefined {
  const inner = (asRecord(event.spec ?? {}).event as Json | undefined) ?? event;
  const involved = inner.involvedObject as Json | undefined;
  return involved && involved.kind === 'Pod' ? String(involved.name) : undefined;
}

/**
 * The replicas that ended and are not the origin: the collateral as the case presents it from
 * outside the engine (a Run:ai pod with a `completedAt`, or a phase other than Running/Pending).
 */
export function collateralPods(view: CaseView, expectation: Expectation): Json[] {
  if (expectation.origin === null) return [];
  const originPod = expectation.origin.pod;
  return view.pods.filter((pod) => pod.name !== originPod && (pod.completedAt !== null || !['Running', 'Pending'].includes(String(pod.k8sPhase))));
}
