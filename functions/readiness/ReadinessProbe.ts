/**
 * The readiness port (docs/operate.md, `GET /readyz`): one named check of something the
 * product needs to do its work — the queue, a secret, the Run:ai token — run only when an
 * operator or a monitor asks, never on the webhook path.
 *
 * A probe resolves with a short detail when the dependency is usable, and rejects when it
 * is not: with a `ReadinessError` whose stable `code` says what is wrong (any other error
 * is reported by its name). Entry points decide which probes they have; `runReadinessProbes`
 * runs them.
 */
export interface ReadinessProbe {
  /** Stable, e.g. `queue`, `webhookTokenSecret`: what a monitor keys on. */
  readonly name: string;
  /** Resolves with a one-line detail (no secret value), rejects when not ready. */
  check(): Promise<string>;
}

/** A dependency that was reached but is not usable, with a stable code and a one-line fix. */
export class ReadinessError extends Error {
  override readonly name = 'ReadinessError';
  readonly code: string;

  constructor(code: string, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}
