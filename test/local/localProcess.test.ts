/**
 * The local entries as processes, the way `npm start` and `npm run demo` run them: freshly
 * built bundles under plain `node`. A configuration error is one line on stderr and exit 2;
 * SIGTERM drains what was accepted, prints it and exits 0; the demo replays the example
 * alerts and exits 0 once everything was notified.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { parseCurl } from './parseCurl.js';

// This run's bundles, built once by the product's own build script (what `npm start` runs) in
// the e2e project's global setup (test/support/buildBundlesOnce.ts).
const BUNDLE = join(inject('bundleDir'), 'local.mjs');
const DEMO_BUNDLE = join(inject('bundleDir'), 'demo.mjs');

function run(env: Record<string, string>, bundle = BUNDLE): { child: ChildProcess; stdout: () => string; stderr: () => string; exit: Promise<number | null> } {
  const child = spawn(process.execPath, [bundle], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

/**
 * A hang guard, not a speed bar: a start loads the whole bundle and every bundled scenario, and
 * the e2e lane runs two files at a time on a 2-core machine shared with other work (10 s was
 * missed once at load average 11 beside the bundled CLI's spawned runs). The lane allows 60 s a test.
 */
async function waitFor(what: string, check: () => boolean, timeoutMs = 25_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('local mode process (node bundle)', () => {
  it.each([
    [{ PORT: 'eighty' }, 'PORT must be an integer'],
    [{ WEBHOOK_TOKEN: 'tiny' }, 'WEBHOOK_TOKEN must be at least 16 characters'],
    [{ RUNAI_BASE_URL: 'https://acme.run.ai' }, 'RUNAI_CLIENT_ID is not set'],
    [
      { RUNAI_DIAGNOSE_TIER2_CONFIG: '/nonexistent/tier2.json' },
      'cannot read the Tier 2 configuration file /nonexistent/tier2\\.json \\(ENOENT\\) \\(RUNAI_DIAGNOSE_TIER2_CONFIG\\)$',
    ],
  ])('%j: one stderr line naming the variable, exit 2, nothing on stdout', async (env, message) => {
    const proc = run(env);
    expect(await proc.exit).toBe(2);
    expect(proc.stdout()).toBe('');
    const lines = proc.stderr().split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^runai-diagnose local: ${message}`));
  });

  it('starts, serves the printed curl, and on SIGTERM drains the queue and exits 0', async () => {
    const proc = run({ PORT: '0', BATCH_WINDOW_MS: '5000' });
    try {
      await waitFor('the curl line', () => proc.stdout().includes('try it: curl'));
      const [ready, tokenLine, curlLine] = proc.stdout().split('\n');
      expect(ready).toMatch(
        /^runai-diagnose local: listening on http:\/\/127\.0\.0\.1:\d+ \(Run:ai: built-in simulator, \d+ scenarios; Tier 2: built-in Kubernetes simulator, \d+ scenarios; publisher: console\)$/,
      );
      expect(tokenLine).toMatch(/^webhook token \(generated/);
      const curl = parseCurl(curlLine!.replace(/^try it: /, ''));
      const response = await fetch(curl.url, { method: 'POST', headers: curl.headers, body: curl.body });
      expect(response.status).toBe(202);

      // The 5 s batching window is still open: the shutdown must not drop the request.
      proc.child.kill('SIGTERM');
      expect(await proc.exit).toBe(0);
      expect(proc.stdout()).toContain('[OOM_KILLED] llm-pretrain-13b (foundation-models) recurring 3x/7d\n');
      expect(proc.stderr()).toContain('runai-diagnose local: SIGTERM received, draining the queue...');
      expect(proc.stderr()).toContain('runai-diagnose local: stopped\n');
    } finally {
      if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
    }
  });

  it('diagnoses a bundled Tier 2 scenario with Tier 2 evidence from the built-in Kubernetes simulator', async () => {
    const proc = run({ PORT: '0', BATCH_WINDOW_MS: '50', WEBHOOK_TOKEN: 'process-test-token-0123456789' });
    try {
      await waitFor('the curl line', () => proc.stdout().includes('try it: curl'));
      const url = /listening on (http:\/\/[^ ]+) /.exec(proc.stdout())![1]!;
      const response = await fetch(`${url}/webhooks/runai`, {
        method: 'POST',
        headers: { authorization: 'Bearer process-test-token-0123456789', 'content-type': 'application/json' },
        // fixtures/scenarios/tier2-cuda-oom-in-logs
        body: JSON.stringify({ clusterId: '7f3c2a9e-1b4d-4c8e-9a61-2d5f8e0b7c13', workloadId: '43807616-6c77-57a5-8df9-234c32fce9d0' }),
      });
      expect(response.status).toBe(202);
      await waitFor('the notification', () => proc.stdout().includes('torch.OutOfMemoryError: CUDA out of memory'));
      expect(proc.stdout()).toContain('kubectl logs sdxl-lora-finetune-0-0 -n runai-genai-images');
      expect(proc.stdout()).not.toContain('Tier 2 (Kubernetes) evidence is not configured');
      proc.child.kill('SIGTERM');
      expect(await proc.exit).toBe(0);
    } finally {
      if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
    }
  });

  it('demo: replays the example alerts, prints every notification with timings, exits 0 when idle', async () => {
    const proc = run({}, DEMO_BUNDLE);
    expect(await proc.exit).toBe(0);
    const out = proc.stdout();
    expect(out).toMatch(/^runai-diagnose demo: local app listening on http:\/\/127\.0\.0\.1:\d+ /);
    expect(out).toContain('== 01-crashloop-firing.json: POST /webhooks/alertmanager -> 202');
    expect(out).toContain('skipped alert #3 RunaiWorkloadFailed: resolved alert: only firing alerts start a diagnosis');
    expect(out).toContain('skipped alert #0 RunaiProjectGpuQuotaExceeded: no workload identifier');
    expect(out.split('\n').filter((line) => /^\[[A-Z_]+\] /.test(line))).toEqual([
      '[CRASH_APP_ERROR] mixtral-moe-sft (foundation-models)',
      '[OOM_KILLED] llama3-8b-sft (nlp-research)',
      '[IMAGE_PULL_FAILED] detr-coco-finetune (vision)',
      '[NODE_FAILURE] bevfusion-train (autonomy)',
      '[CRASH_APP_ERROR] ctr-hourly-eval (ranking-eval)',
    ]);
    expect(out.match(/^diagnosed .+ in [\d.]+ ms$/gm)).toHaveLength(5);
    expect(out).toMatch(
      /runai-diagnose demo: 5 diagnoses \(0 failed\), diagnosis time min [\d.]+ ms, median [\d.]+ ms, max [\d.]+ ms; total \d+ ms; 0 dead letters\n$/,
    );
  });
});
