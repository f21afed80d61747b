/**
 * Names never steer. Controllers write the names users chose into their messages ("Pod
 * oomkilled-repro-0-0 failed", "node nodenotready-sim is not ready"), and a pattern that reads
 * such a message would otherwise read the name as a cause: a crash of a workload named
 * `oomkilled-repro` would become an OOM. So every message is masked before a pattern reads it:
 * each known identifier is replaced by a neutral placeholder. The mask is for pattern reading
 * only; evidence keeps quoting the original text.
 *
 * How a name is found in a message:
 * - whole tokens only: a name matches where it is bounded by characters a Kubernetes name
 *   cannot contain (DNS-1123: letters, digits, `-`, and `.` between them), so a workload named
 *   `oom` leaves `OOMKilled` alone, and `runai-oom` is not touched by the name `oom`;
 * - case-sensitively: controllers copy names verbatim, and the system words patterns look for
 *   (`OOMKilled`, `NodeNotReady`) are not spelt in a name's lowercase;
 * - longest first, so `trainer-0-0` is masked whole before `trainer` could match;
 * - an owner name (the workload's) also masks the names derived from it (`<name>-0-0`,
 *   `<name>-launcher`), which controllers create and messages cite even when the pod list
 *   does not show them;
 * - an object a kubelet or controller names in double quotes after its kind
 *   (`secret "x" not found`, `persistentvolumeclaim "x"`, `image "x"`) is masked even when
 *   the name is not otherwise known: users choose those names too.
 * A name without a letter (`137`) cannot spell a pattern's word, and masking it could hide an
 * exit code: it is left alone.
 * A name longer than any Kubernetes name or image reference can be (a malformed Run:ai field
 * carrying a whole log, say) is masked as a literal string instead: spelt into the one pattern
 * it would make the engine refuse it ("Regular expression too large") and crash the diagnosis.
 * If the pattern is refused anyway (very many names), every name falls back to literal masking.
 */

/** What a masked name reads as: one token, no pattern word, no quote, no space. */
export const NAME_PLACEHOLDER = '<name>';

/** Replaces every known name in a message by the placeholder (null and undefined pass through). */
export type NameMask = <T extends string | null | undefined>(text: T) => T;

export interface NameSet {
  /** Names matched as whole tokens. */
  names: Iterable<string | null | undefined>;
  /** Names whose derived names (`<name>-…`, `<name>.…`) are masked too. */
  owners?: Iterable<string | null | undefined>;
}

const BEFORE = '(?<![A-Za-z0-9-])(?<![A-Za-z0-9]\\.)';
const AFTER = '(?![A-Za-z0-9])(?!\\.[A-Za-z0-9])';
const DERIVED = '(?:[-.][A-Za-z0-9]+)*';
/** Kinds whose object name a message quotes: kubelet's `secret "x" not found`, `volume "x"`, `pulling image "x"`. */
const QUOTED_OBJECT =
  /\b((?:secret|configmap|config map|persistentvolumeclaim|pvc|claim|volume|image|pod|node|container|namespace|serviceaccount|service account|job|deployment|replicaset|statefulset)s? ")([a-z0-9][a-z0-9._:/@-]*)(")/gi;
const HAS_LETTER = /[A-Za-z]/;
/** Longer than a DNS-1123 subdomain (253) or a practical image reference with a digest. */
const MAX_PATTERN_NAME_LENGTH = 1024;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function usable(names: Iterable<string | null | undefined> | undefined): string[] {
  const kept = new Set<string>();
  for (const name of names ?? []) {
    const trimmed = name?.trim();
    if (trimmed && HAS_LETTER.test(trimmed) && trimmed !== NAME_PLACEHOLDER) kept.add(trimmed);
  }
  return [...kept];
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

/** The one pattern for the names, or null when there is none or the engine refuses its size. */
function knownNamesPattern(owners: readonly string[], names: readonly string[]): RegExp | null {
  const parts: string[] = [];
  if (owners.length > 0) parts.push(`${BEFORE}(?:${alternation(owners)})${DERIVED}${AFTER}`);
  if (names.length > 0) parts.push(`${BEFORE}(?:${alternation(names)})${AFTER}`);
  if (parts.length === 0) return null;
  // Owners first: at one position, `<owner>-0-0` wins over a shorter exact name.
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

/** The mask for one diagnosis' names. */
export function maskIdentifiers(set: NameSet): NameMask {
  const allOwners = usable(set.owners);
  const allNames = usable(set.names).filter((name) => !allOwners.includes(name));
  const owners = allOwners.filter(fitsPattern);
  const names = allNames.filter(fitsPattern);
  const known = knownNamesPattern(owners, names);
  const patternRefused = known === null && owners.length + names.length > 0;
  const literal = literalMask([...allOwners, ...allNames].filter((name) => patternRefused || !fitsPattern(name)));
  const mask = (text: string): string => {
    // Over-long names first: a short name inside one would otherwise cut it before it is found.
    const literalDone = literal(text);
    const masked = known ? literalDone.replace(known, NAME_PLACEHOLDER) : literalDone;
    return masked.replace(QUOTED_OBJECT, (_match, kind: string, _name: string, quote: string) => `${kind}${NAME_PLACEHOLDER}${quote}`);
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
