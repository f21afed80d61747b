/**
 * Structured logs, one JSON object per line (CloudWatch Logs Insights can query fields).
 * Callers log identifiers, codes and counts — never message bodies, verdict text or
 * request payloads, which may carry user data or credentials quoted from evidence.
 */
export interface WorkerLogger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export function createJsonLogger(write: (line: string) => void, now: () => Date = () => new Date()): WorkerLogger {
  const log =
    (level: string) =>
    (event: string, fields: Record<string, unknown> = {}) =>
      write(JSON.stringify({ time: now().toISOString(), level, event, ...fields }));
  return { info: log('info'), warn: log('warn'), error: log('error') };
}

export const silentLogger: WorkerLogger = { info() {}, warn() {}, error() {} };
