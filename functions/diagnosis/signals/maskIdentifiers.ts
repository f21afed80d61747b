/**
 * Names never steer, in either direction. Controllers write the names users chose into their
 * messages ("Pod oomkilled-repro-0-0 failed", "Started container oomkilled"), and a pattern
 * that reads such a message would read the name as a cause (*pull*). Masking every known name
 * as a whole word, as this module first did, hides the system's own words when a name is spelt
 * like one (*hide*): a project named `code` erased "exit code 1", a workload named `preempted`
 * erased "was preempted", a node pool `critical` erased "Preempted in order to admit critical
 * pod". So a string is masked only where it *stands as a name*, never merely because it is
 * spelt like one; wherever it does not, the system's reading wins.
 *
 * Where a string stands as a name (each replaced by the placeholder):
 * - in the slot of a known upstream format ("Started container %s", nameSlots.ts), whatever it is;
 * - inside double quotes, as kubelet and controllers quote objects (`secret "x" not found`,
 *   `volume "x"`, `image "x"`, `exec: "x"`), unless it is a reason identifier (`"OOMKilled"`):
 *   Kubernetes names are lower case, reasons are CamelCase;
 * - as a URI (`s3://bucket/OOMKilled/model`, `hf://org/model`, `pvc://claim/path`), whole;
 * - after a kind word (`pod x`, `node x`, `container x`, `init container x`, `claim x`, `node pool x`,
 *   `pod=x`)
 *   when x is shaped like a compound name (`oomkilled-precheck`, `dgx-a100-07`), or when x is a
 *   known single word *of that kind*: a single lower-case word after a kind is the system's
 *   ("node is not ready", "container exited", "The node was low on resource") unless the evidence
 *   names an object of that kind so. A node pool `was` is masked after "node pool", not after
 *   "node"; a node `was` is masked after "node". Kinds are compared in one spelling (case, spaces,
 *   `-` and a plural `s` aside: `node pool`/`nodepools`, `Pod`/`pods`), with aliases for the kinds
 *   Kubernetes spells several ways: an init or ephemeral container is a container, a
 *   PersistentVolumeClaim/pvc is a claim, a Run:ai queue bears its project's name, and the
 *   workload's own objects (`workload`, any `…job`, `deployment`, `revision`, …) are the workload.
 *   A name given without a kind (a bare string) is masked after any kind word: the caller does not
 *   know what it names, and a name that steers is worse than a name that is read;
 * - as `namespace/name` after a known name;
 * - anywhere, when it is a known *compound* name (`oomkilled-repro`, `ip-10-0-1-5.ec2.internal`,
 *   an image reference, `runai-team`) or a name derived from the workload (`<workload>-0-0`,
 *   `<workload>-launcher`, `<workload>.svc`): a compound name is never one of the system's words,
 *   and controllers cite these bare ("pods oomkilled-repro-0-0 and …").
 * A known name that is a single word (`code`, `preempted`, `critical`) is masked only in the
 * positions above: bare in free text, or after another kind's word, it reads as the word it is,
 * so it can never hide a signal. The owners (the workload) are of the workload's kinds and of
 * `container`: Run:ai names the workload's main container after it ("container trainer
 * terminated with exit code 1").
 *
 * How a known name is matched: whole tokens only (bounded by characters a Kubernetes name cannot
 * contain: DNS-1123 letters, digits, `-`, and `.` between them), case-sensitively (controllers
 * copy names verbatim), longest first (`trainer-0-0` before `trainer`). A name without a letter
 * (`137`) cannot spell a pattern's word, and masking it could hide an exit code: it is left alone.
 * A name longer than any Kubernetes name or image reference can be (a malformed Run:ai field
 * carrying a whole log, say) is masked as a literal string instead: spelt into the one pattern
 * it would make the engine refuse it ("Regular expression too large") and crash the diagnosis.
 * If the pattern is refused anyway (very many names), every name falls back to literal masking.
 */

import { NAME_SLOT_FORMATS } from './nameSlots.js';

/** What a masked name reads as: one token, no pattern word, no quote, no space. */
export const NAME_PLACEHOLDER = '<name>';

/** Replaces every name standing as one in a message by the placeholder (null and undefined pass through). */
export type NameMask = <T extends string | null | undefined>(text: T) => T;

/**
 * A name and the kind of object the evidence shows it names, in any spelling of a kind
 * (`node pool`, `Node`, `PersistentVolumeClaim`, `initContainer`). A kind no kind word of a
 * message names (`user`, `bucket`) keeps a single-word name from being masked after any kind.
 * A null or absent kind is unknown: masked after any kind word, like a bare string.
 */
export interface KindedName {
  name: string | null | undefined;
  kind: string | null | undefined;
}

export interface NameSet {
  /** Names the evidence gives (fields of the API, names learnt from format slots), with their kind where known. */
  names: Iterable<string | KindedName | null | undefined>;
  /** Names whose derived names (`<name>-…`, `<name>.…`) are masked too. */
  owners?: Iterable<string | null | undefined>;
}

const BEFORE = '(?<![A-Za-z0-9-])(?<![A-Za-z0-9]\\.)';
const AFTER = '(?![A-Za-z0-9])(?!\\.[A-Za-z0-9])';
const DERIVED = '(?:[-.][A-Za-z0-9]+)+';
/** A name shaped token: DNS-1123 characters, and `/`, `:`, `@`, `+`, `_` for image references and paths. */
const NAME_TOKEN = '[A-Za-z0-9][A-Za-z0-9._:/@+-]*';
/** A double-quoted token (kubelet writes `\"x\"` inside an escaped error too). */
const QUOTED = new RegExp(`(\\\\?")(${NAME_TOKEN})(\\\\?")`, 'g');
/** A reason identifier (`OOMKilled`, `NodeNotReady`): never a Kubernetes name, which is lower case. */
const REASON_IDENTIFIER = /^[A-Z][A-Za-z0-9]*$/;
/** A URI of any scheme, up to a blank, a quote or a closing bracket (the scheme is bounded: a run of `a.a.a…` is read once, not once per word). */
const URI = /\b[a-z][a-z0-9+.-]{0,15}:\/\/[^\s"'<>)\]]+/gi;
/**
 * The kinds of objects messages cite by name. The job kinds include the training operator's
 * (`PyTorchJob %s is failed because …`: kubeflow/trainer v1 PyTorchJob, TFJob, MPIJob,
 * XGBoostJob, JAXJob, PaddleJob), KubeRay's RayJob and CronJob: the token after one is the job's name.
 */
const KIND =
  '(?:init[- ]?containers?|containers?|pods?|node ?pools?|nodes?|images?|secrets?|config ?maps?|persistentvolumeclaims?|pvcs?|claims?|volumes?|namespaces?|(?:pytorch|tf|mpi|xgboost|jax|paddle|ray|cron)?jobs?|workloads?|workspaces?|projects?|departments?|deployments?|replicasets?|statefulsets?|service ?accounts?|revisions?|queues?)';
/**
 * A kind word (group 1), what follows it up to the name (group 2) and the token after it (group 3,
 * masked when it stands as a name). The gap is blanks (`pod x`, `node: x`) or a key's `=` (the
 * kubelet's "back-off 5m0s restarting failed container=%s pod=%s", klog's `pod="ns/x"`, logfmt).
 */
const AFTER_KIND = new RegExp(`\\b(${KIND})(:? +|=)([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)${AFTER}`, 'gi');
/** What a kind word means where its spelling differs from the kind it names. */
const KIND_ALIASES: ReadonlyMap<string, string> = new Map([
  ['initcontainer', 'container'],
  ['ephemeralcontainer', 'container'],
  ['persistentvolumeclaim', 'claim'],
  ['pvc', 'claim'],
  // The Run:ai scheduler's queue for a project bears the project's name.
  ['queue', 'project'],
  ['deployment', 'workload'],
  ['replicaset', 'workload'],
  ['statefulset', 'workload'],
  ['revision', 'workload'],
  // A Run:ai workspace is a workload of the workspace type (Run:ai API /api/v1/workloads/workspaces), named as one
  // in its own messages ("Stopping workspace <name>: allocated GPUs were idle …").
  ['workspace', 'workload'],
]);
/** The workload's kinds: its owners' names stand after any of these (and after `container`). */
const OWNER_KINDS = ['workload', 'container'];
/** The kind of a name given without one: it stands as a name after any kind word. */
const UNKNOWN_KIND = '*';
/** A compound name: letters with a `-`, `.` or digit (`oomkilled-precheck`, `dgx-a100-07`). */
const COMPOUND = /^(?=.*[A-Za-z])(?=.*[-.0-9])[A-Za-z0-9][A-Za-z0-9._-]*$/;
const HAS_LETTER = /[A-Za-z]/;
/** Longer than a DNS-1123 subdomain (253) or a practical image reference with a digest. */
const MAX_PATTERN_NAME_LENGTH = 1024;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * One spelling for a kind word or an object's kind: lower case, without spaces, `-` or `_`, without
 * a plural `s`, aliases resolved (`Init Containers` → `container`, `PyTorchJob` → `workload`).
 */
function canonicalKind(kind: string): string {
  let word = kind.toLowerCase().replaceAll(' ', '').replaceAll('-', '').replaceAll('_', '');
  if (word.endsWith('s') && !word.endsWith('ss')) word = word.slice(0, -1);
  // Any job kind (batch Job, CronJob, the training operator's, KubeRay's) or Run:ai workload kind
  // (TrainingWorkload, …) is the workload's own object.
  if (word.endsWith('job') || word.endsWith('workload')) return 'workload';
  return KIND_ALIASES.get(word) ?? word;
}

/** Each usable name (trimmed, with a letter, not the placeholder) and the kinds it is given (UNKNOWN_KIND: unknown). */
function kindsOf(
  names: Iterable<string | KindedName | null | undefined> | undefined,
  defaultKinds: readonly string[] = [UNKNOWN_KIND],
): Map<string, Set<string>> {
  const kept = new Map<string, Set<string>>();
  for (const entry of names ?? []) {
    const name = typeof entry === 'string' ? entry : entry?.name;
    const kind = typeof entry === 'string' || !entry?.kind ? null : entry.kind;
    const trimmed = name?.trim();
    if (!trimmed || !HAS_LETTER.test(trimmed) || trimmed === NAME_PLACEHOLDER) continue;
    const kinds = kept.get(trimmed) ?? new Set<string>();
    for (const each of kind === null ? defaultKinds : [canonicalKind(kind)]) kinds.add(each);
    kept.set(trimmed, kinds);
  }
  return kept;
}

function alternation(names: readonly string[]): string {
  return [...names]
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
    .map(escapeRegExp)
    .join('|');
}

function fitsPattern(name: string): boolean {
  return name.length <= MAX_PATTERN_NAME_LENGTH;
}

/** A single word: masked only where it stands as a name, never bare. */
function isSingleWord(name: string): boolean {
  return /^[A-Za-z]+$/.test(name);
}

/**
 * The one pattern for the names masked anywhere: compound names, names derived from an owner,
 * `namespace/name` after any known name. Null when there is none or the engine refuses its size.
 */
function knownNamesPattern(owners: readonly string[], names: readonly string[]): RegExp | null {
  const compound = [...owners, ...names].filter((name) => !isSingleWord(name));
  const parts: string[] = [];
  // Owners first: at one position, `<owner>-0-0` wins over a shorter exact name.
  if (owners.length > 0) parts.push(`${BEFORE}(?:${alternation(owners)})${DERIVED}${AFTER}`);
  const prefixes = [...owners, ...names].filter((name) => name.length >= 2);
  if (prefixes.length > 0) parts.push(`${BEFORE}(?:${alternation(prefixes)})/[A-Za-z0-9][A-Za-z0-9.-]*${AFTER}`);
  if (compound.length > 0) parts.push(`${BEFORE}(?:${alternation(compound)})${AFTER}`);
  if (parts.length === 0) return null;
  try {
    return new RegExp(parts.join('|'), 'g');
  } catch {
    return null;
  }
}

/** Longest first, like the pattern, so a name is not cut by a shorter name inside it. */
function literalMask(names: readonly string[]): (text: string) => string {
  const ordered = [...names].sort((a, b) => b.length - a.length);
  return (text) => ordered.reduce((masked, name) => masked.replaceAll(name, NAME_PLACEHOLDER), text);
}

/** Each slot of a known upstream format read as a wildcard. */
function maskSlots(text: string): string {
  let masked = text;
  for (const format of NAME_SLOT_FORMATS) {
    const slots = format.pattern.exec(masked)?.indices?.slice(1) ?? [];
    // Last slot first: replacing one does not move the slots before it.
    for (const slot of [...slots].reverse()) {
      if (slot) masked = `${masked.slice(0, slot[0])}${NAME_PLACEHOLDER}${masked.slice(slot[1])}`;
    }
  }
  return masked;
}

/** The mask for one diagnosis' names. */
export function maskIdentifiers(set: NameSet): NameMask {
  const ownerKinds = kindsOf(set.owners, OWNER_KINDS);
  const nameKinds = kindsOf(set.names);
  const allOwners = [...ownerKinds.keys()];
  const allNames = [...nameKinds.keys()].filter((name) => !ownerKinds.has(name));
  const owners = allOwners.filter(fitsPattern);
  const names = allNames.filter(fitsPattern);
  const known = knownNamesPattern(owners, names);
  const patternRefused = known === null && [...owners, ...names].some((name) => !isSingleWord(name));
  const literal = literalMask([...allOwners, ...allNames].filter((name) => (patternRefused && !isSingleWord(name)) || !fitsPattern(name)));
  // Kubernetes spells a workload's objects in lower case (`OOMKilling` runs as job `oomkilling`):
  // a known name is recognised in either spelling.
  const knownKinds = new Map<string, Set<string>>();
  for (const [name, kinds] of [...ownerKinds, ...nameKinds]) {
    for (const spelling of [name, name.toLowerCase()]) knownKinds.set(spelling, new Set([...(knownKinds.get(spelling) ?? []), ...kinds]));
  }
  /** A known name of this kind (or of an unknown kind) stands as a name after this kind word. */
  const namesKind = (token: string, kindWord: string): boolean => {
    const kinds = knownKinds.get(token);
    return !!kinds && (kinds.has(UNKNOWN_KIND) || kinds.has(canonicalKind(kindWord)));
  };
  const mask = (text: string): string => {
    // Over-long names first: a short name inside one would otherwise cut it before it is found.
    let masked = maskSlots(literal(text));
    masked = masked.replace(URI, NAME_PLACEHOLDER);
    masked = masked.replace(QUOTED, (match, open: string, token: string, close: string) =>
      REASON_IDENTIFIER.test(token) && !knownKinds.has(token) ? match : `${open}${NAME_PLACEHOLDER}${close}`,
    );
    if (known) masked = masked.replace(known, NAME_PLACEHOLDER);
    return masked.replace(AFTER_KIND, (match, kind: string, gap: string, token: string) =>
      COMPOUND.test(token) || namesKind(token, kind) ? `${kind}${gap}${NAME_PLACEHOLDER}` : match,
    );
  };
  return (<T extends string | null | undefined>(text: T): T => (typeof text === 'string' ? mask(text) : text) as T) as NameMask;
}

/**
 * The part of the original text a pattern matched in its masked copy: the placeholders read as
 * any name again, so the decisive part can be quoted (and elided around) as the cluster wrote it.
 * Undefined when there is no part; the masked part itself when the original cannot be found.
 * Greedy, so a placeholder that ends the part reads the whole name, not its first character.
 */
export function unmaskPart(part: string | null | undefined, original: string | null | undefined): string | undefined {
  if (!part) return undefined;
  if (!original || !part.includes(NAME_PLACEHOLDER)) return part;
  return findUnmasked(part.split(NAME_PLACEHOLDER), original) ?? part;
}

/** A character a placeholder stands for: a name runs up to a blank or a double quote. */
const NAME_CHARACTER = /[^\s"]/;

/**
 * What the regex `piece0[^\s"]+piece1[^\s"]+…pieceN` (pieces escaped) finds in `text`: the leftmost
 * match, each name as long as the rest still matches after it. The regex itself backtracks: from
 * every start in a long run of name characters it read the run again, and for two names joined by
 * a name character (`<name>:<name>`) it tried every split of the run (4.5 s for an 80 kB message).
 * Here the match is built from its end: for each piece k, `ends[i]` is where the match of
 * piece k, a name, piece k+1, … ends when piece k starts at i (-1: none), so each name takes the
 * last position within its run where the rest matches. Time: text length × number of pieces.
 */
function findUnmasked(pieces: readonly string[], text: string): string | undefined {
  const length = text.length;
  // runEnd[i]: the first position at or after i that no name can cover.
  const runEnd = new Int32Array(length + 1);
  runEnd[length] = length;
  for (let i = length - 1; i >= 0; i -= 1) runEnd[i] = NAME_CHARACTER.test(text[i]!) ? runEnd[i + 1]! : i;
  let ends: Int32Array | null = null;
  for (let k = pieces.length - 1; k >= 0; k -= 1) {
    const piece = pieces[k]!;
    // latest[q]: the last position at or before q where the rest (piece k+1, …) matches.
    const latest = ends === null ? null : lastMatchAtOrBefore(ends);
    const current = new Int32Array(length + 1).fill(-1);
    for (let at = text.indexOf(piece); at >= 0; at = at < length ? text.indexOf(piece, at + 1) : -1) {
      const nameStart = at + piece.length;
      if (ends === null || latest === null) {
        current[at] = nameStart;
        continue;
      }
      const nameEnd = latest[runEnd[nameStart]!]!;
      if (nameEnd > nameStart) current[at] = ends[nameEnd]!;
    }
    ends = current;
  }
  const start = ends?.findIndex((end) => end >= 0) ?? -1;
  return start < 0 ? undefined : text.slice(start, ends![start]);
}

function lastMatchAtOrBefore(ends: Int32Array): Int32Array {
  const latest = new Int32Array(ends.length);
  let last = -1;
  for (let q = 0; q < ends.length; q += 1) {
    if (ends[q]! >= 0) last = q;
    latest[q] = last;
  }
  return latest;
}
