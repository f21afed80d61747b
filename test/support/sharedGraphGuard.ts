/**
 * Setup file of the `unit` project, after unitLaneGuard.ts. Its files share one module graph
 * per worker (`isolate: false`, vitest.config.ts): importing the source once per worker instead
 * of once per file is what makes the unit lane take seconds, not a minute and a half. Vitest
 * still restores spies and its own config after each file; what it does not undo, and what
 * would then leak into the next file of the same worker, is refused here, loudly:
 * - a module mock (`vi.mock`, `vi.doMock`) or a module reset (`vi.resetModules`): a mock only
 *   takes when the module is not loaded yet, and stays for the files after;
 * - a change of process.env left behind (modules that read it at import see the wrong one);
 * - fake timers left on.
 * Such a file belongs to the `unit-isolated` project: list it in UNIT_ISOLATED_FILES
 * (test/testLanes.ts). It runs in the unit lane all the same, with a module graph of its own.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, vi } from 'vitest';

export const SHARED_GRAPH_MESSAGE = 'files of the unit project share one module graph: list this file in UNIT_ISOLATED_FILES (test/testLanes.ts)';

/** Calls whose effect outlives the file in a shared module graph. */
export const MODULE_STATE_CALL = /\bvi\s*\.\s*(?:mock|doMock|unmock|doUnmock|resetModules|stubGlobal)\s*\(/;

let envAtStart: Record<string, string | undefined> = {};

beforeAll(() => {
  envAtStart = { ...process.env };
  const file = expect.getState().testPath;
  const call = MODULE_STATE_CALL.exec(file === undefined ? '' : readFileSync(file, 'utf8'));
  if (call) throw new Error(`${call[0].replace(/\s/g, '')}…): ${SHARED_GRAPH_MESSAGE}`);
});

afterAll(() => {
  const keys = new Set([...Object.keys(envAtStart), ...Object.keys(process.env)]);
  const changed = [...keys].filter((key) => envAtStart[key] !== process.env[key]).sort();
  if (changed.length > 0) throw new Error(`process.env left changed (${changed.join(', ')}): restore it, or ${SHARED_GRAPH_MESSAGE}`);
  if (vi.isFakeTimers()) throw new Error(`fake timers left on: call vi.useRealTimers(), or ${SHARED_GRAPH_MESSAGE}`);
});
