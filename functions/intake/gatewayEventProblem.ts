/**
 * What makes a Lambda event something the intake cannot read as an API Gateway request, or
 * `undefined` when it can. hono's adapter trusts the event: an unknown payload version, a
 * missing method or request context, or a body flagged base64 that is not base64 made it
 * throw (a bare 500, which Alertmanager resends forever) or answer plain text. Such an
 * event is a client mistake, so it gets the JSON error contract and a 400 instead. Tolerant
 * of every field it does not need. Values are never echoed.
 */
import * as z from 'zod'; // not `{ z }`, which makes esbuild bundle all of zod (npm run bench, bundles)

const BodySchema = z.string().nullish();

/** Payload format 2.0 (HTTP API). */
const HttpApiEventSchema = z.looseObject({
  version: z.literal('2.0'),
  rawPath: z.string(),
  rawQueryString: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  requestContext: z.looseObject({ http: z.looseObject({ method: z.string().min(1) }) }),
  body: BodySchema,
  isBase64Encoded: z.boolean().optional(),
});

/** Payload format 1.0 (REST API, or an HTTP API configured for 1.0). */
const RestApiEventSchema = z.looseObject({
  version: z.literal('1.0').optional(),
  httpMethod: z.string().min(1),
  path: z.string(),
  headers: z.record(z.string(), z.string()).nullish(),
  requestContext: z.looseObject({}),
  body: BodySchema,
  isBase64Encoded: z.boolean().optional(),
});

const STANDARD_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function gatewayEventProblem(event: unknown): string | undefined {
  const parsed = HttpApiEventSchema.safeParse(event);
  const rest = parsed.success ? null : RestApiEventSchema.safeParse(event);
  const ok = parsed.success ? parsed.data : rest?.success ? rest.data : null;
  if (!ok) return 'the request is not an API Gateway HTTP event (payload format 1.0 or 2.0 with a method and a path)';
  if (ok.isBase64Encoded && typeof ok.body === 'string') {
    const compact = ok.body.replace(/\s+/g, '');
    if (compact.length % 4 !== 0 || !STANDARD_BASE64.test(compact)) return 'the request body is flagged base64 but is not base64';
  }
  return undefined;
}
