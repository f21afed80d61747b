/**
 * Why a feedback request was refused. Each code has one HTTP status and says whether the
 * same request can succeed later, so the page and the logs agree (docs/intake.md, "Feedback").
 * A refused request never stores anything.
 */
export type FeedbackErrorCode =
  'FEEDBACK_TOKEN_MALFORMED' | 'FEEDBACK_TOKEN_INVALID' | 'FEEDBACK_TOKEN_EXPIRED' | 'FEEDBACK_ANSWER_INVALID' | 'FEEDBACK_STORE_UNAVAILABLE';

const POLICIES: Record<FeedbackErrorCode, { status: 400 | 403 | 410 | 503; retryable: boolean }> = {
  FEEDBACK_TOKEN_MALFORMED: { status: 400, retryable: false },
  // A bad signature and a token signed with a key we no longer hold look the same on purpose.
  FEEDBACK_TOKEN_INVALID: { status: 403, retryable: false },
  FEEDBACK_TOKEN_EXPIRED: { status: 410, retryable: false },
  FEEDBACK_ANSWER_INVALID: { status: 400, retryable: false },
  FEEDBACK_STORE_UNAVAILABLE: { status: 503, retryable: true },
};

export class FeedbackError extends Error {
  override readonly name = 'FeedbackError';
  readonly code: FeedbackErrorCode;
  readonly status: 400 | 403 | 410 | 503;
  readonly retryable: boolean;

  constructor(code: FeedbackErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.status = POLICIES[code].status;
    this.retryable = POLICIES[code].retryable;
  }
}
