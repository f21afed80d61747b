/**
 * Step 1's phase rules (docs/procedure.md): decide from the phase and the direct signals whether
 * the failure procedure continues, routes elsewhere, or stops. Never classifies.
 */
import type { Route, StopReason } from '../core/verdict.js';
import type { Signal, SignalKind } from './Signal.js';

export type GateDecision =
  | { action: 'continue' }
  | { action: 'route'; route: Route }
  | { action: 'stop'; stopReason: StopReason };

/** Signals that show a pod failing directly (as opposed to waiting to be scheduled). */
export const DIRECT_POD_FAILURE_KINDS: ReadonlySet<SignalKind> = new Set([
  'OOM_KILLED',
  'IMAGE_PULL',
  'INIT_FAILED',
  'MOUNT_FAILED',
  'CONTAINER_CRASH',
  'CRASH_LOOP',
  'POD_ERROR',
]);

/** Signals that confirm a live crash loop or repeated container crashes. */
export const CRASH_LOOP_KINDS: ReadonlySet<SignalKind> = new Set(['CRASH_LOOP', 'OOM_KILLED', 'CONTAINER_CRASH']);

const FAILED_PHASES = new Set(['failed', 'crashed', 'stopped']);
const SUCCEEDED_PHASES = new Set(['completed', 'succeeded']);
const STARTING_PHASES = new Set(['creating', 'initializing']);
const RUNNING_PHASES = new Set(['running', 'degraded']);

export function gatePhase(phase: string, signals: readonly Signal[]): GateDecision {
  if (signals.some((signal) => signal.kind === 'PREEMPTED')) {
    return { action: 'route', route: 'runai-diagnose-preempted-workload' };
  }
  const normalised = phase.trim().toLowerCase();
  const has = (kinds: ReadonlySet<SignalKind>) => signals.some((signal) => kinds.has(signal.kind));

  if (FAILED_PHASES.has(normalised)) return { action: 'continue' };
  if (SUCCEEDED_PHASES.has(normalised)) return { action: 'stop', stopReason: 'SUCCEEDED' };
  if (normalised === 'suspended') return { action: 'stop', stopReason: 'SUSPENDED' };
  if (normalised === 'pending') {
    return has(DIRECT_POD_FAILURE_KINDS) ? { action: 'continue' } : { action: 'route', route: 'runai-diagnose-pending-workload' };
  }
  if (STARTING_PHASES.has(normalised)) {
    return has(DIRECT_POD_FAILURE_KINDS) ? { action: 'continue' } : { action: 'stop', stopReason: 'NON_TERMINAL_PHASE' };
  }
  if (RUNNING_PHASES.has(normalised)) {
    return has(CRASH_LOOP_KINDS) ? { action: 'continue' } : { action: 'stop', stopReason: 'RUNNING_NO_FAILURE' };
  }
  return { action: 'stop', stopReason: 'NON_TERMINAL_PHASE' };
}

/** Terminal phases for Option B's "newest terminal match". */
export function isTerminalPhase(phase: string): boolean {
  const normalised = phase.trim().toLowerCase();
  return FAILED_PHASES.has(normalised) || SUCCEEDED_PHASES.has(normalised);
}

/** Live phases whose status may confirm an active symptom (Option B, intent active). */
export function isActiveCandidatePhase(phase: string): boolean {
  const normalised = phase.trim().toLowerCase();
  return normalised === 'pending' || RUNNING_PHASES.has(normalised) || STARTING_PHASES.has(normalised);
}

/** Symptom confirmation for active Option B candidates: the same test the gate uses to continue. */
export function confirmsActiveSymptom(phase: string, signals: readonly Signal[]): boolean {
  return gatePhase(phase, signals).action === 'continue';
}
