/** The named shapes of a memory curve before an OOM kill (signals/memory/describeMemoryShape.ts decides which). */
export type MemoryShapeName = 'plateau-at-limit' | 'sudden-step' | 'steady-climb' | 'irregular';
