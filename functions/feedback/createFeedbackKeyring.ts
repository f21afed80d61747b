/**
 * The signing keys a long-lived process holds (the worker Lambda): read once before the
 * first link is signed, then refreshed at each invocation (the read is cached, see
 * loadFeedbackKeys), so a rotated key is used within minutes without a redeploy. A failed
 * refresh keeps the keys already held — a verdict is never held back for its link — and is
 * reported through `onStale`; only the first read, with nothing held yet, fails.
 */
import type { FeedbackKeys } from './feedbackToken.js';

export interface FeedbackKeyring {
  /** Reads the keys; throws only when none were ever read. */
  refresh(): Promise<void>;
  /** The keys last read; throws before the first successful refresh (a wiring bug). */
  keys(): FeedbackKeys;
}

export function createFeedbackKeyring(load: () => Promise<FeedbackKeys>, onStale: (error: unknown) => void): FeedbackKeyring {
  let held: FeedbackKeys | undefined;
  return {
    async refresh() {
      try {
        held = await load();
      } catch (error) {
        if (held === undefined) throw error;
        onStale(error);
      }
    },
    keys() {
      if (held === undefined) throw new Error('feedback keys used before they were read');
      return held;
    },
  };
}
