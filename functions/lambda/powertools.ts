/**
 * The one Powertools instance module of the five Lambdas (intake, diagnose worker, poller,
 * chat and PagerDuty forwarders): one Logger and one Metrics per service and execution
 * environment, which every file that logs or counts reaches through lambdaTelemetry.ts. This
 * is the pattern Powertools recommends for code spread over files — instantiate in one shared
 * module and import it everywhere, instead of passing loggers around or building one per file
 * (aws-powertools/powertools-lambda-typescript, discussion #1199) — so the request id added
 * at the start of an invocation is on every line, and the cold-start metric is counted once.
 *
 * Built on first use rather than at import: the instances still live outside the handler (kept
 * across invocations, as Powertools requires), but a module init constructs nothing, and a
 * test can import a handler without Powertools writing anything. Keyed by service because a
 * test process may load several handlers; a Lambda runs one.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE } from '../config/lambdaEnvironment.js';

export interface Powertools {
  logger: Logger;
  metrics: Metrics;
}

const instances = new Map<string, Powertools>();

export function powertoolsFor(serviceName: string): Powertools {
  let built = instances.get(serviceName);
  if (!built) {
    built = { logger: new Logger({ serviceName }), metrics: new Metrics({ namespace: METRICS_NAMESPACE, serviceName }) };
    instances.set(serviceName, built);
  }
  return built;
}
