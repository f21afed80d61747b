/**
 * The shipped rules through Prometheus' own checker and unit-test runner (promtool, Debian's
 * `prometheus` package): the rule file and the PrometheusRule's groups are valid, and the unit
 * tests in deploy/prometheus/tests pass — each alert fires with exactly the labels the intake
 * reads, with duplicated kube-state-metrics series, a recreated pod, and not for a pod that recovers.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { alertNames, inCi, PROMETHEUS_RULE_FILE, readYaml, RULES_FILE, RULES_TEST_FILE, run, toolAvailability, type RuleFile } from './prometheusKit.js';

const promtool = toolAvailability(['promtool'], 'prometheus');

describe('promtool availability', () => {
  it.skipIf(!inCi && !promtool.available)(`promtool is on PATH${inCi ? ' (required in CI)' : ''}`, () => {
    expect(promtool.available, promtool.missing).toBe(true);
  });
  if (!promtool.available && !inCi) it.skip(`skipped: ${promtool.missing}`, () => undefined);
});

describe.skipIf(!promtool.available)('promtool on deploy/prometheus', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'runai-diagnose-promtool-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('check rules: the rule file is valid and holds every alert', async () => {
    const result = await run('promtool', ['check', 'rules', RULES_FILE]);
    console.log(`$ promtool check rules deploy/prometheus/runai-diagnose.rules.yml\n${result.output.trim()}`);
    expect(result.status, result.output).toBe(0);
    expect(result.output).toContain(`SUCCESS: ${alertNames().length} rules found`);
  });

  it("check rules: the PrometheusRule's groups are valid Prometheus rules too", async () => {
    const groups = readYaml<{ spec: RuleFile }>(PROMETHEUS_RULE_FILE).spec.groups;
    const extracted = join(dir, 'prometheusrule-groups.yml');
    await writeFile(extracted, stringify({ groups }));
    const result = await run('promtool', ['check', 'rules', extracted]);
    expect(result.status, result.output).toBe(0);
    expect(result.output).toContain(`SUCCESS: ${alertNames().length} rules found`);
  });

  it('test rules: the unit tests in deploy/prometheus/tests pass', async () => {
    const result = await run('promtool', ['test', 'rules', RULES_TEST_FILE]);
    console.log(`$ promtool test rules deploy/prometheus/tests/runai-diagnose.rules.test.yml\n${result.output.trim()}`);
    expect(result.status, result.output).toBe(0);
    expect(result.output).toContain('SUCCESS');
  });

  it('test rules can fail: a rule without the de-duplication of kube_pod_labels breaks on the duplicated series', async () => {
    // The unit tests are only worth something if they catch the bug this integration exists to
    // avoid: "many-to-many matching not allowed" with two kube-state-metrics replicas.
    const source = readYaml<RuleFile>(RULES_FILE);
    const dedup = 'max by (namespace, pod, uid, label_workload_name, label_project) (kube_pod_labels{label_workload_name!=""})';
    const broken: RuleFile = {
      groups: source.groups.map((group) => ({
        ...group,
        rules: group.rules.map((rule) => ({ ...rule, expr: rule.expr.replaceAll(dedup, 'kube_pod_labels{label_workload_name!=""}') })),
      })),
    };
    expect(JSON.stringify(broken)).not.toEqual(JSON.stringify(source));
    await writeFile(join(dir, 'runai-diagnose.rules.yml'), stringify(broken));
    const tests = readYaml<Record<string, unknown>>(RULES_TEST_FILE);
    await writeFile(join(dir, 'rules.test.yml'), stringify({ ...tests, rule_files: ['runai-diagnose.rules.yml'] }));
    const result = await run('promtool', ['test', 'rules', join(dir, 'rules.test.yml')]);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('many-to-many matching not allowed');
  });
});
