/**
 * What a replay diagnoses with: the recorded request, a Run:ai client configuration and a
 * Tier 2 configuration that both send into the replay dispatcher (no network), and the
 * dispatcher itself (its owner closes it). Used by `--replay` and by the writer, which
 * replays every recording it writes to check that it reproduces the live verdict.
 */
import type { MockAgent } from 'undici';
import type { DiagnosisRequest } from '../core/diagnosisRequest.js';
import type { Tier2Config } from '../kubernetes/Tier2Config.js';
import type { RunaiClientConfig } from '../runai/RunaiClientConfig.js';
import type { ScenarioFile } from './format/ScenarioSchema.js';
import { createReplayDispatcher, REPLAY_KUBERNETES_ORIGIN, REPLAY_RUNAI_ORIGIN } from './createReplayDispatcher.js';

export interface PreparedReplay {
  request: DiagnosisRequest;
  clientConfig: RunaiClientConfig;
  /** Null when the recording has no Kubernetes exchanges block (Tier 2 was not configured). */
  tier2Config: Tier2Config | null;
  dispatcher: MockAgent;
}

export function prepareReplay(recording: Pick<ScenarioFile, 'request' | 'runai' | 'kubernetes'>, nowMs: number): PreparedReplay {
  const dispatcher = createReplayDispatcher(recording.runai.recorded ?? [], recording.kubernetes?.recorded ?? [], nowMs);
  const request = recording.request as DiagnosisRequest;
  const clusterId = request.clusterId;
  return {
    request,
    dispatcher,
    clientConfig: {
      baseUrl: REPLAY_RUNAI_ORIGIN,
      // Stand-ins: the replayed token endpoint accepts anything, and nothing leaves the process.
      credentials: { grantType: 'client_credentials', clientId: 'replay', clientSecret: 'replay' },
      dispatcher,
      // The recording already holds every retry and its answer; waiting between them adds nothing.
      retryBaseDelayMs: 0,
    },
    tier2Config: recording.kubernetes && clusterId ? { clusters: { [clusterId]: { server: REPLAY_KUBERNETES_ORIGIN, token: 'replay' } } } : null,
  };
}
