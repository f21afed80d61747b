/**
 * Tier 2 configuration (docs/tier2.md): per Run:ai cluster id, the Kubernetes API server of
 * that cluster and a read-only credential.
 *
 * ```json
 * { "clusters": { "<clusterId>": { "server": "https://k8s.example:6443",
 *                                  "token": "…" | "tokenFile": "…", "caFile": "…" } } }
 * ```
 *
 * Exactly one of `token` / `tokenFile`; `caFile` (a PEM file) or `caData` (inline PEM, or
 * base64 PEM as in a kubeconfig's `certificate-authority-data`, for a Secrets Manager
 * secret that cannot ship a file) optional. Validation is strict: an unknown key is a typo
 * that would silently disable something, so it fails loudly. Error messages name the key
 * path and the rule, never a value: a malformed file must not print its token.
 *
 * This is the ONLY way Tier 2 gets enabled: no kubeconfig, no in-cluster service account,
 * no environment credential is ever read. A cluster id that is not listed has no Tier 2.
 *
 * Entry points: `parseTier2Config(json)` (pure: a file's text or a Secrets Manager secret
 * string, or an already-parsed object) and `loadTier2ConfigFile(path)`.
 */
import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import { ConfigError } from '../core/ConfigError.js';

const serverSchema = z.string().refine(
  (value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    // Credentials in the URL would travel and be logged with it; a query or fragment would be dropped.
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !url.search && !url.hash;
  },
  { message: 'must be an http(s) URL without credentials, query or fragment' },
);

const nonEmpty = z.string().trim().min(1, { message: 'must be a non-empty string' });

export const Tier2ClusterSchema = z
  .strictObject({
    server: serverSchema,
    token: nonEmpty.optional(),
    tokenFile: nonEmpty.optional(),
    caFile: nonEmpty.optional(),
    caData: nonEmpty.optional(),
  })
  .refine((cluster) => (cluster.token === undefined) !== (cluster.tokenFile === undefined), {
    message: 'give exactly one of `token` or `tokenFile`',
  })
  .refine((cluster) => cluster.caFile === undefined || cluster.caData === undefined, {
    message: 'give at most one of `caFile` or `caData`',
  });
export type Tier2ClusterConfig = z.output<typeof Tier2ClusterSchema>;

export const Tier2ConfigSchema = z.strictObject({
  clusters: z.record(z.string().trim().min(1, { message: 'a cluster id must be non-empty' }), Tier2ClusterSchema),
});
export type Tier2Config = z.output<typeof Tier2ConfigSchema>;

export class Tier2ConfigError extends ConfigError {
  override readonly name = 'Tier2ConfigError';
  readonly code = 'TIER2_CONFIG_INVALID';
}

/** `clusters.<id>.server` — the key path of an issue (keys are names, never values). */
function pathOf(path: readonly PropertyKey[]): string {
  return path.map((key) => String(key)).join('.') || '(root)';
}

/**
 * Validates a Tier 2 configuration: a JSON string (a file's content, a Secrets Manager
 * `SecretString`) or an already-parsed value. Throws `Tier2ConfigError` naming the key.
 */
export function parseTier2Config(input: unknown, origin = 'Tier 2 configuration'): Tier2Config {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      // The engine's message quotes part of the text, which may be the token: never echo it.
      throw new Tier2ConfigError(`invalid ${origin}: not valid JSON`);
    }
  }
  const result = Tier2ConfigSchema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 3).map((issue) => `${pathOf(issue.path)}: ${issue.message}`);
  const more = result.error.issues.length > 3 ? ` (+${result.error.issues.length - 3} more)` : '';
  throw new Tier2ConfigError(`invalid ${origin}: ${issues.join('; ')}${more}`);
}

/** Reads and validates a Tier 2 configuration file (`--tier2-config`, `RUNAI_DIAGNOSE_TIER2_CONFIG`). */
export async function loadTier2ConfigFile(path: string): Promise<Tier2Config> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Tier2ConfigError(`cannot read the Tier 2 configuration file ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  return parseTier2Config(text, `Tier 2 configuration file ${path}`);
}

/** The configuration of one cluster, or null: a cluster that is not listed has no Tier 2. */
export function tier2ClusterFor(config: Tier2Config, clusterId: string): Tier2ClusterConfig | null {
  return Object.hasOwn(config.clusters, clusterId) ? (config.clusters[clusterId] ?? null) : null;
}

/** `caData` as PEM: inline PEM as is, else base64-decoded (kubeconfig's `certificate-authority-data`). */
export function caPem(caData: string): string {
  return caData.includes('-----BEGIN') ? caData : Buffer.from(caData, 'base64').toString('utf8');
}
