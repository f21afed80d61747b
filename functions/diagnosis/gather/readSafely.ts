/**
 * Runs one optional Tier 1 read and keeps its failure as data: an optional source that
 * fails becomes a stated limitation, never an aborted diagnosis.
 */
import { isRunaiError } from '../ports/RunaiError.js';
import type { Read } from '../model/WorkloadEvidence.js';

export async function readSafely<T>(read: () => Promise<T>): Promise<Read<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    return { ok: false, detail: describeReadFailure(error) };
  }
}

/**
 * A short, secret-free description: status and code for Run:ai errors answered with a
 * status; code and endpoint for the others (a timeout, a deadline, an answer too large), so
 * the limitation names the read that was slow; the class otherwise.
 */
export function describeReadFailure(error: unknown): string {
  if (isRunaiError(error)) {
    if (error.code === 'RUNAI_RESPONSE_TOO_LARGE') return `${error.code} on ${error.endpoint}`;
    return error.status ? `HTTP ${error.status}, ${error.code}` : `${error.code} on ${error.endpoint}`;
  }
  return error instanceof Error ? error.name : 'unexpected failure';
}
