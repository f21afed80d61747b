// Builds the prebuilt CLI bundle (dist/cli.mjs) with the local esbuild, so the command
// starts without compiling TypeScript. Run by `npm run build` and by `npm install` (prepare).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
await build({
  absWorkingDir: root,
  entryPoints: { cli: 'functions/cli/main.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
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
console.error(`built dist/cli.mjs in ${Math.round(performance.now() - started)} ms`);
