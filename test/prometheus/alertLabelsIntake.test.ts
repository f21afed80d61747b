/**
 * The labels the shipped rules put on an alert, as promtool verified them (the expected alerts
 * of deploy/prometheus/tests), through the real intake parser with the shipped receiver URL:
 * every workload alert becomes a diagnosis request (never a skip), with the workload, project
 * and intent it names, and carries no label the intake does not read.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LABEL_MAP } from '../../functions/intake/LabelMap.js';
import { parseAlertmanagerPayload } from '../../functions/intake/parseAlertmanagerPayload.js';
import { readYaml, RULES_TEST_FILE, runaiWebhook, shippedRule, workloadAlertNames } from './prometheusKit.js';

interface RulesTestFile {
  tests: {
    name: string;
    alert_rule_test?: { alertname: string; exp_alerts: { exp_labels?: Record<string, string> }[] }[];
  }[];
}

/** Every distinct expected alert of the promtool unit tests, labels complete (alertname added). */
function verifiedWorkloadAlerts(): Record<string, string>[] {
  const workloadAlerts = new Set(workloadAlertNames());
  const seen = new Map<string, Record<string, string>>();
  for (const test of readYaml<RulesTestFile>(RULES_TEST_FILE).tests) {
    for (const check of test.alert_rule_test ?? []) {
      if (!workloadAlerts.has(check.alertname)) continue;
      for (const expected of check.exp_alerts) {
        const labels = { alertname: check.alertname, ...expected.exp_labels };
        seen.set(JSON.stringify(Object.entries(labels).sort()), labels);
      }
    }
  }
  return [...seen.values()];
}

/** Label names the intake reads (functions/intake: LabelMap, inferAlertIntent). */
const READ_BY_INTAKE = new Set([
  ...DEFAULT_LABEL_MAP.clusterId,
  ...DEFAULT_LABEL_MAP.workloadId,
  ...DEFAULT_LABEL_MAP.workloadName,
  ...DEFAULT_LABEL_MAP.project,
  ...DEFAULT_LABEL_MAP.namespace,
  'intent',
  'reason',
  'alertname',
]);

describe('shipped alert labels through the intake', () => {
  const alerts = verifiedWorkloadAlerts();
  const clusterId = new URL(runaiWebhook().url).searchParams.get('clusterId') ?? undefined;

  it('the promtool unit tests expect at least one alert of every workload alert name', () => {
    expect(new Set(alerts.map((labels) => labels['alertname']))).toEqual(new Set(workloadAlertNames()));
  });

  it('every label of a workload alert is one the intake reads', () => {
    for (const labels of alerts) {
      expect(
        Object.keys(labels).filter((name) => !READ_BY_INTAKE.has(name)),
        JSON.stringify(labels),
      ).toEqual([]);
    }
  });

  it.each(verifiedWorkloadAlerts().map((labels) => [`${labels['alertname']} ${labels['workload_name']}`, labels] as const))(
    '%s becomes a diagnosis request for that workload, with the intent of the rule',
    (_name, labels) => {
      const payload = {
        version: '4',
        status: 'firing',
        receiver: 'runai-diagnose',
        groupLabels: { alertname: labels['alertname'] },
        commonLabels: labels,
        commonAnnotations: {},
        externalURL: 'http://alertmanager.invalid:9093',
        groupKey: '{}:{}',
        truncatedAlerts: 0,
        alerts: [
          {
            status: 'firing',
            labels,
            annotations: { summary: shippedRule(labels['alertname']!).annotations?.['summary'] ?? '' },
            startsAt: '2026-12-01T10:00:00Z',
            endsAt: '0001-01-01T00:00:00Z',
            fingerprint: '0123456789abcdef',
          },
        ],
      };
      const result = parseAlertmanagerPayload(payload, { receivedAt: new Date('2026-12-01T10:00:30Z'), clusterIdFallback: clusterId });
      expect(result.ok, JSON.stringify(result)).toBe(true);
      if (!result.ok) return;
      expect(result.skipped).toEqual([]);
      expect(result.accepted).toHaveLength(1);
      expect(result.accepted[0]!.request).toEqual({
        clusterId,
        workloadName: labels['workload_name'],
        project: labels['project'],
        intent: shippedRule(labels['alertname']!).labels?.['intent'],
      });
    },
  );

  it('without the project label the namespace runai-<project> still identifies the workload', () => {
    const labels = { ...alerts[0]! };
    const project = labels['project'];
    delete labels['project'];
    const payload = { version: '4', status: 'firing', receiver: 'runai-diagnose', alerts: [{ status: 'firing', labels }] };
    const result = parseAlertmanagerPayload(payload, { receivedAt: new Date('2026-12-01T10:00:30Z'), clusterIdFallback: clusterId });
    expect(result.ok && result.accepted[0]!.request.project).toBe(project);
  });
});
