/** Set 2's ledger of histories expected to miss today (`known-misses.json`), read with set 1's loader. */
import { fileURLToPath } from 'node:url';
import { loadKnownMisses } from '../suspect/knownMisses.js';

export const KNOWN_MISSES_FILE_2 = fileURLToPath(new URL('./known-misses.json', import.meta.url));

export const loadKnownMisses2 = (): Record<string, string> => loadKnownMisses(KNOWN_MISSES_FILE_2);
