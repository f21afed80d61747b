/**
 * Runs readiness probes side by side, each bounded by a timeout, and reports every one:
 * a monitor sees all that is wrong at once, not only the first failure. Never throws.
 *
 * What a failed check says is the probe's own message (AWS SDK and Run:ai errors name the
 * resource and the cause, never a secret value), made one inert line and bounded, because
 * it is answered over HTTP and may be shown on a terminal.
 */
import { neutraliseControlCharacters } from '../safety/neutraliseControlCharacters.js';
import { ReadinessError, type ReadinessProbe } from './ReadinessProbe.js';

export type ReadinessCheck =
  { name: string; status: 'ok'; durationMs: number; detail: string } | { name: string; status: 'failed'; durationMs: number; code: string; message: string };

export interface ReadinessReport {
  ready: boolean;
  checks: ReadinessCheck[];
}

export interface RunReadinessOptions {
  /** Per probe. The intake Lambda's timeout is 10 s: the default leaves room for the answer. */
  timeoutMs?: number;
  /** Milliseconds, monotonic (performance.now in entry points; a fake clock in tests). */
  clock: () => number;
}

export const DEFAULT_PROBE_TIMEOUT_MS = 3_000;
const MAX_MESSAGE_LENGTH = 300;

function oneLine(text: string): string {
  const line = neutraliseControlCharacters(text);
  return line.length > MAX_MESSAGE_LENGTH ? `${line.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : line;
}

/** What may be answered as a code: an identifier, never free text from the error. */
const CODE_SHAPE = /^[A-Za-z][A-Za-z0-9_.]{0,63}$/;

function codeOf(error: unknown): string {
  if (error instanceof ReadinessError) return error.code;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && CODE_SHAPE.test(code)) return code;
  return error instanceof Error && CODE_SHAPE.test(error.name) ? error.name : 'PROBE_FAILED';
}

function messageOf(error: unknown): string {
  return oneLine(error instanceof Error ? error.message : String(error)) || '(no message)';
}

async function runOne(probe: ReadinessProbe, timeoutMs: number, clock: () => number): Promise<ReadinessCheck> {
  const started = clock();
  const elapsed = () => Math.max(0, Math.round(clock() - started));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ReadinessError('PROBE_TIMEOUT', `no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    // A probe that throws synchronously is reported like one that rejects.
    const detail = await Promise.race([Promise.resolve().then(() => probe.check()), timeout]);
    return { name: probe.name, status: 'ok', durationMs: elapsed(), detail: oneLine(detail) };
  } catch (error) {
    return { name: probe.name, status: 'failed', durationMs: elapsed(), code: codeOf(error), message: messageOf(error) };
  } finally {
    clearTimeout(timer);
  }
}

export async function runReadinessProbes(probes: readonly ReadinessProbe[], options: RunReadinessOptions): Promise<ReadinessReport> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  const checks = await Promise.all(probes.map((probe) => runOne(probe, timeoutMs, options.clock)));
  // No probe at all is not "ready": it means nothing was checked.
  return { ready: checks.length > 0 && checks.every((check) => check.status === 'ok'), checks };
}
