/**
 * The custom-notification schema of Amazon Q Developer in chat applications (formerly AWS
 * Chatbot), the only SNS message format it shows in Slack, Microsoft Teams and Amazon Chime
 * besides the AWS service events it knows (AWS documentation: "Custom notifications using
 * Amazon Q Developer in chat applications",
 * https://docs.aws.amazon.com/chatbot/latest/adminguide/custom-notifs.html; a worked
 * example of the same schema: ngyuki-sandbox/aws-sandbox, aws-chatbot-cfn/README.md):
 * - `version: "1.0"` and `source: "custom"` (required), `id` (optional);
 * - `content`: `description` (required), `textType` (`client-markdown`), `title`,
 *   `nextSteps` (list of strings), `keywords` (list of strings);
 * - `metadata` (optional): `threadId` (notifications with the same id are threaded
 *   together), `summary` (the short text of the channel's notification), `eventType`,
 *   `relatedResources`, `additionalContext`.
 *
 * The length caps below are ours, not AWS's: they keep a chat message readable (the full
 * report is in the email and the verdict JSON) and far below SNS's 256 KiB.
 */
import * as z from 'zod';

export const CHAT_TITLE_MAX_CHARS = 250;
export const CHAT_DESCRIPTION_MAX_CHARS = 4_000;
export const CHAT_NEXT_STEPS_MAX = 5;
export const CHAT_NEXT_STEP_MAX_CHARS = 500;
export const CHAT_KEYWORDS_MAX = 6;
export const CHAT_KEYWORD_MAX_CHARS = 64;
export const CHAT_SUMMARY_MAX_CHARS = 250;

export const ChatNotificationSchema = z.strictObject({
  version: z.literal('1.0'),
  source: z.literal('custom'),
  id: z.string().min(1).optional(),
  content: z.strictObject({
    textType: z.literal('client-markdown'),
    title: z.string().min(1).max(CHAT_TITLE_MAX_CHARS),
    description: z.string().min(1).max(CHAT_DESCRIPTION_MAX_CHARS),
    nextSteps: z.array(z.string().min(1).max(CHAT_NEXT_STEP_MAX_CHARS)).max(CHAT_NEXT_STEPS_MAX),
    keywords: z.array(z.string().min(1).max(CHAT_KEYWORD_MAX_CHARS)).max(CHAT_KEYWORDS_MAX),
  }),
  metadata: z.strictObject({
    threadId: z.string().min(1),
    summary: z.string().min(1).max(CHAT_SUMMARY_MAX_CHARS),
    eventType: z.string().min(1).optional(),
    relatedResources: z.array(z.string()).optional(),
    additionalContext: z.record(z.string(), z.string()).optional(),
  }),
});
export type ChatNotification = z.infer<typeof ChatNotificationSchema>;
