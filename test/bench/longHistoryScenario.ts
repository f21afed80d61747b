/**
 * A workload with a long life: the OOM-killed pre-training job of the
 * `oom-recurring-paged-history` fixture, with its history replaced by `records` records,
 * newest first, one every 25 minutes (5,000 records ≈ 87 days): readiness-probe noise
 * plus four OOM kills (4 h, 3 d, 6 d and 9 d ago), each an event and a phase update. With
 * the default 7-day lookback the engine can stop after ~10 of the 100 pages.
 */
import type { Scenario, ScenarioState } from '../../functions/simulator/startRunaiSimulator.js';

export const LONG_HISTORY_TEMPLATE = 'oom-recurring-paged-history';
const STEP_SECONDS = 25 * 60;
const OOM_KILLS_SECONDS_AGO = [4 * 3600, 3 * 86_400, 6 * 86_400, 9 * 86_400];

interface Timed {
  secondsAgo: number;
  record: unknown;
}

function event(secondsAgo: number, clusterId: string, pod: string, reason: string, message: string, index: number): Timed {
  const at = `now-${secondsAgo}s`;
  return {
    secondsAgo,
    record: {
      meta: { creationTimestamp: at, type: 'Event' },
      spec: {
        event: {
          createdAt: at,
          id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
          type: 'Warning',
          clusterId,
          message,
          reason,
          source: reason === 'Unhealthy' ? 'kubelet' : 'workload-controller',
          involvedObject: { uid: 'f29ecedf-fb6a-44e9-a70e-1ad53318c65d', kind: 'Pod', name: pod, namespace: 'runai-foundation-models' },
        },
      },
    },
  };
}

export function longHistoryScenario(template: Scenario, records: number): { state: ScenarioState; workloadId: string; clusterId: string } {
  const workloadId = template.request.workloadId;
  const clusterId = template.request.clusterId;
  if (!workloadId || !clusterId) throw new Error(`${template.name} is not an Option A scenario`);
  const pod = 'llm-pretrain-13b-0-3';
  const timed: Timed[] = [];
  OOM_KILLS_SECONDS_AGO.forEach((secondsAgo, kill) => {
    timed.push(event(secondsAgo, clusterId, pod, 'OOMKilled', 'Container llm-pretrain-13b was OOM killed', 900_000 + kill));
    timed.push({
      secondsAgo: secondsAgo + 1,
      record: {
        meta: { creationTimestamp: `now-${secondsAgo + 1}s`, type: 'PhaseUpdate' },
        spec: { phaseUpdate: { phase: 'Failed', phaseMessage: 'OOMKilled' } },
      },
    });
  });
  for (let index = 0; timed.length < records; index += 1) {
    const secondsAgo = 600 + index * STEP_SECONDS;
    timed.push(
      event(
        secondsAgo,
        clusterId,
        pod,
        'Unhealthy',
        `Readiness probe failed: Get "http://10.233.43.26:6006/": dial tcp 10.233.43.26:6006: connect: connection refused (${index})`,
        index,
      ),
    );
  }
  timed.sort((a, b) => a.secondsAgo - b.secondsAgo);
  const runai = template.runai;
  return {
    workloadId,
    clusterId,
    state: { ...runai, history: { ...runai.history, [workloadId]: timed.map((entry) => entry.record) } },
  };
}
