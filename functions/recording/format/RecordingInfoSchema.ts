/**
 * The `recording` block of a scenario that `runai-diagnose --record` wrote
 * (docs/recording.md): which version of the format it is, how it was made, and the verdict
 * the live diagnosis reached. The exchanges themselves are in `runai.recorded` (and
 * `kubernetes.recorded`); `request` and `expect` are the scenario's own.
 */
import * as z from 'zod';
import { VerdictSchema } from '../../core/verdict.js';

export const RECORDING_VERSION = 1;

export const RecordingInfoSchema = z.strictObject({
  recordingVersion: z.literal(RECORDING_VERSION),
  /** Identifiers were replaced with consistent pseudonyms (`--anonymize`). */
  anonymized: z.boolean(),
  /** The exit code of the live run: 0 with a verdict, 3 when Run:ai could not be read. */
  exitCode: z.number().int(),
  /** The live verdict (redacted, and pseudonymised when anonymised); null when there was none. */
  verdict: VerdictSchema.nullable(),
  /** Whether Kubernetes (Tier 2) was configured for the request's cluster. */
  tier2: z.boolean(),
  /**
   * Answers whose bodies were not kept because the recording reached its budget (the
   * exchanges marked `withheld: 'budget'`); absent when every answer was kept. The replay
   * cannot reproduce what depended on them.
   */
  omitted: z
    .strictObject({ exchanges: z.number().int().positive(), bytes: z.number().int().nonnegative(), budgetBytes: z.number().int().positive() })
    .optional(),
});
