/**
 * The transformations that must not change a held-out distributed case's verdict: each changes
 * how the same facts are presented (listing order, clock, written time form, names, the number
 * of identical consequence-only peers, an ordinary extra container, Tier 2 data of peers where the
 * origin is decided from Run:ai data alone), never what failed first. Each states its argument
 * beside it. Parameters are drawn from `seededRandom(<transformation>/<set>/<case>)`.
 */
import type { Scenario } from '../../../functions/simulator/startRunaiSimulator.js';
import type { HeldOutCase } from '../heldOutDistributed.js';
import { collateralPods, copyScenario, eventPod, setCollection, viewCase, type CaseView, type Expectation, type Json } from './caseView.js';
import { K8S_SUFFIX_ALPHABET, NODE_SCHEMES, newNodeNames, newProjectName, newWorkloadName, renamePod, siblingName, siblingNode } from './nameSchemes.js';
import { renameDeep, renameExpectation, renamer, replaceExactValues, type NameMap } from './renameConsistently.js';
import { seededRandom, type SeededRandom } from './seededRandom.js';
import { allWholeSeconds, relativeOffsetMs, rewriteRelativeTimestamps, type InstantForm } from './writeInstant.js';

/** One transformed case: what is served, at which clock, and what the verdict must then be. */
export interface Variant {
  scenario: Scenario;
  /** The case's expectation about the transformed case (names renamed, collateral moved by the peers added or removed). */
  expectation: Expectation;
  /** The instant both simulators and the CLI take as now (the CLI 1 s later). */
  nowMs: number;
  /** Maps an original name to its name in the transformed case (identity unless renamed). */
  rename: (text: string) => string;
  /** Peers added (+) or removed (−): the collateral count moves by as much. */
  collateralDelta: number;
}

export interface TransformContext {
  heldOut: HeldOutCase;
  /** The other cases of the same set (for the Tier 2 qualification). */
  siblings: readonly HeldOutCase[];
  /** The original case's now: a whole second plus 700 ms, as the sets' pinned clock. */
  baseNowMs: number;
  rng: SeededRandom;
}

export interface Transformation {
  id: string;
  group: 'order' | 'clock' | 'rename' | 'peers' | 'sidecar' | 'tier2';
  /** A variant, or why the transformation does not apply to this case. */
  apply(context: TransformContext): Variant | { skip: string };
}

const identity = (text: string) => text;

function variant(context: TransformContext, scenario: Scenario, extra: Partial<Variant> = {}): Variant {
  return { scenario, expectation: context.heldOut.expectation, nowMs: context.baseNowMs, rename: identity, collateralDelta: 0, ...extra };
}

/** Applies `edit` to a copy of the case's scenario. */
function edited(context: TransformContext, edit: (view: CaseView, scenario: Scenario) => void): Scenario {
  const scenario = copyScenario(context.heldOut.scenario);
  edit(viewCase(scenario), scenario);
  return scenario;
}

// ---------------------------------------------------------------- order
// The pods endpoint promises no order (GET /api/v1/workloads/{id}/pods takes no sort parameter in
// the openapi), the history promises none, a Kubernetes list promises none. The events endpoint
// sorts by time (`EventsSort`, default desc) and the client asks `sortOrder=desc`: what the file
// order still decides there is the order of events with the same `createdAt`. Reordering
// presents the same records; no record, field or time changes.

function reorder(context: TransformContext, arrange: <T>(items: T[]) => T[], what: 'pods' | 'events'): Scenario {
  return edited(context, (view) => {
    if (what === 'pods') {
      setCollection(view, 'pods', arrange(view.pods));
      if (view.kubernetes) view.kubernetes.pods = arrange(view.kubernetes.pods);
    } else {
      setCollection(view, 'events', arrange(view.events));
      setCollection(view, 'history', arrange(view.history));
      if (view.kubernetes) view.kubernetes.events = arrange(view.kubernetes.events);
    }
  });
}

const order: Transformation[] = [
  {
    id: 'pods-reversed',
    group: 'order',
    apply: (context) =>
      variant(
        context,
        reorder(context, (items) => [...items].reverse(), 'pods'),
      ),
  },
  {
    id: 'pods-shuffled',
    group: 'order',
    apply: (context) =>
      variant(
        context,
        reorder(context, (items) => context.rng.shuffle(items), 'pods'),
      ),
  },
  {
    id: 'events-reversed',
    group: 'order',
    apply: (context) =>
      variant(
        context,
        reorder(context, (items) => [...items].reverse(), 'events'),
      ),
  },
  {
    id: 'events-shuffled',
    group: 'order',
    apply: (context) =>
      variant(
        context,
        reorder(context, (items) => context.rng.shuffle(items), 'events'),
      ),
  },
];

// ---------------------------------------------------------------- clock
// Every timestamp of a case is relative (`now-<n>s`), resolved by both simulators against one
// instant, and the CLI is given that instant (+1 s) as its own now: moving that instant moves every
// time of the case and the diagnosis moment by the same amount, in whole seconds (the sub-second
// phase stays .700, so events 450 ms apart stay in the same wall-clock second). Durations, order
// and ties are unchanged. Log lines keep their own text clock (clockAt.ts: a time of day that was
// never tied to the fields' dates), as in the original case.

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;

function relativeSeconds(value: unknown): number | null {
  const offset = typeof value === 'string' ? relativeOffsetMs(value) : null;
  return offset === null ? null : -offset / SECOND;
}

/** A now that puts `boundary` between the workload's start and its failure (or just before the failure). */
function straddle(context: TransformContext, boundaryMs: number): Variant | { skip: string } {
  const { workload } = viewCase(context.heldOut.scenario);
  const failedAgo = relativeSeconds(workload.phaseUpdatedAt);
  const createdAgo = relativeSeconds(workload.createdAt);
  if (failedAgo === null || createdAgo === null) return { skip: 'the workload has no relative createdAt/phaseUpdatedAt' };
  const span = Math.max(1, Math.floor(createdAgo - failedAgo) - 1);
  const nowMs = boundaryMs + (Math.ceil(failedAgo) + context.rng.int(1, span)) * SECOND + 700;
  return variant(context, copyScenario(context.heldOut.scenario), { nowMs });
}

const clock: Transformation[] = [
  {
    id: 'clock-hours-earlier',
    group: 'clock',
    apply: (context) =>
      variant(context, copyScenario(context.heldOut.scenario), {
        nowMs: context.baseNowMs - context.rng.int(1, 23) * HOUR - context.rng.int(0, 3599) * SECOND,
      }),
  },
  {
    id: 'clock-days-earlier',
    group: 'clock',
    apply: (context) =>
      variant(context, copyScenario(context.heldOut.scenario), {
        nowMs: context.baseNowMs - context.rng.int(2, 40) * DAY - context.rng.int(0, 86399) * SECOND,
      }),
  },
  // 2026-11-30 → 2026-12-01 and 2025-12-31 → 2026-01-01 (both in the past of the sets' runs).
  { id: 'clock-month-boundary', group: 'clock', apply: (context) => straddle(context, Date.UTC(2026, 11, 1)) },
  { id: 'clock-year-boundary', group: 'clock', apply: (context) => straddle(context, Date.UTC(2026, 0, 1)) },
];

// ---------------------------------------------------------------- time forms
// The Run:ai timestamps written at the same instants in another RFC 3339 form. The Kubernetes
// block keeps its own form (the API server writes metav1.Time as RFC 3339 in UTC, seconds), and the
// space-separated zone-less form some Run:ai servers emit keeps its text.

function rewritten(context: TransformContext, form: InstantForm, nowMs = context.baseNowMs): Variant {
  const scenario = edited(context, (view) => rewriteRelativeTimestamps(view.runai, nowMs, form));
  return variant(context, scenario, { nowMs });
}

const forms: Transformation[] = [
  { id: 'offset-plus-0200', group: 'clock', apply: (context) => rewritten(context, { offsetMinutes: 120, digits: 3 }) },
  { id: 'offset-minus-0530', group: 'clock', apply: (context) => rewritten(context, { offsetMinutes: -330, digits: 3 }) },
  {
    // Without a fraction only where no instant has one: every offset whole seconds, now at .000
    // (a uniform 700 ms shift of the whole case, which moves no instant relative to another).
    id: 'precision-seconds',
    group: 'clock',
    apply: (context) =>
      allWholeSeconds(context.heldOut.scenario)
        ? rewritten(context, { offsetMinutes: 0, digits: 0 }, context.baseNowMs - 700)
        : { skip: 'an instant of the case has a sub-second part' },
  },
  { id: 'precision-micro', group: 'clock', apply: (context) => rewritten(context, { offsetMinutes: 0, digits: 6 }) },
  { id: 'precision-nano-offset', group: 'clock', apply: (context) => rewritten(context, { offsetMinutes: 5 * 60 + 45, digits: 9 }) },
];

// ---------------------------------------------------------------- rename
// A consistent renaming: the same pods on the same nodes, failing in the same way at the same
// times, called otherwise. Roles and indexes stay (they are facts); the workload name, the
// project, the nodes and the generated suffixes change (nameSchemes.ts cites the schemes). With
// `signalWords`, every new name carries the words signals read (oom, nccl, timeout, killed, error,
// xid, preempt): a name is not a message, so the verdict must not move.

function allPodNames(view: CaseView): string[] {
  const names = new Set<string>(view.pods.map((pod) => String(pod.name)));
  for (const pod of view.kubernetes?.pods ?? []) names.add(String((pod.metadata as Json).name));
  for (const record of [...view.events, ...view.history]) {
    const pod = eventPod(record);
    if (pod) names.add(pod);
  }
  return [...names];
}

function allNodeNames(view: CaseView): string[] {
  const names = new Set<string>(view.pods.map((pod) => String(pod.nodeName)).filter((name) => name !== 'null' && name !== 'undefined'));
  for (const node of view.kubernetes?.nodes ?? []) names.add(String((node.metadata as Json).name));
  for (const record of [...view.events, ...view.history]) {
    const inner = ((record.spec as Json | undefined)?.event as Json | undefined) ?? record;
    const assigned = /^Successfully assigned pod \S+ to node (\S+)/.exec(String(inner.message ?? ''));
    if (assigned) names.add(assigned[1]!);
  }
  return [...names];
}

function renamed(context: TransformContext, signalWords: boolean): Variant {
  const { rng } = context;
  const view = viewCase(context.heldOut.scenario);
  const oldWorkload = String(view.workload.name);
  const oldProject = String(view.workload.projectName);
  const newWorkload = newWorkloadName(rng, signalWords);
  const newProject = newProjectName(rng, signalWords);
  const nodes = allNodeNames(view);
  const newNodes = newNodeNames(nodes.length, rng.pick(NODE_SCHEMES), rng, signalWords);
  const map: NameMap = {
    tokens: [
      ...allPodNames(view).map((pod): [string, string] => [pod, renamePod(pod, oldWorkload, newWorkload, rng)]),
      ...nodes.map((node, index): [string, string] => [node, newNodes[index]!]),
      [`runai-${oldProject}`, `runai-${newProject}`],
    ],
    prefixes: [[oldWorkload, newWorkload]],
  };
  const rename = renamer(map);
  const scenario = renameDeep(context.heldOut.scenario, rename);
  replaceExactValues(scenario.runai as unknown as Json, oldProject, newProject);
  return variant(context, scenario, { rename, expectation: renameExpectation(context.heldOut.expectation, rename) });
}

const rename: Transformation[] = [
  { id: 'rename-other-schemes', group: 'rename', apply: (context) => renamed(context, false) },
  { id: 'rename-signal-words', group: 'rename', apply: (context) => renamed(context, true) },
];

// ---------------------------------------------------------------- peers
// More (or fewer) replicas that fail only as consequences: a copy of a collateral replica (its pod
// record, events, Tier 2 pod, events and log) on a new node, at the same times as the replica it
// copies — already after the origin's failure, or tied with it exactly as that replica was — so no
// ordering between the origin and any peer changes. The job's declared size follows (the
// `requestedPods` count and the spec's worker count). Removing drops one collateral replica that
// no other record names (no message, log or spec mentions it), never the last one.

/** A pod name without its generated suffix and its index: `<job>-worker-3` → `<job>-worker`. */
function roleStem(pod: string): string {
  return pod.replace(new RegExp(`-[${K8S_SUFFIX_ALPHABET}]{5}$`), '').replace(/-\d+$/, '');
}

/**
 * Whether `pod` is of the job's largest repeated role (the workers: `<job>-worker-N`, a JobSet's
 * `<rjob>-0-N`, an LWS group's `<lws>-0-N`): only such a replica has identical peers, and only that
 * role's count is the spec's worker count. A second launcher, master or parameter server is not a peer.
 */
function isOfLargestRole(view: CaseView, pod: Json): boolean {
  const counts = new Map<string, number>();
  for (const record of view.pods) counts.set(roleStem(String(record.name)), (counts.get(roleStem(String(record.name))) ?? 0) + 1);
  const largest = Math.max(...counts.values());
  const winners = [...counts].filter(([, count]) => count === largest);
  return largest > 1 && winners.length === 1 && winners[0]![0] === roleStem(String(pod.name));
}

/** Every record about `pod` (Run:ai pod, events, history, Tier 2 pod, events, logs). */
function recordsOf(view: CaseView, pod: string) {
  const k8s = view.kubernetes;
  return {
    pod: view.pods.find((record) => record.name === pod),
    events: view.events.filter((event) => eventPod(event) === pod),
    history: view.history.filter((record) => eventPod(record) === pod),
    k8sPod: k8s?.pods.find((record) => (record.metadata as Json).name === pod),
    k8sEvents: k8s?.events.filter((event) => eventPod(event) === pod) ?? [],
    logs: k8s?.logs.filter((log) => log.pod === pod) ?? [],
  };
}

/** Adds `delta` to the spec's worker count where the case's spec has one; false when it has none. */
function resizeSpec(view: CaseView, delta: number): boolean {
  const spec = view.spec;
  if (!spec) return false;
  const counters: Json[] = [];
  const walk = (value: unknown) => {
    if (value === null || typeof value !== 'object') return;
    const record = value as Json;
    for (const key of ['numWorkers', 'numNodes', 'workers']) if (typeof record[key] === 'number') counters.push(record);
    if (record.Worker && typeof (record.Worker as Json).replicas === 'number') counters.push(record.Worker as Json);
    if (record.worker && typeof (record.worker as Json).replicas === 'number') counters.push(record.worker as Json);
    Object.values(record).forEach(walk);
  };
  walk(spec);
  if (counters.length !== 1) return false;
  const counter = counters[0]!;
  const key = ['numWorkers', 'numNodes', 'workers', 'replicas'].find((name) => typeof counter[name] === 'number')!;
  counter[key] = (counter[key] as number) + delta;
  return true;
}

function addPeers(context: TransformContext): Variant | { skip: string } {
  const { heldOut, rng } = context;
  if (heldOut.expectation.origin === null || heldOut.expectation.collateralAtLeast === 0) return { skip: 'the case states no collateral' };
  const originNode = heldOut.expectation.origin.node;
  const count = rng.int(1, 3);
  let skip: string | null = null;
  const scenario = edited(context, (view) => {
    const candidates = collateralPods(view, heldOut.expectation).filter((pod) => pod.nodeName !== originNode && isOfLargestRole(view, pod));
    if (candidates.length === 0) return void (skip = 'no collateral replica of a repeated role off the origin node to copy');
    if (!resizeSpec(view, count)) return void (skip = 'the spec has no single worker count to raise');
    for (let copy = 0; copy < count; copy += 1) {
      const source = rng.pick(candidates);
      const oldName = String(source.name);
      const oldNode = String(source.nodeName);
      const newName = siblingName(oldName, allPodNames(view), rng);
      if (newName === null) return void (skip = `${oldName} has no index nor generated suffix`);
      const newNode = siblingNode(oldNode, allNodeNames(view));
      const rename = renamer({
        tokens: [
          [oldName, newName],
          [oldNode, newNode],
        ],
        prefixes: [],
      });
      const tag = `${newName}/${copy}`;
      const fresh = (id: unknown) => `${String(id).slice(0, 24)}${createdId(tag, String(id))}`;
      const records = recordsOf(view, oldName);
      const pod = renameDeep(records.pod!, rename);
      pod.id = fresh(pod.id);
      pod.ip = `10.245.${rng.int(0, 250)}.${rng.int(2, 250)}`;
      const withUid = (event: Json) => {
        const copyEvent = renameDeep(event, rename);
        const inner = ((copyEvent.spec as Json | undefined)?.event as Json | undefined) ?? copyEvent;
        if (inner.id) inner.id = fresh(inner.id);
        const involved = inner.involvedObject as Json | undefined;
        if (involved) involved.uid = pod.id;
        return copyEvent;
      };
      setCollection(view, 'pods', [...view.pods, pod]);
      setCollection(view, 'events', [...view.events, ...records.events.map(withUid)]);
      const failed = view.history.findIndex(
        (record) =>
          (record.meta as Json | undefined)?.type === 'PhaseUpdate' &&
          (record.spec as Json).phaseUpdate &&
          String(((record.spec as Json).phaseUpdate as Json).phase) === String(view.workload.phase),
      );
      const history = [...view.history];
      history.splice(failed < 0 ? history.length : failed, 0, ...records.history.map(withUid));
      setCollection(view, 'history', history);
      const k8s = view.kubernetes;
      if (k8s && records.k8sPod) {
        const k8sPod = renameDeep(records.k8sPod, rename);
        (k8sPod.metadata as Json).uid = pod.id;
        k8s.pods.push(k8sPod);
        k8s.events.push(
          ...records.k8sEvents.map((event) => {
            const copyEvent = renameDeep(event, rename);
            (copyEvent.involvedObject as Json).uid = pod.id;
            return copyEvent;
          }),
        );
        k8s.logs.push(...records.logs.map((log) => renameDeep(log, rename)));
        const node = k8s.nodes.find((record) => (record.metadata as Json).name === oldNode);
        if (node && !k8s.nodes.some((record) => (record.metadata as Json).name === newNode)) k8s.nodes.push(renameDeep(node, rename));
      }
    }
    const requested = view.workload.requestedPods as Json | undefined;
    if (requested && typeof requested.number === 'number') requested.number += count;
  });
  if (skip !== null) return { skip };
  return variant(context, scenario, {
    collateralDelta: count,
    expectation: { ...heldOut.expectation, collateralAtLeast: heldOut.expectation.collateralAtLeast + count },
  });
}

/** A stable 12-hex tail for a copied record's id. */
function createdId(tag: string, id: string): string {
  let hash = 2166136261;
  for (const char of `${tag}/${id}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash.toString(16).padStart(8, '0').padEnd(12, '0');
}

function removePeer(context: TransformContext): Variant | { skip: string } {
  const { heldOut, rng } = context;
  if (heldOut.expectation.origin === null || heldOut.expectation.collateralAtLeast === 0) return { skip: 'the case states no collateral' };
  let skip: string | null = null;
  const scenario = edited(context, (view) => {
    const collateral = collateralPods(view, heldOut.expectation);
    if (collateral.length < 2) return void (skip = 'fewer than two collateral replicas');
    const free = collateral
      .filter((pod) => isOfLargestRole(view, pod))
      .filter((pod) => {
        const name = String(pod.name);
        const own = recordsOf(view, name);
        const others = JSON.stringify({
          workload: view.workload,
          spec: view.spec ?? null,
          pods: view.pods.filter((record) => record !== own.pod),
          events: view.events.filter((event) => !own.events.includes(event)),
          history: view.history.filter((record) => !own.history.includes(record)),
          k8s: view.kubernetes
            ? {
                pods: view.kubernetes.pods.filter((record) => record !== own.k8sPod),
                events: view.kubernetes.events.filter((event) => !own.k8sEvents.includes(event)),
                logs: view.kubernetes.logs.filter((log) => !own.logs.includes(log)),
              }
            : null,
        });
        return !new RegExp(`(?<![A-Za-z0-9-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9-])`).test(others);
      });
    if (free.length === 0) return void (skip = 'no collateral worker that no other record names');
    if (!resizeSpec(view, -1)) return void (skip = 'the spec has no single worker count to lower');
    const gone = String(rng.pick(free).name);
    const own = recordsOf(view, gone);
    setCollection(
      view,
      'pods',
      view.pods.filter((record) => record !== own.pod),
    );
    setCollection(
      view,
      'events',
      view.events.filter((event) => !own.events.includes(event)),
    );
    setCollection(
      view,
      'history',
      view.history.filter((record) => !own.history.includes(record)),
    );
    if (view.kubernetes) {
      view.kubernetes.pods = view.kubernetes.pods.filter((record) => record !== own.k8sPod);
      view.kubernetes.events = view.kubernetes.events.filter((event) => !own.k8sEvents.includes(event));
      view.kubernetes.logs = view.kubernetes.logs.filter((log) => !own.logs.includes(log));
    }
    const requested = view.workload.requestedPods as Json | undefined;
    if (requested && typeof requested.number === 'number') requested.number -= 1;
  });
  if (skip !== null) return { skip };
  const collateralAtLeast = Math.max(1, heldOut.expectation.collateralAtLeast - 1);
  return variant(context, scenario, { collateralDelta: -1, expectation: { ...heldOut.expectation, collateralAtLeast } });
}

const peers: Transformation[] = [
  { id: 'peers-added', group: 'peers', apply: addPeers },
  { id: 'peer-removed', group: 'peers', apply: removePeer },
];

// ---------------------------------------------------------------- sidecar
// A container beside each replica's main one that did nothing wrong: a log shipper still running
// (Fluent Bit's ordinary start-up lines) or a cache warm-up that exited 0 (`Completed`). It is in
// Run:ai's container list and, with Tier 2, in the pod's spec, status and logs. No exit, reason,
// event or line of it says failure, so the replica's failure is the main container's as before.

const SHIPPER_LINES = [
  'Fluent Bit v3.1.9',
  '[2026/11/30 08:00:01] [ info] [fluent bit] version=3.1.9, commit=, pid=1',
  '[2026/11/30 08:00:01] [ info] [input:tail:tail.0] initializing',
  '[2026/11/30 08:00:01] [ info] [output:forward:forward.0] worker #0 started',
  '[2026/11/30 08:00:02] [ info] [sp] stream processor started',
];
const WARMUP_LINES = ['resolving dataset shards: 128 found', 'copied 128 shards to /cache in 41.2s', 'cache ready'];

function addSidecar(context: TransformContext, completed: boolean): Variant {
  const name = completed ? 'cache-warmup' : 'log-shipper';
  const image = completed ? 'registry.example/cache-warmup:1.4' : 'cr.fluentbit.io/fluent/fluent-bit:3.1.9';
  const scenario = edited(context, (view) => {
    for (const pod of view.pods) {
      const containers = (pod.containers as Json[] | undefined) ?? [];
      pod.containers = [...containers, { name, image, startedAt: containers[0]?.startedAt ?? null }];
    }
    const k8s = view.kubernetes;
    if (!k8s) return;
    for (const pod of k8s.pods) {
      const spec = pod.spec as Json;
      const status = pod.status as Json;
      const main = ((status.containerStatuses as Json[] | undefined) ?? [])[0];
      const startedAt = String(
        ((main?.state as Json | undefined)?.running as Json | undefined)?.startedAt ??
          (((main?.state as Json | undefined)?.terminated ?? (main?.lastState as Json | undefined)?.terminated) as Json | undefined)?.startedAt ??
          (status.startTime as string),
      );
      spec.containers = [...(spec.containers as Json[]), { name, image }];
      const state = completed ? { terminated: { exitCode: 0, reason: 'Completed', startedAt, finishedAt: startedAt } } : { running: { startedAt } };
      status.containerStatuses = [
        ...((status.containerStatuses as Json[] | undefined) ?? []),
        { name, image, ready: !completed, restartCount: 0, started: !completed, state, lastState: {} },
      ];
      const metadata = pod.metadata as Json;
      k8s.logs.push({ namespace: metadata.namespace, pod: metadata.name, container: name, previous: false, lines: completed ? WARMUP_LINES : SHIPPER_LINES });
    }
  });
  return variant(context, scenario);
}

const sidecar: Transformation[] = [
  { id: 'sidecar-running', group: 'sidecar', apply: (context) => addSidecar(context, false) },
  { id: 'sidecar-completed', group: 'sidecar', apply: (context) => addSidecar(context, true) },
];

// ---------------------------------------------------------------- Tier 2
// A Tier 2 case qualifies when its set also holds the same case without Tier 2 (same family,
// framework, ordering; the twins are built on different workloads, so their pod names differ)
// expecting the same category and an origin: the set's author then says this failure's origin is
// decided from Run:ai data alone. Its peers' Tier 2 records (pods, events, logs) are
// dropped, as if they had been deleted from the cluster; the origin's stay, and every node.

export function decidedFromRunaiAlone(heldOut: HeldOutCase, siblings: readonly HeldOutCase[]): boolean {
  const wanted = heldOut.expectation;
  if (!wanted.tier2 || wanted.origin === null) return false;
  return siblings.some(
    ({ expectation }) =>
      !expectation.tier2 &&
      expectation.family === wanted.family &&
      expectation.framework === wanted.framework &&
      expectation.ordering === wanted.ordering &&
      expectation.category === wanted.category &&
      expectation.origin !== null,
  );
}

function originTier2Only(context: TransformContext): Variant | { skip: string } {
  const { heldOut, siblings } = context;
  if (!decidedFromRunaiAlone(heldOut, siblings)) return { skip: 'no Tier 1 twin in the set expects the same origin' };
  const origin = heldOut.expectation.origin!.pod;
  const scenario = edited(context, (view) => {
    const k8s = view.kubernetes!;
    k8s.pods = k8s.pods.filter((pod) => (pod.metadata as Json).name === origin);
    k8s.events = k8s.events.filter((event) => eventPod(event) === undefined || eventPod(event) === origin);
    k8s.logs = k8s.logs.filter((log) => log.pod === origin);
  });
  return variant(context, scenario);
}

const tier2: Transformation[] = [{ id: 'tier2-origin-only', group: 'tier2', apply: originTier2Only }];

export const TRANSFORMATIONS: readonly Transformation[] = [...order, ...clock, ...forms, ...rename, ...peers, ...sidecar, ...tier2];

/** The transformation's variant of one case, its parameters drawn from `<id>/<set>/<case>`. */
export function transformCase(
  transformation: Transformation,
  heldOut: HeldOutCase,
  siblings: readonly HeldOutCase[],
  setName: string,
  baseNowMs: number,
): Variant | { skip: string } {
  return transformation.apply({ heldOut, siblings, baseNowMs, rng: seededRandom(`${transformation.id}/${setName}/${heldOut.name}`) });
}
