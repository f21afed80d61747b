import { describe, expect, it } from 'vitest';
import { matchFilterBy, parseFilterBy } from '../../functions/simulator/matchFilterBy.js';
import { SimulatorHttpError } from '../../functions/simulator/SimulatorHttpError.js';
import { sortRecords } from '../../functions/simulator/sortRecords.js';

const workload = { name: 'train-42', projectName: 'ml', phase: 'Failed', createdAt: '2026-11-29 16:00:00', allocatedGPU: 4 };
const matches = (...filters: string[]) => matchFilterBy(workload, parseFilterBy(filters));

describe('parseFilterBy / matchFilterBy', () => {
  it('splits comma-separated and repeated clauses; all must match', () => {
    expect(parseFilterBy(['name==a,phase!=b', 'projectName=@c'])).toEqual([
      { field: 'name', operator: '==', value: 'a' },
      { field: 'phase', operator: '!=', value: 'b' },
      { field: 'projectName', operator: '=@', value: 'c' },
    ]);
    expect(matches('name==train-42,projectName==ml')).toBe(true);
    expect(matches('name==train-42', 'projectName==other')).toBe(false);
  });

  it('implements every operator of the spec', () => {
    expect(matches('name==train-42')).toBe(true);
    expect(matches('name==train')).toBe(false);
    expect(matches('name!=train')).toBe(true);
    expect(matches('name=@ain-4')).toBe(true);
    expect(matches('name!@ain')).toBe(false);
    expect(matches('name=^train')).toBe(true);
    expect(matches('name=$-42')).toBe(true);
    expect(matches('allocatedGPU>=2')).toBe(true);
    expect(matches('allocatedGPU<=2')).toBe(false);
  });

  it('compares dates as instants whatever their written form', () => {
    expect(matches('createdAt>=2026-11-29T15:59:59Z')).toBe(true);
    expect(matches('createdAt==2026-11-29T16:00:00.000Z')).toBe(true);
    expect(matches('createdAt<=2026-11-29T15:00:00Z')).toBe(false);
  });

  it('treats a missing field as matching only negative operators', () => {
    expect(matches('deletedAt==x')).toBe(false);
    expect(matches('deletedAt!=x')).toBe(true);
    expect(matches('type=@x')).toBe(false);
  });

  it('refuses malformed clauses and unknown fields with a 400', () => {
    for (const bad of ['name', 'name=x', 'name==', 'project==ml', '==x']) {
      expect(() => parseFilterBy([bad]), bad).toThrow(SimulatorHttpError);
    }
  });
});

describe('sortRecords', () => {
  const records = [
    { id: 'a', createdAt: '2026-11-29T10:00:00Z' },
    { id: 'b' },
    { id: 'c', createdAt: '2026-11-29 12:00:00' },
    { id: 'd', createdAt: '2026-11-29T11:00:00Z' },
  ];
  it('sorts timestamps as instants and keeps records without the field last in both orders', () => {
    expect(sortRecords(records, 'createdAt', 'asc').map((r) => r.id)).toEqual(['a', 'd', 'c', 'b']);
    expect(sortRecords(records, 'createdAt', 'desc').map((r) => r.id)).toEqual(['c', 'd', 'a', 'b']);
  });
});
