/**
 * Readiness of the diagnosis queue: it can be read (SQS GetQueueAttributes: the same
 * endpoint, credentials and network path as SendMessage, without touching a message), and it
 * still has room (the local memory queue refuses messages once full; SQS has no such limit).
 */
import type { DiagnosisQueue } from '../queue/DiagnosisQueue.js';
import { ReadinessError, type ReadinessProbe } from './ReadinessProbe.js';

const count = (n: number): string => n.toLocaleString('en-US');

export function createQueueProbe(queue: Pick<DiagnosisQueue, 'readDepth'>): ReadinessProbe {
  return {
    name: 'queue',
    async check() {
      let depth;
      try {
        depth = await queue.readDepth();
      } catch (error) {
        throw new ReadinessError('QUEUE_UNREACHABLE', error instanceof Error ? error.message : String(error), { cause: error });
      }
      const { waiting, inFlight, capacity } = depth;
      if (capacity !== undefined && waiting >= capacity) {
        throw new ReadinessError(
          'QUEUE_FULL',
          `${count(waiting)} messages wait, the capacity is ${count(capacity)}: new alerts are refused (503) until the worker catches up`,
        );
      }
      const room = capacity === undefined ? '' : ` (capacity ${count(capacity)})`;
      return `reachable: ${count(waiting)} waiting, ${count(inFlight)} in flight${room}`;
    },
  };
}
