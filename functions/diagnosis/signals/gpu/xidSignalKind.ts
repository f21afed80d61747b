/**
 * The signal a decoded Xid stands for: a hardware/driver fault is the node's (NODE_FAILURE), an
 * application-attributable one is the workload's crash (CONTAINER_CRASH → CRASH_APP_ERROR), and a
 * number the catalogue does not hold is quoted but decides nothing (UNCATEGORISED): never guessed.
 */
import type { SignalKind } from '../../model/Signal.js';
import type { XidReading } from '../../model/XidReading.js';

export function xidSignalKind(xid: XidReading): SignalKind {
  if (!xid.entry) return 'UNCATEGORISED';
  return xid.entry.cause === 'hardware' ? 'NODE_FAILURE' : 'CONTAINER_CRASH';
}
