/**
 * The storm window in memory, for local mode and tests: the same semantics as the DynamoDB
 * adapter (createDynamoStormWindow), one process. Sealed and replaced windows keep their
 * members so that a retried flush lists the same ones.
 */
import { DEFAULT_STORM_THRESHOLD, DEFAULT_STORM_WINDOW_SECONDS, type StormMember, type StormWindow, type StormWindowRef } from './StormWindow.js';

export interface StormWindowOptions {
  now: () => Date;
  threshold?: number;
  windowSeconds?: number;
}

interface MemoryWindow {
  openedAt: number;
  count: number;
  sealed: boolean;
  flushQueued: boolean;
  members: Map<string, StormMember>;
}

export function createMemoryStormWindow(options: StormWindowOptions): StormWindow {
  const threshold = options.threshold ?? DEFAULT_STORM_THRESHOLD;
  const windowMs = (options.windowSeconds ?? DEFAULT_STORM_WINDOW_SECONDS) * 1000;
  /** The current window of each cluster. */
  const current = new Map<string, MemoryWindow>();
  /** Every window by `clusterId#openedAt`, for hold and seal after the cluster moved on. */
  const all = new Map<string, MemoryWindow>();
  const id = (ref: StormWindowRef) => `${ref.clusterId}#${ref.openedAt}`;

  return {
    async count(clusterId) {
      const at = options.now().getTime();
      // A long-running local server forgets sealed windows after an hour (DynamoDB: TTL).
      for (const [key, old] of all) if (old.sealed && old.openedAt < at - windowMs - 3_600_000) all.delete(key);
      let window = current.get(clusterId);
      if (!window || window.sealed || window.openedAt <= at - windowMs) {
        window = { openedAt: at, count: 0, sealed: false, flushQueued: false, members: new Map() };
        current.set(clusterId, window);
        all.set(id({ clusterId, openedAt: at }), window);
      }
      window.count += 1;
      const ref = { clusterId, openedAt: window.openedAt };
      if (window.count <= threshold) return { kind: 'alone', ref, rank: window.count };
      return { kind: 'hold', ref, rank: window.count, closesAt: window.openedAt + windowMs, flushQueued: window.flushQueued };
    },
    async hold(ref, member) {
      const window = all.get(id(ref));
      if (!window || window.sealed || current.get(ref.clusterId) !== window) return 'closed';
      window.members.set(member.key, structuredClone(member));
      return 'held';
    },
    async markFlushQueued(ref) {
      const window = all.get(id(ref));
      if (window) window.flushQueued = true;
    },
    async seal(ref) {
      const window = all.get(id(ref));
      if (!window) return [];
      window.sealed = true;
      return [...window.members.values()].map((member) => structuredClone(member));
    },
  };
}
