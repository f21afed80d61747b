/**
 * Scrubs known secret strings (the client secret, issued access tokens) out of any text
 * that may reach an error message or a log. Server error messages are untrusted: a token
 * endpoint that echoes the submitted secret back must not make us print it.
 */
import { quoteUntrusted } from '../safety/quoteUntrusted.js';

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

/**
 * Server-provided text (a Run:ai error `message`, a Kubernetes Status, a transport error) for
 * an error message that ends on a terminal, in a log or in a report. It gets the same
 * neutralising as quoted evidence: known secrets out first, then `quoteUntrusted` strips
 * terminal escapes (OSC-8 hyperlinks, clear-screen, colour), invisible and control
 * characters, redacts every secret shape, flattens to one line and caps the length.
 */
export function quoteServerText(redactor: Redactor, text: string, max = 200): string {
  return quoteUntrusted(redactor.redact(text), { maxLength: max });
}
