/**
 * The lanes stay true: every file test/testLanes.ts names exists (a rename cannot leave a
 * heavy file behind in the unit lane), and the unit lane's guard refuses what the unit lane
 * must not do — this file runs in the unit lane, so it sees the guard installed.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UNIT_LANE_MESSAGE } from '../support/unitLaneGuard.js';
import { LANE_FILES } from '../testLanes.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('test/testLanes.ts', () => {
  it('names only files that exist, and only test files', () => {
    const patterns = [...LANE_FILES.integration, ...LANE_FILES.e2e];
    expect(patterns.filter((pattern) => !pattern.endsWith('.test.ts'))).toEqual([]);
    expect(patterns.filter((pattern) => !pattern.includes('*') && !existsSync(join(ROOT, pattern)))).toEqual([]);
  });

  it('puts no file in two lanes by name', () => {
    const named = [...LANE_FILES.integration, ...LANE_FILES.e2e].filter((pattern) => !pattern.includes('*'));
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
});
