import { describe, expect, it } from 'vitest';
import { FEEDBACK_TOKEN_TTL_DAYS, signFeedbackToken, verifyFeedbackToken } from '../../functions/feedback/feedbackToken.js';

const KEYS = { current: 'key-current-0123456789abcdef' };
const NOW = new Date('2026-12-01T10:00:00Z');
const CLAIMS = { occurrenceKey: 'cluster-a#wl-1#2026-12-01T09:58:00Z', category: 'OOM_KILLED' as const, headline: '[OOM_KILLED] train-42 (ml)' };
const later = (days: number) => new Date(NOW.getTime() + days * 24 * 3600 * 1000);

describe('feedback token', () => {
  it('round-trips the occurrence key, category and headline, and expires 14 days after signing', () => {
    const token = signFeedbackToken(CLAIMS, KEYS, NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const verified = verifyFeedbackToken(token, KEYS, later(13.9));
    expect(verified).toEqual({ ok: true, claims: { ...CLAIMS, expiresAt: NOW.getTime() / 1000 + FEEDBACK_TOKEN_TTL_DAYS * 86400 } });
    expect(verifyFeedbackToken(token, KEYS, later(14))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token whose payload was changed (category, key or expiry)', () => {
    const token = signFeedbackToken(CLAIMS, KEYS, NOW);
    const [, signature] = token.split('.');
    for (const forged of [
      { ...CLAIMS, category: 'CRASH_APP_ERROR' },
      { ...CLAIMS, occurrenceKey: 'cluster-a#wl-2#x' },
    ]) {
      const payload = Buffer.from(JSON.stringify({ k: forged.occurrenceKey, c: forged.category, h: forged.headline, e: 1_900_000_000 })).toString('base64url');
      expect(verifyFeedbackToken(`${payload}.${signature}`, KEYS, NOW)).toEqual({ ok: false, reason: 'invalid' });
    }
    // One flipped character in the signature.
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(verifyFeedbackToken(flipped, KEYS, NOW).ok).toBe(false);
  });

  it('refuses a signature changed only in the unused bits of its last character', () => {
    const token = signFeedbackToken(CLAIMS, KEYS, NOW);
    const last = token.at(-1)!;
    // Same 6-bit group except the lowest bit: decodes to the same 32 bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[alphabet.indexOf(last) ^ 1]!;
    const variant = token.slice(0, -1) + twin;
    expect(Buffer.from(variant.split('.')[1]!, 'base64url')).toEqual(Buffer.from(token.split('.')[1]!, 'base64url'));
    expect(verifyFeedbackToken(variant, KEYS, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('accepts tokens signed with the previous key during rotation, and none signed with an unknown key', () => {
    const old = signFeedbackToken(CLAIMS, { current: 'key-old-0123456789abcdef' }, NOW);
    expect(verifyFeedbackToken(old, { current: 'key-new-0123456789abcdef', previous: 'key-old-0123456789abcdef' }, NOW).ok).toBe(true);
    expect(verifyFeedbackToken(old, { current: 'key-new-0123456789abcdef' }, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('calls junk malformed without throwing', () => {
    for (const junk of ['', 'abc', 'a.b.c', 'a b.c', `${'a'.repeat(3000)}.b`, '..', 'é.x'])
      expect(verifyFeedbackToken(junk, KEYS, NOW)).toMatchObject({ ok: false });
    expect(verifyFeedbackToken('abc', KEYS, NOW)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses an empty signing key', () => {
    expect(() => signFeedbackToken(CLAIMS, { current: ' ' }, NOW)).toThrow(/must not be empty/);
  });
});
