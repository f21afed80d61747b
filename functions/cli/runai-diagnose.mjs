#!/usr/bin/env node
// The package `bin`: a thin launcher for the prebuilt bundle, so the CLI starts without
// compiling TypeScript. `npm install` builds it (the `prepare` script).
import { existsSync } from 'node:fs';

const bundle = new URL('../../dist/cli.mjs', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('runai-diagnose: dist/cli.mjs is missing; run `npm run build` (npm install runs it too)\n');
  process.exit(1);
}
await import(bundle.href);
