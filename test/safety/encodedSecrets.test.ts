/**
 * A secret carried in base64 (functions/safety/redactEncodedSecrets.ts): generated. Tokens of every
 * pinned documented shape (functions/safety/documentedTokenShapes.ts, drawn from each shape's
 * regex) × what is encoded (the token alone, `NAME=token` in a .env file, a curl command line with
 * a Bearer header) × the encoding (RFC 4648 §4 base64 on one line, §5 URL-safe, GNU coreutils
 * `base64` wrapping at 76 columns and `-w 64`, behind a Kubernetes Secret's `data:` key or alone):
 * the encoded secret must not survive decodable. And the other way round: base64 of ordinary text
 * (a config with nothing secret, a log line) and of bytes (a digest, random bytes) stays as it is.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { redactSecrets } from '../../functions/safety/redactSecrets.js';
import { PINNED_TOKEN_SHAPES } from '../../functions/safety/documentedTokenShapes.js';

const tokens = PINNED_TOKEN_SHAPES.flatMap((source, index) =>
  fc
    .sample(fc.stringMatching(new RegExp(`^(?:${source})$`)), { seed: 2_000 + index, numRuns: 30 })
    .filter((token) => redactSecrets(`${token} .`) === '[REDACTED] .')
    .slice(0, 2),
);

const base64 = (text: string) => Buffer.from(text).toString('base64');
const base64url = (text: string) => Buffer.from(text).toString('base64url');
const wrap = (text: string, width: number) => text.match(new RegExp(`.{1,${width}}`, 'g'))!.join('\n');

const PAYLOADS: Record<string, (token: string) => string> = {
  'the token': (token) => token,
  'a .env file': (token) => `# provisioned\nREGION=us-east-1\nLOG_LEVEL=info\nSERVICE_TOKEN=${token}\nRETRIES=3\n`,
  'a curl command': (token) => `curl -sS -H "Authorization: Bearer ${token}" https://api.example.com/v1/jobs`,
};
const ENCODINGS: Record<string, (payload: string) => string> = {
  'base64, one line, behind data:': (payload) => `data:\n  config: ${base64(payload)}\n`,
  'base64url, one line': (payload) => `echo ${base64url(payload)} | base64 -d`,
  'base64 -w 76': (payload) => `-----\n${wrap(base64(payload), 76)}\n-----`,
  'base64 -w 64, indented': (payload) =>
    `blob: |\n${wrap(base64(payload), 64)
      .split('\n')
      .map((line) => `  ${line}`)
      .join('\n')}\nend`,
};

/** The encoded secret survives when the encoding of any 12-byte window of it is still in the output. */
function survives(token: string, output: string): boolean {
  const decodedRuns = (output.match(/[A-Za-z0-9+/_=-]{4,}(?:\n[ \t]*[A-Za-z0-9+/_=-]{4,})*/g) ?? []).map((run) =>
    Buffer.from(run.replace(/\s/g, '').replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1'),
  );
  return decodedRuns.some((decoded) => decoded.includes(token.slice(0, 12)) || decoded.includes(token.slice(-12)));
}

describe('a secret carried in base64 is redacted', () => {
  it('draws tokens of tens of shapes', () => expect(tokens.length).toBeGreaterThan(80));

  it('leaves no encoded secret decodable, in any payload and encoding', () => {
    const left: string[] = [];
    let cases = 0;
    for (const token of tokens)
      for (const [what, payload] of Object.entries(PAYLOADS))
        for (const [how, encode] of Object.entries(ENCODINGS)) {
          const text = encode(payload(token));
          cases += 1;
          if (survives(token, redactSecrets(text))) left.push(`${what} in ${how}: ${token}`);
        }
    expect(cases).toBeGreaterThan(1_000);
    expect(left.slice(0, 5)).toEqual([]);
  });
});

describe('base64 with nothing secret stays', () => {
  const ORDINARY = [
    '# settings\nREGION=us-east-1\nLOG_LEVEL=info\nRETRIES=3\nCUDA_VISIBLE_DEVICES=0,1\n',
    'torch.distributed.elastic.multiprocessing.errors.ChildFailedError: train.py FAILED',
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: trainer-config\ndata:\n  epochs: "90"\n',
  ];
  const BYTES = [Uint8Array.from({ length: 48 }, (_, index) => (index * 37 + 11) % 256), Uint8Array.from({ length: 32 }, (_, index) => (index * 91) % 256)];

  it('keeps base64 of ordinary text, on one line and wrapped', () => {
    for (const text of ORDINARY) {
      for (const encoded of [`data: ${base64(text)}`, wrap(base64(text), 76), `echo ${base64url(text)}`]) expect(redactSecrets(encoded)).toBe(encoded);
    }
  });

  it('keeps base64 of bytes (digests, random bytes)', () => {
    for (const bytes of BYTES) {
      const encoded = `checksum ${Buffer.from(bytes).toString('base64')} ok`;
      expect(redactSecrets(encoded)).toBe(encoded);
    }
  });
});
