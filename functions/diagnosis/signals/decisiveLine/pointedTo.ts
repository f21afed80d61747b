import { announcesNext, defersToEarlier, isStackLine } from './linePointers.js';
import { opensList } from './opensList.js';
import { opensOwnMessage } from './opensOwnMessage.js';
import { bestOf, range, type Ranked } from './rankedLine.js';

/**
 * What a chosen line points to, when it points: the best line before a line that defers to it
 * ("See root cause above"), the best line after (or else the next line after) a line that ends by
 * announcing it. Null: the line stands on its own.
 */
export function pointedTo(bodies: readonly string[], ranked: readonly (Ranked | null)[], at: number): number | null {
  const body = bodies[at] ?? '';
  if (defersToEarlier(body)) {
    const earlier = range(0, at).filter((index) => !defersToEarlier(bodies[index] ?? ''));
    return bestOf(ranked, earlier);
  }
  if (announcesNext(body) && at + 1 < bodies.length && !opensOwnMessage(body, ranked[at]) && !opensList(bodies, at)) {
    return bestOf(ranked, range(at + 1, bodies.length)) ?? range(at + 1, bodies.length).find((index) => !isStackLine(bodies[index] ?? '')) ?? at + 1;
  }
  return null;
}
