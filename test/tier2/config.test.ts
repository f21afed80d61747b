/**
 * Tier 2 configuration (docs/tier2.md): strict, clear errors naming the key, never the token;
 * the file loader; per-cluster lookup; the access that turns it into readers.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTier2Access } from '../../functions/kubernetes/createTier2Access.js';
import { caPem, loadTier2ConfigFile, parseTier2Config, Tier2ConfigError, tier2ClusterFor } from '../../functions/kubernetes/Tier2Config.js';

const TOKEN = 'eyJhbGciOiJSUzI1NiIsImtpZCI6InRpZXIyIn0.planted-tier2-token-value.sig';
const CLUSTER = '7f3c2a9e-1b4d-4c8e-9a61-2d5f8e0b7c13';

function errorOf(input: unknown): Tier2ConfigError {
  try {
    parseTier2Config(input);
  } catch (error) {
    expect(error).toBeInstanceOf(Tier2ConfigError);
    return error as Tier2ConfigError;
  }
  throw new Error('expected a Tier2ConfigError');
}

describe('parseTier2Config', () => {
  it('accepts the docs/tier2.md shape, from JSON text or a parsed object', () => {
    const config = { clusters: { [CLUSTER]: { server: 'https://k8s.example:6443', token: TOKEN, caFile: '/etc/runai-diagnose/ca.pem' } } };
    expect(parseTier2Config(JSON.stringify(config))).toEqual(config);
    expect(parseTier2Config(config)).toEqual(config);
    expect(parseTier2Config({ clusters: { a: { server: 'http://127.0.0.1:8001', tokenFile: '/var/run/tier2/token' } } }).clusters.a?.tokenFile).toBe(
      '/var/run/tier2/token',
    );
    expect(parseTier2Config({ clusters: {} })).toEqual({ clusters: {} });
  });

  it.each([
    [{ clusters: { [CLUSTER]: { server: 'https://k8s.example:6443' } } }, `clusters.${CLUSTER}: give exactly one of \`token\` or \`tokenFile\``],
    [{ clusters: { [CLUSTER]: { server: 'https://k8s.example:6443', token: TOKEN, tokenFile: '/t' } } }, 'exactly one of `token` or `tokenFile`'],
    [{ clusters: { [CLUSTER]: { server: 'ftp://k8s.example', token: TOKEN } } }, `clusters.${CLUSTER}.server: must be an http(s) URL`],
    [{ clusters: { [CLUSTER]: { server: `https://admin:${TOKEN}@k8s.example`, token: TOKEN } } }, 'without credentials'],
    [{ clusters: { [CLUSTER]: { server: 'https://k8s.example', token: TOKEN, tokn: 'typo' } } }, 'tokn'],
    [{ clusters: { [CLUSTER]: { server: 'https://k8s.example', token: '   ' } } }, `clusters.${CLUSTER}.token: must be a non-empty string`],
    [{ clusters: { [CLUSTER]: { server: 'https://k8s.example', token: TOKEN, caFile: '/a', caData: 'b' } } }, 'at most one of `caFile` or `caData`'],
    [{ cluster: {} }, 'cluster'],
    [{ clusters: [] }, 'clusters'],
    [null, '(root)'],
  ])('rejects %j naming the key and the rule', (input, message) => {
    const error = errorOf(input);
    expect(error.message).toContain(message);
    expect(error.message).not.toContain(TOKEN);
  });

  it('never echoes the token, even in a file that is not JSON', () => {
    const error = errorOf(`{"clusters":{"${CLUSTER}":{"server":"https://k8s","token":"${TOKEN}"`);
    expect(error.message).toBe('invalid Tier 2 configuration: not valid JSON');
    expect(errorOf({ clusters: { [CLUSTER]: { server: 42, token: TOKEN } } }).message).not.toContain(TOKEN);
  });

  it('gives Tier 2 only to the listed clusters, never through the prototype', () => {
    const config = parseTier2Config({ clusters: { [CLUSTER]: { server: 'https://k8s.example', token: TOKEN } } });
    expect(tier2ClusterFor(config, CLUSTER)?.server).toBe('https://k8s.example');
    expect(tier2ClusterFor(config, 'c41e8b27-6d3a-4f95-8b0e-93a7d2f1e456')).toBeNull();
    expect(tier2ClusterFor(config, '__proto__')).toBeNull();
    expect(tier2ClusterFor(config, 'constructor')).toBeNull();
  });

  it('reads caData as inline PEM or as base64 PEM (kubeconfig certificate-authority-data)', () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    expect(caPem(pem)).toBe(pem);
    expect(caPem(Buffer.from(pem).toString('base64'))).toBe(pem);
  });
});

describe('loadTier2ConfigFile', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tier2-config-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('loads and validates a file, naming the file in errors', async () => {
    const file = join(dir, 'tier2.json');
    await writeFile(file, JSON.stringify({ clusters: { [CLUSTER]: { server: 'https://k8s.example', tokenFile: join(dir, 'token') } } }));
    expect((await loadTier2ConfigFile(file)).clusters[CLUSTER]?.server).toBe('https://k8s.example');
    await writeFile(file, JSON.stringify({ clusters: { [CLUSTER]: { server: 'https://k8s.example', token: TOKEN, extra: true } } }));
    await expect(loadTier2ConfigFile(file)).rejects.toThrow(
      new RegExp(`Tier 2 configuration file ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: clusters\\.${CLUSTER}: .*extra`),
    );
  });

  it('says which file cannot be read', async () => {
    await expect(loadTier2ConfigFile(join(dir, 'missing.json'))).rejects.toThrow(/cannot read the Tier 2 configuration file .*missing\.json \(ENOENT\)/);
  });
});

describe('createTier2Access', () => {
  it('returns a reader only for configured clusters, one client per cluster', async () => {
    const access = createTier2Access(parseTier2Config({ clusters: { [CLUSTER]: { server: 'http://127.0.0.1:9', token: TOKEN } } }));
    try {
      const reader = access.readerFor(CLUSTER);
      expect(reader).not.toBeNull();
      expect(access.readerFor(CLUSTER)).toBe(reader);
      expect(access.readerFor('another-cluster')).toBeNull();
      expect(access.requests).toBe(0);
    } finally {
      await access.close();
    }
  });
});
