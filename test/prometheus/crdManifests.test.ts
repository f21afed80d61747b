/**
 * The kube-prometheus-stack manifests carry the same integration as the plain files: the
 * PrometheusRule's groups are the rule file's groups, and the AlertmanagerConfig's route and
 * receiver are the plain route and receiver in the operator's camelCase spelling. Only the
 * bearer token differs in kind (a file for Alertmanager, a Secret key for the operator).
 */
import { describe, expect, it } from 'vitest';
import { ALERTMANAGER_CONFIG_FILE, PROMETHEUS_RULE_FILE, RECEIVER, readYaml, runaiRoute, runaiWebhook, shippedRules, type RuleFile } from './prometheusKit.js';

interface PrometheusRule {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  spec: RuleFile;
}

interface AlertmanagerConfig {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  spec: {
    route: {
      receiver: string;
      matchers?: { name: string; matchType?: string; value: string }[];
      groupBy?: string[];
      groupWait?: string;
      groupInterval?: string;
      repeatInterval?: string;
    };
    receivers: {
      name: string;
      webhookConfigs?: {
        url?: string;
        sendResolved?: boolean;
        maxAlerts?: number;
        httpConfig?: { authorization?: { type?: string; credentials?: { name: string; key: string } } };
      }[];
    }[];
  };
}

/** `alertname=~"A|B"` (Alertmanager's matcher syntax) as the operator's matcher object. */
function parseMatcher(text: string): { name: string; matchType: string; value: string } {
  const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(=~|!~|!=|=)\s*"((?:[^"\\]|\\.)*)"\s*$/.exec(text);
  if (!match) throw new Error(`unsupported matcher ${text}`);
  return { name: match[1]!, matchType: match[2]!, value: match[3]!.replace(/\\(.)/g, '$1') };
}

describe('kube-prometheus-stack manifests', () => {
  const rule = readYaml<PrometheusRule>(PROMETHEUS_RULE_FILE);
  const config = readYaml<AlertmanagerConfig>(ALERTMANAGER_CONFIG_FILE);

  it('the PrometheusRule is a monitoring.coreos.com/v1 PrometheusRule with exactly the rule file’s groups', () => {
    expect(rule).toMatchObject({ apiVersion: 'monitoring.coreos.com/v1', kind: 'PrometheusRule', metadata: { name: 'runai-diagnose' } });
    expect(rule.spec.groups).toEqual(shippedRules().groups);
  });

  it('the AlertmanagerConfig routes the same alerts to the same receiver, grouped and timed the same', () => {
    expect(config).toMatchObject({ apiVersion: 'monitoring.coreos.com/v1alpha1', kind: 'AlertmanagerConfig' });
    const plain = runaiRoute();
    expect(config.spec.route).toEqual({
      receiver: plain.receiver,
      matchers: (plain.matchers ?? []).map(parseMatcher),
      groupBy: plain.group_by,
      groupWait: plain.group_wait,
      groupInterval: plain.group_interval,
      repeatInterval: plain.repeat_interval,
    });
    expect(plain.receiver).toBe(RECEIVER);
  });

  it('the AlertmanagerConfig receiver posts to the same URL, the same way, with the token from a Secret', () => {
    const plain = runaiWebhook();
    expect(config.spec.receivers.map((receiver) => receiver.name)).toEqual([RECEIVER]);
    const webhooks = config.spec.receivers[0]!.webhookConfigs ?? [];
    expect(webhooks).toHaveLength(1);
    const { httpConfig, ...rest } = webhooks[0]!;
    expect(rest).toEqual({ url: plain.url, sendResolved: plain.send_resolved, maxAlerts: plain.max_alerts });
    expect(httpConfig?.authorization?.type).toBe(plain.http_config?.authorization?.type);
    expect(httpConfig?.authorization?.credentials).toEqual({ name: expect.any(String), key: expect.any(String) });
    expect(plain.http_config?.authorization?.credentials_file, 'the plain file reads the token from a file, never inline').toEqual(expect.any(String));
    expect(plain.http_config?.authorization?.credentials).toBeUndefined();
  });

  it('both receivers carry the cluster id on the URL (the alerts carry no cluster label)', () => {
    for (const url of [runaiWebhook().url, config.spec.receivers[0]!.webhookConfigs![0]!.url!]) {
      expect(new URL(url).pathname).toBe('/webhooks/alertmanager');
      expect(new URL(url).searchParams.get('clusterId')).toBe('RUNAI_CLUSTER_ID');
    }
  });
});
