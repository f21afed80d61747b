/**
 * A real HTTP peer standing in for https://events.pagerduty.com/v2/enqueue, on 127.0.0.1.
 * It checks each request against PagerDuty's *documentation*, written out here on its own
 * (not imported from the code under test), so the forwarder cannot pass by agreeing with
 * itself:
 * - PagerDuty/developer-docs, docs/events-API-v2/02-Trigger-Events.md: `routing_key` the
 *   32-character integration key; `event_action` one of trigger/acknowledge/resolve;
 *   `dedup_key` at most 255 characters; `payload.summary` required, at most 1024 characters;
 *   `payload.source` required; `payload.severity` one of critical/error/warning/info;
 *   optional `timestamp`, `component`, `group`, `class` (strings), `custom_details` (object).
 * - docs/events-API-v2/01-Overview.md: 202 accepted, 400 invalid ("Check that the JSON is
 *   valid"), 429 rate limited (retry after some time); payloads limited to 512 KB.
 * Like PagerDuty, it answers 202 with the dedup_key, and a trigger whose dedup_key matches
 * an open alert is added to that alert instead of opening a new one (Alert De-Duplication).
 * Scripted answers (`failNext`) simulate throttling and outages.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedEvent {
  body: Record<string, any>;
  status: number;
  errors: string[];
}

export interface LoopbackPagerDuty {
  url: string;
  /** Every request, valid or not, in arrival order. */
  received: ReceivedEvent[];
  /** Accepted triggers grouped by dedup_key: one entry per alert PagerDuty would have opened. */
  alerts: Map<string, Record<string, any>[]>;
  /** The next requests get these statuses instead (e.g. 429, 503), each with its headers. */
  failNext(...answers: { status: number; headers?: Record<string, string> }[]): void;
  /** Routing keys PagerDuty does not know: answered 400 like an invalid event. */
  unknownRoutingKeys: Set<string>;
  close(): Promise<void>;
}

const MAX_BYTES = 512 * 1024;
const SEVERITIES = ['critical', 'error', 'warning', 'info'];
const ACTIONS = ['trigger', 'acknowledge', 'resolve'];
const PAYLOAD_FIELDS = ['summary', 'source', 'severity', 'timestamp', 'component', 'group', 'class', 'custom_details'];
const EVENT_FIELDS = ['routing_key', 'event_action', 'dedup_key', 'payload', 'images', 'links', 'client', 'client_url'];

/** The documented constraints, each failure in PagerDuty's own words where it has them. */
export function documentedProblems(event: unknown): string[] {
  const problems: string[] = [];
  if (event === null || typeof event !== 'object' || Array.isArray(event)) return ['Event object is invalid'];
  const e = event as Record<string, any>;
  for (const key of Object.keys(e)) if (!EVENT_FIELDS.includes(key)) problems.push(`unexpected field '${key}'`);
  if (typeof e.routing_key !== 'string' || e.routing_key.length !== 32) problems.push("'routing_key' must be the 32 character integration key");
  if (!ACTIONS.includes(e.event_action)) problems.push("'event_action' is missing or invalid");
  if (e.dedup_key !== undefined && (typeof e.dedup_key !== 'string' || e.dedup_key.length === 0 || e.dedup_key.length > 255))
    problems.push("'dedup_key' must be at most 255 characters");
  if (e.event_action === 'trigger') {
    const p = e.payload;
    if (p === null || typeof p !== 'object' || Array.isArray(p)) return [...problems, "'payload' is missing"];
    for (const key of Object.keys(p)) if (!PAYLOAD_FIELDS.includes(key)) problems.push(`unexpected field 'payload.${key}'`);
    if (typeof p.summary !== 'string' || p.summary.length === 0) problems.push("'payload.summary' is missing");
    else if (p.summary.length > 1024) problems.push("'payload.summary' is longer than 1024 characters");
    if (typeof p.source !== 'string' || p.source.length === 0) problems.push("'payload.source' is missing");
    if (!SEVERITIES.includes(p.severity)) problems.push("'payload.severity' must be one of critical, error, warning, info");
    for (const key of ['timestamp', 'component', 'group', 'class'])
      if (p[key] !== undefined && typeof p[key] !== 'string') problems.push(`'payload.${key}' must be a string`);
    if (p.custom_details !== undefined && (p.custom_details === null || typeof p.custom_details !== 'object'))
      problems.push("'payload.custom_details' must be an object");
  }
  return problems;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startLoopbackPagerDuty(): Promise<LoopbackPagerDuty> {
  const received: ReceivedEvent[] = [];
  const alerts = new Map<string, Record<string, any>[]>();
  const scripted: { status: number; headers?: Record<string, string> }[] = [];
  const unknownRoutingKeys = new Set<string>();

  const server: Server = createServer(async (request, response) => {
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    const raw = await readBody(request);
    if (request.method !== 'POST' || request.url !== '/v2/enqueue') return answer(404, { status: 'not found' });
    let body: Record<string, any>;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      received.push({ body: {}, status: 400, errors: ['not JSON'] });
      return answer(400, { status: 'invalid event', message: 'Event object is invalid', errors: ['not JSON'] });
    }
    const next = scripted.shift();
    if (next) {
      received.push({ body, status: next.status, errors: [] });
      return answer(
        next.status,
        next.status === 429
          ? { status: 'throttle event', message: 'Requests for this service are arriving too quickly.  Please retry later.' }
          : { status: 'error' },
        next.headers,
      );
    }
    const errors = raw.length > MAX_BYTES ? ['payload exceeds 512 KB'] : documentedProblems(body);
    if (!(request.headers['content-type'] ?? '').startsWith('application/json')) errors.push('content-type must be application/json');
    if (errors.length === 0 && unknownRoutingKeys.has(body.routing_key)) errors.push('Invalid routing key');
    if (errors.length > 0) {
      received.push({ body, status: 400, errors });
      return answer(400, { status: 'invalid event', message: 'Event object is invalid', errors });
    }
    received.push({ body, status: 202, errors: [] });
    const dedupKey: string = body.dedup_key ?? `generated-${received.length}`;
    if (body.event_action === 'trigger') alerts.set(dedupKey, [...(alerts.get(dedupKey) ?? []), body]);
    return answer(202, { status: 'success', message: 'Event processed', dedup_key: dedupKey });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2/enqueue`,
    received,
    alerts,
    unknownRoutingKeys,
    failNext: (...answers) => scripted.push(...answers),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
