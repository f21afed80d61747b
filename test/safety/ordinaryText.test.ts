/**
 * The new rows (key pairs, encoded credentials, .pgpass, base64 user:password, PEM tails,
 * wrapped tokens, service prefixes) look at shapes that ordinary evidence also has: hashes,
 * digests, IPv6 and MAC addresses, timestamps, host:port lists, encoded query strings, public
 * certificates. None of that may change by a single byte.
 */
import { describe, expect, it } from 'vitest';
import { quoteUntrusted } from '../../functions/safety/quoteUntrusted.js';
import { redactSecrets } from '../../functions/safety/redactSecrets.js';
import { ORDINARY_VALUES } from './secretCorpus.js';

const CERTIFICATE_TAIL = [
  'MIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ',
  'RTESMBAGA1UEChMJQmFsdGltb3JlMRMwEQYDVQQLEwpDeWJlclRydXN0MSIwIAYD',
  '-----END CERTIFICATE-----',
].join('\n');

export const ORDINARY_EVIDENCE: readonly string[] = [
  ...ORDINARY_VALUES,
  'Successfully pulled image "nvcr.io/nvidia/pytorch:24.05-py3" in 1m2.345s (1m2.345s including waiting). Image size: 9876543210 bytes.',
  'Pulling image "registry.example.com/team/trainer@sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"',
  'Created container train; Started container train; commit 3f2a9c1d4e5b6a7f8091a2b3c4d5e6f708192a3b',
  'md5 d41d8cd98f00b204e9800998ecf8427e sha1 da39a3ee5e6b4b0d3255bfef95601890afd80709',
  'listening on [fe80::1ff:fe23:4567:890a]:8080 and 10.0.0.12:8080, mac 00:1a:2b:3c:4d:5e',
  'node ip6 2001:db8:85a3:0:0:8a2e:370:7334 ready',
  'elapsed 01:02:03:04 (d:h:m:s), eta 12:00:00',
  'NCCL INFO Channel 00/32 : 0[0] -> 1[1] via P2P/IPC/read',
  'GET /api/v1/workloads?filterBy=phase%3D%3DFailed&sortBy=createdAt&offset=0&limit=50 200',
  'redirect to https%3A%2F%2Fapp.example.com%2Fdashboard%3Ftab%3Druns',
  'configmap data: dGhpcyBpcyBhIHRlc3Q= (base64 of a plain sentence)',
  'redis-cli -h redis-master ping',
  'mongosh --host mongo:27017 --eval "db.stats()"',
  'keytool -list -keystore truststore.jks',
  'htpasswd -v /etc/nginx/.htpasswd admin',
  'API-Version: 2024-05-01, s.example.com, pat.example.com, ico-2024',
  'Task: sk-learn pipeline step 3 of 5',
  CERTIFICATE_TAIL,
  'events: 3x BackOff, 1x FailedScheduling: 0/4 nodes are available: 4 Insufficient nvidia.com/gpu',
  'Memory cgroup out of memory: Killed process 4321 (python) total-vm:123456789kB, anon-rss:3456789kB',
  'loss=0.1234 lr=3.0e-04 grad_norm=1.5 tokens_per_sec=12345',
  'uid=1000(jovyan) gid=100(users) groups=100(users)',
  'Digest: sha256:4bcff63911fcb4448bd4fdacec207030997caf25e9bea4045fa6c8c44de311d1',
];

describe('ordinary evidence stays byte-identical', () => {
  it.each(ORDINARY_EVIDENCE.map((value) => [value]))('%s', (value) => {
    expect(redactSecrets(value)).toBe(value);
  });

  it('as one long multi-line log too', () => {
    const log = ORDINARY_EVIDENCE.join('\n');
    expect(redactSecrets(log)).toBe(log);
    // Quoting changes only presentation (line marks, quote style, cap), never a word.
    const quoted = quoteUntrusted(log, { maxLength: 1_000_000 });
    expect(quoted).not.toContain('[REDACTED]');
  });
});
