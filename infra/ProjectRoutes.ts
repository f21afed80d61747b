/**
 * Per-project routing (DESIGN §4.7, §4.8; context `projectRoutes`): a project's own chat channel
 * and/or PagerDuty service, each fed by its own subscription to the verdict topic with the
 * filter policy {"project": [<project>], "audience": ["user"]} — that project's users' own
 * failures, never the platform's (node failures, suspect-node notices, needs_input) nor another
 * project's. The platform's destinations (`chat`, `pagerDuty`) stay as they are.
 *
 * Each route reuses the platform's constructs, so each gets what they get: a forwarder with its
 * queue and DLQ, least-privilege grants, and for PagerDuty its own routing-key secret (one
 * PagerDuty service per project). A digest carries `project` and `audience` as String.Array,
 * which SNS matches when any element does: a project channel receives a storm that includes its
 * project. Filter policies: docs/notifications.md "Filter policies".
 */
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { ProjectRoute } from './DeployConfig.js';
import {
  FORWARDER_BUILDERS,
  FORWARDER_DESTINATIONS,
  type ForwarderDestinationName,
  type ForwarderOutput,
  type ForwarderShared,
} from './destinationForwarders.js';
import type { FilterPolicy } from './pagerFilterPolicy.js';

/** What a project's subscriptions receive: its users' own failures. */
export function projectFilterPolicy(project: string): FilterPolicy {
  return { project: [project], audience: ['user'] };
}

export interface ProjectRoutesProps {
  routes: Readonly<Record<string, ProjectRoute>>;
  shared: ForwarderShared;
}

export class ProjectRoutes extends Construct {
  /** The destinations some project uses (their Lambdas are configured services). */
  readonly destinations = new Set<ForwarderDestinationName>();
  /** For the alarms: every forwarder's DLQ and function, by a name unique in the stack. */
  readonly deadLetterQueues: Record<string, sqs.IQueue> = {};
  readonly functions: Record<string, IFunction> = {};
  /** Stack outputs (a project's PagerDuty routing-key secret, for put-secret-value). */
  readonly outputs: ForwarderOutput[] = [];

  constructor(scope: Construct, id: string, props: ProjectRoutesProps) {
    super(scope, id);
    // Construct ids by position: a project name may hold characters an id should not, and the
    // order of the context object is the order the user wrote.
    Object.entries(props.routes).forEach(([project, route], index) => {
      const filterPolicy = projectFilterPolicy(project);
      for (const name of FORWARDER_DESTINATIONS) {
        const builder = FORWARDER_BUILDERS[name];
        const wiring = builder.project(this, { project, index, route, filterPolicy }, props.shared);
        if (!wiring) continue;
        this.destinations.add(name);
        this.deadLetterQueues[`Project${index}${builder.id}Dlq`] = wiring.forwarder.dlq;
        this.functions[`Project${index}${builder.id}Forwarder`] = wiring.forwarder.function.fn;
        this.outputs.push(...wiring.outputs);
      }
    });
  }
}
