/**
 * Who must act on a verdict (DESIGN §4.8), decided from the verdict's facts, never from a name:
 * - user: the workload's own failure — OOM_KILLED, INIT_FAILED, CRASH_APP_ERROR, an image pull the
 *   registry answered (missing image/tag, malformed reference, unauthorized, access denied), a
 *   data-source mount whose claim / secret / config map / key is missing or wrong;
 * - platform: NODE_FAILURE, a registry or storage backend that could not be reached, UNKNOWN
 *   (nobody can tell the user what to fix), needs_input (the product's own configuration);
 * - none: SCHEDULING_POLICY_TERMINATED (a policy did what it was set to do), routed, stopped.
 * An image pull or mount whose cause was not stated stays with the user: the first step
 * (find the registry's or the mount's error in the pod events) is theirs. Pure.
 */
import type { Audience, Category, Outcome } from '../../core/verdict.js';
import type { MountCause } from '../signals/classifyMountCause.js';
import type { ImagePullCause } from '../model/Signal.js';

export interface AudienceFacts {
  outcome: Outcome;
  category: Category | null;
  /** The registry's answer, when the category is IMAGE_PULL_FAILED. */
  imagePullCause?: ImagePullCause | null;
  /** What the mount error says, when the category is DATASOURCE_MOUNT_FAILED. */
  mountCause?: MountCause | null;
}

export function decideAudience(facts: AudienceFacts): Audience {
  if (facts.outcome === 'needs_input') return 'platform';
  if (facts.outcome !== 'diagnosed' || facts.category === null) return 'none';
  switch (facts.category) {
    case 'OOM_KILLED':
    case 'INIT_FAILED':
    case 'CRASH_APP_ERROR':
      return 'user';
    case 'IMAGE_PULL_FAILED':
      return facts.imagePullCause === 'network' ? 'platform' : 'user';
    case 'DATASOURCE_MOUNT_FAILED':
      return facts.mountCause === 'backend-unreachable' ? 'platform' : 'user';
    case 'NODE_FAILURE':
    case 'UNKNOWN':
      return 'platform';
    case 'SCHEDULING_POLICY_TERMINATED':
      return 'none';
  }
}
