/**
 * Run:ai's object ids (a workload's, a pod's, a cluster's) are UUIDs the control plane draws at
 * random: they identify no person or organisation, and a reader needs them to match a recording
 * to its workload. `--anonymize` keeps them verbatim wherever they appear (the request, the path,
 * the body, free text, the verdict), and still pseudonymises every other UUID (a cloud
 * subscription, a workload-identity client id) and a cluster id an administrator named.
 */
import { describe, expect, it } from 'vitest';
import { anonymizeRecording, type RecordingParts } from '../../functions/recording/anonymizeRecording.js';
import type { RecordedExchange } from '../../functions/recording/format/RecordedExchangeSchema.js';

const WORKLOAD = '5b0e7c1a-93d2-4f61-8a0b-2c7e9d4f1a36';
const CLUSTER = 'c41d9e27-6b3a-4e0f-9d82-71a5b0c3e4f8';
const POD = '0f9a8b7c-6d5e-4f3a-8b2c-1d0e9f8a7b6c';
const SUBSCRIPTION = '9e8d7c6b-5a49-4382-9716-05f4e3d2c1b0';

const exchange = (path: string, body: unknown, query: Record<string, string> = {}): RecordedExchange => ({ method: 'GET', path, query, status: 200, body });

describe('Run:ai object ids under --anonymize', () => {
  const recording: RecordingParts = {
    request: { clusterId: CLUSTER, workloadId: WORKLOAD },
    verdict: null,
    runai: [
      exchange(`/api/v1/workloads/${WORKLOAD}`, {
        id: WORKLOAD,
        clusterId: CLUSTER,
        name: 'asr-finetune',
        projectName: 'speech',
        phase: 'Failed',
        phaseMessage: `workload ${WORKLOAD} failed; billed to subscription ${SUBSCRIPTION}`,
      }),
      exchange(`/api/v1/workloads/${WORKLOAD}/pods`, { pods: [{ id: POD, name: 'asr-finetune-0-0', workloadId: WORKLOAD }] }, { clusterId: CLUSTER }),
    ],
    kubernetes: [],
  };
  const anonymized = anonymizeRecording(recording);
  const written = JSON.stringify(anonymized);

  it('keeps the workload, cluster and pod ids verbatim, in the request, the paths, the queries and the text', () => {
    expect(anonymized.request).toEqual({ clusterId: CLUSTER, workloadId: WORKLOAD });
    expect(anonymized.runai[0]?.path).toBe(`/api/v1/workloads/${WORKLOAD}`);
    expect(anonymized.runai[1]?.query.clusterId).toBe(CLUSTER);
    expect((anonymized.runai[1]?.body as { pods: { id: string }[] }).pods[0]?.id).toBe(POD);
    expect((anonymized.runai[0]?.body as { phaseMessage: string }).phaseMessage).toContain(`workload ${WORKLOAD} failed`);
  });

  it('pseudonymises any other UUID, and the names', () => {
    expect(written).not.toContain(SUBSCRIPTION);
    expect(written).not.toContain('asr-finetune');
    expect((anonymized.runai[0]?.body as { phaseMessage: string }).phaseMessage).toMatch(
      /subscription [0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
