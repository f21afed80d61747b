/**
 * Kubernetes resource quantities (`32Gi`, `2G`, `500M`, `1.5e9`, `0B`) to bytes.
 * Lenient on purpose: the Run:ai spec's own example (`0B`) breaks its documented pattern,
 * so a trailing `B` is tolerated. Returns null for anything it cannot read — a missing
 * measurement is reported as missing, never guessed.
 */
const SUFFIX_MULTIPLIERS: Record<string, number> = {
  '': 1,
  k: 1e3,
  K: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
  m: 1e-3,
};

const QUANTITY = /^([+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)\s*([kKMGTPE]i?|m)?B?$/;

export function parseQuantity(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  const match = QUANTITY.exec(value.trim());
  if (!match) return null;
  const multiplier = SUFFIX_MULTIPLIERS[match[2] ?? ''];
  if (multiplier === undefined) return null;
  const bytes = Number(match[1]) * multiplier;
  return Number.isFinite(bytes) ? Math.round(bytes) : null;
}

/**
 * Bytes as a short human quantity. Binary units (`32 GiB`) unless the value is a whole
 * number of decimal megabytes and not of mebibytes (`2G` submitted → `2 GB`), so a
 * quantity reads back the way it was written.
 */
export function formatBytes(bytes: number): string {
  const decimal = bytes % 1e6 === 0 && bytes % 2 ** 20 !== 0 && bytes > 0;
  const base = decimal ? 1000 : 1024;
  const units = decimal ? ['B', 'kB', 'MB', 'GB', 'TB', 'PB'] : ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let value = bytes;
  let unit = 0;
  while (value >= base && unit < units.length - 1) {
    value /= base;
    unit += 1;
  }
  const rounded = value >= 100 || Number.isInteger(value) ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}
