/**
 * Drives the suspect-node histories through local mode end to end, as a user would: the real
 * startLocalServer (its built-in Run:ai simulator serving each failed workload, the memory node
 * failure log, the batching worker), one `POST /webhooks/runai` per failure in time order, and
 * the notifications captured where local mode writes them — an SNS topic (SNS_TOPIC_ARN, with
 * a client that keeps each Publish instead of sending it: the subject, attributes, text and
 * verdict JSON exactly as SNS would receive them) and PagerDuty (a loopback Events API).
 *
 * Time: local mode takes a clock (`now`); every failure's Run:ai timestamps are resolved
 * against 5 minutes after its planned time, and it is diagnosed then (or `reportedLateMinutes`
 * later), so "within 24 h" is exercised without waiting. Each history has clusters of its own and starts 4 days after the
 * previous one on one forward-moving clock. Storm digests are switched off (STORM_THRESHOLD)
 * because §4.9 would otherwise fold a history's quick failures into one digest.
 *
 * Verdicts are read as raw JSON (`node` is an additive §4.2 field): a missing field is a miss.
 */
import type { SNSClient } from '@aws-sdk/client-sns';
import * as z from 'zod';
import type { ScenarioState } from '../../functions/simulator/startRunaiSimulator.js';
import { resolveRelativeTimestamps } from '../../functions/simulator/startRunaiSimulator.js';
import { postJson, scenario, startCapturedServer, uuid } from '../e2e/e2eKit.js';
import { startLoopbackPagerDuty } from '../pagerduty/loopbackPagerDuty.js';
import type { PlannedFailure } from './expectSuspicion.js';
import { FAILURE_KINDS, kindOf, type KindTable } from './failureKinds.js';
import { startSuspectTier2 } from './startSuspectTier2.js';
import type { SuspectHistory } from './suspectHistories.js';

const DAY_MS = 86_400_000;
/** A Monday; far enough in the past that every history ends before the real clock. */
const START_MS = Date.parse('2026-06-01T06:00:00Z');
const DIAGNOSED_AFTER_MS = 5 * 60_000;
const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:runai-diagnose-suspect-heldout';
const ROUTING_KEY = 'SuspectHe1dOutR0ut1ngKey00000003';

/** What one failure produced: its verdict (raw JSON) and the notices published with it. */
export interface FailureRun {
  failure: PlannedFailure;
  clusterId: string;
  workloadId: string;
  verdict: Record<string, unknown> | null;
  notices: CapturedNotice[];
}

export interface CapturedNotice {
  subject: string;
  attributes: Record<string, string>;
  payload: Record<string, unknown> | null;
  text: string;
}

export interface HistoryRun {
  history: SuspectHistory;
  clusterIds: Record<string, string>;
  failures: FailureRun[];
  /** PagerDuty dedup keys received with status 202, in order. */
  pages: string[];
}

const PublishInput = z.looseObject({
  Subject: z.string(),
  Message: z.string(),
  MessageAttributes: z.record(z.string(), z.looseObject({ StringValue: z.string().optional() })).default({}),
});

interface Planned {
  history: SuspectHistory;
  clusterIds: Record<string, string>;
  /** resolvedAtMs: the moment the source's relative timestamps are resolved against (its "now"); diagnosedAtMs: when the alert is sent. */
  failures: { failure: PlannedFailure; clusterId: string; workloadId: string; resolvedAtMs: number; diagnosedAtMs: number }[];
}

function swapStrings(value: unknown, swap: (text: string) => string): unknown {
  if (typeof value === 'string') return swap(value);
  if (Array.isArray(value)) return value.map((item) => swapStrings(item, swap));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, swapStrings(item, swap)]));
  return value;
}

/**
 * An RFC 3339 timestamp of `ms` in another offset and number of fraction digits (RFC 3339 §5.6
 * allows both; Run:ai's OpenAPI types timestamps as `date-time`): the same instant, written
 * otherwise. Zero digits only for a whole second, so the rewrite never moves an instant.
 */
function rewriteTimestamp(ms: number, style: NonNullable<PlannedFailure['timestamps']>): string {
  const millis = ((ms % 1000) + 1000) % 1000;
  if (style.fractionDigits === 0 && millis !== 0) throw new Error(`a timestamp with ${millis} ms cannot be written without fraction digits`);
  const local = new Date(ms + style.offsetMinutes * 60_000).toISOString().slice(0, 19);
  const fraction = style.fractionDigits === 0 ? '' : `.${String(millis).padStart(3, '0').padEnd(style.fractionDigits, '0')}`;
  const sign = style.offsetMinutes < 0 ? '-' : '+';
  const offset = Math.abs(style.offsetMinutes);
  return `${local}${fraction}${sign}${String(Math.floor(offset / 60)).padStart(2, '0')}:${String(offset % 60).padStart(2, '0')}`;
}

const RESOLVED_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The failure's bundled scenario served as this history's workload: ids, names, node(s), project, department, submitter and time swapped. */
async function stateFor(planned: Planned['failures'][number], kinds: KindTable): Promise<ScenarioState> {
  const { failure, clusterId, workloadId, resolvedAtMs } = planned;
  const kind = kindOf(kinds, failure.kind);
  const source = await scenario(kind.source);
  const workload = source.runai.workloads[0] as { id: string; name: string; clusterId: string; projectName: string };
  const oldProject = workload.projectName;
  // Events the kind adds (an event about the node): appended under the source's ids, swapped below with the rest.
  const runai = kind.events
    ? { ...source.runai, events: { ...source.runai.events, [workload.id]: [...(source.runai.events?.[workload.id] ?? []), ...kind.events] } }
    : source.runai;
  // Nodes through placeholders, so that a history's node named like another source node is never swapped twice.
  const nodes = [
    [kind.sourceNode, failure.node],
    ...(kind.peerSourceNodes ?? []).map((peer, i) => {
      const target = failure.peerNodes?.[i];
      if (target === undefined) throw new Error(`${failure.name}: ${failure.kind} needs ${kind.peerSourceNodes?.length} peer nodes`);
      return [peer, target] as const;
    }),
  ] as const;
  let text = JSON.stringify({ ...runai, faults: [] })
    .replaceAll(workload.id, workloadId)
    .replaceAll(workload.clusterId, clusterId)
    .replaceAll(workload.name, failure.name);
  nodes.forEach(([from], i) => (text = text.replaceAll(from, `\u0000node${i}\u0000`)));
  nodes.forEach(([, to], i) => (text = text.replaceAll(`\u0000node${i}\u0000`, to)));
  if (kind.clause) text = text.replaceAll(JSON.stringify(kind.clause.from).slice(1, -1), JSON.stringify(kind.clause.to).slice(1, -1));
  const swapped = swapStrings(JSON.parse(text), (value) =>
    value === oldProject ? failure.project : value.replaceAll(`runai-${oldProject}`, `runai-${failure.project}`),
  ) as ScenarioState & { workloads: Record<string, unknown>[]; specs?: Record<string, { createdBy?: string }> };
  // The submitter: the workload's submittedBy and the spec's createdBy, both absent when the history says so.
  const submitted = swapped.workloads[0]!;
  const spec = swapped.specs?.[workloadId];
  if (failure.submittedBy === null) {
    delete submitted.submittedBy;
    if (spec) delete spec.createdBy;
  } else {
    submitted.submittedBy = failure.submittedBy;
    if (spec) spec.createdBy = failure.submittedBy;
  }
  if (failure.department !== undefined) submitted.departmentName = failure.department;
  const resolved = resolveRelativeTimestamps(swapped, resolvedAtMs);
  const style = failure.timestamps;
  return style
    ? (swapStrings(resolved, (value) => (RESOLVED_ISO.test(value) ? rewriteTimestamp(Date.parse(value), style) : value)) as ScenarioState)
    : resolved;
}

/**
 * How long before its source's "now" the source workload failed: its `completedAt`, else when
 * its phase last changed (`phaseUpdatedAt`), as the relative timestamp the fixture writes.
 */
async function failureLeadMs(source: string): Promise<number> {
  const workload = (await scenario(source)).runai.workloads[0] as { completedAt?: unknown; phaseUpdatedAt?: unknown };
  for (const value of [workload.completedAt, workload.phaseUpdatedAt]) {
    const match = typeof value === 'string' ? /^(?:@space:)?now-(\d+)(ms|s|m|h|d)$/.exec(value) : null;
    if (match) return Number(match[1]) * { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 'ms' | 's' | 'm' | 'h' | 'd'];
  }
  throw new Error(`${source}: no relative completedAt / phaseUpdatedAt to place the failure by`);
}

/**
 * Where a failure's times fall. By default (set 1) its source is resolved 5 minutes after the
 * planned time and diagnosed then, so the workload failed its source's lead before that.
 * `leads` (set 2's `failureTimes: 'planned'`): the workload fails at the planned time exactly
 * (its source resolved `lead` after it) and every alert is sent the same `lag` after its failure,
 * so alerts come in the order of the failures whatever the kinds' leads.
 */
function plan(histories: readonly SuspectHistory[], aligned?: { leads: ReadonlyMap<string, number>; lagMs: number }): Planned[] {
  let workloadN = 0;
  return histories.map((history, h) => {
    const clusterIds: Record<string, string> = {};
    for (const label of new Set(history.failures.map((failure) => failure.cluster)))
      clusterIds[label] = uuid('5c5c1000', h * 8 + Object.keys(clusterIds).length + 1);
    const startMs = START_MS + h * 4 * DAY_MS;
    // A resend is the same workload alerted again: the id of its first failure, no state of its own.
    const ids = new Map<string, string>();
    const failures = [...history.failures]
      .sort((a, b) => a.atMinutes - b.atMinutes)
      .map((failure) => {
        const workloadId = failure.resend ? ids.get(failure.name) : uuid('5e1d0000', (workloadN += 1));
        if (workloadId === undefined) throw new Error(`${history.name}: ${failure.name} is resent before it failed`);
        ids.set(failure.name, workloadId);
        // Rounded: a failure planned to the millisecond (a sub-second family) is a whole millisecond.
        const plannedMs = startMs + Math.round(failure.atMinutes * 60_000);
        const resolvedAtMs = aligned ? plannedMs + aligned.leads.get(failure.kind)! : plannedMs + DIAGNOSED_AFTER_MS;
        const alertedAtMs = aligned ? plannedMs + aligned.lagMs : resolvedAtMs;
        return {
          failure,
          clusterId: clusterIds[failure.cluster]!,
          workloadId,
          resolvedAtMs,
          diagnosedAtMs: alertedAtMs + failure.reportedLateMinutes * 60_000,
        };
      });
    // Alerts are sent in the order of the failures: a family reports late only its last failures.
    if (failures.some((planned, i) => i > 0 && planned.diagnosedAtMs < failures[i - 1]!.diagnosedAtMs))
      throw new Error(`${history.name}: a late report would be diagnosed before an earlier failure`);
    return { history, clusterIds, failures };
  });
}

function readPublish(input: unknown): CapturedNotice & { verdict: Record<string, unknown> | null } {
  const publish = PublishInput.parse(input);
  const attributes = Object.fromEntries(Object.entries(publish.MessageAttributes).map(([key, value]) => [key, value.StringValue ?? '']));
  const message = JSON.parse(publish.Message) as { default?: string; sqs?: string };
  const body = message.sqs ? (JSON.parse(message.sqs) as Record<string, unknown>) : null;
  const notice = attributes.outcome === 'node_suspect';
  return { subject: publish.Subject, attributes, text: message.default ?? '', payload: notice ? body : null, verdict: notice ? null : body };
}

export interface RunOptions {
  /** The set's table of failure kinds (this set's by default). */
  kinds?: KindTable;
  /**
   * 'planned' (set 2): each workload fails at its planned time exactly and is alerted `lagMinutes`
   * later; default (set 1): its source is resolved 5 minutes after the planned time.
   */
  failureTimes?: { at: 'planned'; lagMinutes: number };
}

/** Runs every history through one local server, in order. */
export async function runSuspectHistories(histories: readonly SuspectHistory[], options: RunOptions = {}): Promise<HistoryRun[]> {
  const kinds = options.kinds ?? FAILURE_KINDS;
  let aligned: { leads: Map<string, number>; lagMs: number } | undefined;
  if (options.failureTimes) {
    const lagMs = options.failureTimes.lagMinutes * 60_000;
    const used = [...new Set(histories.flatMap((history) => history.failures.map((failure) => failure.kind)))];
    const leads = new Map(await Promise.all(used.map(async (name) => [name, await failureLeadMs(kindOf(kinds, name).source)] as const)));
    for (const [name, lead] of leads)
      if (lead > lagMs) throw new Error(`${name}: its workload failed ${lead / 60_000} min before its source's now, more than the lag`);
    aligned = { leads, lagMs };
  }
  const planned = plan(histories, aligned);
  const extraScenarios = await Promise.all(
    planned.flatMap((history) => history.failures.filter(({ failure }) => !failure.resend).map((failure) => stateFor(failure, kinds))),
  );
  const published: unknown[] = [];
  const snsClient = {
    send: async (command: { input: unknown }) => {
      published.push(command.input);
      return { MessageId: `suspect-heldout-${published.length}` };
    },
    destroy: () => undefined,
  } as unknown as SNSClient;
  let clock = START_MS;
  const tier2 = await startSuspectTier2(
    planned.flatMap((history) => history.failures),
    kinds,
  );
  const pagerDuty = await startLoopbackPagerDuty();
  const app = await startCapturedServer(
    {
      SNS_TOPIC_ARN: TOPIC,
      PAGERDUTY_ROUTING_KEY: ROUTING_KEY,
      PAGERDUTY_EVENTS_URL: pagerDuty.url,
      BATCH_WINDOW_MS: '0',
      STORM_THRESHOLD: '10000',
      RUNAI_DIAGNOSE_TIER2_CONFIG: tier2?.configFile,
    },
    { extraScenarios, snsClient, now: () => new Date(clock), announce: false, onDiagnosed: () => undefined },
  );
  try {
    const runs: HistoryRun[] = [];
    for (const history of planned) {
      const pagesBefore = pagerDuty.received.length;
      const failures: FailureRun[] = [];
      for (const planned of history.failures) {
        clock = planned.diagnosedAtMs;
        const before = published.length;
        const accepted = await postJson(`${app.server.url}/webhooks/runai`, { clusterId: planned.clusterId, workloadId: planned.workloadId });
        if (accepted.status !== 202) throw new Error(`${history.history.name}: the webhook answered ${accepted.status}: ${JSON.stringify(accepted.json)}`);
        await app.server.whenIdle();
        const outputs = published.slice(before).map(readPublish);
        const verdicts = outputs.filter((output) => output.verdict !== null && (output.verdict.workload as { id?: string } | null)?.id === planned.workloadId);
        failures.push({
          failure: planned.failure,
          clusterId: planned.clusterId,
          workloadId: planned.workloadId,
          verdict: verdicts.length === 1 ? verdicts[0]!.verdict : null,
          notices: outputs.filter((output) => output.attributes.outcome === 'node_suspect'),
        });
      }
      const pages = pagerDuty.received
        .slice(pagesBefore)
        .filter((page) => page.status === 202)
        .map((page) => String((page.body as { dedup_key?: unknown }).dedup_key));
      runs.push({ history: history.history, clusterIds: history.clusterIds, failures, pages });
    }
    return runs;
  } finally {
    await app.server.close();
    pagerDuty.close();
    await tier2?.close();
  }
}
