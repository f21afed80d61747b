// Builds the prebuilt bundles (dist/cli.mjs, dist/local.mjs, dist/demo.mjs) with the local esbuild, so the commands
// start without compiling TypeScript. Run by `npm run build` and by `npm install` (prepare).
// `--outdir <dir>` builds the same bundles elsewhere (tests build a private copy instead of racing on dist/);
// `--metafile` also writes <outdir>/meta.json, esbuild's record of which sources went into which output (tests read it).
// Code loaded with a dynamic import (the CLI's examples and their simulators) goes into a chunk of its own,
// loaded only when that import runs.
import { build } from 'esbuild';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'dist' }, metafile: { type: 'boolean', default: false } } });
const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: { cli: 'functions/cli/main.ts', local: 'functions/local/main.ts', demo: 'functions/local/demo.ts' },
  outdir: values.outdir,
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
if (result.metafile) await writeFile(join(values.outdir, 'meta.json'), JSON.stringify(result.metafile));
console.error(`built ${values.outdir}/{cli,local,demo}.mjs in ${Math.round(performance.now() - started)} ms`);
