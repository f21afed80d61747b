/**
 * `POST /api/v1/token`. Both grant types the product uses are accepted: `client_credentials`
 * (`clientID`/`clientSecret`, Run:ai 2.20+) and the deprecated `app_token`
 * (`appID`/`appSecret`, 2.18+). Key spellings differ between versions and docs
 * (`AppId`, `appID`, `clientId`), so keys are matched case-insensitively.
 */
import type { SimulatorResponse } from './serveRunaiEndpoint.js';
import type { TokenStore } from './TokenStore.js';

export interface SimulatorCredentials {
  clientId: string;
  clientSecret: string;
}

const KEYS_BY_GRANT: Record<string, readonly [string, string]> = {
  client_credentials: ['clientid', 'clientsecret'],
  app_token: ['appid', 'appsecret'],
};

export function handleTokenRequest(rawBody: string, credentials: SimulatorCredentials, tokens: TokenStore): SimulatorResponse {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return badRequest('the body must be JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return badRequest('the body must be a JSON object');
  const fields = new Map(Object.entries(parsed).map(([key, value]) => [key.toLowerCase(), value]));
  const grantType = fields.get('granttype');
  const keys = typeof grantType === 'string' ? KEYS_BY_GRANT[grantType] : undefined;
  if (!keys) return badRequest(`unsupported grantType ${JSON.stringify(grantType ?? null)}`);
  const id = fields.get(keys[0]);
  const secret = fields.get(keys[1]);
  if (typeof id !== 'string' || typeof secret !== 'string') return badRequest(`${grantType} needs ${keys[0]} and ${keys[1]}`);
  if (id !== credentials.clientId || secret !== credentials.clientSecret) {
    return { status: 401, body: { code: 401, message: 'invalid credentials' } };
  }
  return { status: 200, body: tokens.issue() };
}

function badRequest(message: string): SimulatorResponse {
  return { status: 400, body: { code: 400, message } };
}
