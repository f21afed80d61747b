/**
 * The shipped Prometheus/Alertmanager integration (deploy/prometheus/) and the real tools that
 * check it: Debian's `prometheus` (prometheus, promtool) and `prometheus-alertmanager` (amtool,
 * prometheus-alertmanager) packages, installed by .ci/run. Without them the suites fail in CI
 * and are skipped elsewhere, with the reason in the test name.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const DEPLOY_DIR = fileURLToPath(new URL('../../deploy/prometheus/', import.meta.url));
export const RULES_FILE = `${DEPLOY_DIR}runai-diagnose.rules.yml`;
export const RULES_TEST_FILE = `${DEPLOY_DIR}tests/runai-diagnose.rules.test.yml`;
export const ALERTMANAGER_FILE = `${DEPLOY_DIR}alertmanager.yml`;
export const PROMETHEUS_RULE_FILE = `${DEPLOY_DIR}kube-prometheus-stack/prometheusrule.yaml`;
export const ALERTMANAGER_CONFIG_FILE = `${DEPLOY_DIR}kube-prometheus-stack/alertmanagerconfig.yaml`;

/** The name of the receiver that posts to runai-diagnose, in both Alertmanager files. */
export const RECEIVER = 'runai-diagnose';

/** The binary's path, or null when it is not on PATH. */
export function findBinary(name: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  const path = found.stdout.trim();
  return found.status === 0 && path !== '' ? path : null;
}

export const inCi = Boolean(process.env.CI);

/** `describe.skipIf` reason and availability for one Debian package's binaries. */
export function toolAvailability(binaries: readonly string[], debianPackage: string): { available: boolean; missing: string } {
  const absent = binaries.filter((binary) => findBinary(binary) === null);
  return {
    available: absent.length === 0,
    missing: `${absent.join(', ')} not installed (apt-get install ${debianPackage}; .ci/run does it)`,
  };
}

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr, as a person at the terminal sees them. */
  output: string;
}

/** Runs a tool to completion (asynchronously: the machine is shared, nothing blocks the loop). */
export function run(binary: string, args: readonly string[], options: { cwd?: string; timeoutMs?: number } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => ((stdout += chunk.toString()), (output += chunk.toString())));
    child.stderr.on('data', (chunk: Buffer) => ((stderr += chunk.toString()), (output += chunk.toString())));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000);
    child.once('error', (error) => (clearTimeout(timer), reject(error)));
    child.once('close', (status) => (clearTimeout(timer), resolve({ status, stdout, stderr, output })));
  });
}

export function readYaml<T = unknown>(path: string): T {
  return parse(readFileSync(path, 'utf8')) as T;
}

export interface AlertingRule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
export interface RuleFile {
  groups: { name: string; rules: AlertingRule[] }[];
}

export function shippedRules(): RuleFile {
  return readYaml<RuleFile>(RULES_FILE);
}

export function alertNames(rules: RuleFile = shippedRules()): string[] {
  return rules.groups.flatMap((group) => group.rules.flatMap((rule) => (rule.alert ? [rule.alert] : [])));
}

export function shippedRule(alertname: string, rules: RuleFile = shippedRules()): AlertingRule {
  const rule = rules.groups.flatMap((group) => group.rules).find((candidate) => candidate.alert === alertname);
  if (!rule) throw new Error(`no alert ${alertname} in ${RULES_FILE}`);
  return rule;
}

/** Alerts that describe a workload (and so go to runai-diagnose): those carrying an `intent`. */
export function workloadAlertNames(rules: RuleFile = shippedRules()): string[] {
  return rules.groups.flatMap((group) => group.rules.flatMap((rule) => (rule.alert && rule.labels?.['intent'] ? [rule.alert] : [])));
}

/**
 * The labels a real alert of this name carries, as `name=value` arguments for
 * `amtool config routes test` (the promtool unit tests state them): so a route matching on any
 * of them counts, not only on the name.
 */
export function alertLabelArgs(alertname: string, rules: RuleFile = shippedRules()): string[] {
  const ruleLabels = Object.entries(shippedRule(alertname, rules).labels ?? {}).map(([name, value]) => `${name}=${value}`);
  return workloadAlertNames(rules).includes(alertname)
    ? [`alertname=${alertname}`, 'namespace=runai-genai-studio', 'project=genai-studio', 'workload_name=sdxl-lora-ws', ...ruleLabels]
    : [`alertname=${alertname}`, 'integration=webhook', 'instance=am-0', 'job=alertmanager', ...ruleLabels];
}

export interface PlainRoute {
  receiver: string;
  matchers?: string[];
  group_by?: string[];
  group_wait?: string;
  group_interval?: string;
  repeat_interval?: string;
  continue?: boolean;
  routes?: PlainRoute[];
}
export interface PlainWebhook {
  url: string;
  send_resolved?: boolean;
  max_alerts?: number;
  http_config?: { authorization?: { type?: string; credentials_file?: string; credentials?: string } };
}
export interface AlertmanagerFile {
  route: PlainRoute;
  receivers: { name: string; webhook_configs?: PlainWebhook[] }[];
}

export function shippedAlertmanager(): AlertmanagerFile {
  return readYaml<AlertmanagerFile>(ALERTMANAGER_FILE);
}

/** The shipped child route that delivers to runai-diagnose. */
export function runaiRoute(config: AlertmanagerFile = shippedAlertmanager()): PlainRoute {
  const route = config.route.routes?.find((candidate) => candidate.receiver === RECEIVER);
  if (!route) throw new Error(`no route to ${RECEIVER} in ${ALERTMANAGER_FILE}`);
  return route;
}

export function runaiWebhook(config: AlertmanagerFile = shippedAlertmanager()): PlainWebhook {
  const webhook = config.receivers.find((receiver) => receiver.name === RECEIVER)?.webhook_configs?.[0];
  if (!webhook) throw new Error(`no webhook receiver ${RECEIVER} in ${ALERTMANAGER_FILE}`);
  return webhook;
}

/**
 * A Prometheus duration (`5m`, `1h30m`, `500ms`) in milliseconds; throws on anything else,
 * so a test never silently mis-scales a duration it did not understand.
 */
export function durationMs(text: string): number {
  const units: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000, y: 31_536_000_000 };
  const parts = [...text.matchAll(/(\d+)(ms|s|m|h|d|w|y)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== text) throw new Error(`not a Prometheus duration: ${text}`);
  return parts.reduce((sum, part) => sum + Number(part[1]) * units[part[2]!]!, 0);
}

/** Milliseconds as a Prometheus duration (whole milliseconds). */
export function formatDuration(ms: number): string {
  const whole = Math.max(1, Math.round(ms));
  return whole % 1_000 === 0 ? `${whole / 1_000}s` : `${whole}ms`;
}

export interface Prometheus {
  url: string;
  /** Firing/pending alerts, as `/api/v1/alerts` reports them. */
  alerts(): Promise<{ labels: Record<string, string>; state: string; activeAt?: string }[]>;
  /** An instant query's vector result. */
  query(promql: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]>;
  logs(): string;
  stop(): Promise<void>;
}

/**
 * A real Prometheus (Debian's `prometheus`) on a free loopback port, with its own temporary
 * data directory, the given configuration and rule files (paths inside `dir`).
 */
export async function startPrometheus(options: { dir: string; config: string; port: number }): Promise<Prometheus> {
  const { writeFile } = await import('node:fs/promises');
  const configFile = `${options.dir}/prometheus.yml`;
  await writeFile(configFile, options.config);
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(
    'prometheus',
    [`--config.file=${configFile}`, `--storage.tsdb.path=${options.dir}/data`, `--web.listen-address=127.0.0.1:${options.port}`, '--log.level=warn'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let logs = '';
  child.stdout.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
  };
  try {
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`prometheus exited with ${child.exitCode}:\n${logs}`);
      if (
        await fetch(`${url}/-/ready`).then(
          (response) => response.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error(`prometheus not ready after 20 s:\n${logs}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${url}${path}`);
    const body = (await response.json()) as { status: string; data: T; error?: string };
    if (body.status !== 'success') throw new Error(`prometheus ${path}: ${body.error ?? response.status}`);
    return body.data;
  };
  return {
    url,
    alerts: async () => (await api<{ alerts: { labels: Record<string, string>; state: string; activeAt?: string }[] }>('/api/v1/alerts')).alerts,
    query: async (promql) =>
      (await api<{ result: { metric: Record<string, string>; value: [number, string] }[] }>(`/api/v1/query?query=${encodeURIComponent(promql)}`)).result,
    logs: () => logs,
    stop,
  };
}
