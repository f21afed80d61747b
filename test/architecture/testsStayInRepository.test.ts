/**
 * Tests read only what the repository holds: a test that opens a file elsewhere (a shared
 * folder on one developer's machine, a home directory) passes there and fails on every fresh
 * clone and in CI. Every path literal a test hands to a file API (readFileSync, readdir, new URL,
 * join, resolve…) must resolve inside the repository; secrets-corpus text that merely looks like
 * a path (`/home/jovyan/.cache/…`) is data, not a read, and is not checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TEST_DIR = join(ROOT, 'test');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

/** A file API called with a quoted relative path (`'../…'`) or an absolute one (`'/…'`) as its first argument. */
const PATH_LITERAL =
  /\b(?:readFileSync|readFile|readdirSync|readdir|existsSync|statSync|stat|createReadStream|join|resolve|URL)\(\s*(['"`])((?:\.\.\/)+[^'"`\s]*|\/[^'"`\s]+)\1/g;

/** Paths a test file names that lie outside the repository, as `file: path` lines. */
export function pathsOutsideRepository(file: string, source: string): string[] {
  return [...source.matchAll(PATH_LITERAL)].flatMap(([, , path]) => {
    const target = path!.startsWith('/') ? path! : resolve(dirname(file), path!);
    const inside = !relative(ROOT, target).startsWith('..') && !relative(ROOT, target).startsWith(sep) && target.startsWith(ROOT.replace(/\/$/, ''));
    return inside ? [] : [`${relative(ROOT, file)}: ${path}`];
  });
}

describe('tests read only the repository', () => {
  it('name no path outside it', () => {
    // This file's own samples of bad paths are the one exception.
    const files = sourceFiles(TEST_DIR).filter((file) => file !== fileURLToPath(import.meta.url));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => pathsOutsideRepository(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('the check flags a shared folder and a path that climbs out, not a fixture', () => {
    const file = join(TEST_DIR, 'intake', 'kit.ts');
    const source = [
      `readFileSync('/srv/elsewhere/a.json');`,
      `new URL('../../../x.json', import.meta.url);`,
      `new URL('../../fixtures/alerts/a.json', import.meta.url);`,
      `const sample = '/home/jovyan/.cache/token'; import './b.js';`,
    ].join('\n');
    expect(pathsOutsideRepository(file, source)).toEqual(['test/intake/kit.ts: /srv/elsewhere/a.json', 'test/intake/kit.ts: ../../../x.json']);
  });
});
