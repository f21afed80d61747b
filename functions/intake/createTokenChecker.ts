/**
 * Bearer-token check for the webhooks (Alertmanager `http_config.authorization`).
 * Constant time: both sides are hashed with SHA-256 and compared with timingSafeEqual, so
 * neither the content nor the length of a configured token leaks through timing. The
 * current and the previous token are both accepted (rotation: update the secret, then
 * Alertmanager, then drop the previous one), and both are always compared, so timing does
 * not tell which one matched.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export interface WebhookTokens {
  current: string;
  previous?: string | undefined;
}

export type TokenCheck = 'ok' | 'missing' | 'invalid';

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

export function createTokenChecker(tokens: WebhookTokens): (authorization: string | undefined) => TokenCheck {
  if (tokens.current.trim() === '') throw new Error('webhook token must not be empty');
  const accepted = [tokens.current, tokens.previous].filter((t): t is string => t !== undefined && t.trim() !== '').map((t) => digest(t.trim()));

  return (authorization) => {
    if (authorization === undefined || authorization.trim() === '') return 'missing';
    // RFC 7235: the scheme is case-insensitive ("bearer" works); one or more spaces follow it.
    const match = /^\s*bearer +(\S+)\s*$/i.exec(authorization);
    if (!match) return 'invalid';
    const given = digest(match[1]!);
    let ok = false;
    for (const expected of accepted) ok = timingSafeEqual(given, expected) || ok;
    return ok ? 'ok' : 'invalid';
  };
}
