/**
 * The one logging port of our code: every Lambda (intake, worker, poller, chat and PagerDuty
 * forwarders), local mode and the CLI write structured events through it. In a Lambda it is
 * written by the Powertools Logger (functions/lambda/powertools.ts); locally by one readable
 * line per event (functions/local/createLocalLogger.ts).
 *
 * Callers log identifiers, codes and counts — never message bodies, verdict text, request
 * payloads or the Authorization header, which may carry user data or credentials.
 */
export interface LogPort {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export const silentLogger: LogPort = { info() {}, warn() {}, error() {} };

/**
 * One JSON object per line (CloudWatch Logs Insights parses it without a pattern), an Error
 * as its name, message and stack. `write` receives the line and its level.
 */
export function createJsonLogger(write: (line: string, level: 'info' | 'warn' | 'error') => void, now: () => Date = () => new Date()): LogPort {
  const log =
    (level: 'info' | 'warn' | 'error') =>
    (event: string, fields: Record<string, unknown> = {}) =>
      write(
        JSON.stringify({ time: now().toISOString(), level, event, ...fields }, (_key, value: unknown) =>
          value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value,
        ),
        level,
      );
  return { info: log('info'), warn: log('warn'), error: log('error') };
}
