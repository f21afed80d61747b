/**
 * The shape of a memory curve before an OOM kill, from the usage samples already read (no new
 * query): a steady climb (a leak or a growing cache), a sudden step (one batch, an evaluation
 * pass, a checkpoint), or a plateau at the limit (the working set simply needs more). Each shape
 * calls for different advice, which is why it is named. Pure; the thresholds are documented in
 * docs/procedure.md ("The shape of memory") and tested on synthetic series.
 */
import type { MemoryShapeName } from '../../model/MemoryShapeName.js';
export interface MemoryShape {
  shape: MemoryShapeName;
  /** A fixed-width text sparkline, scaled against the limit (or the peak when no limit is known). */
  sparkline: string;
  scaledTo: 'limit' | 'peak';
  samples: number;
}

/** Fewer samples cannot tell a climb from a step. */
export const MIN_SAMPLES = 4;
/** A sample at ≥ 90 % of the limit is "at the limit" (cgroup accounting kills a little before 100 %). */
export const AT_LIMIT_SHARE = 0.9;
/** A plateau: the last ≥ 25 % of the samples (and at least two) all at the limit. */
export const PLATEAU_TAIL_SHARE = 0.25;
/** A step: one sample raises the highest value so far by ≥ 50 % of the whole rise (lowest sample to peak). */
export const STEP_SHARE_OF_RISE = 0.5;
/** A climb: the curve rises by ≥ 30 % of the scale, ≥ 70 % of its moves are upward… */
export const CLIMB_RISE_SHARE = 0.3;
export const CLIMB_UPWARD_SHARE = 0.7;
/** …and never falls back by more than 25 % of its rise at once (a sawtooth of epochs or restarts is no climb). */
export const CLIMB_MAX_DROP_SHARE = 0.25;
export const SPARKLINE_WIDTH = 20;
const BARS = '▁▂▃▄▅▆▇█';

/** Null when there are too few samples to tell a shape (the report then says nothing about it). */
export function describeMemoryShape(samples: readonly number[], limitBytes: number | null): MemoryShape | null {
  if (samples.length < MIN_SAMPLES) return null;
  const peak = Math.max(...samples);
  const scale = limitBytes !== null && limitBytes > 0 ? limitBytes : peak;
  if (scale <= 0) return null;
  return {
    shape: classify(samples, limitBytes, scale),
    sparkline: sparkline(samples, scale),
    scaledTo: limitBytes !== null && limitBytes > 0 ? 'limit' : 'peak',
    samples: samples.length,
  };
}

function classify(samples: readonly number[], limitBytes: number | null, scale: number): MemoryShapeName {
  if (limitBytes !== null && limitBytes > 0) {
    let tail = 0;
    for (let index = samples.length - 1; index >= 0 && (samples[index] ?? 0) >= AT_LIMIT_SHARE * limitBytes; index -= 1) tail += 1;
    if (tail >= 2 && tail >= PLATEAU_TAIL_SHARE * samples.length) return 'plateau-at-limit';
  }
  const rise = Math.max(...samples) - Math.min(...samples);
  if (rise <= 0) return 'irregular';
  // A step is a new high reached in one sample: measured above the highest sample before it, so the
  // recovery after a drop (a sawtooth of epochs or restarts) is not mistaken for one.
  let highest = samples[0] ?? 0;
  let largestNewHigh = 0;
  for (const value of samples.slice(1)) {
    largestNewHigh = Math.max(largestNewHigh, value - highest);
    highest = Math.max(highest, value);
  }
  if (largestNewHigh >= STEP_SHARE_OF_RISE * rise) return 'sudden-step';
  const moves = samples.slice(1).map((value, index) => value - (samples[index] ?? value));
  const changing = moves.filter((move) => move !== 0);
  const upward = changing.filter((move) => move > 0).length;
  const netRise = (samples[samples.length - 1] ?? 0) - (samples[0] ?? 0);
  const largestDrop = Math.max(0, ...moves.map((move) => -move));
  if (netRise >= CLIMB_RISE_SHARE * scale && upward >= CLIMB_UPWARD_SHARE * changing.length && largestDrop <= CLIMB_MAX_DROP_SHARE * rise)
    return 'steady-climb';
  return 'irregular';
}

/** Each column shows the highest sample that falls in it (a spike is never averaged away), as one of eight bars. */
function sparkline(samples: readonly number[], scale: number): string {
  let line = '';
  for (let column = 0; column < SPARKLINE_WIDTH; column += 1) {
    const from = Math.floor((column * samples.length) / SPARKLINE_WIDTH);
    const to = Math.max(from + 1, Math.floor(((column + 1) * samples.length) / SPARKLINE_WIDTH));
    const value = Math.max(...samples.slice(from, to));
    const level = Math.min(BARS.length - 1, Math.max(0, Math.round((value / scale) * (BARS.length - 1))));
    line += BARS[level];
  }
  return line;
}
