/**
 * The process whose peak RSS the "100 MB answer" row reports: one Run:ai client reading a
 * workload's events from a server (in the parent) that answers 100 MB, with the client's
 * answer cap as given — the default, or one far above the answer (the behaviour before the
 * cap existed: the whole body read, then parsed).
 */
import { createRunaiClient } from '../../functions/runai/createRunaiClient.js';

export interface LargeAnswerChildInput {
  url: string;
  maxResponseBytes: number | null;
}

export interface LargeAnswerChildOutput {
  peakRssMb: number;
  wallMs: number;
  /** `read` or the error code. */
  outcome: string;
}

const input = JSON.parse(process.argv[2] ?? '{}') as LargeAnswerChildInput;
const client = createRunaiClient({
  baseUrl: input.url,
  credentials: { grantType: 'client_credentials', clientId: 'bench', clientSecret: 'bench-secret' },
  requestTimeoutMs: 120_000,
  maxRetries: 0,
  ...(input.maxResponseBytes !== null ? { maxResponseBytes: input.maxResponseBytes } : {}),
});
const started = performance.now();
let outcome = 'read';
try {
  await client.getWorkloadEvents('w-large', 100);
} catch (error) {
  outcome = (error as { code?: string }).code ?? (error as Error).name;
}
const wallMs = performance.now() - started;
await client.close();
const output: LargeAnswerChildOutput = { peakRssMb: process.resourceUsage().maxRSS / 1024, wallMs, outcome };
process.stdout.write(JSON.stringify(output));
