/**
 * The wiring the docs show, through the real tools: every Alertmanager configuration snippet in
 * README.md and docs/ (a fenced yaml block with a top-level `route` or `receivers`), and the
 * shipped deploy/prometheus/alertmanager.yml, passes `amtool check-config`, and
 * `amtool config routes test` sends every shipped workload alert to runai-diagnose and the
 * delivery-failure alert elsewhere. Every Prometheus rule snippet (a yaml block with `groups`)
 * passes `promtool check rules` and joins only on pod labels kube-state-metrics can export.
 * A copy of the routing once shipped in docs/deploy.md (`alertname=~"RunaiWorkloadFailed|KubePodCrashLooping"`,
 * which sent every shipped alert to `default`) shows that the check fails when it must.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { ALERTMANAGER_FILE, alertLabelArgs, alertNames, inCi, RECEIVER, run, toolAvailability, workloadAlertNames } from './prometheusKit.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const tools = toolAvailability(['amtool', 'promtool'], 'prometheus-alertmanager prometheus');

interface Snippet {
  /** Where it comes from: `docs/alertmanager.md:123` or the shipped file's path. */
  where: string;
  text: string;
  value: Record<string, unknown>;
}

/** Every fenced yaml block of the Markdown files, parsed; a block that is not YAML fails here. */
function yamlSnippets(): Snippet[] {
  const files = ['README.md', ...readdirSync(join(ROOT, 'docs')).flatMap((name) => (name.endsWith('.md') ? [`docs/${name}`] : []))];
  return files.flatMap((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    return [...text.matchAll(/^```ya?ml\n([\s\S]*?)^```/gm)].map((match) => {
      const line = text.slice(0, match.index).split('\n').length;
      const value = parse(match[1]!) as unknown;
      return { where: `${file}:${line}`, text: match[1]!, value: (value && typeof value === 'object' ? value : {}) as Record<string, unknown> };
    });
  });
}

const snippets = yamlSnippets();
const alertmanagerSnippets: Snippet[] = [
  { where: relative(ROOT, ALERTMANAGER_FILE), text: readFileSync(ALERTMANAGER_FILE, 'utf8'), value: {} },
  ...snippets.filter((snippet) => 'route' in snippet.value || 'receivers' in snippet.value),
];
const ruleSnippets = snippets.filter((snippet) => 'groups' in snippet.value);

describe('doc snippet tools availability', () => {
  it.skipIf(!inCi && !tools.available)(`amtool and promtool are on PATH${inCi ? ' (required in CI)' : ''}`, () => {
    expect(tools.available, tools.missing).toBe(true);
  });
  if (!tools.available && !inCi) it.skip(`skipped: ${tools.missing}`, () => undefined);
});

describe('the Alertmanager wiring the docs show', () => {
  it('docs/alertmanager.md shows the wiring, and no other page carries a copy of its own', () => {
    const where = alertmanagerSnippets.slice(1).map((snippet) => snippet.where.split(':')[0]);
    expect(where).toContain('docs/alertmanager.md');
    expect(new Set(where)).toEqual(new Set(['docs/alertmanager.md']));
  });

  it('no yaml snippet joins on a pod label name kube-state-metrics never exports (label_<camelCase>)', () => {
    // kube-state-metrics exports a pod label key as label_<snake_case>: label_workloadName never exists.
    for (const snippet of snippets) expect(snippet.text, snippet.where).not.toMatch(/\blabel_[A-Za-z0-9_]*[A-Z]/);
  });
});

describe.skipIf(!tools.available)('amtool and promtool on the snippets of README.md and docs/', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'runai-diagnose-doc-snippets-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** check-config, then the receivers every alert name resolves to: `{ alertname: receivers }`, or the failure. */
  async function routesOf(text: string, name: string): Promise<{ checked: { status: number | null; output: string }; receivers: Map<string, string[]> }> {
    const file = join(dir, `${name}.yml`);
    await writeFile(file, text);
    const checked = await run('amtool', ['check-config', file]);
    const receivers = new Map<string, string[]>();
    for (const alertname of alertNames()) {
      const result = await run('amtool', ['config', 'routes', 'test', `--config.file=${file}`, ...alertLabelArgs(alertname)]);
      receivers.set(alertname, result.stdout.trim().split(/\s*,\s*/));
    }
    return { checked, receivers };
  }

  it.each(alertmanagerSnippets.map((snippet, index) => [snippet.where, index] as const))(
    '%s: loads, routes every workload alert to runai-diagnose and the delivery-failure alert elsewhere',
    async (where, index) => {
      const { checked, receivers } = await routesOf(alertmanagerSnippets[index]!.text, `snippet-${index}`);
      expect(checked.status, `${where}\n${checked.output}`).toBe(0);
      for (const alertname of workloadAlertNames()) expect(receivers.get(alertname), `${where}: ${alertname}`).toEqual([RECEIVER]);
      for (const alertname of alertNames().filter((name) => !workloadAlertNames().includes(name))) {
        expect(receivers.get(alertname), `${where}: ${alertname}`).not.toContain(RECEIVER);
      }
    },
  );

  it('the check fails for the routing once shipped in docs/deploy.md (every shipped alert went to default)', async () => {
    const once = {
      route: {
        receiver: 'default',
        routes: [{ matchers: ['alertname=~"RunaiWorkloadFailed|KubePodCrashLooping"'], receiver: RECEIVER, group_by: ['cluster_id', 'alertname'] }],
      },
      receivers: [
        { name: 'default' },
        { name: RECEIVER, webhook_configs: [{ url: 'https://api.invalid/webhooks/alertmanager?clusterId=c', send_resolved: false }] },
      ],
    };
    const { checked, receivers } = await routesOf(stringify(once), 'deploy-md-once');
    expect(checked.status, checked.output).toBe(0);
    for (const alertname of workloadAlertNames()) expect(receivers.get(alertname), alertname).toEqual(['default']);
  });

  it.each(ruleSnippets.map((snippet, index) => [snippet.where, index] as const))('%s: a valid Prometheus rule file', async (where, index) => {
    const file = join(dir, `rules-${index}.yml`);
    await writeFile(file, ruleSnippets[index]!.text);
    const result = await run('promtool', ['check', 'rules', file]);
    expect(result.status, `${where}\n${result.output}`).toBe(0);
  });
});
