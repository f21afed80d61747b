/**
 * The SECOND held-out plant set for `--record` / `--anonymize` (issue #25 item 1 and the
 * "secrets in recordings" rule), built after the first one (test/recording/heldout/) had been
 * seen by the engine's authors. Same method — a seeded generator, families × placements, every
 * value randomised per seed — on a different scenario (an init container that fails on a
 * signed storage URL: INIT_FAILED with a Tier 2 failing log line) and with shapes the first
 * set has none of: names in other scripts and forms, chat handles, customer code names in
 * paths, buckets and run-tracker URLs, hosts with ports, IPv6 zone ids, home-network names,
 * other namespaces' service DNS, UNC paths, Hadoop/Azure Data Lake URIs, Azure and GCP
 * resource ids, phone and employee numbers, git remotes without a TLD, GKE/AKS node names,
 * PVC/NFS/hostPath storage sources; secrets in new wrappings (a `huggingface-cli login
 * --token` argv, a `.netrc` line, a curl `-H` header, a JWT split over two log lines, a
 * kubeconfig `client-key-data` block, an Azure SAS `sig=`, a GCS `X-Goog-Signature`, a git
 * credential in a storage repository URL, a password as its own argv element of an init
 * container, a config file carried as an environment value).
 *
 * Expectations come from the issue's rule only (keep what the diagnosis needs verbatim,
 * pseudonymise every other identifier-like token, never keep a secret the report would
 * redact), not from the engine: its authors do not open this folder.
 *
 * Shapes, and where they come from:
 * - Slack mentions `<@U…>` (user ids start with U or W): https://api.slack.com/reference/surfaces/formatting#mentioning-users
 * - IPv6 zone ids `fe80::…%eth0`, and `%25` inside a URL: RFC 6874 (https://www.rfc-editor.org/rfc/rfc6874).
 * - `.local` (mDNS, RFC 6762) and `.home.arpa` (RFC 8375) home-network names; `host.docker.internal`:
 *   https://docs.docker.com/desktop/features/networking/
 * - Service DNS `<svc>.<ns>.svc`, headless `<pod>.<svc>.<ns>.svc.cluster.local`, a custom cluster domain:
 *   https://kubernetes.io/docs/concepts/services-networking/dns-pod-service/
 * - UNC paths `\\server\share\path`: https://learn.microsoft.com/dotnet/standard/io/file-path-formats#unc-paths
 * - `abfss://<container>@<account>.dfs.core.windows.net/<path>`:
 *   https://learn.microsoft.com/azure/storage/blobs/data-lake-storage-introduction-abfs-uri ;
 *   `wasbs://<container>@<account>.blob.core.windows.net/`, `hdfs://<namenode>:8020/`, `s3a://` (hadoop-aws).
 * - Azure resource ids `/subscriptions/<uuid>/resourceGroups/<rg>/providers/<ns>/<type>/<name>`:
 *   https://learn.microsoft.com/azure/azure-resource-manager/management/resource-name-rules ;
 *   Azure workload identity `azure.workload.identity/client-id`:
 *   https://azure.github.io/azure-workload-identity/docs/topics/service-account-labels-and-annotations.html
 * - GCP `projects/<id>/locations/<loc>/…` and GKE workload identity `iam.gke.io/gcp-service-account:
 *   <sa>@<project>.iam.gserviceaccount.com`: https://cloud.google.com/kubernetes-engine/docs/how-to/workload-identity
 * - GKE node names `gke-<cluster>-<pool>-<8 hex>-<4>`, AKS `aks-<pool>-<8 digits>-vmss<6 base36>`
 *   (as the bundled fixtures and the providers' node lists show them).
 * - W&B run URLs `https://wandb.ai/<entity>/<project>/runs/<id>` (docs.wandb.ai), MLflow
 *   `…/#/experiments/<id>/runs/<32 hex>` (mlflow.org/docs, the tracking UI).
 * - `huggingface-cli login --token`: https://huggingface.co/docs/huggingface_hub/guides/cli ;
 *   `.netrc` `machine api.wandb.ai login user password <40 hex>` (wandb writes it on `wandb login`).
 * - Azure SAS query `sv=…&se=…&sp=…&sig=…`: https://learn.microsoft.com/rest/api/storageservices/create-service-sas ;
 *   GCS V4 signed URLs `X-Goog-Algorithm=GOOG4-RSA-SHA256&…&X-Goog-Signature=<hex>`:
 *   https://cloud.google.com/storage/docs/access-control/signed-urls
 * - kubeconfig `client-key-data` (base64 PEM): https://kubernetes.io/docs/concepts/configuration/organize-cluster-access-kubeconfig/
 * - requests' `raise_for_status` message `<code> Client Error: <reason> for url: <url>`:
 *   https://github.com/psf/requests/blob/main/src/requests/models.py
 * - CUDA runtime error text `no CUDA-capable device is detected` (cudaErrorNoDevice):
 *   https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html
 * - Run:ai spec `storage.pvc[].claimName`, `storage.nfs[].server/path`, `storage.hostPath[].path`,
 *   `storage.s3[].bucket/url`, `storage.git[].repository`, and `environmentVariables[].configMap`:
 *   /work/shared/runai-openapi (schemas Pvc, Nfs, HostPath, S3Common, GitCommon, EnvironmentVariable).
 */
import { fileURLToPath } from 'node:url';
import { loadScenario, type Scenario } from '../../../functions/simulator/startRunaiSimulator.js';
import { randomFrom, type HeldOutSet, type KeepCase } from '../heldout/heldOutPlants.js';
import { plantCollector } from '../heldout/plantCollector.js';
import { runaiRecordsOf } from '../heldout/runaiRecordsOf.js';

export const FAMILIES_2 = [
  'person-script',
  'handle',
  'customer-code',
  'internal-host',
  'k8s-other-namespace',
  'unc-path',
  'cloud-uri',
  'cloud-resource-id',
  'personal-number',
  'git-remote',
  'node-and-pool',
  'storage-source',
  'cut-or-wrapped',
] as const;
export type Family2 = (typeof FAMILIES_2)[number];

/** Seeds of this set only (the first set's are 25001 and 25002). */
export const HELD_OUT_SEEDS_2 = [25_101, 25_102] as const;

const BASE = fileURLToPath(new URL('../../../fixtures/scenarios/tier2-init-container-exit-1-log-line/', import.meta.url));

const ACCENTED = ['José Ángel Muñoz', 'Zoë Lefèvre', 'Björn Ødegård', 'Łukasz Wróbel', 'Gökhan Çelik', 'Inês Conceição', 'Søren Kjærgaard', 'Renée Dvořák'];
const HYPHENATED = [
  'Anne-Sophie Dubois-Laurent',
  'Jean-Baptiste Morel-Petit',
  'Hans-Peter Müller-Thurgau',
  'Marie-Claire Beaulieu-Roy',
  'Karl-Heinz Schäfer-Wolff',
];
const COMMA = ['Nakamura, Haruki', 'Okonkwo, Chidinma', 'Abernathy, Quentin', 'Villanueva, Rosario', 'Szabó, Eszter', 'Lindgren, Astrid'];
const CJK = ['山田太郎', '王小明', '김민준', '佐藤花子', '陈静怡', '이서연'];
const CYRILLIC = ['Светлана Орлова', 'Дмитрий Соколов', 'Олена Коваленко', 'Игорь Петров'];
const GIVEN = ['kofi', 'ines', 'rahul', 'mei', 'tobias', 'aylin', 'bruno', 'freya', 'kenji', 'nadia', 'oren', 'pilar'];
const FAMILY = ['asante', 'silva', 'iyer', 'lin', 'hartmann', 'yildiz', 'costa', 'holm', 'mori', 'haddad', 'bar', 'ruiz'];
const CODENAMES = ['kestrel', 'bluefin', 'marigold', 'obsidian', 'tamarack', 'sirocco', 'halcyon', 'quokka', 'driftwood', 'lodestar', 'pampas', 'wyvern'];
const CUSTOMERS = [
  'acmemutual',
  'globexbank',
  'initech',
  'umbrellahealth',
  'hooliads',
  'soylentfoods',
  'cyberdyne',
  'wonkaconf',
  'tyrellbio',
  'stark-ind',
  'wayne-fin',
  'oscorp',
];
const CORPS = ['veridian', 'monarchsys', 'blackmesa', 'aperturelab', 'massivedyn', 'duffbrew', 'gringotts', 'pendant'];
const TEAMS = ['speech', 'asr', 'tts', 'diarize', 'voiceid', 'kws'];
const REGIONS = ['europe-west4', 'us-central1', 'asia-northeast1', 'westeurope', 'eastus2', 'uksouth'];
const HEX = '0123456789abcdef';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const B64 = `${ALNUM}+/`;
const B64URL = `${ALNUM}-_`;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const b64url = (text: string) => b64(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** Joined at run time so this file holds no literal a secret scanner would flag. */
const j = (...parts: string[]) => parts.join('');

/** Builds the second held-out set for one seed. */
export async function buildHeldOutSet2(seed: number): Promise<HeldOutSet<Family2>> {
  const r = randomFrom(seed);
  const base = await loadScenario(BASE);
  const { plants, secrets, plant, secret, deal } = plantCollector<Family2>(r);
  const customer = deal(CUSTOMERS);
  const codename = deal(CODENAMES);
  const given = deal(GIVEN);
  const familyName = deal(FAMILY);
  const handle = () => `${given().charAt(0)}${familyName()}${r.int(2, 99)}`;
  const corp = `${r.pick(CORPS)}${r.int(2, 9)}`;
  const team = r.pick(TEAMS);
  const region = r.pick(REGIONS);
  const hex4 = () => r.chars(HEX, 4).replace(/^0+(?=.)/, '');
  const uuid = () => `${r.chars(HEX, 8)}-${r.chars(HEX, 4)}-4${r.chars(HEX, 3)}-a${r.chars(HEX, 3)}-${r.chars(HEX, 12)}`;

  // --- people's names in other scripts and forms ----------------------------------------------------
  const accented = plant('person-script', 'accented-in-annotation', r.pick(ACCENTED), 'spec annotation value (owner)');
  const hyphenated = plant('person-script', 'hyphenated-in-history', r.pick(HYPHENATED), 'history phase message "approved by <name>"');
  const lastFirst = plant('person-script', 'last-comma-first-in-k8s-annotation', r.pick(COMMA), 'k8s pod annotation value (contact)');
  const cjk = plant('person-script', 'cjk-in-log', r.pick(CJK), 'init container log line "dataset steward <name>"');
  const cyrillic = plant('person-script', 'cyrillic-in-event', r.pick(CYRILLIC), 'Run:ai event message');

  // --- handles: chat mentions, e-mail-like without a TLD, a Windows account --------------------------
  const mention = plant('handle', 'slack-at-mention-in-annotation', handle(), 'spec annotation value "escalate to @<handle>"');
  const slackUserId = plant(
    'handle',
    'slack-user-id-in-log',
    `U0${r.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 9)}`,
    'log line "<@U…>" (Slack escaped mention)',
  );
  const noTld = plant('handle', 'email-without-tld-in-log', `${handle()}@${corp}`, 'log line "access denied for <user>@<corp>"');
  const winAccount = plant('handle', 'windows-domain-account-in-history', handle(), `history message "${corp.toUpperCase()}\\<user>"`);
  const mentionInLog = plant('handle', 'at-mention-in-log', handle(), 'log line "cc @<handle>"');

  // --- customer and project code names --------------------------------------------------------------
  const lowerCode = codename();
  const codeProseCap = plant(
    'customer-code',
    'codename-in-history-prose',
    lowerCode.charAt(0).toUpperCase() + lowerCode.slice(1),
    'history message "…for project <Codename>…"',
  );
  const customerPath = plant(
    'customer-code',
    'customer-in-data-path',
    customer(),
    'init container args "/data/<customer>/raw", the failing URL path "<customer>-shards/…"',
  );
  const customerBucket = plant('customer-code', 'customer-in-bucket', `${customer()}-${team}-features-${r.int(10, 99)}`, 'spec storage.s3[].bucket');
  const wandbEntity = customer();
  const wandbProject = `${codename()}-${team}`;
  const wandbPath = plant(
    'customer-code',
    'wandb-run-url-in-env',
    `${wandbEntity}/${wandbProject}`,
    'spec env WANDB_RUN_URL=https://wandb.ai/<entity>/<project>/runs/<id>',
  );
  const mlflowExperiment = plant(
    'customer-code',
    'mlflow-experiment-in-annotation',
    `${customer()}-${codename()}-eval`,
    'spec annotation: MLflow run URL with the experiment name in its query',
  );
  const customerProse = plant('customer-code', 'customer-in-log-prose', customer(), 'log line "restoring shards for <customer> (contract …)"');

  // --- internal hosts: ports, IPv6 zone ids, home-network and Docker names ----------------------------
  const lanHost = plant('internal-host', 'lan-host-with-port-in-env', `triton-${r.int(1, 40)}.${corp}.lan`, 'spec env TRITON_ADDR=tcp://<host>:8001');
  const zoneV6 = plant(
    'internal-host',
    'ipv6-link-local-zone-in-log',
    `fe80::${hex4()}:${r.chars(HEX, 2)}ff:fe${r.chars(HEX, 2)}:${hex4()}`,
    'log line "[<v6>%25ens5]:9100"',
  );
  const zoneV6b = plant('internal-host', 'ipv6-zone-in-event', `fe80::${hex4()}:${hex4()}:${hex4()}:${hex4()}`, 'k8s event message "<v6>%eth0"');
  const mdns = plant('internal-host', 'mdns-laptop-in-annotation', `${given()}s-macbook-pro.local`, 'spec annotation submitted-from');
  const homeArpa = plant('internal-host', 'home-arpa-in-history', `nas${r.int(1, 9)}.${corp}.home.arpa`, 'history message');
  const dockerLike = plant(
    'internal-host',
    'docker-internal-like-in-log',
    `minio-${team}.${corp}.docker.internal`,
    'log line (a host.docker.internal-like name)',
  );
  const bareHost = plant('internal-host', 'bare-short-host-with-port-in-args', `gpubox-${handle()}`, 'spec args --cache-server <host>:6379');

  // --- Kubernetes service DNS in other namespaces -------------------------------------------------------
  const svcShort = plant(
    'k8s-other-namespace',
    'svc-without-cluster-domain-in-env',
    `qdrant.${corp}-retrieval.svc`,
    'spec env VECTOR_DB=http://<svc>.<ns>.svc:6333',
  );
  const svcTwo = plant('k8s-other-namespace', 'svc-dot-namespace-in-log', `label-studio.${codename()}-annot`, 'log line "connecting to <svc>.<ns>:8080"');
  const headless = plant(
    'k8s-other-namespace',
    'headless-pod-dns-in-event',
    `kafka-${r.int(0, 5)}.kafka-headless.${corp}-stream.svc.cluster.local`,
    'Run:ai event message',
  );
  const customDomain = plant(
    'k8s-other-namespace',
    'custom-cluster-domain-in-k8s-env',
    `featurestore.${team}-feast.svc.${corp}.k8s`,
    'k8s container env FEAST_HOST',
  );

  // --- UNC paths ----------------------------------------------------------------------------------------
  const uncServer = plant('unc-path', 'server-in-annotation', `fs${r.int(1, 9)}-${corp}`, 'spec annotation "\\\\<server>\\<share>\\…"');
  const uncShare = plant('unc-path', 'share-in-log', `ml-${customer()}$`, 'log line "\\\\filer\\<share>\\…" (an admin share name)');

  // --- object-store and Hadoop URIs -------------------------------------------------------------------
  const abfss = plant('cloud-uri', 'abfss-in-env', `abfss://${codename()}@${corp}adls${r.int(10, 99)}.dfs.core.windows.net`, 'spec env DELTA_TABLE');
  const hdfs = plant('cloud-uri', 'hdfs-in-args', `hdfs://namenode-${r.int(1, 3)}.${corp}.internal:8020`, 'spec args --manifest hdfs://…');
  const wasbs = plant('cloud-uri', 'wasbs-in-log', `wasbs://${codename()}@${corp}st${r.int(100, 999)}.blob.core.windows.net`, 'log line');
  const s3a = plant(
    'cloud-uri',
    's3a-in-configmap-env',
    `s3a://${corp}-${team}-lake-${r.chars(LOWER, 4)}`,
    'spec env TRAINER_CONFIG (a config file as a value)',
  );
  const gsStorage = plant('cloud-uri', 'gs-in-k8s-annotation', `gs://${corp}-${team}-${r.chars(LOWER, 6)}`, 'k8s pod annotation');

  // --- Azure and GCP resource ids -----------------------------------------------------------------------
  const subscription = plant('cloud-resource-id', 'azure-subscription-uuid', uuid(), 'spec annotation /subscriptions/<uuid>/resourceGroups/…');
  const resourceGroup = plant('cloud-resource-id', 'azure-resource-group', `rg-${corp}-${team}-${r.pick(['prod', 'dev', 'eus2'])}`, 'the same annotation');
  const aksName = `aks-${corp}-gpu-${r.int(1, 9)}`;
  const gcpProject = plant(
    'cloud-resource-id',
    'gcp-project-in-log',
    `${corp}-ml-${r.pick(['prod', 'research', 'sandbox'])}-${r.int(100, 999)}`,
    'log line "projects/<id>/locations/…"',
  );
  const gcpSa = plant(
    'cloud-resource-id',
    'gcp-service-account-in-k8s-annotation',
    `${team}-trainer@${corp}-ml-wi-${r.int(100, 999)}.iam.gserviceaccount.com`,
    'k8s pod annotation iam.gke.io/gcp-service-account',
  );
  const azureClientId = plant('cloud-resource-id', 'azure-workload-identity-client-id', uuid(), 'k8s pod annotation azure.workload.identity/client-id');

  // --- phone numbers and employee ids -----------------------------------------------------------------
  const phoneIntl = plant(
    'personal-number',
    'phone-in-annotation',
    `+33 6 ${r.chars(DIGITS, 2)} ${r.chars(DIGITS, 2)} ${r.chars(DIGITS, 2)} ${r.chars(DIGITS, 2)}`,
    'spec annotation oncall-phone',
  );
  const phoneUs = plant('personal-number', 'phone-in-log', `(${r.int(201, 989)}) 555-${r.chars(DIGITS, 4)}`, 'log line "call <phone>"');
  const employeeId = plant('personal-number', 'employee-id-in-label', `E${r.chars(DIGITS, 6)}`, 'spec label employee-id');
  const badge = plant('personal-number', 'badge-in-history', `EMP-${r.chars(DIGITS, 6)}`, 'history message');

  // --- git remotes -------------------------------------------------------------------------------------
  const repo = `${team}-${codename()}`;
  const gitNoTld = plant('git-remote', 'scp-like-without-tld-in-storage', `git@gitlab.${corp}:${team}/${repo}.git`, 'spec storage.git[].repository');
  const gitSshPort = plant('git-remote', 'ssh-url-with-port-in-log', `ssh://git@bitbucket.${corp}.com:7999/${codename()}/pipelines.git`, 'log line');
  const adoOrg = `${corp}-${r.pick(['ai', 'research', 'platform'])}`;
  const azureDevOps = plant(
    'git-remote',
    'azure-devops-in-k8s-env',
    `dev.azure.com/${adoOrg}/${codename()}`,
    'k8s container env RECIPES_REPO=https://<org>@dev.azure.com/<org>/<project>/_git/…',
  );

  // --- node and pool names of other providers ----------------------------------------------------------
  const gkeNode = plant(
    'node-and-pool',
    'gke-node-name-in-fields',
    `gke-${corp}-train-${r.pick(['a100', 'h100', 'l4'])}-pool-${r.chars(HEX, 8)}-${r.chars(LOWER + DIGITS, 4)}`,
    'pod nodeName, spec.nodeName, event source.host, Run:ai pod nodeName',
  );
  const aksPoolName = `${team.slice(0, 3)}gpu${r.int(1, 9)}`;
  const aksNode = plant(
    'node-and-pool',
    'aks-vmss-node-in-event',
    `aks-${aksPoolName}-${r.chars(DIGITS, 8)}-vmss${r.chars(DIGITS + LOWER, 6)}`,
    'k8s event message',
  );
  const runaiPool = plant(
    'node-and-pool',
    'customer-pool-in-runai-fields',
    `${customer()}-a100-reserved`,
    'requestedNodePools, currentNodePools, spec.nodePools',
  );
  const rackNode = plant('node-and-pool', 'rack-node-in-history', `${corp}-r${r.int(1, 12)}u${r.int(1, 42)}-gpu`, 'history message "moved off <node>"');

  // --- storage sources --------------------------------------------------------------------------------
  const pvcName = plant('storage-source', 'pvc-claim-name', `${customer()}-${team}-corpus-pvc`, 'spec storage.pvc[].claimName');
  const nfsServer = plant('storage-source', 'nfs-server', `nfs-${r.int(1, 9)}.${corp}.internal`, 'spec storage.nfs[].server');
  const nfsPath = plant('storage-source', 'nfs-export-path', `/export/${codename()}-raw`, 'spec storage.nfs[].path');
  const hostPathUser = plant('storage-source', 'hostpath-user-dir', `/mnt/scratch/${handle()}`, 'spec storage.hostPath[].path');

  // --- cut by a length limit, wrapped by a terminal -----------------------------------------------------
  const cutName = r.pick(HYPHENATED.filter((name) => name !== hyphenated));
  const cutVisible = plant(
    'cut-or-wrapped',
    'name-cut-by-limit-in-event',
    cutName.slice(0, cutName.length - 3),
    'event message truncated inside a person\u2019s name',
  );
  const uncWrapServer = `filer${r.int(10, 99)}.${corp}.corp`;
  const uncWrapAt = Math.floor(uncWrapServer.length / 2);
  const uncHead = plant('cut-or-wrapped', 'unc-wrapped-head', uncWrapServer.slice(0, uncWrapAt), 'log line wrapped inside a UNC server name (head)');
  const uncTail = plant('cut-or-wrapped', 'unc-wrapped-tail', uncWrapServer.slice(uncWrapAt), 'the next log line (tail)');
  const wandbCutEntity = customer();
  const wandbCut = plant(
    'cut-or-wrapped',
    'wandb-url-cut-in-history',
    `wandb.ai/${wandbCutEntity}/${codename().slice(0, 3)}`,
    'history message cut inside a W&B URL',
  );

  // --- secrets in new wrappings ---------------------------------------------------------------------------
  const hfArgv = j('hf', '_', r.chars(ALNUM, 34));
  const hfCommand = j('hf', '_', r.chars(ALNUM, 34));
  const wandbKey = r.chars(HEX, 40);
  const bearer = r.chars(ALNUM, 40);
  const jwt = j(
    'ey',
    b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: r.chars(ALNUM, 8) })).slice(2),
    '.',
    b64url(JSON.stringify({ sub: `${handle()}@${corp}.com`, aud: 'feature-api', exp: 1_900_000_000 + r.int(0, 9999) })),
    '.',
    r.chars(B64URL, 86),
  );
  const jwtCut = jwt.indexOf('.') + 12;
  const [jwtHead, jwtTail] = [jwt.slice(0, jwtCut), jwt.slice(jwtCut)];
  const pem = j('-----BEGIN EC PRIV', 'ATE KEY-----\n', Array.from({ length: 3 }, () => r.chars(B64, 64)).join('\n'), '\n-----END EC PRIV', 'ATE KEY-----\n');
  const clientKeyData = b64(pem);
  const sasSig = encodeURIComponent(`${r.chars(B64, 43)}=`);
  const goog = r.chars(HEX, 256);
  const glpat = j('gl', 'pat-', r.chars(ALNUM, 20));
  const argvPassword = `${r.pick(['Winter', 'Autumn', 'Spring'])}${r.int(2019, 2026)}!${team}`;
  const databricks = j('da', 'pi', r.chars(HEX, 32));
  const anthropic = j('s', 'k-ant-api03-', r.chars(B64URL, 93), 'AA');

  const command = `huggingface-cli login --token ${hfCommand} && python train_ctc.py`;
  // The report quotes about the first 200 characters of the command line: this key starts near
  // character 165 and runs 108 characters, so the quote's cut falls inside it (redacted or not).
  const judgeKey = j('s', 'k-ant-api03-', r.chars(B64URL, 93), 'AA');
  const args =
    `--config conf/conformer_ctc_bpe_large.yaml --cache-server ${bareHost}:6379 --judge-key ${judgeKey} ` +
    `--manifest ${hdfs}/user/${team}/manifests/ ` +
    `--metrics-push "curl -sS -H 'Authorization: Bearer ${bearer}' https://push.${corp}.internal/v1"`;
  secret('hf-token-cli-login-in-command', hfCommand, 'spec.command huggingface-cli login --token', { kind: 'text', text: command });
  secret('anthropic-key-across-the-report-cut-in-args', judgeKey, 'spec.args --judge-key, where the report cuts its quote of the command line', {
    kind: 'text',
    text: args,
  });
  secret('bearer-in-curl-header-in-args', bearer, "spec.args curl -H 'Authorization: Bearer …'", { kind: 'text', text: args });

  const anthropicLine = `export ANTHROPIC_API_KEY=${anthropic}`;
  const trainerConfig = [
    'lake:',
    `  root: ${s3a}/tables/`,
    'databricks:',
    `  host: https://adb-${r.chars(DIGITS, 16)}.${r.int(1, 19)}.azuredatabricks.net`,
    `  token: ${databricks}`,
  ].join('\n');
  secret('databricks-token-in-configmap-like-env', databricks, 'spec env TRAINER_CONFIG (YAML config file as a value, taken from a ConfigMap)', {
    kind: 'env',
    name: 'TRAINER_CONFIG',
    value: trainerConfig,
  });

  const env = [
    { name: 'TRITON_ADDR', value: `tcp://${lanHost}:8001` },
    { name: 'VECTOR_DB', value: `http://${svcShort}:6333` },
    { name: 'DELTA_TABLE', value: `${abfss}/delta/utterances` },
    { name: 'WANDB_RUN_URL', value: `https://wandb.ai/${wandbPath}/runs/${r.chars(LOWER + DIGITS, 8)}` },
    // Run:ai's env entry can name a ConfigMap as the value's source; the resolved file rides along.
    { name: 'TRAINER_CONFIG', value: trainerConfig, configMap: { name: `${team}-trainer-config`, key: 'trainer.yaml' } },
    { name: 'HF_HUB_OFFLINE', value: '0' },
  ].map((entry) => ({ ...entry, exclude: false }));

  const mlflowUrl = `https://mlflow.${corp}.internal/#/experiments/${r.int(1, 400)}/runs/${r.chars(HEX, 32)}?searchFilter=&experimentName=${mlflowExperiment}`;
  const annotations = [
    { name: 'owner', value: accented },
    { name: 'escalation', value: `escalate to @${mention} in #${team}-oncall` },
    { name: 'submitted-from', value: mdns },
    { name: 'dataset-share', value: `\\\\${uncServer}\\datasets\\${team}\\manifests` },
    {
      name: 'aks-cluster',
      value: `/subscriptions/${subscription}/resourceGroups/${resourceGroup}/providers/Microsoft.ContainerService/managedClusters/${aksName}`,
    },
    { name: 'mlflow-run', value: mlflowUrl },
    { name: 'oncall-phone', value: phoneIntl },
  ].map((entry) => ({ ...entry, exclude: false }));
  const labels = [
    { name: 'employee-id', value: employeeId },
    { name: 'team', value: team },
  ].map((entry) => ({ ...entry, exclude: false }));

  // --- put it in the scenario -----------------------------------------------------------------------------
  const workloadName = `${team}-ctc-${r.int(10, 99)}`;
  const projectName = `${team}-${r.pick(['prod', 'research', 'lab'])}`;
  const namespace = `runai-${projectName}`;
  const podName = `${workloadName}-0-0`;
  const privateImage = `registry.${corp}.net/${team}/nemo-asr:24.07`;
  const digest = `sha256:${r.chars(HEX, 64)}`;
  // Pinned by digest: kubelet then quotes the digest in its Pulled event message, text the diagnosis reads.
  const fetcherImage = `docker.io/library/python:3.11-slim@${digest}`;
  const renamed = JSON.stringify(base)
    .replaceAll('asr-conformer-ctc-0-0', podName)
    .replaceAll('asr-conformer-ctc', workloadName)
    .replaceAll('runai-speech', namespace)
    .replaceAll('"speech"', JSON.stringify(projectName))
    .replaceAll('applied-ai', `${team}-dept`)
    .replaceAll('registry.example.com/speech/nemo-asr:24.07', privateImage)
    .replaceAll('registry.example.com/speech/nemo-asr', `registry.${corp}.net/${team}/nemo-asr`)
    .replaceAll('registry.example.com/platform/dataset-fetcher:1.4.0', fetcherImage)
    .replaceAll('registry.example.com/platform/dataset-fetcher', 'docker.io/library/python')
    .replaceAll(`sha256:${'3f'.repeat(32)}`, digest)
    .replaceAll('dgx-a100-07', gkeNode)
    .replaceAll('a.ng@example.com', `${handle()}@${corp}.com`);
  const out = JSON.parse(renamed) as Scenario;
  const workloadId = out.request.workloadId!;
  const clusterId = out.request.clusterId!;
  const runai = runaiRecordsOf(out);

  // GitLab takes any user name with a personal access token; CI templates use gitlab-ci-token.
  const gitWithCredential = `https://gitlab-ci-token:${glpat}@gitlab.${corp}/${team}/${repo}-data.git`;
  secret('git-credential-in-storage-repository', glpat, 'spec storage.git[].repository https://gitlab-ci-token:<token>@…', {
    kind: 'text',
    text: gitWithCredential,
  });
  Object.assign(runai.workloads[0]!, {
    requestedNodePools: [runaiPool],
    currentNodePools: [runaiPool],
    datasources: [
      { type: 'git', name: `${team}-code`, repository: gitNoTld },
      { type: 'pvc', name: pvcName },
    ],
  });
  const spec = runai.specs[workloadId]!.spec;
  Object.assign(spec, {
    command,
    args,
    environmentVariables: env,
    annotations,
    labels,
    nodePools: [runaiPool],
    storage: {
      git: [
        { name: `${team}-code`, repository: gitNoTld, branch: 'main', path: '/workspace/code' },
        { name: `${team}-data`, repository: gitWithCredential, branch: 'main', path: '/workspace/data' },
      ],
      pvc: [{ name: `${team}-corpus`, claimName: pvcName, path: '/data' }],
      nfs: [{ name: `${team}-raw`, server: nfsServer, path: nfsPath, mountPath: '/raw' }],
      hostPath: [{ name: 'scratch', path: hostPathUser, mountPath: '/scratch' }],
      s3: [{ name: `${team}-features`, bucket: customerBucket, path: '/features', url: 'https://s3.amazonaws.com' }],
    },
  });
  for (const pod of runai.pods[workloadId]!) Object.assign(pod, { currentNodePool: runaiPool, requestedNodePools: [runaiPool] });

  // A message cut by a length limit ends inside a name; the Run:ai event list is where such cuts show.
  const cutEvent = `Workload ${workloadName} resubmitted after data review; approved by ${cutVisible}…`;
  runai.events[workloadId]!.push(
    {
      createdAt: 'now-29m',
      id: '5d1e7c2a-6b3f-4a8e-9c0d-1e2f3a4b5c6d',
      type: 'Normal',
      clusterId,
      message: `Dataset access granted by ${cyrillic}; brokers ${headless}:9092`,
      reason: 'DataAccessGranted',
      source: 'data-gate',
      involvedObject: { kind: 'TrainingWorkload', name: workloadName, namespace },
    },
    {
      createdAt: 'now-29m',
      id: '8a9b0c1d-2e3f-4a5b-8c7d-9e0f1a2b3c4d',
      type: 'Normal',
      clusterId,
      message: cutEvent,
      reason: 'Resubmitted',
      source: 'workload-controller',
      involvedObject: { kind: 'TrainingWorkload', name: workloadName, namespace },
    },
  );
  const history = runai.history[workloadId]!;
  const anthropicMessage = `Running; approved by ${hyphenated} (${badge}) for project ${codeProseCap} as ${corp.toUpperCase()}\\${winAccount}; ${anthropicLine}`;
  secret('anthropic-key-in-history-message', anthropic, 'history phase message "export ANTHROPIC_API_KEY=…"', { kind: 'text', text: anthropicMessage });
  history.push(
    {
      meta: { creationTimestamp: 'now-28m', type: 'PhaseUpdate' },
      spec: { phaseUpdate: { phase: 'Running', phaseMessage: anthropicMessage } },
    },
    {
      meta: { creationTimestamp: 'now-27m', type: 'PhaseUpdate' },
      spec: {
        phaseUpdate: {
          phase: 'Running',
          phaseMessage: `Checkpoint mirror ${homeArpa} reachable; moved off ${rackNode}; dashboard https://${wandbCut}…`,
        },
      },
    },
  );

  const kubernetes = out.kubernetes as unknown as {
    pods: { metadata: Record<string, unknown>; spec: Record<string, unknown>; status: Record<string, unknown> }[];
    events: Record<string, unknown>[];
    logs: { container: string; lines: string[] }[];
  };
  const k8sPod = kubernetes.pods[0]!;
  k8sPod.metadata.annotations = {
    contact: lastFirst,
    'iam.gke.io/gcp-service-account': gcpSa,
    'azure.workload.identity/client-id': azureClientId,
    'ml.example/export-bucket': `${gsStorage}/exports/`,
  };
  // A kubeconfig pasted into an init container's argv (`--kubeconfig-inline`) keeps client-key-data as base64.
  const kubeconfigArg = `users:\n- name: ${team}-ci\n  user:\n    client-key-data: ${clientKeyData}`;
  secret('kube-client-key-data-in-init-argv', clientKeyData, 'k8s init container args: an inline kubeconfig (client-key-data)', {
    kind: 'text',
    text: kubeconfigArg,
  });
  const hfArgvText = `huggingface-cli login --token ${hfArgv}`;
  secret('hf-token-as-own-init-argv-element', hfArgv, 'k8s init container command array ["huggingface-cli","login","--token","<token>"]', {
    kind: 'text',
    text: hfArgvText,
  });
  const passwordArgv = `fetch_dataset.py --root /data/${customerPath}/raw --user loader --password ${argvPassword}`;
  secret('password-as-own-init-argv-element', argvPassword, 'k8s init container args array [..., "--password", "<value>"]', {
    kind: 'text',
    text: passwordArgv,
  });
  k8sPod.spec.initContainers = [
    {
      name: 'hf-login',
      image: fetcherImage,
      command: ['huggingface-cli', 'login', '--token', hfArgv],
    },
    {
      name: 'fetch-dataset',
      image: fetcherImage,
      command: ['python', '/opt/fetch/fetch_dataset.py'],
      // Kubernetes keeps argv as an array: a flag and its value are separate strings.
      args: ['--root', `/data/${customerPath}/raw`, '--user', 'loader', '--password', argvPassword, '--kubeconfig-inline', kubeconfigArg],
      env: [
        { name: 'FEAST_HOST', value: customDomain },
        { name: 'RECIPES_REPO', value: `https://${adoOrg}@${azureDevOps}/_git/recipes` },
      ],
    },
  ];
  kubernetes.events.push({
    metadata: { name: `${podName}.9f8e7d6c5b4a3921`, namespace, creationTimestamp: 'now-28m' },
    involvedObject: { kind: 'Pod', namespace, name: podName, apiVersion: 'v1' },
    reason: 'NetworkNotReady',
    message: `network for pod "${podName}" via ${aksNode}: neighbour ${zoneV6b}%eth0 unreachable`,
    source: { component: 'kubelet', host: gkeNode },
    firstTimestamp: 'now-28m',
    lastTimestamp: 'now-28m',
    count: 1,
    type: 'Warning',
    reportingComponent: 'kubelet',
    reportingInstance: gkeNode,
  });

  const storageAccount = plant(
    'cloud-uri',
    'blob-account-in-failing-line',
    `${corp}corpus${r.int(10, 99)}`,
    'the failing log line: https://<account>.blob.core.windows.net/…',
  );
  const sasUrl =
    `https://${storageAccount}.blob.core.windows.net/${customerPath}-shards/train-960.tar` +
    `?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-12-04T07:00:00Z&st=2026-12-03T19:00:00Z&spr=https&sig=${sasSig}`;
  // Azure Storage puts its error text in the HTTP reason phrase, which requests quotes.
  const failingLine =
    'requests.exceptions.HTTPError: 403 Client Error: Server failed to authenticate the request. Make sure the value of Authorization ' +
    `header is formed correctly including the signature. for url: ${sasUrl}`;
  secret('azure-sas-sig-in-failing-line', sasSig, 'the failing log line: a blob URL with a SAS query (sig=)', { kind: 'text', text: failingLine });
  const googUrl =
    `https://storage.googleapis.com/${gsStorage.slice('gs://'.length)}/manifest.json?X-Goog-Algorithm=GOOG4-RSA-SHA256` +
    `&X-Goog-Credential=${team}-signer%40${corp}-ml.iam.gserviceaccount.com%2F20261203%2Fauto%2Fstorage%2Fgoog4_request` +
    `&X-Goog-Date=20261203T190000Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=${goog}`;
  const googLine = `INFO fetch_dataset: manifest from ${googUrl}`;
  secret('gcs-signed-url-signature-in-log', goog, 'init container log line: a GCS V4 signed URL (X-Goog-Signature)', { kind: 'text', text: googLine });
  const netrcLine = `DEBUG netrc: machine api.wandb.ai login user password ${wandbKey}`;
  secret('wandb-key-in-netrc-log-line', wandbKey, 'init container log line: a .netrc entry', { kind: 'text', text: netrcLine });
  const jwtLines = [`DEBUG auth: feature-api session ${jwtHead}`, jwtTail];
  secret('jwt-split-over-two-log-lines-head', jwtHead, 'init container log: a JWT wrapped onto the next line (head)', {
    kind: 'text',
    text: jwtLines.join('\n'),
  });
  secret('jwt-split-over-two-log-lines-tail', jwtTail, 'init container log: a JWT wrapped onto the next line (tail)', {
    kind: 'text',
    text: jwtLines.join('\n'),
  });

  const log = kubernetes.logs.find((entry) => entry.container === 'fetch-dataset')!;
  log.lines = [
    '2026-12-03T19:02:11.123456Z INFO fetch_dataset: manifest librispeech-960h: 3 archives, 61.3 GB',
    `INFO fetch_dataset: dataset steward ${cjk}; cc @${mentionInLog} <@${slackUserId}>`,
    `INFO fetch_dataset: restoring shards for ${customerProse} (contract renewal) from ${wasbs}/shards/`,
    `INFO fetch_dataset: quota of projects/${gcpProject}/locations/${region}/buckets checked`,
    `INFO fetch_dataset: node-exporter at http://[${zoneV6}%25ens5]:9100/metrics; cache ${dockerLike}:9000`,
    `INFO fetch_dataset: connecting to ${svcTwo}:8080; mirror ${gitSshPort}`,
    `WARN fetch_dataset: access denied for ${noTld}; call ${phoneUs} if urgent`,
    `INFO fetch_dataset: reading \\\\filer\\${uncShare}\\librispeech and \\\\${uncHead}`,
    `${uncTail}\\archive\\train-960.tar`,
    googLine,
    netrcLine,
    ...jwtLines,
    'INFO fetch_dataset: downloading train-960.tar to /data/librispeech',
    'Traceback (most recent call last):',
    '  File "/opt/fetch/fetch_dataset.py", line 97, in <module>',
    '    main()',
    '  File "/opt/fetch/fetch_dataset.py", line 81, in main',
    '    response.raise_for_status()',
    '  File "/usr/local/lib/python3.11/site-packages/requests/models.py", line 1024, in raise_for_status',
    '    raise HTTPError(http_error_msg, response=self)',
    failingLine,
  ];

  // kubelet's FallbackToLogsOnError termination message: the log's tail, here with an earlier
  // CUDA probe warning (https://kubernetes.io/docs/tasks/debug/debug-application/determine-reason-pod-failure/).
  const initStatus = (k8sPod.status.initContainerStatuses as { state: { terminated: Record<string, unknown> } }[])[0]!;
  initStatus.state.terminated.message = `WARNING fetch_dataset: GPU probe failed: CUDA error: no CUDA-capable device is detected\n${failingLine}`;

  const keep: KeepCase[] = [
    {
      id: 'keep/requests-template',
      value: 'Client Error: Server failed to authenticate the request.',
      why: 'the upstream message of requests raise_for_status (psf/requests src/requests/models.py) the failing line is read by',
    },
    { id: 'keep/requests-module-path', value: 'requests.exceptions.HTTPError', why: 'a Python module path shaped like a host name' },
    { id: 'keep/http-status', value: '403 Client Error', why: 'the status code is the cause a reader acts on' },
    { id: 'keep/exit-code-phrase', value: 'terminated with exit code 1', why: 'exit codes are what the rules classify' },
    { id: 'keep/reason-enum', value: 'BackoffLimitExceeded', why: 'Kubernetes reason enum' },
    { id: 'keep/k8s-phase-enum', value: 'Init:Error', why: 'the pod phase the init-container rule reads' },
    { id: 'keep/quantity', value: '"64Gi"', why: 'a memory quantity the memory rules read' },
    {
      id: 'keep/cuda-error',
      value: 'CUDA error: no CUDA-capable device is detected',
      why: 'a CUDA runtime error text (cudaErrorNoDevice): a diagnosis signal',
    },
    { id: 'keep/image-digest', value: digest, why: 'an image digest names a build, not a person or host; image diagnoses quote it' },
    { id: 'keep/public-image', value: 'docker.io/library/python:3.11-slim', why: 'a public image reference identifies no one' },
    { id: 'keep/iso-timestamp', value: '2026-12-03T19:02:11.123456Z', why: 'a timestamp in a log line orders evidence' },
    { id: 'keep/workload-uuid', value: workloadId, why: 'the Run:ai workload id the report quotes (ID: …): a random UUID, no one’s name' },
    { id: 'keep/cluster-uuid', value: clusterId, why: 'the Run:ai cluster id the report quotes' },
    {
      id: 'keep/sas-expiry-timestamp',
      value: 'se=2026-12-04T07:00:00Z',
      why: 'the expiry of the SAS the failing request carried: a timestamp, and the first thing to check on a 403 from Azure Storage',
    },
    { id: 'keep/env-name', value: 'TRAINER_CONFIG', why: 'an environment variable name is configuration vocabulary' },
  ];

  return { seed, scenario: { ...out, name: `heldout2-seed-${seed}` }, plants, secrets, keep };
}
