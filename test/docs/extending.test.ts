/**
 * docs/extending.md's recipes name files and the symbols to edit in them. Every backticked
 * repository path must exist, and every backticked UPPER_CASE or PascalCase name the recipes
 * tell you to edit must be exported (or declared) by the file the same step names, so a
 * recipe cannot point at a table that moved. The tests the recipes end with are checked to
 * exist too.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const page = readFileSync(new URL('docs/extending.md', root), 'utf8');

/** Backticked paths under the repository's top folders, without placeholders such as `<source>`. */
const paths = [...page.matchAll(/`((?:functions|fixtures|test|infra|docs)\/[^`\s]*)`/g)].map((match) => match[1]!).filter((path) => !path.includes('<'));

const FILE = '`((?:functions|test|infra)/[^`\\s]+\\.ts)`';
/** "`NAME` in `file`", "`NAME` of `file`", "`NAME` (`file`": a name the recipe says the file declares. */
const nameThenFile = [...page.matchAll(new RegExp(`\`(\\w+)\`\\s+(?:in|of|\\()\\s*${FILE}`, 'g'))].map((match) => ({ name: match[1]!, file: match[2]! }));
/** "`file` (`NAME`, `NAME` or `NAME`)": the tables of one file. */
const fileThenNames = [...page.matchAll(new RegExp(`${FILE}\\s+\\(([^)]*)\\)`, 'g'))].flatMap((match) =>
  [...match[2]!.matchAll(/`([A-Z]\w+)`/g)].map((name) => ({ name: name[1]!, file: match[1]! })),
);
const declared = [...nameThenFile, ...fileThenNames];

describe('docs/extending.md', () => {
  it('has the three recipes', () => {
    for (const title of ['## Add a workload type', '## Add a destination', '## Add an error string']) expect(page).toContain(title);
  });

  it('names only paths that exist', () => {
    expect(paths.length).toBeGreaterThan(15);
    expect(paths.filter((path) => !existsSync(new URL(path, root)))).toEqual([]);
  });

  it('names only tables, types and functions that the file it names declares', () => {
    expect(declared.length).toBeGreaterThanOrEqual(8);
    const missing = declared.filter(
      ({ name, file }) => !new RegExp(`\\b(?:const|interface|type|function|class)\\s+${name}\\b`).test(readFileSync(new URL(file, root), 'utf8')),
    );
    expect(missing).toEqual([]);
  });
});
