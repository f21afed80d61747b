/**
 * A URL path segment in an identity slot is an identifier whatever the host (replaceLocators.ts
 * identitySlotPath), and an IPv4 as /proc/net/tcp spells it is an address
 * (replaceKernelSocketAddresses.ts). Generated: slot × identifier shape × how the URL is written,
 * with endpoint paths and loopback rows as controls. Values of this file's own.
 */
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';
import { seededRandom } from '../support/seededRandom.js';

const next = seededRandom(0x1d5107);
const draw = (length: number, alphabet: string): string => Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const HEX = '0123456789abcdef';

/** Identifier shapes: a login, a slug with a hex tail, a numeric id, an ORCID-shaped iD, a Hebrew name percent-encoded. */
const SHAPES: Readonly<Record<string, () => { written: string; pieces: string[] }>> = {
  login: () => {
    const v = `q${draw(8, LOWER)}`;
    return { written: v, pieces: [v] };
  },
  slug: () => {
    const [a, b, c] = [draw(5, LOWER), draw(6, LOWER), draw(8, HEX)];
    return { written: `${a}-${b}-${c}`, pieces: [a, b, c] };
  },
  numeric: () => {
    const v = draw(10, '0123456789');
    return { written: v, pieces: [v] };
  },
  orcid: () => {
    const v = `0000-000${draw(1, '123')}-${draw(4, '0123456789')}-${draw(4, '0123456789')}`;
    return { written: v, pieces: [v.slice(-9)] };
  },
  'percent-encoded-name': () => {
    const name = ['דנה', 'יוסי', 'מיכל'][Math.floor(next() * 3)]! + draw(2, 'אבגדה');
    const written = encodeURIComponent(name);
    return { written, pieces: [written, name] };
  },
};

/** Where the identifier stands: after a slot word on a private host, behind a profile host, schemeless, `~`/`@` sigils. */
const WRITINGS: Readonly<Record<string, (v: string) => string>> = {
  'private people': (v) => `see https://wiki.qorvel.dev/people/${v} for the owner`,
  'private users': (v) => `GET https://git.qorvel.dev/api/v4/users/${v}/keys 404`,
  'private tilde': (v) => `served from http://lab.qorvel.dev/~${v}/shards/`,
  'private at': (v) => `posted to https://social.qorvel.dev/@${v} ok`,
  'lone segment': (v) => `keys: https://keys.qorvel.dev/${v}`,
  'profile orcid': (v) => `author https://orcid.org/${v}; lab`,
  'profile keybase': (v) => `keys: https://keybase.io/${v}`,
  'profile linkedin bare': (v) => `approver linkedin.com/in/${v}; pinged`,
  'profile linkedin url': (v) => `approver https://www.linkedin.com/in/${v}/ ok`,
  'semantic scholar': (v) => `author https://www.semanticscholar.org/author/${v} cited`,
};

describe('identity slots in URL paths: slot × shape × writing', () => {
  const cases = Object.entries(WRITINGS).flatMap(([writing, write]) =>
    Object.entries(SHAPES).map(([shape, make]) => {
      const { written, pieces } = make();
      return { label: `${writing} / ${shape}`, text: write(written), pieces };
    }),
  );
  it('generates every combination', () => expect(cases.length).toBe(50));

  it('no identifier survives', () => {
    const survivors = cases.flatMap(({ label, text, pieces }) => {
      const out = createAnonymizer([{ name: 'train-42' }]).text(text);
      return pieces.filter((piece) => out.includes(piece)).map((piece) => `${label} (${piece}): ${out}`);
    });
    expect(survivors).toEqual([]);
  });

  it('one identifier, one pseudonym, behind a profile host and in a second place', () => {
    const anonymizer = createAnonymizer([{ name: 'train-42' }]);
    const first = anonymizer.text('https://orcid.org/0000-0002-7781-3306; ok');
    const second = anonymizer.text('profile https://orcid.org/0000-0002-7781-3306"');
    expect(first).toMatch(/^https:\/\/orcid\.org\/user-[0-9a-f]{6}; ok$/);
    expect(second).toContain(first.slice(0, first.indexOf(';')));
  });

  it.each([
    'probe http://trainer-svc:8080/healthz failed',
    'GET https://api.qorvel.dev/v1/models 200',
    'see https://pytorch.org/docs/stable/notes/cuda.html#memory-management',
    'wrote https://files.qorvel.dev/report.pdf',
    'GET http://localhost:9090/metrics',
  ])('keeps the endpoint words of %s', (line) => {
    const out = createAnonymizer([{ name: 'train-42' }]).text(line);
    for (const word of ['healthz', 'v1/models', 'docs/stable/notes/cuda.html', 'report.pdf', 'metrics'].filter((w) => line.includes(w)))
      expect(out).toContain(word);
  });
});

describe('IPv4 addresses as /proc/net/tcp spells them', () => {
  const hexOf = (bytes: number[]): string =>
    [...bytes]
      .reverse()
      .map((b) => b.toString(16).toUpperCase().padStart(2, '0'))
      .join('');
  const addresses = Array.from({ length: 40 }, () => [
    [10, 172, 192][Math.floor(next() * 3)]!,
    1 + Math.floor(next() * 254),
    Math.floor(next() * 255),
    1 + Math.floor(next() * 254),
  ]);

  it.each(addresses.map((a) => [a.join('.'), hexOf(a)]))('%s (%s) is pseudonymised, its port kept', (_ip, hex) => {
    const out = createAnonymizer([{ name: 'train-42' }]).text(`   0: ${hex}:1F90 00000000:0000 0A 00000000:00000000`);
    expect(out).not.toContain(hex);
    // The pseudonym is a documentation address (RFC 5737), spelled as the kernel does.
    const written = / ([0-9A-F]{8}):1F90 /.exec(out)?.[1] ?? '';
    const decoded = [6, 4, 2, 0].map((at) => Number.parseInt(written.slice(at, at + 2), 16)).join('.');
    expect(decoded).toMatch(/^(?:192\.0\.2|198\.51\.100|203\.0\.113)\.\d{1,3}$/);
    expect(out).toContain(':1F90 00000000:0000 0A');
  });

  it('keeps the unspecified address and loopback', () => {
    const line = '   1: 0100007F:0CEA 00000000:0000 0A';
    expect(createAnonymizer([{ name: 'train-42' }]).text(line)).toBe(line);
  });
});
