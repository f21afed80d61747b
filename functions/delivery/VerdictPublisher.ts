/**
 * The delivery port: something that publishes one notification. Implementations: SNS
 * (`createSnsPublisher`, AWS), the console (local mode, below), and fakes in tests.
 * Failures are thrown as DeliveryError.
 */
import type { SnsJsonMessage, SnsNotification } from './SnsNotification.js';

export interface VerdictPublisher {
  publish(notification: SnsNotification): Promise<{ messageId: string }>;
}

/**
 * Local mode: prints what an email subscriber would get (subject, then the text report).
 * Kept apart from the SNS publisher so that local mode never loads the AWS SDK.
 */
export function createConsolePublisher(write: (text: string) => void): VerdictPublisher {
  let sequence = 0;
  return {
    async publish(notification) {
      sequence += 1;
      const message = JSON.parse(notification.Message) as SnsJsonMessage;
      const rule = '-'.repeat(Math.min(72, Math.max(notification.Subject.length, 20)));
      write(`${notification.Subject}\n${rule}\n${message.default}\n`);
      return { messageId: `console-${sequence}` };
    },
  };
}
