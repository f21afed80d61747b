/** The chat forwarder's environment, parsed once by its Lambda (lambdaHandler.ts) and listed in the destination registry. */
import * as z from 'zod';
import { ReportLocaleSchema } from '../report/Messages.js';

export const ChatEnvSchema = z.object({
  CHAT_TOPIC_ARN: z.string().regex(/^arn:aws[\w-]*:sns:[\w-]+:\d{12}:[\w-]+$/, 'CHAT_TOPIC_ARN must be an SNS topic ARN'),
  REPORT_LOCALE: ReportLocaleSchema,
});
