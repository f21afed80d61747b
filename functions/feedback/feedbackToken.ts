/**
 * The feedback link's token (§4.10): `<payload>.<signature>`, both base64url. The payload is
 * the occurrence key, the verdict's category, a short headline to show on the page, and an
 * expiry (14 days after signing); the signature is HMAC-SHA256 over the encoded payload.
 *
 * The token is the only credential of the feedback page: whoever holds it may read the
 * headline and answer, nobody else. Verification accepts the current and the previous key
 * (rotation, as for the webhook token) and always computes both comparisons in constant
 * time, so timing tells neither whether a key matched nor which one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { CategorySchema, type Category } from '../core/verdict.js';

export const FEEDBACK_TOKEN_TTL_DAYS = 14;
/** Longer than any token we sign (a bounded key and headline); refuses junk before any work. */
export const MAX_TOKEN_LENGTH = 2048;
export const MAX_HEADLINE_LENGTH = 160;

export interface FeedbackKeys {
  current: string;
  previous?: string | undefined;
}

export interface FeedbackClaims {
  occurrenceKey: string;
  category: Category | null;
  headline: string;
  /** Epoch seconds. */
  expiresAt: number;
}

const PayloadSchema = z.strictObject({
  k: z.string().min(1).max(1024),
  c: CategorySchema.nullable(),
  h: z.string().max(MAX_HEADLINE_LENGTH),
  e: z.number().int().positive(),
});

const BASE64URL = /^[A-Za-z0-9_-]+$/;

const sign = (key: string, encodedPayload: string): Buffer => createHmac('sha256', key).update(encodedPayload, 'utf8').digest();

function usableKeys(keys: FeedbackKeys): string[] {
  if (keys.current.trim() === '') throw new Error('feedback signing key must not be empty');
  return [keys.current, keys.previous].filter((key): key is string => key !== undefined && key.trim() !== '');
}

/** Signs with the current key. `now` is the signing time; the token expires 14 days later. */
export function signFeedbackToken(claims: { occurrenceKey: string; category: Category | null; headline: string }, keys: FeedbackKeys, now: Date): string {
  const [key] = usableKeys(keys);
  const payload = {
    k: claims.occurrenceKey,
    c: claims.category,
    h: claims.headline.slice(0, MAX_HEADLINE_LENGTH),
    e: Math.floor(now.getTime() / 1000) + FEEDBACK_TOKEN_TTL_DAYS * 24 * 3600,
  };
  const encoded = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${encoded}.${sign(key!, encoded).toString('base64url')}`;
}

export type TokenVerification = { ok: true; claims: FeedbackClaims } | { ok: false; reason: 'malformed' | 'invalid' | 'expired' };

export function verifyFeedbackToken(token: string, keys: FeedbackKeys, now: Date): TokenVerification {
  const accepted = usableKeys(keys);
  if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 2 || !BASE64URL.test(parts[0]!) || !BASE64URL.test(parts[1]!)) return { ok: false, reason: 'malformed' };
  const [encoded, signature] = parts as [string, string];
  const given = Buffer.from(signature, 'base64url');
  // Canonical encoding only: the last character of 32 bytes in base64url has 2 unused bits, so
  // without this check a link changed in those bits would still verify.
  if (given.length !== 32 || given.toString('base64url') !== signature) return { ok: false, reason: 'invalid' };
  let matched = false;
  for (const key of accepted) matched = timingSafeEqual(given, sign(key, encoded)) || matched;
  if (!matched) return { ok: false, reason: 'invalid' };
  // Only a payload we signed is parsed: its shape is ours, so a mismatch is a bug or an old format.
  let parsed: z.infer<typeof PayloadSchema>;
  try {
    const result = PayloadSchema.safeParse(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')));
    if (!result.success) return { ok: false, reason: 'malformed' };
    parsed = result.data;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (parsed.e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { occurrenceKey: parsed.k, category: parsed.c, headline: parsed.h, expiresAt: parsed.e } };
}
