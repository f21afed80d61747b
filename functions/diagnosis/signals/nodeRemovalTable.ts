/**
 * Who removed the node, read from the reason and message of a node-failure signal (masked:
 * names never steer). Each row is the wording of the component that takes nodes away, so the
 * verdict can name the cause and advise accordingly (a spot interruption: retry, and use
 * on-demand capacity for long runs). Ordered: the first row that matches wins. Pure data.
 */
import type { NodeRemoval } from '../model/Signal.js';

export const NODE_REMOVAL_TABLE: readonly { pattern: RegExp; removal: NodeRemoval; upstream: string }[] = [
  {
    pattern: /\bSpotInterrupt(?:ed|ion)\b|\bspot interruption\b|\bSpot Interruption notice\b/i,
    removal: 'spot-interruption',
    upstream:
      'aws/karpenter-provider-aws pkg/controllers/interruption/events/events.go (SpotInterrupted); aws/aws-node-termination-handler pkg/monitor/sqsevent/spot-itn-event.go ("Spot Interruption notice for instance %s was sent at %s")',
  },
  {
    pattern: /\bDisrupting Node(?:Claim)?: (?:Underutilized|Empty)\b|\bEvicted pod: (?:Underutilized|Empty)\b|\bconsolidat/i,
    removal: 'consolidation',
    upstream: 'kubernetes-sigs/karpenter pkg/controllers/disruption/events/events.go (Terminating "Disrupting Node: %s")',
  },
  {
    pattern: /\bDisrupting Node(?:Claim)?: Drifted\b|\bEvicted pod: Drifted\b/i,
    removal: 'drift',
    upstream: 'kubernetes-sigs/karpenter pkg/controllers/disruption/events/events.go; pkg/controllers/disruption/drift.go',
  },
  {
    pattern: /\bDisrupting Node(?:Claim)?: Expired\b|\bEvicted pod: Expired\b/i,
    removal: 'expiration',
    upstream: 'kubernetes-sigs/karpenter pkg/controllers/nodeclaim/expiration/controller.go',
  },
  {
    pattern: /\bdeleting pod for node scale down\b|\bToBeDeletedByClusterAutoscaler\b|\bmarked the node as toBeDeleted\b|\bASGLifecycle\b/i,
    removal: 'scale-down',
    upstream:
      'kubernetes/autoscaler cluster-autoscaler/core/scaledown/actuation/drain.go (evictPod "deleting pod for node scale down"), cluster-autoscaler/utils/taints/taints.go (ToBeDeletedTaint); aws/aws-node-termination-handler pkg/monitor/sqsevent/asg-lifecycle-event.go',
  },
  {
    pattern: /\bdoes not exist in the cloud provider\b|\bnode no longer exists\b|\bInstance is terminating\b|\bInterruption triggered termination\b/i,
    removal: 'node-deleted',
    upstream:
      'kubernetes/cloud-provider controllers/nodelifecycle/node_lifecycle_controller.go ("Deleting node %s because it does not exist in the cloud provider"); kubernetes/kubernetes pkg/controller/podgc/gc_controller.go',
  },
  {
    pattern: /\bimminent node shutdown\b|\bnode is shutting down\b|\bNodeShutdown\b|\bInstance is stopping\b/i,
    removal: 'node-shutdown',
    upstream: 'kubernetes/kubernetes pkg/kubelet/nodeshutdown/nodeshutdown_manager_linux.go',
  },
];

export function classifyNodeRemoval(text: string | null | undefined): NodeRemoval | null {
  if (!text) return null;
  return NODE_REMOVAL_TABLE.find((row) => row.pattern.test(text))?.removal ?? null;
}
