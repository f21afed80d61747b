/**
 * Matching a feedback answer to the recording of its diagnosis: same cluster, same workload,
 * and the same failure (the phase time, stored relative to the folder's moment); the newest
 * of several recordings of that occurrence; never another occurrence of the same workload,
 * never an anonymized recording.
 */
import { describe, expect, it } from 'vitest';
import { findRecordingOf, parseOccurrenceKey, recordedAt, type RecordingCandidate } from '../../functions/feedback/findRecordingOf.js';

const CLUSTER = '7f3c2a9e-1b4d-4c8e-9a61-2d5f8e0b7c13';
const WORKLOAD = '0a2f4c6e-8b1d-4f3a-9c5e-7d9b1f3a5c7e';
const KEY = `${CLUSTER}#${WORKLOAD}#2026-12-02T13:40:16Z`;

/** A recording taken at `folderTime`, whose status answer says the phase changed `relative` to it. */
function candidate(name: string, relative: string, options: { anonymized?: boolean; workloadId?: string; list?: boolean } = {}): RecordingCandidate {
  const workloadId = options.workloadId ?? WORKLOAD;
  const status = { id: workloadId, clusterId: CLUSTER, phase: 'Failed', phaseUpdatedAt: relative };
  return {
    name,
    scenario: {
      request: { clusterId: CLUSTER, workloadId },
      runai: {
        recorded: [{ method: 'GET', path: `/api/v1/workloads/${workloadId}`, query: {}, status: 200, body: options.list ? { workloads: [status] } : status }],
      } as never,
      recording: {
        recordingVersion: 1,
        anonymized: options.anonymized ?? false,
        exitCode: 0,
        tier2: false,
        verdict: { workload: { id: workloadId, clusterId: CLUSTER, name: 'train', project: 'ml', phase: 'Failed', type: 'training' } } as never,
      },
    },
  };
}

describe('findRecordingOf', () => {
  it('matches the recording whose status answer resolves to the occurrence phase time (4 h before the diagnosis)', () => {
    const match = candidate('2026-12-02T17-40-16-000Z-1a2b3c', 'now-4h');
    expect(findRecordingOf(KEY, [match])).toBe(match);
    // The same in a list answer (workloads looked up by name).
    const listed = candidate('2026-12-02T17-40-16-000Z-4d5e6f', 'now-4h', { list: true });
    expect(findRecordingOf(KEY, [listed])).toBe(listed);
  });

  it('refuses another occurrence of the same workload, another workload, an anonymized recording, a folder not named by RECORD_DIR', () => {
    expect(findRecordingOf(KEY, [candidate('2026-12-02T17-40-16-000Z-1a2b3c', 'now-3h')])).toBeNull();
    expect(findRecordingOf(KEY, [candidate('2026-12-02T17-40-16-000Z-1a2b3c', 'now-4h', { workloadId: CLUSTER })])).toBeNull();
    expect(findRecordingOf(KEY, [candidate('2026-12-02T17-40-16-000Z-1a2b3c', 'now-4h', { anonymized: true })])).toBeNull();
    expect(findRecordingOf(KEY, [candidate('field-oom-misread', 'now-4h')])).toBeNull();
  });

  it('takes the newest of several recordings of the occurrence (a redelivery diagnosed it twice)', () => {
    const older = candidate('2026-12-02T17-40-16-000Z-1a2b3c', 'now-4h');
    const newer = candidate('2026-12-02T17-45-16-000Z-4d5e6f', 'now-245m');
    expect(findRecordingOf(KEY, [newer, older])).toBe(newer);
    expect(findRecordingOf(KEY, [older, newer])).toBe(newer);
  });

  it('names no occurrence for a dedupe key or an unreadable phase time', () => {
    expect(parseOccurrenceKey('dedupe#am#abc#def')).toBeNull();
    expect(parseOccurrenceKey(`${CLUSTER}#${WORKLOAD}`)).toBeNull();
    expect(parseOccurrenceKey(`${CLUSTER}#${WORKLOAD}#not-a-time`)).toBeNull();
    expect(parseOccurrenceKey(`${CLUSTER}#${WORKLOAD}#2026-12-02 13:40:16.5`)).toEqual({
      clusterId: CLUSTER,
      workloadId: WORKLOAD,
      phaseUpdatedAtMs: Date.parse('2026-12-02T13:40:16.500Z'),
    });
    expect(findRecordingOf('dedupe#x', [candidate('2026-12-02T17-40-16-000Z-1a2b3c', 'now-4h')])).toBeNull();
  });

  it('reads the moment of the diagnosis from the folder name RECORD_DIR gives', () => {
    expect(recordedAt('2026-12-02T17-40-16-123Z-a1b2c3')?.toISOString()).toBe('2026-12-02T17:40:16.123Z');
    expect(recordedAt('my-recording')).toBeNull();
  });
});
