/**
 * An event about a Node (involvedObject kind Node or NodeClaim), relayed with the workload's
 * events, speaks about the machine the workload ran on, not about the workload: who emitted it
 * and about which object decides what it can mean, not its wording. A Warning about the node is
 * a node fault (whatever its reason: node-problem-detector, a vendor's health agent). A Normal
 * event is the node's routine life (registered, ready, rebooted into service) unless it says the
 * node is being taken away — stopped, terminated, deleted, drained, marked unschedulable, shutting
 * down — which ends every pod on it: the workload failed because the node left. Pure.
 */

/**
 * A node's lifecycle ending, in the words the components that remove nodes use for it:
 * aws/aws-node-termination-handler pkg/monitor/scheduledevent/scheduled-event-monitor.go (EC2
 * event codes instance-stop, instance-reboot, system-reboot, system-maintenance,
 * instance-retirement: "%s will occur between %s and %s because %s"),
 * pkg/monitor/sqsevent/ec2-state-change-event.go ("Instance %s went into %s": shutting-down,
 * stopping, stopped, terminated); kubernetes/autoscaler cluster-autoscaler/core/scaledown/actuation/actuator.go
 * ("marked the node as toBeDeleted/unschedulable"); kubernetes-sigs/karpenter
 * pkg/controllers/disruption/events/events.go ("Disrupting Node: …"); kubernetes/cloud-provider
 * controllers/nodelifecycle ("Deleting node %s because it does not exist in the cloud provider").
 */
const NODE_LEAVING =
  /\b(?:instance-(?:stop|reboot|retirement)|system-(?:reboot|maintenance)|shutting-down|shutting down|terminat(?:ed|ing|ion)|stopp(?:ed|ing)|toBeDeleted|unschedulable|drain(?:ed|ing)|cordon(?:ed|ing)|Disrupting Node|Deleting node|degraded hardware|retirement)\b/i;

const NODE_KINDS = /^(?:Node|NodeClaim)$/i;

export interface NodeEventLike {
  type?: string | null;
  reason?: string | null;
  involvedObject?: { kind?: string | null } | null;
}

/** True when the event is about a node and says the node failed or is being taken away. `message` is masked. */
export function isNodeLossEvent(event: NodeEventLike, message: string | null | undefined): boolean {
  if (!NODE_KINDS.test(event.involvedObject?.kind ?? '')) return false;
  if ((event.type ?? '').toLowerCase() === 'warning') return true;
  return NODE_LEAVING.test(`${event.reason ?? ''} ${message ?? ''}`);
}
