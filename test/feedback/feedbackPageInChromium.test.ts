/**
 * The feedback page in a real browser (Debian's `chromium`, headless, no download): the
 * DOM Chromium builds from our HTML has the form, the radios and the nine choices, shows the
 * hostile headline as text (no element made from it), and a tampered link renders the
 * refusal page. `--dump-dom` prints the DOM after load; no script of ours is involved.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryFeedbackStore } from '../../functions/feedback/createMemoryFeedbackStore.js';
import { signFeedbackToken } from '../../functions/feedback/feedbackToken.js';
import { serveApp } from '../../functions/local/serveApp.js';
import { makeApp } from '../intake/intakeTestKit.js';

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const KEYS = { current: 'feedback-key-current-0123456789' };
const CLAIMS = { occurrenceKey: 'cluster-a#wl-1#occ', category: 'OOM_KILLED' as const, headline: '[OOM_KILLED] <img src=x onerror=alert(1)>train (ml)' };

let served: { port: number; close(): Promise<void> };
let profile: string;

beforeAll(async () => {
  // The clock the token is checked against is real here: sign "now".
  const { app } = makeApp({ feedback: { keys: KEYS, store: createMemoryFeedbackStore() }, now: () => new Date() });
  served = await serveApp(app.fetch, '127.0.0.1', 0);
  profile = mkdtempSync(join(tmpdir(), 'feedback-chromium-'));
});
afterAll(async () => {
  await served?.close();
  rmSync(profile, { recursive: true, force: true });
});

async function dumpDom(url: string): Promise<string> {
  const { stdout } = await promisify(execFile)(CHROMIUM, [...FLAGS, `--user-data-dir=${profile}`, '--dump-dom', url], { timeout: 60_000 });
  return stdout;
}

describe('feedback page in headless Chromium', () => {
  it('renders the form with the headline as text only', async () => {
    const token = signFeedbackToken(CLAIMS, KEYS, new Date());
    const dom = await dumpDom(`http://127.0.0.1:${served.port}/feedback/${token}`);
    expect(dom).toContain('<form method="post">');
    expect(dom.match(/<option value="[A-Z_]+"/g)).toHaveLength(9);
    expect(dom).toContain('type="radio" name="answer" value="wrong"');
    expect(dom).toContain('&lt;img src=x onerror=alert(1)&gt;train');
    expect(dom).not.toMatch(/<img/i);
  }, 90_000);

  it('renders the refusal page for a tampered link, without the verdict', async () => {
    const token = signFeedbackToken(CLAIMS, KEYS, new Date()).replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    const dom = await dumpDom(`http://127.0.0.1:${served.port}/feedback/${token}`);
    expect(dom).toContain('FEEDBACK_TOKEN_INVALID');
    expect(dom).not.toContain('OOM_KILLED');
    expect(dom).not.toContain('<form');
  }, 90_000);
});
