/** WatermarkStore in process memory: local mode and tests. Same forward-only rule as DynamoDB. */
import { isCanonicalInstant, type WatermarkStore } from './WatermarkStore.js';

export interface MemoryWatermarkStore extends WatermarkStore {
  /** Every stored watermark by cluster id (a copy). */
  snapshot(): Record<string, string>;
}

export function createMemoryWatermarkStore(initial: Readonly<Record<string, string>> = {}): MemoryWatermarkStore {
  const watermarks = new Map<string, string>(Object.entries(initial));
  return {
    async get(clusterId) {
      return watermarks.get(clusterId) ?? null;
    },
    async advance(clusterId, watermark) {
      if (!isCanonicalInstant(watermark)) throw new TypeError('a watermark must be a canonical ISO instant (toISOString)');
      const current = watermarks.get(clusterId);
      if (current === undefined || current < watermark) watermarks.set(clusterId, watermark);
    },
    snapshot() {
      return Object.fromEntries(watermarks);
    },
  };
}
