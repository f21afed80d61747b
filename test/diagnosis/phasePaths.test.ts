/**
 * Every value of the official `Phase` enum has a defined path in the phase gate and a row in
 * docs/phases.md. The enum is a verbatim copy of the official OpenAPI's (provenance in the
 * fixture), so a phase Run:ai adds fails here until it is given a path and documented.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gatePhase, PHASE_PATHS, type GateDecision } from '../../functions/diagnosis/classify/gatePhase.js';
import type { Signal, SignalKind } from '../../functions/diagnosis/model/Signal.js';

const ROOT = join(import.meta.dirname, '..', '..');
const official = JSON.parse(readFileSync(join(ROOT, 'fixtures', 'openapi', 'phases.json'), 'utf8')) as {
  source: string;
  Phase: { enum: string[] };
  WorkloadDesiredPhase: { enum: string[] };
};
const docs = readFileSync(join(ROOT, 'docs', 'phases.md'), 'utf8');
const signal = (kind: SignalKind): Signal => ({ kind, source: 'get_workload_status', origin: 'event', fact: { type: 'no-pods' }, at: null, repeats: 1 });

describe('official phases', () => {
  it('the fixture states its provenance and holds the 14 phases of the enum', () => {
    expect(official.source).toMatch(/OpenAPI/);
    expect(official.Phase.enum).toHaveLength(14);
  });

  for (const phase of official.Phase.enum) {
    it(`${phase}: has an explicit path and a documented row`, () => {
      expect(Object.hasOwn(PHASE_PATHS, phase.toLowerCase()), `${phase} has no entry in PHASE_PATHS`).toBe(true);
      const row = docs.split('\n').find((line) => line.startsWith(`| \`${phase}\` |`));
      expect(row, `${phase} has no row in docs/phases.md`).toBeDefined();
      expect(row).toContain(PHASE_PATHS[phase.toLowerCase()]);
    });

    it(`${phase}: the gate decides without throwing, with and without failure signals`, () => {
      for (const signals of [[], [signal('IMAGE_PULL')], [signal('CRASH_LOOP')], [signal('UNSCHEDULABLE')]]) {
        const decision: GateDecision = gatePhase(phase, signals);
        expect(['continue', 'route', 'stop']).toContain(decision.action);
      }
    });
  }

  it('preemption routes from every official phase', () => {
    for (const phase of official.Phase.enum) expect(gatePhase(phase, [signal('PREEMPTED')]).action).toBe('route');
  });
});

describe('Stopped with the spec desiredPhase', () => {
  it('covers every official desiredPhase', () => {
    expect(official.WorkloadDesiredPhase.enum).toEqual(['Running', 'Stopped', 'Deleted']);
  });

  it.each([
    ['Running', [], { action: 'continue' }],
    [null, [], { action: 'continue' }],
    ['Stopped', [], { action: 'stop', stopReason: 'NON_TERMINAL_PHASE' }],
    ['Deleted', [], { action: 'stop', stopReason: 'NON_TERMINAL_PHASE' }],
    ['Stopped', ['SCHEDULING_POLICY'], { action: 'continue' }],
    ['Stopped', ['OOM_KILLED'], { action: 'continue' }],
    ['Stopped', ['EXIT_SYSTEM_SIGNAL'], { action: 'continue' }],
    ['Stopped', ['NODE_FAILURE'], { action: 'continue' }],
    ['Stopped', ['PREEMPTED'], { action: 'route', route: 'runai-diagnose-preempted-workload' }],
  ] as const)('desiredPhase %s with %j: %j', (desiredPhase, kinds, expected) => {
    expect(gatePhase('Stopped', kinds.map(signal), { desiredPhase })).toEqual(expected);
  });
});
