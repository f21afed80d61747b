import { describe, expect, it } from 'vitest';
import { parseLenientTimestamp } from '../../functions/simulator/parseLenientTimestamp.js';
import { resolveRelativeTimestamp, resolveRelativeTimestamps } from '../../functions/recording/format/resolveRelativeTimestamps.js';

const NOW = Date.parse('2026-11-29T18:43:06.123Z');

describe('resolveRelativeTimestamp', () => {
  it.each([
    ['now', '2026-11-29T18:43:06.123Z'],
    ['now-90s', '2026-11-29T18:41:36.123Z'],
    ['now-5m', '2026-11-29T18:38:06.123Z'],
    ['now-2h', '2026-11-29T16:43:06.123Z'],
    ['now-3d', '2026-11-26T18:43:06.123Z'],
    ['now+1h', '2026-11-29T19:43:06.123Z'],
    ['@space:now-2h', '2026-11-29 16:43:06.123'],
    ['@space:now', '2026-11-29 18:43:06.123'],
  ])('%s → %s', (input, expected) => {
    expect(resolveRelativeTimestamp(input, NOW)).toBe(expected);
  });

  it.each(['nowhere', 'now-5', 'now-5y', ' now-5m', 'Now-5m', 'now-1h30m', '@space:', 'train-now-5m', ''])('leaves %j alone', (input) => {
    expect(resolveRelativeTimestamp(input, NOW)).toBe(input);
  });
});

describe('resolveRelativeTimestamps', () => {
  it('resolves every string value at any depth, keys untouched, input not mutated', () => {
    const input = { now: 'now', list: ['now-1h', 3, null, { at: '@space:now-1d' }], nested: { deep: { t: 'now+90s', keep: true } } };
    const output = resolveRelativeTimestamps(input, NOW);
    expect(output).toEqual({
      now: '2026-11-29T18:43:06.123Z',
      list: ['2026-11-29T17:43:06.123Z', 3, null, { at: '2026-11-28 18:43:06.123' }],
      nested: { deep: { t: '2026-11-29T18:44:36.123Z', keep: true } },
    });
    expect(input.list[0]).toBe('now-1h');
  });
});

describe('parseLenientTimestamp', () => {
  it('reads the space-separated form as UTC, like the ISO form', () => {
    expect(parseLenientTimestamp('2026-11-29 16:43:06.123')).toBe(Date.parse('2026-11-29T16:43:06.123Z'));
    expect(parseLenientTimestamp('2026-11-29T16:43:06Z')).toBe(Date.parse('2026-11-29T16:43:06Z'));
    expect(parseLenientTimestamp('2026-11-29T17:43:06+01:00')).toBe(Date.parse('2026-11-29T16:43:06Z'));
  });

  it('gives NaN for what is not a timestamp', () => {
    expect(parseLenientTimestamp('yesterday')).toBeNaN();
    expect(parseLenientTimestamp(undefined)).toBeNaN();
    expect(parseLenientTimestamp(42)).toBeNaN();
  });
});
