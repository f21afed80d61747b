import { announcesNext, defersToEarlier, isStackLine } from './linePointers.js';
import { opensList } from './opensList.js';
import { isGenericSummary } from './genericSummary.js';
import { opensOwnMessage } from './opensOwnMessage.js';
import { STATEMENT_RANK, bestOf, range, type Ranked } from './rankedLine.js';

/**
 * What a chosen line points to, when it points: the best line before a line that defers to it
 * ("See root cause above"), the best line after (or else the next line after) a line that ends by
 * announcing it. Null: the line stands on its own.
 */
/**
 * Rust's panic header (`thread 'main' panicked at src/shard.rs:57:14:`) announces exactly the next
 * line: the hook prints the message there (rust-lang/rust library/std/src/panicking.rs default_hook,
 * "thread '{name}' panicked at {location}:\n{msg}" since 1.73), not the best line of what follows
 * (a teardown warning another runtime printed later).
 */
const RUST_PANIC_HEADER = /^\s*thread '[^'\n]*' panicked at \S+:\d+:\d+:\s*$/;

export function pointedTo(bodies: readonly string[], ranked: readonly (Ranked | null)[], at: number): number | null {
  const body = bodies[at] ?? '';
  if (defersToEarlier(body)) {
    const earlier = range(0, at).filter((index) => !defersToEarlier(bodies[index] ?? ''));
    return bestOf(ranked, earlier);
  }
  if (RUST_PANIC_HEADER.test(body) && at + 1 < bodies.length) return at + 1;
  if (announcesNext(body) && at + 1 < bodies.length && !opensOwnMessage(body, ranked[at]) && !opensList(bodies, at)) {
    // A summary after it that ranks by its error word alone ("ERROR: Failed building wheel for x", genericSummary.ts) is never
    // what it announces: it restates the failure. A line a rule ranks higher for what it says keeps its place.
    const after = range(at + 1, bodies.length).filter((index) => (ranked[index]?.rank ?? 0) > STATEMENT_RANK || !isGenericSummary(bodies[index] ?? ''));
    return bestOf(ranked, after) ?? after.find((index) => !isStackLine(bodies[index] ?? '')) ?? at + 1;
  }
  return null;
}
