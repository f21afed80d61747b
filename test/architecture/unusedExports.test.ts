/**
 * The unused-export finder `npm run lint` runs (findUnusedExports.ts), on small trees: what
 * counts as a use (named, namespace, re-export, dynamic import, `import()` type, use in its
 * own file) and what is exempt (entry points, test files).
 */
import { describe, expect, it } from 'vitest';
import { findUnusedExports, type SourceTree } from './findUnusedExports.js';

const tree = (files: Record<string, string>, entries: string[] = []): SourceTree => ({ files: new Map(Object.entries(files)), entries: new Set(entries) });

describe('findUnusedExports', () => {
  it('reports an export nothing imports and its own file does not use', () => {
    expect(
      findUnusedExports(
        tree({
          'functions/a/lib.ts':
            'export const used = 1;\nexport function dead() {}\nexport interface Props { x: number }\nexport function make(p: Props) { return p; }',
          'functions/a/main.ts': "import { used, make } from './lib.js';\nexport const value = used + make({ x: 1 }).x;",
        }),
      ),
    ).toEqual(['functions/a/lib.ts: dead', 'functions/a/main.ts: value']);
  });

  it('counts namespace imports, re-exports, dynamic imports and import() types as uses', () => {
    expect(
      findUnusedExports(
        tree(
          {
            'functions/a/ns.ts': 'export const one = 1;\nexport const two = 2;',
            'functions/a/reexported.ts': 'export const three = 3;',
            'functions/a/lazy.ts': 'export function load() {}',
            'functions/a/typed.ts': 'export interface Shape { x: number }',
            'functions/a/barrel.ts': "export { three } from './reexported.js';",
            'functions/a/main.ts':
              "import * as ns from './ns.js';\nimport { three } from './barrel.js';\nconst lazy = () => import('./lazy.js');\ntype S = import('./typed.js').Shape;\nvoid ns; void three; void lazy; const s: S = { x: 1 }; void s;",
          },
          ['functions/a/main.ts'],
        ),
      ),
    ).toEqual([]);
  });

  it('exempts entry points and test files', () => {
    expect(
      findUnusedExports(
        tree({ 'functions/w/lambdaHandler.ts': 'export const handler = 1;', 'test/x.test.ts': 'export const y = 1;' }, ['functions/w/lambdaHandler.ts']),
      ),
    ).toEqual([]);
  });
});
