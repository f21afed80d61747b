/**
 * Cross-checks the redaction table against a maintained public rule set used as data: the
 * true-positive samples of gitleaks' rules (MIT licence, Copyright (c) 2019 Zachary Rice),
 * extracted at a pinned commit by `extractGitleaksSamples.ts` into `gitleaksSamples.json`.
 *
 * 1. Every sample secret, in every context template gitleaks itself tests with
 *    (`{i}Token = "{s}"`, `<{i}Token>…`, `System.setProperty("{I}_TOKEN", "{s}")`, …), is
 *    redacted. No exclusions.
 * 2. Every sample of a rule that needs no keyword (gitleaks builds its regex without
 *    `GenerateSemiGenericRegex`) is a secret out of context, so it is redacted even in a bare
 *    log line, except the few listed in NOT_A_SECRET_OUT_OF_CONTEXT with the reason.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets } from '../../../functions/safety/redactSecrets.js';
import type { GitleaksFixture, GitleaksSample } from './GitleaksFixture.js';

const fixture = JSON.parse(readFileSync(new URL('./gitleaksSamples.json', import.meta.url), 'utf8')) as GitleaksFixture;
const secretOf = (sample: GitleaksSample): string => Buffer.from(sample.secretBase64, 'base64').toString('utf8');
const render = (template: string, sample: GitleaksSample): string =>
  template.replaceAll('{i}', sample.identifier).replaceAll('{I}', sample.identifier.toUpperCase()).replaceAll('{s}', secretOf(sample));

/** `rule` or `file:line` → why the bare sample is not a secret without its keyword. */
const NOT_A_SECRET_OUT_OF_CONTEXT: Record<string, string> = {
  'atlassian-api-token':
    'the rule merges a keyword regex (`atlassian|confluence|jira` near 24 characters) with the ATATT3 token regex; these samples are the keyword half: 24 random lowercase characters with no prefix, indistinguishable from an id without the keyword (the ATATT3 form is redacted anywhere)',
  'cmd/generate/config/rules/jwt.go:24':
    'generated from a loose regex (`ey[a-zA-Z0-9]{17,}\\.ey…`): the sample does not start with `eyJ`, which every real JWT header does (base64 of `{"`); real JWTs are redacted anywhere',
  'cmd/generate/config/rules/square.go:42':
    "the sample regex `[0-9A-Za-z\\\\-_]` is a range from backslash to underscore, so the generated body holds `\\`, `]` and `^`, which the rule's own regex (`sq0csp-[\\w-]{43}`) rejects; a real `sq0csp-` secret is redacted anywhere",
};
const exclusionFor = (sample: GitleaksSample): string | undefined =>
  NOT_A_SECRET_OUT_OF_CONTEXT[sample.rule] ?? NOT_A_SECRET_OUT_OF_CONTEXT[`${sample.file}:${sample.line}`];

describe('gitleaks sample fixture', () => {
  it('names its source, commit and licence, and its counts are its contents', () => {
    expect(fixture.source.repository).toBe('https://github.com/gitleaks/gitleaks');
    expect(fixture.source.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(fixture.source.licence).toBe('MIT');
    expect(fixture.source.copyright).toContain('Zachary Rice');
    expect(fixture.samples).toHaveLength(fixture.counts.samples);
    expect(Object.keys(fixture.templates)).toHaveLength(fixture.counts.templates);
    expect(fixture.counts.samples).toBeGreaterThanOrEqual(200);
    expect(fixture.counts.templates).toBeGreaterThanOrEqual(20);
    for (const template of Object.values(fixture.templates)) expect(template).toContain('{s}');
  });

  it('every exclusion still matches a sample (a stale exclusion is removed, not kept)', () => {
    for (const key of Object.keys(NOT_A_SECRET_OUT_OF_CONTEXT)) {
      expect(
        fixture.samples.some((sample) => sample.rule === key || `${sample.file}:${sample.line}` === key),
        key,
      ).toBe(true);
    }
  });
});

describe("gitleaks samples in gitleaks' own context templates are redacted", () => {
  it.each(fixture.samples.map((sample) => [`${sample.rule} (${sample.file.split('/').pop()}:${sample.line})`, sample] as const))('%s', (_label, sample) => {
    const secret = secretOf(sample);
    const leaks = Object.entries(fixture.templates)
      .map(([name, template]) => [name, redactSecrets(render(template, sample))] as const)
      .filter(([, output]) => output.includes(secret) || !output.includes(REDACTED))
      .map(([name]) => name);
    expect(leaks).toEqual([]);
  });
});

describe('gitleaks samples that need no keyword are redacted in a bare log line', () => {
  const bare = fixture.samples.filter((sample) => !sample.needsKeyword);
  it.each(bare.map((sample) => [`${sample.rule} (${sample.file.split('/').pop()}:${sample.line})`, sample] as const))('%s', (_label, sample) => {
    const output = redactSecrets(`ERROR upstream rejected ${secretOf(sample)} (401)`);
    if (exclusionFor(sample)) expect(output, 'excluded sample').toBeTypeOf('string');
    else expect(output).not.toContain(secretOf(sample));
  });

  it('checks all but the documented exclusions', () => {
    const excluded = bare.filter((sample) => exclusionFor(sample) !== undefined);
    expect(excluded.length).toBeLessThanOrEqual(6);
    expect(bare.length - excluded.length).toBeGreaterThanOrEqual(110);
  });
});
