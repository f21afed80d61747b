/**
 * The CLI side of `--record` and `--replay` (docs/recording.md): reading a recording folder,
 * putting the recording session between the clients and the network, and saying what was
 * written — on stderr, so stdout still carries only the report.
 */
import type { DiagnosisRequest } from '../core/diagnosisRequest.js';
import { tier2ClusterFor, type Tier2Config } from '../kubernetes/Tier2Config.js';
import { createRecordingSession, type RecordingSession, type WrittenRecording } from '../recording/createRecordingSession.js';
import { inspectRecordingTarget, RecordingTargetError } from '../recording/writeRecordingFolder.js';
import type { RunaiClientConfig } from '../runai/RunaiClientConfig.js';
import { loadScenario, type Scenario } from '../simulator/loadScenario.js';
import { UsageError } from './parseCliArguments.js';

/** Default per-request timeout of the Run:ai client, also the recording pool's connect timeout. */
const DEFAULT_TIMEOUT_MS = 10_000;

export async function loadRecording(dir: string): Promise<Scenario> {
  let scenario: Scenario;
  try {
    scenario = await loadScenario(dir);
  } catch (error) {
    throw new UsageError(`--replay: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!scenario.recording) {
    throw new UsageError(`--replay: ${dir} holds a hand-written scenario, not a recording (runai-diagnose --example ${scenario.name} serves it)`);
  }
  return scenario;
}

/** Refuses a target folder the recording would destroy or write through, before anything is read. */
export async function checkRecordingTarget(dir: string, force: boolean): Promise<void> {
  try {
    await inspectRecordingTarget(dir, { force });
  } catch (error) {
    if (error instanceof RecordingTargetError) throw new UsageError(`--record: ${error.message}`);
    throw error;
  }
}

export function startRecording(
  clientConfig: RunaiClientConfig,
  tier2Config: Tier2Config | null,
  request: DiagnosisRequest,
): { session: RecordingSession; clientConfig: RunaiClientConfig } {
  const credentials = clientConfig.credentials;
  const cluster = tier2Config && request.clusterId ? tier2ClusterFor(tier2Config, request.clusterId) : null;
  const secrets = [
    credentials.grantType === 'client_credentials' ? credentials.clientSecret : credentials.appSecret,
    ...(cluster?.token ? [cluster.token] : []),
  ];
  const session = createRecordingSession({ secrets, kubernetesServer: cluster?.server });
  const dispatcher = session.runaiDispatcher(clientConfig.baseUrl, clientConfig.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS, clientConfig.dispatcher);
  return { session, clientConfig: { ...clientConfig, dispatcher } };
}

export function reportRecording(written: WrittenRecording, io: { stderr: (text: string) => void }): void {
  const runai = written.scenario.runai.recorded.length;
  const kubernetes = written.scenario.kubernetes?.recorded.length;
  io.stderr(
    `runai-diagnose: recorded ${runai} Run:ai${kubernetes !== undefined ? ` and ${kubernetes} Kubernetes` : ''} exchanges into ${written.dir} (${written.files.join(', ')})${written.scenario.recording?.anonymized ? ', anonymized' : ''}\n`,
  );
  if (written.omitted) {
    const { exchanges, bytes, budgetBytes } = written.omitted;
    io.stderr(
      `runai-diagnose: warning: the recording keeps at most ${Math.round(budgetBytes / 1048576)} MiB of answers: ${exchanges} answers (${Math.round(bytes / 1048576)} MiB) were not kept (withheld: "budget"), so the replay cannot reproduce what depended on them\n`,
    );
  } else if (written.differences.length > 0) {
    io.stderr(`runai-diagnose: warning: replaying the recording does not reproduce this verdict (${written.differences.join('; ')}); please report it\n`);
  }
}
