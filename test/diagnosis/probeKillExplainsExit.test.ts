/**
 * A probe kill explains the exit that follows it within the kubelet's grace period, whatever code the
 * process chose on its SIGTERM (PaddlePaddle's launcher exits 15): the kill leads the supporting signals.
 * Generator: exit code × the crash's delay after the kill × whether either is dated.
 */
import { describe, expect, it } from 'vitest';
import { classifySignals } from '../../functions/diagnosis/classify/rules/ruleRegistry.js';
import type { SignalKind } from '../../functions/diagnosis/model/Signal.js';

const KILL_AT = 1_000_000;
const signal = (kind: SignalKind, at: number | null, name: string) => ({ kind, at, name });

describe('a probe kill explains the crash that ends within its grace period', () => {
  const cases = [1, 15, 250].flatMap((code) =>
    [
      { delay: 0, explained: true },
      { delay: 1_400, explained: true },
      { delay: 29_000, explained: true },
      { delay: 95_000, explained: false },
      { delay: -60_000, explained: false },
      { delay: null, explained: true },
    ].map(({ delay, explained }) => ({ code, delay, explained })),
  );
  it.each(cases)('exit $code, $delay ms after the kill → probe kill leads: $explained', ({ code, delay, explained }) => {
    const signals = [
      signal('CONTAINER_CRASH', delay === null ? null : KILL_AT + delay, `exit ${code}`),
      signal('PROBE_FAILURE', KILL_AT - 20_000, 'Liveness probe failed: …'),
      signal('PROBE_KILL', KILL_AT, 'Container paddle failed liveness probe'),
    ];
    const { category, supporting } = classifySignals(signals);
    expect(category).toBe('CRASH_APP_ERROR');
    expect(supporting[0]?.kind).toBe(explained ? 'PROBE_KILL' : 'CONTAINER_CRASH');
  });
});
