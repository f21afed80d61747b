/**
 * Checks one driven history (runSuspectHistories) against its expectation (expectSuspicion),
 * check by check, so that a miss says which part of §4.8 the product did not do.
 */
import type { ExpectedNotice } from './expectSuspicion.js';
import { FAILURE_KINDS, kindOf, type KindTable } from './failureKinds.js';
import type { CapturedNotice, FailureRun, HistoryRun } from './runSuspectHistories.js';

export const CHECKS = ['verdict', 'node', 'flag', 'counts', 'notices', 'subject', 'dedup', 'listing'] as const;
export type Check = (typeof CHECKS)[number];

/** What each check asserts (README and the measurement's legend). */
export const CHECK_MEANING: Record<Check, string> = {
  verdict: 'each failure published exactly one verdict',
  node: 'verdict.node.name is the node the workload failed on',
  flag: 'node.suspect set on exactly the verdicts of a suspect node',
  counts: 'node.suspect failures / submitters / windowHours 24',
  notices: 'node_suspect notices: how many per node, and with which failure',
  subject: 'notice subject [NODE_SUSPECT] <node> …, outcome=node_suspect, audience=platform',
  dedup: 'PagerDuty dedup_key node:<clusterId>/<node>, once per notice',
  listing: 'the notice lists the window’s workloads and kubectl describe node / cordon',
};

export interface HistoryResult {
  name: string;
  family: string;
  passed: boolean;
  /** null: the check does not apply to this history. */
  checks: Record<Check, boolean | null>;
  problems: string[];
}

const nodeOf = (verdict: Record<string, unknown> | null) =>
  verdict?.node && typeof verdict.node === 'object' ? (verdict.node as Record<string, unknown>) : null;

function sameNames(listed: unknown, expected: readonly string[]): boolean {
  if (!Array.isArray(listed)) return false;
  const names = listed.map((item) => String((item as { workloadName?: unknown }).workloadName)).sort();
  return JSON.stringify(names) === JSON.stringify([...expected].sort());
}

/** `kinds`: the set's table of failure kinds (this set's by default). */
export function judgeSuspectRun(run: HistoryRun, kinds: KindTable = FAILURE_KINDS): HistoryResult {
  const { history } = run;
  const problems: string[] = [];
  const failed = new Set<Check>();
  const fail = (check: Check, problem: string) => {
    failed.add(check);
    problems.push(`${check}: ${problem}`);
  };
  const expected = new Map(history.expectation.verdicts.map((verdict) => [verdict.name, verdict.suspect]));

  for (const ran of run.failures) {
    const { failure, verdict } = ran;
    // A resend: whether it is published again (§4.9 idempotency) and flagged, the rule text does not say.
    if (failure.resend) continue;
    if (verdict === null) {
      fail('verdict', `${failure.name}: no verdict published`);
      continue;
    }
    if (kindOf(kinds, failure.kind).routed) continue;
    const node = nodeOf(verdict);
    if (node?.name !== failure.node) fail('node', `${failure.name}: node ${JSON.stringify(node?.name ?? null)}, expected ${failure.node}`);
    const want = expected.get(failure.name);
    if (want === undefined || want === 'any') continue;
    const suspect = node && node.suspect && typeof node.suspect === 'object' ? (node.suspect as Record<string, unknown>) : null;
    if ((suspect !== null) !== (want !== null)) {
      fail('flag', `${failure.name} (${failure.kind}): node.suspect ${JSON.stringify(suspect)}, expected ${want === null ? 'null' : 'set'}`);
      continue;
    }
    if (want !== null && suspect !== null) {
      const got = { failures: suspect.failures, submitters: suspect.submitters, windowHours: suspect.windowHours };
      if (JSON.stringify(got) !== JSON.stringify(want)) fail('counts', `${failure.name}: ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
    }
  }

  // Notices: how many per node, each published with the failure that completes the condition.
  const got: { notice: CapturedNotice; ran: FailureRun }[] = run.failures.flatMap((ran) => ran.notices.map((notice) => ({ notice, ran })));
  const wanted = history.expectation.notices;
  const byKey = (cluster: string, node: string) => `${run.clusterIds[cluster]}/${node}`;
  const gotTriggers = got.map(({ ran }) => ran.failure.name);
  const wantTriggers = wanted.map((notice) => notice.trigger);
  if (JSON.stringify(gotTriggers) !== JSON.stringify(wantTriggers))
    fail('notices', `published with ${JSON.stringify(gotTriggers)}, expected with ${JSON.stringify(wantTriggers)}`);

  // Content: each expected notice against the one published with its trigger (when there is one).
  for (const want of wanted) {
    const match = got.find(({ ran }) => ran.failure.name === want.trigger);
    if (!match) {
      for (const check of ['subject', 'listing'] as const) fail(check, `no notice with ${want.trigger}`);
      continue;
    }
    checkNotice(match.notice, want, run.clusterIds[want.cluster]!, fail);
  }
  const wantPages = wanted.map((notice) => `node:${byKey(notice.cluster, notice.node)}`);
  const gotPages = run.pages.filter((key) => key.startsWith('node:'));
  if (JSON.stringify(gotPages) !== JSON.stringify(wantPages)) fail('dedup', `paged ${JSON.stringify(gotPages)}, expected ${JSON.stringify(wantPages)}`);

  const flagged = history.expectation.verdicts.some((verdict) => verdict.suspect !== null && verdict.suspect !== 'any');
  const applies: Record<Check, boolean> = {
    verdict: true,
    node: run.failures.some((ran) => !kindOf(kinds, ran.failure.kind).routed),
    flag: true,
    counts: flagged,
    notices: true,
    subject: wanted.length > 0,
    dedup: true,
    listing: wanted.length > 0,
  };
  const checks = Object.fromEntries(CHECKS.map((check) => [check, applies[check] ? !failed.has(check) : null])) as Record<Check, boolean | null>;
  return { name: history.name, family: history.family, passed: failed.size === 0, checks, problems };
}

function checkNotice(notice: CapturedNotice, want: ExpectedNotice, clusterId: string, fail: (check: Check, problem: string) => void): void {
  const subjectProblems: string[] = [];
  if (!notice.subject.startsWith(`[NODE_SUSPECT] ${want.node} `)) subjectProblems.push(`subject ${JSON.stringify(notice.subject)}`);
  if (notice.attributes.outcome !== 'node_suspect') subjectProblems.push(`outcome ${String(notice.attributes.outcome)}`);
  if (notice.attributes.audience !== 'platform') subjectProblems.push(`audience ${String(notice.attributes.audience)}`);
  if (notice.payload?.clusterId !== clusterId || notice.payload?.node !== want.node)
    subjectProblems.push(`payload names ${String(notice.payload?.clusterId)}/${String(notice.payload?.node)}`);
  if (subjectProblems.length > 0) fail('subject', `${want.trigger}: ${subjectProblems.join('; ')}`);

  const listingProblems: string[] = [];
  if (!sameNames(notice.payload?.workloads, want.workloads) || notice.payload?.omitted !== 0)
    listingProblems.push(
      `workloads ${JSON.stringify((notice.payload?.workloads as { workloadName?: string }[] | undefined)?.map((item) => item.workloadName) ?? null)}, expected ${JSON.stringify(want.workloads)}`,
    );
  const commands = Array.isArray(notice.payload?.commands) ? (notice.payload.commands as unknown[]).map(String) : [];
  for (const command of [`kubectl describe node ${want.node}`, `kubectl cordon ${want.node}`])
    if (!commands.some((line) => line.includes(command)) || !notice.text.includes(command))
      listingProblems.push(`no ${JSON.stringify(command)} in the JSON and the text`);
  if (listingProblems.length > 0) fail('listing', `${want.trigger}: ${listingProblems.join('; ')}`);
}
