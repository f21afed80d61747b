/**
 * Local mode's logs: the intake's and the worker's structured events as one short,
 * readable line each (`12:00:01 info  worker.published kind=single count=1`), on stderr
 * so that stdout carries only what a person reads — the ready line and the notifications.
 * Like the JSON loggers, callers pass identifiers, codes and counts, never bodies.
 */
import type { LogPort } from '../core/LogPort.js';

export type LocalLogLevel = 'info' | 'warn' | 'error' | 'silent';
export type LocalLogger = LogPort & LogPort;

const RANK: Record<LocalLogLevel, number> = { info: 0, warn: 1, error: 2, silent: 3 };

function formatValue(value: unknown): string {
  if (value instanceof Error) return JSON.stringify(`${value.name}: ${value.message}`);
  if (typeof value === 'string') return /^[\w.:/@#+-]*$/.test(value) && value !== '' ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

export function createLocalLogger(write: (line: string) => void, level: LocalLogLevel = 'info', now: () => Date = () => new Date()): LocalLogger {
  const log =
    (at: Exclude<LocalLogLevel, 'silent'>) =>
    (event: string, fields: Record<string, unknown> = {}) => {
      if (RANK[at] < RANK[level]) return;
      const pairs = Object.entries(fields)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => `${key}=${formatValue(value)}`);
      write(`${now().toISOString().slice(11, 19)} ${at.padEnd(5)} ${event}${pairs.length ? ` ${pairs.join(' ')}` : ''}\n`);
    };
  return { info: log('info'), warn: log('warn'), error: log('error') };
}
