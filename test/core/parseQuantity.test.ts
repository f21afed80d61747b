import { describe, expect, it } from 'vitest';
import { formatBytes, parseQuantity } from '../../functions/core/parseQuantity.js';
import { parseTimestamp } from '../../functions/core/parseTimestamp.js';

describe('parseQuantity', () => {
  it.each([
    ['32Gi', 34_359_738_368],
    ['2G', 2_000_000_000],
    ['500M', 500_000_000],
    ['512Mi', 536_870_912],
    ['1.5Gi', 1_610_612_736],
    ['0B', 0],
    ['1e9', 1_000_000_000],
    ['128974848', 128_974_848],
    ['100k', 100_000],
    [' 4Ti ', 4 * 2 ** 40],
  ])('%s → %d bytes', (input, bytes) => {
    expect(parseQuantity(input)).toBe(bytes);
  });

  it.each(['', 'lots', '32 gigs', '-1Gi', 'Gi', '1Xi'])('rejects %j', (input) => {
    expect(parseQuantity(input)).toBeNull();
  });

  it('passes numbers through and rejects missing values', () => {
    expect(parseQuantity(1024)).toBe(1024);
    expect(parseQuantity(null)).toBeNull();
    expect(parseQuantity(undefined)).toBeNull();
  });
});

describe('formatBytes', () => {
  it.each([
    [34_359_738_368, '32 GiB'],
    [1_610_612_736, '1.5 GiB'],
    [536_870_912, '512 MiB'],
    [2_000_000_000, '2 GB'],
    [1_500_000_000, '1.5 GB'],
    [33_800_000_001, '31.5 GiB'],
    [0, '0 B'],
  ])('%d → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('parseTimestamp', () => {
  it('reads ISO 8601 with T, with a space, with offsets and long fractions', () => {
    expect(parseTimestamp('2026-11-29T16:43:06.123Z')).toBe(Date.UTC(2026, 10, 29, 16, 43, 6, 123));
    expect(parseTimestamp('2026-11-29 16:43:06.123')).toBe(Date.UTC(2026, 10, 29, 16, 43, 6, 123));
    expect(parseTimestamp('2026-11-29T18:43:06+02:00')).toBe(Date.UTC(2026, 10, 29, 16, 43, 6));
    expect(parseTimestamp('2026-11-29T16:43:06.123456789Z')).toBe(Date.UTC(2026, 10, 29, 16, 43, 6, 123));
  });

  it('returns null for unreadable values', () => {
    expect(parseTimestamp('yesterday')).toBeNull();
    expect(parseTimestamp('')).toBeNull();
    expect(parseTimestamp(null)).toBeNull();
  });
});
