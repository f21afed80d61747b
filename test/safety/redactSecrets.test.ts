import { describe, expect, it } from 'vitest';
import { REDACTED, redactEnvironmentValue, redactSecrets } from '../../functions/safety/redactSecrets.js';
import { isSecretName } from '../../functions/safety/isSecretName.js';
import { SECRET_PATTERNS, type SecretPattern } from '../../functions/safety/secretPatterns.js';
import { ORDINARY_VALUES, SECRET_CORPUS, SECRET_SHAPES, leakedFragments } from './secretCorpus.js';

describe('SECRET_PATTERNS table', () => {
  it('has at least 40 uniquely named, global rows', () => {
    const names = SECRET_PATTERNS.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(40);
    for (const { name, pattern } of SECRET_PATTERNS) expect(pattern.flags, name).toContain('g');
  });
});

/** Applies one row alone (mirrors the engine: a declined match resumes one character later). */
function applyRow(text: string, row: SecretPattern): string {
  const { pattern, replace } = row;
  pattern.lastIndex = 0;
  let out = '';
  let copied = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    const groups = m.groups;
    const replacement = replace((name) => groups?.[name] ?? '', m[0]);
    if (replacement === null || m[0].length === 0) {
      pattern.lastIndex = m.index + 1;
      continue;
    }
    out += text.slice(copied, m.index) + replacement;
    copied = m.index + m[0].length;
  }
  pattern.lastIndex = 0;
  return out + text.slice(copied);
}

describe('every table row is exercised by the corpus', () => {
  it.each(SECRET_PATTERNS.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    expect(SECRET_CORPUS.some((sample) => applyRow(sample.text, row) !== sample.text)).toBe(true);
  });
});

describe('redactSecrets on the secret corpus', () => {
  it('covers at least 40 distinct shapes in every context kind', () => {
    expect(SECRET_SHAPES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(SECRET_CORPUS.map((s) => s.context))).toEqual(new Set(['env', 'command', 'url', 'json', 'yaml', 'log', 'event', 'header', 'file']));
    for (const s of SECRET_CORPUS) expect(s.text.split(s.secret).length, s.shape).toBe(2);
  });

  it.each(SECRET_CORPUS.map((s) => [`${s.shape} (${s.context})`, s] as const))('%s', (_label, sample) => {
    const output = redactSecrets(sample.text);
    expect(output).not.toContain(sample.secret);
    expect(output).toContain(REDACTED);
    expect(leakedFragments(sample, output)).toEqual([]);
  });
});

/**
 * The reports quote untrusted text between typographic marks and the rendered text is redacted
 * again at the edge (runCli, the notification builders). Every corpus line that ends in its secret,
 * quoted the way the renderer quotes it, must keep the closing mark and the sentence's stop — on
 * the first pass and on the second (a value that is already `[REDACTED]`).
 */
describe("redactSecrets keeps the renderer's closing quote after a redacted value", () => {
  const endingInSecret = SECRET_CORPUS.filter((s) => s.text.endsWith(s.secret) && !s.text.includes('\n'));
  it('has lines of every row kind to try', () => {
    expect(endingInSecret.length).toBeGreaterThanOrEqual(20);
  });
  it.each(endingInSecret.flatMap((s) => ['”', '”.', '’', '»', '”)'].map((close) => [`${s.shape} (${s.context}) ${close}`, s, close] as const)))(
    '%s',
    (_label, sample, close) => {
      const quoted = `“${sample.text}${close} (source)`;
      const once = redactSecrets(quoted);
      expect(once).not.toContain(sample.secret);
      expect(once.endsWith(`${REDACTED}${close} (source)`), once).toBe(true);
      expect(redactSecrets(once)).toBe(once);
    },
  );
});

describe('redactSecrets keeps ordinary evidence readable', () => {
  it.each(ORDINARY_VALUES.map((v) => [v]))('%s', (value) => {
    expect(redactSecrets(value)).toBe(value);
  });
});

describe('redactSecrets keeps useful context', () => {
  it.each([
    ['password=hunter2 retries=3', 'password=[REDACTED] retries=3'],
    ['DB_PASSWORD="p@ss word" DB_USER=etl', 'DB_PASSWORD="[REDACTED]" DB_USER=etl'],
    ['{"password": "hunter2", "user": "etl"}', '{"password": "[REDACTED]", "user": "etl"}'],
    ['https://user:hunter2@pypi.example.com/simple', 'https://user:[REDACTED]@pypi.example.com/simple'],
    ['postgres://etl:p@ss@db:5432/x', 'postgres://etl:[REDACTED]@db:5432/x'],
    ['redis://:hunter2@redis:6379/0', 'redis://:[REDACTED]@redis:6379/0'],
    ['Authorization: Bearer abc.def-123', 'Authorization: Bearer [REDACTED]'],
    ['AWS_SECRET_ACCESS_KEY=abcdEFGH1234/abcdEFGH1234+abcdEFGH123456', 'AWS_SECRET_ACCESS_KEY=[REDACTED]'],
    ['--password s3cret --epochs 3', '--password [REDACTED] --epochs 3'],
    ['--client-secret=s3cret', '--client-secret=[REDACTED]'],
    ['mysql -uroot -ps3cret db', 'mysql -uroot -p[REDACTED] db'],
    ['AccountKey=abc+def==;EndpointSuffix=core.windows.net', 'AccountKey=[REDACTED];EndpointSuffix=core.windows.net'],
    ['?sv=2022-11-02&sig=abc%2Bdef&se=2025', '?sv=2022-11-02&sig=[REDACTED]&se=2025'],
    ['{password=abc, user=bob}', '{password=[REDACTED], user=bob}'],
    ['(token=abc123)', '(token=[REDACTED])'],
    ['- name: HF_TOKEN\n  value: abcdefgh', '- name: HF_TOKEN\n  value: [REDACTED]'],
    ['Cookie: a=b; c=d\nnext line', 'Cookie: [REDACTED]\nnext line'],
    ['token: 7f3a9e0b1c2d', 'token: [REDACTED]'],
  ])('%j', (input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
  });

  it('keeps empty, boolean and variable-reference values visible under secret names', () => {
    for (const text of [
      'DB_PASSWORD=',
      'password: null',
      'REQUIRE_PASSWORD=true',
      '--password $DB_PASSWORD',
      'token=${HF_TOKEN}',
      'password: "***"',
      '--api-key API_KEY',
    ]) {
      expect(redactSecrets(text), text).toBe(text);
    }
  });

  it('redacts a password split by an encoded ampersand or semicolon entirely', () => {
    expect(redactSecrets('DB_PASSWORD=ab&cd;ef,gh next')).toBe('DB_PASSWORD=[REDACTED] next');
  });
});

describe('redactEnvironmentValue', () => {
  it('redacts the whole value of a secret-named variable, even an innocent-looking one', () => {
    expect(redactEnvironmentValue('DB_PASSWORD', 'postgres')).toBe(REDACTED);
    expect(redactEnvironmentValue('HF_TOKEN', 'x')).toBe(REDACTED);
    expect(redactEnvironmentValue('clientSecret', 'true')).toBe(REDACTED);
  });
  it('keeps an empty secret value empty (that absence is evidence)', () => {
    expect(redactEnvironmentValue('DB_PASSWORD', '')).toBe('');
  });
  it('redacts only embedded credentials in other variables', () => {
    expect(redactEnvironmentValue('DATABASE_URL', 'postgres://u:pw@db/x')).toBe('postgres://u:[REDACTED]@db/x');
    expect(redactEnvironmentValue('MODEL', 'meta-llama/Llama-3-8B')).toBe('meta-llama/Llama-3-8B');
    expect(redactEnvironmentValue('PWD', '/home/jovyan')).toBe('/home/jovyan');
  });
});

describe('isSecretName', () => {
  it.each([
    'password',
    'PASSWORD',
    'DB_PASSWORD',
    'dbPassword',
    'PGPASSWORD',
    'MYSQL_ROOT_PASSWORD',
    'passwd',
    'DB_PWD',
    'DB_PASS',
    'pass',
    'secret',
    'CLIENT_SECRET',
    'clientSecret',
    'NEXTAUTH_SECRET',
    'token',
    'HF_TOKEN',
    'hfToken',
    'access_token',
    'GITHUB_TOKEN',
    'api_key',
    'apiKey',
    'x-api-key',
    'OPENAI_API_KEY',
    'WANDB_API_KEY',
    'NGC_API_KEY',
    'AWS_SECRET_ACCESS_KEY',
    'secretAccessKey',
    'private_key',
    'SSH_PRIVATE_KEY',
    'AccountKey',
    'SharedAccessKey',
    'credentials',
    'GOOGLE_APPLICATION_CREDENTIALS',
    'auth',
    'basic_auth',
    'session',
    'session_id',
    'JSESSIONID',
    'cookie',
    'Set-Cookie',
    '.dockerconfigjson',
    'client-key-data',
    'DB_PASSWORD_B64',
    'TOKEN_2',
    'SECRET_KEY_BASE',
    'X-Amz-Signature',
    'X-Amz-Security-Token',
    'GH_PAT',
    'passphrase',
  ])('%s is secret', (name) => expect(isSecretName(name)).toBe(true));

  it.each([
    'passwordless',
    'password_file',
    'PASSWORD_FILE',
    'tokenizer',
    'max_tokens',
    'num_tokens',
    'token_type',
    'TOKEN_URL',
    'secretName',
    'secret_ref',
    'imagePullSecrets',
    'secrets',
    'PWD',
    'OLDPWD',
    'bypass',
    'compass',
    'author',
    'authority',
    'AUTH_MODE',
    'key',
    'KEY',
    'keyboard',
    'AWS_ACCESS_KEY_ID',
    'eos_token',
    'pad_token',
    'batch_size',
    'MODEL_NAME',
    'sessionAffinity',
    'path',
    'HOME',
  ])('%s is not secret', (name) => expect(isSecretName(name)).toBe(false));
});
