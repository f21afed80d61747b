/**
 * Per-cluster watermark of the poller: the newest `phaseUpdatedAt` it has enqueued. Values
 * are canonical UTC instants (`Date#toISOString`, `2026-11-29T17:43:06.123Z`): one fixed
 * width and zone, so text order is time order and a store can compare them as strings
 * (DynamoDB's conditional `<` does). Adapters: createDynamoWatermarkStore,
 * createMemoryWatermarkStore.
 */
export interface WatermarkStore {
  /** The stored watermark, or null before the first poll that enqueued anything. */
  get(clusterId: string): Promise<string | null>;
  /**
   * Moves the watermark forward to `watermark`. A value not later than the stored one is
   * ignored, not an error: two overlapping runs (a slow one and the next schedule) must
   * never move it back.
   */
  advance(clusterId: string, watermark: string): Promise<void>;
}

const CANONICAL_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** True for the `toISOString` form of a valid instant. */
export function isCanonicalInstant(value: unknown): value is string {
  return typeof value === 'string' && CANONICAL_INSTANT.test(value) && new Date(value).toISOString() === value;
}
