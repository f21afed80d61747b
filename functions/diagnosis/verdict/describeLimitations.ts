/**
 * What a verdict could not see, each stated: reads that failed (a failed read is never an
 * absence), pages not read, Tier 2 reads that failed, and for a diagnosis the missing
 * memory measurements and the Tier 2 evidence that is not configured — as data (Limitation),
 * worded once where the verdict is assembled (renderLimitations). Pure.
 */
import type { Category } from '../../core/verdict.js';
import { quoteUntrusted } from '../../safety/quoteUntrusted.js';
import type { MemoryReading } from '../gather/readMemory.js';
import type { SubmittedSpec } from '../gather/readSubmittedSpec.js';
import type { SpecField } from '../model/SpecField.js';
import { limitation, type Limitation } from '../model/Limitation.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';

/** Limitations of the reads themselves, for every outcome. */
export function describeReadLimitations(evidence: WorkloadEvidence): Limitation[] {
  const limitations: Limitation[] = [];
  if (!evidence.events.ok) limitations.push(limitation('eventsUnavailable', evidence.events.detail));
  if (!evidence.pods.ok) limitations.push(limitation('podsUnavailable', evidence.pods.detail));
  else if (evidence.pods.value.length === 0) limitations.push(limitation('noPods'));
  if (evidence.podsCappedAt) limitations.push(limitation('podsPageCap', evidence.podsCappedAt));
  if (!evidence.spec.ok) {
    const type = evidence.status.type ? quoteUntrusted(evidence.status.type, { maxLength: 64 }) : null;
    const newerEndpoint = evidence.specKind === 'workloads-v2' || evidence.specKind === 'nim-services' ? NEWER_SPEC_ENDPOINTS[evidence.specKind] : null;
    if (evidence.spec.detail === 'unknown-type') limitations.push(limitation('specUnknownType', type));
    // Workloads V2 and NIM services are [Experimental] surfaces older control planes lack.
    else if (newerEndpoint && isNotFound(evidence.spec.detail)) limitations.push(limitation('endpointAbsent', newerEndpoint, type));
    else limitations.push(limitation('specUnavailable', evidence.spec.detail));
  }
  if (!evidence.history.ok) limitations.push(limitation('historyUnavailable', evidence.history.detail));
  else if (evidence.history.value.capped) limitations.push(limitation('historyPageCap', evidence.history.value.pages));
  const revisions = evidence.revisions;
  if (revisions && !revisions.ok) {
    limitations.push(
      isNotFound(revisions.detail) ? limitation('endpointAbsent', REVISIONS_ENDPOINT, null) : limitation('revisionsUnavailable', revisions.detail),
    );
  } else if (revisions?.ok) {
    for (const what of ['pods', 'events', 'history'] as const) {
      const read = revisions.value[what];
      if (read && !read.ok) limitations.push(limitation('revisionReadFailed', what, read.detail));
    }
  }
  // Preemption is read from events, or from history when events fail: with neither, it stays possible.
  if (!evidence.events.ok && !evidence.history.ok) limitations.push(limitation('preemptionNotRuledOut'));
  for (const tier2Limitation of evidence.tier2?.limitations ?? []) limitations.push(limitation('tier2', tier2Limitation));
  return limitations;
}

/** Limitations that only matter once a category is named. */
export function describeDiagnosisLimitations(input: {
  evidence: WorkloadEvidence;
  category: Category;
  memory: MemoryReading;
  memoryRelevant: boolean;
  submitted?: SubmittedSpec | null;
}): Limitation[] {
  const { evidence, category, memory } = input;
  const limitations: Limitation[] = [];
  if (input.memoryRelevant) {
    if (evidence.metrics && !evidence.metrics.ok) limitations.push(limitation('metricsUnavailable', evidence.metrics.detail));
    else if (evidence.metrics?.ok && evidence.metrics.value.partial) limitations.push(limitation('metricsPartial'));
    if (memory.samples === 0) limitations.push(limitation('metricsEmpty'));
    if (memory.limitBytes === null) limitations.push(limitation('memoryLimitUnknown'));
  }
  // A spec that was read but lacks the field this category is corroborated with: say so, never stay silent.
  for (const { field, paths } of input.submitted?.absent ?? []) {
    // No limit anywhere is already said once (memoryLimitUnknown) — the spec is one of the places named.
    if (field === 'memory' && memory.limitBytes === null) continue;
    if (corroboratingField(category, input.memoryRelevant).includes(field)) limitations.push(limitation('specFieldAbsent', field, paths));
  }
  // Without Tier 2 for this cluster, say so where Tier 2 would have been used.
  if (!evidence.tier2 && (category === 'UNKNOWN' || category === 'CRASH_APP_ERROR')) limitations.push(limitation('tier2Unavailable'));
  return limitations;
}

/** The spec fields a category's evidence cites (buildDiagnosedVerdict's corroboration). */
function corroboratingField(category: Category, memoryRelevant: boolean): SpecField[] {
  const fields: SpecField[] = memoryRelevant ? ['memory'] : [];
  if (category === 'IMAGE_PULL_FAILED') fields.push('image');
  if (category === 'CRASH_APP_ERROR' || category === 'INIT_FAILED') fields.push('command');
  if (category === 'NODE_FAILURE') fields.push('restartPolicy');
  return fields;
}

const NEWER_SPEC_ENDPOINTS = {
  'workloads-v2': 'GET /api/v2/workloads/{id}',
  'nim-services': 'GET /api/v2/workloads/nim-services/{id}',
} as const;
const REVISIONS_ENDPOINT = 'GET /api/v1/workloads/inferences/{id}/revisions';

/** A read answered 404 (readSafely's detail: `HTTP 404, RUNAI_NOT_FOUND`). */
function isNotFound(detail: string): boolean {
  return detail.startsWith('HTTP 404');
}
