/**
 * Seeded, fake secrets in vendor-documented shapes: the source material of the metamorphic
 * redaction measure. Each shape is transcribed from a gitleaks rule (gitleaks/gitleaks
 * `config/gitleaks.toml`, rule id in `rule`), so a value is one a scanner would flag, but it is
 * drawn from a seeded generator and is no real credential.
 *
 * A secret has a vendor prefix (public: every token of the vendor starts with it) and a random
 * part (what identifies the one credential). The relation (redactionRelation.ts) looks for pieces
 * of the random part only: a surviving `ghp_` tells nothing, a surviving 8 random characters do.
 */
import { randomFrom } from '../heldout/heldOutPlants.js';

export interface SecretSample {
  /** The shape's name (one per gitleaks rule used). */
  kind: SecretKind;
  /** The whole value as a program would print it. */
  value: string;
  /** The vendor's fixed prefix (may be empty). */
  prefix: string;
  /** `value` without `prefix`: the part that identifies the credential. */
  random: string;
  /** The environment variable the vendor's own tools read it from (the plain form `NAME=value`). */
  envName: string;
}

type Random = ReturnType<typeof randomFrom>;

const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALNUM = `${UPPER}${LOWER}${DIGITS}`;
const BASE32 = `${UPPER}234567`;
const URLSAFE = `${ALNUM}_-`;

interface Shape {
  /** gitleaks rule id in config/gitleaks.toml. */
  rule: string;
  /** The rule's regex, transcribed (checked by the test against every generated value). */
  pattern: RegExp;
  envName: string;
  make: (r: Random) => { prefix: string; random: string };
}

/**
 * The shapes. Which of them the product already redacts in their plain form (`NAME=value` on a
 * log line, an event message, an env value…) was measured before any rewriting (README.md,
 * "Which secrets"): only those are in SECRET_KINDS.
 */
export const SHAPES = {
  'github-pat': {
    rule: 'github-pat',
    pattern: /^ghp_[0-9a-zA-Z]{36}$/,
    envName: 'GITHUB_TOKEN',
    make: (r) => ({ prefix: 'ghp_', random: r.chars(ALNUM, 36) }),
  },
  'gitlab-pat': {
    rule: 'gitlab-pat',
    pattern: /^glpat-[\w-]{20}$/,
    envName: 'GITLAB_TOKEN',
    make: (r) => ({ prefix: 'glpat-', random: r.chars(URLSAFE, 20) }),
  },
  'slack-bot-token': {
    rule: 'slack-bot-token',
    pattern: /^xoxb-[0-9]{10,13}-[0-9]{10,13}[a-zA-Z0-9-]*$/,
    envName: 'SLACK_BOT_TOKEN',
    make: (r) => ({ prefix: 'xoxb-', random: `${r.chars(DIGITS, 12)}-${r.chars(DIGITS, 13)}-${r.chars(ALNUM, 24)}` }),
  },
  'aws-access-token': {
    rule: 'aws-access-token',
    pattern: /^(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}$/,
    envName: 'AWS_ACCESS_KEY_ID',
    make: (r) => ({ prefix: 'AKIA', random: r.chars(BASE32, 16) }),
  },
  'stripe-access-token': {
    rule: 'stripe-access-token',
    pattern: /^(?:sk|rk)_(?:test|live|prod)_[a-zA-Z0-9]{10,99}$/,
    envName: 'STRIPE_API_KEY',
    make: (r) => ({ prefix: 'sk_live_', random: r.chars(ALNUM, 48) }),
  },
  'huggingface-access-token': {
    rule: 'huggingface-access-token',
    pattern: /^hf_[a-zA-Z]{34}$/,
    envName: 'HF_TOKEN',
    make: (r) => ({ prefix: 'hf_', random: r.chars(`${UPPER}${LOWER}`, 34) }),
  },
  'npm-access-token': {
    rule: 'npm-access-token',
    pattern: /^npm_[a-z0-9]{36}$/i,
    envName: 'NPM_TOKEN',
    make: (r) => ({ prefix: 'npm_', random: r.chars(ALNUM, 36) }),
  },
  'anthropic-api-key': {
    rule: 'anthropic-api-key',
    pattern: /^sk-ant-api03-[a-zA-Z0-9_-]{93}AA$/,
    envName: 'ANTHROPIC_API_KEY',
    make: (r) => ({ prefix: 'sk-ant-api03-', random: `${r.chars(URLSAFE, 93)}AA` }),
  },
  'sendgrid-api-token': {
    rule: 'sendgrid-api-token',
    pattern: /^SG\.[a-z0-9=_\-.]{66}$/i,
    envName: 'SENDGRID_API_KEY',
    make: (r) => ({ prefix: 'SG.', random: `${r.chars(URLSAFE, 22)}.${r.chars(URLSAFE, 43)}` }),
  },
  jwt: {
    rule: 'jwt',
    pattern: /^ey[a-zA-Z0-9]{17,}\.ey[a-zA-Z0-9/\\_-]{17,}\.(?:[a-zA-Z0-9/\\_-]{10,}={0,2})?$/,
    envName: 'ID_TOKEN',
    // A header and claims that decode (base64url of JSON), and a random signature.
    make: (r) => {
      const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
      const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: r.chars(ALNUM, 12) }));
      const claims = b64url(JSON.stringify({ sub: r.chars(DIGITS, 12), iat: 1_796_000_000 + r.int(0, 9_999_999), nonce: r.chars(ALNUM, 16) }));
      // The header and claims share most of their bytes between tokens (the same JSON keys): the
      // signature is what identifies one token, so it is the random part.
      return { prefix: `${header}.${claims}.`, random: r.chars(URLSAFE, 43) };
    },
  },
} satisfies Record<string, Shape>;

export type SecretKind = keyof typeof SHAPES;

export const ALL_KINDS = Object.keys(SHAPES) as SecretKind[];

/** One fresh secret of `kind`: every case gets its own, so a survivor names its case. */
export function drawSecret(r: Random, kind: SecretKind): SecretSample {
  const shape: Shape = SHAPES[kind];
  const { prefix, random } = shape.make(r);
  return { kind, value: `${prefix}${random}`, prefix, random, envName: shape.envName };
}
