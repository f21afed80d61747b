/**
 * Every installed package accepts the Node versions the product runs on: the one this
 * machine and CI have (package.json `engines`, Node 20) and the Lambda runtime
 * (infra/createFunction.ts, Node 24). A dependency that requires a newer Node installs with
 * only an EBADENGINE warning and may break at run time, so the lock file is checked here
 * (fauxqs → fastify → light-my-request 6.8 pulled cookie 2, `node >=22`; package.json
 * overrides light-my-request to 6.6.0, whose cookie 1 accepts Node 18+).
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { LAMBDA_RUNTIME } from '../../infra/createFunction.js';

interface LockFile {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
}

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as LockFile;
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };

/** The lowest Node version package.json admits, and the Lambda runtime's major version. */
const lowest = semver.minVersion(manifest.engines.node)!.version;
const lambdaMajor = /^nodejs(\d+)\.x$/.exec(LAMBDA_RUNTIME.name)?.[1];

function refusing(version: string, packages: LockFile['packages'] = lock.packages): string[] {
  return Object.entries(packages).flatMap(([path, entry]) => {
    const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
    return path !== '' && range !== undefined && !semver.satisfies(version, range) ? [`${path}@${entry.version} needs node ${range}`] : [];
  });
}

describe('the engines of the installed packages', () => {
  it('are read from the lock file', () => {
    expect(lowest).toBe('20.19.0');
    expect(lambdaMajor).toBe('24');
    expect(Object.values(lock.packages).filter((entry) => !Array.isArray(entry.engines) && entry.engines?.node).length).toBeGreaterThan(50);
  });

  it('all accept the lowest Node version package.json admits', () => {
    expect(refusing(lowest)).toEqual([]);
  });

  it('all accept the Lambda runtime', () => {
    expect(refusing(`${lambdaMajor}.0.0`)).toEqual([]);
  });

  it('name a package that needs a newer Node (the entry the lock file had before the override)', () => {
    const before = { ...lock.packages, 'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } } };
    expect(refusing(lowest, before)).toEqual(['node_modules/cookie@2.0.2 needs node >=22']);
  });
});
