/**
 * `runai-diagnose feedback export <dir>` (§4.10): every "wrong" answer whose diagnosis was
 * recorded becomes a scenario folder in `<dir>` — the recording anonymized, the user's
 * category as the expectation to review (functions/feedback/buildFeedbackScenario.ts), and
 * `expected.txt`, the report the recording replays to today. Each folder is written into a
 * temporary sibling and renamed into place (writeRecordingFolder), so an interrupted export
 * leaves whole folders only; a folder already there is skipped (exports can be re-run).
 *
 * stdout: one line per folder written; stderr: progress and what was skipped, and why.
 * Exit 0 when done (even if nothing matched), 2 usage, 3 when the answers (or the S3 recordings) cannot be read.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import * as z from 'zod';
import { createDynamoFeedbackStore } from '../feedback/createDynamoFeedbackStore.js';
import { FeedbackAnswerSchema, type FeedbackAnswer } from '../feedback/FeedbackAnswer.js';
import { buildFeedbackScenario } from '../feedback/buildFeedbackScenario.js';
import { findRecordingOf, type RecordingCandidate } from '../feedback/findRecordingOf.js';
import { LOCAL_FEEDBACK_ANSWERS_PATH } from '../feedback/FeedbackStore.js';
import { parseS3Location, readS3Recordings } from '../feedback/readS3Recordings.js';
import { diagnoseRecording } from '../recording/diagnoseRecording.js';
import { writeRecordingFolder } from '../recording/writeRecordingFolder.js';
import { loadScenario, SCENARIO_FILE } from '../simulator/loadScenario.js';
import type { ScenarioFile } from '../recording/format/ScenarioSchema.js';
import { FEEDBACK_EXPORT_USAGE, parseFeedbackExportArguments, type FeedbackExportOptions } from './parseFeedbackExportArguments.js';
import { UsageError } from './parseCliArguments.js';
import { EXIT_OK, EXIT_USAGE, printableError, type CliContext } from './runCli.js';

export const EXIT_ANSWERS_UNREADABLE = 3;

class AnswersUnreadable extends Error {
  override readonly name = 'AnswersUnreadable';
}

const LocalAnswersSchema = z.object({ answers: z.array(z.unknown()) });

async function readAnswers(options: FeedbackExportOptions, context: CliContext): Promise<FeedbackAnswer[]> {
  if (options.table !== undefined) {
    const client = new DynamoDBClient(options.region ? { region: options.region } : {});
    try {
      // Items that do not read as answers are skipped by the store (createDynamoFeedbackStore).
      return await createDynamoFeedbackStore({ client, tableName: options.table }).list();
    } catch (error) {
      throw new AnswersUnreadable(`cannot read the answers table ${options.table}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      client.destroy();
    }
  }
  const token = context.env.WEBHOOK_TOKEN?.trim();
  if (!token) throw new UsageError("feedback export: --from needs the server's webhook token in WEBHOOK_TOKEN (the one `npm start` printed or was given)");
  const url = `${options.from!.replace(/\/+$/, '')}${LOCAL_FEEDBACK_ANSWERS_PATH}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new AnswersUnreadable(`cannot reach ${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (response.status === 401) throw new AnswersUnreadable(`${url} refused the webhook token (401): give the server's token in WEBHOOK_TOKEN`);
  if (response.status !== 200) throw new AnswersUnreadable(`${url} answered ${response.status} (a runai-diagnose local-mode server serves the answers there)`);
  const parsed = LocalAnswersSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new AnswersUnreadable(`${url} did not answer with {"answers": […]}`);
  return parsed.data.answers.flatMap((item) => {
    const answer = FeedbackAnswerSchema.safeParse(item);
    return answer.success ? [answer.data] : [];
  });
}

/** Every `<recordings>/<folder>/scenario.json` that reads as a recording (a folder, or an S3 prefix); others are named on stderr and skipped. */
async function readRecordings(options: FeedbackExportOptions, stderr: (text: string) => void): Promise<RecordingCandidate[]> {
  const dir = options.recordings;
  const skip = (where: string, why: string) => stderr(`runai-diagnose: feedback export: skipping ${printableError(where)}: ${printableError(why)}\n`);
  if (dir.startsWith('s3://')) {
    const location = parseS3Location(dir);
    if (!location) throw new UsageError(`feedback export: --recordings ${dir} is not an s3://bucket/prefix URL`);
    const client = new S3Client(options.region ? { region: options.region } : {});
    try {
      return await readS3Recordings(client, location, skip);
    } catch (error) {
      throw new AnswersUnreadable(`cannot read the recordings in ${dir}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      client.destroy();
    }
  }
  const folder = await stat(dir).catch(() => null);
  if (!folder?.isDirectory()) throw new UsageError(`feedback export: the recordings folder ${dir} is not a folder that can be read`);
  const candidates: RecordingCandidate[] = [];
  for (const entry of (await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (!(await readdir(path)).includes(SCENARIO_FILE)) continue;
    try {
      const scenario = await loadScenario(path);
      if (scenario.recording) candidates.push({ name: entry.name, scenario });
    } catch (error) {
      skip(path, (error as Error).message.split('\n')[0] ?? '');
    }
  }
  return candidates;
}

/** scenario.json as `--record` writes it: the recorded exchanges only, no empty state collections. */
function scenarioJson(scenario: ScenarioFile): string {
  const compact = {
    ...scenario,
    runai: { recorded: scenario.runai.recorded },
    ...(scenario.kubernetes ? { kubernetes: { recorded: scenario.kubernetes.recorded } } : {}),
  };
  return `${JSON.stringify(compact, null, 2)}\n`;
}

export async function runFeedbackExport(argv: readonly string[], context: CliContext): Promise<number> {
  const say = (text: string) => context.io.stderr(`runai-diagnose: feedback export: ${text}\n`);
  const now = context.now?.() ?? new Date();
  let options: FeedbackExportOptions;
  let answers: FeedbackAnswer[];
  let recordings: RecordingCandidate[];
  try {
    const parsed = parseFeedbackExportArguments(argv, context.env.RECORD_DIR);
    if ('help' in parsed) {
      context.io.stdout(`${FEEDBACK_EXPORT_USAGE}\n`);
      return EXIT_OK;
    }
    options = parsed;
    recordings = await readRecordings(options, context.io.stderr);
    answers = await readAnswers(options, context);
  } catch (error) {
    if (error instanceof UsageError) {
      context.io.stderr(`runai-diagnose: ${printableError(error.message)} (see feedback export --help)\n`);
      return EXIT_USAGE;
    }
    if (error instanceof AnswersUnreadable) {
      say(printableError(error.message));
      return EXIT_ANSWERS_UNREADABLE;
    }
    throw error;
  }

  const wrong = answers.filter((answer) => answer.answer === 'wrong' && answer.rightCategory !== null);
  say(`${answers.length} answer(s), ${wrong.length} "wrong"; ${recordings.length} recording(s) in ${options.recordings}`);
  let written = 0;
  let unmatched = 0;
  for (const answer of wrong) {
    const recording = findRecordingOf(answer.occurrenceKey, recordings);
    if (!recording) {
      unmatched += 1;
      say(`no raw recording of ${printableError(answer.occurrenceKey)} (${answer.category ?? 'no category'} → ${answer.rightCategory}): skipped`);
      continue;
    }
    const built = buildFeedbackScenario(answer, recording.scenario as ScenarioFile);
    const target = join(options.dir, built.name);
    if (await stat(target).catch(() => null)) {
      say(`${target} already exists: skipped`);
      continue;
    }
    // The anonymized folder must still replay to a verdict: its report is expected.txt.
    const replay = await diagnoseRecording(built.scenario, now);
    const files = new Map([[SCENARIO_FILE, scenarioJson(built.scenario)]]);
    if (replay.text !== null) files.set('expected.txt', replay.text);
    await writeRecordingFolder(target, files, { force: false });
    written += 1;
    say(
      `${recording.name} → ${target} (replays to ${replay.verdict ? `${replay.verdict.outcome} ${replay.verdict.category ?? ''}`.trim() : `exit ${replay.exitCode}`}; expectation to review: ${answer.rightCategory})`,
    );
    context.io.stdout(`${target}\n`);
  }
  say(`wrote ${written} scenario folder(s) into ${options.dir}${unmatched > 0 ? `; ${unmatched} wrong answer(s) had no raw recording` : ''}`);
  return EXIT_OK;
}
