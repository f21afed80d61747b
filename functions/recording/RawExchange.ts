/** One exchange as the recording interceptor saw it, before redaction (never written as is). */
export interface RawExchange {
  service: 'runai' | 'kubernetes';
  method: string;
  /** Path below the configured base path, still percent-encoded. */
  path: string;
  search: URLSearchParams;
  status?: number;
  error?: 'reset' | 'timeout';
  contentType?: string;
  /** Null for a body that must not be kept (it carries a credential, or was over the recording budget). */
  body: Buffer | null;
  /** The body was not kept: it would have taken the session past its recording budget (its length in bytes). */
  omittedBytes?: number;
}
