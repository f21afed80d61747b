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
    const probeKills = ofKind('PROBE_KILL');
    // The kubelet's probe kill sends SIGTERM (SIGKILL after the grace period: kuberuntime_container.go
    // killContainer): the exit the process then chooses — PaddlePaddle's launcher exits 15 from its signal
    // handler (python/paddle/distributed/launch/controllers/controller.py) — is the kill's, not a crash of its own.
    if (crashes.length > 0 && probeKills.length > 0 && crashes.every((crash) => killedBy(crash, probeKills)))
      return [...probeKills, ...ofKind('PROBE_FAILURE'), ...crashes, ...ofKind('CRASH_LOOP')];
    if (crashes.length > 0) return [...xidFirst(crashes), ...ofKind('CRASH_LOOP')];
    if (probeKills.length > 0) return [...probeKills, ...ofKind('PROBE_FAILURE'), ...ofKind('EXIT_SYSTEM_SIGNAL'), ...ofKind('CRASH_LOOP')];
    const kills = ofKind('EXIT_SYSTEM_SIGNAL');
    if (kills.length === 0) return ofKind('CRASH_LOOP');
    const probeFailures = ofKind('PROBE_FAILURE');
    return probeFailures.length > 0 ? [...probeFailures, ...kills, ...ofKind('CRASH_LOOP')] : [];
  },
};

/**
 * The kubelet waits terminationGracePeriodSeconds (30 s by default: k8s.io/api core/v1
 * DefaultTerminationGracePeriodSeconds) between its SIGTERM and the SIGKILL: a container that ended
 * no later than that after a probe kill ended of it. An undated crash cannot be told apart: the kill explains it.
 */
const GRACE_MS = 30_000;
function killedBy(crash: SignalLike, probeKills: readonly SignalLike[]): boolean {
  if (crash.at == null) return true;
  const at = crash.at;
  return probeKills.some((kill) => kill.at == null || (kill.at <= at + 999 && at <= kill.at + GRACE_MS + 999));
}
