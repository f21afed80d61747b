/**
 * A tiny undici client for the simulator tests: the real transport, no product code, so a
 * failure here is a simulator failure.
 */
import { request } from 'undici';
import type { RunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';

export interface SimulatorResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The parsed body (undefined when it is not JSON). */
  json: any;
}

/** Query parameters; an array repeats the parameter, undefined leaves it out. */
export type Query = Record<string, string | number | boolean | readonly (string | number)[] | undefined>;

export interface RequestOptions {
  /** A token to send instead of the client's own; null sends no Authorization header. */
  token?: string | null;
  /** Abort the request (undici's own timeouts are too coarse to test a hang quickly). */
  signal?: AbortSignal;
}

export function createSimulatorClient(sim: RunaiSimulator, credentials = { clientId: 'sim-client', clientSecret: 'sim-secret' }) {
  let cached: string | undefined;

  async function send(
    method: string,
    path: string,
    options: { query?: Query; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
  ): Promise<SimulatorResponse> {
    const url = new URL(path, sim.url);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
    }
    const response = await request(url, {
      method: method as 'GET',
      headers: { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    const text = await response.body.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.statusCode, headers: response.headers, text, json };
  }

  async function requestToken(body: unknown = { grantType: 'client_credentials', clientID: credentials.clientId, clientSecret: credentials.clientSecret }) {
    return send('POST', '/api/v1/token', { body });
  }

  async function token(): Promise<string> {
    if (cached) return cached;
    const response = await requestToken();
    if (response.status !== 200) throw new Error(`token request failed: ${response.status} ${response.text}`);
    cached = response.json.accessToken as string;
    return cached;
  }

  async function get(path: string, query: Query = {}, options: RequestOptions = {}): Promise<SimulatorResponse> {
    const bearer = options.token === undefined ? await token() : options.token;
    return send('GET', path, {
      query,
      headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` },
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  }

  return { send, requestToken, token, get };
}
