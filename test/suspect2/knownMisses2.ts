/** Set 2's ledger of histories expected to miss today (`known-misses.json`), read by set 1's test body. */
import { fileURLToPath } from 'node:url';

export const KNOWN_MISSES_FILE_2 = fileURLToPath(new URL('./known-misses.json', import.meta.url));
