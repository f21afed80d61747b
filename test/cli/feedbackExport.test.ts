/**
 * `runai-diagnose feedback export` end to end in local mode (§4.10, the "done when"):
 * a verdict recorded into RECORD_DIR, its feedback link from the printed notification, a
 * POSTed "wrong → CRASH_APP_ERROR", the export from the local server's answers — and the
 * exported folder, anonymized, replays (diagnoseRecording) to a verdict with its report in
 * expected.txt and the user's category as the expectation to review. Then the DynamoDB path
 * (aws-sdk-client-mock) and the usage errors.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_OK, EXIT_USAGE, runCli } from '../../functions/cli/runCli.js';
import type { FeedbackAnswer } from '../../functions/feedback/FeedbackAnswer.js';
import type { LocalServer } from '../../functions/local/startLocalServer.js';
import { diagnoseRecording } from '../../functions/recording/diagnoseRecording.js';
import { loadScenario } from '../../functions/simulator/loadScenario.js';
import { FIXTURES_DIR, startCapturedServer } from '../e2e/e2eKit.js';
import { parseCurl } from '../local/parseCurl.js';

let server: LocalServer;
let serverStdout: () => string;
let workdir: string;
let recordDir: string;
let answer: FeedbackAnswer;

async function exportWith(args: string[], env: Record<string, string | undefined>) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['feedback', 'export', ...args], {
    env,
    fixturesDir: FIXTURES_DIR,
    io: { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

beforeAll(async () => {
  workdir = mkdtempSync(join(tmpdir(), 'feedback-export-'));
  recordDir = join(workdir, 'recordings');
  // A generated token: the curl line carries it. Raw recordings (not anonymized): the export anonymizes.
  const started = await startCapturedServer({ WEBHOOK_TOKEN: undefined, RECORD_DIR: recordDir });
  server = started.server;
  serverStdout = started.stdout;
  const curlLine = serverStdout()
    .split('\n')
    .find((line) => line.startsWith('try it: '))!;
  const curl = parseCurl(curlLine.replace(/^try it: /, ''));
  expect((await fetch(curl.url, { method: 'POST', headers: curl.headers, body: curl.body })).status).toBe(202);
  await server.whenIdle();
  const link = /Was this right\? (http:\/\/127\.0\.0\.1:\d+\/feedback\/\S+)/.exec(serverStdout())?.[1];
  expect(link, 'the notification printed a feedback link').toBeDefined();
  const body = new URLSearchParams({ answer: 'wrong', rightCategory: 'CRASH_APP_ERROR', note: 'the OOM was a symptom of the crash loop' });
  expect((await fetch(link!, { method: 'POST', body })).status).toBe(200);
  [answer] = (await server.feedbackStore.list()) as [FeedbackAnswer];
  expect(answer).toMatchObject({ answer: 'wrong', rightCategory: 'CRASH_APP_ERROR', category: 'OOM_KILLED' });
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(workdir, { recursive: true, force: true });
});

describe('feedback export from a local-mode server', () => {
  it('writes one anonymized scenario folder that replays to a verdict, the user category as the expectation to review', async () => {
    const out = join(workdir, 'exported');
    const result = await exportWith([out, '--from', server.url], { WEBHOOK_TOKEN: server.token, RECORD_DIR: recordDir });
    expect(result.stderr).toContain('1 answer(s), 1 "wrong"');
    expect(result.code).toBe(EXIT_OK);
    const folders = readdirSync(out);
    expect(folders).toEqual([expect.stringMatching(/^feedback-oom-killed-to-crash-app-error-[0-9a-f]{10}$/)]);
    expect(result.stdout).toBe(`${join(out, folders[0]!)}\n`);
    // Nothing half-written: only the two files, no temporary sibling left behind.
    expect(readdirSync(join(out, folders[0]!)).sort()).toEqual(['expected.txt', 'scenario.json']);

    const raw = readFileSync(join(out, folders[0]!, 'scenario.json'), 'utf8');
    const recorded = readdirSync(recordDir).filter((name) => !name.startsWith('.'));
    expect(recorded).toHaveLength(1);
    const original = await loadScenario(join(recordDir, recorded[0]!));
    const originalWorkload = original.recording!.verdict!.workload!;
    // Anonymized: the workload's name is not left; Run:ai's object ids (random UUIDs) stay, so the
    // reviewer can match the scenario to its workload (docs/recording.md); a cluster id that is a name would not.
    expect(raw).not.toContain(originalWorkload.name);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    for (const id of [originalWorkload.id, originalWorkload.clusterId]) expect(raw.includes(id)).toBe(uuid.test(id));

    const scenario = await loadScenario(join(out, folders[0]!));
    expect(scenario.recording).toMatchObject({ anonymized: true });
    expect(scenario.covers).toEqual(expect.arrayContaining(['feedback', 'to-review', 'OOM_KILLED', 'CRASH_APP_ERROR']));
    expect(scenario.description).toMatch(/^TO REVIEW: a user answered that this verdict \(OOM_KILLED\) was wrong and the right answer is CRASH_APP_ERROR/);
    expect(scenario.description).toContain('the OOM was a symptom of the crash loop');
    expect(scenario.expect).toMatchObject({ outcome: 'diagnosed', category: 'CRASH_APP_ERROR', toReview: expect.stringContaining('TO REVIEW') });

    // The folder replays with no network, to the verdict the field saw (the test it becomes fails until fixed).
    const replay = await diagnoseRecording(scenario, new Date());
    expect(replay.verdict).toMatchObject({ outcome: 'diagnosed', category: 'OOM_KILLED' });
    expect((scenario.expect as { workloadId: string }).workloadId).toBe(replay.verdict!.workload!.id);
    expect(readFileSync(join(out, folders[0]!, 'expected.txt'), 'utf8')).toBe(replay.text);

    // Exports can be re-run: an existing folder is skipped, never overwritten.
    const again = await exportWith([out, '--from', server.url], { WEBHOOK_TOKEN: server.token, RECORD_DIR: recordDir });
    expect(again.code).toBe(EXIT_OK);
    expect(again.stderr).toContain('already exists: skipped');
    expect(again.stdout).toBe('');
  }, 60_000);

  it('refuses a wrong token with exit 3 and writes nothing', async () => {
    const out = join(workdir, 'refused');
    const result = await exportWith([out, '--from', server.url], { WEBHOOK_TOKEN: 'not-the-token-of-this-server', RECORD_DIR: recordDir });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('refused the webhook token (401)');
    expect(() => readdirSync(out)).toThrow();
  });
});

describe('feedback export from the DynamoDB table', () => {
  const dynamo = mockClient(DynamoDBClient);
  afterAll(() => dynamo.restore());

  it('scans every page of the table, exports the wrong answer that has a recording, names the ones without', async () => {
    dynamo.reset();
    const item = (a: FeedbackAnswer) => ({
      pk: { S: a.occurrenceKey },
      category: a.category ? { S: a.category } : { NULL: true },
      answer: { S: a.answer },
      rightCategory: a.rightCategory ? { S: a.rightCategory } : { NULL: true },
      note: a.note ? { S: a.note } : { NULL: true },
      answeredAt: { S: a.answeredAt },
      expiresAt: { N: '1999999999' },
    });
    const unrecorded = { ...answer, occurrenceKey: `${answer.occurrenceKey.split('#')[0]}#5b1e0f3a-0000-4000-8000-000000000000#2026-11-01T00:00:00Z` };
    const correct = { ...answer, occurrenceKey: `${answer.occurrenceKey}-other`, answer: 'correct' as const, rightCategory: null };
    dynamo
      .on(ScanCommand)
      .resolvesOnce({ Items: [item(correct), item(unrecorded)], LastEvaluatedKey: { pk: { S: 'page-2' } } })
      .resolvesOnce({ Items: [item(answer)] });
    const out = join(workdir, 'from-table');
    const result = await exportWith([out, '--table', 'RunaiDiagnose-FeedbackAnswers-1A2B3C', '--region', 'eu-west-1', '--recordings', recordDir], {});
    expect(result.code).toBe(EXIT_OK);
    const scans = dynamo.commandCalls(ScanCommand);
    expect(scans.map((call) => call.args[0].input)).toEqual([
      { TableName: 'RunaiDiagnose-FeedbackAnswers-1A2B3C' },
      { TableName: 'RunaiDiagnose-FeedbackAnswers-1A2B3C', ExclusiveStartKey: { pk: { S: 'page-2' } } },
    ]);
    expect(result.stderr).toContain('3 answer(s), 2 "wrong"');
    expect(result.stderr).toContain('no raw recording of');
    expect(result.stderr).toContain('1 wrong answer(s) had no raw recording');
    expect(readdirSync(out)).toEqual([expect.stringMatching(/^feedback-oom-killed-to-crash-app-error-/)]);
  });

  it('a table that cannot be read is exit 3 with the cause, nothing written', async () => {
    dynamo.reset();
    dynamo.on(ScanCommand).rejects(new Error('AccessDeniedException: not authorized to perform dynamodb:Scan'));
    const out = join(workdir, 'denied');
    const result = await exportWith([out, '--table', 'answers-table', '--recordings', recordDir], {});
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('cannot read the answers table answers-table: AccessDeniedException');
    expect(() => readdirSync(out)).toThrow();
  });
});

describe('feedback export with the recordings in S3 (a RECORD_DIR synced to s3://bucket/prefix)', () => {
  const s3 = mockClient(S3Client);
  afterAll(() => s3.restore());

  it("lists every page under the prefix, reads each folder's scenario.json, and exports the match", async () => {
    s3.reset();
    const folder = readdirSync(recordDir).find((name) => !name.startsWith('.'))!;
    const content = readFileSync(join(recordDir, folder, 'scenario.json'), 'utf8');
    s3.on(ListObjectsV2Command)
      .resolvesOnce({
        Contents: [{ Key: 'field/recordings/README.md' }, { Key: 'field/recordings/broken/scenario.json' }],
        IsTruncated: true,
        NextContinuationToken: 't2',
      })
      .resolvesOnce({
        Contents: [{ Key: `field/recordings/${folder}/scenario.json` }, { Key: `field/recordings/${folder}/expected.txt` }],
        IsTruncated: false,
      });
    // The smallest SdkStream the reader uses: transformToString.
    const body = (text: string) => ({ transformToString: async () => text }) as never;
    s3.on(GetObjectCommand, { Key: 'field/recordings/broken/scenario.json' }).resolves({ Body: body('{not json') });
    s3.on(GetObjectCommand, { Key: `field/recordings/${folder}/scenario.json` }).resolves({ Body: body(content) });
    const out = join(workdir, 'from-s3');
    const result = await exportWith([out, '--from', server.url, '--recordings', 's3://runai-recordings/field/recordings', '--region', 'eu-west-1'], {
      WEBHOOK_TOKEN: server.token,
    });
    expect(result.code).toBe(EXIT_OK);
    expect(s3.commandCalls(ListObjectsV2Command).map((call) => call.args[0].input)).toEqual([
      { Bucket: 'runai-recordings', Prefix: 'field/recordings/' },
      { Bucket: 'runai-recordings', Prefix: 'field/recordings/', ContinuationToken: 't2' },
    ]);
    // Only the scenario.json one level below the prefix is fetched (in key order), never the other objects.
    expect(s3.commandCalls(GetObjectCommand).map((call) => call.args[0].input.Key)).toEqual(
      ['field/recordings/broken/scenario.json', `field/recordings/${folder}/scenario.json`].sort(),
    );
    expect(result.stderr).toContain('skipping field/recordings/broken/scenario.json: not JSON');
    expect(readdirSync(out)).toEqual([expect.stringMatching(/^feedback-oom-killed-to-crash-app-error-/)]);
  });

  it('an unreadable bucket is exit 3 naming it; a malformed s3 URL is a usage error', async () => {
    s3.reset();
    s3.on(ListObjectsV2Command).rejects(new Error('AccessDenied: s3:ListBucket'));
    const denied = await exportWith([join(workdir, 's3-denied'), '--from', server.url, '--recordings', 's3://runai-recordings/x'], {
      WEBHOOK_TOKEN: server.token,
    });
    expect(denied.code).toBe(3);
    expect(denied.stderr).toContain('cannot read the recordings in s3://runai-recordings/x: AccessDenied');
    const malformed = await exportWith([join(workdir, 's3-bad'), '--from', server.url, '--recordings', 's3://A_B'], { WEBHOOK_TOKEN: server.token });
    expect(malformed.code).toBe(EXIT_USAGE);
    expect(malformed.stderr).toContain('is not an s3://bucket/prefix URL');
  });
});

describe('feedback export usage errors (exit 2, one line)', () => {
  it.each([
    [['out'], { RECORD_DIR: '/tmp' }, 'read the answers from one place'],
    [['out', '--table', 'answers-table', '--from', 'http://127.0.0.1:1'], { RECORD_DIR: '/tmp' }, 'read the answers from one place'],
    [['--table', 'answers-table'], { RECORD_DIR: '/tmp' }, 'give exactly one folder'],
    [['out', '--table', 'answers-table'], {}, 'name the recordings folder'],
    [['out', '--from', 'ftp://x'], { RECORD_DIR: '/tmp' }, '--from: must be an http(s) URL'],
    [['out', '--from', 'http://127.0.0.1:1', '--region', 'eu-west-1'], { RECORD_DIR: '/tmp' }, '--region applies to AWS'],
    [['out', '--from', 'http://127.0.0.1:1'], { RECORD_DIR: '/tmp' }, "needs the server's webhook token in WEBHOOK_TOKEN"],
    [['out', '--table', 'answers-table', '--recordings', '/no/such/folder'], {}, 'is not a folder that can be read'],
    [['out', '--tabel', 'x'], {}, "Unknown option '--tabel'"],
  ])('%j', async (args, env, message) => {
    const result = await exportWith(args as string[], env as Record<string, string>);
    expect(result.code).toBe(EXIT_USAGE);
    expect(result.stderr).toContain(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stdout).toBe('');
  });

  it('an unknown feedback subcommand is a usage error', async () => {
    let stderr = '';
    const code = await runCli(['feedback', 'import'], { env: {}, fixturesDir: FIXTURES_DIR, io: { stdout: () => {}, stderr: (text) => (stderr += text) } });
    expect(code).toBe(EXIT_USAGE);
    expect(stderr).toContain('feedback export <dir>');
  });
});
