/**
 * Our own plant generator for `--anonymize` (issue #25 item 1), independent of the held-out sets:
 * six seeds, each a scenario from fixtures/scenarios with identifiers of twenty families planted in
 * the fields the diagnosis reads and in the free text of events, phase messages, history, the
 * submitted command and the log tail. Names are composed from syllables by a seeded PRNG, so
 * no plant is a word anyone tuned a rule to. Secrets of the ML ecosystem's token formats are
 * planted too (they must never reach a recording), and upstream texts that must stay verbatim.
 *
 * Measured by measureGeneratedPlants.ts through the real CLI (recordHeldOut.ts).
 */
import { fileURLToPath } from 'node:url';
import { loadScenario, type Scenario } from '../../../functions/simulator/startRunaiSimulator.js';
import type { HeldOutSet, KeepCase, Plant, SecretPlant } from '../heldout/heldOutPlants.js';
import { seededRandom } from '../../support/seededRandom.js';

export const GENERATED_FAMILIES = [
  'person-name',
  'email',
  'slack-teams-id',
  'fqdn',
  'ipv4',
  'ipv6',
  'arn-account',
  's3-path',
  'gs-path',
  'azure-path',
  'git-url',
  'home-dir',
  'bucket-name',
  'tenant-url',
  'customer-prose',
  'joined-token',
  'k8s-name',
  'label-key',
  'label-value',
  'node-name',
] as const;
export type GeneratedFamily = (typeof GENERATED_FAMILIES)[number];

export const GENERATED_SEEDS = [7_101, 7_102, 7_103, 7_104, 7_105, 7_106] as const;
/**
 * Seeds built with other syllables and other sentence templates (`fresh`), written after the
 * anonymizer was changed against the seeds above and measured once: a check of generalisation,
 * not a target.
 */
export const FRESH_SEEDS = [7_201, 7_202, 7_203] as const;

const BASES = ['tier2-cuda-oom-in-logs', 'tier2-137-oomkilled-from-last-state', 'tier2-init-container-exit-1-log-line'];

function prng(seed: number) {
  const next = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const chars = (alphabet: string, length: number) => Array.from({ length }, () => alphabet[int(0, alphabet.length - 1)]).join('');
  return { int, pick, chars };
}

/** Syllables: names no table holds (`Zorvessa`, `kelmaridon`). */
const SYLLABLES = ['zor', 'vess', 'kel', 'mar', 'idon', 'quil', 'bran', 'tov', 'yss', 'dral', 'fen', 'wick', 'oth', 'rune', 'plix', 'gav', 'snor', 'tuv'];
const FRESH_SYLLABLES = ['ash', 'bel', 'cor', 'dun', 'eri', 'fal', 'gor', 'hal', 'ist', 'jor', 'kan', 'lum', 'mer', 'nal', 'orr', 'pel'];

export async function buildGeneratedSet(seed: number, fresh = false): Promise<HeldOutSet<GeneratedFamily>> {
  const r = prng(seed);
  const syllables = fresh ? FRESH_SYLLABLES : SYLLABLES;
  const base = BASES[seed % BASES.length]!;
  const scenario = JSON.parse(JSON.stringify(await loadScenario(fileURLToPath(new URL(`../../../fixtures/scenarios/${base}/`, import.meta.url))))) as Scenario;
  const plants: Plant<GeneratedFamily>[] = [];
  const secrets: SecretPlant[] = [];
  const keep: KeepCase[] = [];
  const word = (count = 2) => Array.from({ length: count }, () => r.pick(syllables)).join('');
  const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  const plant = (family: GeneratedFamily, placement: string, value: string, where: string) => {
    plants.push({ id: `${family}/${placement}`, family, value, where });
    return value;
  };
  const secret = (placement: string, value: string, text: string) => {
    secrets.push({ id: `secret/${placement}`, value, where: 'log tail', context: { kind: 'text', text } });
    return text;
  };
  const octet = () => r.int(2, 250);
  const HEX = '0123456789abcdef';
  const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

  const corp = word(2);
  const first = cap(word(2));
  const last = cap(word(3));
  const login = `${first.charAt(0).toLowerCase()}${last.toLowerCase()}`;
  const account = `${r.int(1, 9)}${r.chars('0123456789', 11)}`;

  const person = plant('person-name', 'annotation-value-and-log', `${first} ${last}`, 'annotation value, log prose');
  const email = plant('email', 'submittedBy-and-log', `${first.toLowerCase()}.${last.toLowerCase()}@${corp}.com`, 'submittedBy, createdBy, log');
  const slack = plant('slack-teams-id', 'slack-user-in-event', `U0${r.chars(UPPER, 9)}`, 'event message: notify <@U…>');
  const teams = plant('slack-teams-id', 'teams-thread-in-log', `19:${r.chars(HEX, 32)}@thread.tacv2`, 'log: teams channel');
  const fqdn = plant('fqdn', 'db-host-in-log', `pg-${word(1)}-${r.int(1, 9)}.${corp}-internal.net`, 'log: connection refused to host');
  const fqdn2 = plant('fqdn', 'corp-domain-in-event', `${word(1)}.${corp}.corp`, 'event message');
  const ip4 = plant('ipv4', 'in-log-and-event', `10.${octet()}.${octet()}.${octet()}`, 'log and event');
  const ip4b = plant('ipv4', 'host-ip-in-phase-message', `192.168.${octet()}.${octet()}`, 'phase message');
  const ip6 = plant('ipv6', 'in-log', `2a0${r.int(1, 9)}:${r.chars(HEX, 4)}:${r.chars(HEX, 3)}::${r.chars(HEX, 2)}`, 'log');
  const arnRole = `arn:aws:iam::${account}:role/${corp}-${word(1)}-trainer`;
  plant('arn-account', 'account-id', account, 'ARN in log');
  plant('arn-account', 'role-name', arnRole.split('/')[1]!, 'ARN in log');
  const s3 = plant('s3-path', 'in-args-and-log', `s3://${corp}-${word(1)}-ckpt/${word(1)}/run-${r.int(10, 99)}`, 'args and log');
  const gsBucket = `${corp}_${word(1)}_datasets`;
  const gs = plant('gs-path', 'in-log', `gs://${gsBucket}/shards`, 'log');
  const azAccount = `${corp}${word(1)}sa`;
  const az = plant('azure-path', 'abfss-in-log', `abfss://raw@${azAccount}.dfs.core.windows.net/${word(1)}`, 'log');
  plant('azure-path', 'az-account', azAccount, 'log');
  const sasSig = r.chars(ALNUM, 43);
  const sas = `https://${azAccount}.blob.core.windows.net/models/${word(1)}.bin?sv=2022-11-02&se=2026-12-31T00%3A00%3A00Z&sp=r&sig=${sasSig}%3D`;
  secrets.push({ id: 'secret/sas-sig', value: sasSig, where: 'log', context: { kind: 'text', text: sas } });
  if (fresh) {
    keep.push({ id: 'keep/http-status', value: 'returned 503', why: 'the status a client saw' });
    keep.push({ id: 'keep/object-store-schemes', value: 'az://', why: 'the scheme says which store failed' });
  } else {
    keep.push({ id: 'keep/sas-se', value: '&se=2026-12-31T00%3A00%3A00Z&sp=r', why: 'SAS expiry and permission keys tell the reader what the link allowed' });
    keep.push({ id: 'keep/dns-template', value: ': no such host', why: 'Go resolver error template' });
    keep.push({ id: 'keep/traceback-template', value: 'line 88, in <module>', why: 'Python traceback template' });
    keep.push({ id: 'keep/object-store-schemes', value: 's3://', why: 'the scheme says which store failed' });
  }
  const gitOrg = `${corp}-${word(1)}`;
  const git = plant('git-url', 'https-in-storage', `https://github.com/${gitOrg}/${word(1)}-models.git`, 'spec.storage.git.repository');
  const gitScp = plant('git-url', 'scp-in-log', `git@gitlab.${corp}.io:${gitOrg}/${word(1)}.git`, 'log');
  const home = plant('home-dir', 'linux-in-traceback', `/home/${login}`, 'traceback path');
  const bucket = plant('bucket-name', 'storage-bucket-and-mount', `${corp}-${word(1)}-bucket`, 'spec.storage.s3.bucket, mount message');
  const tenant = plant('tenant-url', 'env-and-log', `https://${corp}.run.ai`, 'env value and log');
  const customer = plant('customer-prose', 'capitalised-in-log', `${cap(word(2))} ${cap(word(1))}`, 'log prose: processing batch for …');
  const customer2 = plant('customer-prose', 'single-word-in-event', cap(word(3)), 'event: quota for …');
  const joined = plant('joined-token', 'hyphen-in-log', `${corp}-${word(1)}-${word(1)}`, 'log');
  const joinedU = plant('joined-token', 'underscore-in-log', `${word(1)}_${corp}_${word(1)}`, 'log');
  const k8sSvc = plant('k8s-name', 'service-in-log', `${word(1)}-${word(1)}-svc`, 'log: dial tcp service');
  const pvc = plant('k8s-name', 'pvc-claim', `${word(1)}-${corp}-pvc`, 'pvc claimName, mount message');
  const labelKey = plant('label-key', 'user-domain-key', `${corp}.com/${word(1)}-owner`, 'spec.labels key, annotation name');
  const labelValue = plant('label-value', 'label-value', `${word(1)}-${word(1)}`, 'spec.labels value');
  const nodeName = plant('node-name', 'node-fqdn-field-and-text', `gpu-${word(1)}-${r.int(10, 99)}.${corp}.internal`, 'pod nodeName, event host');
  plant('node-name', 'node-first-label', nodeName.split('.')[0]!, 'node name first label');

  // Secrets in the log tail (the ML ecosystem's token formats).
  const hf = `hf_${r.chars(ALNUM, 34)}`;
  const nvapi = `nvapi-${r.chars(ALNUM + '-_', 64)}`;
  const openai = `sk-proj-${r.chars(ALNUM + '-_', 48)}`;
  const anthropic = `sk-ant-api03-${r.chars(ALNUM + '-_', 93)}AA`;
  const dapi = `dapi${r.chars(HEX, 32)}`;
  const xoxb = `xoxb-${r.int(100000000, 999999999)}-${r.int(100000000, 999999999)}-${r.chars(ALNUM, 24)}`;
  const ghp = `ghp_${r.chars(ALNUM, 36)}`;
  const ghpat = `github_pat_${r.chars(ALNUM, 22)}_${r.chars(ALNUM, 59)}`;
  const secretLines = [
    secret('hf-glued', hf, `login token=${hf}`),
    secret('nvapi-in-word', nvapi, `NGC_KEY:${nvapi},retrying`),
    secret('openai-glued', openai, `using key(${openai})`),
    secret('anthropic', anthropic, `x-api-key ${anthropic}`),
    secret('dapi-glued', dapi, `databricks_token_${dapi}`),
    secret('xoxb', xoxb, `slack bot=${xoxb}`),
    secret('ghp', ghp, `cloning with ${ghp}@github.com`),
    secret('github-pat', ghpat, `GITHUB=${ghpat}`),
  ];

  // --- placements ------------------------------------------------------------------------------
  const workload = scenario.runai.workloads[0] as Record<string, unknown>;
  const workloadId = String(workload.id);
  workload.submittedBy = email;
  workload.phaseMessage = `${String(workload.phaseMessage ?? '')} (host ${ip4b})`.trim();
  const spec = (scenario.runai.specs as Record<string, Record<string, unknown>>)[workloadId];
  if (spec) {
    spec.createdBy = email;
    const inner = (spec.spec ?? {}) as Record<string, unknown>;
    inner.args = `${String(inner.args ?? '')} --output ${s3} --notify ${email}`.trim();
    inner.labels = { [labelKey]: labelValue, team: labelValue };
    inner.annotations = [{ name: `${corp}.com/contact`, value: person }];
    inner.environmentVariables = [{ name: 'RUNAI_URL', value: tenant }];
    inner.storage = { git: [{ repository: git }], s3: [{ bucket, path: '/data' }], pvc: [{ claimName: pvc, path: '/ckpt' }] };
    spec.spec = inner;
  }
  const events = ((scenario.runai.events as Record<string, Record<string, unknown>[]>)[workloadId] ??= []);
  events.push({
    createdAt: 'now-60m',
    id: '0b6f3f1e-2a54-4c2e-9d7b-5f3e2a1c0d9e',
    type: 'Normal',
    clusterId: workload.clusterId,
    message: `Quota for ${customer2} approved by <@${slack}>; pulled from ${fqdn2} at ${ip4}`,
    reason: 'Scheduled',
    source: 'kai-scheduler',
    involvedObject: { kind: 'Pod', name: String(workload.name), namespace: workload.namespace },
  });
  for (const pod of (scenario.runai.pods as Record<string, Record<string, unknown>[]>)[workloadId] ?? []) pod.nodeName = nodeName;
  const kubernetes = scenario.kubernetes as unknown as { pods: Record<string, unknown>[]; events: Record<string, unknown>[]; logs: { lines: string[] }[] };
  for (const pod of kubernetes.pods) ((pod.spec ?? {}) as Record<string, unknown>).nodeName = nodeName;
  for (const event of kubernetes.events) {
    const source = event.source as Record<string, unknown> | undefined;
    if (source?.host) source.host = nodeName;
    if (event.reportingInstance) event.reportingInstance = nodeName;
  }
  const freshText = [
    `Job stopped by ${person} after review; ping ${email}`,
    `GET http://${ip4}:8080/v1/models/${joined} returned 503`,
    `Mirroring ${az.replace('abfss://', 'az://')} and ${gs}`,
    `cloned https://${login}@bitbucket.org/${gitOrg}/${word(1)}.git at ${home}/repos`,
    `quota for customer "${customer}" exhausted (${customer2} next)`,
    `ARN ${arnRole} denied on ${s3}`,
    `resolved ${fqdn} to ${ip6}; fallback ${fqdn2}`,
    `notify <@${slack}> in ${teams}; tenant ${tenant}`,
    `mount of ${bucket} via ${pvc} on ${nodeName} (${joinedU}) failed; svc ${k8sSvc}`,
  ];
  const freeText = fresh
    ? [...freshText, ...secretLines]
    : [
        `Connecting to ${fqdn}:5432 from ${ip4} (${ip6}) as ${login}`,
        `Assumed ${arnRole} for ${person} <${email}>`,
        `Reading shards from ${gs} and ${az}; syncing ${s3}`,
        `Downloading ${sas}`,
        `Processing batch for ${customer}: cache ${joined} / ${joinedU}`,
        `dial tcp: lookup ${k8sSvc}.${String(workload.namespace)}.svc.cluster.local: no such host`,
        `  File "${home}/src/train.py", line 88, in <module>`,
        `fetching ${gitScp} into ${home}/.cache; teams ${teams}`,
        `tenant ${tenant}/api/v1/token refreshed; mounting bucket ${bucket} on ${nodeName.split('.')[0]}`,
        ...secretLines,
      ];
  const log = kubernetes.logs[0];
  if (log) log.lines = [...freeText, ...log.lines];
  else
    // No log tail in this scenario: the same free text in event messages instead.
    freeText.forEach((line, index) =>
      events.push({
        createdAt: 'now-59m',
        id: `0b6f3f1e-2a54-4c2e-9d7b-5f3e2a1c0d${String(index).padStart(2, '0')}`,
        type: 'Normal',
        clusterId: workload.clusterId,
        message: line,
        reason: 'Pulling',
        source: 'kubelet',
        involvedObject: { kind: 'Pod', name: String(workload.name), namespace: workload.namespace },
      }),
    );
  return { seed, scenario, plants, secrets, keep };
}
