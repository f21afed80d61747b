/** Process entry of the CLI bundle (`dist/cli.mjs`). */
import { fileURLToPath } from 'node:url';
import { printableError, runCli } from './runCli.js';

const fixturesDir = fileURLToPath(new URL('../fixtures/scenarios/', import.meta.url));

runCli(process.argv.slice(2), {
  env: process.env,
  fixturesDir,
  io: { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) },
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // A defect, not a user mistake: one line, no stack trace unless asked for.
    process.stderr.write(`runai-diagnose: internal error: ${printableError(error instanceof Error ? error.message : String(error))}\n`);
    if (process.env.RUNAI_DIAGNOSE_DEBUG) process.stderr.write(`${(error as Error)?.stack ?? ''}\n`);
    process.exitCode = 1;
  },
);
