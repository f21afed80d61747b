/** The ledger of histories expected to miss today (`known-misses.json`): `{ "<history>": "why" }`. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';

export const KNOWN_MISSES_FILE = fileURLToPath(new URL('./known-misses.json', import.meta.url));

/** `file`: the set's ledger (this set's by default; test/suspect2 has its own). */
export function loadKnownMisses(file: string = KNOWN_MISSES_FILE): Record<string, string> {
  return z.record(z.string(), z.string().min(1)).parse(JSON.parse(readFileSync(file, 'utf8')));
}
