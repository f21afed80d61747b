/**
 * An Alertmanager v4 webhook body as a storm produces it: `alerts` firing alerts in one
 * group, of which the first `distinct` name distinct workloads (half by id, half by name +
 * `runai-<project>` namespace) and the rest repeat them, with the labels and annotations
 * kube-prometheus really sends. test/intake/storm.test.ts times the intake on it too.
 */
export const STORM_CLUSTER = '3f2c6a4e-6a1d-4c1e-9f0e-2b7d8a9c1d2e';

export function alertStormPayload(alerts: number, distinct = Math.round(alerts * 0.6)): string {
  const list = Array.from({ length: alerts }, (_, i) => {
    const w = i < distinct ? i : (i * 7) % distinct;
    const identity =
      w % 2 === 0
        ? { workload_id: `0b6c1e2a-0000-4000-8000-${String(w).padStart(12, '0')}` }
        : { workload_name: `train-job-${w}`, namespace: `runai-team-${w % 13}` };
    return {
      status: 'firing',
      labels: {
        alertname: w % 5 === 0 ? 'KubePodCrashLooping' : 'RunaiWorkloadFailed',
        severity: 'critical',
        container: 'main',
        pod: `train-job-${w}-0-0`,
        job: 'kube-state-metrics',
        instance: '10.0.3.17:8080',
        ...identity,
      },
      annotations: {
        summary: `Workload ${w} failed`,
        description: `Pod runai-team-${w % 13}/train-job-${w}-0-0 (main) is restarting 3 times / 10 minutes; exit code 1.`,
        runbook_url: 'https://runbooks.example.invalid/runai-workload-failed',
      },
      startsAt: `2026-11-29T17:${String(i % 60).padStart(2, '0')}:06Z`,
      endsAt: '0001-01-01T00:00:00Z',
      generatorURL: 'http://prometheus.example.invalid/graph?g0.expr=x',
      fingerprint: (0x1000000000000 + i).toString(16),
    };
  });
  return JSON.stringify({
    receiver: 'runai-diagnose',
    status: 'firing',
    alerts: list,
    groupLabels: {},
    commonLabels: { severity: 'critical', cluster_id: STORM_CLUSTER },
    commonAnnotations: {},
    externalURL: 'http://alertmanager:9093',
    version: '4',
    groupKey: '{}:{}',
    truncatedAlerts: 0,
  });
}
