/**
 * The shipped Alertmanager configuration through Alertmanager's own tool (amtool, Debian's
 * `prometheus-alertmanager` package): it loads, and every alert name of the shipped rules is
 * routed where it must be — workload alerts to runai-diagnose, the delivery-failure alert away
 * from it (it reports that runai-diagnose cannot be reached).
 */
import { describe, expect, it } from 'vitest';
import {
  ALERTMANAGER_FILE,
  alertLabelArgs,
  alertNames,
  inCi,
  RECEIVER,
  run,
  shippedAlertmanager,
  toolAvailability,
  workloadAlertNames,
} from './prometheusKit.js';

const amtool = toolAvailability(['amtool'], 'prometheus-alertmanager');

describe('amtool availability', () => {
  it.skipIf(!inCi && !amtool.available)(`amtool is on PATH${inCi ? ' (required in CI)' : ''}`, () => {
    expect(amtool.available, amtool.missing).toBe(true);
  });
  if (!amtool.available && !inCi) it.skip(`skipped: ${amtool.missing}`, () => undefined);
});

describe.skipIf(!amtool.available)('amtool on deploy/prometheus/alertmanager.yml', () => {
  it('check-config: the configuration loads, with the runai-diagnose receiver', async () => {
    const result = await run('amtool', ['check-config', ALERTMANAGER_FILE]);
    console.log(`$ amtool check-config deploy/prometheus/alertmanager.yml\n${result.output.trim()}`);
    expect(result.status, result.output).toBe(0);
    expect(result.output).toContain('SUCCESS');
    expect(result.output).toContain(`${shippedAlertmanager().receivers.length} receivers`);
  });

  const workloadAlerts = new Set(workloadAlertNames());
  it.each(alertNames())('config routes test: %s goes to the right receiver', async (alertname) => {
    const expected = workloadAlerts.has(alertname) ? RECEIVER : shippedAlertmanager().route.receiver;
    const labels = alertLabelArgs(alertname);
    const result = await run('amtool', ['config', 'routes', 'test', `--config.file=${ALERTMANAGER_FILE}`, `--verify.receivers=${expected}`, ...labels]);
    console.log(`$ amtool config routes test --verify.receivers=${expected} ${labels.join(' ')}\n${result.stdout.trim()}`);
    expect(result.status, result.output).toBe(0);
    expect(result.stdout.trim()).toBe(expected);
  });

  it('config routes test fails for a name the rules do not produce (the check can fail)', async () => {
    const result = await run('amtool', [
      'config',
      'routes',
      'test',
      `--config.file=${ALERTMANAGER_FILE}`,
      `--verify.receivers=${RECEIVER}`,
      'alertname=RunaiWorkloadFailed',
    ]);
    expect(result.status).not.toBe(0);
    expect(result.stdout.split('\n')[0]).toBe(shippedAlertmanager().route.receiver);
    expect(result.stdout).toContain('Expected receivers did not match resolved receivers');
  });
});
