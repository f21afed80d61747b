/**
 * Suspect nodes (DESIGN §4.8): the fleet's memory of diagnosed failures per node, a DynamoDB
 * table of its own (functions/fleet/createDynamoNodeFailureLog.ts: pk/sk strings, TTL on
 * `expiresAt`), and the worker's rights on it — exactly the calls that adapter makes:
 * PutItem (remember a failure, claim the node's notice with a condition), Query (the node's
 * failures of the window) and DeleteItem (release a notice whose publication failed).
 *
 * Its own table, like the storm windows: these rights need not reach the idempotency keys,
 * and the table can be dropped (context `suspectNodes=false`) without touching the others.
 */
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';

export class SuspectNodes extends Construct {
  readonly table: dynamodb.Table;
  /** The worker's variables: NODE_FAILURE_TABLE turns the fleet on (functions/worker/readWorkerEnv.ts). */
  readonly environment: Record<string, string>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.table = new dynamodb.Table(this, 'NodeFailures', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      // Failures and notices expire 7 days after they happened (NODE_FAILURE_TTL_SECONDS).
      timeToLiveAttribute: 'expiresAt',
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    });
    this.environment = { NODE_FAILURE_TABLE: this.table.tableName };
  }

  /** The worker's role (diagnose), the one principal that reads and writes the table. */
  allowWorker(worker: iam.IRole): void {
    worker.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:DeleteItem'], resources: [this.table.tableArn] }),
    );
  }
}
