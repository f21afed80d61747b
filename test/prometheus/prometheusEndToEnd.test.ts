/**
 * The shipped integration end to end, with the real programs:
 *
 *   two kube-state-metrics replicas (a text exposition on loopback whose pods change over time:
 *   a crash loop, a failed pod, an init container crash-looping, a pod stuck in ContainerCreating
 *   and a slow crash loop whose CrashLoopBackOff is never exported)
 *   → Prometheus (Debian's `prometheus`) scraping both and evaluating deploy/prometheus's rules
 *   → Alertmanager (Debian's `prometheus-alertmanager`) with deploy/prometheus's route and receiver
 *   → a recording pass-through (to see each 202 and its skipped list)
 *   → the local app (the same intake and worker as in AWS) → diagnosis against the Run:ai
 *     simulator serving the bundled scenarios → the console publisher.
 *
 * Test-only copies, so that it runs in seconds: the rule file with every `for:` and range
 * window divided by 60 (minutes become seconds; expressions, labels and annotations unchanged),
 * and the Alertmanager file with the runai-diagnose route's timers divided by 60, the URL
 * pointing at the local app (with the simulator's cluster in `?clusterId=`) and the token file
 * in a temporary directory. Scrape and evaluation every second.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { readLocalEnv } from '../../functions/local/readLocalEnv.js';
import { startLocalServer, type LocalServer } from '../../functions/local/startLocalServer.js';
import type { DiagnosisTiming } from '../../functions/local/withTiming.js';
import { freePort, startAlertmanager, type Alertmanager } from '../e2e/alertmanagerKit.js';
import { eventually, FIXTURE_CLUSTER, FIXTURES_DIR, TOKEN } from '../e2e/e2eKit.js';
import { startKsmReplicas, type FakePod, type KsmReplicas } from './ksmExposition.js';
import {
  durationMs,
  formatDuration,
  inCi,
  RECEIVER,
  shippedAlertmanager,
  shippedRules,
  startPrometheus,
  toolAvailability,
  workloadAlertNames,
  type AlertmanagerFile,
  type Prometheus,
  type RuleFile,
} from './prometheusKit.js';

const tools = toolAvailability(['prometheus', 'prometheus-alertmanager'], 'prometheus prometheus-alertmanager');
const TIME_SCALE = 60;
/** What the docs tell users to pass to kube-state-metrics: --metric-labels-allowlist=pods=[workloadName,project]. */
const ALLOWLIST = ['workloadName', 'project'];

describe('Prometheus end-to-end availability', () => {
  it.skipIf(!inCi && !tools.available)(`prometheus and prometheus-alertmanager are on PATH${inCi ? ' (required in CI)' : ''}`, () => {
    expect(tools.available, tools.missing).toBe(true);
  });
  if (!tools.available && !inCi) it.skip(`skipped: ${tools.missing}`, () => undefined);
});

/** The shipped rules with `for:` and range windows divided by `scale`; nothing else changes. */
function scaleRules(rules: RuleFile, scale: number): RuleFile {
  return {
    groups: rules.groups.map((group) => ({
      ...group,
      rules: group.rules.map((rule) => ({
        ...rule,
        expr: rule.expr.replace(/\[(\w+)\]/g, (_match, window: string) => `[${formatDuration(durationMs(window) / scale)}]`),
        ...(rule.for !== undefined ? { for: formatDuration(durationMs(rule.for) / scale) } : {}),
      })),
    })),
  };
}

/** The shipped Alertmanager file pointed at `url` with `tokenFile`, the runai-diagnose route's timers divided by `scale`. */
function localAlertmanager(config: AlertmanagerFile, options: { url: string; tokenFile: string; scale: number }): AlertmanagerFile {
  const scaled = (text: string | undefined) => (text === undefined ? undefined : formatDuration(durationMs(text) / options.scale));
  return {
    ...config,
    route: {
      ...config.route,
      routes: (config.route.routes ?? []).map((route) =>
        route.receiver === RECEIVER
          ? { ...route, group_wait: scaled(route.group_wait), group_interval: scaled(route.group_interval), repeat_interval: scaled(route.repeat_interval) }
          : route,
      ),
    },
    receivers: config.receivers.map((receiver) =>
      receiver.name === RECEIVER
        ? {
            ...receiver,
            webhook_configs: (receiver.webhook_configs ?? []).map((webhook) => ({
              ...webhook,
              url: options.url,
              http_config: { ...webhook.http_config, authorization: { ...webhook.http_config?.authorization, credentials_file: options.tokenFile } },
            })),
          }
        : receiver,
    ),
  };
}

interface Delivery {
  at: number;
  status: number;
  query: string;
  response: { accepted?: { workloadName?: string; project?: string; intent?: string }[]; skipped?: unknown[] };
  alertnames: string[];
}

/** A loopback pass-through to the app that records each webhook call and its answer. */
async function startRecordingProxy(target: string, now: () => number): Promise<{ url: string; deliveries: Delivery[]; close(): Promise<void> }> {
  const deliveries: Delivery[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks);
      const answer = await fetch(`${target}${request.url ?? '/'}`, {
        method: request.method ?? 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? 'application/json', authorization: request.headers.authorization ?? '' },
        body,
      });
      const text = await answer.text();
      const sent = JSON.parse(body.toString()) as { alerts?: { labels?: Record<string, string> }[] };
      deliveries.push({
        at: now(),
        status: answer.status,
        query: new URL(request.url ?? '/', 'http://proxy.invalid').search,
        response: JSON.parse(text) as Delivery['response'],
        alertnames: (sent.alerts ?? []).map((alert) => alert.labels?.['alertname'] ?? '?'),
      });
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Pods named after bundled scenarios' workloads (fixtures/scenarios), in runai-<project>.
const crashing: FakePod = {
  namespace: 'runai-genai-studio',
  pod: 'sdxl-lora-ws-0-0',
  uid: '3f0c6a51-7d3e-4d0b-9a55-1c2b8e7f0a11',
  labels: { app: 'runaijob', workloadName: 'sdxl-lora-ws', project: 'genai-studio', workloadKind: 'InteractiveWorkload', release: 'sdxl-lora-ws' },
  phase: 'Running',
  container: 'sdxl-lora-ws',
};
const failing: FakePod = {
  namespace: 'runai-nlp-research',
  pod: 'llama3-8b-sft-0-0',
  uid: '9a4e2b7c-51f8-4c1e-8d3a-6b0f2e9c7d22',
  labels: { app: 'runaijob', workloadName: 'llama3-8b-sft', project: 'nlp-research', workloadKind: 'TrainingWorkload', release: 'llama3-8b-sft' },
  phase: 'Running',
  container: 'llama3-8b-sft',
};
const healthy: FakePod = {
  namespace: 'runai-ranking-eval',
  pod: 'ctr-hourly-eval-0-0',
  uid: '5d2f0e13-2a6b-4f7c-9e81-0c4d3b2a1f33',
  labels: { app: 'runaijob', workloadName: 'ctr-hourly-eval', project: 'ranking-eval', workloadKind: 'TrainingWorkload', release: 'ctr-hourly-eval' },
  phase: 'Running',
  container: 'ctr-hourly-eval',
};
// Pending while its init container runs; then the init container crash-loops (OnFailure).
const initializing: FakePod = {
  namespace: 'runai-search-ranking',
  pod: 'rag-indexer-nightly-0-0',
  uid: '4e1a7c02-9b3d-4f15-8a2e-7d6c5b4a3f44',
  labels: { app: 'runaijob', workloadName: 'rag-indexer-nightly', project: 'search-ranking', workloadKind: 'TrainingWorkload', release: 'rag-indexer-nightly' },
  phase: 'Pending',
  container: 'indexer',
  waitingReason: 'PodInitializing',
  init: { container: 'git-sync', running: true },
};
// Running fine; then OOM-killed and restarted (OnFailure) without CrashLoopBackOff ever exported.
const slowCrash: FakePod = {
  namespace: 'runai-code-assist',
  pod: 'starcoder2-15b-ft-0-0',
  uid: 'c0de5eed-2f4a-4b6c-9d8e-1a2b3c4d5e55',
  labels: { app: 'runaijob', workloadName: 'starcoder2-15b-ft', project: 'code-assist', workloadKind: 'TrainingWorkload', release: 'starcoder2-15b-ft' },
  phase: 'Running',
  container: 'starcoder2-15b-ft',
  restarts: 0,
};
// Appears with the change: scheduled, its PVC gone, its container waiting in ContainerCreating.
const stuckCreating: FakePod = {
  namespace: 'runai-vision',
  pod: 'resnet152-imagenet-0-0',
  uid: '873f1d2c-4b5a-4e6f-8a7b-9c0d1e2f3a66',
  labels: { app: 'runaijob', workloadName: 'resnet152-imagenet', project: 'vision', workloadKind: 'TrainingWorkload', release: 'resnet152-imagenet' },
  phase: 'Pending',
  container: 'resnet152-imagenet',
  waitingReason: 'ContainerCreating',
};
// Not a Run:ai workload pod (no workloadName label): a failure here is not ours to diagnose.
const otherFailed: FakePod = {
  namespace: 'kube-system',
  pod: 'coredns-7db6d8ff4d-x2x9z',
  uid: 'aa11bb22-cc33-4d44-8e55-ff6677889900',
  labels: { 'k8s-app': 'kube-dns' },
  phase: 'Failed',
  container: 'coredns',
  terminatedReason: 'Error',
};

/** The verdict's category, or its outcome when it has none (needs_input, stopped); `error` when none was produced. */
function verdictOf(timing: DiagnosisTiming): string {
  return timing.result ? (timing.result.verdict.category ?? timing.result.verdict.outcome) : 'error';
}

/** The pods before anything fails (the stuck pod does not exist yet). */
const BEFORE: readonly FakePod[] = [crashing, failing, healthy, otherFailed, initializing, slowCrash];

describe.skipIf(!tools.available)('kube-state-metrics ×2 → Prometheus → Alertmanager → local app → simulator → notification', () => {
  const started = Date.now();
  const now = () => Date.now();
  let dir: string;
  let ksm: KsmReplicas;
  let prometheus: Prometheus;
  let alertmanager: Alertmanager;
  let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
  let app: LocalServer;
  const notifications: { at: number; subject: string }[] = [];
  const diagnoses: { at: number; timing: DiagnosisTiming }[] = [];
  let appLog = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'runai-diagnose-prom-e2e-'));
    app = await startLocalServer({
      config: readLocalEnv({ PORT: '0', WEBHOOK_TOKEN: TOKEN, LOG_LEVEL: 'info', BATCH_WINDOW_MS: '100' }),
      fixturesDir: FIXTURES_DIR,
      announce: false,
      stdout: (text) => {
        // The console publisher writes each notification as "<subject>\n<rule>\n<report>".
        const subject = text.split('\n', 1)[0]!;
        if (/^\[[A-Za-z_ ]+\] /.test(subject)) notifications.push({ at: now(), subject });
      },
      stderr: (text) => (appLog += text),
      onDiagnosed: (timing) => diagnoses.push({ at: now(), timing }),
      retryDelayMs: () => 10,
    });
    proxy = await startRecordingProxy(app.url, now);

    const tokenFile = join(dir, 'runai-diagnose-token');
    await writeFile(tokenFile, TOKEN);
    const amConfig = localAlertmanager(shippedAlertmanager(), {
      url: `${proxy.url}/webhooks/alertmanager?clusterId=${FIXTURE_CLUSTER}`,
      tokenFile,
      scale: TIME_SCALE,
    });
    alertmanager = await startAlertmanager('prometheus-alertmanager', stringify(amConfig));

    ksm = await startKsmReplicas(2, BEFORE, ALLOWLIST, now);
    await writeFile(join(dir, 'runai-diagnose.rules.yml'), stringify(scaleRules(shippedRules(), TIME_SCALE)));
    const prometheusConfig = {
      global: { scrape_interval: '1s', scrape_timeout: '1s', evaluation_interval: '1s' },
      rule_files: [join(dir, 'runai-diagnose.rules.yml')],
      alerting: { alertmanagers: [{ static_configs: [{ targets: [new URL(alertmanager.url).host] }] }] },
      scrape_configs: [{ job_name: 'kube-state-metrics', honor_labels: true, static_configs: [{ targets: ksm.targets }] }],
    };
    prometheus = await startPrometheus({ dir, config: stringify(prometheusConfig), port: await freePort() });
  }, 40_000);

  afterAll(async () => {
    await prometheus?.stop();
    await alertmanager?.stop();
    await ksm?.close();
    await proxy?.close();
    await app?.close({ drainTimeoutMs: 2_000 });
    await rm(dir, { recursive: true, force: true });
  });

  it('the test-only rules differ from the shipped ones only in for: and range windows', () => {
    const shipped = shippedRules();
    const scaled = scaleRules(shipped, TIME_SCALE);
    const blank = (rules: RuleFile) =>
      rules.groups.map((group) => group.rules.map(({ for: _for, ...rule }) => ({ ...rule, expr: rule.expr.replace(/\[\w+\]/g, '[…]') })));
    expect(blank(scaled)).toEqual(blank(shipped));
    expect(scaled.groups[0]!.rules.find((rule) => rule.alert === 'RunaiWorkloadContainerWaiting')).toMatchObject({ for: '5s' });
  });

  it('every failure shape (crash loop, failed pod, init container, stuck ContainerCreating, slow crash loop) is diagnosed and notified once, nothing skipped, in under a minute', async () => {
    const timeline: { at: number; what: string }[] = [];
    const mark = (at: number, what: string) => timeline.push({ at, what });

    // Both replicas are scraped and every series is there twice before anything fails.
    await eventually(
      'both kube-state-metrics replicas up',
      async () => ((await prometheus.query('count(up{job="kube-state-metrics"} == 1)'))[0]?.value[1] === '2' ? true : undefined),
      15_000,
    );
    const labelSeries = await prometheus.query('count(kube_pod_labels)');
    expect(labelSeries[0]?.value[1], 'every pod series stored once per replica').toBe(String(2 * BEFORE.length));

    const changedAt = now();
    const failed = (slowCrashRestarts: number): FakePod[] => [
      { ...crashing, waitingReason: 'CrashLoopBackOff' },
      { ...failing, phase: 'Failed', terminatedReason: 'OOMKilled' },
      healthy,
      otherFailed,
      { ...initializing, init: { container: 'git-sync', waitingReason: 'CrashLoopBackOff' } },
      { ...slowCrash, restarts: slowCrashRestarts, lastTerminatedReason: 'OOMKilled' },
      stuckCreating,
    ];
    const version = ksm.update(failed(1));
    mark(
      changedAt,
      'exposition: sdxl-lora-ws-0-0 CrashLoopBackOff, llama3-8b-sft-0-0 Failed (OOMKilled), rag-indexer-nightly-0-0 init CrashLoopBackOff, resnet152-imagenet-0-0 ContainerCreating, starcoder2-15b-ft-0-0 restarted (OOMKilled), on both replicas',
    );
    // The slow crash loop's second OOM kill. Its CrashLoopBackOff is never exported, only the
    // restart counter and the last terminated reason. 3 minutes later (3 s at this time scale)
    // rather than 12, to keep the suite short: the rule counts restarts in its 1h window, not their pace.
    await new Promise((resolve) => setTimeout(resolve, durationMs('3m') / TIME_SCALE));
    ksm.update(failed(2));
    mark(now(), 'exposition: starcoder2-15b-ft-0-0 restarted again (OOMKilled), restarts_total 2');

    // One notification per failed workload, with the verdicts of the bundled scenarios (sdxl-lora-ws's
    // and starcoder2-15b-ft's histories hold 5 failures in 7 days: "recurring"). rag-indexer-nightly's
    // scenario is a finished run (its init container exited 128 under restartPolicy Never, the
    // workload Failed): the active lookup the init-container alert asks for finds no live workload
    // of that name, so the verdict asks for the workload id instead of guessing. Alert, intake and
    // intent are right; the simulator's Run:ai simply holds the Never variant of that failure.
    const expected = [
      '[CRASH_APP_ERROR] sdxl-lora-ws (genai-studio) recurring 5x/7d',
      '[DATASOURCE_MOUNT_FAILED] resnet152-imagenet (vision)',
      '[NEEDS INPUT] rag-indexer-nightly (search-ranking)',
      '[OOM_KILLED] llama3-8b-sft (nlp-research)',
      '[OOM_KILLED] starcoder2-15b-ft (code-assist) recurring 5x/7d',
    ];
    const expectedDiagnoses = [
      ['llama3-8b-sft', 'terminal', 'OOM_KILLED'],
      ['rag-indexer-nightly', 'active', 'needs_input'],
      ['resnet152-imagenet', 'active', 'DATASOURCE_MOUNT_FAILED'],
      ['sdxl-lora-ws', 'active', 'CRASH_APP_ERROR'],
      ['starcoder2-15b-ft', 'active', 'OOM_KILLED'],
    ];
    const firstFiring = new Map<string, number>();
    await eventually(
      'every notification',
      async () => {
        for (const alert of await prometheus.alerts()) {
          const key = `${alert.labels['alertname']} ${alert.labels['workload_name']}`;
          if (alert.state === 'firing' && !firstFiring.has(key)) firstFiring.set(key, now());
        }
        return notifications.length >= expected.length && diagnoses.length >= expectedDiagnoses.length ? true : undefined;
      },
      45_000,
    );
    // Anything extra (a duplicate, an alert for the healthy or the non-Run:ai pod) would show up here.
    await new Promise((resolve) => setTimeout(resolve, 2_500));

    for (const replica of ['ksm-0', 'ksm-1']) {
      const scrape = ksm.scrapes.find((candidate) => candidate.replica === replica && candidate.version === version);
      expect(scrape, `${replica} scraped after the change`).toBeDefined();
      mark(scrape!.at, `scrape: Prometheus read the changed series from ${replica}`);
    }
    for (const [key, at] of firstFiring) mark(at, `alert: ${key} firing in Prometheus`);
    for (const delivery of proxy.deliveries) {
      const accepted = (delivery.response.accepted ?? []).map((request) => `${request.workloadName} (${request.project}, ${request.intent})`);
      mark(
        delivery.at,
        `Alertmanager POST /webhooks/alertmanager${delivery.query} [${delivery.alertnames.join(', ')}] → ${delivery.status} accepted=${accepted.join('; ')} skipped=${(delivery.response.skipped ?? []).length}`,
      );
    }
    for (const { at, timing } of diagnoses) {
      mark(
        at,
        `diagnosis: ${timing.queued.request.workloadName} (${timing.queued.request.project}, ${timing.queued.request.intent}) → ${verdictOf(timing)} in ${timing.ms} ms`,
      );
    }
    for (const { at, subject } of notifications) mark(at, `notification: ${subject}`);
    const wall = now() - started;
    console.log(
      [
        `timeline (t=0: the pods change; scrape and evaluation every 1 s, for:/windows and Alertmanager timers ÷${TIME_SCALE}):`,
        ...timeline.sort((a, b) => a.at - b.at).map(({ at, what }) => `  +${((at - changedAt) / 1000).toFixed(2).padStart(6)} s  ${what}`),
        `wall time of the suite so far (Prometheus, Alertmanager and the app started): ${(wall / 1000).toFixed(1)} s`,
      ].join('\n'),
    );

    // The notifications: one per failed workload, the categories of the bundled scenarios.
    expect(notifications.map((notification) => notification.subject).sort()).toEqual(expected);
    expect(diagnoses.map(({ timing }) => [timing.queued.request.workloadName, timing.queued.request.intent, verdictOf(timing)]).sort()).toEqual(
      expectedDiagnoses,
    );
    // Every webhook call was accepted whole: 202, nothing skipped, the cluster from the URL; each
    // workload accepted once, under the alert of its shape, with that alert's intent.
    expect(proxy.deliveries.length).toBeGreaterThanOrEqual(expected.length);
    expect(
      proxy.deliveries
        .flatMap((delivery) =>
          (delivery.response.accepted ?? []).map((request) => `${delivery.alertnames.join(',')} ${request.workloadName} ${request.project} ${request.intent}`),
        )
        .sort(),
    ).toEqual([
      'RunaiWorkloadContainerRestarting starcoder2-15b-ft code-assist active',
      'RunaiWorkloadContainerWaiting sdxl-lora-ws genai-studio active',
      'RunaiWorkloadInitContainerFailing rag-indexer-nightly search-ranking active',
      'RunaiWorkloadPodFailed llama3-8b-sft nlp-research terminal',
      'RunaiWorkloadPodStuckCreating resnet152-imagenet vision active',
    ]);
    for (const delivery of proxy.deliveries) {
      expect(delivery.status).toBe(202);
      expect(delivery.response.skipped).toEqual([]);
      expect(delivery.query).toBe(`?clusterId=${FIXTURE_CLUSTER}`);
    }
    expect(appLog).not.toMatch(/skipped=[1-9]/);
    // Prometheus alerted on the five failed Run:ai workloads only, once each (not the healthy pod,
    // not kube-system), and every workload alert of the shipped rules was exercised.
    const firing = (await prometheus.alerts()).filter((alert) => alert.state === 'firing');
    expect(firing.map((alert) => `${alert.labels['alertname']} ${alert.labels['workload_name']}`).sort()).toEqual([
      'RunaiWorkloadContainerRestarting starcoder2-15b-ft',
      'RunaiWorkloadContainerWaiting sdxl-lora-ws',
      'RunaiWorkloadInitContainerFailing rag-indexer-nightly',
      'RunaiWorkloadPodFailed llama3-8b-sft',
      'RunaiWorkloadPodStuckCreating resnet152-imagenet',
    ]);
    expect(new Set(firing.map((alert) => alert.labels['alertname']))).toEqual(new Set(workloadAlertNames()));
    expect(await alertmanager.counter('alertmanager_notifications_failed_total', { integration: 'webhook' })).toBe(0);
    expect(wall, 'the whole path in under a minute').toBeLessThan(60_000);
  }, 60_000);
});
