import { describe, expect, it } from 'vitest';
import { countRecurrence } from '../../functions/diagnosis/classify/countRecurrence.js';
import type { HistoryRecord } from '../../functions/diagnosis/ports/RunaiSchemas.js';

const NOW = Date.UTC(2026, 10, 29, 12, 0, 0);
const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();
const DAY = 24 * 60;

const phase = (minutesAgo: number, phaseName: string, phaseMessage = ''): HistoryRecord => ({
  meta: { creationTimestamp: at(minutesAgo), type: 'PhaseUpdate' },
  spec: { phaseUpdate: { phase: phaseName, phaseMessage } },
});
const event = (minutesAgo: number, reason: string, message: string): HistoryRecord => ({
  meta: { creationTimestamp: at(minutesAgo), type: 'Event' },
  spec: { event: { createdAt: at(minutesAgo), reason, message, type: 'Warning', source: 'kubelet' } },
});

const count = (records: HistoryRecord[], category: Parameters<typeof countRecurrence>[0]['category'], currentMinutesAgo = 0) =>
  countRecurrence({ records, category, currentFailureAt: NOW - currentMinutesAgo * 60_000, lookbackStartMs: NOW - 7 * DAY * 60_000, nowMs: NOW });

describe('recurrence', () => {
  it('a phase update and the event of the same termination count once', () => {
    const records = [event(3, 'OOMKilling', 'Memory cgroup out of memory: Killed process 1 (python)'), phase(2, 'Failed', 'OOMKilled')];
    expect(count(records, 'OOM_KILLED', 2)).toBe(1);
  });

  it('three terminations on different days count three, the current one included', () => {
    const records = [
      event(3 * DAY, 'OOMKilling', 'Killed process 11 (python)'),
      phase(3 * DAY - 1, 'Failed', ''),
      event(DAY, 'OOMKilling', 'Killed process 12 (python)'),
      phase(DAY - 1, 'Failed', ''),
      event(3, 'OOMKilling', 'Killed process 13 (python)'),
      phase(2, 'Failed', ''),
    ];
    expect(count(records, 'OOM_KILLED', 2)).toBe(3);
  });

  it('the current failure counts even when history has not recorded it yet', () => {
    expect(count([event(2 * DAY, 'OOMKilling', 'Killed process 1 (python)'), phase(2 * DAY - 1, 'Failed', '')], 'OOM_KILLED', 0)).toBe(2);
    expect(count([], 'CRASH_APP_ERROR')).toBe(1);
  });

  it('failures older than the lookback do not count', () => {
    const records = [event(8 * DAY, 'OOMKilling', 'Killed process 1 (python)'), phase(8 * DAY - 1, 'Failed', ''), phase(1, 'Failed', 'OOMKilled')];
    expect(count(records, 'OOM_KILLED', 1)).toBe(1);
  });

  it('one back-off loop relayed many times is one episode', () => {
    const loop = Array.from({ length: 12 }, (_, index) => event(60 - index * 5, 'BackOff', 'Back-off pulling image "x:1"'));
    expect(count(loop, 'IMAGE_PULL_FAILED', 5)).toBe(1);
  });

  it('failures of another category are not counted', () => {
    const records = [event(2 * DAY, 'NodeNotReady', 'Node is not ready'), phase(2 * DAY - 1, 'Failed', ''), phase(1, 'Failed', 'OOMKilled')];
    expect(count(records, 'OOM_KILLED', 1)).toBe(1);
    expect(count(records, 'NODE_FAILURE', 1)).toBe(2);
  });
});

describe('recurrence of one node going away', () => {
  // kubernetes pkg/controller/util/node/controller_utils.go (NodeNotReady on each pod of the node), then the taint
  // eviction controller 5 minutes later (default tolerationSeconds 300: "Marking for deletion Pod <ns>/<pod>"),
  // then the workload's Failed phase once the controller has seen the pod go.
  const nodeLoss = (minutesAgo: number, pods: string[], failedAfter: number): HistoryRecord[] => [
    ...pods.map((pod) => ({
      ...event(minutesAgo, 'NodeNotReady', 'Node is not ready'),
      spec: { event: { ...event(minutesAgo, 'NodeNotReady', 'Node is not ready').spec!.event!, involvedObject: { kind: 'Pod', name: pod } } },
    })),
    ...pods.map((pod) => event(minutesAgo - 5, 'TaintManagerEviction', `Marking for deletion Pod runai-ml/${pod}`)),
    phase(minutesAgo - failedAfter, 'Failed', 'PyTorchJob job is failed because 1 Worker replica(s) failed.'),
  ];

  it('NodeNotReady, the taint eviction and the Failed phase of one node event are one episode', () => {
    expect(count(nodeLoss(60, ['job-worker-3'], 14), 'NODE_FAILURE', 46)).toBe(1);
    expect(count(nodeLoss(60, ['job-worker-3', 'job-worker-4'], 7), 'NODE_FAILURE', 53)).toBe(1);
  });

  it('without a Failed phase in the history, the node event and its eviction are still one episode', () => {
    expect(count(nodeLoss(60, ['job-worker-3'], 14).slice(0, 2), 'NODE_FAILURE', 55)).toBe(1);
  });

  it('the same node lost on two days is two episodes', () => {
    expect(count([...nodeLoss(2 * DAY, ['job-worker-3'], 14), ...nodeLoss(60, ['job-worker-3'], 14)], 'NODE_FAILURE', 46)).toBe(2);
  });
});
