/**
 * Local mode (docs/configuration.md, local mode): the SAME intake app as on Lambda, served on loopback,
 * with the in-process memory queue instead of SQS, the batch worker (processDiagnosisBatch,
 * so coalescing, digests and idempotency behave as in AWS) consuming it in short windows,
 * the built-in Run:ai simulator unless a real Run:ai is configured, and the console
 * publisher unless an SNS topic is. Optionally the failure poller on a timer. Tier 2 from
 * RUNAI_DIAGNOSE_TIER2_CONFIG, or with the Run:ai simulator from a built-in Kubernetes
 * simulator per bundled `tier2-*` scenario (startTier2Backend).
 *
 * Everything the process does is reachable from the returned handle, so tests and the
 * demo run it in-process; `main.ts` only adds the environment, stdout and signals.
 */
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { SNSClient } from '@aws-sdk/client-sns';
import { createMemoryStormWindow } from '../delivery/createMemoryStormWindow.js';
import { createMemoryNodeFailureLog } from '../fleet/createMemoryNodeFailureLog.js';
import { nodeSuspectWordsFor } from '../report/nodeSuspectWords.js';
import type { StormFlushQueue } from '../delivery/StormFlush.js';
import { createMemoryIdempotencyStore } from '../delivery/IdempotencyStore.js';
import { diagnoseWorkload } from '../diagnosis/diagnoseWorkload.js';
import { verdictSubject } from '../delivery/buildSnsMessage.js';
import { createFeedbackLinker, type FeedbackLinker } from '../feedback/createFeedbackLinker.js';
import { createMemoryFeedbackStore } from '../feedback/createMemoryFeedbackStore.js';
import type { FeedbackStore } from '../feedback/FeedbackStore.js';
import { createIntakeApp } from '../intake/createIntakeApp.js';
import type { PollSummary } from '../poller/PollSummary.js';
import { createMemoryQueue, type MemoryQueue } from '../queue/createMemoryQueue.js';
import { messagesFor } from '../report/messagesFor.js';
import { notificationWordsFor } from '../report/notificationWordsFor.js';
import { createRunaiClient } from '../runai/createRunaiClient.js';
import { createRunaiTokenProbe } from '../readiness/createRunaiTokenProbe.js';
import type { RunaiSimulator, ScenarioState } from '../simulator/startRunaiSimulator.js';
import type { KubernetesSimulator } from '../simulator/kubernetes/startKubernetesSimulator.js';
import { createRenderText } from '../worker/createRenderText.js';
import { processDiagnosisBatch } from '../worker/processDiagnosisBatch.js';
import { createBatchingWorker } from './createBatchingWorker.js';
import { createLocalLogger } from './createLocalLogger.js';
import { createLocalPublisher } from './createLocalPublisher.js';
import { exampleCurl } from './exampleCurl.js';
import { LocalConfigError, type LocalConfig } from './readLocalEnv.js';
import { baseUrlFor, serveApp } from './serveApp.js';
import { startLocalPoller, type LocalPoller } from './startLocalPoller.js';
import { startRunaiBackend } from './startRunaiBackend.js';
import { startTier2Backend, type Tier2Backend } from './startTier2Backend.js';
import { startLocalRecording } from './startLocalRecording.js';
import { describeTiming, withTiming, type DiagnosisTiming } from './withTiming.js';

export interface StartLocalServerOptions {
  config: LocalConfig;
  /** `fixtures/scenarios`, served by the simulator when no real Run:ai is configured. */
  fixturesDir: string;
  /** What a person reads: the ready line, the curl, diagnosis timings, notifications. */
  stdout: (text: string) => void;
  /** Logs (one line per intake/worker event). */
  stderr: (text: string) => void;
  /** Print the ready line, token and curl. Default true (the demo prints its own). */
  announce?: boolean;
  /** Called after each diagnosis; default: one `diagnosed … in N ms` line on stdout. */
  onDiagnosed?: (timing: DiagnosisTiming) => void;
  now?: () => Date;
  /** Tests: more control-plane state for the simulator (extra clusters, storms). */
  extraScenarios?: readonly ScenarioState[];
  /** Tests: the SNS client used when `config.snsTopicArn` is set. */
  snsClient?: SNSClient;
  /** Default 1,000 (see createBatchingWorker). */
  maxBatchSize?: number;
  retryDelayMs?: (attempt: number) => number;
}

export interface LocalServer {
  /** e.g. `http://127.0.0.1:8787` */
  url: string;
  port: number;
  token: string;
  tokenGenerated: boolean;
  readyLine: string;
  curl: string;
  queue: MemoryQueue;
  simulator: RunaiSimulator | null;
  /** The built-in Kubernetes simulators serving the bundled Tier 2 scenarios, by scenario name (empty otherwise). */
  kubernetesSimulators: ReadonlyMap<string, KubernetesSimulator>;
  /** The "Was this right?" answers given on this run's feedback pages (§4.10), in memory. */
  feedbackStore: FeedbackStore;
  /** Resolves once everything enqueued so far has ended (published, duplicate or dead letter). */
  whenIdle(): Promise<void>;
  /** One poller run now, or null when POLL_CLUSTER_IDS is not set. */
  pollNow(): Promise<PollSummary> | null;
  /** Stops accepting, drains the queue (bounded), then closes Run:ai, Tier 2, the simulators and SNS. */
  close(options?: { drainTimeoutMs?: number }): Promise<{ drained: boolean }>;
}

export async function startLocalServer(options: StartLocalServerOptions): Promise<LocalServer> {
  const { config, stdout } = options;
  const now = options.now ?? (() => new Date());
  const logger = createLocalLogger(options.stderr, config.logLevel, now);
  const tokenGenerated = config.webhookToken === undefined;
  const token = config.webhookToken ?? randomBytes(24).toString('base64url');

  // Started in dependency order; on a failure, what already started is closed again.
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  };
  // A mistyped SCENARIOS_DIR is the person's to fix (exit 2, one line), not a crash.
  if (config.scenariosDir !== undefined && !(await isFolder(config.scenariosDir))) {
    throw new LocalConfigError(`SCENARIOS_DIR is not a folder that can be read: ${config.scenariosDir}`);
  }
  try {
    const backend = await startRunaiBackend({
      runai: config.runai,
      fixturesDir: config.scenariosDir ?? options.fixturesDir,
      ...(options.extraScenarios ? { extraScenarios: options.extraScenarios } : {}),
    });
    cleanups.push(() => backend.close());
    // The recorder comes first (Tier 2 sends through its interceptor) and asks the Tier 2 backend, once
    // started, where each cluster's API server is.
    const started: { tier2?: Tier2Backend } = {};
    const recorder = config.record ? startLocalRecording(config.record, backend.client, logger, (clusterId) => started.tier2?.serverFor(clusterId)) : null;
    if (recorder) cleanups.push(() => recorder.close());
    const client = createRunaiClient(recorder?.clientConfig ?? backend.client);
    cleanups.push(() => client.close());
    // A bad RUNAI_DIAGNOSE_TIER2_CONFIG stops the start here (Tier2ConfigError, naming the key).
    const tier2 = await startTier2Backend({
      configPath: config.tier2ConfigPath,
      scenarios: backend.scenarios,
      interceptor: recorder?.router.kubernetesInterceptor,
    });
    cleanups.push(() => tier2.close());
    started.tier2 = tier2;
    const delivery = await createLocalPublisher({
      snsTopicArn: config.snsTopicArn,
      pagerDuty: config.pagerDuty,
      words: notificationWordsFor(config.locale),
      stdout,
      ...(options.snsClient ? { snsClient: options.snsClient } : {}),
    });
    cleanups.push(() => delivery.close());

    // Feedback (§4.10): a signing key generated for this run (links die with the process), answers in memory.
    const feedbackKeys = { current: randomBytes(32).toString('base64url') };
    const feedbackStore = createMemoryFeedbackStore();
    // The link's base is the served URL, known once listening; no verdict is published before that.
    const feedback: { linker?: FeedbackLinker } = {};

    const queue = createMemoryQueue();
    const idempotency = createMemoryIdempotencyStore({ now });
    const renderText = createRenderText(config.locale);
    const onDiagnosed = options.onDiagnosed ?? ((timing: DiagnosisTiming) => stdout(`${describeTiming(timing)}\n`));
    const diagnose = withTiming((queued) => {
      const at = now();
      const tier2Access = tier2.accessFor(queued.request);
      const run = () => diagnoseWorkload(queued.request, { reader: client, now: at, messages: messagesFor(config.locale), tier2: tier2Access });
      return recorder ? recorder.router.record(queued.request, at, tier2Access !== null, run) : run();
    }, onDiagnosed);
    // The storm window as in AWS, in memory; its flush is a delayed message to this same worker.
    const stormWindow = createMemoryStormWindow({ now, threshold: config.stormThreshold, windowSeconds: config.stormWindowSeconds });
    const nodeFailureLog = createMemoryNodeFailureLog({ now });
    const stormFlushes: StormFlushQueue = {
      async schedule(flush, delaySeconds) {
        worker.deliverLater(JSON.stringify(flush), delaySeconds * 1000);
      },
    };
    const worker = createBatchingWorker({
      queue,
      windowMs: config.batchWindowMs,
      ...(options.maxBatchSize !== undefined ? { maxBatchSize: options.maxBatchSize } : {}),
      ...(options.retryDelayMs ? { retryDelayMs: options.retryDelayMs } : {}),
      processBatch: (records) =>
        processDiagnosisBatch(records, {
          diagnose,
          renderText,
          words: notificationWordsFor(config.locale),
          publisher: delivery.publisher,
          idempotency,
          now,
          logger,
          storm: { window: stormWindow, flushes: stormFlushes },
          stormThreshold: config.stormThreshold,
          // Suspect nodes as in AWS, over memory (§4.8).
          fleet: { log: nodeFailureLog, words: nodeSuspectWordsFor(config.locale) },
          ...(config.workerConcurrency !== undefined ? { concurrency: config.workerConcurrency } : {}),
          feedbackUrl: (verdict, occurrenceKey, context) =>
            feedback.linker!({ occurrenceKey, category: verdict.category, headline: verdictSubject(verdict, context) }),
        }),
      onDeadLetter: ({ message, error }) =>
        logger.error('worker.dead_letter', { dedupeKey: message.dedupeKey, error, note: 'in AWS this message would be in the dead-letter queue' }),
      onDelayedDeadLetter: (body, error) =>
        logger.error('worker.dead_letter', { body: body.slice(0, 200), error, note: 'a storm flush: in AWS this message would be in the dead-letter queue' }),
    });
    cleanups.push(() => worker.stop());

    let poller: LocalPoller | undefined;
    if (config.pollClusterIds.length > 0) {
      poller = startLocalPoller({ lister: client, queue, clusterIds: config.pollClusterIds, intervalMs: config.pollIntervalMs, now, logger });
      cleanups.push(() => poller?.stop());
    }

    const app = createIntakeApp({
      queue,
      tokens: { current: token, previous: config.webhookTokenPrevious },
      ...(config.labelMap ? { labelMap: config.labelMap } : {}),
      now,
      logger,
      // GET /readyz: the memory queue has room (always checked) and Run:ai gives a token.
      readiness: { probes: [createRunaiTokenProbe(client, backend.description)] },
      // listAnswers: GET /local/feedback/answers (webhook token) for `runai-diagnose feedback export --from <url>`.
      feedback: { keys: feedbackKeys, store: feedbackStore, listAnswers: true },
    });
    const served = await serveApp(app.fetch, config.host, config.port);
    const url = baseUrlFor(config.host, served.port);
    feedback.linker = createFeedbackLinker({ baseUrl: url, keys: feedbackKeys, now });

    const pollerText = poller
      ? `; poller: ${config.pollClusterIds.length} cluster${config.pollClusterIds.length === 1 ? '' : 's'} every ${config.pollIntervalMs / 1000} s`
      : '';
    const tier2Text = tier2.description ? `; Tier 2: ${tier2.description}` : '';
    const readyLine = `runai-diagnose local: listening on ${url} (Run:ai: ${backend.description}${tier2Text}; publisher: ${delivery.description}${pollerText})`;
    const curl = exampleCurl(url, tokenGenerated ? token : null, backend.example);
    if (options.announce !== false) {
      stdout(`${readyLine}\n`);
      if (tokenGenerated) stdout(`webhook token (generated for this run; set WEBHOOK_TOKEN to choose one): ${token}\n`);
      stdout(`try it: ${curl}\n`);
    }

    let closing: Promise<{ drained: boolean }> | undefined;
    return {
      url,
      port: served.port,
      token,
      tokenGenerated,
      readyLine,
      curl,
      queue,
      simulator: backend.simulator,
      kubernetesSimulators: tier2.simulators,
      feedbackStore,
      // Held verdicts have ended once the queue is idle; their digests when the delayed flushes have.
      whenIdle: async () => {
        await queue.whenIdle();
        await worker.whenDelayedDone();
      },
      pollNow: () => poller?.pollNow() ?? null,
      close({ drainTimeoutMs = 15_000 } = {}) {
        closing ??= (async () => {
          await poller?.stop();
          await served.close();
          // Everything accepted gets its end now: no more waiting for windows or retry delays.
          worker.hurry();
          let timer: NodeJS.Timeout | undefined;
          const drained = await Promise.race([
            queue
              .whenIdle()
              .then(() => worker.whenDelayedDone())
              .then(() => true),
            new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), drainTimeoutMs))),
          ]);
          clearTimeout(timer);
          if (!drained) logger.warn('local.drain_timeout', { buffered: queue.size, note: 'these requests were not diagnosed' });
          await cleanUp();
          return { drained };
        })();
        return closing;
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() ?? false;
}
