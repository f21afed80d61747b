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
import { FAILURE_KINDS } from './failureKinds.js';
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

/** The failure's bundled scenario served as this history's workload: ids, names, node, project, submitter and time swapped. */
async function stateFor(planned: Planned['failures'][number]): Promise<ScenarioState> {
  const { failure, clusterId, workloadId, resolvedAtMs } = planned;
  const kind = FAILURE_KINDS[failure.kind];
  const source = await scenario(kind.source);
  const workload = source.runai.workloads[0] as { id: string; name: string; clusterId: string; projectName: string };
  const oldProject = workload.projectName;
  let text = JSON.stringify({ ...source.runai, faults: [] })
    .replaceAll(workload.id, workloadId)
    .replaceAll(workload.clusterId, clusterId)
    .replaceAll(workload.name, failure.name)
    .replaceAll(kind.sourceNode, failure.node);
  if ('clause' in kind) text = text.replaceAll(JSON.stringify(kind.clause.from).slice(1, -1), JSON.stringify(kind.clause.to).slice(1, -1));
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
  return resolveRelativeTimestamps(swapped, resolvedAtMs);
}

function plan(histories: readonly SuspectHistory[]): Planned[] {
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
        const resolvedAtMs = startMs + failure.atMinutes * 60_000 + DIAGNOSED_AFTER_MS;
        return {
          failure,
          clusterId: clusterIds[failure.cluster]!,
          workloadId,
          resolvedAtMs,
          diagnosedAtMs: resolvedAtMs + failure.reportedLateMinutes * 60_000,
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

/** Runs every history through one local server, in order. */
export async function runSuspectHistories(histories: readonly SuspectHistory[]): Promise<HistoryRun[]> {
  const planned = plan(histories);
  const extraScenarios = await Promise.all(planned.flatMap((history) => history.failures.filter(({ failure }) => !failure.resend).map(stateFor)));
  const published: unknown[] = [];
  const snsClient = {
    send: async (command: { input: unknown }) => {
      published.push(command.input);
      return { MessageId: `suspect-heldout-${published.length}` };
    },
    destroy: () => undefined,
  } as unknown as SNSClient;
  let clock = START_MS;
  const tier2 = await startSuspectTier2(planned.flatMap((history) => history.failures));
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
