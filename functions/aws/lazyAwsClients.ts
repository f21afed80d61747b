/**
 * The AWS clients of the Lambdas, each built (and its SDK module loaded) on its first send
 * (createLazyClient.ts): a handler's module init loads no SDK at all. Default configuration,
 * as before: the region and credentials of the Lambda environment.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SNSClient } from '@aws-sdk/client-sns';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { createLazyClient } from './createLazyClient.js';
import { loadDynamoDb, loadSecretsManager, loadSns, loadSqs } from './loadAwsSdk.js';

export const lazySqsClient = (): SQSClient => createLazyClient(async () => new (await loadSqs()).SQSClient({}));
export const lazySnsClient = (): SNSClient => createLazyClient(async () => new (await loadSns()).SNSClient({}));
export const lazyDynamoDbClient = (): DynamoDBClient => createLazyClient(async () => new (await loadDynamoDb()).DynamoDBClient({}));
export const lazySecretsManagerClient = (): SecretsManagerClient => createLazyClient(async () => new (await loadSecretsManager()).SecretsManagerClient({}));
