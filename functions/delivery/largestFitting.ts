/**
 * Binary search for the largest n in [low, high] with fits(n), for a monotone `fits`
 * (more items never take fewer bytes). Null when not even `low` fits. Each probe
 * serialises a whole message, so log2(n) probes instead of n keeps a 1,000-item digest
 * cheap.
 */
export function largestFitting(low: number, high: number, fits: (n: number) => boolean): number | null {
  if (high < low || !fits(low)) return null;
  if (fits(high)) return high;
  let good = low;
  let bad = high;
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2);
    if (fits(middle)) good = middle;
    else bad = middle;
  }
  return good;
}
