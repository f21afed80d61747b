import { xidFirst, type CategoryRule, type SignalLike } from './CategoryRule.js';

/**
 * A main container that exited non-zero without a system signal. A crash loop counts only
 * when nothing says the container was killed by a signal (exit 137/143): a SIGKILL with no
 * OOMKilled stays unresolved (UNKNOWN) until something explains it.
 *
 * One such explanation is the kubelet's own: liveness/startup probe failures ("Container x
 * failed liveness probe, will be restarted") mean the kubelet killed the container because
 * the application stopped answering its probe — an application-level failure, so the kill,
 * the probe failures and the crash loop together support CRASH_APP_ERROR. The kubelet's
 * "will be restarted" event states the probe kill itself, so it is direct on its own.
 *
 * A pod the kubelet evicted for writing more than its own ephemeral-storage or emptyDir limit
 * is here too: no category names storage, and like an application error the fix is the
 * workload's (raise the limit it declared, or write elsewhere), never the node's.
 */
export const crashAppErrorRule: CategoryRule = {
  category: 'CRASH_APP_ERROR',
  supportingSignals<S extends SignalLike>(signals: readonly S[]): S[] {
    const ofKind = (kind: SignalLike['kind']) => signals.filter((signal) => signal.kind === kind);
    const ownLimit = ofKind('STORAGE_LIMIT_EXCEEDED');
    if (ownLimit.length > 0) return [...ownLimit, ...ofKind('EVICTED'), ...ofKind('EXIT_SYSTEM_SIGNAL')];
    const crashes = ofKind('CONTAINER_CRASH');
    if (crashes.length > 0) return [...xidFirst(crashes), ...ofKind('CRASH_LOOP')];
    const probeKills = ofKind('PROBE_KILL');
    if (probeKills.length > 0) return [...probeKills, ...ofKind('PROBE_FAILURE'), ...ofKind('EXIT_SYSTEM_SIGNAL'), ...ofKind('CRASH_LOOP')];
    const kills = ofKind('EXIT_SYSTEM_SIGNAL');
    if (kills.length === 0) return ofKind('CRASH_LOOP');
    const probeFailures = ofKind('PROBE_FAILURE');
    return probeFailures.length > 0 ? [...probeFailures, ...kills, ...ofKind('CRASH_LOOP')] : [];
  },
};
