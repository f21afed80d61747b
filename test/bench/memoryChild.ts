/**
 * The process whose peak RSS `measureMemory` reports: only the Run:ai client and the
 * diagnosis engine (bundled, run by plain `node`), talking to the simulator of the parent
 * process — so neither the simulator's state nor a TypeScript loader counts. Without a
 * lookback it loads everything and diagnoses nothing: the floor to compare with.
 */
import { diagnoseWorkload } from '../../functions/diagnosis/diagnoseWorkload.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { createRunaiClient } from '../../functions/runai/createRunaiClient.js';

export interface MemoryChildInput {
  url: string;
  clusterId: string;
  workloadId: string;
  lookback: string | null;
}

export interface MemoryChildOutput {
  peakRssMb: number;
  wallMs: number;
  category: string | null;
  recurrence: number | null;
}

const input = JSON.parse(process.argv[2] ?? '{}') as MemoryChildInput;
const client = createRunaiClient({ baseUrl: input.url, credentials: { grantType: 'client_credentials', clientId: 'sim-client', clientSecret: 'sim-secret' } });
const started = performance.now();
let category: string | null = null;
let recurrence: number | null = null;
if (input.lookback !== null) {
  const { verdict } = await diagnoseWorkload(
    { clusterId: input.clusterId, workloadId: input.workloadId, lookback: input.lookback },
    { reader: client, now: new Date(), messages: messagesEn },
  );
  category = verdict.category;
  recurrence = verdict.recurrence?.count ?? null;
}
const wallMs = performance.now() - started;
await client.close();
const output: MemoryChildOutput = { peakRssMb: process.resourceUsage().maxRSS / 1024, wallMs, category, recurrence };
process.stdout.write(JSON.stringify(output));
