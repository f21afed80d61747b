/**
 * The "done when", in a real browser: headless Chromium (Debian's `chromium`, driven
 * by puppeteer-core over the DevTools protocol, no browser download) opens the link a
 * local-mode notification printed on 127.0.0.1, chooses "wrong" and CRASH_APP_ERROR, writes
 * a note, and submits the form — with real clicks and key presses, no script of ours (the
 * page allows none). The store then holds the answer; a tampered link shows the 4xx page,
 * has no form, and stores nothing.
 *
 * puppeteer-core downloads no browser and must be given `executablePath`
 * (https://pptr.dev/guides/installation, "puppeteer-core … will not download Chrome").
 *
 * Chromium missing: skipped with a message on a workstation, a failure in CI (`.ci/run`
 * installs it, so CI must run this).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../functions/local/startLocalServer.js';
import { startCapturedServer } from '../e2e/e2eKit.js';
import { parseCurl } from '../local/parseCurl.js';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
const skip = !available && !process.env.CI;
if (skip) console.warn(`feedbackFormInChromium: skipped, ${CHROMIUM} is not installed (apt-get install chromium; CI installs it)`);

let server: LocalServer;
let link: string;
let browser: Browser;
let profile: string;

describe.skipIf(skip)('the feedback form submitted by headless Chromium (local mode, 127.0.0.1)', () => {
  beforeAll(async () => {
    const started = await startCapturedServer({ WEBHOOK_TOKEN: undefined });
    server = started.server;
    const curlLine = started
      .stdout()
      .split('\n')
      .find((line) => line.startsWith('try it: '))!;
    const curl = parseCurl(curlLine.replace(/^try it: /, ''));
    expect((await fetch(curl.url, { method: 'POST', headers: curl.headers, body: curl.body })).status).toBe(202);
    await server.whenIdle();
    link = /Was this right\? (http:\/\/127\.0\.0\.1:\d+\/feedback\/\S+)/.exec(started.stdout())![1]!;
    profile = mkdtempSync(join(tmpdir(), 'feedback-form-chromium-'));
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      userDataDir: profile,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it('opens the notification link, answers "wrong → CRASH_APP_ERROR" with a note, submits, and the store holds it', async () => {
    const page = await browser.newPage();
    const opened = await page.goto(link, { waitUntil: 'load' });
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()['content-security-policy']).toContain("default-src 'none'");
    expect(await page.$eval('body', (body) => body.textContent)).toContain('OOM_KILLED');
    expect(await server.feedbackStore.list()).toEqual([]);

    await page.click('input[type="radio"][name="answer"][value="wrong"]');
    await page.select('select[name="rightCategory"]', 'CRASH_APP_ERROR');
    await page.type('textarea[name="note"]', 'the OOM was a symptom of the crash loop');
    const [answered] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('button[type="submit"]')]);

    expect(answered?.request().method()).toBe('POST');
    expect(answered?.status()).toBe(200);
    expect(await page.$eval('[role="status"]', (status) => status.textContent)).toBe('Thank you — your answer is recorded.');
    expect(await server.feedbackStore.list()).toEqual([
      expect.objectContaining({ answer: 'wrong', rightCategory: 'CRASH_APP_ERROR', category: 'OOM_KILLED', note: 'the OOM was a symptom of the crash loop' }),
    ]);
    // The page shows the stored answer back, the note as text.
    expect(await page.$eval('body', (body) => body.textContent)).toContain('“the OOM was a symptom of the crash loop”');
    await page.close();
  }, 120_000);

  it('shows the 4xx page for a tampered link, with no form, and stores nothing', async () => {
    const before = await server.feedbackStore.list();
    const page = await browser.newPage();
    const tampered = link.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    const refused = await page.goto(tampered, { waitUntil: 'load' });
    expect(refused?.status()).toBe(403);
    const text = await page.$eval('body', (body) => body.textContent);
    expect(text).toContain('This feedback link cannot be used');
    expect(text).toContain('FEEDBACK_TOKEN_INVALID');
    expect(text).not.toContain('OOM_KILLED');
    expect(await page.$('form')).toBeNull();
    expect(await server.feedbackStore.list()).toEqual(before);
    await page.close();
  }, 120_000);
});
