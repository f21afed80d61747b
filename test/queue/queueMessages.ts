/** Valid QueuedDiagnosis messages for the queue tests. */
import type { QueuedDiagnosis } from '../../functions/core/queuedDiagnosis.js';

export function queuedDiagnosis(i: number, pad = ''): QueuedDiagnosis {
  return {
    v: 1,
    request: { clusterId: 'c1', workloadId: `wl-${i}${pad}`, intent: 'terminal' },
    source: 'alertmanager',
    receivedAt: '2026-11-29T18:00:00.000Z',
    dedupeKey: `c1:id:wl-${i}`,
  };
}

export const queuedDiagnoses = (n: number): QueuedDiagnosis[] => Array.from({ length: n }, (_, i) => queuedDiagnosis(i));
