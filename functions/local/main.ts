/**
 * Process entry of local mode (`npm start` = `node dist/local.mjs`): reads the environment,
 * starts the local server, and shuts it down gracefully on SIGINT/SIGTERM (stop accepting,
 * drain the queue, close the simulator). Exit codes: 0 after a clean shutdown, 1 when the
 * queue could not be drained in time or start-up failed, 2 for a configuration error
 * (the environment, or the Tier 2 file named by RUNAI_DIAGNOSE_TIER2_CONFIG).
 */
import { Tier2ConfigError } from '../kubernetes/Tier2Config.js';
import { findFixturesDir } from './findFixturesDir.js';
import { LocalConfigError, readLocalEnv, type LocalConfig } from './readLocalEnv.js';
import { ListenError } from './serveApp.js';
import { startLocalServer } from './startLocalServer.js';

const PREFIX = 'runai-diagnose local';
const stdout = (text: string) => process.stdout.write(text);
const stderr = (text: string) => process.stderr.write(text);

async function main(): Promise<number | undefined> {
  let config: LocalConfig;
  try {
    config = readLocalEnv(process.env);
  } catch (error) {
    if (error instanceof LocalConfigError) {
      stderr(`${PREFIX}: ${error.message}\n`);
      return 2;
    }
    throw error;
  }

  let server;
  try {
    server = await startLocalServer({ config, fixturesDir: findFixturesDir(import.meta.url, 'scenarios'), stdout, stderr });
  } catch (error) {
    if (error instanceof ListenError) {
      stderr(`${PREFIX}: ${error.message}\n`);
      return 1;
    }
    if (error instanceof LocalConfigError) {
      stderr(`${PREFIX}: ${error.message}\n`);
      return 2;
    }
    if (error instanceof Tier2ConfigError) {
      // Names the file and the key, never a token (Tier2Config.ts).
      stderr(`${PREFIX}: ${error.message} (RUNAI_DIAGNOSE_TIER2_CONFIG)\n`);
      return 2;
    }
    throw error;
  }

  const stop = (signal: NodeJS.Signals) => {
    // A second signal means "now": skip the drain.
    process.once(signal, () => {
      stderr(`${PREFIX}: ${signal} again, exiting without draining\n`);
      process.exit(1);
    });
    stderr(`${PREFIX}: ${signal} received, draining the queue...\n`);
    server.close().then(
      ({ drained }) => {
        stderr(`${PREFIX}: stopped${drained ? '' : ' (queue not drained in time)'}\n`);
        process.exitCode = drained ? 0 : 1;
      },
      (error: unknown) => {
        stderr(`${PREFIX}: shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return undefined;
}

main().then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error: unknown) => {
    // A defect, not a user mistake: one line, the stack only when asked for.
    stderr(`${PREFIX}: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    if (process.env.RUNAI_DIAGNOSE_DEBUG) stderr(`${(error as Error)?.stack ?? ''}\n`);
    process.exitCode = 1;
  },
);
