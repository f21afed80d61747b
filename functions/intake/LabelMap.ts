/**
 * Which Alertmanager labels carry the diagnosis identifiers. Each entry is a list of label
 * names tried in order; the first present (non-empty) one is used. Configurable because
 * every platform team names its labels differently.
 */
import * as z from 'zod';

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

const labelName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a Prometheus label name');
const labelList = z.array(labelName).min(1, 'must name at least one label').max(10);

/** Overrides of the default map, as deployers write them (e.g. `ALERT_LABEL_MAP='{"clusterId":["runai_cluster"]}'`). */
export const LabelMapOverridesSchema = z.strictObject({
  clusterId: labelList.optional(),
  workloadId: labelList.optional(),
  workloadName: labelList.optional(),
  project: labelList.optional(),
  namespace: labelList.optional(),
  namespacePrefix: z
    .string()
    .regex(/^[a-z0-9-]{0,40}$/, 'must be a namespace prefix such as runai-')
    .optional(),
});

/** Reads the JSON text of label-map overrides; zod issues name the bad key. */
export const LabelMapJsonSchema = z
  .string()
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be a JSON object such as {"clusterId":["runai_cluster"]}' });
      return z.NEVER;
    }
  })
  .pipe(LabelMapOverridesSchema);
