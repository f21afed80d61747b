import { describe, expect, it } from 'vitest';
import { QueuedDiagnosisSchema } from '../../functions/core/queuedDiagnosis.js';
import { parseRunaiWebhook } from '../../functions/intake/parseRunaiWebhook.js';
import { CLUSTER, NOW } from './intakeTestKit.js';

const parse = (body: unknown) => parseRunaiWebhook(body, { receivedAt: NOW });

describe('parseRunaiWebhook', () => {
  it('turns option A (workloadId) into one valid QueuedDiagnosis', () => {
    const result = parse({ clusterId: CLUSTER, workloadId: 'wl-1', intent: 'active', lookback: '3d', extra: 'ignored' });
    expect(result).toEqual({
      ok: true,
      message: {
        v: 1,
        request: { clusterId: CLUSTER, workloadId: 'wl-1', intent: 'active', lookback: '3d' },
        source: 'runai-webhook',
        receivedAt: NOW.toISOString(),
        dedupeKey: `${CLUSTER}:id:wl-1`,
      },
    });
    if (result.ok) expect(QueuedDiagnosisSchema.parse(result.message)).toEqual(result.message);
  });

  it('turns option B (workloadName + project) into a terminal request by default, null meaning absent', () => {
    const result = parse({ clusterId: ` ${CLUSTER} `, workloadName: 'train', project: 'ml', workloadId: null, intent: null });
    expect(result.ok && result.message.request).toEqual({ clusterId: CLUSTER, workloadName: 'train', project: 'ml', intent: 'terminal' });
    expect(result.ok && result.message.dedupeKey).toBe(`${CLUSTER}:name:ml/train`);
  });

  it.each([
    [{ workloadId: 'w' }, 'invalid Run:ai webhook: clusterId: Invalid input: expected string, received undefined'],
    [{ clusterId: CLUSTER }, 'invalid Run:ai webhook: workloadId: required: give workloadId, or workloadName and project'],
    [{ clusterId: CLUSTER, workloadName: 'train' }, 'invalid Run:ai webhook: project: required with workloadName'],
    [{ clusterId: CLUSTER, workloadId: 'w', intent: 'maybe' }, 'invalid Run:ai webhook: intent: Invalid option: expected one of "terminal"|"active"'],
    [{ clusterId: CLUSTER, workloadId: 'w', lookback: '7 days' }, 'invalid Run:ai webhook: lookback: lookback must look like 7d, 36h or 90m'],
    [
      { clusterId: CLUSTER, workloadName: 'a,projectName==b', project: 'p' },
      "invalid Run:ai webhook: workloadName: expected 1-253 letters, digits, '.', '_' or '-', starting with a letter or digit",
    ],
    [[], 'invalid Run:ai webhook: body: expected a JSON object {clusterId, workloadId? | workloadName+project, intent?, lookback?}'],
    ['x', 'invalid Run:ai webhook: body: expected a JSON object {clusterId, workloadId? | workloadName+project, intent?, lookback?}'],
  ])('rejects %j with a readable message', (body, message) => {
    expect(parse(body)).toEqual({ ok: false, error: message });
  });
});
