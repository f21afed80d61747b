/**
 * The `runai-diagnose` command: the one place that reads the CLI's configuration and wires
 * the real adapters. stdout carries the report (and `--help`, which was asked for);
 * diagnostics go to stderr. Exit 0 for any verdict, 2 for usage errors, 3 when Run:ai is
 * unreachable or refuses authentication.
 */
import type { DiagnosisRequest } from '../core/diagnosisRequest.js';
import type { Verdict } from '../core/verdict.js';
import { diagnoseWorkload } from '../diagnosis/diagnoseWorkload.js';
import { messagesFor } from '../report/messagesFor.js';
import { renderTextReport } from '../report/renderTextReport.js';
import { createRunaiClient } from '../runai/createRunaiClient.js';
import { isRunaiError, type RunaiErrorCode } from '../diagnosis/ports/RunaiError.js';
import type { RunaiClientConfig } from '../runai/RunaiClientConfig.js';
import { neutraliseControlCharacters } from '../safety/neutraliseControlCharacters.js';
import { redactSecrets } from '../safety/redactSecrets.js';
import { createTier2Access, type Tier2AccessHandle } from '../kubernetes/createTier2Access.js';
import { loadTier2ConfigFile, Tier2ConfigError, type Tier2Config } from '../kubernetes/Tier2Config.js';
import { parseCliArguments, USAGE, UsageError, type CliOptions } from './parseCliArguments.js';
import type { PreparedReplay } from '../recording/prepareReplay.js';
import { ConfigurationError, readRunaiEnvironment } from './readRunaiEnvironment.js';
import type { RunningExample } from './startExample.js';

/** The examples and their simulators, loaded only when a flag asks for them (a chunk of its own in the bundle). */
const loadExamples = () => import('./startExample.js');
/** Recording and replay (and the scenario format they use), loaded only for --record / --replay. */
const loadRecordingKit = () => import('./recordingWiring.js');
const loadReplay = () => import('../recording/prepareReplay.js');

/** Names the optional Tier 2 configuration file when `--tier2-config` is not given. */
export const TIER2_CONFIG_ENV = 'RUNAI_DIAGNOSE_TIER2_CONFIG';

export const EXIT_OK = 0;
export const EXIT_USAGE = 2;
export const EXIT_RUNAI = 3;

/** The bundled example `npm start` diagnoses: a recurring OOM with quoted evidence. */
export const DEFAULT_EXAMPLE = 'oom-recurring-paged-history';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export interface CliContext {
  env: Record<string, string | undefined>;
  io: CliIo;
  /** Root of the bundled scenarios (for --example). */
  fixturesDir: string;
  now?: () => Date;
}

/** `feedback export`: its own arguments, and the DynamoDB client only it needs (a chunk of its own in the bundle). */
const loadFeedbackExport = () => import('./runFeedbackExport.js');

export async function runCli(argv: readonly string[], context: CliContext): Promise<number> {
  const { io } = context;
  if (argv[0] === 'feedback') {
    if (argv[1] !== 'export') {
      io.stderr(`runai-diagnose: feedback: the one subcommand is \`feedback export <dir>\` (see feedback export --help)\n`);
      return EXIT_USAGE;
    }
    return (await loadFeedbackExport()).runFeedbackExport(argv.slice(2), context);
  }
  let options: CliOptions;
  try {
    options = parseCliArguments(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`runai-diagnose: ${printableError(error.message)} (see --help)\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
  if (options.help) {
    io.stdout(`${USAGE}\n`);
    return EXIT_OK;
  }
  if (options.listExamples) {
    const { listExamples } = await loadExamples();
    for (const example of await listExamples(context.fixturesDir)) io.stdout(`${example.name}\t${example.description}\n`);
    return EXIT_OK;
  }

  let example: RunningExample | null = null;
  let request: DiagnosisRequest;
  let clientConfig: RunaiClientConfig;
  let tier2Config: Tier2Config | null = null;
  let replay: PreparedReplay | null = null;
  // One instant for the diagnosis, a recording's relative timestamps and a replay's "now".
  const now = context.now?.() ?? new Date();
  try {
    // Tier 2 only from an explicit configuration: never a kubeconfig or an in-cluster account.
    const tier2Path = options.tier2Config ?? (context.env[TIER2_CONFIG_ENV]?.trim() || undefined);
    if (tier2Path) tier2Config = await loadTier2ConfigFile(tier2Path);
    if (options.replay !== undefined) {
      const [{ loadRecording }, { prepareReplay }] = await Promise.all([loadRecordingKit(), loadReplay()]);
      replay = prepareReplay(await loadRecording(options.replay), now.getTime());
      request = replay.request;
      clientConfig = replay.clientConfig;
      tier2Config = replay.tier2Config;
      io.stderr(`runai-diagnose: replaying the recording in ${options.replay} (no network)\n`);
    } else if (options.example !== undefined) {
      const { startExample } = await loadExamples();
      // Without a Tier 2 configuration, the example's own cluster gets Tier 2 from the built-in Kubernetes simulator.
      example = await startExample(options.example || DEFAULT_EXAMPLE, context.fixturesDir, !tier2Config);
      request = example.request;
      clientConfig = { baseUrl: example.runaiUrl, credentials: { grantType: 'client_credentials', clientId: 'sim-client', clientSecret: 'sim-secret' } };
      io.stderr(`runai-diagnose: example ${example.name} against the built-in Run:ai simulator at ${example.runaiUrl}\n`);
      if (example.tier2Config) {
        tier2Config = example.tier2Config;
        io.stderr(`runai-diagnose: Tier 2 against the built-in Kubernetes simulator at ${example.kubernetesUrl}\n`);
      }
    } else {
      request = requestFrom(options);
      clientConfig = readRunaiEnvironment(context.env);
    }
  } catch (error) {
    if (error instanceof ConfigurationError || error instanceof UsageError || error instanceof Tier2ConfigError) {
      io.stderr(`runai-diagnose: ${printableError(error.message)}\n`);
      await example?.close();
      return EXIT_USAGE;
    }
    throw error;
  }

  const started = performance.now();
  const recordingKit = options.record ? await loadRecordingKit() : null;
  if (recordingKit && options.record) {
    try {
      await recordingKit.checkRecordingTarget(options.record, options.force);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      io.stderr(`runai-diagnose: ${printableError(error.message)}\n`);
      await example?.close();
      return EXIT_USAGE;
    }
  }
  const recording = recordingKit ? recordingKit.startRecording(clientConfig, tier2Config, request) : null;
  if (recording) clientConfig = recording.clientConfig;
  const client = createRunaiClient(clientConfig);
  const tier2: Tier2AccessHandle | null = tier2Config
    ? createTier2Access(tier2Config, {
        ...(replay ? { dispatcher: replay.dispatcher } : {}),
        ...(recording ? { interceptor: recording.session.kubernetesInterceptor } : {}),
      })
    : null;
  let verdictForRecording: Verdict | null = null;
  /** Set once the run has an outcome worth recording (a verdict, or Run:ai unreadable); unset on a defect. */
  let exitCode: number | undefined;
  try {
    const result = await diagnoseWorkload(request, { reader: client, now, messages: messagesFor(options.locale), tier2 });
    verdictForRecording = result.verdict;
    // Defence in depth on what is printed: JSON is redacted value by value, so a pattern can never
    // run across a closing quote and leave a document that does not parse.
    const output =
      options.format === 'json'
        ? `${JSON.stringify(result.verdict, (_key, value: unknown) => (typeof value === 'string' ? redactSecrets(value) : value), 2)}\n`
        : redactSecrets(renderTextReport(result.verdict, messagesFor(options.locale)));
    io.stdout(output);
    if (options.verbose) {
      const kubernetes = tier2 ? `, ${tier2.requests} Kubernetes (Tier 2) requests` : ', Tier 2 not configured';
      io.stderr(
        `runai-diagnose: ${result.verdict.outcome} in ${Math.round(performance.now() - started)} ms, ${client.stats.requests} Run:ai requests${kubernetes}\n`,
      );
    }
    exitCode = EXIT_OK;
    return EXIT_OK;
  } catch (error) {
    if (isRunaiError(error)) {
      io.stderr(`runai-diagnose: ${headlineFor(error.code)} at ${clientConfig.baseUrl}: ${printableError(error.message)} [${error.code}]\n`);
      exitCode = EXIT_RUNAI;
      return EXIT_RUNAI;
    }
    throw error;
  } finally {
    await client.close();
    await tier2?.close();
    if (recording && options.record && exitCode !== undefined) {
      const written = await recording.session.finish(options.record, {
        request,
        verdict: verdictForRecording,
        exitCode,
        now,
        anonymize: options.anonymize,
        force: options.force,
      });
      recordingKit?.reportRecording(written, io);
    }
    await recording?.session.close();
    await replay?.dispatcher.close();
    await example?.close();
  }
}

/** The start of the one stderr line for a Run:ai failure, by code: what the operator should look at first. */
function headlineFor(code: RunaiErrorCode): string {
  switch (code) {
    case 'RUNAI_AUTH_FAILED':
    case 'RUNAI_FORBIDDEN':
      return 'Run:ai refused authentication or access';
    case 'RUNAI_TOKEN_ENDPOINT_NOT_FOUND':
      return 'RUNAI_BASE_URL does not look like a Run:ai control plane';
    case 'RUNAI_BAD_RESPONSE':
    case 'RUNAI_RESPONSE_TOO_LARGE':
      return 'Run:ai answered with a response that cannot be read';
    default:
      return 'cannot reach Run:ai';
  }
}

/**
 * Error text for stderr: it can carry server text (a Run:ai or Kubernetes message, a schema
 * summary of an answer) or a file's content, so it is redacted and made inert on a terminal
 * (no escape sequences, controls or bidi overrides; one line) whatever produced it.
 */
export function printableError(message: string): string {
  return neutraliseControlCharacters(redactSecrets(message));
}

function requestFrom(options: CliOptions): DiagnosisRequest {
  const request: DiagnosisRequest = {};
  if (options.clusterId) request.clusterId = options.clusterId;
  if (options.workloadId) request.workloadId = options.workloadId;
  if (options.workloadName) request.workloadName = options.workloadName;
  if (options.project) request.project = options.project;
  if (options.intent) request.intent = options.intent;
  if (options.lookback) request.lookback = options.lookback;
  return request;
}
