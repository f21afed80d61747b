import { describe, expect, it } from 'vitest';
import { describeMemoryShape, SPARKLINE_WIDTH } from '../../../functions/diagnosis/signals/memory/describeMemoryShape.js';

const GiB = 2 ** 30;
const limit = 10 * GiB;
const gib = (values: number[]) => values.map((value) => value * GiB);

describe('describeMemoryShape', () => {
  it('names a steady climb: a leak or a growing cache rises sample after sample', () => {
    const shape = describeMemoryShape(gib([2, 3, 3.5, 4.5, 5, 6, 6.5, 7.5, 8.5]), limit);
    expect(shape?.shape).toBe('steady-climb');
  });

  it('names a sudden step: one sample lifts the curve by most of its rise', () => {
    expect(describeMemoryShape(gib([3, 3.1, 3, 3.2, 3.1, 8.6, 8.7]), limit)?.shape).toBe('sudden-step');
  });

  it('names a plateau at the limit: the last quarter of the samples sat at ≥ 90 % of it', () => {
    expect(describeMemoryShape(gib([5, 8, 9.3, 9.5, 9.4, 9.6, 9.5, 9.6]), limit)?.shape).toBe('plateau-at-limit');
  });

  it('does not take the recovery after a drop (a sawtooth of epochs) for a step, nor for a climb', () => {
    const sawtooth = gib([6, 7, 8, 9, 6, 7, 8, 9, 6, 7, 8, 9]);
    expect(describeMemoryShape(sawtooth, limit)?.shape).toBe('irregular');
  });

  it('calls a flat curve irregular (no shape is invented)', () => {
    expect(describeMemoryShape(gib([4, 4, 4, 4, 4]), limit)?.shape).toBe('irregular');
  });

  it('says nothing with fewer than four samples', () => {
    expect(describeMemoryShape(gib([1, 5, 9]), limit)).toBeNull();
  });

  it('draws a fixed-width sparkline scaled against the limit, the highest sample of each column shown', () => {
    const shape = describeMemoryShape(gib([0, 2.5, 5, 10]), limit);
    expect(shape?.sparkline).toHaveLength(SPARKLINE_WIDTH);
    expect(shape?.sparkline.startsWith('▁')).toBe(true);
    expect(shape?.sparkline.endsWith('█')).toBe(true);
    expect(shape?.scaledTo).toBe('limit');
    // Half the limit is the middle bar, whatever the peak.
    expect(describeMemoryShape(gib([5, 5, 5, 5]), limit)?.sparkline).toBe('▅'.repeat(SPARKLINE_WIDTH));
    const long = describeMemoryShape(gib(Array.from({ length: 200 }, (_, index) => (index === 137 ? 10 : 1))), limit);
    expect(long?.sparkline).toContain('█');
  });

  it('scales against the peak and says so when no limit is known', () => {
    const shape = describeMemoryShape(gib([1, 2, 3, 4]), null);
    expect(shape?.scaledTo).toBe('peak');
    expect(shape?.sparkline.endsWith('█')).toBe(true);
  });
});
