/**
 * What a person reads about a suspect node (§4.8), kept as golden files per locale under
 * `__golden__/`: the `node_suspect` notice's subject and email text, its chat card and its
 * PagerDuty event (as the forwarders build them from what SNS delivers), and the text report of
 * a verdict whose node is suspect — a real diagnosis of the bundled node-failure scenario
 * through the Run:ai simulator, in that locale, with the fleet's judgement set on it as the
 * worker sets it. `UPDATE_GOLDEN=1` rewrites the files for review.
 */
import { stableMoments } from '../scenarios/scenarioHarness.js';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChatNotification } from '../../functions/chat/buildChatNotification.js';
import type { DiagnosisRequest } from '../../functions/core/diagnosisRequest.js';
import type { NodeSuspicion } from '../../functions/diagnosis/classify/decideNodeSuspicion.js';
import { diagnoseWorkload } from '../../functions/diagnosis/diagnoseWorkload.js';
import type { NodeFailure } from '../../functions/diagnosis/model/NodeFailure.js';
import { deliveredFromSnsNotification } from '../../functions/delivery/readDeliveredNotification.js';
import { renderNodeSuspect } from '../../functions/delivery/renderNodeSuspect.js';
import type { SnsJsonMessage } from '../../functions/delivery/SnsNotification.js';
import { buildPagerDutyEvent } from '../../functions/pagerduty/buildPagerDutyEvent.js';
import { messagesFor } from '../../functions/report/messagesFor.js';
import { nodeSuspectWordsFor } from '../../functions/report/nodeSuspectWords.js';
import { notificationWordsFor } from '../../functions/report/notificationWordsFor.js';
import { renderTextReport } from '../../functions/report/renderTextReport.js';
import { createRunaiClient } from '../../functions/runai/createRunaiClient.js';
import { loadScenarios, startRunaiSimulator, type RunaiSimulator, type Scenario } from '../../functions/simulator/startRunaiSimulator.js';
import { FIXTURES_DIR } from '../scenarios/scenarioHarness.js';

const GOLDEN_DIR = new URL('./__golden__/', import.meta.url);
const updateGolden = process.env.UPDATE_GOLDEN === '1';

function compareGolden(name: string, actual: string): void {
  const file = new URL(name, GOLDEN_DIR);
  if (updateGolden) {
    writeFileSync(file, actual);
    return;
  }
  expect(existsSync(file), `no golden ${name} (UPDATE_GOLDEN=1 writes it)`).toBe(true);
  expect(actual, `${name} differs (UPDATE_GOLDEN=1 to accept, then review the diff)`).toBe(readFileSync(file, 'utf8'));
}

const CLUSTER = 'cluster-a';
const NODE = 'hgx-h100-06';

function failure(workloadId: string, workloadName: string, project: string, submittedBy: string, at: string): NodeFailure {
  return {
    clusterId: CLUSTER,
    node: NODE,
    workloadId,
    workloadName,
    project,
    submittedBy,
    category: 'NODE_FAILURE',
    at: Date.parse(at),
    infrastructure: false,
    hardwareXid: null,
  };
}

/** Three users' failures on one node within the day: the rule's smallest suspect node. */
const SUSPICION: NodeSuspicion = {
  suspect: { failures: 3, submitters: 3, windowHours: 24, hardwareXid: null },
  failures: [
    failure('wl-1', 'gpt-j-6b-dpo', 'nlp-research', 'a.moreau@example.com', '2026-12-02T07:12:00Z'),
    failure('wl-2', 'bert-finetune', 'ml-team', 'b.okafor@example.com', '2026-12-02T08:40:00Z'),
    failure('wl-3', 'vit-sweep-3', 'vision', 'c.lindqvist@example.com', '2026-12-02T09:05:00Z'),
  ],
};

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

let scenario: Scenario;
let simulator: RunaiSimulator;
beforeAll(async () => {
  scenario = (await loadScenarios(FIXTURES_DIR)).find((candidate) => candidate.name === 'node-failure-precedence-over-exit-code')!;
  simulator = await startRunaiSimulator({ scenarios: scenario.runai, credentials: { clientId: 'sim-client', clientSecret: 'sim-secret' } });
});
afterAll(() => simulator?.close());

describe('suspect-node goldens', () => {
  for (const locale of ['en', 'fr'] as const) {
    describe(locale, () => {
      const words = notificationWordsFor(locale);
      const notice = renderNodeSuspect(CLUSTER, NODE, SUSPICION, nodeSuspectWordsFor(locale));
      const delivered = deliveredFromSnsNotification(notice, 'msg-node');

      it('renders the node_suspect notice (subject and email text)', () =>
        compareGolden(`node-suspect-email.${locale}.txt`, `Subject: ${notice.Subject}\n\n${(JSON.parse(notice.Message) as SnsJsonMessage).default}`));
      it("renders the notice's chat card", () => compareGolden(`node-suspect-chat.${locale}.json`, json(buildChatNotification(delivered, words))));
      it("renders the notice's PagerDuty event (dedup per node)", () => {
        const event = buildPagerDutyEvent(delivered, 'routing-key', words);
        expect(event.dedup_key).toBe(`node:${CLUSTER}/${NODE}`);
        compareGolden(`node-suspect-pagerduty.${locale}.json`, json(event));
      });

      it('renders the text report of a verdict whose node is suspect', async () => {
        const reader = createRunaiClient({
          baseUrl: simulator.url,
          credentials: { grantType: 'client_credentials', clientId: 'sim-client', clientSecret: 'sim-secret' },
        });
        try {
          const messages = messagesFor(locale);
          const { verdict } = await diagnoseWorkload(scenario.request as DiagnosisRequest, { reader, now: new Date(), messages, tier2: null });
          expect(verdict.node?.name).toBe(NODE);
          // As the worker's judgeNodes sets it on the verdict of the third failure.
          verdict.node!.suspect = SUSPICION.suspect;
          const report = renderTextReport(verdict, messages);
          expect(report).toContain(NODE);
          // The scenario's timestamps are relative to now: a printed moment is replaced (scenarioHarness.ts).
          compareGolden(`verdict-suspect-node.${locale}.txt`, stableMoments(report));
        } finally {
          await reader.close();
        }
      });
    });
  }
});
