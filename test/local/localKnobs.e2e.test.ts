/**
 * Every knob of local mode that docs/configuration.md documents, at start-up, on the bundle
 * `npm start` runs: with a good value the server comes up (its "listening on" line) within a
 * bound; with a bad one it stops with one stderr line naming the variable, exit 2. The knob
 * list is read from the documentation, so a knob documented without a case here fails, and
 * so does a case for a knob the page no longer documents.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// This run's bundles, built once by the product's own build script (what `npm start` runs) in
// the e2e project's global setup (test/support/buildBundlesOnce.ts).
const OUT_DIR = inject('bundleDir');
/** How long a start may take before it counts as hanging (a loaded 2-core machine included). */
const START_BOUND_MS = 60_000;
const CLUSTER = '7f3c2a9e-1b4d-4c8e-9a61-2d5f8e0b7c13';
let scratch = '';

interface Knob {
  /** The documented variables this case covers. */
  names: string[];
  good: Record<string, string>;
  /** A bad value, and the start of the stderr line it must produce (after "runai-diagnose local: "). */
  bad: [Record<string, string>, string];
}

const runai = { RUNAI_BASE_URL: 'http://127.0.0.1:9', RUNAI_CLIENT_ID: 'local-test-client', RUNAI_CLIENT_SECRET: 'local-test-secret' };
const KNOBS = (): Knob[] => [
  { names: ['PORT'], good: { PORT: '0' }, bad: [{ PORT: 'eighty' }, 'PORT must be an integer'] },
  { names: ['HOST'], good: { HOST: '127.0.0.1' }, bad: [{ HOST: 'not a host' }, 'HOST must be a host name or IP address'] },
  { names: ['WEBHOOK_TOKEN'], good: { WEBHOOK_TOKEN: 'knob-test-token-0123456789' }, bad: [{ WEBHOOK_TOKEN: 'tiny' }, 'WEBHOOK_TOKEN must be at least 16'] },
  {
    names: ['WEBHOOK_TOKEN_PREVIOUS'],
    good: { WEBHOOK_TOKEN: 'knob-test-token-0123456789', WEBHOOK_TOKEN_PREVIOUS: 'knob-test-token-previous-01' },
    bad: [{ WEBHOOK_TOKEN_PREVIOUS: 'tiny' }, 'WEBHOOK_TOKEN_PREVIOUS must be at least 16'],
  },
  { names: ['ALERT_LABEL_MAP'], good: { ALERT_LABEL_MAP: '{"clusterId":["runai_cluster"]}' }, bad: [{ ALERT_LABEL_MAP: 'not json' }, 'ALERT_LABEL_MAP'] },
  {
    names: ['RUNAI_BASE_URL', 'RUNAI_CLIENT_ID', 'RUNAI_CLIENT_SECRET'],
    good: runai,
    bad: [{ RUNAI_BASE_URL: runai.RUNAI_BASE_URL }, 'RUNAI_CLIENT_ID is not set'],
  },
  { names: ['RUNAI_GRANT_TYPE'], good: { ...runai, RUNAI_GRANT_TYPE: 'app_token' }, bad: [{ ...runai, RUNAI_GRANT_TYPE: 'password' }, 'RUNAI_GRANT_TYPE'] },
  {
    names: ['RUNAI_REQUEST_TIMEOUT_MS'],
    good: { ...runai, RUNAI_REQUEST_TIMEOUT_MS: '5000' },
    bad: [{ ...runai, RUNAI_REQUEST_TIMEOUT_MS: 'soon' }, 'RUNAI_REQUEST_TIMEOUT_MS'],
  },
  {
    names: ['RUNAI_DIAGNOSE_TIER2_CONFIG'],
    good: { RUNAI_DIAGNOSE_TIER2_CONFIG: join(scratch, 'tier2.json') },
    bad: [{ RUNAI_DIAGNOSE_TIER2_CONFIG: join(scratch, 'missing.json') }, 'cannot read the Tier 2 configuration file'],
  },
  // Creating the SNS client must not need AWS credentials or the network: only a publish does.
  {
    names: ['SNS_TOPIC_ARN'],
    good: { SNS_TOPIC_ARN: 'arn:aws:sns:eu-west-1:123456789012:runai-diagnose' },
    bad: [{ SNS_TOPIC_ARN: 'runai-diagnose' }, 'SNS_TOPIC_ARN must be the ARN of a standard SNS topic'],
  },
  { names: ['REPORT_LOCALE'], good: { REPORT_LOCALE: 'fr' }, bad: [{ REPORT_LOCALE: 'de' }, 'REPORT_LOCALE must be en or fr'] },
  { names: ['STORM_THRESHOLD'], good: { STORM_THRESHOLD: '5' }, bad: [{ STORM_THRESHOLD: '0' }, 'STORM_THRESHOLD must be at least 1'] },
  { names: ['STORM_WINDOW_SECONDS'], good: { STORM_WINDOW_SECONDS: '60' }, bad: [{ STORM_WINDOW_SECONDS: '900' }, 'STORM_WINDOW_SECONDS must be at most 840'] },
  { names: ['WORKER_CONCURRENCY'], good: { WORKER_CONCURRENCY: '4' }, bad: [{ WORKER_CONCURRENCY: '0' }, 'WORKER_CONCURRENCY must be at least 1'] },
  { names: ['BATCH_WINDOW_MS'], good: { BATCH_WINDOW_MS: '500' }, bad: [{ BATCH_WINDOW_MS: 'half a second' }, 'BATCH_WINDOW_MS must be an integer'] },
  {
    names: ['POLL_CLUSTER_IDS'],
    good: { POLL_CLUSTER_IDS: CLUSTER },
    bad: [{ POLL_CLUSTER_IDS: ' , ' }, 'POLL_CLUSTER_IDS must list at least one cluster id'],
  },
  {
    names: ['POLL_INTERVAL_SECONDS'],
    good: { POLL_CLUSTER_IDS: CLUSTER, POLL_INTERVAL_SECONDS: '60' },
    bad: [{ POLL_INTERVAL_SECONDS: '1' }, 'POLL_INTERVAL_SECONDS must be at least 5'],
  },
  { names: ['LOG_LEVEL'], good: { LOG_LEVEL: 'warn' }, bad: [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be info, warn, error or silent'] },
  {
    names: ['PAGERDUTY_ROUTING_KEY'],
    good: { PAGERDUTY_ROUTING_KEY: 'R0123456789abcdefABCDEF012345678' },
    bad: [{ PAGERDUTY_ROUTING_KEY: 'short' }, 'PAGERDUTY_ROUTING_KEY must be the 32-character integration key'],
  },
  {
    names: ['PAGERDUTY_EVENTS_URL'],
    good: { PAGERDUTY_ROUTING_KEY: 'R0123456789abcdefABCDEF012345678', PAGERDUTY_EVENTS_URL: 'http://127.0.0.1:9/v2/enqueue' },
    bad: [{ PAGERDUTY_EVENTS_URL: 'ftp://events.example' }, 'PAGERDUTY_EVENTS_URL must be the http(s) URL'],
  },
  {
    names: ['PAGERDUTY_FILTER'],
    good: { PAGERDUTY_FILTER: 'all' },
    bad: [{ PAGERDUTY_FILTER: 'some' }, 'PAGERDUTY_FILTER must be node-failure-or-recurring or all'],
  },
  {
    names: ['SCENARIOS_DIR'],
    good: { SCENARIOS_DIR: join(ROOT, 'fixtures', 'scenarios') },
    bad: [{ SCENARIOS_DIR: join(scratch, 'no-such-folder') }, 'SCENARIOS_DIR is not a folder that can be read'],
  },
  { names: ['RECORD_DIR'], good: { RECORD_DIR: join(scratch, 'recordings') }, bad: [{ RECORD_DIR: '   ' }, 'RECORD_DIR must be the path of a folder'] },
  {
    names: ['RECORD_ANONYMIZE'],
    good: { RECORD_DIR: join(scratch, 'recordings'), RECORD_ANONYMIZE: 'true' },
    bad: [{ RECORD_ANONYMIZE: 'yes' }, 'RECORD_ANONYMIZE must be true or false'],
  },
];

/** The variables the "Local mode" table of docs/configuration.md documents. */
async function documentedKnobs(): Promise<string[]> {
  const page = await readFile(join(ROOT, 'docs', 'configuration.md'), 'utf8');
  const section = page.split(/^## /m).find((part) => part.startsWith('Local mode')) ?? '';
  const firstCells = section.split('\n').flatMap((line) => (line.startsWith('| `') ? [line.split('|')[1] ?? ''] : []));
  return [...new Set(firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!)))].sort();
}

interface Start {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Starts the bundle; resolves at its exit, or once it is listening (then stops it: the shutdown is localProcess.test.ts's subject). */
function start(env: Record<string, string>): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(OUT_DIR, 'local.mjs')], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', AWS_EC2_METADATA_DISABLED: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let ms = 0;
  const killer = setTimeout(() => child.kill('SIGKILL'), START_BOUND_MS);
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (ms === 0 && stdout.includes('listening on')) {
      ms = performance.now() - started;
      child.kill('SIGTERM');
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr, ms: ms || performance.now() - started });
    }),
  );
}

/** A few starts at a time: each is a process loading the whole bundle. */
async function inBatches<T, R>(items: readonly T[], size: number, each: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let index = 0; index < items.length; index += size) results.push(...(await Promise.all(items.slice(index, index + size).map(each))));
  return results;
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'local-knobs-'));
  await writeFile(join(scratch, 'tier2.json'), JSON.stringify({ clusters: {} }));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('local mode knobs at start-up (docs/configuration.md)', () => {
  it('every documented knob has a case here, and every case a documented knob', async () => {
    const covered = [...new Set(KNOBS().flatMap((knob) => knob.names))].sort();
    expect(covered).toEqual(await documentedKnobs());
  });

  it('a good value of each knob: the server starts within the bound', async () => {
    const knobs = KNOBS();
    const starts = await inBatches(knobs, 3, (knob) => start(knob.good));
    starts.forEach((result, index) => {
      const label = knobs[index]!.names.join(', ');
      expect(result.stdout, `${label}: ${result.stderr}`).toContain('runai-diagnose local: listening on');
      expect(result.stderr, label).not.toMatch(/internal error|\n\s+at /);
      expect(result.ms, label).toBeLessThan(START_BOUND_MS);
    });
  }, 600_000);

  it('a bad value of each knob: one stderr line naming the variable, exit 2, nothing on stdout', async () => {
    const knobs = KNOBS();
    const starts = await inBatches(knobs, 3, (knob) => start(knob.bad[0]));
    starts.forEach((result, index) => {
      const [badEnv, message] = knobs[index]!.bad;
      const label = JSON.stringify(badEnv);
      expect(result.code, `${label}: ${result.stderr}`).toBe(2);
      expect(result.stdout, label).toBe('');
      const lines = result.stderr.split('\n').filter(Boolean);
      expect(lines, label).toHaveLength(1);
      expect(lines[0], label).toContain(`runai-diagnose local: ${message}`);
      expect(lines[0], label).toContain(Object.keys(badEnv).at(-1)!);
    });
  }, 600_000);
});
