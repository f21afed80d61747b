/**
 * The replica pods of a workload: the pods listing, and the pods its events and history name
 * (`involvedObject` of kind Pod) that the listing no longer holds — a job's pods are often
 * cleaned up once it failed, and the history keeps their events after the listing and the
 * events endpoint forgot them. A pod known only from events takes its node from its scheduling
 * event ("Successfully assigned <ns>/<pod> to <node>"; KAI writes "… pod <ns>/<pod> to node
 * <node> at node-pool <pool>"). A named pod is only a replica if something about it failed
 * (readReplicaFailures.ts): a Scheduled event alone never makes one. Pure.
 *
 * Upstream: kubernetes pkg/scheduler/schedule_one.go ("Successfully assigned %v/%v to %v"),
 * NVIDIA/KAI-Scheduler pkg/scheduler/cache/status_updater/default_status_updater.go.
 */
import type { Pod, RunaiEvent } from '../ports/RunaiSchemas.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';

const ASSIGNED = /^Successfully assigned (?:pod )?([a-z0-9.-]+)\/([a-z0-9.-]+) to (?:node )?(\S+?)(?: at node-pool \S+)?$/;

/** Every event the evidence holds (the events endpoint, then the history's), with the history record's time when the event has none. */
export function evidenceEvents(evidence: Pick<WorkloadEvidence, 'events' | 'history'>): RunaiEvent[] {
  const events = evidence.events.ok ? [...evidence.events.value] : [];
  if (evidence.history.ok)
    for (const record of evidence.history.value.records) {
      const event = record.spec?.event;
      if (event) events.push({ ...event, createdAt: event.createdAt || record.meta.creationTimestamp });
    }
  return events;
}

export function replicaPods(evidence: Pick<WorkloadEvidence, 'pods' | 'events' | 'history'>): Pod[] {
  const listed = evidence.pods.ok ? evidence.pods.value : [];
  const known = new Set(listed.map((pod) => pod.name));
  const named = new Map<string, string | null>();
  for (const event of evidenceEvents(evidence)) {
    const object = event.involvedObject;
    if (!object?.name || (object.kind ?? '').toLowerCase() !== 'pod' || known.has(object.name)) continue;
    const assigned = event.reason === 'Scheduled' ? ASSIGNED.exec((event.message ?? '').trim()) : null;
    const node = assigned && assigned[2] === object.name ? (assigned[3] ?? null) : null;
    named.set(object.name, node ?? named.get(object.name) ?? null);
  }
  const unlisted = [...named].map(([name, nodeName]): Pod => ({ name, nodeName, k8sPhase: null, completedAt: null, k8sPhaseUpdatedAt: null, createdAt: null }));
  return [...listed, ...unlisted];
}
