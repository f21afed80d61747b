import { describe, expect, it } from 'vitest';
import { ReadinessError, type ReadinessProbe } from '../../functions/readiness/ReadinessProbe.js';
import { runReadinessProbes } from '../../functions/readiness/runReadinessProbes.js';

/** A clock that moves only when told: durations are exact. */
function fakeClock() {
  let now = 1_000;
  return { clock: () => now, advance: (ms: number) => (now += ms) };
}

const probe = (name: string, check: () => Promise<string>): ReadinessProbe => ({ name, check });

describe('runReadinessProbes', () => {
  it('reports every probe in order with its detail and duration, ready when all pass', async () => {
    const time = fakeClock();
    const report = await runReadinessProbes(
      [
        probe('queue', async () => {
          time.advance(12);
          return 'reachable';
        }),
        probe('secret', async () => 'exists'),
      ],
      { clock: time.clock },
    );
    expect(report).toEqual({
      ready: true,
      checks: [
        { name: 'queue', status: 'ok', durationMs: 12, detail: 'reachable' },
        { name: 'secret', status: 'ok', durationMs: 12, detail: 'exists' },
      ],
    });
  });

  it('runs the probes side by side and reports all failures, not only the first', async () => {
    const started: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const slow = (name: string, fail: boolean) =>
      probe(name, async () => {
        started.push(name);
        await gate;
        if (fail) throw new ReadinessError('SECRET_NOT_SET', `${name} is not set`);
        return 'ok';
      });
    const running = runReadinessProbes([slow('a', true), slow('b', false), slow('c', true)], { clock: () => 0 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b', 'c']); // all started before any finished
    open();
    const report = await running;
    expect(report.ready).toBe(false);
    expect(report.checks.map((check) => [check.name, check.status, 'code' in check ? check.code : null])).toEqual([
      ['a', 'failed', 'SECRET_NOT_SET'],
      ['b', 'ok', null],
      ['c', 'failed', 'SECRET_NOT_SET'],
    ]);
  });

  it('names a failure by its code, else its error name, else PROBE_FAILED, and survives a probe that throws synchronously', async () => {
    const awsLike = Object.assign(new Error('User is not authorized to perform: sqs:GetQueueAttributes'), { name: 'AccessDenied' });
    const report = await runReadinessProbes(
      [
        probe('coded', async () => {
          throw Object.assign(new Error('config'), { code: 'INTAKE_CONFIG_INVALID' });
        }),
        probe('named', async () => {
          throw awsLike;
        }),
        probe('string', async () => {
          throw 'not an error';
        }),
        {
          name: 'sync',
          check: () => {
            throw new TypeError('boom');
          },
        },
      ],
      { clock: () => 0 },
    );
    expect(report.checks).toEqual([
      { name: 'coded', status: 'failed', durationMs: 0, code: 'INTAKE_CONFIG_INVALID', message: 'config' },
      { name: 'named', status: 'failed', durationMs: 0, code: 'AccessDenied', message: 'User is not authorized to perform: sqs:GetQueueAttributes' },
      { name: 'string', status: 'failed', durationMs: 0, code: 'PROBE_FAILED', message: 'not an error' },
      { name: 'sync', status: 'failed', durationMs: 0, code: 'TypeError', message: 'boom' },
    ]);
  });

  it('fails a probe that does not answer in time, without waiting for it', async () => {
    const started = performance.now();
    const report = await runReadinessProbes([probe('hangs', () => new Promise<string>(() => {}))], { clock: () => performance.now(), timeoutMs: 50 });
    expect(report.checks[0]).toMatchObject({ name: 'hangs', status: 'failed', code: 'PROBE_TIMEOUT', message: 'no answer within 50 ms' });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('makes messages and details one inert, bounded line', async () => {
    const report = await runReadinessProbes(
      [
        probe('escape', async () => {
          throw new Error('denied\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007\nsecond line');
        }),
        probe('long', async () => 'x'.repeat(5_000)),
      ],
      { clock: () => 0 },
    );
    const [escape, long] = report.checks;
    expect(escape).toMatchObject({ status: 'failed' });
    const message = (escape as { message: string }).message;
    expect(message).not.toMatch(/[\u0000-\u001f\u007f]/);
    expect(message).toContain('denied');
    expect(message).toContain('second line');
    expect((long as { detail: string }).detail.length).toBe(300);
  });

  it('is not ready when there is nothing to check', async () => {
    expect(await runReadinessProbes([], { clock: () => 0 })).toEqual({ ready: false, checks: [] });
  });
});
