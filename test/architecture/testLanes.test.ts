/**
 * The lanes stay true: every file test/testLanes.ts names exists (a rename cannot leave a
 * heavy file behind in the unit lane), and the unit lane's guards refuse what the unit lane
 * must not do — this file runs in the unit lane's `unit` project, so it sees them installed.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SLOW_PACKAGES } from '../support/refuseSlowImports.js';
import { MODULE_STATE_CALL } from '../support/sharedGraphGuard.js';
import { UNIT_LANE_MESSAGE } from '../support/unitLaneGuard.js';
import { LANE_FILES, UNIT_ISOLATED_FILES } from '../testLanes.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('test/testLanes.ts', () => {
  it('names only files that exist, and only test files', () => {
    const patterns = [...LANE_FILES.integration, ...LANE_FILES.e2e, ...UNIT_ISOLATED_FILES];
    expect(patterns.filter((pattern) => !pattern.endsWith('.test.ts'))).toEqual([]);
    expect(patterns.filter((pattern) => !pattern.includes('*') && !existsSync(join(ROOT, pattern)))).toEqual([]);
  });

  it('puts no file in two lanes by name', () => {
    const named = [...LANE_FILES.integration, ...LANE_FILES.e2e, ...UNIT_ISOLATED_FILES].filter((pattern) => !pattern.includes('*'));
    expect(named.length).toBe(new Set(named).size);
  });
});

describe('the unit lane guard', () => {
  it('refuses to spawn a process, whichever child_process function is called', () => {
    expect(() => spawn(process.execPath, ['--version'])).toThrow(UNIT_LANE_MESSAGE);
    expect(() => execFile(process.execPath, ['--version'])).toThrow(UNIT_LANE_MESSAGE);
  });

  it('refuses to listen on a socket (an HTTP simulator, fauxqs, a local server)', () => {
    expect(() => createServer().listen(0)).toThrow(UNIT_LANE_MESSAGE);
  });

  it('refuses to import a package of another lane (CDK, esbuild, a browser, the queue emulator), naming the fix', async () => {
    for (const name of Object.keys(SLOW_PACKAGES)) {
      await expect(import(/* @vite-ignore */ name), name).rejects.toThrow(`imports ${name} (`);
    }
    await expect(import('aws-cdk-lib/aws-lambda')).rejects.toThrow('list this test under integration or e2e in test/testLanes.ts');
  });
});

describe('the shared module graph guard', () => {
  it('spots the calls whose effect outlives a file in a shared module graph, and only those', () => {
    // Spelt with `${vi}` so that this file's own source does not hold the calls the guard reads for.
    const vi = 'vi';
    for (const call of [`${vi}.mock('node:crypto')`, `${vi}.doMock(x)`, `${vi}.resetModules()`, `${vi} .mock (`, `${vi}.stubGlobal('fetch', f)`])
      expect(call).toMatch(MODULE_STATE_CALL);
    for (const call of ['vi.fn()', "vi.spyOn(console, 'log')", "vi.stubEnv('A', 'b')", 'vi.mocked(f)', 'vi.resetAllMocks()'])
      expect(call).not.toMatch(MODULE_STATE_CALL);
  });
});
