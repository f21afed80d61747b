/**
 * Node conditions (`kubectl describe node`, core/v1 NodeStatus.conditions) that mean the
 * node itself was failing, as data: the kubelet reports `Ready` False (KubeletNotReady) or
 * the node controller sets it Unknown (NodeStatusUnknown, "Kubelet stopped posting node
 * status."); the pressure conditions turn True under resource pressure
 * (KubeletHasInsufficientMemory, KubeletHasDiskPressure, KubeletHasInsufficientPID).
 * Conditions are structured fields: their messages are quoted, never matched.
 */
import type { SignalKind } from '../model/Signal.js';

export interface NodeConditionRow {
  /** Condition type, compared case-insensitively. */
  type: string;
  /** Condition statuses that signal a failing node. */
  failing: readonly string[];
  kind: SignalKind;
}

export const NODE_CONDITION_TABLE: readonly NodeConditionRow[] = [
  { type: 'Ready', failing: ['False', 'Unknown'], kind: 'NODE_FAILURE' },
  { type: 'MemoryPressure', failing: ['True'], kind: 'NODE_FAILURE' },
  { type: 'DiskPressure', failing: ['True'], kind: 'NODE_FAILURE' },
  { type: 'PIDPressure', failing: ['True'], kind: 'NODE_FAILURE' },
  { type: 'NetworkUnavailable', failing: ['True'], kind: 'NODE_FAILURE' },
];

export function matchNodeCondition(type: string, status: string): SignalKind | null {
  const row = NODE_CONDITION_TABLE.find((candidate) => candidate.type.toLowerCase() === type.trim().toLowerCase());
  if (!row) return null;
  return row.failing.some((failing) => failing.toLowerCase() === status.trim().toLowerCase()) ? row.kind : null;
}
