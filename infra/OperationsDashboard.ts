/**
 * One CloudWatch dashboard for the team operating the product: is the intake receiving
 * (and refusing) webhooks, is the queue draining, what the diagnoses conclude and how long
 * they take, how often Run:ai fails us, and whether notifications go out. Breakdowns (per
 * status, reason, outcome and category, code) are SEARCH expressions, so a new category or
 * error code appears without a deploy.
 *
 * With feedback on (§4.10), a last row: precision per category over the last 7 days (metric
 * math over FeedbackAnswers by answer and category), and the wrong verdicts themselves — a
 * Logs Insights table over the intake's `feedback.answer` log line, because a metric can
 * count wrong answers but cannot say which verdict was wrong (occurrence key and headline
 * are unbounded values, never metric dimensions).
 */
import { Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE } from '../functions/config/lambdaEnvironment.js';
import { CATEGORIES } from '../functions/core/verdict.js';
import { FEEDBACK_ANSWER_LOG_EVENT } from '../functions/feedback/createFeedbackRoutes.js';

export interface OperationsDashboardProps {
  queue: IQueue;
  deadLetterQueue: IQueue;
  worker: IFunction;
  /** The worker's log group: the suspect-node table reads its `worker.node_suspect` lines. */
  workerLogs: ILogGroup;
  verdicts: ITopic;
  /** The intake's log group, when feedback is on: the feedback row appears only then. */
  feedbackLogs?: ILogGroup;
}

const FIVE_MINUTES = Duration.minutes(5);

/** Every series of `metricName` split by `dimensions` (besides `service`). */
function searchBy(metricName: string, dimensions: readonly string[], label: string): cloudwatch.MathExpression {
  const schema = [METRICS_NAMESPACE, ...dimensions, 'service'].join(',');
  return new cloudwatch.MathExpression({
    expression: `SEARCH('{${schema}} MetricName="${metricName}"', 'Sum', 300)`,
    usingMetrics: {},
    label,
    period: FIVE_MINUTES,
  });
}

function total(metricName: string, service: string, statistic = 'Sum'): cloudwatch.Metric {
  return new cloudwatch.Metric({
    namespace: METRICS_NAMESPACE,
    metricName,
    dimensionsMap: { service },
    period: FIVE_MINUTES,
    statistic,
    label: `${metricName} (${statistic})`,
  });
}

/** "Was this right?" answers of one kind for one verdict category, over a week (§4.10). */
function answers(answer: 'correct' | 'wrong', category: string): cloudwatch.Metric {
  return new cloudwatch.Metric({
    namespace: METRICS_NAMESPACE,
    metricName: 'FeedbackAnswers',
    dimensionsMap: { service: 'intake', answer, category },
    statistic: 'Sum',
  });
}

/**
 * The Logs Insights query of the "wrong verdicts" table: one row per wrong answer, newest
 * first (the intake logs one `feedback.answer` line per stored answer; a later answer to the
 * same verdict is a later row, and the table holds the last). Exported for the test.
 * Syntax (`fields | filter | sort | limit`, commands joined by `|`):
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/CWL_QuerySyntax.html — a dashboard
 * log widget runs it over the dashboard's time range on every refresh.
 */
export const WRONG_VERDICTS_QUERY = [
  'fields @timestamp, category, rightCategory, headline, occurrenceKey',
  `filter message = "${FEEDBACK_ANSWER_LOG_EVENT}" and answer = "wrong"`,
  'sort @timestamp desc',
  'limit 100',
];

function feedbackRow(logs: ILogGroup): cloudwatch.IWidget[] {
  return [
    new cloudwatch.GraphWidget({
      title: 'Feedback: precision per category (correct / answered, %, last 7 days)',
      left: precisionPerCategory(),
      leftYAxis: { min: 0, max: 100 },
      view: cloudwatch.GraphWidgetView.BAR,
      // One value per category over the widget's own range: the last 7 days, whatever the dashboard shows.
      setPeriodToTimeRange: true,
      start: '-P7D',
      width: 8,
      height: 6,
    }),
    new cloudwatch.LogQueryWidget({
      title: 'Feedback: wrong verdicts (dashboard range; choose 1w for the week)',
      logGroupNames: [logs.logGroupName],
      queryLines: WRONG_VERDICTS_QUERY,
      view: cloudwatch.LogQueryVisualizationType.TABLE,
      width: 16,
      height: 6,
    }),
  ];
}

/**
 * Precision per category: correct / answered, one bar per category, over the widget's own
 * 7 days (whatever the dashboard's range). A category nobody answered about has no bar (not
 * 0 %): no answer is not a wrong answer. The category is the verdict's, so precision reads
 * "of the verdicts that said OOM_KILLED and got an answer, this share was right".
 */
function precisionPerCategory(): cloudwatch.MathExpression[] {
  return CATEGORIES.map((category, index) => {
    const correct = `c${index}`;
    const wrong = `w${index}`;
    return new cloudwatch.MathExpression({
      expression: `100 * FILL(${correct}, 0) / (FILL(${correct}, 0) + FILL(${wrong}, 0))`,
      usingMetrics: { [correct]: answers('correct', category), [wrong]: answers('wrong', category) },
      label: `${category} precision (%)`,
    });
  });
}

/**
 * The WORKER_NODE_SUSPECT log line (functions/worker/batch/judgeNodes.ts): the worker writes it
 * each time it finds a node suspect (§4.8), with the counts that made it so.
 */
export const NODE_SUSPECT_EVENT = 'worker.node_suspect';

/**
 * Suspect nodes (§4.8, docs/operate.md): a table and a graph.
 * - The table is Logs Insights on the worker's `worker.node_suspect` line, not a metric: a list
 *   of nodes wants rows (node, cluster, failures, submitters, Xid, last seen), and the counts
 *   that made a node suspect are fields of that line, which no metric carries; its reach is the
 *   worker's log retention (logRetentionDays), longer than the 24 h rule.
 * - The graph is a SEARCH over `SuspectNode` by clusterId and node (one point per notice sent,
 *   so at most one per node per day; metrics outlive the logs, 15 months), so a node that keeps
 *   coming back shows as one series across weeks. SEARCH, because the nodes are not known at deploy.
 */
function suspectNodeWidgets(workerLogs: ILogGroup): cloudwatch.IWidget[] {
  return [
    new cloudwatch.LogQueryWidget({
      title: 'Suspect nodes (worker.node_suspect): failures and submitters in the window, last seen',
      logGroupNames: [workerLogs.logGroupName],
      view: cloudwatch.LogQueryVisualizationType.TABLE,
      queryLines: [
        `filter message = "${NODE_SUSPECT_EVENT}"`,
        'stats max(failures) as maxFailures, max(submitters) as maxSubmitters, max(hardwareXid) as xid, count(*) as verdicts, max(@timestamp) as lastSeen by clusterId, node',
        'sort lastSeen desc',
        'limit 50',
      ],
      width: 16,
      height: 6,
    }),
    new cloudwatch.GraphWidget({
      title: 'Suspect-node notices by node',
      left: [
        new cloudwatch.MathExpression({
          expression: `SEARCH('{${METRICS_NAMESPACE},clusterId,node,service} MetricName="SuspectNode"', 'Sum', 3600)`,
          usingMetrics: {},
          label: 'notices',
          period: Duration.hours(1),
        }),
      ],
      width: 8,
      height: 6,
    }),
  ];
}

export class OperationsDashboard extends Construct {
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: OperationsDashboardProps) {
    super(scope, id);
    const { queue, deadLetterQueue, worker, verdicts } = props;
    const width = 8;
    const graph = (title: string, left: cloudwatch.IMetric[], right: cloudwatch.IMetric[] = []) =>
      new cloudwatch.GraphWidget({ title, left, right, width, height: 6 });

    const runaiErrorRate = new cloudwatch.MathExpression({
      expression: '100 * FILL(errors, 0) / requests',
      usingMetrics: { errors: total('RunaiErrors', 'diagnose'), requests: total('RunaiRequests', 'diagnose') },
      label: 'Run:ai error rate (%)',
      period: FIVE_MINUTES,
    });

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      // Named after the stack, so that two deployments (stages, accounts) never collide.
      dashboardName: `${Stack.of(this).stackName}-operations`,
      defaultInterval: Duration.hours(6),
      widgets: [
        [
          graph('Intake: requests by status', [searchBy('IntakeRequests', ['status'], 'requests')]),
          graph(
            'Intake: alerts accepted, skipped by reason, 401s',
            [total('AlertsAccepted', 'intake'), searchBy('AlertsSkipped', ['reason'], 'skipped')],
            [total('Unauthorized', 'intake')],
          ),
          graph(
            'Queue: depth and age of the oldest request',
            [
              queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
              deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum', label: 'dead-letter queue' }),
            ],
            [queue.metricApproximateAgeOfOldestMessage({ period: FIVE_MINUTES, statistic: 'Maximum' })],
          ),
        ],
        [
          graph(
            'Diagnoses by outcome and category',
            [searchBy('Diagnoses', ['category', 'outcome'], 'diagnoses')],
            [total('DiagnoseErrors', 'diagnose'), total('FailedRecords', 'diagnose')],
          ),
          graph(
            'Diagnosis duration (ms)',
            ['p50', 'p90', 'p99'].map((p) => total('DiagnosisDuration', 'diagnose', p)),
          ),
          graph('Run:ai: error rate and errors by code', [runaiErrorRate], [searchBy('RunaiErrors', ['code'], 'errors')]),
        ],
        [
          graph(
            'Notifications: published, digests, delivered, failed',
            [
              total('Notifications', 'diagnose'),
              total('Digests', 'diagnose'),
              verdicts.metricNumberOfNotificationsDelivered({ period: FIVE_MINUTES, statistic: 'Sum' }),
            ],
            [
              verdicts.metricNumberOfNotificationsFailed({ period: FIVE_MINUTES, statistic: 'Sum' }),
              searchBy('ForwarderFailures', ['code'], 'forwarder failures'),
            ],
          ),
          graph(
            'Configuration failures and worker invocations',
            [searchBy('ConfigurationFailures', [], 'configuration failures')],
            [worker.metricInvocations({ period: FIVE_MINUTES, statistic: 'Sum' })],
          ),
        ],
        ...(props.feedbackLogs ? [feedbackRow(props.feedbackLogs)] : []),
        suspectNodeWidgets(props.workerLogs),
      ],
    });
  }
}
