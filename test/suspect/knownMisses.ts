/** The ledger of histories expected to miss today (`known-misses.json`): `{ "<history>": "why" }`. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';

export const KNOWN_MISSES_FILE = fileURLToPath(new URL('./known-misses.json', import.meta.url));

export function loadKnownMisses(): Record<string, string> {
  return z.record(z.string(), z.string().min(1)).parse(JSON.parse(readFileSync(KNOWN_MISSES_FILE, 'utf8')));
}
