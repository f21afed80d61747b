/**
 * `npm start`, `npm run demo` and `npm install` rebuild the bundles while a `runai-diagnose`
 * from the same checkout may be running. functions/bundle.mjs writes each build to a folder
 * of its own and swaps the output symlink to it with one rename, so a command started at any
 * moment sees a whole build: here commands start back to back while two rebuilds run, and
 * every one of them must diagnose the bundled example (whose code sits in a lazily loaded
 * chunk, the part a half-written build breaks first).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// At the depth of dist/, so the bundle finds ../fixtures/scenarios like dist/cli.mjs does.
const NAME = `.test-dist-${randomUUID()}`;
const OUT_DIR = join(ROOT, NAME);

const build = () => run(process.execPath, ['functions/bundle.mjs', '--outdir', NAME], { cwd: ROOT });

async function diagnoseExample(): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(OUT_DIR, 'cli.mjs'), '--example'], { cwd: ROOT, env: { PATH: process.env.PATH ?? '' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failure.code === 'number' ? failure.code : -1, stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' };
  }
}

beforeAll(async () => {
  await build();
});

afterAll(async () => {
  const { readdir } = await import('node:fs/promises');
  const builds = (await readdir(ROOT)).filter((name) => name === NAME || name.startsWith(`.${NAME}-`));
  await Promise.all(builds.map((name) => rm(join(ROOT, name), { recursive: true, force: true })));
});

describe('functions/bundle.mjs swaps a whole build in', () => {
  it('the output is a symlink to a complete build folder beside it', () => {
    expect(lstatSync(OUT_DIR).isSymbolicLink()).toBe(true);
    const target = readlinkSync(OUT_DIR);
    expect(target).toMatch(new RegExp(`^\\.${NAME}-build-\\d+-\\d+$`));
    for (const file of ['cli.mjs', 'local.mjs', 'demo.mjs']) expect(existsSync(join(ROOT, target, file)), file).toBe(true);
  });

  it('commands started while two rebuilds run all see a whole build', async () => {
    const before = readlinkSync(OUT_DIR);
    let rebuilding = true;
    const rebuilds = (async () => {
      await build();
      await build();
      rebuilding = false;
    })();
    const runs: Awaited<ReturnType<typeof diagnoseExample>>[] = [];
    while (rebuilding || runs.length < 2) runs.push(await diagnoseExample());
    await rebuilds;
    for (const result of runs) {
      expect(result.stderr).not.toMatch(/internal error|Cannot find module|SyntaxError|ERR_MODULE_NOT_FOUND/);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.split('\n')[0]).toBe('Category: OOM_KILLED');
    }
    // The swap happened, and the build a command may have started on is still there.
    expect(readlinkSync(OUT_DIR)).not.toBe(before);
    expect(existsSync(join(ROOT, before, 'cli.mjs'))).toBe(true);
  });
});
