/**
 * The human-facing texts a held-out set's diagnosis produces, for the "secrets in the report
 * and the notification" figure: the CLI's text report (en, fr) and the SNS notification the
 * worker would publish for the same verdict (buildSnsMessage with the worker's renderer: the
 * email text and the verdict JSON, subject included). The live diagnosis runs against the
 * simulators over loopback HTTP like the recording does; no `--record` here.
 */
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSnsMessage } from '../../../functions/delivery/buildSnsMessage.js';
import { startKubernetesSimulator } from '../../../functions/simulator/kubernetes/startKubernetesSimulator.js';
import { startRunaiSimulator } from '../../../functions/simulator/startRunaiSimulator.js';
import { createRenderText } from '../../../functions/worker/createRenderText.js';
import type { HeldOutSet, SecretPlant } from '../heldout/heldOutPlants.js';
import { cli } from '../heldout/recordHeldOut.js';
import { leaksSecret } from './leaksSecret.js';

export interface ReportText {
  /** `text report (en)`, `SNS notification (fr)`, … */
  name: string;
  text: string;
}

export async function renderReportTexts(set: HeldOutSet<string>): Promise<ReportText[]> {
  const root = await mkdtemp(join(tmpdir(), 'heldout2-report-'));
  const clusterId = set.scenario.request.clusterId!;
  const workloadId = set.scenario.request.workloadId!;
  const runai = await startRunaiSimulator({ scenarios: set.scenario.runai });
  const kubernetes = await startKubernetesSimulator({ scenario: set.scenario.kubernetes! });
  try {
    const config = join(root, 'tier2.json');
    await writeFile(config, JSON.stringify({ clusters: { [clusterId]: { server: kubernetes.url, token: kubernetes.token } } }));
    const env = { RUNAI_BASE_URL: runai.url, RUNAI_CLIENT_ID: 'sim-client', RUNAI_CLIENT_SECRET: 'sim-secret' };
    const run = (extra: string[]) => cli(['--cluster-id', clusterId, '--workload-id', workloadId, '--tier2-config', config, ...extra], env);
    const texts: ReportText[] = [];
    for (const locale of ['en', 'fr'] as const) {
      const text = await run(['--format', 'text', '--locale', locale]);
      if (text.code !== 0) throw new Error(`text report (${locale}) exited ${text.code}: ${text.stderr}`);
      texts.push({ name: `text report (${locale})`, text: text.stdout });
    }
    const json = await run(['--format', 'json']);
    if (json.verdict === null) throw new Error(`no JSON verdict: ${json.stderr}`);
    texts.push({ name: 'verdict JSON', text: json.stdout });
    for (const locale of ['en', 'fr'] as const) {
      const notification = buildSnsMessage(json.verdict, createRenderText(locale), { occurrenceKey: `${clusterId}/${workloadId}` });
      texts.push({ name: `SNS notification (${locale})`, text: `${notification.Subject}\n${notification.Message}` });
    }
    return texts;
  } finally {
    await runai.close();
    await kubernetes.close();
    await rm(root, { recursive: true, force: true });
  }
}

/** Each secret found (whole or a 16-character piece) in a text, with the texts it is in. */
export function secretsInTexts(secrets: readonly SecretPlant[], texts: readonly ReportText[]): { secret: SecretPlant; in: string[] }[] {
  return secrets
    .map((secret) => ({ secret, in: texts.filter((text) => leaksSecret(secret.value, text.text)).map((text) => text.name) }))
    .filter((found) => found.in.length > 0);
}
