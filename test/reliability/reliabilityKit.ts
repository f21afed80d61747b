/**
 * Shared helpers of the reliability and security suites (test/reliability): fixture
 * loading, a Run:ai client wired to the simulator, output-safety checks, and the counters
 * each suite prints so that the numbers tried are visible in the test log.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { createRunaiClient, type RunaiClient } from '../../functions/runai/createRunaiClient.js';
import type { RunaiClientConfig } from '../../functions/runai/RunaiClientConfig.js';
import { loadScenarios, type RunaiSimulator, type Scenario } from '../../functions/simulator/startRunaiSimulator.js';

export const FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/scenarios/', import.meta.url));
export const SIM_CREDENTIALS = { clientId: 'sim-client', clientSecret: 'sim-secret' } as const;

let cached: Promise<Scenario[]> | undefined;
/** Every fixture scenario, loaded once per test file. */
export function fixtureScenarios(): Promise<Scenario[]> {
  cached ??= loadScenarios(FIXTURES_DIR);
  return cached;
}

export async function fixtureScenario(name: string): Promise<Scenario> {
  const scenario = (await fixtureScenarios()).find((candidate) => candidate.name === name);
  if (!scenario) throw new Error(`no fixture scenario ${name}`);
  return scenario;
}

/** A deep copy of a JSON value (scenarios are mutated per test). */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** The real REST client against a running simulator, fast retries. */
export function simulatorClient(simulator: RunaiSimulator, overrides: Partial<RunaiClientConfig> = {}): RunaiClient {
  return createRunaiClient({
    baseUrl: simulator.url,
    credentials: { grantType: 'client_credentials', ...SIM_CREDENTIALS },
    retryBaseDelayMs: 1,
    ...overrides,
  });
}

/**
 * Characters that must never reach a report, an email or a pager: C0 controls other than
 * the report's own line feed, DEL, C1 controls, bidi embeddings/overrides/isolates,
 * zero-width and other invisible format characters, line/paragraph separators, and lone
 * surrogates.
 */
export const UNSAFE_OUTPUT_CHARS =
  /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200B-\u200F\u2028-\u202E\u2060-\u206F\uFEFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Describes the first unsafe character of `text`, or null. */
export function unsafeCharacter(text: string): string | null {
  const match = UNSAFE_OUTPUT_CHARS.exec(text);
  if (!match) return null;
  const at = match.index;
  return `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} at ${at} in …${JSON.stringify(text.slice(Math.max(0, at - 40), at + 40))}…`;
}

export function expectSafeText(label: string, text: string): void {
  const problem = unsafeCharacter(text);
  expect(problem, `${label}: unsafe character in output`).toBeNull();
}

/** Counters a suite prints in afterAll: what was tried, what happened. */
export class Tally {
  private readonly counts = new Map<string, number>();
  private readonly maxima = new Map<string, number>();

  add(key: string, n = 1): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + n);
  }

  max(key: string, value: number): void {
    this.maxima.set(key, Math.max(this.maxima.get(key) ?? Number.NEGATIVE_INFINITY, value));
  }

  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  getMax(key: string): number {
    return this.maxima.get(key) ?? 0;
  }

  print(title: string): void {
    const counts = [...this.counts].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k}=${n}`);
    const maxima = [...this.maxima].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k}=${Math.round(n * 10) / 10}`);
    console.log(`[reliability] ${title}: ${counts.join(', ')}${maxima.length ? ` | max: ${maxima.join(', ')}` : ''}`);
  }
}
