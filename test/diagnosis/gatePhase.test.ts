import { describe, expect, it } from 'vitest';
import { gatePhase } from '../../functions/diagnosis/classify/gatePhase.js';
import type { Signal, SignalKind } from '../../functions/diagnosis/model/Signal.js';

const signal = (kind: SignalKind): Signal => ({ kind, source: 'get_workload_status', origin: 'event', fact: { type: 'no-pods' }, at: null, repeats: 1 });

describe('phase gate (docs/procedure.md, step 1)', () => {
  it.each(['Failed', 'Crashed', 'Stopped'])('%s continues', (phase) => {
    expect(gatePhase(phase, [])).toEqual({ action: 'continue' });
  });

  it('routes any phase with a preemption signal, before the phase rules', () => {
    expect(gatePhase('Stopped', [signal('PREEMPTED'), signal('CRASH_LOOP')])).toEqual({ action: 'route', route: 'runai-diagnose-preempted-workload' });
  });

  it.each([
    ['Completed', 'SUCCEEDED'],
    ['Succeeded', 'SUCCEEDED'],
    ['Suspended', 'SUSPENDED'],
    ['Running', 'RUNNING_NO_FAILURE'],
    ['Degraded', 'RUNNING_NO_FAILURE'],
    ['Stopping', 'NON_TERMINAL_PHASE'],
    ['Terminating', 'NON_TERMINAL_PHASE'],
    ['Resuming', 'NON_TERMINAL_PHASE'],
    ['Deleting', 'NON_TERMINAL_PHASE'],
    ['Updating', 'NON_TERMINAL_PHASE'],
    ['Unknown', 'NON_TERMINAL_PHASE'],
    ['Creating', 'NON_TERMINAL_PHASE'],
    ['Initializing', 'NON_TERMINAL_PHASE'],
  ])('%s without failure signals stops with %s', (phase, stopReason) => {
    expect(gatePhase(phase, [])).toEqual({ action: 'stop', stopReason });
  });

  it('Pending with only scheduling evidence routes to the pending diagnosis', () => {
    expect(gatePhase('Pending', [signal('UNSCHEDULABLE')])).toEqual({ action: 'route', route: 'runai-diagnose-pending-workload' });
  });

  it.each(['Pending', 'Creating', 'Initializing'])('%s with a direct pod failure continues', (phase) => {
    expect(gatePhase(phase, [signal('UNSCHEDULABLE'), signal('IMAGE_PULL')])).toEqual({ action: 'continue' });
    expect(gatePhase(phase, [signal('MOUNT_FAILED')])).toEqual({ action: 'continue' });
  });

  it.each(['Running', 'Degraded'])('%s with a confirmed crash loop continues', (phase) => {
    expect(gatePhase(phase, [signal('CRASH_LOOP')])).toEqual({ action: 'continue' });
  });

  it('a Running workload with only scheduling or probe noise is not a failure', () => {
    expect(gatePhase('Running', [signal('PROBE_FAILURE'), signal('UNSCHEDULABLE')])).toEqual({ action: 'stop', stopReason: 'RUNNING_NO_FAILURE' });
  });
});
