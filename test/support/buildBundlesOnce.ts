/**
 * The e2e project's global setup: builds the command bundles (dist/cli.mjs, dist/local.mjs,
 * dist/demo.mjs and esbuild's dist/meta.json) once per run, with the product's own build script
 * exactly as `npm run build` / `npm start` run it, and hands the folder to the test files
 * (`inject('bundleDir')`). Three files used to build the same bundles each in their own
 * beforeAll (the bundled CLI, local mode as a process, local mode's knobs): the same sources,
 * the same script and options, so the same output, three times over (seconds of esbuild each
 * on a loaded 2-core machine). The build itself (its atomic swap) stays
 * test/cli/atomicBuild.e2e.test.ts's subject, which builds on its own.
 *
 * Built into dist/, where `runai-diagnose` (functions/cli/runai-diagnose.mjs) loads it; the
 * build script swaps the folder in with one rename, so a command already running from the
 * checkout keeps a whole build.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's command bundles (absolute; a symlink to the build, see functions/bundle.mjs). */
    bundleDir: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  await promisify(execFile)(process.execPath, ['functions/bundle.mjs', '--metafile'], { cwd: ROOT });
  project.provide('bundleDir', fileURLToPath(new URL('../../dist/', import.meta.url)));
}
