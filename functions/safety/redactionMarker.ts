/**
 * The one marker every redaction writes. Reports, tests and downstream consumers key on it,
 * so it must never vary by secret kind (a kind-specific marker would tell a reader which
 * vendor holds the credential, and would complicate idempotence).
 */
export const REDACTED = '[REDACTED]';
