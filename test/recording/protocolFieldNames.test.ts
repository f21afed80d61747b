/**
 * Protocol vocabulary is not an identifier (protocolFieldNames.ts): the generated names of HTTP
 * header fields, OAuth parameters and git trailers stay, in every place a log writes them, and a
 * value that names a principal is still pseudonymised (replaceProtocolFieldValues.ts). Names and
 * values of this file's own; the generator is test/recording/buildProtocolFieldNames.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';
import { PROTOCOL_FIELD_NAMES } from '../../functions/recording/protocolFieldNames.generated.js';
import { principalOfField, protocolFieldNameLength } from '../../functions/recording/protocolFieldNames.js';
import { undiciHeaderNames } from './buildProtocolFieldNames.js';
import { measureProtocolFieldPlants } from './protocolFieldPlants.js';

const PSEUDONYM = /(?:name|user)-[0-9a-f]{6}/;

describe('protocol field names', () => {
  it('the snapshot holds every well-known header name of the undici in node_modules (regenerate on upgrade)', () => {
    const names = new Set(PROTOCOL_FIELD_NAMES.split('\n'));
    const undici = undiciHeaderNames(readFileSync(new URL('../../node_modules/undici/lib/core/constants.js', import.meta.url), 'utf8'));
    expect(undici.length).toBeGreaterThan(50);
    expect(undici.filter((name) => !names.has(name.toLowerCase()))).toEqual([]);
  });

  it.each([
    // field × place: a header line, klog's dump after `]`, curl's -H, a form body, JSON, prose.
    ['Impersonate-User: quorvane', 'Impersonate-User'],
    ['I1203 10:00:00.1 1 round_trippers.go:473]     Impersonate-Group: quorvane-leads', 'Impersonate-Group'],
    ['curl -k -H "X-Scope-OrgID: quorvane" https://10.0.0.1/api', 'X-Scope-OrgID'],
    ['X-Remote-User: quorvane', 'X-Remote-User'],
    ['grant_type=client_credentials&client_id=quorvane-web', 'client_id'],
    ['{"client_id": "quorvane-web", "redirect_uri": "https://login.quorvane.io/cb"}', 'redirect_uri'],
    ['Acked-by: Quorvane Dellsmith <qd@quorvane.com>', 'Acked-by'],
    ['Reviewed-by: quorvane dellsmith', 'Reviewed-by'],
  ])('keeps the name and replaces the value: %s', (line, name) => {
    const out = createAnonymizer([{ name: 'train-42' }]).text(line);
    expect(out, out).toContain(name);
    expect(out, out).not.toMatch(/quorvane|dellsmith/i);
    expect(out, out).toMatch(PSEUDONYM);
  });

  it.each([
    ['a header of joined words in prose', 'the server ignored the Retry-After header', 'the server ignored the Retry-After header'],
    ['a capitalised one-word header before its colon', 'Authorization: [REDACTED]', 'Authorization: [REDACTED]'],
    ['a field that names no principal keeps its value to the other rules', 'grant_type=client_credentials', 'grant_type=client_credentials'],
  ])('%s', (_what, line, expected) => {
    expect(createAnonymizer([{ name: 'train-42' }]).text(line)).toBe(expected);
  });

  it('the key after a prefix field is judged alone (Impersonate-Extra-<key>)', () => {
    const out = createAnonymizer([{ name: 'train-42' }]).text('Impersonate-Extra-Quorvane: 1');
    expect(out).toMatch(/^Impersonate-Extra-name-[0-9a-f]{6}: 1$/);
  });

  it('an unlisted header of an organisation is still pseudonymised word by word', () => {
    const out = createAnonymizer([{ name: 'train-42' }]).text('X-Quorvane-Tenant: blue');
    expect(out).toMatch(/^X-name-[0-9a-f]{6}-/);
    expect(out).not.toContain('Quorvane');
  });

  it('a single word is a field name only before its separator', () => {
    expect(protocolFieldNameLength('Impersonate-Extra-Scopes')).toBe('Impersonate-Extra-'.length);
    const out = createAnonymizer([{ name: 'train-42' }]).text('met Quorvane at the desk');
    expect(out).not.toContain('Quorvane');
  });

  it.each([
    ['Impersonate-User', 'user'],
    ['Impersonate-Uid', 'user'],
    ['X-Scope-UserID', 'user'],
    ['X-Scope-OrgID', 'name'],
    ['client_id', 'name'],
    ['Co-authored-by', 'person'],
    ['subject_token_type', null],
    ['Retry-After', null],
    ['grant_type', null],
  ])('what %s names: %s', (name, kind) => {
    expect(principalOfField(name)).toBe(kind);
  });
});

describe('protocol field plants (every generated name × the formats a log writes a field in)', () => {
  it('keeps every name and pseudonymises every principal value', { timeout: 60_000 }, () => {
    const result = measureProtocolFieldPlants();
    expect(result.lost).toEqual([]);
    expect(result.namesKept).toBe(result.total);
    expect(result.principalValuesGone).toBe(result.principals);
    expect(result.principals).toBeGreaterThan(100);
  });
});
