/**
 * The port through which the entry points count what the team operating the product needs
 * to see (alerts accepted and skipped, 401s, configuration failures, diagnoses, Run:ai
 * errors, notifications, forwarder failures). The core never emits: entry points and
 * adapters do, through this port, so tests read the counts from a fake
 * (createMemoryMetrics) and Lambda writes them as EMF (createPowertoolsMetrics).
 */

/** Every metric name the product emits; the alarms and the dashboard read these. */
export type MetricName =
  | 'IntakeRequests'
  | 'AlertsAccepted'
  | 'AlertsSkipped'
  | 'Unauthorized'
  | 'ConfigurationFailures'
  | 'Diagnoses'
  | 'DiagnoseErrors'
  | 'DiagnosisDuration'
  | 'RunaiRequests'
  | 'RunaiErrors'
  | 'Published'
  | 'Duplicates'
  | 'FailedRecords'
  | 'Notifications'
  | 'Digests'
  | 'WorkloadsEnqueued'
  | 'ClusterPollFailures'
  | 'NotificationsForwarded'
  | 'ForwarderFailures'
  | 'FeedbackAnswers'
  /** One per node_suspect notice published, with dimensions clusterId and node (§4.8; at most one per node per window). */
  | 'SuspectNode';

/** Extra dimensions of one count (the `service` dimension is the emitter's, always set). */
export type Breakdown = Readonly<Record<string, string>>;

export interface OperationsMetrics {
  /**
   * Adds `value` to the metric's total (dimension `service` only: what alarms read) and,
   * with a breakdown, to the series of that breakdown too (what dashboards split by).
   */
  count(name: MetricName, value?: number, breakdown?: Breakdown): void;
  /** One duration sample, in milliseconds (dashboards read percentiles). */
  milliseconds(name: MetricName, value: number): void;
  /** Writes what was recorded; called once at the end of each invocation. */
  flush(): void;
}

export const noMetrics: OperationsMetrics = { count() {}, milliseconds() {}, flush() {} };
