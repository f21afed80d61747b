/**
 * The intake logs events, not request bodies: a body can carry anything a sender put in
 * an alert, and the Authorization header is never logged.
 */
export interface IntakeLogger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

/** One JSON object per line: CloudWatch Logs Insights parses it without a pattern. */
export function createConsoleLogger(): IntakeLogger {
  const write = (level: string, event: string, fields?: Record<string, unknown>): void => {
    const line = JSON.stringify({ level, event, ...fields }, (_key, value: unknown) =>
      value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value,
    );
    if (level === 'error') console.error(line);
    else console.log(line);
  };
  return {
    info: (event, fields) => write('info', event, fields),
    warn: (event, fields) => write('warn', event, fields),
    error: (event, fields) => write('error', event, fields),
  };
}

export const silentLogger: IntakeLogger = { info() {}, warn() {}, error() {} };
