/**
 * docs/configuration.md lists every environment variable the code reads: each name that
 * functions/ reads (`env.X`, `env['X']`, `process.env.X`), each key of an environment schema
 * (the Lambda names in functions/config/lambdaEnvironment.ts, local mode's and the CLI's
 * schemas) must appear on the page, so a new variable cannot ship undocumented.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TIER2_CONFIG_ENV } from '../../functions/cli/runCli.js';
import { LAMBDA_ENVIRONMENT, PLATFORM_ENVIRONMENT } from '../../functions/config/lambdaEnvironment.js';
import { LocalEnvSchema } from '../../functions/local/readLocalEnv.js';

const FUNCTIONS_DIR = fileURLToPath(new URL('../../functions/', import.meta.url));
const PAGE = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** Names read from an environment object in the sources. */
export function namesRead(source: string): string[] {
  const reads = source.matchAll(/\benv\??\.([A-Z][A-Z0-9_]+)\b|\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g);
  return [...reads].map((match) => match[1] ?? match[2]!);
}

/** Keys of a `z.object({ … })` environment schema written in a file (KEY: …). */
function schemaKeys(path: string, schemaName: string): string[] {
  const source = readFileSync(join(FUNCTIONS_DIR, path), 'utf8');
  const start = source.indexOf(`const ${schemaName} = `);
  if (start < 0) throw new Error(`${schemaName} not found in ${path}`);
  const body = source.slice(start, source.indexOf('\n});', start));
  return [...body.matchAll(/^\s{2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!);
}

const documented = (name: string): boolean => new RegExp(`\`${name}\``).test(PAGE);

describe('docs/configuration.md', () => {
  const read = new Set(sourceFiles(FUNCTIONS_DIR).flatMap((file) => namesRead(readFileSync(file, 'utf8'))));
  const declared = new Set([
    ...Object.values(LAMBDA_ENVIRONMENT).flat(),
    ...PLATFORM_ENVIRONMENT,
    ...Object.keys(LocalEnvSchema.shape),
    ...schemaKeys('cli/readRunaiEnvironment.ts', 'EnvironmentSchema'),
    TIER2_CONFIG_ENV,
  ]);

  it('finds the variables (the scan reads the real sources)', () => {
    expect(read).toContain('RUNAI_SECRET_ID');
    expect(read).toContain('RUNAI_DIAGNOSE_DEBUG');
    expect(declared).toContain('POLL_INTERVAL_SECONDS');
  });

  it('documents every variable read in functions/', () => {
    expect([...new Set([...read, ...declared])].filter((name) => !documented(name)).sort()).toEqual([]);
  });

  it('the scan sees dotted, optional and bracketed reads', () => {
    expect(namesRead("env.A_B; options.env?.C_D; env['E_F']; process.env.G_H; envelope.X_Y")).toEqual(['A_B', 'C_D', 'E_F', 'G_H']);
  });
});
