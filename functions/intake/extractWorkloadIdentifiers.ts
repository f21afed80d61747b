/**
 * Finds the diagnosis identifiers in an alert's labels (docs/intake.md), or says in words why
 * they are not there. Never guesses: a `cluster` label that is not mapped is not a cluster
 * id (it is usually a Prometheus external label such as "prod"), a pod name is not a
 * workload name, and a namespace is a project only with the `runai-` prefix.
 */
import type { LabelMap } from './LabelMap.js';
import { identifierProblem, type IdentifierKind } from './validateIdentifier.js';

export interface WorkloadIdentifiers {
  clusterId: string;
  workloadId?: string;
  workloadName?: string;
  project?: string;
}

export type IdentifierResult = { ok: true; ids: WorkloadIdentifiers } | { ok: false; code: 'invalid_identifier' | 'missing_identifier'; reason: string };

type Pick = { value?: string; problem?: string };

/** `labels` must have no prototype (or only own keys of interest): label names come from config. */
function pickLabel(labels: Readonly<Record<string, string>>, names: readonly string[], kind: IdentifierKind): Pick {
  for (const name of names) {
    if (!Object.hasOwn(labels, name)) continue;
    const value = labels[name]!.trim();
    // Prometheus treats an empty label value as an absent label.
    if (value === '') continue;
    const problem = identifierProblem(kind, value);
    return problem ? { problem: `label ${name}: ${problem}` } : { value };
  }
  return {};
}

function pickProjectFromNamespace(labels: Readonly<Record<string, string>>, map: LabelMap): Pick {
  for (const name of map.namespace) {
    if (!Object.hasOwn(labels, name)) continue;
    const namespace = labels[name]!.trim();
    // The first namespace with the prefix wins: `namespace` may be the exporter's own.
    if (!namespace.startsWith(map.namespacePrefix) || namespace.length === map.namespacePrefix.length) continue;
    const project = namespace.slice(map.namespacePrefix.length);
    const problem = identifierProblem('project', project);
    return problem ? { problem: `label ${name}: ${problem}` } : { value: project };
  }
  return {};
}

export function extractWorkloadIdentifiers(labels: Readonly<Record<string, string>>, map: LabelMap, clusterIdFallback: string | undefined): IdentifierResult {
  const cluster = pickLabel(labels, map.clusterId, 'clusterId');
  const workloadId = pickLabel(labels, map.workloadId, 'workloadId');
  const workloadName = pickLabel(labels, map.workloadName, 'workloadName');
  let project = pickLabel(labels, map.project, 'project');
  if (project.value === undefined && project.problem === undefined) project = pickProjectFromNamespace(labels, map);

  // Garbage in any identifier label skips the alert: using the other labels would guess.
  if (cluster.problem || workloadId.problem || workloadName.problem || project.problem) {
    const problems = [cluster, workloadId, workloadName, project].flatMap((p) => (p.problem ? [p.problem] : []));
    return { ok: false, code: 'invalid_identifier', reason: `invalid identifier ${problems.join('; ')}` };
  }

  const reasons: string[] = [];
  const hasWorkload = workloadId.value !== undefined || (workloadName.value !== undefined && project.value !== undefined);
  if (!hasWorkload) {
    const projectHint = `${map.project.join(' or ')}, or ${map.namespace[0] ?? 'namespace'} ${map.namespacePrefix}<project>`;
    reasons.push(
      workloadName.value !== undefined
        ? `workload name "${workloadName.value}" has no project: expected label ${projectHint}`
        : `no workload identifier: expected label ${map.workloadId[0] ?? 'workload_id'} or ${map.workloadName[0] ?? 'workload_name'}+${map.project[0] ?? 'project'}/${map.namespace[0] ?? 'namespace'}`,
    );
  }
  const clusterId = cluster.value ?? clusterIdFallback;
  if (clusterId === undefined) {
    const unmapped = !map.clusterId.includes('cluster') && Object.hasOwn(labels, 'cluster');
    reasons.push(
      `no cluster id: expected label ${map.clusterId.join(' or ')}, or ?clusterId= on the receiver URL` +
        (unmapped ? ' (label "cluster" is not read as a Run:ai cluster id; add it to the label map if it holds one)' : ''),
    );
  }
  if (reasons.length > 0 || clusterId === undefined) return { ok: false, code: 'missing_identifier', reason: reasons.join('; ') };

  const ids: WorkloadIdentifiers = { clusterId };
  if (workloadId.value !== undefined) ids.workloadId = workloadId.value;
  if (workloadName.value !== undefined) ids.workloadName = workloadName.value;
  if (project.value !== undefined) ids.project = project.value;
  return { ok: true, ids };
}
