/**
 * One installed version per Powertools package. Two versions of `commons` (the logger at one
 * release, parameters at another) put two copies of it in every Lambda bundle and two
 * cold-start initialisations; the lock file is where that shows first.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockFile {
  packages: Record<string, { version?: string }>;
}

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as LockFile;
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };

/** Installed versions per Powertools package, wherever it sits in node_modules (nested copies included). */
function installedPowertools(): Map<string, Set<string>> {
  const versions = new Map<string, Set<string>>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    const match = /(?:^|\/)node_modules\/(@aws-lambda-powertools\/[^/]+)$/.exec(path);
    if (!match || !entry.version) continue;
    const name = match[1]!;
    versions.set(name, (versions.get(name) ?? new Set()).add(entry.version));
  }
  return versions;
}

describe('Powertools for AWS Lambda', () => {
  const installed = installedPowertools();

  it('is installed (the lock file is read)', () => {
    expect([...installed.keys()]).toEqual(expect.arrayContaining(['@aws-lambda-powertools/commons', '@aws-lambda-powertools/logger']));
  });

  it('has exactly one installed version of each package, the same release for all', () => {
    const byPackage = Object.fromEntries([...installed].map(([name, versions]) => [name, [...versions].sort()]));
    const releases = new Set(Object.values(byPackage).flat());
    expect(Object.values(byPackage).filter((versions) => versions.length > 1)).toEqual([]);
    expect([...releases]).toHaveLength(1);
  });

  it('is declared at that same exact release in package.json', () => {
    const declared = Object.entries(manifest.dependencies).filter(([name]) => name.startsWith('@aws-lambda-powertools/'));
    const release = [...(installed.get('@aws-lambda-powertools/commons') ?? [])][0];
    expect(declared.length).toBeGreaterThan(0);
    for (const [, version] of declared) expect(version).toBe(release);
  });
});
