/**
 * The line of a log tail that reads most specifically as a peer's death (collateralFormatTable.ts,
 * the first row wins): the NCCL watchdog's timeout line rather than the abort that follows it.
 * Returned raw; Tier 2 quotes it. Read by the origin stage only where the decisive line is itself
 * a peer's death. Pure.
 */
import { COLLATERAL_FORMAT_TABLE } from '../signals/collateralFormatTable.js';

const MAX_LINES_SCANNED = 2_000;
const MAX_LINE_SCAN = 4_000;

export function peerLineOf(text: string, mask: (line: string) => string): string | null {
  let best: { row: number; line: string } | null = null;
  for (const line of text.split(/\r?\n/).slice(-MAX_LINES_SCANNED)) {
    if (line.trim() === '' || line.length > MAX_LINE_SCAN) continue;
    const row = COLLATERAL_FORMAT_TABLE.findIndex((candidate) => candidate.strength === 'peer' && candidate.pattern.test(mask(line)));
    if (row !== -1 && (best === null || row < best.row)) best = { row, line };
  }
  return best?.line ?? null;
}
