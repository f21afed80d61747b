/**
 * Linear-time guard: every pattern must stay fast on hostile 200 KB inputs built to trigger
 * catastrophic backtracking (long runs of one class, repeated prefixes, unterminated quotes
 * and blocks). Budget: 200 ms per input for redactSecrets and for quoteUntrusted, not
 * counting the time the test waited for a CPU other processes held (timeUncontended): with
 * both cores busy, wall time reached 200–437 ms on inputs that take 56–70 ms alone.
 */
import { describe, expect, it, vi } from 'vitest';
import { redactSecrets } from '../../functions/safety/redactSecrets.js';
import { quoteUntrusted } from '../../functions/safety/quoteUntrusted.js';
import { timeUncontended } from '../support/timeUncontended.js';
import { SECRET_CORPUS } from './secretCorpus.js';

// Many inputs (timed repeats or generated cases): under a second alone, seconds on a loaded 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

const SIZE = 200_000;
const fill = (unit: string, prefix = '', suffix = ''): string => prefix + unit.repeat(Math.ceil((SIZE - prefix.length - suffix.length) / unit.length)) + suffix;

const ADVERSARIAL: Record<string, string> = {
  'one long word': fill('a'),
  'one long base64 run': fill('Ab9+/='),
  words: fill('a '),
  'dotted name run': fill('a.'),
  'dashed name run': fill('a-'),
  'underscore name run': fill('a_'),
  'repeated password=': fill('password='),
  'repeated password: ': fill('password: '),
  'repeated JSON key, no closing quote': fill('"password": "'),
  'repeated escaped quotes': fill('\\"'),
  'repeated quotes': fill('"\''),
  'assignment chain': fill('a=', 'x='),
  'secret value with many ampersands': fill('a&b=', 'DB_PASSWORD='),
  'mispaired quotes': fill(' k="a b='),
  'repeated secret word and space': fill('token '),
  'repeated BEGIN line': fill('-----BEGIN RSA PRIVATE KEY-----\n'),
  'BEGIN without END': fill('QUJD\n', '-----BEGIN RSA PRIVATE KEY-----\n'),
  'repeated BEGIN inline': fill('-----BEGIN PRIVATE KEY-----'),
  'base64 PEM prefix': fill('A', 'LS0tLS1CRUdJTi'),
  'repeated eyJ': fill('eyJ'),
  // redactAcrossCarrierCuts: every line a head short of its documented length, every next line a piece.
  'a cut vendor token on every line': fill('ghp_a1b2c3d4e5f6g7h8i9j0k1\n'),
  'a cut token before every JSON-escaped break': fill('sgp_0123456789abcdef_0123\\n'),
  'a cut JWT behind a repeated header': fill('Dec  7 04:10:01 host tag[42]: eyJhbGciOi.eyJzdWIiOi\n'),
  'JWT-like segments': fill('eyJhbGciOi.'),
  'repeated scheme': fill('https://a:'),
  'long userinfo without @': fill('a', 'https://user:'),
  'repeated at signs': fill('a:b@'),
  'repeated mysql': fill('mysql '),
  'repeated docker login': fill('docker login -u x '),
  'repeated curl -u': fill('curl -u '),
  'repeated Bearer': fill('Bearer '),
  'repeated Basic': fill('Basic '),
  'repeated Authorization': fill('Authorization: '),
  'repeated Cookie': fill('Cookie: '),
  'repeated AKIA': fill('AKIA'),
  'repeated vendor prefixes': fill('ghp_sk-hf_xoxb-glpat-'),
  'repeated env name key': fill('- name: DB_PASSWORD '),
  'repeated marker': fill('[REDACTED]'),
  'repeated line marks': fill('⏎ '),
  'netrc lines': fill('machine a\n login b\n'),
  'wandb flags': fill(' --x', 'wandb login'),
  'putty body': fill(' AAAA', 'Private-Lines: 4'),
  'azure secret shape run': fill('abc8Q~'),
  'terminal escapes': fill('\x1b[1;31m\x1b]0;t'),
  'bidi and zero-width': fill('\u202e\u200b a'),
  whitespace: fill(' \t\n'),
  'base64 body lines without END': fill('QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2\n', '', '-----END RSA PRIVATE KEY-----'),
  'repeated END line': fill('QUJDREVGR0hJSktMTU5P\n-----END PRIVATE KEY-----\n'),
  'repeated AKIA pair prefix': fill('AKIAABCDEFGHIJKLMNOP:'),
  'percent-encoded assignments': fill('%22password%22%3A%22', 'data='),
  'encoded userinfo without %40': fill('a', 'https%3A%2F%2Fuser%3A'),
  'pgpass-like fields': fill('h:5432:db:user:'),
  'wrapped token prefixes': fill('ghp_abc\n'),
  'repeated htpasswd': fill('htpasswd -b a '),
  'base64 words': fill('QWxhZGRpbjpvcGVu '),
  'xml elements without close': fill('<password>x'),
  'realistic corpus, repeated': fill(`${SECRET_CORPUS.map((s) => s.text).join('\n')}\n`),
};

/** Best of five, so one GC pause does not fail the guard. */
async function bestMs(run: () => void): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < 5; i += 1) best = Math.min(best, (await timeUncontended(run)).ms);
  return best;
}

describe('linear-time redaction on 200 KB adversarial inputs', () => {
  redactSecrets('warm up the regex compiler: password=x https://u:p@h');

  it.each(Object.entries(ADVERSARIAL))('%s', async (_name, input) => {
    expect(input.length).toBeGreaterThanOrEqual(SIZE);
    const redactMs = await bestMs(() => redactSecrets(input));
    const quoteMs = await bestMs(() => quoteUntrusted(input));
    if (process.env.SAFETY_PERF_REPORT) console.log(`${_name}: redact ${redactMs.toFixed(1)} ms, quote ${quoteMs.toFixed(1)} ms`);
    expect(redactMs).toBeLessThan(200);
    expect(quoteMs).toBeLessThan(200);
  });
});
