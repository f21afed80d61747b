/**
 * The held-out suspect-node histories (issue #23 item 3, DESIGN §4.8), generated, not listed:
 * each family is written once as a function of a seeded random source and a variation index,
 * and states what the rule text makes of it (how many `node_suspect` notices); the generator
 * also derives the per-verdict expectation with expectSuspicion and refuses a history on which
 * the two disagree, so a family cannot drift from what it claims to test.
 */
import { NEVER_COUNTING_KINDS, NODE_OR_UNKNOWN_KINDS, NODE_SIDE_KINDS, SIGNATURE_CRASH_KINDS, type KindName } from './failureKinds.js';
import { generateHistories, spaced, type Family, type Step, type SuspectHistory } from './generateHistories.js';

export type { SuspectHistory };

const USERS = [
  'a.moreau@example.com',
  'b.okafor@example.com',
  'c.lindqvist@example.com',
  'd.tanaka@example.com',
  'e.nowak@example.com',
  'f.haddad@example.com',
];
const PROJECTS = ['nlp-research', 'vision', 'recsys', 'autonomy', 'speech'];
const NODES = ['dgx-h100-03', 'hgx-b200-17', 'gpu-node-a6000-2', 'ip-10-0-12-201.ec2.internal', 'dgx-a100-11'];

const FAMILIES: Family[] = [
  {
    // §4.8's positive case: ≥ 3 workloads from ≥ 2 submitters, node-side signatures.
    name: 'three-users-one-node',
    variations: 6,
    notices: () => 1,
    steps: (d, v) => {
      const node = d.pick(NODES);
      const users = d.shuffle(USERS).slice(0, 3 + (v % 3));
      return spaced(d, users.length).map((atMinutes, i) => ({
        node,
        kind: d.pick(NODE_OR_UNKNOWN_KINDS),
        project: d.pick(PROJECTS),
        submittedBy: users[i]!,
        atMinutes,
      }));
    },
  },
  {
    // "One user resubmitting the same bug never makes a node suspect", however many times.
    name: 'one-user-resubmits',
    variations: 5,
    notices: () => 0,
    steps: (d, v) => {
      const node = d.pick(NODES);
      const user = d.pick(USERS);
      const project = d.pick(PROJECTS);
      const kind = d.pick(NODE_SIDE_KINDS);
      return spaced(d, 3 + v, 0, 40).map((atMinutes) => ({ node, kind, project, submittedBy: user, atMinutes }));
    },
  },
  {
    // ≥ 2 submitters but only 2 failures: below the ≥ 3 threshold.
    name: 'two-submitters-two-failures',
    variations: 4,
    notices: () => 0,
    steps: (d) => {
      const node = d.pick(NODES);
      const [u1, u2] = d.shuffle(USERS);
      return spaced(d, 2).map((atMinutes, i) => ({
        node,
        kind: d.pick(NODE_OR_UNKNOWN_KINDS),
        project: d.pick(PROJECTS),
        submittedBy: [u1!, u2!][i]!,
        atMinutes,
      }));
    },
  },
  {
    // 3 failures from exactly 2 submitters (one of them twice): both thresholds met.
    name: 'two-submitters-three-failures',
    variations: 4,
    notices: () => 1,
    steps: (d) => {
      const node = d.pick(NODES);
      const [u1, u2] = d.shuffle(USERS);
      const who = d.shuffle([u1!, u1!, u2!]);
      return spaced(d, 3).map((atMinutes, i) => ({ node, kind: d.pick(NODE_OR_UNKNOWN_KINDS), project: d.pick(PROJECTS), submittedBy: who[i]!, atMinutes }));
    },
  },
  {
    // The 24 h window: first and third failure 23 h 59 min apart (inside) or 24 h 1 min (outside).
    // One kind for the whole history, so failure and diagnosis times are apart by the same amount.
    name: 'window-boundary',
    variations: 6,
    notices: (v) => (v % 2 === 0 ? 1 : 0),
    steps: (d, v) => {
      const node = d.pick(NODES);
      const users = d.shuffle(USERS).slice(0, 3);
      const kind = d.pick(NODE_OR_UNKNOWN_KINDS);
      const span = v % 2 === 0 ? 24 * 60 - 1 : 24 * 60 + 1;
      const middle = d.int(60, span - 60);
      return [0, middle, span].map((atMinutes, i) => ({ node, kind, project: d.pick(PROJECTS), submittedBy: users[i]!, atMinutes }));
    },
  },
  {
    // OOM, image, init, data source, policy and preemption never count: two node-side failures
    // and any number of those, from other users, stay below the threshold.
    name: 'never-counting-mixed',
    variations: 6,
    notices: () => 0,
    steps: (d, v) => {
      const node = d.pick(NODES);
      const users = d.shuffle(USERS);
      const kinds = d.shuffle([d.pick(NODE_SIDE_KINDS), d.pick(NODE_SIDE_KINDS), ...d.shuffle(NEVER_COUNTING_KINDS).slice(0, 2 + (v % 4))]);
      return spaced(d, kinds.length, 0, 60).map((atMinutes, i) => ({
        node,
        kind: kinds[i]!,
        project: d.pick(PROJECTS),
        submittedBy: users[i % users.length]!,
        atMinutes,
      }));
    },
  },
  {
    // Only never-counting kinds, from many users: never suspect.
    name: 'never-counting-only',
    variations: 3,
    notices: () => 0,
    steps: (d) => {
      const node = d.pick(NODES);
      const users = d.shuffle(USERS);
      return NEVER_COUNTING_KINDS.map((kind, i) => ({ node, kind, project: d.pick(PROJECTS), submittedBy: users[i]!, atMinutes: i * d.int(5, 30) }));
    },
  },
  {
    // "Each later verdict on that node says so": a never-counting failure after the node became
    // suspect still carries node.suspect (its own failure is not counted).
    name: 'never-counting-after-suspect',
    variations: 4,
    notices: () => 1,
    steps: (d) => {
      const node = d.pick(NODES);
      const users = d.shuffle(USERS);
      const times = spaced(d, 5, 0, 60);
      const later = d.shuffle(NEVER_COUNTING_KINDS.filter((kind) => kind !== 'preempted')).slice(0, 2);
      return times.map((atMinutes, i) => ({
        node,
        kind: i < 3 ? d.pick(NODE_OR_UNKNOWN_KINDS) : later[i - 3]!,
        project: d.pick(PROJECTS),
        submittedBy: users[i]!,
        atMinutes,
      }));
    },
  },
  {
    // "or when one hardware Xid was seen on it": suspect at once, one notice; a later failure
    // of another kind on the node is flagged too.
    name: 'hardware-xid-alone',
    variations: 4,
    notices: () => 1,
    steps: (d, v) => {
      const node = d.pick(NODES);
      const user = d.pick(USERS);
      const first: Step = { node, kind: 'xid-79', project: d.pick(PROJECTS), submittedBy: user, atMinutes: 0 };
      if (v < 2) return [first];
      return [first, { node, kind: v === 2 ? 'crash-plain' : 'oom', project: d.pick(PROJECTS), submittedBy: user, atMinutes: d.int(10, 600) }];
    },
  },
  {
    // The hardware Xid as a node condition read through Tier 2: suspect at once.
    name: 'hardware-xid-node-condition',
    variations: 3,
    notices: () => 1,
    steps: (d) => [{ node: d.pick(NODES), kind: 'xid-79-node-condition', project: d.pick(PROJECTS), submittedBy: d.pick(USERS), atMinutes: 0 }],
  },
  {
    // An application-attributable Xid (13) is not a hardware Xid: never suspect on its own, nor
    // with one node-side failure from another user (2 failures).
    name: 'application-xid',
    variations: 4,
    notices: () => 0,
    steps: (d, v) => {
      const node = d.pick(NODES);
      const [u1, u2] = d.shuffle(USERS);
      const first: Step = { node, kind: 'xid-13', project: d.pick(PROJECTS), submittedBy: u1!, atMinutes: 0 };
      if (v < 2) return [first];
      return [first, { node, kind: d.pick(NODE_OR_UNKNOWN_KINDS), project: d.pick(PROJECTS), submittedBy: u2!, atMinutes: d.int(5, 300) }];
    },
  },
  {
    // A plain application crash (no NCCL / CUDA / Xid) never counts, whoever submits it.
    name: 'plain-crashes-many-users',
    variations: 3,
    notices: () => 0,
    steps: (d, v) => {
      const node = d.pick(NODES);
      const users = d.shuffle(USERS).slice(0, 3 + v);
      return spaced(d, users.length).map((atMinutes, i) => ({ node, kind: 'crash-plain', project: d.pick(PROJECTS), submittedBy: users[i]!, atMinutes }));
    },
  },
  {
    // The same node name on two clusters is two nodes (dedup key node:<clusterId>/<node>).
    name: 'same-node-two-clusters',
    variations: 4,
    notices: (v) => (v % 2 === 0 ? 0 : 1),
    steps: (d, v) => {
      const node = d.pick(NODES);
      const users = d.shuffle(USERS);
      const onA = v % 2 === 0 ? 2 : 3;
      const clusters = d.shuffle([...Array<string>(onA).fill('A'), 'B', 'B']);
      return spaced(d, clusters.length).map((atMinutes, i) => ({
        cluster: clusters[i]!,
        node,
        kind: d.pick(NODE_OR_UNKNOWN_KINDS),
        project: d.pick(PROJECTS),
        submittedBy: users[i]!,
        atMinutes,
      }));
    },
  },
  {
    // A second burst after the first notice's 24 h gives a second notice; one inside it does not.
    name: 'second-burst',
    variations: 4,
    notices: (v) => (v % 2 === 0 ? 2 : 1),
    steps: (d, v) => {
      const node = d.pick(NODES);
      const first = spaced(d, 3, 0, 60);
      const secondStart = v % 2 === 0 ? d.int(26 * 60, 40 * 60) : d.int(5 * 60, 18 * 60);
      const second = spaced(d, 3, secondStart, 60);
      return [...first, ...second].map((atMinutes) => ({
        node,
        kind: d.pick(NODE_OR_UNKNOWN_KINDS),
        project: d.pick(PROJECTS),
        submittedBy: d.pick(USERS),
        atMinutes,
      }));
    },
  },
  {
    // Two nodes of one cluster, failures interleaved: each node is judged on its own failures.
    name: 'interleaved-nodes',
    variations: 4,
    notices: (v) => (v % 2 === 0 ? 1 : 2),
    steps: (d, v) => {
      const [nodeA, nodeB] = d.shuffle(NODES);
      const users = d.shuffle(USERS);
      const resubmitter = users[5]!;
      const times = spaced(d, 6, 0, 45);
      return times.map((atMinutes, i) => {
        const onA = i % 2 === 0;
        // Node A: three users. Node B: one user three times (v even) or three more users (v odd).
        const submittedBy = onA ? users[i / 2]! : v % 2 === 0 ? resubmitter : users[3 + (i - 1) / 2]!;
        return { node: onA ? nodeA! : nodeB!, kind: d.pick(NODE_OR_UNKNOWN_KINDS), project: d.pick(PROJECTS), submittedBy, atMinutes };
      });
    },
  },
  {
    // CRASH_APP_ERROR counts only "carrying an infrastructure signature (NCCL, CUDA, Xid)": three
    // users' crashes with an NCCL or CUDA error (all NCCL, all CUDA, mixed, or two with a node failure).
    name: 'signature-crashes',
    variations: 6,
    notices: () => 1,
    steps: (d, v) => {
      const node = d.pick(NODES);
      const users = d.shuffle(USERS);
      const kinds: KindName[] =
        v === 0
          ? ['crash-nccl', 'crash-nccl', 'crash-nccl']
          : v === 1
            ? ['crash-cuda', 'crash-cuda', 'crash-cuda']
            : v < 4
              ? d.shuffle(['crash-nccl', 'crash-cuda', d.pick(SIGNATURE_CRASH_KINDS)])
              : d.shuffle([d.pick(SIGNATURE_CRASH_KINDS), d.pick(SIGNATURE_CRASH_KINDS), d.pick(NODE_OR_UNKNOWN_KINDS)]);
      return spaced(d, 3).map((atMinutes, i) => ({ node, kind: kinds[i]!, project: d.pick(PROJECTS), submittedBy: users[i]!, atMinutes }));
    },
  },
  {
    // "≥ 3 workloads failed": the same workload's alert sent again is not another failed workload.
    name: 'alerts-resent',
    variations: 4,
    notices: (v) => (v < 2 ? 0 : 1),
    steps: (d, v) => {
      const node = d.pick(NODES);
      const users = d.shuffle(USERS);
      const workloads = v < 2 ? 2 : 3;
      const times = spaced(d, workloads + 3, 0, 30);
      const first: Step[] = times.slice(0, workloads).map((atMinutes, i) => ({
        node,
        kind: d.pick(NODE_OR_UNKNOWN_KINDS),
        project: d.pick(PROJECTS),
        submittedBy: users[i]!,
        atMinutes,
        name: `resent-run-${i + 1}`,
      }));
      // Three resends of already failed workloads (Alertmanager's repeat_interval, a second receiver).
      const resends = times.slice(workloads).map((atMinutes) => ({ ...d.pick(first), atMinutes, resend: true }));
      return [...first, ...resends];
    },
  },
  {
    // Failures within 24 h of each other, the last one reported hours late: still within 24 h
    // (the rule counts when workloads failed). One kind per history, as in window-boundary.
    name: 'late-report',
    variations: 4,
    notices: () => 1,
    steps: (d, v) => {
      const node = d.pick(NODES);
      const users = d.shuffle(USERS).slice(0, 3);
      const kind = d.pick(NODE_OR_UNKNOWN_KINDS);
      const [span, late] = (
        [
          [22 * 60, 180],
          [20 * 60, 30],
          [19 * 60, 360],
          [23 * 60, 120],
        ] as const
      )[v]!;
      return [0, d.int(30, 600), span].map((atMinutes, i) => ({
        node,
        kind,
        project: d.pick(PROJECTS),
        submittedBy: users[i]!,
        atMinutes,
        reportedLateMinutes: i === 2 ? late : 0,
      }));
    },
  },
  {
    // Names never steer (§4.8): workloads, projects and nodes named after categories or signals
    // leave the outcome what the signals make it — never-counting failures stay uncounted, and
    // node-side ones still count under names that say otherwise.
    name: 'names-never-steer',
    variations: 4,
    notices: (v) => (v % 2 === 0 ? 0 : 1),
    steps: (d, v) => {
      const node = d.pick(['gpu-xid79-fallen-off-bus', 'node-failure-01', 'nccl-timeout-node', 'notready-dgx-7']);
      const users = d.shuffle(USERS);
      const names = d.shuffle(['node-failure-test', 'nccl-allreduce-timeout', 'xid-79-repro', 'cuda-error-bench', 'gpu-fallen-off-bus']);
      const projects = d.shuffle(['node-failure', 'nccl', 'cuda', 'xid', 'hardware']);
      const kinds: KindName[] =
        v % 2 === 0
          ? d.shuffle(['crash-plain', 'oom', 'image', 'crash-plain'])
          : d.shuffle(['oom', 'image', 'node-notready', 'unknown-137', 'spot-interruption']);
      return spaced(d, kinds.length).map((atMinutes, i) => ({
        node,
        kind: kinds[i]!,
        project: projects[i]!,
        submittedBy: users[i]!,
        atMinutes,
        name: `${names[i]!}-${i + 1}`,
      }));
    },
  },
  {
    // One person typed in other case or with stray whitespace is still one submitter.
    name: 'submitter-case-whitespace',
    variations: 3,
    notices: () => 0,
    steps: (d) => {
      const node = d.pick(NODES);
      const user = d.pick(USERS);
      const spellings = d.shuffle([user, user.toUpperCase(), ` ${user} `, user.charAt(0).toUpperCase() + user.slice(1)]).slice(0, 3);
      return spaced(d, 3).map((atMinutes, i) => ({
        node,
        kind: d.pick(NODE_OR_UNKNOWN_KINDS),
        project: d.pick(PROJECTS),
        submittedBy: spellings[i]!,
        atMinutes,
      }));
    },
  },
  {
    // No submittedBy: the project stands for the submitter (§4.8). Two projects → suspect; one → never.
    name: 'projects-when-no-submitter',
    variations: 4,
    notices: (v) => (v % 2 === 0 ? 1 : 0),
    steps: (d, v) => {
      const node = d.pick(NODES);
      const [p1, p2] = d.shuffle(PROJECTS);
      const projects = v % 2 === 0 ? d.shuffle([p1!, p1!, p2!]) : [p1!, p1!, p1!];
      return spaced(d, 3).map((atMinutes, i) => ({ node, kind: d.pick(NODE_OR_UNKNOWN_KINDS), project: projects[i]!, submittedBy: null, atMinutes }));
    },
  },
];

/** Every history, in a stable order; seeded by the family's name and the variation. */
export function suspectHistories(): SuspectHistory[] {
  return generateHistories(FAMILIES);
}
