/**
 * A message on a notification queue that is not one of our notifications (not an SNS
 * envelope, not a verdict, not a digest). Never retryable: the same bytes will never
 * parse; the forwarder reports the record failed so the redrive policy dead-letters it.
 */
export class NotificationFormatError extends Error {
  override readonly name = 'NotificationFormatError';
  readonly code = 'NOTIFICATION_MALFORMED';
  readonly retryable = false;

  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
  }
}
