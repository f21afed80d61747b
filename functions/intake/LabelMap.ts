/**
 * Which Alertmanager labels carry the diagnosis identifiers. Each entry is a list of label
 * names tried in order; the first present (non-empty) one is used. Configurable because
 * every platform team names its labels differently.
 */
export interface LabelMap {
  clusterId: readonly string[];
  workloadId: readonly string[];
  workloadName: readonly string[];
  project: readonly string[];
  /** Namespaces that hold `<namespacePrefix><project>` when no project label is set. */
  namespace: readonly string[];
  namespacePrefix: string;
}

export const DEFAULT_LABEL_MAP: LabelMap = Object.freeze({
  clusterId: ['clusterId', 'cluster_id'],
  workloadId: ['workload_id', 'workloadId'],
  workloadName: ['workload_name', 'workloadName'],
  project: ['project', 'projectName'],
  // `exported_namespace`: kube-state-metrics scraped without honor_labels keeps the pod's
  // namespace there and puts its own in `namespace`.
  namespace: ['namespace', 'exported_namespace'],
  namespacePrefix: 'runai-',
});

export function resolveLabelMap(overrides: Partial<LabelMap> = {}): LabelMap {
  return { ...DEFAULT_LABEL_MAP, ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) };
}
