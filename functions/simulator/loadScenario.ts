/**
 * Reads scenarios from `fixtures/scenarios/<name>/scenario.json`. Timestamps stay
 * relative (`now-5m`) here: they are resolved by the simulator when it starts, so one
 * loaded scenario can be served at any clock.
 */
import { readFile, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import * as z from 'zod';
import { ScenarioFileSchema, type ScenarioFile } from '../recording/format/ScenarioSchema.js';
import { labelRunaiPods } from './kubernetes/labelRunaiPods.js';

export type Scenario = ScenarioFile & {
  /** The folder name, e.g. `oom-killed-recurring`. */
  name: string;
  dir: string;
};

export const SCENARIO_FILE = 'scenario.json';

/** Loads and validates `<dir>/scenario.json`; errors name the file and the bad field. */
export async function loadScenario(dir: string): Promise<Scenario> {
  const file = join(dir, SCENARIO_FILE);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read scenario ${file}: ${(error as Error).message}`, { cause: error });
  }
  const parsed = ScenarioFileSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`invalid scenario ${file}:\n${z.prettifyError(parsed.error)}`, { cause: parsed.error });
  }
  // The cluster's pods carry the labels Run:ai's admission puts on a workload's pods (labelRunaiPods.ts).
  return { ...labelRunaiPods(parsed.data), name: basename(dir), dir };
}

/** Every `<rootDir>/*\/scenario.json`, sorted by folder name; folders without one are skipped. */
export async function loadScenarios(rootDir: string): Promise<Scenario[]> {
  const entries = await readdir(rootDir, { withFileTypes: true });
  const dirs = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const scenarios: Scenario[] = [];
  for (const name of dirs) {
    const dir = join(rootDir, name);
    const files = await readdir(dir);
    if (files.includes(SCENARIO_FILE)) scenarios.push(await loadScenario(dir));
  }
  return scenarios;
}
