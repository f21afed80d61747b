/**
 * One HTTP exchange a diagnosis read, as stored in a recording (docs/recording.md): the
 * request line and the answer, never a header or a request body (that is where the
 * credentials travel). Timestamps inside bodies and queries are stored relative to the
 * moment of the diagnosis (`now-4h`, `now-1234ms`), so a replay happens "as of now".
 */
import * as z from 'zod';

export const QueryRecordSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
export type QueryRecord = z.infer<typeof QueryRecordSchema>;

export const RecordedExchangeSchema = z
  .strictObject({
    method: z.enum(['GET', 'POST']),
    /** Path as sent, below the configured base URL (`/api/v1/workloads/…`), still percent-encoded. */
    path: z.string().startsWith('/'),
    /** Decoded query parameters; a repeated parameter is an array, in the order sent. */
    query: QueryRecordSchema.default({}),
    /** The HTTP status answered; absent when the exchange ended without one (`error`). */
    status: z.number().int().min(100).max(599).optional(),
    /** A transport failure instead of an answer: the connection was reset, or no answer came in time. */
    error: z.enum(['reset', 'timeout']).optional(),
    /** A JSON body, parsed (strings redacted, timestamps relative, identifiers pseudonymised when anonymised). */
    body: z.unknown().optional(),
    /** A body that is not JSON (a log tail, a proxy's HTML page), as text. */
    text: z.string().optional(),
    /**
     * The body was not stored: `credential`, it carries one (the token endpoint's answer);
     * `budget`, the recording had reached its size budget (RECORDING_BUDGET_BYTES). A replay
     * answers a `budget` exchange as a transport failure: it has no answer to give.
     */
    withheld: z.enum(['credential', 'budget']).optional(),
    /** The length of a body withheld for the budget, in bytes. */
    omittedBytes: z.number().int().nonnegative().optional(),
  })
  .refine((exchange) => (exchange.status === undefined) !== (exchange.error === undefined), {
    message: 'an exchange has exactly one of `status` or `error`',
  });
export type RecordedExchange = z.output<typeof RecordedExchangeSchema>;
