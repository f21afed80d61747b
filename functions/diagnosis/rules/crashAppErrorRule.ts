import type { CategoryRule, SignalLike } from './CategoryRule.js';

/**
 * A main container that exited non-zero without a system signal. A crash loop counts only
 * when nothing says the container was killed by a signal (exit 137/143): a SIGKILL with no
 * OOMKilled stays unresolved (UNKNOWN) until something explains it.
 */
export const crashAppErrorRule: CategoryRule = {
  category: 'CRASH_APP_ERROR',
  supportingSignals<S extends SignalLike>(signals: readonly S[]): S[] {
    const crashes = signals.filter((signal) => signal.kind === 'CONTAINER_CRASH');
    if (crashes.length > 0) return [...crashes, ...signals.filter((signal) => signal.kind === 'CRASH_LOOP')];
    const killedBySignal = signals.some((signal) => signal.kind === 'EXIT_SYSTEM_SIGNAL');
    return killedBySignal ? [] : signals.filter((signal) => signal.kind === 'CRASH_LOOP');
  },
};
