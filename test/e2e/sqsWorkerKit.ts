/**
 * What Lambda's SQS event source mapping does for the worker, against a real SQS API
 * (fauxqs): receive messages for a batching window, hand the batch to
 * processDiagnosisBatch, delete the records that ended, and leave the failed ones
 * (batchItemFailures) for redelivery.
 */
import { DeleteMessageBatchCommand, ReceiveMessageCommand, type Message, type SQSClient } from '@aws-sdk/client-sqs';
import { processDiagnosisBatch, type BatchResult, type ProcessDiagnosisBatchDeps } from '../../functions/worker/processDiagnosisBatch.js';

/** Messages received during `windowMs` (after the first one arrives), at most `maxBatchSize`. */
export async function receiveBatch(
  sqs: SQSClient,
  queueUrl: string,
  options: { windowMs: number; maxBatchSize: number; firstWithinMs?: number },
): Promise<Message[]> {
  const batch: Message[] = [];
  const firstDeadline = Date.now() + (options.firstWithinMs ?? 5_000);
  let windowEnds: number | undefined;
  while (batch.length < options.maxBatchSize && Date.now() < (windowEnds ?? firstDeadline)) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: Math.min(10, options.maxBatchSize - batch.length), WaitTimeSeconds: 0 }),
    );
    if (Messages.length > 0) windowEnds ??= Date.now() + options.windowMs;
    batch.push(...Messages);
    if (Messages.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return batch;
}

export async function deleteMessages(sqs: SQSClient, queueUrl: string, messages: readonly Message[]): Promise<void> {
  for (let i = 0; i < messages.length; i += 10) {
    const chunk = messages.slice(i, i + 10);
    await sqs.send(new DeleteMessageBatchCommand({ QueueUrl: queueUrl, Entries: chunk.map((m, j) => ({ Id: `d${j}`, ReceiptHandle: m.ReceiptHandle! })) }));
  }
}

/** One worker invocation: receive a window's batch, process it, delete what ended. */
export async function runWorkerBatch(
  sqs: SQSClient,
  queueUrl: string,
  deps: ProcessDiagnosisBatchDeps,
  options: { windowMs?: number; maxBatchSize?: number } = {},
): Promise<{ received: Message[]; result: BatchResult }> {
  const received = await receiveBatch(sqs, queueUrl, { windowMs: options.windowMs ?? 300, maxBatchSize: options.maxBatchSize ?? 1_000 });
  const result = await processDiagnosisBatch(
    received.map((message) => ({ messageId: message.MessageId!, body: message.Body! })),
    deps,
  );
  const failed = new Set(result.batchItemFailures.map((failure) => failure.itemIdentifier));
  await deleteMessages(
    sqs,
    queueUrl,
    received.filter((message) => !failed.has(message.MessageId!)),
  );
  return { received, result };
}
