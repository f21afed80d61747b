import { describe, expect, it } from 'vitest';
import { EvidenceList } from '../../functions/diagnosis/model/EvidenceList.js';
import type { Signal } from '../../functions/diagnosis/model/Signal.js';
import { messagesEn } from '../../functions/report/messagesEn.js';

const event = (reason: string, message: string): Signal => ({
  kind: 'IMAGE_PULL',
  source: 'get_workload_status',
  origin: 'event',
  fact: { type: 'event', reason, message, objectName: null, repeats: 1 },
  at: null,
  repeats: 1,
});
const fromHistory = (reason: string, message: string): Signal => ({
  kind: 'IMAGE_PULL',
  source: 'get_workload_history',
  origin: 'history-event',
  fact: { type: 'history-event', reason, message, repeats: 1 },
  at: null,
  repeats: 1,
});

describe('EvidenceList', () => {
  it('cites an event relayed live and in history once, from the live read', () => {
    const list = new EvidenceList(messagesEn);
    list.addSignals([fromHistory('ErrImagePull', 'manifest unknown'), event('ErrImagePull', 'manifest unknown')], 8);
    expect(list.items).toEqual([{ text: 'Event reason: ErrImagePull; message: “manifest unknown”', source: 'get_workload_status' }]);
  });

  it('cites live evidence before history, and a signal naming its cause before one that does not', () => {
    const list = new EvidenceList(messagesEn);
    const backOff = event('ImagePullBackOff', 'Back-off pulling image');
    const named: Signal = { ...event('Failed', 'Failed to pull image: 401 Unauthorized'), imagePullCause: 'auth' };
    list.addSignals([fromHistory('Failed', 'older failure'), backOff, named], 8);
    expect(list.items.map((item) => item.source)).toEqual(['get_workload_status', 'get_workload_status', 'get_workload_history']);
    expect(list.items[0]?.text).toContain('401 Unauthorized');
  });

  it('stops adding signals at the limit it is given, and wraps text when asked', () => {
    const list = new EvidenceList(messagesEn);
    list.addText('Selected the newest terminal workload', 'list_workloads');
    list.addSignals([event('A', '1'), event('B', '2'), event('C', '3')], 3, messagesEn.alsoObserved);
    expect(list.items).toHaveLength(3);
    expect(list.items[1]?.text).toBe('Also observed: Event reason: A; message: “1”');
  });
});
