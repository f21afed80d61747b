/**
 * The base of every configuration error: a value the deployer, the operator or the command
 * line gave is missing or wrong. Each entry point has its own subclass (so logs and tests can
 * tell which configuration failed) with a stable `code`; `retryable` says whether the same
 * call can succeed later without anyone changing the configuration (a secret that could not
 * be read this time), and `cause` keeps the underlying error. Messages name the key and the
 * rule, never the value: a misconfigured secret must not end up in a log.
 */
export abstract class ConfigError extends Error {
  abstract readonly code: string;
  readonly retryable: boolean;

  constructor(message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.retryable = options.retryable ?? false;
  }
}
