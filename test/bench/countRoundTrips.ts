/**
 * Sequential round trips in a recording of Run:ai requests (the bench, and the latency bar in
 * test/diagnosis/roundTrips.test.ts, count with it): a request that starts while an earlier one
 * is still in flight belongs to the same round; one that starts after every earlier one ended
 * opens a new round.
 */
import type { RecordedRequest } from '../../functions/simulator/startRunaiSimulator.js';

export function countRoundTrips(requests: readonly RecordedRequest[]): number {
  const sorted = [...requests].sort((a, b) => a.startedAt - b.startedAt);
  let rounds = 0;
  let roundEnd = Number.NEGATIVE_INFINITY;
  for (const request of sorted) {
    const end = request.endedAt ?? request.startedAt;
    if (request.startedAt >= roundEnd) {
      rounds += 1;
      roundEnd = end;
    } else {
      roundEnd = Math.max(roundEnd, end);
    }
  }
  return rounds;
}
