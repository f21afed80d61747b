/**
 * The "done when", in local mode: a notification printed on the console carries a
 * link on 127.0.0.1; following it and answering "wrong → CRASH_APP_ERROR" stores the
 * answer; a tampered link is refused and stores nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../functions/local/startLocalServer.js';
import { startCapturedServer } from '../e2e/e2eKit.js';
import { parseCurl } from '../local/parseCurl.js';

let running: LocalServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('feedback in local mode', () => {
  it('prints the link with the notification, serves the page on 127.0.0.1 and stores the answer', async () => {
    // A generated token is printed in the curl line; an operator-set one never is.
    const { server, stdout } = await startCapturedServer({ WEBHOOK_TOKEN: undefined });
    running = server;
    const curlLine = stdout()
      .split('\n')
      .find((line) => line.startsWith('try it: '))!;
    const curl = parseCurl(curlLine.replace(/^try it: /, ''));
    expect((await fetch(curl.url, { method: 'POST', headers: curl.headers, body: curl.body })).status).toBe(202);
    await server.whenIdle();

    const link = /Was this right\? (http:\/\/127\.0\.0\.1:\d+\/feedback\/\S+)/.exec(stdout())?.[1];
    expect(link).toBeDefined();
    // The chat preview printed alongside carries the same link.
    expect(stdout().split(link!).length).toBeGreaterThanOrEqual(3);

    const page = await fetch(link!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('OOM_KILLED');

    const tampered = link!.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    const body = new URLSearchParams({ answer: 'wrong', rightCategory: 'CRASH_APP_ERROR', note: 'the OOM was a symptom' });
    const refused = await fetch(tampered, { method: 'POST', body });
    expect(refused.status).toBe(403);
    expect(await server.feedbackStore.list()).toEqual([]);

    const answered = await fetch(link!, { method: 'POST', body });
    expect(answered.status).toBe(200);
    expect(await server.feedbackStore.list()).toEqual([
      expect.objectContaining({ answer: 'wrong', rightCategory: 'CRASH_APP_ERROR', category: 'OOM_KILLED', note: 'the OOM was a symptom' }),
    ]);
  });
});
