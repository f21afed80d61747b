/**
 * The second held-out suspect-node set (issue #23 item 3, DESIGN §4.8): histories generated,
 * not listed, in families that set 1 (test/suspect/README.md) does not have. Each family is a
 * function of a seeded random source (mulberry32, seeded by family name and variation) and a
 * variation index, and states how many `node_suspect` notices the rule text gives it; the
 * `atMinutes` is when the workload failed (the runner makes the workload's `completedAt` that
 * instant and alerts every failure the same lag after it: RUN_OPTIONS_2). The
 * generator derives every verdict's expectation with set 1's reference (expectSuspicion) under
 * this set's reading of submitters (below) and refuses a history on which the family's claim and
 * the reference disagree, or whose outcome would change if a `contested` kind counted.
 */
import { expectSuspicion, type PlannedFailure, type ReadingOptions } from '../suspect/expectSuspicion.js';
import { generateHistories, spaced, type Family as BaseFamily, type Step as BaseStep, type SuspectHistory } from '../suspect/generateHistories.js';
import type { KindTable } from '../suspect/failureKinds.js';
import type { RunOptions } from '../suspect/runSuspectHistories.js';
import {
  APPLICATION_XIDS,
  COUNTING,
  FAILURE_KINDS_2,
  HARDWARE_XIDS,
  NEVER_COUNTING,
  PLAIN_COUNTING,
  SIGNATURE_CRASHES,
  type FailureKind2,
} from './failureKinds2.js';

export type SuspectHistory2 = SuspectHistory;

/**
 * One person's forms (docs/procedure.md: submitters are compared "after normalising case,
 * whitespace and the email / name / `DOMAIN\user` forms of one person"): `a.moreau@example.com`,
 * `A.Moreau`, `CORP\a.moreau` are one submitter. Reading: the person is the part before `@`
 * or after the last `\`, case-folded and trimmed, so the same mailbox name under another domain
 * (`a.moreau@corp.example.com`, a domain alias) is the same person too.
 */
export function personOf(submittedBy: string): string {
  const trimmed = submittedBy.trim().toLowerCase();
  const user = trimmed.includes('\\') ? trimmed.slice(trimmed.lastIndexOf('\\') + 1) : trimmed;
  return user.includes('@') ? user.slice(0, user.indexOf('@')) : user;
}

/**
 * Distinct submitters of a window's counting failures (procedure.md): a missing submitter never
 * counts as a distinct one; projects stand in only when no failure of the window names its
 * submitter.
 */
export function distinctSubmitters2(counting: readonly PlannedFailure[]): number {
  const named = counting.filter((failure) => failure.submittedBy !== null && failure.submittedBy.trim() !== '');
  if (named.length > 0) return new Set(named.map((failure) => personOf(failure.submittedBy!))).size;
  return new Set(counting.map((failure) => failure.project)).size;
}

export const READING_2: ReadingOptions = { kinds: FAILURE_KINDS_2, distinctSubmitters: distinctSubmitters2 };

/**
 * How set 2 is driven: its kinds, and every workload failing at its planned instant, alerted
 * 3 h 5 min later (the longest lead among the sources is the OOM scenario's 3 h), so alerts
 * arrive in the order of the failures whatever the kinds and the 24 h edge is exact.
 */
export const RUN_OPTIONS_2: RunOptions = { kinds: FAILURE_KINDS_2, failureTimes: { at: 'planned', lagMinutes: 185 } };

// Other people, projects and nodes than set 1's.
const USERS = [
  'g.ferreira@example.org',
  'h.kowalski@example.org',
  'i.adeyemi@example.org',
  'j.larsen@example.org',
  'k.yamamoto@example.org',
  'l.rossi@example.org',
  'm.haddad@example.org',
];
const PROJECTS = ['llm-pretrain', 'genomics', 'robotics', 'forecasting', 'retrieval'];
const NODES = ['gpu-h200-r4-07', 'hgx-b200-22', 'dgx-a100-m14', 'ip-10-40-3-18.ec2.internal', 'gke-a3-highgpu-8g-pool-3f9c', 'l40s-node-05'];
const DAY = 24 * 60;

/** One failure in the family's terms; its kind one of set 2's. */
type Step = Omit<BaseStep, 'kind'> & { kind: keyof typeof FAILURE_KINDS_2 | (string & {}) };
type Family = BaseFamily<Step>;

/** RFC 3339 offsets, whole and half hours, both signs, the extremes (−12:00 … +14:00) included. */
const OFFSETS = [330, -480, 840, -210, 540, -660, 0, 345, -720, 60];

const FAMILIES: Family[] = [
  {
    // "or when one hardware Xid was seen on it", reported by the node's side as an event
    // (node-problem-detector's kernel monitor, relayed with the workload's events): suspect at
    // once; a later failure of a never-counting kind on the node is flagged too.
    name: 'hardware-xid-node-event',
    variations: HARDWARE_XIDS.length,
    notices: () => 1,
    steps: (d, v) => {
      const node = d.pick(NODES);
      const [u1, u2] = d.shuffle(USERS);
      const first: Step = { node, kind: `xid-${HARDWARE_XIDS[v]!}-node-event`, project: d.pick(PROJECTS), submittedBy: u1!, atMinutes: 0 };
      if (v % 2 === 0) return [first];
      return [first, { node, kind: d.pick(NEVER_COUNTING), project: d.pick(PROJECTS), submittedBy: u2!, atMinutes: d.int(20, 1200) }];
    },
  },
  {
    // The catalogue's other hardware Xids as a node condition read through Tier 2 (set 1 had 79 only).
    name: 'hardware-xid-node-condition-catalogue',
    variations: 5,
    notices: () => 1,
    steps: (d, v) => [
      { node: d.pick(NODES), kind: `xid-${[48, 64, 74, 95, 119][v]!}-node-condition`, project: d.pick(PROJECTS), submittedBy: d.pick(USERS), atMinutes: 0 },
    ],
  },
  {
    // A hardware Xid only the workload's termination message claims is never enough alone
    // (procedure.md), nor with one more counting failure: two failures.
    name: 'hardware-xid-termination-not-alone',
    variations: 4,
    notices: () => 0,
    steps: (d, v) => {
      const node = d.pick(NODES);
      const [u1, u2] = d.shuffle(USERS);
      const first: Step = { node, kind: `xid-${[48, 74, 95, 119][v]!}-termination`, project: d.pick(PROJECTS), submittedBy: u1!, atMinutes: 0 };
      if (v < 2) return [first];
      return [first, { node, kind: d.pick(PLAIN_COUNTING), project: d.pick(PROJECTS), submittedBy: u2!, atMinutes: d.int(10, 900) }];
    },
  },
  {
    // ... but it is an infrastructure signature: with two more counting failures from other users it makes three.
    name: 'hardware-xid-termination-counts',
    variations: 4,
    notices: () => 1,
    steps: (d, v) => {
      const node = d.pick(NODES);
      const users = d.shuffle(USERS);
      const kinds = d.shuffle([`xid-${[64, 79, 48, 119][v]!}-termination`, d.pick(PLAIN_COUNTING), d.pick(PLAIN_COUNTING)]);
      return spaced(d, 3, 0, 240).map((atMinutes, i) => ({ node, kind: kinds[i]!, project: d.pick(PROJECTS), submittedBy: users[i]!, atMinutes }));
    },
  },
  {
    // An application-attributable Xid (13, 31, 43, 45), even as the node's own event or
    // condition, is no hardware Xid: never suspect alone nor with one more failure.
    name: 'application-xid-node-side',
    variations: 4,
    notices: () => 0,
    steps: (d, v) => {
      const node = d.pick(NODES);
      const [u1, u2] = d.shuffle(USERS);
      const first: Step = {
        node,
        kind: `xid-${APPLICATION_XIDS[v]!}-${v % 2 === 0 ? 'node-event' : 'node-condition'}`,
        project: d.pick(PROJECTS),
        submittedBy: u1!,
        atMinutes: 0,
      };
      if (v < 2) return [first];
      return [first, { node, kind: d.pick(PLAIN_COUNTING), project: d.pick(PROJECTS), submittedBy: u2!, atMinutes: d.int(10, 600) }];
    },
  },
  {
    // A distributed workload counts once, on its origin's node (§4.8 origin; procedure.md
    // "Which node"). Even: three users' jobs with the origin on one node → suspect. Odd: the
    // origins on three nodes, one peer node in every job → nobody suspect.
    name: 'distributed-origin-node',
    variations: 4,
    notices: (v) => (v % 2 === 0 ? 1 : 0),
    steps: (d, v) => {
      const fleet = d.shuffle(NODES);
      const shared = fleet[0]!;
      const users = d.shuffle(USERS);
      return spaced(d, 3, 0, 180).map((atMinutes, i) => {
        const origin = v % 2 === 0 ? shared : fleet[1 + i]!;
        const others = d.shuffle(fleet.filter((node) => node !== origin && node !== shared));
        const peerNodes = v % 2 === 0 ? others.slice(0, 3) : d.shuffle([shared, ...others.slice(0, 2)]);
        return { node: origin, peerNodes, kind: 'distributed-node-notready', project: d.pick(PROJECTS), submittedBy: users[i]!, atMinutes };
      });
    },
  },
  {
    // A distributed job whose origin was OOM-killed or raised an exception counts nowhere: not on
    // the origin's node (never-counting), not on its peers' nodes (collateral) — even when one
    // peer node also has a real counting failure of its own.
    name: 'distributed-collateral-never-counts',
    variations: 3,
    notices: () => 0,
    steps: (d, v) => {
      const fleet = d.shuffle(NODES);
      const peerNode = fleet[0]!;
      const users = d.shuffle(USERS);
      const jobs: Step[] = spaced(d, 4, 0, 120).map((atMinutes, i) => {
        const kind = d.pick(['distributed-oom-origin', 'distributed-rank0-exception'] as const);
        const width = kind === 'distributed-oom-origin' ? 2 : 3;
        const origin = fleet[1 + (i % (fleet.length - 1))]!;
        const others = d.shuffle(fleet.filter((node) => node !== origin && node !== peerNode)).slice(0, width - 1);
        return { node: origin, peerNodes: d.shuffle([peerNode, ...others]), kind, project: d.pick(PROJECTS), submittedBy: users[i]!, atMinutes };
      });
      if (v < 2) return jobs;
      return [...jobs, { node: peerNode, kind: d.pick(PLAIN_COUNTING), project: d.pick(PROJECTS), submittedBy: users[5]!, atMinutes: d.int(30, 600) }];
    },
  },
  {
    // The 24 h edge with timestamps in other offsets and precisions (RFC 3339): first and third
    // failure exactly 24 h apart (closed span: inside), 24 h 1 s (outside), 23 h 59 min 59 s
    // (inside). One kind per history, so every failure lies the same distance before its alert.
    name: 'window-edge-offsets',
    variations: 6,
    notices: (v) => (v % 3 === 1 ? 0 : 1),
    steps: (d, v) => {
      const node = d.pick(NODES);
      const users = d.shuffle(USERS).slice(0, 3);
      const kind = d.pick(PLAIN_COUNTING);
      const span = DAY + [0, 1, -1][v % 3]! / 60;
      const offsets = d.shuffle(OFFSETS);
      const digits = d.shuffle([0, 3, 6, 9] as const);
      return [0, d.int(60, DAY - 60), span].map((atMinutes, i) => ({
        node,
        kind,
        project: d.pick(PROJECTS),
        submittedBy: users[i]!,
        atMinutes,
        timestamps: { offsetMinutes: offsets[i]!, fractionDigits: digits[i]! },
      }));
    },
  },
  {
    // The edge to the millisecond: failures at sub-second instants, first and third 24 h 0.2 s
    // apart (outside) or 23 h 59 min 59.8 s (inside) — a reading that drops the fraction would
    // get one of them wrong. Written with 3, 6 or 9 fraction digits in some offset.
    name: 'window-edge-subsecond',
    variations: 4,
    notices: (v) => (v % 2 === 0 ? 1 : 0),
    steps: (d, v) => {
      const node = d.pick(NODES);
      const users = d.shuffle(USERS).slice(0, 3);
      const kind = d.pick(PLAIN_COUNTING);
      const [firstMs, lastMs] = v % 2 === 0 ? [600, 400] : [400, 600];
      const first = firstMs / 60_000;
      const last = DAY + lastMs / 60_000;
      const offsets = d.shuffle(OFFSETS);
      return [first, d.int(60, DAY - 60) + d.int(1, 999) / 60_000, last].map((atMinutes, i) => ({
        node,
        kind,
        project: d.pick(PROJECTS),
        submittedBy: users[i]!,
        atMinutes,
        timestamps: { offsetMinutes: offsets[i]!, fractionDigits: d.pick([3, 6, 9] as const) },
      }));
    },
  },
  {
    // Many nodes, one bad: background failures on 9–13 other nodes stay below the rule (two
    // counting failures, one user's many, never-counting kinds, nothing) while one node gets three
    // users' counting failures: exactly one notice, for that node.
    name: 'one-bad-node-in-fleet',
    variations: 4,
    notices: () => 1,
    steps: (d) => {
      const racks = d.shuffle(['r01', 'r02', 'r03', 'r07', 'r11']);
      const fleet = Array.from({ length: d.int(10, 14) }, (_, i) => `gpu-${racks[i % racks.length]!}-n${String(i + 1).padStart(2, '0')}`);
      const [bad, ...others] = d.shuffle(fleet);
      const steps: Step[] = [];
      const at = () => d.int(0, 20 * 60);
      const users = d.shuffle(USERS);
      for (let i = 0; i < 3; i += 1) steps.push({ node: bad!, kind: d.pick(COUNTING), project: d.pick(PROJECTS), submittedBy: users[i]!, atMinutes: at() });
      for (const node of others) {
        const background = d.int(0, 3);
        const people = d.shuffle(USERS);
        if (background === 0)
          for (let i = 0; i < 2; i += 1) steps.push({ node, kind: d.pick(COUNTING), project: d.pick(PROJECTS), submittedBy: people[i]!, atMinutes: at() });
        if (background === 1)
          for (let i = 0; i < d.int(3, 4); i += 1)
            steps.push({ node, kind: d.pick(COUNTING), project: d.pick(PROJECTS), submittedBy: people[0]!, atMinutes: at() });
        if (background === 2)
          for (let i = 0; i < 3; i += 1)
            steps.push({ node, kind: d.pick(NEVER_COUNTING), project: d.pick(PROJECTS), submittedBy: people[i]!, atMinutes: at() });
      }
      return steps;
    },
  },
  {
    // A node name used again more than 24 h later, or a node renamed: the rule follows names
    // and failure times. 0: two failures, the name reused a day later for a third → never.
    // 1: renamed after two failures, the third on the new name → never. 2: suspect, then the
    // name reused after 24 h for one failure → not flagged, no notice. 3: suspect, renamed,
    // two failures on the new name → one notice only.
    name: 'node-name-reused',
    variations: 4,
    notices: (v) => (v < 2 ? 0 : 1),
    steps: (d, v) => {
      const [node, renamed] = d.shuffle(NODES);
      const users = d.shuffle(USERS);
      const kind = () => d.pick(PLAIN_COUNTING);
      const project = () => d.pick(PROJECTS);
      const early = spaced(d, v < 2 ? 2 : 3, 0, 60);
      const steps: Step[] = early.map((atMinutes, i) => ({ node: node!, kind: kind(), project: project(), submittedBy: users[i]!, atMinutes }));
      const last = early.at(-1)!;
      if (v === 0) steps.push({ node: node!, kind: kind(), project: project(), submittedBy: users[4]!, atMinutes: last + DAY + d.int(5, 600) });
      if (v === 1) steps.push({ node: renamed!, kind: kind(), project: project(), submittedBy: users[4]!, atMinutes: last + d.int(30, 300) });
      if (v === 2) steps.push({ node: node!, kind: kind(), project: project(), submittedBy: users[4]!, atMinutes: last + DAY + d.int(5, 600) });
      if (v === 3)
        for (const [i, atMinutes] of spaced(d, 2, last + d.int(30, 300), 60).entries())
          steps.push({ node: renamed!, kind: kind(), project: project(), submittedBy: users[4 + i]!, atMinutes });
      return steps;
    },
  },
  {
    // One person in the email / name / DOMAIN\user forms (procedure.md) is one submitter:
    // "one user resubmitting the same bug never makes a node suspect". Variation 3 adds the
    // same mailbox name under another domain (a domain alias; the README's reading).
    name: 'submitter-forms-one-person',
    variations: 4,
    notices: () => 0,
    steps: (d, v) => {
      const node = d.pick(NODES);
      const email = d.pick(USERS);
      const name = email.slice(0, email.indexOf('@'));
      const forms =
        v === 3
          ? [email, `${name}@corp.example.org`, name.toUpperCase()]
          : d.shuffle([email, name, `CORP\\${name}`, `EXAMPLE\\${name.toUpperCase()}`, ` ${email.toUpperCase()}`]).slice(0, 3 + (v % 2));
      return spaced(d, forms.length).map((atMinutes, i) => ({
        node,
        kind: d.pick(PLAIN_COUNTING),
        project: d.pick(PROJECTS),
        submittedBy: forms[i]!,
        atMinutes,
      }));
    },
  },
  {
    // People whose names differ by a letter or a suffix are different people: three submitters.
    name: 'similar-names-different-people',
    variations: 3,
    notices: () => 1,
    steps: (d, v) => {
      const node = d.pick(NODES);
      const people = [
        ['a.moreau@example.org', 'a.morel@example.org', 'al.moreau@example.org'],
        ['CORP\\j.smith', 'CORP\\j.smyth', 'j.smith2@example.org'],
        ['e.nowak@example.org', 'e.nowicki@example.org', 'CORP\\e.novak'],
      ][v]!;
      const who = d.shuffle(people);
      return spaced(d, 3).map((atMinutes, i) => ({ node, kind: d.pick(PLAIN_COUNTING), project: d.pick(PROJECTS), submittedBy: who[i]!, atMinutes }));
    },
  },
  {
    // A missing submitter never counts as a distinct one; projects stand in only when no
    // failure of the window names its submitter (procedure.md). 0: one user twice and one
    // unnamed → never. 1: two users and one unnamed → suspect (2). 2: two unnamed in two
    // projects and one user → never. 3: all unnamed, two projects → suspect (2).
    name: 'missing-submitter-mixed',
    variations: 4,
    notices: (v) => (v % 2 === 1 ? 1 : 0),
    steps: (d, v) => {
      const node = d.pick(NODES);
      const [u1, u2] = d.shuffle(USERS);
      const [p1, p2] = d.shuffle(PROJECTS);
      const plans: [string | null, string][][] = [
        [
          [u1!, p1!],
          [u1!, p1!],
          [null, p2!],
        ],
        [
          [u1!, p1!],
          [u2!, p1!],
          [null, p2!],
        ],
        [
          [null, p1!],
          [null, p2!],
          [u1!, p1!],
        ],
        [
          [null, p1!],
          [null, p2!],
          [null, p1!],
        ],
      ];
      const order = d.shuffle(plans[v]!);
      return spaced(d, 3).map((atMinutes, i) => ({ node, kind: d.pick(PLAIN_COUNTING), project: order[i]![1], submittedBy: order[i]![0], atMinutes }));
    },
  },
  {
    // Without submitters, projects stand in — departments never do, and a department's name
    // (`infrastructure`, `node-failure`) never steers. 0: two projects of one department →
    // suspect. 1: one project under three department names → never. 2: three projects in
    // departments named after failures → suspect (3).
    name: 'projects-not-departments',
    variations: 3,
    notices: (v) => (v === 1 ? 0 : 1),
    steps: (d, v) => {
      const node = d.pick(NODES);
      const [p1, p2, p3] = d.shuffle(PROJECTS);
      const projects = [d.shuffle([p1!, p1!, p2!]), [p1!, p1!, p1!], [p1!, p2!, p3!]][v]!;
      const departments = [
        ['ml-research', 'ml-research', 'ml-research'],
        d.shuffle(['ml-research', 'platform', 'applied-ai']),
        d.shuffle(['infrastructure', 'node-failure', 'hardware']),
      ][v]!;
      return spaced(d, 3).map((atMinutes, i) => ({
        node,
        kind: d.pick(PLAIN_COUNTING),
        project: projects[i]!,
        department: departments[i]!,
        submittedBy: null,
        atMinutes,
      }));
    },
  },
  {
    // "Each later verdict on that node says so": after the node became suspect, later failures
    // of every category — never-counting ones, counting ones, a routed preemption (not checked)
    // — within the day are flagged, the counts growing with the counting ones; one notice.
    name: 'every-category-after-suspect',
    variations: 3,
    notices: () => 1,
    steps: (d) => {
      const node = d.pick(NODES);
      const users = d.shuffle(USERS);
      const later = d.shuffle([...NEVER_COUNTING, ...SIGNATURE_CRASHES, 'unknown-137', 'node-notready', 'preempted']);
      const kinds = [d.pick(PLAIN_COUNTING), d.pick(COUNTING), d.pick(PLAIN_COUNTING), ...later];
      return spaced(d, kinds.length, 0, 80).map((atMinutes, i) => ({
        node,
        kind: kinds[i]!,
        project: d.pick(PROJECTS),
        submittedBy: users[i % users.length]!,
        atMinutes,
      }));
    },
  },
  {
    // Bursts across midnight UTC, written in offsets where the local date is another: the day
    // is 24 h of failure time, not a calendar date. A second burst the next night: 24 h 10 min
    // or more after the first notice → a second notice; 20 h after → flagged, no notice.
    name: 'across-midnight',
    variations: 4,
    notices: (v) => (v % 2 === 0 ? 2 : 1),
    steps: (d, v) => {
      const node = d.pick(NODES);
      // The history starts at 06:00 UTC: 17 h 10 min later is 23:10 UTC; the third failure is after midnight.
      const first = [17 * 60 + 10 + d.int(0, 20), 17 * 60 + 45 + d.int(0, 10), 18 * 60 + 5 + d.int(0, 40)];
      const trigger = first.at(-1)!;
      const second = spaced(d, 3, trigger + (v % 2 === 0 ? DAY + d.int(10, 90) : 20 * 60), 40);
      const offset = d.pick([540, -300, 330, -600]);
      const users = d.shuffle(USERS);
      return [...first, ...second].map((atMinutes, i) => ({
        node,
        kind: d.pick(PLAIN_COUNTING),
        project: d.pick(PROJECTS),
        submittedBy: users[i % 3]!,
        atMinutes,
        timestamps: { offsetMinutes: offset, fractionDigits: 3 as const },
      }));
    },
  },
];

/** The expectation with every contested kind counting (the other reading). */
function otherReading(kinds: KindTable): KindTable {
  return Object.fromEntries(Object.entries(kinds).map(([name, kind]) => [name, (kind as FailureKind2).contested ? { ...kind, counts: !kind.counts } : kind]));
}

/** Every history, in a stable order; seeded by the family's name and the variation. */
export function suspectHistories2(): SuspectHistory2[] {
  return generateHistories(FAMILIES, {
    reading: READING_2,
    check: (name, failures, expectation) => {
      for (const failure of failures) if (!(failure.kind in FAILURE_KINDS_2)) throw new Error(`${name}: unknown kind ${failure.kind}`);
      const other = expectSuspicion(failures, { ...READING_2, kinds: otherReading(FAILURE_KINDS_2) });
      if (JSON.stringify(other) !== JSON.stringify(expectation)) throw new Error(`${name}: the outcome hangs on a contested kind`);
    },
  });
}
