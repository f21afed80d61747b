/**
 * Setup file of the unit lane (vitest.config.ts): a unit test may not spawn a process or
 * listen on a socket. Both are replaced, before the test file is imported, by functions that
 * throw a message naming the fix, so a test that belongs to the integration or e2e lane fails
 * in the unit lane at once instead of quietly making it slow. In-process `app.request`,
 * undici's MockAgent and aws-sdk-client-mock need neither, and stay allowed.
 */
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

export const UNIT_LANE_MESSAGE = 'the unit lane runs no process and opens no socket: list this file under integration or e2e in test/testLanes.ts';

function refuse(what: string): never {
  throw new Error(`${what}: ${UNIT_LANE_MESSAGE}`);
}

for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
  (childProcess as unknown as Record<string, unknown>)[name] = () => refuse(`child_process.${name}`);
}
net.Server.prototype.listen = function listen(): never {
  refuse('a server listening on a socket');
};
// ESM named imports of node:child_process read the builtin's exports, not the object above, until synced.
syncBuiltinESMExports();
