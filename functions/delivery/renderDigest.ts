/**
 * One notification for a storm of verdicts on one cluster (see StormWindow.ts). The
 * email lists counts per category, the nodes involved and every workload (recurring
 * first); the JSON for pagers lists every verdict's identity, category and recurrence.
 * When that does not fit in 256 KiB, the counts stay complete and the list is cut with a
 * marker (`truncated`, `omitted`); the storm flush avoids that by splitting a window into as
 * many digests as its list needs (splitDigestEntries).
 */
import { displayName } from '../safety/displayName.js';
import type { Verdict } from '../core/verdict.js';
import type { NotificationWords } from '../report/NotificationWords.js';
import { notificationWordsEn } from '../report/notificationWordsEn.js';
import { extractNodes } from './extractNodes.js';
import { fitNotificationText } from './fitNotificationText.js';
import { largestFitting } from './largestFitting.js';
import { SNS_MAX_PAYLOAD_BYTES, snsJsonMessage, snsPayloadBytes, type SnsAttributeValue, type SnsNotification } from './SnsNotification.js';
import { SNS_SUBJECT_MAX_CHARS, toSnsSubject } from './toSnsSubject.js';
import { projectOf, recurrenceText, verdictLabel, verdictTag, workloadDisplay, workloadDisplayInText, type NotificationContext } from './verdictSummary.js';
import { wellFormed } from './wellFormed.js';

export interface DigestEntry {
  /** The idempotency key, so a pager can correlate with later individual notifications. */
  key: string;
  verdict: Verdict;
  context?: NotificationContext;
  /** Nodes involved, when the caller knows them; otherwise taken from the evidence. */
  nodes?: string[];
}

export interface DigestOptions {
  /** Stated in the email so readers know why they got a digest. */
  digestThreshold?: number;
  maxBytes?: number;
  /** The locale's words (functions/report); English when not given. */
  words?: NotificationWords;
}

/** Every list value in the attributes and node line is capped so a digest's size stays bounded. */
const MAX_ATTRIBUTE_VALUES = 50;
const MAX_NODES_LISTED = 50;
const MAX_MESSAGE_CHARS = 300;

function capChars(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

function countBy<T>(values: readonly T[]): [T, number][] {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])));
}

/** Recurring first (highest count first), then grouped by label, then by name. */
function ordered(entries: readonly DigestEntry[], words: NotificationWords): DigestEntry[] {
  const recurrence = (entry: DigestEntry) => (entry.verdict.recurrence?.recurring ? entry.verdict.recurrence.count : 0);
  return [...entries].sort(
    (a, b) =>
      recurrence(b) - recurrence(a) ||
      verdictLabel(a.verdict).localeCompare(verdictLabel(b.verdict)) ||
      workloadDisplay(a.verdict, a.context ?? {}, words).localeCompare(workloadDisplay(b.verdict, b.context ?? {}, words)),
  );
}

export function digestSubject(clusterId: string, counts: readonly [string, number][], total: number, words: NotificationWords = notificationWordsEn): string {
  const head = toSnsSubject('[DIGEST]', words.digest.subjectHead(total, clusterId));
  const parts = counts.map(([label, count]) => `${count} ${label}`);
  for (let shown = parts.length; shown >= 1; shown -= 1) {
    const list = parts.slice(0, shown).join(', ') + (shown < parts.length ? ', ...' : '');
    const candidate = `${head} (${list})`;
    if (candidate.length <= SNS_SUBJECT_MAX_CHARS) return candidate;
  }
  return head;
}

function digestAttributes(clusterId: string, entries: readonly DigestEntry[]): Record<string, SnsAttributeValue> {
  const distinct = (values: string[]) => [...new Set(values.map((value) => wellFormed(value) || 'unknown'))].slice(0, MAX_ATTRIBUTE_VALUES);
  // String.Array: a subscription filtering on category NODE_FAILURE matches a digest that contains one.
  const array = (values: string[]): SnsAttributeValue => ({ DataType: 'String.Array', StringValue: JSON.stringify(distinct(values)) });
  return {
    kind: { DataType: 'String', StringValue: 'digest' },
    category: array(entries.map(({ verdict }) => (verdict.outcome === 'diagnosed' ? (verdict.category ?? 'UNKNOWN') : 'NONE'))),
    outcome: array(entries.map(({ verdict }) => verdict.outcome)),
    recurring: { DataType: 'String', StringValue: entries.some(({ verdict }) => verdict.recurrence?.recurring) ? 'true' : 'false' },
    clusterId: { DataType: 'String', StringValue: wellFormed(clusterId) || 'unknown' },
    project: array(entries.map(({ verdict, context }) => projectOf(verdict, context ?? {}) ?? 'unknown')),
    audience: array(entries.map(({ verdict }) => verdict.audience)),
  };
}

export function renderDigest(clusterId: string, entries: readonly DigestEntry[], options: DigestOptions = {}): SnsNotification {
  return layoutDigest(clusterId, entries, options).notification;
}

/**
 * A storm's entries in digests that each list every one of their workloads: the first as many
 * as fit in one notification (in the digest's own order), then the next, so a window too large
 * for one message goes out as several rather than cutting its list (docs/intake.md). One part
 * for any storm that fits; deterministic, so a redelivered flush splits the same way. A digest
 * that cannot list even one entry (an absurd size limit) takes one entry and cuts its text.
 */
export function splitDigestEntries(clusterId: string, entries: readonly DigestEntry[], options: DigestOptions = {}): DigestEntry[][] {
  const parts: DigestEntry[][] = [];
  let rest = ordered(entries, options.words ?? notificationWordsEn);
  while (rest.length > 0) {
    const listed = Math.max(1, layoutDigest(clusterId, rest, options).listed);
    parts.push(rest.slice(0, listed));
    rest = rest.slice(listed);
  }
  return parts;
}

function layoutDigest(clusterId: string, entries: readonly DigestEntry[], options: DigestOptions): { notification: SnsNotification; listed: number } {
  // The cluster and the ids are names from requests and Run:ai: quoted in the email when not plain.
  const clusterShown = displayName(clusterId, 200);
  const maxBytes = options.maxBytes ?? SNS_MAX_PAYLOAD_BYTES;
  const words = options.words ?? notificationWordsEn;
  const sorted = ordered(entries, words);
  const total = sorted.length;
  const counts = countBy(sorted.map(({ verdict }) => verdictLabel(verdict)));
  const recurring = sorted.filter(({ verdict }) => verdict.recurrence?.recurring).length;
  const nodes = countBy(sorted.flatMap((entry) => [...new Set(entry.nodes ?? extractNodes(entry.verdict))]));
  const nodesShown = nodes.slice(0, MAX_NODES_LISTED);

  const Subject = digestSubject(clusterId, counts, total, words);
  const MessageAttributes = digestAttributes(clusterId, sorted);

  const header = [
    words.digest.title(total, clusterShown),
    words.digest.counts(counts.map(([label, count]) => `${count} ${label}`).join(', ')),
    words.digest.recurring(recurring, total),
    words.digest.nodes(
      nodes.length === 0
        ? null
        : `${nodesShown.map(([node, count]) => `${displayName(node)} (${count})`).join(', ')}${nodes.length > nodesShown.length ? `, ${words.digest.moreNodes(nodes.length - nodesShown.length)}` : ''}`,
    ),
    '',
    words.digest.workloadsHeading,
  ].join('\n');
  const footer = ['', words.digest.why(clusterShown, total, options.digestThreshold), words.digest.fullReport(clusterShown, '<id>')].join('\n');
  const line = ({ verdict, context }: DigestEntry) => {
    const id = verdict.workload?.id ?? context?.workloadId;
    const recurrence = recurrenceText(verdict, words);
    return `- ${verdictTag(verdict)} ${workloadDisplayInText(verdict, context ?? {}, words)}${recurrence ? ` ${recurrence}` : ''}${id ? ` - ${words.digest.idLabel} ${displayName(id, 200)}` : ''} - ${capChars(verdict.message, MAX_MESSAGE_CHARS)}`;
  };
  // Identity, category and recurrence only: this list is serialised three times (https,
  // sqs, lambda), so every byte per entry counts thrice; the full text is in the email.
  const listEntry = ({ key, verdict, context }: DigestEntry) => ({
    key,
    workloadId: verdict.workload?.id ?? context?.workloadId ?? null,
    workloadName: verdict.workload?.name ?? context?.workloadName ?? null,
    project: projectOf(verdict, context ?? {}),
    outcome: verdict.outcome,
    category: verdict.category,
    ...(verdict.route ? { route: verdict.route } : {}),
    ...(verdict.stopReason ? { stopReason: verdict.stopReason } : {}),
    recurring: verdict.recurrence?.recurring ?? false,
    recurrenceCount: verdict.recurrence?.count ?? null,
  });
  const omittedMarker = (omitted: number) => (omitted > 0 ? `\n${words.digest.truncated(omitted)}` : '');

  const body = (listed: number) => [header, ...sorted.slice(0, listed).map(line)].join('\n') + omittedMarker(total - listed);
  const json = (listed: number) =>
    JSON.stringify(
      {
        kind: 'digest',
        schemaVersion: 1,
        clusterId,
        total,
        counts: Object.fromEntries(counts),
        recurring,
        nodes: nodesShown.map(([name, count]) => ({ name, count })),
        verdicts: sorted.slice(0, listed).map(listEntry),
        listed,
        omitted: total - listed,
        truncated: listed < total,
      },
      (_key, value: unknown) => (typeof value === 'string' ? wellFormed(value) : value),
    );
  const assemble = (listed: number, text: string): SnsNotification => ({
    Subject,
    Message: snsJsonMessage(wellFormed(text), json(listed)),
    MessageStructure: 'json',
    MessageAttributes,
  });
  const whole = (listed: number) => assemble(listed, `${body(listed)}\n${footer}`);
  const fits = (listed: number) => snsPayloadBytes(whole(listed)) <= maxBytes;

  const listed = fits(total) ? total : largestFitting(0, total - 1, fits);
  if (listed !== null) return { notification: whole(listed), listed };
  // Only an absurd cluster id or a tiny limit gets here: cut the text, keep the counts.
  const cut = fitNotificationText((text) => assemble(0, text), `${body(0)}\n${footer}`, '', maxBytes);
  if (cut) return { notification: cut, listed: 0 };
  throw new RangeError(`cannot fit a digest notification into ${maxBytes} bytes`);
}
