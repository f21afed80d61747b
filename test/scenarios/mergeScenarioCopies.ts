/**
 * Several copies of one scenario served by one control plane (and one Kubernetes API): each
 * copy's workload ids are made distinct, then the copies' collections are concatenated. Used
 * where one scenario is diagnosed many times over (renamed copies), so that the copies share
 * one simulator and one client instead of paying for a fresh pair each.
 */
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

function mergeRecords<V>(records: (Record<string, V> | undefined)[]): Record<string, V> {
  return Object.assign({}, ...records.map((record) => record ?? {})) as Record<string, V>;
}

/** One Run:ai state (and one Kubernetes state, when any copy has one) serving every copy. */
export function mergeScenarioCopies(copies: readonly ScenarioCopy[]): Pick<ScenarioCopy, 'runai' | 'kubernetes'> {
  const runai: ScenarioCopy['runai'] = {
    workloads: copies.flatMap((copy) => copy.runai.workloads ?? []),
    events: mergeRecords(copies.map((copy) => copy.runai.events)),
    pods: mergeRecords(copies.map((copy) => copy.runai.pods)),
    history: mergeRecords(copies.map((copy) => copy.runai.history)),
    metrics: mergeRecords(copies.map((copy) => copy.runai.metrics)),
    specs: mergeRecords(copies.map((copy) => copy.runai.specs)),
    workloadsV2: mergeRecords(copies.map((copy) => copy.runai.workloadsV2)),
    revisions: mergeRecords(copies.map((copy) => copy.runai.revisions)),
    revisionPods: mergeRecords(copies.map((copy) => copy.runai.revisionPods)),
    revisionEvents: mergeRecords(copies.map((copy) => copy.runai.revisionEvents)),
    revisionHistory: mergeRecords(copies.map((copy) => copy.runai.revisionHistory)),
    faults: copies.flatMap((copy) => copy.runai.faults ?? []),
    recorded: copies.flatMap((copy) => copy.runai.recorded ?? []),
  };
  const withKubernetes = copies.flatMap((copy) => (copy.kubernetes ? [copy.kubernetes] : []));
  if (withKubernetes.length === 0) return { runai, kubernetes: undefined };
  const kubernetes: NonNullable<ScenarioCopy['kubernetes']> = {
    token: withKubernetes[0]?.token,
    pods: withKubernetes.flatMap((state) => state.pods ?? []),
    events: withKubernetes.flatMap((state) => state.events ?? []),
    nodes: withKubernetes.flatMap((state) => state.nodes ?? []),
    logs: withKubernetes.flatMap((state) => state.logs ?? []),
    faults: withKubernetes.flatMap((state) => state.faults ?? []),
    recorded: withKubernetes.flatMap((state) => state.recorded ?? []),
  };
  return { runai, kubernetes };
}
