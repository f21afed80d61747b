/**
 * Where the bundled fixtures are, seen from the running module: `dist/local.mjs` and
 * `functions/local/main.ts` sit at different depths, so walk up to the first folder that
 * has `fixtures/<sub>` instead of hard-coding `../`.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function findFixturesDir(moduleUrl: string, sub: string): string {
  let dir = dirname(fileURLToPath(moduleUrl));
  for (;;) {
    const candidate = join(dir, 'fixtures', sub);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find fixtures/${sub} above ${dirname(fileURLToPath(moduleUrl))}`);
    dir = parent;
  }
}
