/**
 * `--record`: one diagnosis's recording, from the first exchange to the folder written.
 *
 * The session hands the clients a recording dispatcher (Run:ai) and interceptor (Tier 2),
 * and once the diagnosis is over, `finish` turns what they saw into a scenario
 * (fixtures/README.md, `recording` block: docs/recording.md): every body redacted as
 * reports are plus every credential this run held or was issued, timestamps relative to the
 * moment of the diagnosis, identifiers pseudonymised on request. It then replays the
 * recording in process — the text report it writes as `expected.txt` is the replay's, and
 * any difference from the live verdict is returned so the caller can say so.
 */
import type { Dispatcher } from 'undici';
import type { DiagnosisRequest } from '../core/diagnosisRequest.js';
import type { Verdict } from '../core/verdict.js';
import { createPool } from '../http/createPool.js';
import { createRedactor } from '../http/createRedactor.js';
import { RECORDING_VERSION } from './format/RecordingInfoSchema.js';
import type { RecordedExchange } from './format/RecordedExchangeSchema.js';
import { KubernetesScenarioSchema } from './format/KubernetesScenarioSchema.js';
import { ScenarioStateSchema, type ScenarioFile } from './format/ScenarioSchema.js';
import { anonymizeRecording } from './anonymizeRecording.js';
import { createRecordingInterceptor, type RecordingSink } from './createRecordingInterceptor.js';
import { diagnoseRecording, type ReplayOutcome } from './diagnoseRecording.js';
import type { RawExchange } from './RawExchange.js';
import { redactRecordedBody } from './redactRecordedBody.js';
import { relativizeTimestamps } from './relativizeTimestamps.js';
import { toRecordedExchange } from './toRecordedExchange.js';
import { essentialDifferences } from './verdictEssentials.js';
import { trimTrailingSlashes } from '../core/trimTrailingSlashes.js';
import { writeRecordingFolder } from './writeRecordingFolder.js';

/**
 * Answer bytes one recording keeps (16 MiB): an ordinary diagnosis reads well under 1 MB. Past
 * it, bodies are not kept and the recording says so (`recording.omitted`); the session's
 * peak memory is a few times this (the bodies, their parsed and redacted copies, the replay).
 */
export const RECORDING_BUDGET_BYTES = 16 * 1024 * 1024;

export interface RecordingSessionOptions {
  /** Credentials this run holds (client secret, Tier 2 token): never written, wherever echoed. */
  secrets: readonly string[];
  /** Answer bytes kept (default RECORDING_BUDGET_BYTES). */
  budgetBytes?: number;
  /** The Tier 2 API server of the request's cluster, if any (its path prefix is stripped). */
  kubernetesServer?: string | undefined;
}

export interface LiveResult {
  request: DiagnosisRequest;
  verdict: Verdict | null;
  exitCode: number;
  /** The moment of the diagnosis: recorded timestamps are made relative to it. */
  now: Date;
  anonymize: boolean;
  /** Tier 2 was configured for the request's cluster even if nothing was read from it. */
  tier2Configured?: boolean;
  /** Replace a non-empty target folder (`--force`); without it such a folder is refused. */
  force?: boolean;
}

export interface WrittenRecording {
  dir: string;
  files: string[];
  scenario: ScenarioFile;
  replay: ReplayOutcome;
  /** Essentials the replay did not reproduce (empty: faithful). */
  differences: string[];
  /** Answers not kept for the recording budget (null: every answer was kept). */
  omitted: { exchanges: number; bytes: number; budgetBytes: number } | null;
}

export interface RecordingSession {
  /** A dispatcher to `baseUrl` that records every exchange: over `base` when given, else over a pool of its own (`close()` closes it). */
  runaiDispatcher(baseUrl: string, connectTimeoutMs: number, base?: Dispatcher): Dispatcher;
  readonly kubernetesInterceptor: Dispatcher.DispatcherComposeInterceptor;
  /** Where this session's exchanges go (a shared interceptor routes to it: createRecordingRouter). */
  readonly sink: RecordingSink;
  /** Builds the recording of what was seen, checks it by replaying it, and writes it into `dir`. */
  finish(dir: string, live: LiveResult): Promise<WrittenRecording>;
  close(): Promise<void>;
}

export function createRecordingSession(options: RecordingSessionOptions): RecordingSession {
  const log: RawExchange[] = [];
  const known = createRedactor(options.secrets);
  const kubernetesBasePath = options.kubernetesServer ? trimTrailingSlashes(new URL(options.kubernetesServer).pathname) : '';
  const budgetBytes = options.budgetBytes ?? RECORDING_BUDGET_BYTES;
  const budget = { limitBytes: budgetBytes, keptBytes: 0, omitted: { exchanges: 0, bytes: 0 } };
  const sink: RecordingSink = { log, budget, onSecret: (value) => known.add(value), kubernetesBasePath };
  const pools: Dispatcher[] = [];

  return {
    runaiDispatcher(baseUrl, connectTimeoutMs, base) {
      const url = new URL(baseUrl);
      let pool = base;
      if (!pool) {
        pool = createPool(url.origin, { connections: 16, connectTimeoutMs });
        pools.push(pool);
      }
      return pool.compose(createRecordingInterceptor({ service: 'runai', basePath: trimTrailingSlashes(url.pathname), sink: () => sink }));
    },
    kubernetesInterceptor: createRecordingInterceptor({ service: 'kubernetes', basePath: kubernetesBasePath, sink: () => sink }),
    sink,

    async finish(dir, live) {
      const nowMs = live.now.getTime();
      const omitted = budget.omitted.exchanges > 0 ? { ...budget.omitted, budgetBytes } : null;
      const exchanges = (service: RawExchange['service']): RecordedExchange[] =>
        log.filter((raw) => raw.service === service).map((raw) => toRecordedExchange(raw, known, nowMs));
      const runai = exchanges('runai');
      const kubernetes = exchanges('kubernetes');
      const tier2 = options.kubernetesServer !== undefined || kubernetes.length > 0 || live.tier2Configured === true;
      let request = live.request;
      let verdict = live.verdict ? relativizeTimestamps(redactRecordedBody(live.verdict, known) as Verdict, nowMs) : null;
      let recorded = { runai, kubernetes };
      if (live.anonymize) {
        const anonymized = anonymizeRecording({ request, verdict, ...recorded });
        request = anonymized.request;
        verdict = anonymized.verdict;
        recorded = { runai: anonymized.runai, kubernetes: anonymized.kubernetes };
      }
      const scenario: ScenarioFile = {
        description: describe(verdict, live.exitCode),
        covers: ['recorded', ...(verdict ? [verdict.category ?? verdict.route ?? verdict.stopReason ?? verdict.outcome] : ['unreachable'])],
        request,
        // Every state collection empty (the schemas' defaults) but the recorded exchanges.
        runai: { ...ScenarioStateSchema.parse({}), recorded: recorded.runai },
        ...(tier2 ? { kubernetes: { ...KubernetesScenarioSchema.parse({}), recorded: recorded.kubernetes } } : {}),
        expect: expectationOf(verdict, live.exitCode),
        recording: {
          recordingVersion: RECORDING_VERSION,
          anonymized: live.anonymize,
          exitCode: live.exitCode,
          verdict,
          tier2,
          ...(omitted ? { omitted } : {}),
        },
      };
      const replay = await diagnoseRecording(scenario, live.now);
      const contents = new Map([['scenario.json', `${JSON.stringify(compact(scenario), null, 2)}\n`]]);
      if (replay.text !== null) contents.set('expected.txt', replay.text);
      await writeRecordingFolder(dir, contents, { force: live.force === true });
      return { dir, files: [...contents.keys()], scenario, replay, differences: essentialDifferences(verdict, replay.verdict), omitted };
    },

    async close() {
      await Promise.all(pools.map((pool) => pool.close()));
    },
  };
}

function describe(verdict: Verdict | null, exitCode: number): string {
  if (!verdict) return `Recorded diagnosis (runai-diagnose --record) that ended with exit code ${exitCode}: Run:ai could not be read.`;
  const what = verdict.category ?? verdict.route ?? verdict.stopReason ?? verdict.outcome;
  const workload = verdict.workload ? ` of ${verdict.workload.name}${verdict.workload.project ? ` (${verdict.workload.project})` : ''}` : '';
  return `Recorded diagnosis${workload} (runai-diagnose --record): ${verdict.outcome}, ${what}.`;
}

/** The scenario tests' `expect` block (test/scenarios): what the live run concluded. Edit it to what it should have concluded. */
function expectationOf(verdict: Verdict | null, exitCode: number): Record<string, unknown> {
  if (!verdict) return { cliExitCode: exitCode };
  return {
    outcome: verdict.outcome,
    category: verdict.category,
    route: verdict.route,
    stopReason: verdict.stopReason,
    workloadId: verdict.workload?.id ?? null,
    recurrence: verdict.recurrence ? { count: verdict.recurrence.count, recurring: verdict.recurrence.recurring } : null,
    memory: verdict.memory,
    cliExitCode: exitCode,
  };
}

/** Leaves out the empty state collections a recording does not use, so the file shows only what was read. */
function compact(scenario: ScenarioFile): unknown {
  return {
    ...scenario,
    runai: { recorded: scenario.runai.recorded },
    ...(scenario.kubernetes ? { kubernetes: { recorded: scenario.kubernetes.recorded } } : {}),
  };
}
