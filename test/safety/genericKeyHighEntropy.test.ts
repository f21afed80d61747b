/**
 * gitleaks' generic-api-key principle (gitleaks/gitleaks cmd/generate/config/rules/generic.go): a
 * name holding `key`, `api`, `client` or `access`, an operator, and a random value is a credential
 * whatever the vendor. Names of that kind with an ordinary value (a word, a path, a number, a
 * Kubernetes name) stay readable.
 */
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../functions/safety/redactSecrets.js';

const RANDOM = 'Zk3pQ9xWm2Lr8Tb5Nc7Vd1Hg4Js6Yf0A';
const HEX = '7f3a9e0b1c2d4e5f60718293a4b5c6d7';

describe('generic-key-high-entropy', () => {
  it.each([`session_key=${RANDOM}`, `jwtSigningKey: "${RANDOM}"`, `MY_SERVICE_API = ${HEX}`, `oauth_client: '${RANDOM}'`, `storage.access=${RANDOM}`])(
    'redacts the random value in %s',
    (text) => {
      const out = redactSecrets(text);
      expect(out).not.toContain(RANDOM);
      expect(out).not.toContain(HEX);
      expect(out).toContain('[REDACTED]');
    },
  );

  it.each([
    'sort_key=created_at',
    'partition_key: user_id',
    'cache_key=/var/cache/model-shards',
    'client: runai-cli-v2',
    'monkey=banana',
    'access=2026-12-07T01:00:00Z',
  ])('keeps an ordinary value: %s', (text) => {
    expect(redactSecrets(text)).toBe(text);
  });
});
