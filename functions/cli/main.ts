/** Process entry of the CLI bundle (`dist/cli.mjs`). */
import { fileURLToPath } from 'node:url';
import { printableError, runCli } from './runCli.js';
import { writerIgnoringClosedPipe } from './writerIgnoringClosedPipe.js';

const fixturesDir = fileURLToPath(new URL('../fixtures/scenarios/', import.meta.url));
const stdout = writerIgnoringClosedPipe(process.stdout);
const stderr = writerIgnoringClosedPipe(process.stderr);

runCli(process.argv.slice(2), {
  env: process.env,
  fixturesDir,
  io: { stdout, stderr },
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // A defect, not a user mistake: one line, no stack trace unless asked for.
    stderr(`runai-diagnose: internal error: ${printableError(error instanceof Error ? error.message : String(error))}\n`);
    if (process.env.RUNAI_DIAGNOSE_DEBUG) stderr(`${(error as Error)?.stack ?? ''}\n`);
    process.exitCode = 1;
  },
);
