/**
 * Assembles a generated held-out distributed case from its parts: the workload as Run:ai lists it
 * (with the controller's job-level failure message naming the failed replica's role), the replicas
 * in the listing order the case asks for, the submitted spec, and the expectation with the
 * citations of the framework's formats. What differs per framework (roster, controller message,
 * Run:ai type, spec, citations) is the set's to say in a `HeldOutFramework`.
 */
import type { CaseExpectation, CasePlan, ReplicaPlan } from './buildHeldOutCase.js';
import type { HeldOutMember, HeldOutShape } from './heldOutShape.js';

// KAI scheduler's Scheduled event names each pod's node: every case relies on it.
const KAI_SCHEDULED = 'https://github.com/NVIDIA/KAI-Scheduler/blob/main/pkg/scheduler/cache/status_updater/default_status_updater.go';

type Ordering = CasePlan['ordering'];

/** What one case says beyond its shape. */
export interface HeldOutCaseParts {
  name: string;
  family: string;
  ordering: Ordering;
  tier2: boolean;
  description: string;
  replicas: ReplicaPlan[];
  /** The origin's pod, for the listing order and the job-level message; null: no origin. */
  originPod: string | null;
  failedAgo: number;
  restartPolicy?: string;
  phaseMessage?: string | null;
  /** The replica role the controller names as failed, when it is not the origin's (the origin never ran). */
  failedRole?: string;
  extra?: Omit<Partial<CasePlan>, 'expectation' | 'replicas' | 'workload'>;
  expectation: CaseExpectation;
}

/** What a set says about one shape's framework. */
export interface HeldOutFramework {
  roster: HeldOutMember[];
  /** The controller's job-level failure message for a failed replica of this role; null: the controller writes none. */
  failedMessage: (role: string) => { reason: string; message: string } | null;
  /** Run:ai workload `type`. */
  runaiType: string;
  distributedFramework: string | null;
  /** Submitted through Workloads V2 (`sourceApi`). */
  workloadsV2: boolean;
  spec: (restartPolicy: string) => CasePlan['spec'];
  citations: readonly string[];
}

/** The listing with the origin moved to the first, middle or last place. */
function arrange<T>(items: T[], originAt: number, ordering: Ordering): T[] {
  if (originAt < 0 || ordering === 'no-origin') return items;
  const origin = items[originAt]!;
  const rest = items.filter((_, index) => index !== originAt);
  if (ordering === 'origin-first') return [origin, ...rest];
  if (ordering === 'origin-last') return [...rest, origin];
  const middle = Math.floor(rest.length / 2);
  return [...rest.slice(0, middle), origin, ...rest.slice(middle)];
}

export function assembleHeldOutCase(shape: HeldOutShape<string>, framework: HeldOutFramework, parts: HeldOutCaseParts): CasePlan {
  const originIndex = parts.originPod === null ? -1 : parts.replicas.findIndex((replica) => replica.pod === parts.originPod);
  if (parts.originPod !== null && originIndex < 0) throw new Error(`${parts.name}: origin ${parts.originPod} is not a replica`);
  const role = parts.failedRole ?? framework.roster.find((member) => member.pod === parts.originPod)?.role ?? 'Worker';
  const failure = framework.failedMessage(role);
  const restartPolicy = parts.restartPolicy ?? 'Never';
  return {
    name: parts.name,
    family: parts.family,
    framework: shape.framework,
    ordering: parts.ordering,
    description: parts.description,
    tier2: parts.tier2,
    workload: {
      name: shape.name,
      project: shape.project,
      submittedBy: shape.submittedBy,
      type: framework.runaiType,
      distributedFramework: framework.distributedFramework,
      ...(framework.workloadsV2 ? { sourceApi: 'WorkloadsV2' } : {}),
      startedAgo: shape.startedAgo,
      phase: 'Failed',
      phaseMessage: parts.phaseMessage !== undefined ? parts.phaseMessage : (failure?.message ?? null),
      failedAgo: parts.failedAgo,
      conditions: failure ? [{ type: 'Failed', status: 'True', reason: failure.reason, message: failure.message, ago: parts.failedAgo }] : [],
      restartPolicy,
    },
    replicas: arrange(parts.replicas, originIndex, parts.ordering),
    spec: framework.spec(restartPolicy),
    ...parts.extra,
    expectation: { ...parts.expectation, citation: [...new Set([...parts.expectation.citation, ...framework.citations, KAI_SCHEDULED])] },
  };
}
