/**
 * The alarms an on-call engineer needs to trust "never lose an alert": something is in a
 * dead-letter queue, the queue is not being drained, a function fails or is throttled, the
 * webhook answers 5xx (Alertmanager resends, but a persistent 5xx is an outage), or the
 * worker keeps failing records (the worker reports failures per record, so they never
 * show up as Lambda Errors). Each notifies the ops topic on ALARM and on OK.
 *
 * Then the failures that are otherwise silent: a configuration failure (first occurrence),
 * alerts skipped for want of identifiers and 401s (Alertmanager never resends a 4xx, so a
 * relabelling or a token rotation mistake would stop every diagnosis quietly), SNS
 * deliveries that failed, and two heartbeats — the poller did not run in twice its rate,
 * the worker received nothing while the queue held messages — whose missing data is
 * BREACHING: a disabled schedule or a stopped event source mapping emits no data at all.
 * Every description is a runbook line: what happened, then what to do.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export { METRICS_NAMESPACE } from '../functions/config/lambdaEnvironment.js';
import { METRICS_NAMESPACE } from '../functions/config/lambdaEnvironment.js';

/** Alerts skipped as unusable (no identifiers, invalid ones, invalid alert) in 15 minutes: a relabelling broke the labels. */
export const UNUSABLE_ALERTS_ALARM_THRESHOLD = 3;
/** The skip reasons that mean a diagnosis was lost, not a normal resolved notification or duplicate. */
export const UNUSABLE_SKIP_REASONS = ['missing_identifier', 'invalid_identifier', 'invalid_alert'] as const;
/** 401s in 15 minutes: a few are scanners, more are a sender with a wrong or rotated token. */
export const UNAUTHORIZED_ALARM_THRESHOLD = 5;

/**
 * A queued request older than this is stuck: the worker reads within the 1 s batching
 * window and retries a failed record within 2 minutes (storm flushes wait at most the storm
 * window), so only repeated failures, a crashed worker's lease or throttling age messages.
 */
export const OLDEST_MESSAGE_ALARM_SECONDS = 15 * 60;

export interface OperationsAlarmsProps {
  ops: ITopic;
  queue: IQueue;
  /** Dead-letter queues: one message in any of them is an alert that was not delivered. */
  deadLetterQueues: Record<string, IQueue>;
  functions: Record<string, IFunction>;
  /** HTTP API 5xx count. */
  apiServerErrors: cloudwatch.IMetric;
  /** The `service` dimension of each function that counts ConfigurationFailures. */
  configuredServices: readonly string[];
  /** Topics whose subscribers must get every message (SNS NumberOfNotificationsFailed). */
  deliveryTopics: Record<string, ITopic>;
  /** The function consuming `queue`: its invocations are the worker heartbeat. */
  worker: IFunction;
  /** The scheduled poller and its rate, when there is one. */
  poller?: { fn: IFunction; rateMinutes: number };
}

export class OperationsAlarms extends Construct {
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: OperationsAlarmsProps) {
    super(scope, id);
    const action = new SnsAction(props.ops);
    const add = (alarmId: string, alarmProps: cloudwatch.AlarmProps) => {
      const alarm = new cloudwatch.Alarm(this, alarmId, { treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING, ...alarmProps });
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      this.alarms.push(alarm);
    };
    const fiveMinutes = Duration.minutes(5);

    for (const [name, dlq] of Object.entries(props.deadLetterQueues)) {
      add(`${name}NotEmpty`, {
        alarmDescription: `runai-diagnose: messages in ${name}; each is an alert that did not end in a notification. Inspect, fix, then redrive.`,
        metric: dlq.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
      });
    }

    add('OldestRequestAge', {
      alarmDescription: `runai-diagnose: a diagnosis request has waited over ${OLDEST_MESSAGE_ALARM_SECONDS / 60} minutes (worker failing, throttled or stopped). Check the Diagnose errors and throttles alarms and its logs (worker.batch_done, worker.configuration_failed).`,
      metric: props.queue.metricApproximateAgeOfOldestMessage({ period: fiveMinutes, statistic: 'Maximum' }),
      threshold: OLDEST_MESSAGE_ALARM_SECONDS,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });

    for (const [name, fn] of Object.entries(props.functions)) {
      add(`${name}Errors`, {
        alarmDescription: `runai-diagnose: the ${name} function failed. Read its logs (level ERROR) for the error code; a failed poll is retried by the next run.`,
        metric: fn.metricErrors({ period: fiveMinutes, statistic: 'Sum' }),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
      });
      add(`${name}Throttles`, {
        alarmDescription: `runai-diagnose: the ${name} function was throttled. Check the account's concurrency (other functions?) and raise the quota or reserve concurrency.`,
        metric: fn.metricThrottles({ period: fiveMinutes, statistic: 'Sum' }),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
      });
    }

    add('WebhookServerErrors', {
      alarmDescription:
        'runai-diagnose: the webhook answered 5xx (enqueue failing or configuration broken); Alertmanager keeps resending. Read the intake logs (enqueue failed, configuration failed) and check the queue.',
      metric: props.apiServerErrors,
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });

    const metricOf = (metricName: string, dimensionsMap: Record<string, string>, period: Duration) =>
      new cloudwatch.Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap, period, statistic: 'Sum' });
    const fifteenMinutes = Duration.minutes(15);

    for (const service of props.configuredServices) {
      add(`${service}ConfigurationFailures`, {
        alarmDescription:
          `runai-diagnose: the ${service} function cannot start (a secret missing or unreadable, or a bad environment variable). ` +
          `Find "configuration failed" in its logs: the message names the key; fix the secret or the stack parameter. Records wait in the queue meanwhile.`,
        metric: metricOf('ConfigurationFailures', { service }, Duration.minutes(1)),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
      });
    }

    const unusable = Object.fromEntries(
      UNUSABLE_SKIP_REASONS.map((reason, index) => [`skip${index}`, metricOf('AlertsSkipped', { service: 'intake', reason }, fifteenMinutes)]),
    );
    add('IntakeUnusableAlerts', {
      alarmDescription:
        `runai-diagnose: ${UNUSABLE_ALERTS_ALARM_THRESHOLD}+ alerts in 15 min were skipped as unusable (${UNUSABLE_SKIP_REASONS.join(', ')}); Alertmanager will not resend them. ` +
        'Read skippedByReason in the intake logs, then fix the alert rule labels or the ALERT_LABEL_MAP context (a relabelling?).',
      metric: new cloudwatch.MathExpression({
        expression: Object.keys(unusable)
          .map((id) => `FILL(${id}, 0)`)
          .join(' + '),
        usingMetrics: unusable,
        period: fifteenMinutes,
        label: 'unusable alerts skipped',
      }),
      threshold: UNUSABLE_ALERTS_ALARM_THRESHOLD,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });

    add('IntakeUnauthorized', {
      alarmDescription:
        `runai-diagnose: ${UNAUTHORIZED_ALARM_THRESHOLD}+ webhook requests in 15 min were refused with 401; Alertmanager never resends a 4xx. ` +
        'Check that the Alertmanager http_config token matches the WebhookToken secret (current or previous) after a rotation.',
      metric: metricOf('Unauthorized', { service: 'intake' }, fifteenMinutes),
      threshold: UNAUTHORIZED_ALARM_THRESHOLD,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });

    for (const [name, topic] of Object.entries(props.deliveryTopics)) {
      add(`${name}DeliveryFailures`, {
        alarmDescription:
          `runai-diagnose: SNS failed to deliver messages of the ${name} topic to a subscriber. ` +
          'Check the subscriptions (email suspended after a bounce? https endpoint down?) and the pager dead-letter queue.',
        metric: topic.metricNumberOfNotificationsFailed({ period: fiveMinutes, statistic: 'Sum' }),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
      });
    }

    if (props.poller) {
      const heartbeatMinutes = Math.min(2 * props.poller.rateMinutes, 24 * 60);
      add('PollerHeartbeat', {
        alarmDescription:
          `runai-diagnose: the poller did not run in ${heartbeatMinutes} min (twice its rate). ` +
          'Check that the PollSchedule rule is enabled and targets the poller, and that the function is not throttled.',
        metric: props.poller.fn.metricInvocations({ period: Duration.minutes(heartbeatMinutes), statistic: 'Sum' }),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.BREACHING,
      });
    }

    // The event source mapping long-polls the queue, which keeps its metrics flowing: no
    // SQS data at all means nobody polls it any more.
    add('WorkerHeartbeat', {
      alarmDescription:
        'runai-diagnose: the queue held messages for 15 min and the diagnose function was not invoked. ' +
        "Check that the DiagnoseFromQueue event source mapping is enabled, and the function's reserved concurrency is not 0.",
      metric: new cloudwatch.MathExpression({
        expression: 'IF(visible >= 1 AND FILL(invocations, 0) == 0, 1, 0)',
        usingMetrics: {
          visible: props.queue.metricApproximateNumberOfMessagesVisible({ period: fifteenMinutes, statistic: 'Minimum' }),
          invocations: props.worker.metricInvocations({ period: fifteenMinutes, statistic: 'Sum' }),
        },
        period: fifteenMinutes,
        label: 'queue non-empty, worker idle',
      }),
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.BREACHING,
    });

    add('DiagnoseFailedRecords', {
      alarmDescription:
        'runai-diagnose: the worker keeps failing records (Run:ai unreachable or refusing the credentials?); they return to the queue, then the DLQ. Check the RunaiErrors metric per code (HTTP_401: rotate the RunaiCredentials secret) and the worker logs.',
      metric: new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName: 'FailedRecords',
        dimensionsMap: { service: 'diagnose' },
        period: Duration.minutes(15),
        statistic: 'Sum',
      }),
      threshold: 5,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });
  }
}
