/**
 * Finds known names in text as whole names — not preceded or followed by a letter or digit,
 * so `ml` is not found in `html` but `train-42` is found in `train-42-0-0` — in one pass over
 * the text, whatever the number of names.
 *
 * It replaces a regex alternation of every name (and a loop of `indexOf` per name): the
 * names live in a character trie, and the text is walked once, from each position where a
 * name may start, no deeper than the longest name. The cost is bounded by the text's length
 * times `MAX_MATCHED_NAME`, never by the number of names, and no pattern is built from a
 * string a server chose. A longer "name" is refused (`add` returns false): the caller
 * handles those few values some other way.
 */

/** Longer than any Kubernetes name (253), registry host or image repository a registry accepts. */
export const MAX_MATCHED_NAME = 1024;

interface TrieNode {
  /** The nodes one character further, or null while at most one name (`tail`) passes through. */
  next: Map<number, TrieNode> | null;
  /** A name ends here. */
  name: string | null;
  /**
   * The one longer name below a node without children, not spelt out in nodes: a name costs
   * nodes only as far as it shares a beginning with another, not one per character (a hostile
   * answer of a thousand 1 kB names would otherwise build a million nodes).
   */
  tail: string | null;
}

function leaf(): TrieNode {
  return { next: null, name: null, tail: null };
}

export class WholeNameMatcher {
  private readonly root: TrieNode = leaf();
  private size = 0;

  /** Adds a name to look for; false (and nothing added) for an empty name or one longer than MAX_MATCHED_NAME. */
  add(name: string): boolean {
    if (name.length === 0 || name.length > MAX_MATCHED_NAME) return false;
    let node = this.root;
    for (let depth = 0; ; depth += 1) {
      if (depth === name.length) {
        if (node.name === null) this.size += 1;
        node.name = name;
        return true;
      }
      if (node.tail === name) return true;
      if (node.next === null && node.tail === null) {
        node.tail = name;
        this.size += 1;
        return true;
      }
      if (node.tail !== null) {
        // Another name passes through: the tail goes one node down, and the loop follows.
        const tail = node.tail;
        const child = leaf();
        if (tail.length === depth + 1) child.name = tail;
        else child.tail = tail;
        node.next = new Map([[tail.charCodeAt(depth), child]]);
        node.tail = null;
      }
      const next: Map<number, TrieNode> = node.next ?? new Map();
      node.next = next;
      let child = next.get(name.charCodeAt(depth));
      if (!child) {
        child = leaf();
        next.set(name.charCodeAt(depth), child);
      }
      node = child;
    }
  }

  /** Whether some known name occurs in `text` as a whole name. */
  occursIn(text: string): boolean {
    if (this.size === 0) return false;
    for (let start = 0; start < text.length; start += 1) {
      if (mayStartAt(text, start) && this.longestAt(text, start) !== null) return true;
    }
    return false;
  }

  /**
   * Replaces every whole-name occurrence, leftmost first and, at one position, the longest
   * name (as an alternation sorted longest first would): `train-42-0` before `train-42`.
   */
  replace(text: string, replacement: (name: string) => string): string {
    if (this.size === 0) return text;
    let out = '';
    let copied = 0;
    let start = 0;
    while (start < text.length) {
      const name = mayStartAt(text, start) ? this.longestAt(text, start) : null;
      if (name === null) {
        start += 1;
        continue;
      }
      out += text.slice(copied, start) + replacement(name);
      start += name.length;
      copied = start;
    }
    return copied === 0 ? text : out + text.slice(copied);
  }

  /** The longest known name that starts at `start` and ends where a whole name may end. */
  private longestAt(text: string, start: number): string | null {
    let node: TrieNode | undefined = this.root;
    let found: string | null = null;
    for (let index = start; node !== undefined; index += 1) {
      if (node.name !== null && !isWordCharacter(text.charCodeAt(index))) found = node.name;
      if (node.tail !== null) {
        if (!isWordCharacter(text.charCodeAt(start + node.tail.length)) && text.startsWith(node.tail, start)) found = node.tail;
        break;
      }
      if (index >= text.length || node.next === null) break;
      node = node.next.get(text.charCodeAt(index));
    }
    return found;
  }
}

function mayStartAt(text: string, index: number): boolean {
  return index === 0 || !isWordCharacter(text.charCodeAt(index - 1));
}

/** [A-Za-z0-9]; NaN (past either end of the text) is not. */
function isWordCharacter(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}
