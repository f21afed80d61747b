/**
 * Several copies of one scenario served by one control plane (and one Kubernetes API): each
 * copy's workload ids are made distinct, then the copies' collections are concatenated. Used
 * where one scenario is diagnosed many times over (renamed copies), so that the copies share
 * one simulator and one client instead of paying for a fresh pair each.
 */
import { KubernetesScenarioSchema } from '../../functions/recording/format/KubernetesScenarioSchema.js';
import { ScenarioStateSchema } from '../../functions/recording/format/ScenarioSchema.js';
import type { Scenario } from '../../functions/simulator/startRunaiSimulator.js';

export type ScenarioCopy = Pick<Scenario, 'request' | 'runai' | 'kubernetes'>;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function replaceIds(value: Json, ids: Map<string, string>): Json {
  if (typeof value === 'string') return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => replaceIds(item, ids));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [ids.get(key) ?? key, replaceIds(item, ids)]));
  return value;
}

/** The copy with every workload and revision id changed in its last hex digits (`index` ≥ 1 keeps them apart from the original's). */
export function withDistinctIds<T extends ScenarioCopy>(scenario: T, index: number): T {
  const ids = new Map<string, string>();
  const suffix = index.toString(16).padStart(4, '0');
  // Workload ids, and the ids of inference revisions (the simulator indexes both across copies).
  const revisionIds = Object.values(scenario.runai.revisions ?? {}).flatMap((revisions) => revisions.map((revision) => revision.id));
  for (const id of [...(scenario.runai.workloads ?? []).map((workload) => String(workload.id)), ...revisionIds]) {
    ids.set(id, `${id.slice(0, -4)}${suffix}`);
  }
  return {
    ...scenario,
    request: replaceIds(scenario.request as Json, ids) as T['request'],
    runai: replaceIds(scenario.runai as Json, ids) as T['runai'],
  };
}

/** Every collection of a state, empty: the schemas' defaults, so a collection added to a schema is merged too. */
const EMPTY_RUNAI = ScenarioStateSchema.parse({});
const EMPTY_KUBERNETES = KubernetesScenarioSchema.parse({});

/** Each collection of `empty` across the states: lists concatenated, records keyed by id merged. */
function mergeStates<S extends object>(empty: S, states: readonly object[]): S {
  const merged: Record<string, unknown> = {};
  for (const [key, none] of Object.entries(empty)) {
    const parts = states.map((state) => (state as Record<string, unknown>)[key] ?? none);
    merged[key] = Array.isArray(none) ? parts.flat() : Object.assign({}, ...parts);
  }
  return merged as S;
}

/** One Run:ai state (and one Kubernetes state, when any copy has one) serving every copy. */
export function mergeScenarioCopies(copies: readonly ScenarioCopy[]): Pick<ScenarioCopy, 'runai' | 'kubernetes'> {
  const runai = mergeStates(
    EMPTY_RUNAI,
    copies.map((copy) => copy.runai),
  );
  const withKubernetes = copies.flatMap((copy) => (copy.kubernetes ? [copy.kubernetes] : []));
  if (withKubernetes.length === 0) return { runai, kubernetes: undefined };
  return { runai, kubernetes: { ...mergeStates(EMPTY_KUBERNETES, withKubernetes), token: withKubernetes[0]?.token } };
}
