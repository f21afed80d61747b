/**
 * The alarms an on-call engineer needs to trust "never lose an alert": something is in a
 * dead-letter queue, the queue is not being drained, a function fails or is throttled, the
 * webhook answers 5xx (Alertmanager resends, but a persistent 5xx is an outage), or the
 * worker keeps failing records (the worker reports failures per record, so they never
 * show up as Lambda Errors). Each notifies the ops topic on ALARM and on OK.
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

/**
 * A queued request older than this is stuck: the worker reads within the 30 s batching
 * window, so only failures (retried every visibility timeout) or throttling age messages.
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
      alarmDescription: `runai-diagnose: a diagnosis request has waited over ${OLDEST_MESSAGE_ALARM_SECONDS / 60} minutes (worker failing, throttled or stopped).`,
      metric: props.queue.metricApproximateAgeOfOldestMessage({ period: fiveMinutes, statistic: 'Maximum' }),
      threshold: OLDEST_MESSAGE_ALARM_SECONDS,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });

    for (const [name, fn] of Object.entries(props.functions)) {
      add(`${name}Errors`, {
        alarmDescription: `runai-diagnose: the ${name} function failed (see its logs).`,
        metric: fn.metricErrors({ period: fiveMinutes, statistic: 'Sum' }),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
      });
      add(`${name}Throttles`, {
        alarmDescription: `runai-diagnose: the ${name} function was throttled (account concurrency exhausted?).`,
        metric: fn.metricThrottles({ period: fiveMinutes, statistic: 'Sum' }),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
      });
    }

    add('WebhookServerErrors', {
      alarmDescription: 'runai-diagnose: the webhook answered 5xx (enqueue failing or configuration broken); Alertmanager keeps resending.',
      metric: props.apiServerErrors,
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });

    add('DiagnoseFailedRecords', {
      alarmDescription: 'runai-diagnose: the worker keeps failing records (Run:ai unreachable or refusing the credentials?); they return to the queue, then the DLQ.',
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
