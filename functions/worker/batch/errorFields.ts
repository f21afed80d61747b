/** What a worker log line says about an error: its class, code, retryability and message (never a payload). */
export interface ErrorFields {
  errorName: string;
  errorCode: string | undefined;
  retryable: boolean;
  errorMessage: string;
}

export function errorFields(error: unknown): ErrorFields {
  const shape = (typeof error === 'object' && error !== null ? error : {}) as { name?: unknown; code?: unknown; retryable?: unknown; message?: unknown };
  return {
    errorName: typeof shape.name === 'string' ? shape.name : typeof error,
    errorCode: typeof shape.code === 'string' ? shape.code : undefined,
    retryable: shape.retryable === true,
    errorMessage: typeof shape.message === 'string' ? shape.message : String(error),
  };
}
