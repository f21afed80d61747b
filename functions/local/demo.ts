/**
 * `npm run demo` (`node dist/demo.mjs`): starts the local app on a free loopback port with
 * the built-in simulator and the console publisher, replays every example Alertmanager
 * payload of `fixtures/alerts/` over HTTP in file-name order, prints what the intake
 * accepted or skipped (with reasons), how long each diagnosis took and every notification,
 * and exits once the queue is idle: 0 when every payload was accepted and every request
 * ended in a notification, 1 otherwise.
 *
 * Each payload is replayed after the previous one is fully handled, as alert groups that
 * arrive minutes apart would be: together they would fall into one batching window and,
 * at five verdicts on one cluster, be sent as one storm digest instead of reports.
 * Always the simulator and the console: the example labels name bundled workloads, which a
 * real Run:ai does not have, and a demo must not publish to a real topic.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findFixturesDir } from './findFixturesDir.js';
import { LocalConfigError, readLocalEnv } from './readLocalEnv.js';
import { startLocalServer } from './startLocalServer.js';
import { describeTiming, type DiagnosisTiming } from './withTiming.js';

const PREFIX = 'runai-diagnose demo';
const TIMEOUT_MS = 60_000;
const out = (text: string) => process.stdout.write(text);

interface IntakeAnswer {
  accepted?: { workloadId?: string; workloadName?: string; project?: string; intent?: string }[];
  acceptedCount?: number;
  skipped?: { index: number; alertname?: string; reason: string }[];
  skippedCount?: number;
  message?: string;
}

async function demo(): Promise<number> {
  const config = readLocalEnv({ PORT: '0', REPORT_LOCALE: process.env.REPORT_LOCALE, LOG_LEVEL: process.env.LOG_LEVEL || 'warn' });
  const alertsDir = findFixturesDir(import.meta.url, 'alerts');
  const files = (await readdir(alertsDir)).filter((name) => name.endsWith('.json')).sort();
  const timings: DiagnosisTiming[] = [];
  const server = await startLocalServer({
    config,
    fixturesDir: findFixturesDir(import.meta.url, 'scenarios'),
    stdout: out,
    stderr: (text) => process.stderr.write(text),
    announce: false,
    onDiagnosed: (timing) => {
      timings.push(timing);
      out(`${describeTiming(timing)}\n`);
    },
  });
  const started = performance.now();
  let ok = true;
  try {
    out(`${PREFIX}: ${server.readyLine.replace(/^runai-diagnose local: /, 'local app ')}\n`);
    out(`${PREFIX}: replaying ${files.length} Alertmanager payloads from ${alertsDir}\n\n`);
    for (const file of files) {
      const body = await readFile(join(alertsDir, file), 'utf8');
      const posted = performance.now();
      const response = await fetch(`${server.url}/webhooks/alertmanager`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
        body,
      });
      const answer = (await response.json()) as IntakeAnswer;
      const acceptedMs = Math.round(performance.now() - posted);
      const accepted = answer.accepted ?? [];
      const skipped = answer.skipped ?? [];
      out(
        `== ${file}: POST /webhooks/alertmanager -> ${response.status} in ${acceptedMs} ms: ` +
          `${answer.acceptedCount ?? accepted.length} accepted, ${answer.skippedCount ?? skipped.length} skipped\n`,
      );
      if (response.status !== 202) {
        ok = false;
        out(`   ${answer.message ?? 'unexpected answer'}\n\n`);
        continue;
      }
      for (const entry of accepted)
        out(`   accepted ${entry.workloadName ?? entry.workloadId}${entry.project ? ` (${entry.project})` : ''}, intent ${entry.intent}\n`);
      for (const entry of skipped) out(`   skipped alert #${entry.index}${entry.alertname ? ` ${entry.alertname}` : ''}: ${entry.reason}\n`);
      out('\n');
      await server.whenIdle();
      out(`   (${file}: every notification out ${Math.round(performance.now() - posted)} ms after the POST, batching window ${config.batchWindowMs} ms)\n\n`);
    }
  } finally {
    await server.close();
  }

  const ms = timings.map((timing) => timing.ms).sort((a, b) => a - b);
  const failed = timings.filter((timing) => !timing.result).length;
  const deadLetters = server.queue.deadLetters.length;
  out(`${PREFIX}: ${timings.length} diagnoses (${failed} failed), `);
  if (ms.length > 0) out(`diagnosis time min ${ms[0]} ms, median ${ms[Math.floor(ms.length / 2)]} ms, max ${ms[ms.length - 1]} ms; `);
  out(`total ${Math.round(performance.now() - started)} ms; ${deadLetters} dead letters\n`);
  return ok && deadLetters === 0 ? 0 : 1;
}

const timeout = setTimeout(() => {
  process.stderr.write(`${PREFIX}: not idle after ${TIMEOUT_MS / 1000} s, giving up\n`);
  process.exit(1);
}, TIMEOUT_MS);
timeout.unref();

demo().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const known = error instanceof LocalConfigError;
    process.stderr.write(`${PREFIX}: ${known ? '' : 'internal error: '}${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = known ? 2 : 1;
  },
);
