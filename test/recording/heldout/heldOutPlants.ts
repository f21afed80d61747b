/**
 * The held-out plant set for `--anonymize` (issue #25 item 1): a generator, not a list. From a
 * seed it builds a complete scenario — a failed distributed training with Tier 2 evidence —
 * whose structured fields and free text (events, history messages, logs, command and args)
 * carry personal and infrastructure identifiers drawn from the families below, each with
 * randomised parts, so an anonymizer cannot be tuned to the literal values. It also plants
 * credentials in the raw submitted spec (args, command, environment values, annotations) to
 * check that even a recording made without `--anonymize` never holds a secret the report
 * would redact, and lists text that must stay verbatim because the diagnosis, or the person
 * reading the replay, needs it.
 *
 * The engine engineer never opens this folder: these values and shapes are held out.
 *
 * Where each family's shape comes from (the sources are cited once here, and per family below):
 * - Kubernetes DNS names `<service>.<namespace>.svc.cluster.local`:
 *   https://kubernetes.io/docs/concepts/services-networking/dns-pod-service/
 * - AWS ARNs `arn:partition:service:region:account-id:resource-type/resource-id`, partitions
 *   aws, aws-cn, aws-us-gov, 12-digit account ids: https://docs.aws.amazon.com/general/latest/gr/aws-arns-and-namespaces.html
 * - EC2 private DNS host names (EKS node names) `ip-10-24-34-0.us-west-2.compute.internal`:
 *   https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/ec2-instance-naming.html
 * - AKS node pool names `^[a-z][a-z0-9]{0,11}$`: https://learn.microsoft.com/rest/api/aks/agent-pools/get
 * - IPv6 literals in URLs are bracketed, the port outside: RFC 3986 §3.2.2
 *   (https://serverfault.com/questions/205793 quotes it); compressed `::` forms: RFC 4291 §2.2.
 * - Image references `[domain[:port]/]path[:tag][@digest]`: distribution/distribution
 *   reference/reference.go grammar (as quoted in ktomk/pipelines doc/DOCKER-NAME-TAG.md).
 * - `az://container/path` and `az://container@account.dfs.core.windows.net/path`: fsspec/adlfs
 *   README (https://github.com/fsspec/adlfs), `gs://bucket/object`, `s3://bucket/key`.
 * - Run:ai spec `annotations`/`labels`/`environmentVariables` as `{name, value, exclude}` and
 *   `storage.git[].repository`: the bundled fixtures/scenarios (init-container-failed,
 *   safety-secrets-in-spec), recorded from the Run:ai workloads API.
 * - NCCL log lines `host:pid:tid [dev] file:line NCCL WARN …` and `Connect to <ip><port>`:
 *   NVIDIA/nccl src/debug.cc (the ncclDebugLog prefix) and src/misc/socket.cc.
 * - EKS IAM roles for service accounts: the annotation `eks.amazonaws.com/role-arn: arn:aws:iam::<account>:role/<name>`
 *   (https://docs.aws.amazon.com/eks/latest/userguide/associate-service-account-role,
 *   https://docs.aws.amazon.com/eks/latest/eksctl/iamserviceaccounts.html).
 * - Microsoft Teams conversation/channel ids `19:<hex>@thread.tacv2` (`@thread.skype` earlier): as
 *   Teams sends them in channelData (learn.microsoft.com Q&A 2115459, Teams SDK
 *   ConversationExtensions.ToThreadedConversationId).
 * - kubelet's DNSConfigForming warning "Search Line limits were exceeded, … the applied search
 *   line is: …": kubernetes/kubernetes pkg/kubelet/network/dns/dns.go.
 * - `kubectl.kubernetes.io/last-applied-configuration` holds the applied object as JSON:
 *   https://kubernetes.io/docs/reference/labels-annotations-taints/
 */
import { fileURLToPath } from 'node:url';
import { loadScenario, type Scenario } from '../../../functions/simulator/startRunaiSimulator.js';
import { seededRandom } from '../../support/seededRandom.js';
import { plantCollector } from './plantCollector.js';
import { runaiRecordsOf } from './runaiRecordsOf.js';

export const FAMILIES = [
  'ipv4',
  'ipv6',
  'k8s-service-dns',
  'corporate-fqdn',
  'registry-host',
  'node-pool',
  'node-name',
  'env-value',
  'annotation-label',
  'git-url',
  'tenant-url',
  'object-store-path',
  'arn-account',
  'home-directory',
  'user-name',
  'customer-name',
  'cut-or-wrapped',
] as const;
export type Family = (typeof FAMILIES)[number];

/** `F`: the set's family names (a second held-out set, test/recording/heldout2/, has its own). */
export interface Plant<F extends string = Family> {
  /** Stable across seeds: `family/placement`, the ledger's key. */
  id: string;
  family: F;
  /** The bytes that must not survive `--anonymize` anywhere in the folder (also looked for JSON-escaped). */
  value: string;
  /** Where it was put, for the reader of a survivor list. */
  where: string;
}

export interface SecretPlant {
  id: string;
  value: string;
  where: string;
  /** The text as the report would see it (the whole field, or `NAME=value` for an environment entry). */
  context: { kind: 'text'; text: string } | { kind: 'env'; name: string; value: string };
}

export interface KeepCase {
  id: string;
  value: string;
  /** Why it must stay verbatim in the anonymized recording. */
  why: string;
}

export interface HeldOutSet<F extends string = Family> {
  seed: number;
  scenario: Scenario;
  plants: Plant<F>[];
  secrets: SecretPlant[];
  keep: KeepCase[];
}

const BASE = fileURLToPath(new URL('../../../fixtures/scenarios/tier2-cuda-oom-in-logs/', import.meta.url));

/** mulberry32: a small seeded PRNG, so every run of one seed builds the same set. */
export function randomFrom(seed: number) {
  const next = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const chars = (alphabet: string, length: number) => Array.from({ length }, () => alphabet[int(0, alphabet.length - 1)]).join('');
  return { int, pick, chars };
}

const FIRST = ['Priya', 'Tomasz', 'Ingrid', 'Kwame', 'Yuki', 'Mateus', 'Leila', 'Oskar', 'Amara', 'Henrik', 'Saoirse', 'Dmitri'];
const LAST = ['Raman', 'Kowalczyk', 'Lindqvist', 'Mensah', 'Takeda', 'Oliveira', 'Haddad', 'Brandt', 'Okafor', 'Vestergaard', 'Nakashima', 'Ferreira'];
const CUSTOMERS = [
  'Vandelay Industries',
  'Oceanic Freight',
  'Kessler Biotech',
  'Nordwind Energie',
  'Sakura Logistics',
  'Halvorsen Maritime',
  'Bluthe Pharma',
  'Quintero Retail',
];
const CORPS = ['northwind', 'contosolabs', 'fabrikam', 'tailspin', 'wingtipco', 'adatum', 'lucernepub', 'proseware'];
const TEAMS = ['vision', 'speech', 'ranking', 'forecast', 'genomics', 'recsys', 'robotics', 'nlu'];
const SERVICES = ['feature-cache', 'tokenizer-svc', 'embedding-store', 'label-queue', 'eval-gateway', 'reward-model'];
const REGIONS = ['eu-west-1', 'us-east-2', 'ap-southeast-2', 'eu-central-1', 'us-west-2', 'ca-central-1'];
const HEX = '0123456789abcdef';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Builds the held-out set for one seed (the test and the measure use the same seeds). */
export async function buildHeldOutSet(seed: number): Promise<HeldOutSet> {
  const r = randomFrom(seed);
  const base = await loadScenario(BASE);
  const scenario = JSON.parse(JSON.stringify(base)) as Scenario;
  const { plants, secrets, plant, secret } = plantCollector<Family>(r);

  // --- the people, the company, its customers --------------------------------------------------
  const corp = `${r.pick(CORPS)}${r.int(2, 9)}`;
  const team = r.pick(TEAMS);
  const [first, last] = [r.pick(FIRST), r.pick(LAST)];
  const [first2, last2] = [r.pick(FIRST.filter((name) => name !== first)), r.pick(LAST.filter((name) => name !== last))];
  const customer = r.pick(CUSTOMERS);
  const customer2 = r.pick(CUSTOMERS.filter((name) => name !== customer));
  const region = r.pick(REGIONS);
  const account = `${r.int(1, 9)}${r.chars('0123456789', 11)}`;
  const account2 = `${r.int(1, 9)}${r.chars('0123456789', 11)}`;
  const octet = () => r.int(2, 250);
  const hex4 = () => r.chars(HEX, 4).replace(/^0+(?=.)/, '');

  // --- ipv4: pod and host addresses (RFC 1918 ranges a cluster uses) ---------------------------------
  const podIp = plant('ipv4', 'pod-ip-field', `10.${r.int(96, 127)}.${octet()}.${octet()}`, 'pods[].ip, status.podIP, status.podIPs');
  const hostIp = plant('ipv4', 'host-ip-field-and-event', `172.${r.int(16, 31)}.${octet()}.${octet()}`, 'status.hostIP and an event message');
  const rendezvousIp = plant('ipv4', 'with-port-in-log', `10.${r.int(0, 63)}.${octet()}.${octet()}`, 'log: c10d rendezvous endpoint ip:29500');
  const peerIp = plant('ipv4', 'nccl-angle-port-in-failing-line', `10.${r.int(64, 95)}.${octet()}.${octet()}`, 'the failing NCCL line: ip<port>');

  // --- ipv6: compressed forms, bracketed with a port, full -------------------------------------------
  const v6Pod = plant('ipv6', 'compressed-3-groups-field', `fd${r.chars(HEX, 2)}:${hex4()}:${hex4()}::${hex4()}`, 'status.podIPs[1].ip');
  const v6Short = plant('ipv6', 'compressed-2-groups-event', `fd${r.chars(HEX, 2)}::${r.chars(HEX, 3)}`, 'an event message');
  const v6Bracket = plant('ipv6', 'bracketed-with-port-log', `2a05:d018:${hex4()}:${hex4()}::${hex4()}`, 'log: https://[v6]:8443/v1');
  const v6Full = plant(
    'ipv6',
    'full-8-groups-history',
    Array.from({ length: 8 }, (_, at) => (at === 0 ? '2600' : hex4())).join(':'),
    'a history phase message',
  );

  // --- Kubernetes service DNS (svc.cluster.local) ---------------------------------------------------
  const service = r.pick(SERVICES);
  const svcEnv = plant('k8s-service-dns', 'env-value-with-port', `${service}.${team}-serving.svc.cluster.local`, 'env TRITON_URL=grpc://…:8001');
  const svcLog = plant(
    'k8s-service-dns',
    'log-connection-refused',
    `${r.pick(SERVICES.filter((name) => name !== service))}-${r.int(0, 9)}.${corp}-data.svc.cluster.local`,
    'log line',
  );

  // --- corporate domains -------------------------------------------------------------------------------
  const fqdnArgs = plant(
    'corporate-fqdn',
    'args-with-port',
    `redis-${team}.${r.pick(['dc1', 'dc2', 'fra', 'iad'])}.${corp}.internal`,
    'spec args --feature-store host:6379',
  );
  const fqdnEvent = plant('corporate-fqdn', 'event-message', `proxy${r.int(1, 9)}.corp.${corp}.net`, 'an event message');

  // --- registry hosts with ports ----------------------------------------------------------------------
  const registry = plant('registry-host', 'image-field-with-port', `harbor.${corp}.net:${r.pick([5000, 5443, 8443])}`, 'images, container image, Pulled event');
  const acr = plant('registry-host', 'acr-in-annotation', `${corp}ml${r.int(10, 99)}.azurecr.io`, 'annotation value (mirror registry)');
  const imageTag = `${r.int(2023, 2025)}.${r.int(1, 12)}-cu12${r.int(1, 6)}`;
  const image = `${registry}/${team}/trainer:${imageTag}`;

  // --- node pools -------------------------------------------------------------------------------------
  const nodePool = plant(
    'node-pool',
    'pool-fields',
    `${corp}-h100-spot-${r.chars('abcdefghijklmnopqrstuvwxyz', 3)}`,
    'requestedNodePools, currentNodePools, spec.nodePools, pod currentNodePool',
  );
  const aksPool = plant(
    'node-pool',
    'aks-pool-label-and-event',
    `gpu${team.slice(0, 4)}${r.int(1, 9)}`,
    'pod label kubernetes.azure.com/agentpool and an event message',
  );

  // --- node names (EKS style: carries the IP; a corporate one) ----------------------------------------
  const nodeOctets = [r.int(0, 63), octet(), octet()];
  const nodeShort = `ip-10-${nodeOctets.join('-')}`;
  const nodeName = plant(
    'node-name',
    'eks-node-fields',
    `${nodeShort}.${region}.compute.internal`,
    'nodeName fields, event source.host, "assigned … to node" message',
  );
  plant('node-name', 'short-hostname-in-failing-line', nodeShort, 'the failing NCCL line prefix (hostname:pid:tid), a substring of the node name');
  const node2 = plant(
    'node-name',
    'corporate-node-in-free-text',
    `${corp}-dgx-b200-${String(r.int(1, 40)).padStart(2, '0')}`,
    'event message and log hostname (pod hostname on hostNetwork)',
  );

  // --- environment variable values --------------------------------------------------------------------
  const mlflow = plant('env-value', 'url', `mlflow.${team}.${corp}.internal`, 'env MLFLOW_TRACKING_URI=https://…:5000');
  const bucket = plant('env-value', 'bare-bucket-name', `${corp}-${team}-ckpt-${region}`, 'env CHECKPOINT_BUCKET (a bare bucket name)');
  const pgHost = plant(
    'env-value',
    'connection-string-host',
    `pg-${team}-${r.int(1, 9)}.${corp}.internal`,
    'env FEATURE_DB_URL=postgresql://user@host:5432/db (no secret)',
  );
  const msk = plant(
    'env-value',
    'msk-broker-host',
    `b-${r.int(1, 3)}.${corp}-msk.${r.chars('abcdefghijklmnopqrstuvwxyz0123456789', 6)}.c${r.int(2, 9)}.kafka.${region}.amazonaws.com`,
    'env KAFKA_BROKERS',
  );

  // --- annotations and labels: keys and values --------------------------------------------------------
  const ownerKey = plant('annotation-label', 'annotation-key-corp-domain', `${corp}.com/owner`, 'annotation key');
  const person = plant('annotation-label', 'person-name-value', `${first} ${last}`, 'annotation value');
  const slack = plant('annotation-label', 'slack-channel', `#ml-${team}-oncall-${r.int(10, 99)}`, 'annotation value');
  const teamsChannel = plant('annotation-label', 'teams-channel', `19:${r.chars(HEX, 32)}@thread.tacv2`, 'annotation value');
  const costCentre = plant('annotation-label', 'cost-centre', `CC-${r.int(1000, 9999)}-${team.toUpperCase()}`, 'label value');
  const email = plant('annotation-label', 'e-mail', `${first2.toLowerCase()}.${last2.toLowerCase()}@${corp}.com`, 'annotation value');
  const labelOwner = plant('annotation-label', 'label-person-slug', `${first2.toLowerCase()}-${last2.toLowerCase()}`, 'label value (k8s-valid slug)');

  // --- storage git URLs ----------------------------------------------------------------------------------
  const gitSsh = plant('git-url', 'scp-like-ssh', `git@github.${corp}.com:${team}/${team}-train-${r.int(1, 9)}.git`, 'spec.storage.git[].repository');
  const gitHttps = plant('git-url', 'https-in-log', `gitlab.${corp}.io/${team}/data-recipes`, 'log: cloning https://…/data-recipes.git');

  // --- tenant URL -----------------------------------------------------------------------------------------
  const tenant = plant('tenant-url', 'saas-tenant', `${corp}-${r.pick(['prod', 'research', 'emea'])}.run.ai`, 'annotation value and a log line');

  // --- object-store paths -------------------------------------------------------------------------------
  const s3 = plant('object-store-path', 's3-in-args', `s3://${corp}-${team}-raw-${r.int(100, 999)}`, 'spec args --data s3://…/shards/');
  const gs = plant('object-store-path', 'gs-in-log', `gs://${corp}-eval-${r.chars('abcdefghijklmnopqrstuvwxyz', 5)}`, 'log line');
  const az = plant('object-store-path', 'az-in-env', `az://${team}ckpt@${corp}sa${r.int(10, 99)}.dfs.core.windows.net`, 'env RESUME_FROM=az://…/step-1200');

  // --- ARNs and account ids -------------------------------------------------------------------------------
  const roleArn = plant(
    'arn-account',
    'iam-role-in-irsa-annotation',
    `arn:aws:iam::${account}:role/${corp}-${team}-irsa`,
    'annotation eks.amazonaws.com/role-arn',
  );
  const eksArn = plant('arn-account', 'eks-cluster-in-event', `arn:aws:eks:${region}:${account}:cluster/${corp}-gpu-prod`, 'an event message');
  const govArn = plant(
    'arn-account',
    'gov-partition-secret-arn-in-log',
    `arn:aws-us-gov:secretsmanager:us-gov-west-1:${account2}:secret:${team}/feature-db-${r.chars(ALNUM, 6)}`,
    'log line',
  );
  const bareAccount = plant('arn-account', 'bare-account-id-in-log', account2, 'log: "assumed role in account <id>"');

  // --- home directories ---------------------------------------------------------------------------------
  const linuxUser = `${first.toLowerCase().charAt(0)}${last.toLowerCase()}`;
  const homeLinux = plant('home-directory', 'linux-in-command', `/home/${linuxUser}`, 'spec command cd /home/<user>/…');
  const homeMac = plant('home-directory', 'macos-in-traceback', `/Users/${first2}${last2}`, 'log traceback File "/Users/<user>/…"');
  const winUser = `${first2.toLowerCase()}.${last2.toLowerCase().slice(0, 4)}`;
  const homeWin = plant('home-directory', 'windows-in-annotation', `C:\\Users\\${winUser}`, 'annotation value (submitted from a Windows laptop)');

  // --- user names in messages ---------------------------------------------------------------------------
  const submitter = plant('user-name', 'in-history-message', `${last2.toLowerCase()}${r.int(1, 99)}`, 'history message "requested by <user>"');
  const dbUser = plant('user-name', 'connection-string-user', `svc_${team}_ro${r.int(1, 9)}`, 'env FEATURE_DB_URL user part');
  const sshUser = plant('user-name', 'ssh-in-log', `${first.toLowerCase()}.${last.toLowerCase().slice(0, 3)}`, 'log: ssh <user>@host');

  // --- customer names ------------------------------------------------------------------------------------
  plant('customer-name', 'annotation-value', customer, 'annotation value');
  plant('customer-name', 'in-log-line', customer2, 'log line');

  // --- cut and wrapped positions -------------------------------------------------------------------------
  // An event message cut by the control plane's length limit, ending inside a host name.
  const cutHost = `${team}-dc${r.int(1, 9)}.${corp}.internal`;
  const cutVisible = plant('cut-or-wrapped', 'event-cut-mid-host', cutHost.slice(0, cutHost.length - 5), 'event message truncated inside a search domain');
  // A log line wrapped by the terminal width inside an s3 path: the bucket on one line, the key on the next.
  const wrappedBucket = plant(
    'cut-or-wrapped',
    'log-wrapped-s3-bucket',
    `s3://${corp}-${team}-wrapped-${r.int(10, 99)}`,
    'log line wrapped right after the bucket',
  );
  const wrappedFqdn = `artifactory.${team}.${corp}.internal`;
  const wrapAt = Math.floor(wrappedFqdn.length / 2);
  const wrappedHead = plant('cut-or-wrapped', 'log-wrapped-fqdn-head', wrappedFqdn.slice(0, wrapAt), 'log line wrapped in the middle of a host name (head)');
  const wrappedTail = plant('cut-or-wrapped', 'log-wrapped-fqdn-tail', wrappedFqdn.slice(wrapAt), 'the next log line (tail)');

  // --- secrets in the raw submitted spec ----------------------------------------------------------------
  const password = `Pw-${r.chars(ALNUM, 14)}!`;
  const urlPassword = `${r.chars(ALNUM, 12)}#${r.int(10, 99)}`;
  const hfToken = `hf_${r.chars(ALNUM, 34)}`;
  const openai = `sk-proj-${r.chars(ALNUM, 48)}`;
  const ngc = `nvapi-${r.chars(ALNUM + '-_', 64)}`;
  const glpat = `glpat-${r.chars(ALNUM, 20)}`;
  const ghp = `ghp_${r.chars(ALNUM, 36)}`;
  const wandb = r.chars(HEX, 40);
  const awsSecret = `${r.chars(ALNUM, 20)}/${r.chars(ALNUM, 19)}`;
  const dbPassword = r.chars(ALNUM, 16);

  const command = `cd ${homeLinux}/work && export HF_TOKEN=${hfToken} && torchrun --nnodes 2 --nproc_per_node 8 train.py`;
  const args =
    `--data ${s3}/shards/ --feature-store ${fqdnArgs}:6379 --password=${password} ` +
    `--eval-endpoint https://eval:${urlPassword}@${svcEnv}:8443/v1 --token ${ghp}`;
  secret('hf-token-in-command', hfToken, 'spec.command', { kind: 'text', text: command });
  secret('password-flag-in-args', password, 'spec.args --password=', { kind: 'text', text: args });
  secret('url-password-in-args', urlPassword, 'spec.args https://user:pw@host', { kind: 'text', text: args });
  secret('github-token-in-args', ghp, 'spec.args --token', { kind: 'text', text: args });

  const env = [
    { name: 'MLFLOW_TRACKING_URI', value: `https://${mlflow}:5000` },
    { name: 'CHECKPOINT_BUCKET', value: bucket },
    { name: 'FEATURE_DB_URL', value: `postgresql://${dbUser}@${pgHost}:5432/features?sslmode=require` },
    { name: 'KAFKA_BROKERS', value: `${msk}:9094` },
    { name: 'TRITON_URL', value: `grpc://${svcEnv}:8001` },
    { name: 'RESUME_FROM', value: `${az}/runs/step-1200` },
    { name: 'OPENAI_API_KEY', value: secret('openai-key-env', openai, 'spec env OPENAI_API_KEY', { kind: 'env', name: 'OPENAI_API_KEY', value: openai }) },
    { name: 'NGC_API_KEY', value: secret('ngc-key-env', ngc, 'spec env NGC_API_KEY', { kind: 'env', name: 'NGC_API_KEY', value: ngc }) },
    {
      name: 'ANALYTICS_DB',
      value: `postgresql://analytics:${dbPassword}@${pgHost}:5432/events`,
    },
    { name: 'NCCL_DEBUG', value: 'WARN' },
  ].map((entry) => ({ ...entry, exclude: false }));
  secret('db-password-in-url-env', dbPassword, 'spec env ANALYTICS_DB=postgresql://user:pw@host', {
    kind: 'env',
    name: 'ANALYTICS_DB',
    value: `postgresql://analytics:${dbPassword}@${pgHost}:5432/events`,
  });

  const submitNote = `runai training submit -p ${team} -i ${image} -e GITLAB_TOKEN=${glpat}`;
  const annotations = [
    { name: ownerKey, value: person },
    { name: `${corp}.com/slack-channel`, value: slack },
    { name: `${corp}.com/teams-channel`, value: teamsChannel },
    { name: `${corp}.com/notify`, value: email },
    { name: `${corp}.com/customer`, value: customer },
    { name: 'eks.amazonaws.com/role-arn', value: roleArn },
    { name: 'mirror-registry', value: acr },
    { name: 'submitted-from', value: `${homeWin}\\projects\\${team}\\submit.ps1` },
    { name: 'runai-tenant', value: `https://${tenant}/workloads` },
    { name: 'runai-submit-command', value: submitNote },
  ].map((entry) => ({ ...entry, exclude: false }));
  secret('gitlab-token-in-annotation', glpat, 'spec annotation runai-submit-command', { kind: 'text', text: submitNote });
  const labels = [
    { name: 'cost-center', value: costCentre },
    { name: 'owner', value: labelOwner },
  ].map((entry) => ({ ...entry, exclude: false }));

  // --- put it all in the scenario ---------------------------------------------------------------------
  const workloadName = `${team}-llm-sft-${r.int(10, 99)}`;
  const projectName = `${team}-${r.pick(['prod', 'research', 'lab'])}`;
  const namespace = `runai-${projectName}`;
  const podName = `${workloadName}-worker-0`;
  const renamed = JSON.stringify(scenario)
    .replaceAll('sdxl-lora-finetune-0-0', podName)
    .replaceAll('sdxl-lora-finetune', workloadName)
    .replaceAll('runai-genai-images', namespace)
    .replaceAll('genai-images', projectName)
    .replaceAll('applied-ai', `${team}-dept`)
    .replaceAll('registry.example.com/genai/diffusers-train:0.30.3-cu124', image)
    .replaceAll('registry.example.com/genai/diffusers-train', `${registry}/${team}/trainer`)
    .replaceAll('dgx-h100-06', nodeName)
    .replaceAll('10.20.3.14', hostIp)
    .replaceAll('10.244.12.31', podIp)
    .replaceAll('a.ng@example.com', email);
  const out = JSON.parse(renamed) as Scenario & { runai: Record<string, unknown>; kubernetes: Record<string, unknown[]> };
  const workloadId = (out.request as { workloadId: string }).workloadId;
  const runai = runaiRecordsOf(out);

  const workload = runai.workloads[0]!;
  Object.assign(workload, {
    requestedNodePools: [nodePool],
    currentNodePools: [nodePool],
    environmentVariables: {
      MLFLOW_TRACKING_URI: `https://${mlflow}:5000`,
      WANDB_API_KEY: secret('wandb-key-in-workload-object', wandb, 'workload object environmentVariables.WANDB_API_KEY', {
        kind: 'env',
        name: 'WANDB_API_KEY',
        value: wandb,
      }),
      AWS_SECRET_ACCESS_KEY: secret('aws-secret-in-workload-object', awsSecret, 'workload object environmentVariables.AWS_SECRET_ACCESS_KEY', {
        kind: 'env',
        name: 'AWS_SECRET_ACCESS_KEY',
        value: awsSecret,
      }),
    },
    command,
    arguments: args,
    datasources: [{ type: 'git', name: `${team}-code`, repository: gitSsh }],
  });
  const spec = runai.specs[workloadId]!.spec;
  Object.assign(spec, {
    command,
    args,
    environmentVariables: env,
    annotations,
    labels,
    nodePools: [nodePool],
    storage: { git: [{ name: `${team}-code`, repository: gitSsh, branch: 'main', path: '/workspace/code' }] },
    compute: { ...(spec.compute as object), cpuMemoryRequest: '80Gi', cpuMemoryLimit: '80Gi' },
  });
  for (const pod of runai.pods[workloadId]!) Object.assign(pod, { currentNodePool: nodePool, requestedNodePools: [nodePool] });

  // kubelet's DNSConfigForming warning lists the applied search line (kubernetes/kubernetes
  // pkg/kubelet/network/dns/dns.go): corporate search domains appear there, here cut short.
  const cutMessage = `Search Line limits were exceeded, some search paths have been omitted, the applied search line is: ${namespace}.svc.cluster.local svc.cluster.local cluster.local ${cutVisible}…`;
  const events = runai.events[workloadId]!;
  events.push(
    {
      createdAt: 'now-149m',
      id: '2b0c7a51-9d3e-4c1a-8f6b-1e2d3c4b5a69',
      type: 'Normal',
      clusterId: (out.request as { clusterId: string }).clusterId,
      message: `Successfully assigned ${namespace}/${podName} to ${nodeName}`,
      reason: 'Scheduled',
      source: 'kai-scheduler',
      involvedObject: { kind: 'Pod', name: podName, namespace },
    },
    {
      createdAt: 'now-149m',
      id: '7e3f1b0a-5c2d-4e6f-9a8b-0c1d2e3f4a5b',
      type: 'Normal',
      clusterId: (out.request as { clusterId: string }).clusterId,
      message: `Node ${node2} (${hostIp}) event: Registered Node ${node2} in Controller (pool ${aksPool}, pod IPv6 ${v6Short}, egress ${fqdnEvent}, cluster ${eksArn})`,
      reason: 'RegisteredNode',
      source: 'node-controller',
      involvedObject: { kind: 'Node', name: node2 },
    },
    {
      createdAt: 'now-42m',
      id: 'c4d5e6f7-0a1b-4c2d-8e3f-4a5b6c7d8e9f',
      type: 'Warning',
      clusterId: (out.request as { clusterId: string }).clusterId,
      message: cutMessage,
      reason: 'DNSConfigForming',
      source: 'kubelet',
      involvedObject: { kind: 'Pod', name: podName, namespace },
    },
  );
  const history = runai.history[workloadId]!;
  history.push({
    meta: { creationTimestamp: 'now-148m', type: 'PhaseUpdate' },
    spec: { phaseUpdate: { phase: 'Running', phaseMessage: `Restarted as requested by ${submitter}; egress via ${v6Full}` } },
  });

  const kubernetes = out.kubernetes as unknown as {
    pods: { metadata: Record<string, unknown>; spec: Record<string, unknown>; status: Record<string, unknown> }[];
    events: Record<string, unknown>[];
    logs: { lines: string[] }[];
  };
  const k8sPod = kubernetes.pods[0]!;
  const splitArgKey = r.chars(ALNUM, 32);
  secret('api-key-as-separate-k8s-arg', splitArgKey, 'k8s container args array: "--api-key", "<value>"', {
    kind: 'text',
    text: `${args} --api-key ${splitArgKey}`,
  });
  // A password no pattern would call a secret: only its variable's name says so.
  const lowEntropyPassword = `summer${r.int(2019, 2025)}-${team}`;
  secret('low-entropy-password-under-secret-name', lowEntropyPassword, 'k8s pod container env DB_PASSWORD', {
    kind: 'env',
    name: 'DB_PASSWORD',
    value: lowEntropyPassword,
  });
  k8sPod.metadata.labels = { ...(k8sPod.metadata.labels as object), 'kubernetes.azure.com/agentpool': aksPool, 'cost-center': costCentre, owner: labelOwner };
  // kubectl apply keeps the whole submitted object, env values included, as escaped JSON in this
  // annotation (kubernetes.io/docs/reference/labels-annotations-taints/).
  const hubToken = `hf_${r.chars(ALNUM, 34)}`;
  const lastApplied = JSON.stringify({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: podName, namespace },
    spec: { containers: [{ name: workloadName, env: [{ name: 'HUGGING_FACE_HUB_TOKEN', value: hubToken }] }] },
  });
  secret('hf-token-in-last-applied-annotation', hubToken, 'k8s pod annotation kubectl.kubernetes.io/last-applied-configuration (escaped JSON)', {
    kind: 'text',
    text: lastApplied,
  });
  k8sPod.metadata.annotations = { [ownerKey]: person, 'eks.amazonaws.com/role-arn': roleArn, 'kubectl.kubernetes.io/last-applied-configuration': lastApplied };
  k8sPod.spec.hostname = node2;
  k8sPod.spec.initContainers = [{ name: 'fetch-weights', image: 'nvcr.io/nvidia/pytorch:24.05-py3' }];
  k8sPod.spec.containers = (k8sPod.spec.containers as Record<string, unknown>[]).map((container) => ({
    ...container,
    command: ['bash', '-c', command],
    // Kubernetes keeps args as an array: the flag and its value are separate strings, so only the
    // command line as the report shows it (joined) says the second one is a credential.
    args: [...args.split(' '), '--api-key', splitArgKey],
    env: [
      ...env.map(({ name, value }) => ({ name, value })),
      { name: 'AWS_SECRET_ACCESS_KEY', value: awsSecret },
      { name: 'DB_PASSWORD', value: lowEntropyPassword },
      { name: 'RENDEZVOUS', value: `${rendezvousIp}:29500` },
    ],
  }));
  k8sPod.status.podIPs = [{ ip: podIp }, { ip: v6Pod }];
  kubernetes.events.push({
    metadata: { name: `${podName}.17a2b3c4d5e6f7a8`, namespace, creationTimestamp: 'now-149m' },
    involvedObject: { kind: 'Pod', namespace, name: podName, apiVersion: 'v1' },
    reason: 'Pulled',
    message: 'Container image "nvcr.io/nvidia/pytorch:24.05-py3" already present on machine',
    source: { component: 'kubelet', host: nodeName },
    firstTimestamp: 'now-149m',
    lastTimestamp: 'now-149m',
    count: 1,
    type: 'Normal',
    reportingComponent: 'kubelet',
    reportingInstance: nodeName,
  });

  const pid = r.int(1000, 9999);
  const failingLine = `${nodeShort}:${pid}:${pid + r.int(1, 300)} [3] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to ${peerIp}<${r.int(40000, 60000)}> failed : Software caused connection abort`;
  kubernetes.logs[0]!.lines = [
    `[2024-11-05 14:02:11,123] torch.distributed.elastic.rendezvous.static_tcp_rendezvous: [INFO] Creating TCPStore as the c10d::Store implementation at ${rendezvousIp}:29500`,
    `INFO:root:hostname=${node2} local_rank=3 world_size=16`,
    `INFO:root:Run:ai control plane https://${tenant} project ${projectName}`,
    `INFO:root:cloning https://${gitHttps}.git into /workspace/recipes`,
    `INFO:root:fine-tuning the support model for ${customer2}; eval set ${gs}/golden.jsonl`,
    `INFO:root:reading secret ${govArn} (assumed role in account ${bareAccount})`,
    `INFO:root:dialing https://[${v6Bracket}]:8443/v1/embeddings`,
    `WARNING:root:ssh ${sshUser}@${fqdnArgs} returned 255; Connection refused by ${svcLog}:7000`,
    `INFO:root:uploading checkpoints to ${wrappedBucket}`,
    `/step-1100/model.safetensors`,
    `INFO:root:pip index https://${wrappedHead}`,
    `${wrappedTail}/api/pypi/simple`,
    `  File "${homeMac}/src/${team}/train.py", line 412, in main`,
    failingLine,
    `torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: 1) local_rank: 3 (pid: ${pid}) of binary: /usr/bin/python`,
  ];

  // Text that must stay verbatim (each checked in the anonymized folder, every file).
  const keep: KeepCase[] = [
    {
      id: 'keep/nccl-template',
      value: 'NCCL WARN socketStartConnect: Connect to',
      why: 'upstream message template the decisive-line rules read (NVIDIA/nccl src/misc/socket.cc)',
    },
    { id: 'keep/nccl-reason', value: 'failed : Software caused connection abort', why: 'the errno text of the failing line: the cause a reader acts on' },
    {
      id: 'keep/python-module-path',
      value: 'torch.distributed.elastic.multiprocessing.api',
      why: 'a Python module path shaped like a host name; signals read it',
    },
    { id: 'keep/exit-code-phrase', value: 'terminated with exit code 1', why: 'exit codes are what the rules classify' },
    { id: 'keep/reason-enum', value: 'BackoffLimitExceeded', why: 'Kubernetes reason enum' },
    { id: 'keep/quantity', value: '"80Gi"', why: 'resource quantities feed the memory rules' },
    { id: 'keep/qos-enum', value: 'Guaranteed', why: 'enum value' },
    { id: 'keep/log-timestamp', value: '2024-11-05 14:02:11,123', why: 'a timestamp inside a log line orders the evidence and identifies no one' },
    {
      id: 'keep/public-image',
      value: 'nvcr.io/nvidia/pytorch:24.05-py3',
      why: 'a public registry image is nobody’s identifier, and an image-pull diagnosis needs the reference verbatim',
    },
    {
      id: 'keep/private-image-tag',
      value: `:${imageTag}`,
      why: 'the tag of a private image is a version, not a person or host; tag-not-found diagnoses quote it (the registry host and repository path are identifiers and must go)',
    },
    { id: 'keep/env-name', value: 'MLFLOW_TRACKING_URI', why: 'an environment variable name is configuration vocabulary, not an identifier' },
    {
      id: 'keep/k8s-service-suffix',
      value: '.svc.cluster.local',
      why: 'the cluster-DNS suffix is the same in every cluster; it tells the reader the host was in-cluster',
    },
  ];

  return { seed, scenario: { ...out, name: `heldout-seed-${seed}` }, plants, secrets, keep };
}

/** The seeds the test and the measure run (two sets: a value found by luck in one is unlikely in both). */
export const HELD_OUT_SEEDS = [25_001, 25_002] as const;
