/**
 * Issue #25, found by the eighth held-out plant set: a credential an API carries in its URL PATH
 * (Telegram's `/bot<token>/<method>`, Discord, Slack and Teams incoming webhooks) stayed whole
 * when the path was printed without its host (urllib3's `Max retries exceeded with url: <path>`),
 * JSON-escaped or percent-encoded; a Google Chat key glued to a percent-escape (`key%3DAIza…`)
 * stayed too. The cases are generated: every API × host present or absent × every spelling × every
 * carrier, from values assembled at run time from the formats the rows cite (no plant copied).
 */
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../functions/safety/redactSecrets.js';

/** A deterministic draw from an alphabet (a linear congruential generator, no clock). */
const draw = (alphabet: string, n: number, seed: number): string => {
  let state = seed;
  let out = '';
  for (let i = 0; i < n; i += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    // The high bits: an LCG's low bits cycle with a short period.
    out += alphabet[Math.floor(state / 65536) % alphabet.length];
  }
  return out;
};
const DIGITS = '0123456789';
const UPPER_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const B64URL = `${ALNUM}_-`;
const HEX = '0123456789abcdef';
/** A random value has a digit and a letter; the draw is forced to, as the rows require of a slot. */
const random = (alphabet: string, n: number, seed: number): string => `7k${draw(alphabet, n - 2, seed)}`;
const guid = (seed: number): string => {
  const h = draw(HEX, 32, seed);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

interface PathApi {
  readonly name: string;
  readonly host: string;
  /** The request target (path and query), and the secret parts that must not survive. */
  readonly make: (seed: number) => { path: string; secrets: string[]; kept: string[] };
}

const APIS: readonly PathApi[] = [
  {
    // core.telegram.org/bots/api: https://api.telegram.org/bot<token>/METHOD_NAME
    name: 'Telegram Bot API method',
    host: 'https://api.telegram.org',
    make: (seed) => {
      const secret = `A${draw(B64URL, 34, seed)}`;
      const id = `${1 + (seed % 8)}${draw(DIGITS, 5 + (seed % 11), seed + 1)}`;
      return { path: `/bot${id}:${secret}/sendMessage?chat_id=-100${draw(DIGITS, 10, seed)}`, secrets: [secret, `${id}:A`], kept: ['sendMessage'] };
    },
  },
  {
    // core.telegram.org/bots/api, getFile: https://api.telegram.org/file/bot<token>/<file_path>
    name: 'Telegram Bot API file download',
    host: 'https://api.telegram.org',
    make: (seed) => {
      const secret = `AA${draw(B64URL, 33, seed)}`;
      return { path: `/file/bot${draw(DIGITS, 10, seed)}:${secret}/photos/file_${seed % 90}.jpg`, secrets: [secret], kept: ['photos'] };
    },
  },
  {
    // discord.com/developers/docs/resources/webhook: POST /webhooks/{webhook.id}/{webhook.token}
    name: 'Discord webhook',
    host: 'https://discord.com',
    make: (seed) => {
      const token = random(B64URL, 68, seed);
      return { path: `/api/v10/webhooks/1${draw(DIGITS, 17, seed)}/${token}?wait=true`, secrets: [token], kept: ['webhooks'] };
    },
  },
  {
    // api.slack.com/messaging/webhooks: https://hooks.slack.com/services/T…/B…/<secret>
    name: 'Slack incoming webhook',
    host: 'https://hooks.slack.com',
    make: (seed) => {
      const secret = random(ALNUM, 24, seed);
      return { path: `/services/T0${draw(UPPER_DIGITS, 8, seed)}/B0${draw(UPPER_DIGITS, 9, seed + 2)}/${secret}`, secrets: [secret], kept: ['services'] };
    },
  },
  {
    // gitleaks microsoft-teams-webhook: …/webhookb2/<group>@<tenant>/IncomingWebhook/<32 hex>/<guid>
    name: 'Teams incoming webhook',
    host: 'https://contoso.webhook.office.com',
    make: (seed) => {
      const secret = `7a${draw(HEX, 30, seed)}`;
      return {
        path: `/webhookb2/${guid(seed)}@${guid(seed + 1)}/IncomingWebhook/${secret}/${guid(seed + 2)}`,
        secrets: [secret],
        kept: ['IncomingWebhook'],
      };
    },
  },
  {
    // developers.google.com/workspace/chat/quickstart/webhooks: …/messages?key=<api key>&token=<token>
    name: 'Google Chat webhook',
    host: 'https://chat.googleapis.com',
    make: (seed) => {
      const key = `AIza${draw(B64URL, 35, seed)}`;
      const token = random(B64URL, 43, seed + 3);
      return { path: `/v1/spaces/AAAA${draw(ALNUM, 7, seed)}/messages?key=${key}&token=${token}%3D`, secrets: [key, token], kept: ['messages'] };
    },
  },
];

/** The spellings a log gives a URL. */
const ENCODINGS: readonly { name: string; encode: (url: string) => string; encodeSecret: (secret: string) => string }[] = [
  { name: 'as written', encode: (url) => url, encodeSecret: (s) => s },
  // PHP json_encode without JSON_UNESCAPED_SLASHES (php.net json_encode).
  { name: 'JSON-escaped slashes', encode: (url) => url.replace(/\//g, '\\/'), encodeSecret: (s) => s },
  // Go encoding/json escapes `&` as \u0026 (pkg.go.dev/encoding/json, Marshal: HTML escaping).
  { name: 'JSON \\u0026 escapes', encode: (url) => url.replace(/&/g, '\\u0026'), encodeSecret: (s) => s },
  // A URL passed as a query value (RFC 3986 §2.1, encodeURIComponent).
  { name: 'percent-encoded', encode: (url) => encodeURIComponent(url), encodeSecret: (s) => encodeURIComponent(s) },
  {
    name: 'percent-encoded twice',
    encode: (url) => encodeURIComponent(encodeURIComponent(url)),
    encodeSecret: (s) => encodeURIComponent(encodeURIComponent(s)),
  },
];

/** Where the URL is printed. */
const CARRIERS: readonly { name: string; wrap: (url: string) => string }[] = [
  // urllib3 src/urllib3/exceptions.py, MaxRetryError: `Max retries exceeded with url: {url} (Caused by {reason!r})`.
  {
    name: "urllib3's MaxRetryError",
    wrap: (url) =>
      `requests.exceptions.ConnectionError: HTTPSConnectionPool(host='x', port=443): Max retries exceeded with url: ${url} (Caused by NewConnectionError('…'))`,
  },
  { name: 'a JSON log field', wrap: (url) => `{"level":"error","url":"${url}","status":502}` },
  { name: 'a redirect query', wrap: (url) => `GET /login?next=${url} 302` },
];

/** Any 16-character piece of the secret as it is spelled in the text (the held-out sets' rule). */
const leaks = (text: string, secret: string): boolean => {
  for (let i = 0; i + 16 <= secret.length; i += 1) if (text.includes(secret.slice(i, i + 16))) return true;
  return secret.length < 16 && text.includes(secret);
};

const cases = APIS.flatMap((api, apiIndex) =>
  [true, false].flatMap((withHost) =>
    ENCODINGS.flatMap((encoding) =>
      CARRIERS.map((carrier, carrierIndex) => {
        const seed = 101 + apiIndex * 37 + carrierIndex * 11 + (withHost ? 5 : 0);
        const { path, secrets, kept } = api.make(seed);
        const text = carrier.wrap(encoding.encode(`${withHost ? api.host : ''}${path}`));
        return [
          `${api.name}, ${withHost ? 'with' : 'without'} its host, ${encoding.name}, in ${carrier.name}`,
          text,
          secrets.map(encoding.encodeSecret),
          kept,
        ] as const;
      }),
    ),
  ),
);

describe('credentials in a URL path, by API × host × spelling × carrier', () => {
  it.each(cases)('%s', (_what, text, secrets, kept) => {
    const redacted = redactSecrets(text);
    for (const secret of secrets) expect(leaks(redacted, secret), `${secret} in ${redacted}`).toBe(false);
    // The template's words stay: the reader still sees which API failed.
    for (const word of kept) expect(redacted).toContain(word);
    expect(redactSecrets(redacted)).toBe(redacted);
  });

  it('covers every API, both host forms, every spelling and every carrier', () => {
    expect(cases).toHaveLength(APIS.length * 2 * ENCODINGS.length * CARRIERS.length);
  });
});

describe('ordinary path segments stay', () => {
  const sha = draw(HEX, 40, 5);
  const digest = draw(HEX, 64, 9);
  it.each([
    ['a model path', 'Max retries exceeded with url: /api/models/meta-llama/Llama-3.1-8B-Instruct/revision/main'],
    ['a UUID in a REST path', `Max retries exceeded with url: /v1/workloads/${guid(3)}/pods`],
    ['a commit SHA', `GET https://api.github.com/repos/acme/trainer/commits/${sha}/status`],
    ['an image digest, percent-encoded', `?image=registry.example.com%2Fteam%2Fimg%40sha256%3A${digest}`],
    ['a bot route that is no token', 'POST /bot/sendMessage/retry failed; /bot12345:AgencyIdentificationCodeContentType/'],
    ['a GitLab project hooks path', 'GET /api/v4/projects/1234567890123456/hooks/98765 404'],
    ['a services path with words', 'GET /services/TEMPLATES/billing/invoices-2024-archive 200'],
    ['a webhooks path with a word', `POST /api/webhooks/123456789012345678/${'notification'.repeat(4)} 404`],
    ['an escaped line break before a word', String.raw`{"log":"Epoch 3\nhf_datasets cache warm\tsk-learn 1.5"}`],
  ])('%s', (_what, text) => {
    expect(redactSecrets(text)).toBe(text);
  });
});
