/**
 * The verdict is redacted once every field is set: a credential a broken control plane put in a
 * node's name (read from the pods) does not reach `verdict.node.name`, which is set after the
 * verdict is built (describeNodeFailure), nor any other field.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { DiagnosisRequest } from '../../functions/core/diagnosisRequest.js';
import { diagnoseWorkload } from '../../functions/diagnosis/diagnoseWorkload.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { createRunaiClient, type RunaiClient } from '../../functions/runai/createRunaiClient.js';
import { loadScenarios, startRunaiSimulator, type RunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import { FIXTURES_DIR } from './scenarioHarness.js';

const TOKEN = `ghp_${'A1b2C3d4E5'.repeat(3)}abcdef`;
let simulator: RunaiSimulator | undefined;
let client: RunaiClient | undefined;
afterAll(async () => {
  await client?.close();
  await simulator?.close();
});

describe('the verdict is redacted last', () => {
  it('a node name carrying a token is redacted in verdict.node and everywhere else', async () => {
    const scenario = (await loadScenarios(FIXTURES_DIR)).find((candidate) => candidate.name === 'node-failure-precedence-over-exit-code');
    if (!scenario) throw new Error('no scenario node-failure-precedence-over-exit-code');
    const runai = JSON.parse(JSON.stringify(scenario.runai).replaceAll('hgx-h100-06', `hgx-h100-06 ${TOKEN}`)) as typeof scenario.runai;
    simulator = await startRunaiSimulator({ scenarios: runai });
    client = createRunaiClient({
      baseUrl: simulator.url,
      credentials: { grantType: 'client_credentials', clientId: 'sim-client', clientSecret: 'sim-secret' },
      maxRetries: 0,
    });
    const { verdict, nodeFailure } = await diagnoseWorkload(scenario.request as DiagnosisRequest, { reader: client, now: new Date(), messages: messagesEn });
    // The planted name did reach the node the diagnosis names.
    expect(nodeFailure?.node).toContain(TOKEN);
    expect(verdict.node?.name).toContain('hgx-h100-06');
    expect(JSON.stringify(verdict)).not.toContain(TOKEN);
  });
});
