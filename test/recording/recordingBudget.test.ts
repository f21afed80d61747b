/**
 * Issue #25 item 3: `--record` never holds the whole history. Past its budget a recording
 * keeps an answer's request line and size, not its body (`withheld: 'budget'`), says so in
 * `recording.omitted`, and the replay answers such an exchange as a failure instead of
 * inventing one.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diagnoseWorkload } from '../../functions/diagnosis/diagnoseWorkload.js';
import { createRecordingSession } from '../../functions/recording/createRecordingSession.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { createRunaiClient } from '../../functions/runai/createRunaiClient.js';
import { loadScenario, startRunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import { LONG_HISTORY_TEMPLATE, longHistoryScenario } from '../bench/longHistoryScenario.js';
import { FIXTURES_DIR } from '../scenarios/scenarioHarness.js';

const root = await mkdtemp(join(tmpdir(), 'recording-budget-'));
afterAll(() => rm(root, { recursive: true, force: true }));

async function recordLongHistory(budgetBytes: number | undefined, dir: string) {
  const template = await loadScenario(join(FIXTURES_DIR, LONG_HISTORY_TEMPLATE));
  const { state } = longHistoryScenario(template, 800);
  const now = new Date();
  const simulator = await startRunaiSimulator({ scenarios: state, now: () => now.getTime() });
  const session = createRecordingSession({ secrets: ['sim-secret'], ...(budgetBytes !== undefined ? { budgetBytes } : {}) });
  const client = createRunaiClient({
    baseUrl: simulator.url,
    credentials: { grantType: 'client_credentials', clientId: 'sim-client', clientSecret: 'sim-secret' },
    dispatcher: session.runaiDispatcher(simulator.url, 5_000),
    retryBaseDelayMs: 1,
  });
  try {
    const request = { ...template.request, lookback: '30d' };
    const { verdict } = await diagnoseWorkload(request, { reader: client, now, messages: messagesEn });
    return { verdict, written: await session.finish(dir, { request, verdict, exitCode: 0, now, anonymize: false }) };
  } finally {
    await client.close();
    await session.close();
    await simulator.close();
  }
}

describe('recording budget', () => {
  it('keeps every answer while the recording fits, and says nothing was omitted', async () => {
    const { written } = await recordLongHistory(undefined, join(root, 'whole'));
    expect(written.omitted).toBeNull();
    expect(written.scenario.recording?.omitted).toBeUndefined();
    expect(written.scenario.runai.recorded.some((exchange) => exchange.withheld === 'budget')).toBe(false);
    expect(written.differences).toEqual([]);
  });

  it('past the budget keeps request lines and sizes only, marks the recording, and the replay does not invent the missing answers', async () => {
    const budgetBytes = 64 * 1024;
    const dir = join(root, 'cut');
    const { written } = await recordLongHistory(budgetBytes, dir);
    const recorded = written.scenario.runai.recorded;
    const withheld = recorded.filter((exchange) => exchange.withheld === 'budget');
    expect(withheld.length).toBeGreaterThan(0);
    for (const exchange of withheld) {
      expect(exchange.body).toBeUndefined();
      expect(exchange.omittedBytes).toBeGreaterThan(0);
    }
    const keptBytes = recorded.filter((exchange) => exchange.body !== undefined).reduce((sum, exchange) => sum + JSON.stringify(exchange.body).length, 0);
    // Re-serialised bodies are within a few percent of the raw ones: nowhere near twice the budget.
    expect(keptBytes).toBeLessThan(budgetBytes * 1.2);
    expect(written.omitted).toEqual({ exchanges: withheld.length, bytes: withheld.reduce((sum, exchange) => sum + exchange.omittedBytes!, 0), budgetBytes });
    const file = JSON.parse(await readFile(join(dir, 'scenario.json'), 'utf8')) as { recording: { omitted: unknown } };
    expect(file.recording.omitted).toEqual(written.omitted);
    // The replay cannot read the withheld history pages: it says history could not be retrieved, never a made-up count.
    expect(written.replay.verdict?.limitations.some((line) => line.startsWith('History could not be retrieved'))).toBe(true);
  });
});
