/**
 * Scrubs known secret strings (the client secret, issued access tokens) out of any text
 * that may reach an error message or a log. Server error messages are untrusted: a token
 * endpoint that echoes the submitted secret back must not make us print it.
 */
export interface Redactor {
  /** Registers a value that must never appear in output. */
  add(secret: string): void;
  redact(text: string): string;
}

export const REDACTED = '[REDACTED]';

export function createRedactor(initial: readonly string[] = []): Redactor {
  const secrets = new Set<string>();
  const add = (secret: string) => {
    // Very short strings would redact ordinary words; config validation requires non-empty,
    // and any real secret is far longer than this.
    if (secret.length >= 4) secrets.add(secret);
  };
  initial.forEach(add);
  return {
    add,
    redact(text) {
      let out = text;
      for (const secret of secrets) out = out.split(secret).join(REDACTED);
      return out;
    },
  };
}

/** Shortens untrusted text for an error message, on one line. */
export function truncateText(text: string, max = 200): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, max - 1)}…`;
}
