// Builds the prebuilt bundles (dist/cli.mjs, dist/local.mjs, dist/demo.mjs) with the local esbuild, so the commands
// start without compiling TypeScript. Run by `npm run build`, `npm start`, `npm run demo` and `npm install` (prepare).
// `--outdir <dir>` builds the same bundles elsewhere (tests build a private copy instead of racing on dist/);
// `--metafile` also writes <outdir>/meta.json, esbuild's record of which sources went into which output (tests read it).
// Code loaded with a dynamic import (the CLI's examples and their simulators) goes into a chunk of its own,
// loaded only when that import runs.
//
// A CLI may be running from the same checkout while this rebuilds (`npm start` in one terminal, `runai-diagnose` in
// another). So the bundles are written to a fresh sibling folder, `.<outdir>-build-<id>/`, and `<outdir>` is a symlink
// swapped to it with one rename(2), which is atomic: a process sees the old build or the new one, never a half-written
// file. Node resolves the symlink when it loads a module, so a run that started on the old build keeps loading its
// chunks from the old folder; old builds are therefore removed only once they are a few minutes old.
import { build } from 'esbuild';
import { lstat, readdir, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** A run of the CLI lasts seconds; an old build is kept this long for one that started on it. */
const OLD_BUILD_GRACE_MS = 10 * 60_000;

const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'dist' }, metafile: { type: 'boolean', default: false } } });
const root = fileURLToPath(new URL('..', import.meta.url));
const target = resolve(root, values.outdir);
const parent = dirname(target);
const buildPrefix = `.${basename(target)}-build-`;
const buildDir = join(parent, `${buildPrefix}${Date.now()}-${process.pid}`);
const started = performance.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: { cli: 'functions/cli/main.ts', local: 'functions/local/main.ts', demo: 'functions/local/demo.ts' },
  outdir: buildDir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  metafile: values.metafile,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  // Some CommonJS dependencies call require(); give ESM output a real one.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
if (result.metafile) await writeFile(join(buildDir, 'meta.json'), JSON.stringify(result.metafile));

// A real folder from before builds were swapped in: move it aside once (it is pruned like any old build).
const existing = await lstat(target).catch(() => null);
if (existing?.isDirectory()) await rename(target, join(parent, `${buildPrefix}0-${process.pid}`));
const link = join(parent, `.${basename(target)}-link-${process.pid}`);
await symlink(basename(buildDir), link);
await rename(link, target);

const now = Date.now();
for (const name of await readdir(parent)) {
  const path = join(parent, name);
  if (!name.startsWith(buildPrefix) || path === buildDir) continue;
  const info = await stat(path).catch(() => null);
  if (info && now - info.mtimeMs > OLD_BUILD_GRACE_MS) await rm(path, { recursive: true, force: true });
}
console.error(`built ${values.outdir}/{cli,local,demo}.mjs in ${Math.round(performance.now() - started)} ms`);
