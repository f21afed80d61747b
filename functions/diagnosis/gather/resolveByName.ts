/**
 * Option B: find the workload from its exact name, project and cluster (docs/procedure.md, step 1).
 * Terminal intent: the newest terminal match among live and deleted workloads. Active
 * intent: live Running/Pending matches newest-first, the first whose status, conditions or
 * events confirm the symptom. Never guesses: no confirmed candidate → null.
 */
import { parseTimestamp } from '../../core/parseTimestamp.js';
import type { Intent } from '../../core/diagnosisRequest.js';
import { isRunaiError } from '../ports/RunaiError.js';
import type { RunaiReader } from '../ports/RunaiReader.js';
import type { RunaiEvent, Workload, WorkloadDetailed } from '../ports/RunaiSchemas.js';
import { signalsFromEvents, signalsFromStatus } from '../signals/extractSignals.js';
import { maskIdentifiers } from '../signals/maskIdentifiers.js';
import { workloadNames } from '../signals/workloadNames.js';
import { confirmsActiveSymptom, isActiveCandidatePhase, isTerminalPhase } from '../classify/gatePhase.js';
import { readSafely } from './readSafely.js';
import type { Read } from '../model/WorkloadEvidence.js';

export const LIST_PAGE_SIZE = 100;
export const MAX_LIST_PAGES = 20;
export const MAX_ACTIVE_CANDIDATES = 10;
export const RECENT_EVENTS_LIMIT = 100;

export interface NameQuery {
  clusterId: string;
  name: string;
  project: string;
  intent: Intent;
}

export interface Resolved {
  status: WorkloadDetailed;
  /** Events already read while confirming an active symptom (not read again). */
  events: Read<RunaiEvent[]> | null;
  matches: number;
  /** True when a list stopped at the page cap. */
  listCapped: number | null;
}

async function listMatches(reader: RunaiReader, query: NameQuery, deleted: boolean): Promise<{ workloads: Workload[]; cappedAt: number | null }> {
  const workloads: Workload[] = [];
  let offset = 0;
  for (let page = 1; ; page += 1) {
    const result = await reader.listWorkloads({
      clusterId: query.clusterId,
      name: query.name,
      projectName: query.project,
      deleted,
      offset,
      limit: LIST_PAGE_SIZE,
    });
    // The server filter is trusted to narrow, never to be exact: compare exactly here.
    workloads.push(...result.workloads.filter((w) => w.name === query.name && w.projectName === query.project && w.clusterId === query.clusterId));
    if (result.next === null || result.next <= offset || result.workloads.length === 0) return { workloads, cappedAt: null };
    if (page >= MAX_LIST_PAGES) return { workloads, cappedAt: page };
    offset = result.next;
  }
}

const newestFirst = (a: Workload, b: Workload) => (parseTimestamp(b.phaseUpdatedAt) ?? 0) - (parseTimestamp(a.phaseUpdatedAt) ?? 0);

export async function resolveByName(reader: RunaiReader, query: NameQuery): Promise<Resolved | { unresolved: true; matches: number }> {
  return query.intent === 'terminal' ? resolveTerminal(reader, query) : resolveActive(reader, query);
}

async function resolveTerminal(reader: RunaiReader, query: NameQuery): Promise<Resolved | { unresolved: true; matches: number }> {
  const [live, deleted] = await Promise.all([listMatches(reader, query, false), listMatches(reader, query, true)]);
  const matches = [...live.workloads, ...deleted.workloads].sort(newestFirst);
  const listCapped = live.cappedAt ?? deleted.cappedAt;
  const chosen = matches.find((workload) => isTerminalPhase(workload.phase));
  if (!chosen) return { unresolved: true, matches: matches.length };
  try {
    return { status: await reader.getWorkload(chosen.id), events: null, matches: matches.length, listCapped };
  } catch (error) {
    // A deleted workload may no longer be served by id: its list entry carries the same status fields.
    if (isRunaiError(error) && error.code === 'RUNAI_NOT_FOUND') return { status: chosen, events: null, matches: matches.length, listCapped };
    throw error;
  }
}

async function resolveActive(reader: RunaiReader, query: NameQuery): Promise<Resolved | { unresolved: true; matches: number }> {
  const live = await listMatches(reader, query, false);
  const candidates = live.workloads
    .filter((workload) => isActiveCandidatePhase(workload.phase))
    .sort(newestFirst)
    .slice(0, MAX_ACTIVE_CANDIDATES);
  for (const candidate of candidates) {
    const [status, events] = await Promise.all([
      reader.getWorkload(candidate.id),
      readSafely(() => reader.getWorkloadEvents(candidate.id, RECENT_EVENTS_LIMIT)),
    ]);
    const mask = maskIdentifiers(workloadNames({ status, events }));
    const signals = [...signalsFromStatus(status, mask), ...(events.ok ? signalsFromEvents(events.value, 'event', mask) : [])];
    if (confirmsActiveSymptom(status.phase, signals)) return { status, events, matches: live.workloads.length, listCapped: live.cappedAt };
  }
  return { unresolved: true, matches: live.workloads.length };
}
