/**
 * Bundles a bench child script (a measurement run in a fresh `node` process, so its peak RSS
 * is its own) the way the Lambdas are bundled, and returns the file to run.
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import { BUNDLE_TARGET, ESM_REQUIRE_BANNER } from '../../infra/lambdaBundling.js';
import { BENCH_OUT_DIR, PROJECT_ROOT } from './benchPaths.js';

/** `entry` relative to the project root; `name` is the child's folder under the bench cache. */
export async function bundleBenchChild(entry: string, name: string): Promise<string> {
  const outfile = join(BENCH_OUT_DIR, name, 'index.mjs');
  await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: BUNDLE_TARGET,
    minify: true,
    banner: { js: ESM_REQUIRE_BANNER },
    logLevel: 'warning',
  });
  return outfile;
}
