/**
 * Opaque bearer tokens the simulator issued, with their expiry on the real clock (the
 * scenario clock `now` is frozen at load; token lifetimes must still run out).
 * `expireAll` lets tests exercise the client's refresh-once-on-401 path without waiting.
 */
import { randomBytes } from 'node:crypto';

export class TokenStore {
  private readonly expiries = new Map<string, number>();

  constructor(private readonly ttlSeconds: number) {}

  issue(): { accessToken: string; expiresIn: number } {
    const accessToken = randomBytes(24).toString('base64url');
    this.expiries.set(accessToken, Date.now() + this.ttlSeconds * 1000);
    return { accessToken, expiresIn: this.ttlSeconds };
  }

  /** True for `Bearer <token>` naming a token this store issued that has not expired. */
  accepts(authorization: string | undefined): boolean {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    const expiresAt = match?.[1] === undefined ? undefined : this.expiries.get(match[1]);
    return expiresAt !== undefined && Date.now() < expiresAt;
  }

  expireAll(): void {
    this.expiries.clear();
  }
}
