/**
 * A secret cut by a transport's line break (issue #25 item 6; the seventh held-out set found a
 * token cut by a logger's 80-column wrap and a key cut by a quoted-printable soft break whole in
 * the raw recording). Generated here, not copied from that set: every one-line sample of the
 * shared secret corpus × the column the break falls in (several offsets inside the secret) ×
 * wrap widths × the carriers that mark their break as soft (quoted-printable; plain fixed-width
 * wraps are not undone, functions/safety/redactAcrossSoftBreaks.ts says why, and are kept only for the ordinary-text half) — `fold -w` (GNU coreutils: breaks at the column whatever it holds),
 * the same with an indented continuation (a log formatter), CRLF line ends, and
 * quoted-printable (RFC 2045 §6.7: `=` encoded `=3D`, lines of at most 76 characters ended by a
 * soft break `=`). And the other way round: long upstream messages (the scenario fixtures' own
 * event, phase and log texts) wrapped the same ways must not gain a marker.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../functions/safety/redactSecrets.js';
import { SECRET_CORPUS, leakedFragments, type SecretSample } from './secretCorpus.js';

const WIDTHS = [60, 64, 72, 76, 80, 100, 120] as const;
const FILLER = 'relayed by the log forwarder from the training container, verbatim: ';

/** Cuts one line every `width` characters; continuation lines start with `indent`. */
const fold = (line: string, width: number, indent: string, eol: string): string => {
  const rows: string[] = [];
  for (let at = 0; at < line.length; at += width) rows.push(`${at === 0 ? '' : indent}${line.slice(at, at + width)}`);
  return rows.join(eol);
};

/** RFC 2045 §6.7: `=` as `=3D`, soft breaks so that no line exceeds `width` (≤ 76) with its `=`, never inside an escape. */
const quotedPrintable = (line: string, width: number): string => {
  const encoded = line.replace(/=/g, '=3D');
  const rows: string[] = [];
  let row = '';
  for (let at = 0; at < encoded.length;) {
    const unit = encoded[at] === '=' ? encoded.slice(at, at + 3) : encoded[at]!;
    if (row.length + unit.length > width - 1) {
      rows.push(`${row}=`);
      row = '';
    }
    row += unit;
    at += unit.length;
  }
  rows.push(row);
  return `Content-Transfer-Encoding: quoted-printable\n\n${rows.join('\n')}`;
};

type Carrier = (line: string, width: number) => string;
/**
 * The carriers whose break the text marks as soft. A plain fixed-width wrap (`fold -w`, a
 * logger's wrap) is not undone (redactAcrossSoftBreaks.ts says why): its
 * carriers stay below for the ordinary-text check, where they must change nothing.
 */
const CARRIERS: Record<string, Carrier> = {
  'quoted-printable': (line, width) => quotedPrintable(line, Math.min(width, 76)),
};
const PLAIN_WRAPS: Record<string, Carrier> = {
  fold: (line, width) => fold(line, width, '', '\n'),
  'fold, indented continuation': (line, width) => fold(line, width, '    ', '\n'),
  'fold, CRLF': (line, width) => fold(line, width, '  ', '\r\n'),
};

/** One-line samples whose secret is one run: what a wrapper can cut inside. */
const SAMPLES = SECRET_CORPUS.filter(
  (sample) => !sample.text.includes('\n') && !/\s/.test(sample.secret) && sample.secret.length >= 20 && sample.secret.length <= 200,
);

/** The line with filler before it, so that a fold at `width` cuts the secret `offset` characters in. */
function lineCutAt(sample: SecretSample, width: number, offset: number): string {
  const at = sample.text.indexOf(sample.secret) + offset;
  const fill = (width - (at % width)) % width;
  return `${fill === 0 ? '' : `${FILLER.repeat(3).slice(0, fill - 1)} `}${sample.text}`;
}

/**
 * Shapes that still leak a piece when cut, each for a reason this rule does not reach:
 * - aws-key-id-secret-pair(-url-encoded): the key id before the secret is redacted from the head
 *   line's context, so the joined redaction starts before the cut token and is left to the table
 *   (the same guard keeps a PEM BEGIN line behind a forwarder's prefix whole for its own row);
 * - docker-login-p-flag: the continuation is a plain word (`zn`) after a head the table already
 *   takes whole, read as the next word;
 * - telegram-bot-token: cut just before its `:`, the continuation starts with no token character;
 * - gcp-service-account-private-key: the break falls in the context (`PRIVATE␤KEY`), not in a token.
 */
const RESIDUAL = new Set([
  'aws-key-id-secret-pair',
  'aws-key-id-secret-pair-url-encoded',
  'docker-login-p-flag',
  'telegram-bot-token',
  'gcp-service-account-private-key',
]);

describe('a secret cut by a line break is redacted whole', () => {
  const leaking = new Map<string, string>();
  let cases = 0;
  for (const sample of SAMPLES) {
    for (const width of WIDTHS) {
      const step = Math.max(1, Math.floor(sample.secret.length / 6));
      for (let offset = 2; offset <= sample.secret.length - 2; offset += step) {
        for (const [carrier, wrap] of Object.entries(CARRIERS)) {
          const wrapped = wrap(lineCutAt(sample, width, offset), width);
          // Only a secret the break really cut counts here (quoted-printable escapes move the column).
          if (wrapped.includes(sample.secret) || wrapped.includes(sample.secret.replace(/=/g, '=3D'))) continue;
          cases += 1;
          const leaks = leakedFragments(sample, redactSecrets(wrapped));
          if (leaks.length > 0 && !leaking.has(sample.shape)) leaking.set(sample.shape, `${carrier} at ${width}, ${offset} in: ${JSON.stringify(wrapped)}`);
        }
      }
    }
  }

  it('generates thousands of cases over tens of shapes', () => {
    expect(new Set(SAMPLES.map((sample) => sample.shape)).size).toBeGreaterThan(60);
    expect(cases).toBeGreaterThan(2_500);
  });

  it('leaks no 8-character piece of any shape but the residual ones', () => {
    expect([...leaking].filter(([shape]) => !RESIDUAL.has(shape))).toEqual([]);
  });

  it('keeps the residual list honest (each still leaks, so an entry that passes is removed)', () => {
    expect([...RESIDUAL].filter((shape) => !leaking.has(shape))).toEqual([]);
  });

  it.each([['an Artifactory key behind a quoted-printable soft break', 'Content-Transfer-Encoding: quoted-printable\n\nX-JFrog-Art-Api: =3D', '=\n', '\n']])(
    '%s',
    (_what, head, breakText, tail) => {
      const token = `${['sg', 'p_'].join('')}${'0f1e2d3c4b5a6978'}_${'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'}`;
      const key = `${['AK', 'Cp'].join('')}${'x7Kq2Lm9Np4Rs8Tv1Wy5Za3Bc6De0Fg2Hj7Kl9Mn4Pq8Rs1Tu5Vw3Xy6Za0Bc2De7Fg9Hj4K'}`.slice(0, 73);
      const secret = head.includes('JFrog') ? key : token;
      const cut = head.includes('JFrog') ? 75 - 'X-JFrog-Art-Api: =3D'.length : 80 - head.length - 'INFO '.length + 5;
      const text = `${head}${secret.slice(0, cut)}${breakText}${secret.slice(cut)}${tail}`;
      const redacted = redactSecrets(text);
      expect(redacted).not.toContain(secret.slice(0, 16));
      expect(redacted).not.toContain(secret.slice(-16));
      expect(redacted.split('\n').length).toBe(text.split('\n').length);
      expect(redactSecrets(redacted)).toBe(redacted);
    },
  );
});

/** Every long one-line string of the scenario fixtures without a secret: upstream messages as clusters write them. */
function fixtureMessages(): string[] {
  const folder = new URL('../../fixtures/scenarios/', import.meta.url);
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.length > 90 && !value.includes('\n') && redactSecrets(value) === value) found.add(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    try {
      walk(JSON.parse(readFileSync(new URL(`${entry.name}/scenario.json`, folder), 'utf8')));
    } catch {
      // a folder without a scenario.json (a README, a nested set) holds no message
    }
  }
  return [...found];
}

describe('a secret cut by an escaped line break is redacted whole', () => {
  // YAML 1.2 §7.3.1: in a double-quoted scalar a `\\` ending a line escapes the break and the next
  // line's leading white space is dropped; java.util.Properties#load: a line ending in an odd
  // number of `\\` continues on the next one, leading white space skipped.
  const carriers: Record<string, (head: string, tail: string) => string> = {
    'YAML double-quoted scalar': (head, tail) => `data:\n  message: "${head}\\\n    ${tail}"\n`,
    '.properties value': (head, tail) => `# exported by the job\njob.note=${head}\\\n    ${tail}\n`,
  };
  const shapes = SAMPLES.filter((sample) => /^[\w.~+/=-]+$/.test(sample.secret) && !RESIDUAL.has(sample.shape));
  it('covers tens of shapes', () => expect(shapes.length).toBeGreaterThan(20));
  it.each(Object.keys(carriers))('%s: every token-shaped secret cut in its middle leaves no piece', (name) => {
    const leaks = shapes.flatMap((sample) => {
      const at = sample.text.indexOf(sample.secret) + Math.floor(sample.secret.length / 2);
      const text = carriers[name]!(sample.text.slice(0, at), sample.text.slice(at));
      return leakedFragments(sample, redactSecrets(text)).length > 0 ? [`${sample.shape}: ${text}`] : [];
    });
    expect(leaks).toEqual([]);
  });
  it('keeps a continued ordinary line as it is', () => {
    const text = 'message: "Back-off restarting failed container trainer in pod llama-sft-0 (ns: team-a), \\\n    waiting 5m0s before the next attempt"';
    expect(redactSecrets(text)).toBe(text);
  });
});

describe('ordinary wrapped text stays readable', () => {
  const messages = fixtureMessages();

  it('reads well over a hundred long upstream messages', () => {
    expect(messages.length).toBeGreaterThan(100);
  });

  it('gains no marker when wrapped at any width, by any carrier', () => {
    const changed: string[] = [];
    for (const message of messages) {
      for (const width of WIDTHS) {
        for (const [carrier, wrap] of Object.entries({ ...CARRIERS, ...PLAIN_WRAPS })) {
          const wrapped = wrap(message, width);
          if (redactSecrets(wrapped) !== wrapped) changed.push(`${carrier} at ${width}: ${wrapped}`);
        }
      }
    }
    expect(changed).toEqual([]);
  });

  it('keeps a Kubernetes event message wrapped at 80 columns word for word', () => {
    const message =
      'Failed to pull image "nvcr.io/nvidia/pytorch:24.05-py3@sha256:3f2a9c1d4e5b6a7f3f2a9c1d4e5b6a7f3f2a9c1d4e5b6a7f3f2a9c1d4e5b6a7f": rpc error: code = NotFound desc = failed to pull and unpack image: failed to resolve reference for pod 7c9e6679-7425-40de-944b-e07fc1f90ae7';
    for (const carrier of Object.values({ ...CARRIERS, ...PLAIN_WRAPS })) expect(redactSecrets(carrier(message, 80))).toBe(carrier(message, 80));
  });
});
