/**
 * Every workload alert the shipped Prometheus rules can send (deploy/prometheus/runai-diagnose.rules.yml),
 * posted to the intake as Alertmanager posts it: each becomes one diagnosis request for the workload
 * its labels name, with the intent its rule sets — whatever words its summary holds (the stuck-pod
 * summary says "ContainerCreating", the init summary "crash loop"; only the `intent` label counts).
 * An alert that cannot name a workload (a rule joined on a label kube-state-metrics never exports,
 * a namespace that is not runai-<project>) is listed as skipped with the reason.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { alert, CLUSTER, jsonHeaders, makeApp, payload } from './intakeTestKit.js';

interface Rule {
  alert?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

const RULES_FILE = new URL('../../deploy/prometheus/runai-diagnose.rules.yml', import.meta.url);
const rules = (parse(readFileSync(RULES_FILE, 'utf8')) as { groups: { rules: Rule[] }[] }).groups.flatMap((group) => group.rules);
/** The workload alerts: those that set an intent (the webhook-failure alert does not). */
const workloadRules = rules.filter((rule): rule is Rule & { alert: string; labels: { intent: string } } => Boolean(rule.alert && rule.labels?.['intent']));

/** The summary as Alertmanager renders it (the rules template only these two labels). */
function summary(rule: Rule, labels: Record<string, string>): string {
  return (rule.annotations?.['summary'] ?? '')
    .replaceAll('{{ $labels.workload_name }}', labels['workload_name'] ?? '')
    .replaceAll('{{ $labels.namespace }}', labels['namespace'] ?? '');
}

async function post(alerts: unknown[]) {
  const { app, queue } = makeApp();
  const res = await app.request(`/webhooks/alertmanager?clusterId=${CLUSTER}`, {
    method: 'POST',
    headers: jsonHeaders(),
    body: JSON.stringify(payload(alerts)),
  });
  const body = (await res.json()) as {
    accepted: { clusterId: string; workloadName?: string; project?: string; intent: string }[];
    skipped: { index: number; alertname?: string; code: string; reason: string }[];
  };
  return { status: res.status, body, queued: queue.batches.flat() };
}

describe('the shipped workload alerts through POST /webhooks/alertmanager', () => {
  it('the rules hold the five workload alerts, terminal only for a failed pod', () => {
    expect(Object.fromEntries(workloadRules.map((rule) => [rule.alert, rule.labels.intent]))).toEqual({
      RunaiWorkloadContainerWaiting: 'active',
      RunaiWorkloadInitContainerFailing: 'active',
      RunaiWorkloadPodStuckCreating: 'active',
      RunaiWorkloadContainerRestarting: 'active',
      RunaiWorkloadPodFailed: 'terminal',
    });
  });

  it.each(workloadRules.map((rule) => [rule.alert, rule] as const))('%s: one request for the workload, with the rule’s intent', async (alertname, rule) => {
    const labels = { alertname, namespace: 'runai-vision', project: 'vision', workload_name: 'resnet152-imagenet', ...rule.labels };
    const { status, body, queued } = await post([alert(labels, { annotations: { summary: summary(rule, labels) } })]);
    expect(status).toBe(202);
    expect(body.skipped).toEqual([]);
    expect(body.accepted).toEqual([
      expect.objectContaining({ clusterId: CLUSTER, workloadName: 'resnet152-imagenet', project: 'vision', intent: rule.labels.intent }),
    ]);
    expect(queued.map((message) => message.request)).toEqual([
      { clusterId: CLUSTER, workloadName: 'resnet152-imagenet', project: 'vision', intent: rule.labels.intent },
    ]);
    expect(queued[0]!.alert?.alertname).toBe(alertname);
  });

  it.each(workloadRules.map((rule) => [rule.alert, rule] as const))(
    '%s without a project label: the namespace runai-<project> names the project',
    async (alertname, rule) => {
      const labels = { alertname, namespace: 'runai-code-assist', workload_name: 'starcoder2-15b-ft', ...rule.labels };
      const { body } = await post([alert(labels)]);
      expect(body.accepted).toEqual([expect.objectContaining({ workloadName: 'starcoder2-15b-ft', project: 'code-assist', intent: rule.labels.intent })]);
    },
  );

  it.each(workloadRules.map((rule) => [rule.alert, rule] as const))(
    '%s whose intent label a relabelling dropped: the alert name still gives the rule’s intent',
    async (alertname, rule) => {
      const labels = { alertname, namespace: 'runai-vision', project: 'vision', workload_name: 'resnet152-imagenet' };
      const { body } = await post([alert(labels, { annotations: { summary: summary(rule, labels) } })]);
      expect(body.accepted).toEqual([expect.objectContaining({ workloadName: 'resnet152-imagenet', intent: rule.labels.intent })]);
    },
  );

  it('several shapes of one workload in one group: one request, active (a live symptom wins)', async () => {
    const alerts = workloadRules.map((rule) =>
      alert({ alertname: rule.alert, namespace: 'runai-nlp-research', project: 'nlp-research', workload_name: 'llama3-70b-pretrain', ...rule.labels }),
    );
    const { body } = await post(alerts);
    expect(body.accepted).toEqual([expect.objectContaining({ workloadName: 'llama3-70b-pretrain', project: 'nlp-research', intent: 'active' })]);
    expect(body.skipped.map((skip) => skip.code)).toEqual(Array.from({ length: workloadRules.length - 1 }, () => 'duplicate'));
  });

  it('an alert that names no workload is skipped with the reason, never guessed from the pod or the summary', async () => {
    const stuck = workloadRules.find((rule) => rule.alert === 'RunaiWorkloadPodStuckCreating')!;
    const alerts = [
      // A rule that joined on label_workloadName (never exported): no workload_name, only the pod.
      alert({ alertname: stuck.alert, namespace: 'runai-vision', pod: 'resnet152-imagenet-0-0', label_workloadName: 'resnet152-imagenet', ...stuck.labels }),
      // A workload name, but neither a project label nor a runai-<project> namespace.
      alert({ alertname: stuck.alert, namespace: 'ml-training', workload_name: 'resnet152-imagenet', ...stuck.labels }),
    ];
    const { status, body, queued } = await post(alerts);
    expect(status).toBe(202);
    expect(body.accepted).toEqual([]);
    expect(queued).toEqual([]);
    expect(body.skipped).toEqual([
      expect.objectContaining({
        index: 0,
        alertname: stuck.alert,
        code: 'missing_identifier',
        reason: expect.stringMatching(/^no workload identifier: expected label workload_id or workload_name/),
      }),
      expect.objectContaining({
        index: 1,
        alertname: stuck.alert,
        code: 'missing_identifier',
        reason: expect.stringMatching(/^workload name "resnet152-imagenet" has no project/),
      }),
    ]);
  });
});
