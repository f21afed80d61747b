/**
 * Step 1's phase rules (docs/procedure.md): decide from the phase and the direct signals whether
 * the failure procedure continues, routes elsewhere, or stops. Never classifies. Every phase of the
 * official `Phase` enum has a path in PHASE_PATHS (docs/phases.md lists them with the rule
 * each follows); a phase the enum lacks takes the non-terminal path.
 */
import type { Route, StopReason } from '../../core/verdict.js';
import type { Signal, SignalKind } from '../model/Signal.js';

export type GateDecision = { action: 'continue' } | { action: 'route'; route: Route } | { action: 'stop'; stopReason: StopReason };

/** Signals that show a pod failing directly (as opposed to waiting to be scheduled). */
export const DIRECT_POD_FAILURE_KINDS: ReadonlySet<SignalKind> = new Set([
  'OOM_KILLED',
  'IMAGE_PULL',
  'INIT_FAILED',
  'MOUNT_FAILED',
  'CONTAINER_CRASH',
  'CRASH_LOOP',
  'POD_ERROR',
  // A pod-sandbox, GPU runtime or device admission failure: a confirmed pod-start failure.
  'NODE_START_FAILURE',
  'CONTAINER_START_ERROR',
  'PROBE_KILL',
  // A policy refused to create the pods: nothing will schedule until the spec or the policy changes (never a wait).
  'ADMISSION_DENIED',
  // The controller could not create the pods at all: no pod exists, so nothing is waiting to be scheduled.
  'POD_CREATE_FAILED',
  'STORAGE_LIMIT_EXCEEDED',
]);

/**
 * While a workload is being started (Creating / Initializing: its pods are placed, images pulled,
 * containers started), a system message that says what failed and names no category is a start
 * failure too: nothing is waiting to be scheduled any more, so there is nothing else it could be.
 */
const START_FAILURE_KINDS: ReadonlySet<SignalKind> = new Set([...DIRECT_POD_FAILURE_KINDS, 'UNCATEGORISED']);

/** Signals that confirm a live crash loop or repeated container crashes. */
export const CRASH_LOOP_KINDS: ReadonlySet<SignalKind> = new Set(['CRASH_LOOP', 'OOM_KILLED', 'CONTAINER_CRASH']);

/** Anything that ended a run: a pod failure, a kill, a node failure or eviction, a policy or manual stop. */
const ENDED_BY_KINDS: ReadonlySet<SignalKind> = new Set([...DIRECT_POD_FAILURE_KINDS, 'EXIT_SYSTEM_SIGNAL', 'NODE_FAILURE', 'EVICTED', 'SCHEDULING_POLICY']);

/**
 * The paths a phase can take (after preemption, which routes from any phase):
 * - `diagnose`: a failed run, always diagnosed.
 * - `diagnose-stopped`: diagnosed, unless the spec's `desiredPhase` says the stop was asked
 *   for and nothing (failure, kill, node, policy) explains it: then a requested stop, not a failure.
 * - `pod-failure-or-route-pending`: diagnosed with a direct pod failure, else routed to the pending diagnosis.
 * - `pod-failure-or-stop`: diagnosed with a direct pod failure (images are pulled and
 *   containers started while Creating/Initializing), else stopped as non-terminal.
 * - `crash-loop-or-stop`: diagnosed with a confirmed crash loop, else "did you mean a past run?".
 * - `succeeded`, `suspended`: stopped, out of scope.
 * - `non-terminal`: the phase is reported, no category.
 */
export type PhasePath =
  'diagnose' | 'diagnose-stopped' | 'pod-failure-or-route-pending' | 'pod-failure-or-stop' | 'crash-loop-or-stop' | 'succeeded' | 'suspended' | 'non-terminal';

/** Keyed by the lower-cased phase. The official enum first, then names the seed uses that the enum lacks. */
export const PHASE_PATHS: Readonly<Record<string, PhasePath>> = {
  failed: 'diagnose',
  stopped: 'diagnose-stopped',
  completed: 'succeeded',
  pending: 'pod-failure-or-route-pending',
  creating: 'pod-failure-or-stop',
  initializing: 'pod-failure-or-stop',
  running: 'crash-loop-or-stop',
  degraded: 'crash-loop-or-stop',
  resuming: 'non-terminal',
  deleting: 'non-terminal',
  updating: 'non-terminal',
  stopping: 'non-terminal',
  terminating: 'non-terminal',
  unknown: 'non-terminal',
  crashed: 'diagnose',
  succeeded: 'succeeded',
  suspended: 'suspended',
};

export function phasePath(phase: string): PhasePath {
  return PHASE_PATHS[phase.trim().toLowerCase()] ?? 'non-terminal';
}

export interface GateContext {
  /** The submitted spec's `desiredPhase` (`Running`, `Stopped`, `Deleted`), when the spec was read. */
  desiredPhase?: string | null;
}

export function gatePhase(phase: string, signals: readonly Signal[], context: GateContext = {}): GateDecision {
  if (signals.some((signal) => signal.kind === 'PREEMPTED')) {
    return { action: 'route', route: 'runai-diagnose-preempted-workload' };
  }
  const has = (kinds: ReadonlySet<SignalKind>) => signals.some((signal) => kinds.has(signal.kind));
  switch (phasePath(phase)) {
    case 'diagnose':
      return { action: 'continue' };
    case 'diagnose-stopped': {
      const stopRequested = ['stopped', 'deleted'].includes(context.desiredPhase?.trim().toLowerCase() ?? '');
      return stopRequested && !has(ENDED_BY_KINDS) ? { action: 'stop', stopReason: 'NON_TERMINAL_PHASE' } : { action: 'continue' };
    }
    case 'succeeded':
      return { action: 'stop', stopReason: 'SUCCEEDED' };
    case 'suspended':
      return { action: 'stop', stopReason: 'SUSPENDED' };
    case 'pod-failure-or-route-pending':
      return has(DIRECT_POD_FAILURE_KINDS) ? { action: 'continue' } : { action: 'route', route: 'runai-diagnose-pending-workload' };
    case 'pod-failure-or-stop':
      return has(START_FAILURE_KINDS) ? { action: 'continue' } : { action: 'stop', stopReason: 'NON_TERMINAL_PHASE' };
    case 'crash-loop-or-stop':
      return has(CRASH_LOOP_KINDS) ? { action: 'continue' } : { action: 'stop', stopReason: 'RUNNING_NO_FAILURE' };
    case 'non-terminal':
      return { action: 'stop', stopReason: 'NON_TERMINAL_PHASE' };
  }
}

/** Terminal phases for Option B's "newest terminal match". */
export function isTerminalPhase(phase: string): boolean {
  return ['diagnose', 'diagnose-stopped', 'succeeded'].includes(phasePath(phase));
}

/** Live phases whose status may confirm an active symptom (Option B, intent active). */
export function isActiveCandidatePhase(phase: string): boolean {
  return ['pod-failure-or-route-pending', 'pod-failure-or-stop', 'crash-loop-or-stop'].includes(phasePath(phase));
}

/** Symptom confirmation for active Option B candidates: the same test the gate uses to continue. */
export function confirmsActiveSymptom(phase: string, signals: readonly Signal[]): boolean {
  return gatePhase(phase, signals).action === 'continue';
}
