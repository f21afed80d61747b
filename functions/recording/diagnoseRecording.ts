/**
 * Diagnoses from a recording, in process and without network: the same client, Tier 2
 * access and procedure as a live run, answered by the replay dispatcher. Returns what the
 * CLI would print (the verdict and its English text report) or exit code 3 when the
 * recorded Run:ai answers end the diagnosis (unreachable, authentication refused).
 */
import type { Verdict } from '../core/verdict.js';
import { diagnoseWorkload } from '../diagnosis/diagnoseWorkload.js';
import { isRunaiError } from '../diagnosis/ports/RunaiError.js';
import { createTier2Access } from '../kubernetes/createTier2Access.js';
import { messagesFor } from '../report/messagesFor.js';
import { renderTextReport } from '../report/renderTextReport.js';
import { createRunaiClient } from '../runai/createRunaiClient.js';
import { redactSecrets } from '../safety/index.js';
import type { ScenarioFile } from './format/ScenarioSchema.js';
import { prepareReplay } from './prepareReplay.js';

export interface ReplayOutcome {
  exitCode: number;
  verdict: Verdict | null;
  /** The English text report, as the CLI prints it. */
  text: string | null;
}

export async function diagnoseRecording(recording: Pick<ScenarioFile, 'request' | 'runai' | 'kubernetes'>, now: Date): Promise<ReplayOutcome> {
  const replay = prepareReplay(recording, now.getTime());
  const client = createRunaiClient(replay.clientConfig);
  const tier2 = replay.tier2Config ? createTier2Access(replay.tier2Config, { dispatcher: replay.dispatcher }) : null;
  try {
    const messages = messagesFor('en');
    const { verdict } = await diagnoseWorkload(replay.request, { reader: client, now, messages, tier2 });
    return { exitCode: 0, verdict, text: redactSecrets(renderTextReport(verdict, messages)) };
  } catch (error) {
    if (isRunaiError(error)) return { exitCode: 3, verdict: null, text: null };
    throw error;
  } finally {
    await client.close();
    await tier2?.close();
    await replay.dispatcher.close();
  }
}
