/**
 * Issue #25, found by the fourth held-out plant set: a webhook URL whose PATH is the credential,
 * and another cloud's AccessKey id by its vendor prefix, passed the report's redaction and so the
 * recording's (one table, functions/safety). Also: a secret's value ends at an escaped line break.
 * Values are assembled at run time from the formats the rows cite, never copied from a plant.
 */
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../functions/safety/redactSecrets.js';

const hex = (n: number, seed = 7): string => Array.from({ length: n }, (_, i) => ((i * seed + 3) % 16).toString(16)).join('');
const guid = (seed: number): string => {
  const h = hex(32, seed);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const mixed = (n: number): string => Array.from({ length: n }, (_, i) => 'Qm7xK2pZ9vR4tW8yB3nC5dF6gH1jL0s'[(i * 5 + 1) % 31]).join('');

describe('webhook URLs whose path is the credential', () => {
  const teamsSecret = `${hex(32, 5)}/${guid(3)}`;
  it.each([
    [
      'a Teams webhookb2 URL (gitleaks microsoft-teams-webhook)',
      `https://contoso.webhook.office.com/webhookb2/${guid(11)}@${guid(13)}/IncomingWebhook/${teamsSecret}`,
      teamsSecret,
    ],
    [
      'an Office 365 connector URL with a V2 tail',
      `https://outlook.office.com/webhook/${guid(11)}@${guid(13)}/IncomingWebhook/${teamsSecret}/V2${mixed(40)}`,
      teamsSecret,
    ],
    ['a Slack incoming webhook', `https://hooks.slack.com/services/T${mixed(8).toUpperCase()}/B${mixed(10).toUpperCase()}/${mixed(24)}`, mixed(24)],
    ['a Slack workflow trigger', `https://hooks.slack.com/triggers/T${mixed(8).toUpperCase()}/${'7'.repeat(13)}/${hex(32)}`, hex(32)],
    ['a Discord webhook, versioned API', `https://discord.com/api/v10/webhooks/${'1'.repeat(18)}/${mixed(68)}`, mixed(68)],
    ['a Mattermost incoming webhook', `https://chat.example.org/hooks/${'q3n5r7tjbkfm9w1ycz4p6hdaxe'}`, 'q3n5r7tjbkfm9w1ycz4p6hdaxe'],
    [
      'a Google Chat webhook (key and token in the query)',
      `https://chat.googleapis.com/v1/spaces/AAAA${mixed(7)}/messages?key=AIza${mixed(35)}&token=${mixed(43)}%3D`,
      mixed(43),
    ],
  ])('%s: the secret part is redacted, the host kept', (_what, url, secret) => {
    const text = `notify: POST ${url} returned 404\nDEBUG next line`;
    const redacted = redactSecrets(text);
    expect(redacted).not.toContain(secret);
    expect(redacted).toContain('[REDACTED]');
    expect(redacted).toContain(new URL(url).host);
    expect(redacted.endsWith('returned 404\nDEBUG next line')).toBe(true);
    expect(redactSecrets(redacted)).toBe(redacted);
  });

  it.each([
    ['a git hook path', 'running .git/hooks/post-receive-notification-handler'],
    ['a hooks folder with a word', 'see /etc/webhook/hooks/deployment-status-reporter'],
    ['the IncomingWebhook word alone', 'configure an IncomingWebhook connector'],
  ])('leaves %s alone', (_what, text) => {
    expect(redactSecrets(text)).toBe(text);
  });
});

describe("another cloud's AccessKey id by its vendor prefix", () => {
  it.each([
    [
      'Alibaba LTAI + 20 (gitleaks alibaba-access-key-id), in an ossutil config',
      `[Credentials]\nendpoint=oss-cn-hangzhou.aliyuncs.com\naccessKeyID=LTAI${mixed(20)}\n`,
      `LTAI${mixed(20)}`,
    ],
    ['Alibaba LTAI + 12 (older keys), bare', `using key LTAI${mixed(12)} for bucket`, `LTAI${mixed(12)}`],
    ['Tencent AKID + 32, as a SecretId', `SecretId: AKID${mixed(32)}`, `AKID${mixed(32)}`],
    ['AWS A3T prefix (gitleaks aws-access-token)', `creds A3TX${'QWERTYUIOPASDFGH'}`, `A3TX${'QWERTYUIOPASDFGH'}`],
  ])('%s is redacted', (_what, text, id) => {
    expect(redactSecrets(text)).not.toContain(id);
  });

  it.each([
    ['LTAI as a word', 'the LTAI prefix names Alibaba keys'],
    ['letters only', 'AKIDABCDEFGHIJKLMNOPQRSTUVWXYZABCDEF'],
  ])('leaves %s alone', (_what, text) => {
    expect(redactSecrets(text)).toBe(text);
  });
});

describe("a secret's value ends at a line break, real or escaped", () => {
  it.each([
    ['a JSON-escaped line break', '\\n'],
    ['an escaped CRLF', '\\r\\n'],
    ['a real line break', '\n'],
  ])('%s: the next line keeps its first word', (_what, br) => {
    for (const secretLine of [`export OPENAI_API_KEY=sk-proj-${mixed(40)}`, `password: ${mixed(18)}`, `Cookie: sid=${mixed(24)}`, `token=${mixed(30)}`]) {
      const text = `INFO 12-06 first${br}${secretLine}${br}DEBUG 12-06 10:00:01 next.py:3] ok`;
      const redacted = redactSecrets(text);
      expect(redacted).toContain('[REDACTED]');
      expect(redacted).toContain(`${br}DEBUG 12-06 10:00:01 next.py:3] ok`);
      expect(redacted).not.toContain(mixed(18));
    }
  });
});
