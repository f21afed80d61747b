/**
 * The FOURTH held-out plant set for `--record` / `--anonymize` (issue #25, items 1 and 6): a
 * seeded generator — identifier classes × placements × wrappings, every value drawn per seed —
 * written after the third set was tuned to (heldout3/BASELINE.md "After"), to measure whether
 * that work generalises. Its base is a fourth scenario,
 * `fixtures/scenarios/tier2-137-liveness-probe-kills`: an INFERENCE server (vLLM) crash-loops on
 * exit 137; Run:ai alone cannot explain the 137, the pod's events (kubelet's liveness-probe kill)
 * do, and the report quotes the previous run's last log line. The verdict (CRASH_APP_ERROR)
 * needs the Kubernetes events and logs, so the anonymized replay checks that `--anonymize` keeps
 * them readable. Sets 1–3 started from training workloads (CUDA OOM in logs, an init container's
 * HTTP 403, a distributed OOMKilled).
 *
 * Identifier classes none of the first three sets planted: GCP project numbers and ids,
 * service-account e-mails and zonal internal DNS names; Azure subscription and tenant GUIDs in
 * resource ids and login URLs, storage account names in connection strings; Alibaba account
 * ids in RAM role ARNs, Oracle Object Storage namespaces, Snowflake account locators,
 * Databricks workspace hosts; HPC `id` output (user, group), `getent passwd` GECOS names,
 * scratch paths, NetBIOS `DOMAIN\user` logons; GitLab subgroups over `ssh://`, Azure DevOps
 * and GitHub org/repo, GitHub issue references and Actions run URLs, Linear issues, Jira keys in
 * branch names; W&B sweeps, MLflow tracking hosts, Comet and Neptune workspaces; private
 * Hugging Face org/model in vLLM flags and in the hub cache's `models--org--name` folders,
 * private NGC orgs; S3 virtual-hosted, GCS JSON-API, Azure Blob and MinIO URLs; hosts in
 * `.corp`, `.lan`, `.local`, `.home.arpa`, `.intranet`; customer names opening a sentence and
 * inside CamelCase and snake_case code identifiers; names in Cyrillic, CJK, Hangul, Arabic,
 * Greek and Devanagari, and `\uXXXX`-escaped; identifiers in base64 JSON, JSON inside YAML,
 * doubly percent-encoded and HTML-entity e-mails; Slack member ids, Teams channel addresses,
 * Discord webhook ids.
 *
 * Secret shapes, each as a secret scanner's rule defines it (gitleaks `config/gitleaks.toml`,
 * gitleaks/gitleaks at b58d3f1, rule ids below; trufflehog `pkg/detectors/<name>/<name>.go`,
 * trufflesecurity/trufflehog): Anthropic `sk-ant-api03-…AA` (anthropic-api-key), OpenAI
 * `sk-proj-…T3BlbkFJ…` (openai-api-key), Cohere 40-char (cohere-api-token), Replicate `r8_`
 * (trufflehog replicate), Together AI `tgp_v1_` (trufflehog togetherai), Groq `gsk_` (gitleaks
 * cmd/generate/config/rules/groq.go), Databricks `dapi` (databricks-api-token), Datadog
 * 40-char app key (datadog-access-token), Sentry `sntryu_` (sentry-user-token), PyPI
 * `pypi-AgEIcHlwaS5vcmc…` (pypi-upload-token), Docker Hub `dckr_pat_` (trufflehog dockerhub/v2),
 * GitLab `glpat-` (gitlab-pat), Atlassian `ATATT3…` (atlassian-api-token) after `curl -u`
 * (curl-auth-user), Twilio `SK` + 32 hex (twilio-api-key), SendGrid `SG.` (sendgrid-api-token),
 * JWTs (jwt), PEM private keys in OpenSSH, EC and PGP forms (private-key), Azure AD client
 * secrets `…8Q~…` (azure-ad-client-secret), Alibaba `LTAI` ids (alibaba-access-key-id),
 * Slack workflow triggers (slack-webhook-url), Teams `webhookb2` URLs (microsoft-teams-webhook);
 * passwords in connection strings: `mongodb+srv://` (trufflehog mongodb), `rediss://` with an
 * empty user (trufflehog redis), `amqps://`, Snowflake, libpq `key=value` DSNs, an Azure
 * Storage connection string's `AccountKey`, basic auth in a proxy URL, a single-line `.netrc`.
 *
 * Expectations come from the issue's rule only — keep verbatim what the diagnosis needs,
 * pseudonymise every other identifier-like token consistently everywhere, never keep a secret
 * the report would redact — not from the engine (functions/recording/, functions/safety/ and
 * every redact/anonymize module were not opened to write this file).
 *
 * Message shapes, and where they come from:
 * - kubelet: `Liveness probe failed: …` (pkg/kubelet/prober/prober.go), `Container %s failed
 *   liveness probe, will be restarted` (pkg/kubelet/kuberuntime/kuberuntime_manager.go),
 *   `Back-off restarting failed container …`, `Created container %s`, `Started container %s`,
 *   `Pulling image %q`, `Successfully pulled image %q in …` (pkg/kubelet/events/event.go,
 *   pkg/kubelet/images/image_manager.go); the scheduler's `Successfully assigned %v/%v to %v`
 *   (pkg/scheduler/schedule_one.go): all kubernetes/kubernetes. A FallbackToLogsOnError
 *   termination message is the log's last 2048 bytes or 80 lines:
 *   https://kubernetes.io/docs/tasks/debug/debug-application/determine-reason-pod-failure/
 * - vLLM's log prefix `INFO MM-DD HH:MM:SS file.py:line] …`, `args: Namespace(…)`, `Starting to
 *   load model …`, `Defaulting to use mp for distributed inference`, `Loading safetensors
 *   checkpoint shards:` (vllm-project/vllm vllm/logger.py, entrypoints/openai/api_server.py,
 *   worker/model_runner.py, config.py, model_executor/model_loader/weight_utils.py), as the
 *   base fixture quotes them; `VLLM_WORKER_MULTIPROC_METHOD` (vllm/envs.py).
 * - Hugging Face hub cache `models--{org}--{name}/snapshots/{revision}/`:
 *   https://huggingface.co/docs/huggingface_hub/guides/manage-cache
 * - GCP: project numbers and ids, `projects/<id>/secrets/<name>/versions/latest` (Secret
 *   Manager resource names), service accounts `<name>@<project-id>.iam.gserviceaccount.com`,
 *   zonal internal DNS `<vm>.<zone>.c.<project-id>.internal`
 *   (https://cloud.google.com/compute/docs/internal-dns), GCS JSON API
 *   `https://storage.googleapis.com/storage/v1/b/<bucket>/o/<object>`.
 * - Azure: `/subscriptions/<guid>/resourceGroups/<rg>/providers/…` resource ids,
 *   `https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token`, azure-core's HTTP logging
 *   policy `Request URL: '…'` (Azure/azure-sdk-for-python sdk/core/azure-core
 *   azure/core/pipeline/policies/_universal.py), Storage connection strings
 *   `DefaultEndpointsProtocol=https;AccountName=…;AccountKey=…;EndpointSuffix=core.windows.net`,
 *   Databricks workspace hosts `adb-<workspace-id>.<n>.azuredatabricks.net` and `.databrickscfg`.
 * - Alibaba RAM role ARNs `acs:ram::<account-id>:role/<name>`; Oracle Object Storage
 *   `https://objectstorage.<region>.oraclecloud.com/n/<namespace>/b/<bucket>/o/<object>`;
 *   Snowflake URLs `snowflake://<user>:<password>@<org>-<account>/<db>/<schema>?warehouse=…`.
 * - `id` output `uid=N(user) gid=N(group) groups=…` (GNU coreutils), `getent passwd` lines
 *   `user:x:uid:gid:GECOS:home:shell` (passwd(5)); NetBIOS logons `DOMAIN\user`.
 * - GitLab `ssh://git@host:port/group/subgroup/project.git`, Azure DevOps
 *   `https://dev.azure.com/<org>/<project>/_git/<repo>`, GitHub `owner/repo#n` references
 *   (https://docs.github.com/en/get-started/writing-on-github/working-with-advanced-formatting/autolinked-references-and-urls),
 *   `…/actions/runs/<id>`; Linear `https://linear.app/<workspace>/issue/<KEY-n>/<slug>`.
 * - wandb `View sweep at https://wandb.ai/<entity>/<project>/sweeps/<id>`; MLflow
 *   `🏃 View run <name> at: <tracking-uri>/#/experiments/<id>/runs/<run-id>`; Comet
 *   `https://www.comet.com/<workspace>/<project>/<experiment-key>`; Neptune
 *   `https://app.neptune.ai/<workspace>/<project>/e/<KEY-n>`.
 * - Slack member ids `U…` in `<@U…>` mentions (https://api.slack.com/reference/surfaces/formatting),
 *   Teams channel e-mail addresses `<id>.<tenant>.onmicrosoft.com@amer.teams.ms`, Discord
 *   webhooks `https://discord.com/api/webhooks/<id>/<token>` (https://discord.com/developers/docs/resources/webhook).
 * - `.home.arpa` (RFC 8375), `.local` (RFC 6762), `.internal`, `.corp`, `.lan` private names.
 */
import { fileURLToPath } from 'node:url';
import { loadScenario, type Scenario } from '../../../functions/simulator/startRunaiSimulator.js';
import { randomFrom, type HeldOutSet, type KeepCase } from '../heldout/heldOutPlants.js';
import { plantCollector } from '../heldout/plantCollector.js';
import type { ConsistencyCase } from '../heldout3/heldOutPlants3.js';
import { runaiEventAbout, runaiRecordsOf } from '../heldout/runaiRecordsOf.js';

export const FAMILIES_4 = [
  'cloud-tenancy',
  'hpc-directory',
  'source-control',
  'issue-tracker',
  'experiment-tracking',
  'model-hub',
  'object-store-url',
  'private-tld-host',
  'customer-in-code',
  'non-latin-name',
  'encoded-identifier',
  'chat-identity',
  'person-in-prose',
] as const;
export type Family4 = (typeof FAMILIES_4)[number];

/** Three seeds, none shared with sets 1–3 (25001–2, 25101–2, 25201–3). */
export const HELD_OUT_SEEDS_4 = [25_401, 25_402, 25_403] as const;

export interface HeldOutSet4 extends HeldOutSet<Family4> {
  consistency: ConsistencyCase[];
}

const BASE = fileURLToPath(new URL('../../../fixtures/scenarios/tier2-137-liveness-probe-kills/', import.meta.url));

// Pools no earlier set draws from (each placement is dealt its own value).
const FIRST = [
  'Aurelio',
  'Benedikta',
  'Caoimhe',
  'Dagny',
  'Eero',
  'Farida',
  'Gustavo',
  'Hilde',
  'Ifeoma',
  'Jarek',
  'Kalani',
  'Ludmila',
  'Mirela',
  'Nnamdi',
  'Orla',
  'Pavlina',
  'Radomir',
  'Solveig',
  'Tadhg',
  'Ulrike',
  'Venla',
  'Wiremu',
  'Ximena',
  'Zbigniew',
];
const LAST = [
  'Castellanos',
  'Drummond',
  'Eklund',
  'Fairweather',
  'Gallagher',
  'Hakimi',
  'Ilunga',
  'Jovanovic',
  'Kristiansen',
  'Lindgren',
  'Moreau',
  'Nkemelu',
  'Ostrowski',
  'Pellegrini',
  'Quarshie',
  'Rautio',
];
const NON_LATIN = {
  cyrillic: ['Светлана Кузнецова', 'Алексей Морозов', 'Ярослав Белов', 'Ксения Орлова'],
  cjk: ['王芳', '李静', '陈晓明', '山田太郎', '佐藤花子', '刘洋'],
  hangul: ['김민준', '이서연', '박지훈', '최수아'],
  arabic: ['يوسف الحداد', 'ليلى منصور', 'عمر الخطيب'],
  greek: ['Νικόλαος Παππάς', 'Ελένη Γεωργίου', 'Δημήτρης Αλεξίου'],
  devanagari: ['अनन्या शर्मा', 'राहुल वर्मा', 'प्रिया नायर'],
};
const CUSTOMERS = [
  'Quorvex',
  'Tamsinwell',
  'Bellharbor',
  'Ostravia',
  'Meridale',
  'Crestholm',
  'Pinecliff',
  'Vantorra',
  'Lowmarsh',
  'Harrowgate',
  'Elbrook',
  'Sundquist',
  'Dravenport',
  'Kilnmoor',
  'Ashcombe',
  'Fenwright',
  'Glenvarra',
  'Norrholt',
  'Westerhal',
  'Yellowmere',
];
const CORPS = ['halcyonix', 'brightmoor', 'quillfeather', 'obsidianworks', 'veridiant', 'kestrelnet', 'marrowfield', 'copperleaf'];
const CODENAMES = ['kittiwake', 'larkspur', 'obsidian', 'peregrine', 'quasar', 'rowan', 'sorrel', 'thistle', 'umber', 'vireo', 'wren', 'yarrow'];
const MODELS = ['codestral', 'qwen2.5-coder', 'deepseek-coder', 'starcoder2', 'granite-code', 'codellama'];
const UNIS = ['uni-tuebingen', 'kth', 'epfl', 'ucl', 'tudelft', 'ethz', 'unimelb', 'uoft'];
const LINEAR = ['ENG', 'INF', 'ML', 'SRV', 'OPS'];
const HEX = '0123456789abcdef';
const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALNUM = `${UPPER}${LOWER}${DIGITS}`;
const B64 = `${ALNUM}+/`;
const URLSAFE = `${ALNUM}_-`;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
/** Python's json.dumps(ensure_ascii=True): every non-ASCII character as `\uXXXX`. */
const asciiEscaped = (text: string) =>
  [...text].map((char) => (char.charCodeAt(0) > 0x7e ? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}` : char)).join('');
/** PEM body: base64 in lines of `width` characters. */
const pemBody = (base64: string, width: number) => base64.replace(new RegExp(`(.{${width}})(?=.)`, 'g'), '$1\n');

/** Builds the fourth held-out set for one seed. */
export async function buildHeldOutSet4(seed: number): Promise<HeldOutSet4> {
  const r = randomFrom(seed);
  const base = await loadScenario(BASE);
  const { plants, secrets, plant, secret, deal } = plantCollector<Family4>(r);
  const first = deal(FIRST);
  const last = deal(LAST);
  const customer = deal(CUSTOMERS);
  /** A code name with a number: drawn for every placement, so values do not repeat across them. */
  const codename = () => `${r.pick(CODENAMES)}${r.int(2, 99)}`;
  const nonLatin = (script: keyof typeof NON_LATIN) => r.pick(NON_LATIN[script]);
  const corp = `${r.pick(CORPS)}${r.int(2, 9)}`;
  const uni = r.pick(UNIS);
  const uuid = () => `${r.chars(HEX, 8)}-${r.chars(HEX, 4)}-4${r.chars(HEX, 3)}-${r.pick(['8', '9', 'a', 'b'])}${r.chars(HEX, 3)}-${r.chars(HEX, 12)}`;
  /** A UK-university style login: two initials and four digits. */
  const hpcLogin = () => `${r.chars(LOWER, 2)}${r.chars(DIGITS, 4)}`;
  const n = r.int(10, 99);
  const hfOrg = `${corp}-${codename()}-ai`;
  const hfModel = `${r.pick(MODELS)}-${customer().toLowerCase()}-ft-v${r.int(2, 9)}`;
  const gcpProjectId = `${codename()}-serving-${r.int(100000, 999999)}`;

  // ---- the workload's own names (every field and message that names it) ----
  const servedName = `${customer().toLowerCase()}-code-assist`;
  const workloadName = `${codename()}-serve-${n}b`;
  const namespace = `runai-${codename()}`;
  const nodeName = `gpu-${r.chars(LOWER, 3)}${r.int(10, 99)}.${codename()}.${corp}.lan`;
  const submitterEmail = `${first().toLowerCase()}.${last().toLowerCase()}@${corp}.com`;
  const podName = `${workloadName}-00001-deployment-${r.chars(HEX, 9)}-${r.chars(LOWER, 5)}`;

  // ---- cloud-tenancy ----
  const gcpProjectNumber = plant(
    'cloud-tenancy',
    'gcp-project-number-in-vertex-endpoint',
    r.chars(DIGITS, 12).replace(/^0/, '7'),
    'worker log: projects/<number>/locations/…/endpoints/… (Vertex AI)',
  );
  const saEmail = plant(
    'cloud-tenancy',
    'gcp-service-account-email-in-spec-env',
    `vllm-${r.chars(LOWER, 4)}@${gcpProjectId}.iam.gserviceaccount.com`,
    'Run:ai spec env GOOGLE_SERVICE_ACCOUNT',
  );
  const gceInternal = plant(
    'cloud-tenancy',
    'gce-zonal-dns-in-worker-log',
    `${codename()}-vm-${r.int(1, 9)}.us-central1-b.c.${gcpProjectId}.internal`,
    'worker log: a GCE zonal internal DNS name',
  );
  const azureSubscription = plant(
    'cloud-tenancy',
    'azure-subscription-guid-in-run-ai-event',
    uuid(),
    'Run:ai event: /subscriptions/<guid>/resourceGroups/… resource id',
  );
  const azureResourceGroup = plant(
    'cloud-tenancy',
    'azure-resource-group-in-run-ai-event',
    `rg-${customer().toLowerCase()}-inference-${r.chars(LOWER, 3)}`,
    'Run:ai event: the resource group of the same resource id',
  );
  const azureTenant = plant(
    'cloud-tenancy',
    'azure-tenant-guid-in-login-url',
    uuid(),
    "worker log: azure-core's Request URL: 'https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token'",
  );
  const alibabaAccount = plant(
    'cloud-tenancy',
    'alibaba-account-id-in-ram-arn',
    r.chars(DIGITS, 16).replace(/^0/, '1'),
    'Run:ai spec env: acs:ram::<account>:role/<name>',
  );
  const ociNamespace = plant(
    'cloud-tenancy',
    'oci-object-storage-namespace',
    `${corp}${r.chars(LOWER, 6)}`,
    'worker log: objectstorage.<region>.oraclecloud.com/n/<namespace>/…',
  );
  const snowflakeAccount = plant(
    'cloud-tenancy',
    'snowflake-account-locator',
    `${r.chars(UPPER, 7)}-${corp.toUpperCase()}_${r.chars(UPPER, 4)}`,
    'Run:ai spec env: snowflake://…@<org>-<account>/…',
  );
  const databricksHost = plant(
    'cloud-tenancy',
    'databricks-workspace-host',
    `adb-${r.chars(DIGITS, 16).replace(/^0/, '3')}.${r.int(1, 19)}.azuredatabricks.net`,
    'k8s container env: a .databrickscfg host',
  );

  // ---- hpc-directory ----
  const uidNumber = r.int(40000, 69999);
  const hpcUserId = plant('hpc-directory', 'user-in-id-output', hpcLogin(), 'Run:ai event: `id` output uid=N(<user>)');
  const hpcGroup = plant('hpc-directory', 'group-in-id-output', `${codename()}-${uni}-grp`, 'Run:ai event: `id` output gid=N(<group>)');
  const scratchUser = plant('hpc-directory', 'user-in-scratch-path', hpcLogin(), 'Run:ai spec args --download-dir /scratch/<user>/hf and the worker log');
  const gecosName = plant('hpc-directory', 'gecos-full-name-in-getent', `${first()} ${last()}`, 'worker log: a getent passwd line, GECOS field');
  const getentUser = plant('hpc-directory', 'user-in-getent-line', hpcLogin(), 'worker log: a getent passwd line, login and home');
  const netbios = plant(
    'hpc-directory',
    'netbios-domain-logon-in-history',
    `${corp.toUpperCase().slice(0, 8)}\\${first().toLowerCase()}.${last().toLowerCase()}`,
    'Run:ai history: DOMAIN\\user',
  );

  // ---- source-control ----
  const gitlabPath = plant(
    'source-control',
    'gitlab-subgroup-path-in-spec-env',
    `${codename()}-platform/${customer().toLowerCase()}-serving/${codename()}-deploy`,
    'Run:ai spec env GIT_REMOTE_URL ssh://git@host:2222/<group>/<subgroup>/<project>.git',
  );
  const ghOrg = `${corp}-${codename()}`;
  const ghRepo = `${codename()}-inference-${r.int(2, 9)}`;
  const ghIssue = plant('source-control', 'github-issue-reference-in-history', `${ghOrg}/${ghRepo}#${r.int(100, 4999)}`, 'Run:ai history: owner/repo#n');
  const ghRunUrl = plant(
    'source-control',
    'github-actions-run-url-in-history',
    `github.com/${corp}-${codename()}/${codename()}-infra/actions/runs/${r.chars(DIGITS, 10)}`,
    'Run:ai history: …/actions/runs/<id>',
  );
  const adoPath = plant(
    'source-control',
    'azure-devops-repo-in-history',
    `dev.azure.com/${corp}-${r.chars(LOWER, 4)}/${customer()}Platform/_git/${codename()}-models`,
    'Run:ai history: https://dev.azure.com/<org>/<project>/_git/<repo>',
  );
  const gitPipOrgRepo = plant(
    'source-control',
    'pip-vcs-requirement-org-repo',
    `${corp}/${codename()}-tokenizers`,
    'worker log: pip Collecting git+https://…/<org>/<repo>.git',
  );

  // ---- issue-tracker ----
  const linearKey = `${r.pick(LINEAR)}-${r.int(100, 9999)}`;
  const linearUrl = plant(
    'issue-tracker',
    'linear-issue-url-in-history',
    `linear.app/${corp}-${codename()}/issue/${linearKey}/raise-probe-timeout`,
    'Run:ai history: https://linear.app/<workspace>/issue/<KEY-n>/<slug>',
  );
  const jiraBranch = plant(
    'issue-tracker',
    'jira-key-in-branch-name',
    `${r.chars(UPPER, 3)}${r.pick(['OPS', 'ML', 'INF'])}-${r.int(100, 9999)}`,
    'Run:ai spec env: a requirement pinned to feature/<KEY-n>-probe',
  );
  const jiraInLog = plant(
    'issue-tracker',
    'jira-key-in-worker-log',
    `${r.chars(UPPER, 4)}${r.int(2, 9)}-${r.int(100, 9999)}`,
    'worker log: "workaround for <KEY-n>"',
  );
  const pagerDutyIncident = plant(
    'issue-tracker',
    'pagerduty-incident-in-k8s-event',
    `${corp}.pagerduty.com/incidents/Q${r.chars(`${UPPER}${DIGITS}`, 13)}`,
    'k8s event: https://<subdomain>.pagerduty.com/incidents/<id>',
  );
  const gitlabMr = plant(
    'issue-tracker',
    'gitlab-merge-request-in-run-ai-event',
    `${codename()}-platform/${codename()}-charts/-/merge_requests/${r.int(10, 999)}`,
    'Run:ai event: …/-/merge_requests/<n>',
  );

  // ---- experiment-tracking ----
  const wandbSweep = plant(
    'experiment-tracking',
    'wandb-sweep-path-in-worker-log',
    `${first().toLowerCase()}-${corp}/${customer().toLowerCase()}-eval/sweeps/${r.chars(`${LOWER}${DIGITS}`, 8)}`,
    'worker log: wandb: View sweep at https://wandb.ai/<entity>/<project>/sweeps/<id>',
  );
  const mlflowHost = plant(
    'experiment-tracking',
    'mlflow-tracking-host-in-worker-log',
    `mlflow.${codename()}.${corp}.internal`,
    'worker log: 🏃 View run … at: http://<host>:5000/#/experiments/…',
  );
  const cometPath = plant(
    'experiment-tracking',
    'comet-workspace-project-in-worker-log',
    `${first().toLowerCase()}-${last().toLowerCase()}/${codename()}-latency`,
    'worker log: https://www.comet.com/<workspace>/<project>/<key>',
  );
  const neptunePath = plant(
    'experiment-tracking',
    'neptune-workspace-project-in-run-ai-event',
    `${corp}/${codename()}-serving/e/${codename().toUpperCase().slice(0, 4)}-${r.int(10, 999)}`,
    'Run:ai event: https://app.neptune.ai/<workspace>/<project>/e/<KEY-n>',
  );
  const wandbArtifact = plant(
    'experiment-tracking',
    'wandb-artifact-reference-in-spec-env',
    `${corp}-${codename()}/${codename()}-adapters/lora-${r.int(1, 99)}:v${r.int(1, 30)}`,
    'Run:ai spec env: <entity>/<project>/<artifact>:v<n>',
  );

  // ---- model-hub ----
  const hfRepo = plant(
    'model-hub',
    'private-hf-repo-in-args-and-namespace-repr',
    `${hfOrg}/${hfModel}`,
    "Run:ai spec args --model and the worker log's args: Namespace(model='…')",
  );
  const hfCacheDir = plant(
    'model-hub',
    'hf-cache-folder-in-worker-log',
    `models--${corp}-${codename()}--${r.pick(MODELS)}-int${r.int(2, 9)}`,
    'worker log: …/hub/models--<org>--<name>/snapshots/<rev>/',
  );
  const servedPlant = plant('model-hub', 'served-model-name-in-args', servedName, 'Run:ai spec args --served-model-name (a customer in a model alias)');
  const ngcOrg = plant(
    'model-hub',
    'private-ngc-org-team-in-image',
    `nvcr.io/${r.chars(LOWER + DIGITS, 12)}/${codename()}`,
    'every image field and the k8s Pulling event: nvcr.io/<org>/<team>/vllm',
  );
  const loraName = plant('model-hub', 'lora-adapter-named-after-customer', `${customer().toLowerCase()}_sql_lora`, 'Run:ai spec args --lora-modules <name>=…');

  // ---- object-store-url ----
  const s3Virtual = plant(
    'object-store-url',
    's3-virtual-hosted-bucket',
    `${customer().toLowerCase()}-${codename()}-weights.s3.eu-west-3.amazonaws.com`,
    'worker log: https://<bucket>.s3.<region>.amazonaws.com/<key>',
  );
  const gcsBucket = plant(
    'object-store-url',
    'gcs-json-api-bucket',
    `${codename()}-${corp}-eval-sets`,
    'worker log: storage.googleapis.com/storage/v1/b/<bucket>/o/…',
  );
  const blobAccount = plant(
    'object-store-url',
    'azure-storage-account-in-connection-string',
    `${corp.slice(0, 10)}${r.chars(LOWER + DIGITS, 8)}`,
    'Run:ai spec env: AccountName=<account> in a Storage connection string',
  );
  const blobUrl = plant(
    'object-store-url',
    'azure-blob-container-url',
    `${corp.slice(0, 8)}${r.chars(LOWER + DIGITS, 6)}.blob.core.windows.net/${customer().toLowerCase()}-prompts`,
    'k8s event: https://<account>.blob.core.windows.net/<container>',
  );
  const minioPath = plant(
    'object-store-url',
    'minio-bucket-on-lan-host',
    `minio-${codename()}.${corp}.lan:9000/${codename()}-kv-cache`,
    'worker log: a MinIO endpoint and bucket',
  );
  const loraS3 = plant(
    'object-store-url',
    's3-uri-of-lora-adapter',
    `s3://${corp}-${codename()}-adapters/${first().toLowerCase()}`,
    'Run:ai spec args --lora-modules …=s3://<bucket>/<person>',
  );

  // ---- private-tld-host ----
  const vaultCorp = plant('private-tld-host', 'vault-host-dot-corp', `vault-${codename()}.${corp}.corp`, 'worker log: a Vault address in .corp');
  const nasLan = plant('private-tld-host', 'nfs-server-dot-lan', `nas-${codename()}.${uni}.lan`, 'Run:ai event: an NFS export on a .lan host');
  const mdnsLocal = plant(
    'private-tld-host',
    'mdns-host-dot-local',
    `${first().toLowerCase()}s-${r.pick(['macbook-pro', 'thinkpad', 'workstation'])}.local`,
    'worker log: a .local mDNS host',
  );
  const homeArpa = plant('private-tld-host', 'gateway-dot-home-arpa', `llm-gw-${codename()}.home.arpa`, 'worker log (the quoted last line): a .home.arpa host');
  const intranet = plant('private-tld-host', 'wiki-host-dot-intranet', `wiki.${codename()}.${corp}.intranet`, 'k8s event: a runbook on an .intranet host');
  const pgHost = plant(
    'private-tld-host',
    'postgres-host-dot-internal-in-dsn',
    `pg-${codename()}-${r.int(1, 9)}.${corp}.internal`,
    'Run:ai spec env: a libpq key=value DSN host=',
  );

  // ---- customer-in-code ----
  const camelCustomer = customer();
  const camelClass = plant(
    'customer-in-code',
    'customer-in-camelcase-class',
    `${camelCustomer}RetrieverAdapter`,
    'worker log: Registered adapter class <Customer>RetrieverAdapter',
  );
  const snakeCustomer = plant(
    'customer-in-code',
    'customer-in-snake-case-dbname',
    `${customer().toLowerCase()}_billing_rag`,
    'Run:ai spec env: dbname=<customer>_… in a DSN',
  );
  const sentenceCustomer = customer();
  const sentencePlant = plant(
    'customer-in-code',
    'customer-opening-a-sentence',
    sentenceCustomer,
    'worker log and Run:ai event: "<Customer> shard manifest loaded", "finops: <Customer> pays for …"',
  );
  const pyFileCustomer = plant(
    'customer-in-code',
    'customer-in-python-module-path',
    `${customer().toLowerCase()}_prompt_guard`,
    'worker log: File "/app/plugins/<customer>_…/__init__.py"',
  );
  const allCapsCustomer = plant(
    'customer-in-code',
    'customer-in-screaming-snake-constant',
    `${customer().toUpperCase()}_MAX_BATCH_TOKENS`,
    'worker log: a constant named after a customer',
  );

  // ---- non-latin-name ----
  const cyrillic = plant('non-latin-name', 'cyrillic-owner-in-worker-log', nonLatin('cyrillic'), 'worker log: owner=<name>');
  const cjkInitial = plant('non-latin-name', 'cjk-name-opening-history-message', nonLatin('cjk'), 'Run:ai history: "<name> approved the rollout"');
  const hangul = plant('non-latin-name', 'hangul-name-in-k8s-event', nonLatin('hangul'), 'k8s event: on-call <name>');
  const arabic = plant('non-latin-name', 'arabic-name-in-git-author', nonLatin('arabic'), 'worker log: a git Author: line');
  const greekEscaped = plant(
    'non-latin-name',
    'greek-name-json-ascii-escaped',
    asciiEscaped(nonLatin('greek')),
    'worker log: json.dumps(ensure_ascii=True) of a Greek name (\\uXXXX)',
  );
  const devanagari = plant('non-latin-name', 'devanagari-name-in-spec-env', nonLatin('devanagari'), 'Run:ai spec env MODEL_OWNER_DISPLAY');

  // ---- encoded-identifier ----
  const b64Login = `${first().toLowerCase()}.${last().toLowerCase()}`;
  const b64Json = plant(
    'encoded-identifier',
    'login-in-base64-json-header',
    b64(JSON.stringify({ user: b64Login, org: corp, team: codename() })),
    'worker log: x-goog-user-context: <base64 of JSON with a login>',
  );
  const jsonInYamlHandle = plant(
    'encoded-identifier',
    'handle-in-json-inside-yaml',
    `${first().toLowerCase()}${last().toLowerCase()}${r.int(2, 99)}`,
    'Run:ai spec env: YAML whose value is JSON \'{"login": …}\'',
  );
  const doublePercent = plant(
    'encoded-identifier',
    'email-double-percent-encoded',
    `${first().toLowerCase()}.${last().toLowerCase()}%2540${corp}.com`,
    'worker log: ?owner=<local>%2540<domain> (encoded twice)',
  );
  const htmlEntity = plant(
    'encoded-identifier',
    'email-html-entity',
    `${first().toLowerCase()}&#64;${corp}-${codename()}.com`,
    'worker log: mailto:<local>&#64;<domain>',
  );
  const b64UrlHost = plant(
    'encoded-identifier',
    'host-in-base64url-state',
    b64url(`https://notebook-${codename()}.${corp}.corp/lab?user=${hpcLogin()}`),
    'k8s event: an OAuth state= parameter, base64url of a host and user',
  );
  const unicodeEscapedEmail = plant(
    'encoded-identifier',
    'email-with-unicode-escaped-at',
    `${first().toLowerCase()}\\u0040${corp}.io`,
    'worker log: a JSON string with \\u0040 for @',
  );

  // ---- chat-identity ----
  const slackMember = plant('chat-identity', 'slack-member-id-mention', `U0${r.chars(`${UPPER}${DIGITS}`, 9)}`, 'Run:ai event: <@U…> paged');
  const slackChannel = plant(
    'chat-identity',
    'slack-channel-named-after-customer',
    `#${customer().toLowerCase()}-${codename()}-oncall`,
    'Run:ai spec env ALERT_CHANNEL',
  );
  const teamsAddress = plant(
    'chat-identity',
    'teams-channel-email',
    `${r.chars(HEX, 8)}.${corp}.onmicrosoft.com@amer.teams.ms`,
    'Run:ai event: a Teams channel e-mail address',
  );
  const discordId = plant('chat-identity', 'discord-webhook-id', `1${r.chars(DIGITS, 18)}`, 'Run:ai spec env: https://discord.com/api/webhooks/<id>/…');
  const mattermost = plant(
    'chat-identity',
    'mattermost-team-channel-url',
    `chat.${corp}.lan/${codename()}-team/channels/${customer().toLowerCase()}-escalations`,
    'k8s event: https://<host>/<team>/channels/<channel>',
  );

  // ---- person-in-prose ----
  const possessive = first();
  const possessivePlant = plant('person-in-prose', 'first-name-possessive', `${possessive}'s`, 'worker log: "<First>\'s notebook config"');
  const ccName = plant('person-in-prose', 'cc-full-name-in-history', `${first()} ${last()}`, 'Run:ai history: cc <First Last>');
  const atHandle = plant('person-in-prose', 'at-handle-in-k8s-event', `@${first().toLowerCase()}${r.chars(DIGITS, 2)}`, 'k8s event: ping @<handle>');
  const macPath = plant(
    'person-in-prose',
    'macos-home-path',
    `/Users/${first().toLowerCase()}${last().toLowerCase().slice(0, 1)}`,
    'worker log: a traceback path under /Users/<login>/',
  );
  const lowerName = plant(
    'person-in-prose',
    'lowercase-name-in-sentence',
    `${first().toLowerCase()} ${last().toLowerCase()}`,
    'worker log: "warmup owned by <first> <last>" in lower case',
  );

  // ---- secrets (all fake, drawn per seed) ----
  const anthropicKey = `sk-ant-api03-${r.chars(URLSAFE, 93)}AA`;
  const openaiKey = `sk-proj-${r.chars(URLSAFE, 58)}T3BlbkFJ${r.chars(URLSAFE, 58)}`;
  const cohereKey = r.chars(ALNUM, 40);
  const replicateKey = `r8_${r.chars(ALNUM, 37)}`;
  const togetherKey = `tgp_v1_${r.chars(URLSAFE, 43)}`;
  const groqKey = `gsk_${r.chars(ALNUM, 48)}`;
  const databricksToken = `dapi${r.chars(HEX, 32)}`;
  const datadogAppKey = r.chars(`${LOWER}${DIGITS}`, 40);
  const sentryToken = `sntryu_${r.chars(HEX, 64)}`;
  const pypiToken = `pypi-AgEIcHlwaS5vcmc${r.chars(URLSAFE, 150)}`;
  const dockerPat = `dckr_pat_${r.chars(URLSAFE, 27)}`;
  const glpat = `glpat-${r.chars(URLSAFE, 20)}`;
  const atlassianToken = `ATATT3${r.chars(`${ALNUM}_-`, 186)}`;
  const twilioKey = `SK${r.chars(HEX, 32)}`;
  const sendgridKey = `SG.${r.chars(URLSAFE, 22)}.${r.chars(URLSAFE, 43)}`;
  const jwt = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: r.chars(HEX, 16) }))}.${b64url(JSON.stringify({ sub: r.chars(HEX, 24), aud: 'inference', exp: 1796000000 + r.int(0, 9999999) }))}.${r.chars(URLSAFE, 86)}`;
  const opensshKey = pemBody(`b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW${r.chars(B64, 210)}`, 70);
  const ecKey = pemBody(`MHcCAQEEI${r.chars(B64, 150)}`, 64);
  const pgpKey = pemBody(`lQOYBG${r.chars(B64, 250)}`, 64);
  const azureClientSecret = `${r.chars(`${ALNUM}_~.`, 3)}${r.int(0, 9)}Q~${r.chars(`${ALNUM}_~.-`, 34)}`;
  const alibabaKeyId = `LTAI${r.chars(ALNUM, 20)}`;
  const slackTrigger = `${r.chars(ALNUM, 12)}/${r.chars(ALNUM, 34)}`;
  const teamsWebhookSecret = `${r.chars(HEX, 32)}/${uuid()}`;
  const discordToken = r.chars(URLSAFE, 68);
  const mongoPassword = `${r.chars(ALNUM, 12)}${r.pick(['!', '~', '*'])}${r.chars(ALNUM, 6)}`;
  const redisPassword = r.chars(ALNUM, 32);
  const amqpPassword = `${r.chars(ALNUM, 10)}${r.pick(['$', '^', '('])}${r.chars(ALNUM, 8)}`;
  const snowflakePassword = `${r.chars(ALNUM, 14)}${r.pick(['!', '_', '='])}${r.chars(ALNUM, 4)}`;
  const pgPassword = `${r.chars(ALNUM, 18)}${r.int(10, 99)}`;
  const blobAccountKey = `${r.chars(B64, 86)}==`;
  const proxyPassword = `${r.chars(ALNUM, 16)}${r.int(10, 99)}`;
  const netrcWandbKey = r.chars(HEX, 40);
  const gatewayPassword = `${r.chars(ALNUM, 20)}`;

  // ---- the spec the workload was submitted with (Run:ai keeps command, args and env) ----
  const dockerUser = `${first().toLowerCase()}${r.int(10, 99)}`;
  const command = `bash -c "set -euo pipefail; echo ${dockerPat} | docker login -u ${dockerUser} --password-stdin && exec python3"`;
  secret('dockerhub-pat-in-docker-login-command', dockerPat, 'Run:ai spec command: echo <dckr_pat_…> | docker login --password-stdin', {
    kind: 'text',
    text: command,
  });
  const args =
    `-m vllm.entrypoints.openai.api_server --model ${hfRepo} --served-model-name ${servedPlant} --tensor-parallel-size 2 ` +
    `--max-model-len 16384 --port 8080 --download-dir /scratch/${scratchUser}/hf --enable-lora --lora-modules ${loraName}=${loraS3}/adapter`;
  const storageConnection = `DefaultEndpointsProtocol=https;AccountName=${blobAccount};AccountKey=${blobAccountKey};EndpointSuffix=core.windows.net`;
  const pgDsn = `host=${pgHost} port=5432 user=svc_inference password=${pgPassword} dbname=${snakeCustomer} sslmode=verify-full`;
  const snowflakeUrl = `snowflake://SVC_FEATURES:${snowflakePassword}@${snowflakeAccount}/FEATURES/PUBLIC?warehouse=SERVE_WH`;
  const proxyUrl = `http://svc-egress:${proxyPassword}@proxy-${codename()}.${corp}.corp:3128`;
  const discordWebhook = `https://discord.com/api/webhooks/${discordId}/${discordToken}`;
  const requirement = `git+https://gitlab-ci-token:${glpat}@gitlab.${corp}.corp/${codename()}/${codename()}-kernels.git@feature/${jiraBranch}-probe`;
  const ownerYaml = `owner: '${JSON.stringify({ login: jsonInYamlHandle, since: '2026-03' })}'\nreview: weekly\n`;
  const envEntries: [string, string][] = [
    ['VLLM_WORKER_MULTIPROC_METHOD', 'spawn'],
    ['CUDA_VISIBLE_DEVICES', '0,1'],
    ['GOOGLE_SERVICE_ACCOUNT', saEmail],
    ['BLOB_ENDPOINT_CONFIG', storageConnection],
    ['FEATURE_DB', pgDsn],
    ['FEATURE_STORE_URI', snowflakeUrl],
    ['HTTPS_PROXY', proxyUrl],
    ['ALIBABA_ROLE', `acs:ram::${alibabaAccount}:role/${codename()}-oss-reader`],
    ['GIT_REMOTE_URL', `ssh://git@gitlab.${corp}.corp:2222/${gitlabPath}.git`],
    ['EXTRA_REQUIREMENT', requirement],
    ['ALERT_CHANNEL', slackChannel],
    ['ALERT_WEBHOOK', discordWebhook],
    ['LORA_ARTIFACT', wandbArtifact],
    ['MODEL_OWNER_DISPLAY', devanagari],
    ['OWNER_YAML', ownerYaml],
  ];
  secret('azure-storage-account-key-in-connection-string', blobAccountKey, 'Run:ai spec env BLOB_ENDPOINT_CONFIG: …;AccountKey=<base64>;…', {
    kind: 'env',
    name: 'BLOB_ENDPOINT_CONFIG',
    value: storageConnection,
  });
  secret('libpq-keyword-dsn-password', pgPassword, 'Run:ai spec env FEATURE_DB: host=… password=<pw> dbname=…', {
    kind: 'env',
    name: 'FEATURE_DB',
    value: pgDsn,
  });
  secret('snowflake-url-password', snowflakePassword, 'Run:ai spec env FEATURE_STORE_URI: snowflake://user:<pw>@account/…', {
    kind: 'env',
    name: 'FEATURE_STORE_URI',
    value: snowflakeUrl,
  });
  secret('basic-auth-in-proxy-url', proxyPassword, 'Run:ai spec env HTTPS_PROXY: http://user:<pw>@proxy…', {
    kind: 'env',
    name: 'HTTPS_PROXY',
    value: proxyUrl,
  });
  secret('discord-webhook-token', discordToken, 'Run:ai spec env ALERT_WEBHOOK: https://discord.com/api/webhooks/<id>/<token>', {
    kind: 'env',
    name: 'ALERT_WEBHOOK',
    value: discordWebhook,
  });
  secret('gitlab-pat-in-pip-vcs-requirement', glpat, 'Run:ai spec env EXTRA_REQUIREMENT: git+https://gitlab-ci-token:<glpat-…>@…', {
    kind: 'env',
    name: 'EXTRA_REQUIREMENT',
    value: requirement,
  });
  const pypirc = `[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = ${pypiToken}\n`;
  const ossutil = `[Credentials]\nlanguage=EN\nendpoint=oss-eu-central-1.aliyuncs.com\naccessKeyID=${alibabaKeyId}\naccessKeySecret=${r.chars(ALNUM, 30)}\n`;
  const deployKey = `-----BEGIN OPENSSH PRIVATE KEY-----\n${opensshKey}\n-----END OPENSSH PRIVATE KEY-----\n`;
  const annotations = [
    { name: 'ml.example/release-notes', value: `build tooling:\n${pypirc}` },
    { name: 'ml.example/oss-profile', value: ossutil },
    { name: 'ml.example/chart-deploy', value: `chart deploy key (rotated monthly):\n${deployKey}` },
  ];
  secret('pypi-token-in-pypirc-spec-annotation', pypiToken, 'Run:ai spec annotation: a .pypirc with password = pypi-…', {
    kind: 'text',
    text: annotations[0]!.value,
  });
  secret('alibaba-access-key-id-in-ossutil-config', alibabaKeyId, 'Run:ai spec annotation: an ossutil config with accessKeyID=LTAI…', {
    kind: 'text',
    text: ossutil,
  });
  secret('openssh-private-key-in-spec-annotation', opensshKey, 'Run:ai spec annotation: -----BEGIN OPENSSH PRIVATE KEY----- (70-column body)', {
    kind: 'text',
    text: annotations[2]!.value,
  });

  // ---- the previous run's log (kubectl logs --previous; the report quotes its last line) ----
  const t = (second: number) => `12-06 09:${String(12 + Math.floor(second / 60)).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}`;
  const snapshot = r.chars(HEX, 40);
  const cohereLine = `{'provider': 'cohere', 'CO_API_KEY': '${cohereKey}', 'rerank_model': 'rerank-v3.5'}`;
  const azureDictRepr = `ClientSecretCredential(tenant_id='${azureTenant}', client_id='${uuid()}', client_secret='${azureClientSecret}')`;
  const twilioRepr = `{'account_sid': 'AC${r.chars(HEX, 32)}', 'api_key': '${twilioKey}', 'region': 'ie1'}`;
  const mongoUrl = `mongodb+srv://svc-prompts:${mongoPassword}@prompts-${codename()}.${r.chars(LOWER + DIGITS, 5)}.mongodb.net/prompts?retryWrites=true&w=majority`;
  const redisUrl = `rediss://:${redisPassword}@cache-${codename()}.${corp}.internal:6380/0`;
  const amqpUrl = `amqps://svc-batch:${amqpPassword}@rabbit-${codename()}.${corp}.lan:5671/inference`;
  const datadogYaml = `datadog:\n  site: datadoghq.eu\n  app_key: ${datadogAppKey}\n`;
  const togetherYaml = `fallback:\n  provider: together\n  api_key: ${togetherKey}\n`;
  const groqJsonInYaml = `providers: '{"groq": {"api_key": "${groqKey}"}}'`;
  const sendgridLine = `smtplib: AUTH PLAIN for user apikey with password ${sendgridKey}`;
  const sentryLine = `$ sentry-cli login --auth-token ${sentryToken}`;
  const replicateLine = `curl -s -H "Authorization: Token ${replicateKey}" https://api.replicate.com/v1/predictions`;
  const atlassianUser = `${first().toLowerCase()}@${corp}.com`;
  const atlassianLine = `curl -u ${atlassianUser}:${atlassianToken} https://${corp}.atlassian.net/rest/api/3/myself`;
  const openaiLine = `export OPENAI_API_KEY=${openaiKey}`;
  const anthropicLine = `judge client: Anthropic(api_key='${anthropicKey}', max_retries=2)`;
  const netrcLine = `machine api.wandb.ai login user password ${netrcWandbKey}`;
  const gatewayUrl = `https://svc-judge:${gatewayPassword}@${homeArpa}/v1`;
  const logLines = [
    `INFO ${t(0)} api_server.py:528] vLLM API server version 0.6.3`,
    `INFO ${t(0)} api_server.py:529] args: Namespace(host=None, port=8080, model='${hfRepo}', tensor_parallel_size=2, max_model_len=16384, download_dir='/scratch/${scratchUser}/hf')`,
    `INFO ${t(1)} envs.py:77] VLLM_WORKER_MULTIPROC_METHOD=spawn CUDA_VISIBLE_DEVICES=0,1`,
    `INFO ${t(2)} secrets.py:19] reading projects/${gcpProjectId}/secrets/judge-gateway/versions/latest`,
    `INFO ${t(2)} rerank.py:31] rerank via projects/${gcpProjectNumber}/locations/us-central1/endpoints/${r.chars(DIGITS, 19)}`,
    `INFO ${t(3)} _universal.py:510] Request URL: 'https://login.microsoftonline.com/${azureTenant}/oauth2/v2.0/token'`,
    `DEBUG ${t(3)} creds.py:41] ${azureDictRepr}`,
    `INFO ${t(4)} hosts.py:12] peer ${gceInternal} reachable`,
    `INFO ${t(5)} fetch.py:33] GET https://objectstorage.eu-frankfurt-1.oraclecloud.com/n/${ociNamespace}/b/eval/o/prompts.jsonl 200`,
    `INFO ${t(6)} fetch.py:33] GET https://${s3Virtual}/tokenizer/tokenizer.json 200`,
    `INFO ${t(6)} fetch.py:33] GET https://storage.googleapis.com/storage/v1/b/${gcsBucket}/o/golden%2Fset.jsonl?alt=media 200`,
    `INFO ${t(7)} kvcache.py:58] offload tier http://${minioPath}`,
    `INFO ${t(7)} vault.py:22] VAULT_ADDR=https://${vaultCorp}:8200`,
    `INFO ${t(8)} pip.py:1] Collecting git+https://github.com/${gitPipOrgRepo}.git@v0.4.1`,
    `INFO ${t(8)} passwd.py:9] ${getentUser}:x:${uidNumber + 7}:5100:${gecosName},,,:/home/${getentUser}:/bin/bash`,
    `INFO ${t(9)} tracking.py:88] wandb: 🧹 View sweep at https://wandb.ai/${wandbSweep}`,
    `INFO ${t(9)} tracking.py:91] 🏃 View run warm-${codename()} at: http://${mlflowHost}:5000/#/experiments/${r.int(2, 90)}/runs/${r.chars(HEX, 32)}`,
    `INFO ${t(10)} tracking.py:95] COMET INFO: Experiment is live on comet.com https://www.comet.com/${cometPath}/${r.chars(HEX, 32)}`,
    `INFO ${t(11)} config.py:1020] Defaulting to use mp for distributed inference`,
    `INFO ${t(11)} hub.py:140] resolved ${hfRepo} to /root/.cache/huggingface/hub/${hfCacheDir}/snapshots/${snapshot}/config.json`,
    `INFO ${t(12)} registry.py:88] Registered adapter class ${camelClass} for '${loraName}'`,
    `INFO ${t(12)} engine.py:312] ${sentencePlant} shard manifest loaded (7 files)`,
    `INFO ${t(13)} plugins.py:40]   File "/app/plugins/${pyFileCustomer}/__init__.py", line 12, in <module>`,
    `INFO ${t(13)} limits.py:17] ${allCapsCustomer}=32768`,
    `INFO ${t(14)} owners.py:5] owner=${cyrillic} team=${codename()}`,
    `INFO ${t(14)} owners.py:6] Author: ${arabic} <${r.chars(LOWER, 6)}@${corp}.com>`,
    `INFO ${t(15)} owners.py:7] {"display_name": "${greekEscaped}", "role": "maintainer"}`,
    `INFO ${t(15)} headers.py:30] x-goog-user-context: ${b64Json}`,
    `INFO ${t(16)} usage.py:12] GET /v1/models?owner=${doublePercent} 200`,
    `INFO ${t(16)} docs.py:3] contact <a href="mailto:${htmlEntity}">maintainer</a>`,
    `INFO ${t(17)} audit.py:21] {"actor": "${unicodeEscapedEmail}", "action": "deploy"}`,
    `INFO ${t(17)} notebook.py:9] loaded ${possessivePlant} notebook config from ${macPath}/notebooks/warmup.ipynb`,
    `INFO ${t(18)} notebook.py:10] warmup owned by ${lowerName}, synced from ${mdnsLocal}`,
    `INFO ${t(18)} usage.py:40] workaround for ${jiraInLog} applied`,
    `DEBUG ${t(19)} providers.py:20] ${cohereLine}`,
    `DEBUG ${t(19)} providers.py:21] ${twilioRepr}`,
    `DEBUG ${t(20)} providers.py:22] ${mongoUrl}`,
    `DEBUG ${t(20)} providers.py:23] cache ${redisUrl}`,
    `DEBUG ${t(21)} providers.py:24] queue ${amqpUrl}`,
    `DEBUG ${t(21)} providers.py:25] ${sendgridLine}`,
    `DEBUG ${t(22)} providers.py:26] ${sentryLine}`,
    `DEBUG ${t(22)} providers.py:27] ${replicateLine}`,
    `DEBUG ${t(23)} providers.py:28] ${atlassianLine}`,
    `DEBUG ${t(23)} providers.py:29] ${openaiLine}`,
    `DEBUG ${t(24)} providers.py:30] ${netrcLine}`,
    `INFO ${t(41)} model_runner.py:1056] Starting to load model ${hfRepo}...`,
    'Loading safetensors checkpoint shards:   0% Completed | 0/7 [00:00<?, ?it/s]',
    'Loading safetensors checkpoint shards:  14% Completed | 1/7 [00:58<05:48, 58.02s/it]',
    'Loading safetensors checkpoint shards:  29% Completed | 2/7 [01:55<04:48, 57.71s/it]',
    'Loading safetensors checkpoint shards:  43% Completed | 3/7 [02:54<03:52, 58.12s/it]',
    'Loading safetensors checkpoint shards:  57% Completed | 4/7 [03:52<02:54, 58.07s/it]',
    `DEBUG ${t(3 * 60 + 55)} judge.py:57] ${anthropicLine}`,
    `INFO ${t(3 * 60 + 56)} judge.py:60] judge gateway ${gatewayUrl} (timeout 30s)`,
  ];
  const logContext = (line: string) => ({ kind: 'text' as const, text: logLines.find((candidate) => candidate.includes(line))! });
  secret('cohere-key-in-dict-repr', cohereKey, "worker log: {'CO_API_KEY': '<40 chars>'} (Python dict repr)", logContext(cohereLine));
  secret(
    'azure-ad-client-secret-in-credential-repr',
    azureClientSecret,
    "worker log: ClientSecretCredential(…, client_secret='…8Q~…')",
    logContext(azureDictRepr),
  );
  secret('twilio-api-key-in-dict-repr', twilioKey, "worker log: {'api_key': 'SK<32 hex>'}", logContext(twilioRepr));
  secret('mongodb-srv-password', mongoPassword, 'worker log: mongodb+srv://user:<pw>@cluster…', logContext(mongoUrl));
  secret('rediss-password-empty-user', redisPassword, 'worker log: rediss://:<pw>@host:6380/0', logContext(redisUrl));
  secret('amqps-password', amqpPassword, 'worker log: amqps://user:<pw>@host:5671/vhost', logContext(amqpUrl));
  secret('sendgrid-key-in-smtp-log', sendgridKey, 'worker log: SMTP AUTH with password SG.…', logContext(sendgridLine));
  secret('sentry-user-token-in-cli-argv', sentryToken, 'worker log: sentry-cli login --auth-token sntryu_…', logContext(sentryLine));
  secret('replicate-token-in-curl-header', replicateKey, 'worker log: curl -H "Authorization: Token r8_…"', logContext(replicateLine));
  secret('atlassian-token-in-curl-user', atlassianToken, 'worker log: curl -u <email>:ATATT3…', logContext(atlassianLine));
  secret('openai-project-key-in-export', openaiKey, 'worker log: export OPENAI_API_KEY=sk-proj-…', logContext(openaiLine));
  secret(
    'wandb-key-in-single-line-netrc',
    netrcWandbKey,
    'worker log: machine api.wandb.ai login user password <40 hex> (one-line .netrc)',
    logContext(netrcLine),
  );
  secret('anthropic-key-in-client-repr', anthropicKey, "worker log: Anthropic(api_key='sk-ant-api03-…')", logContext(anthropicLine));
  secret(
    'basic-auth-in-quoted-last-log-line',
    gatewayPassword,
    'worker log, its LAST line (the one the report quotes): https://user:<pw>@host/v1',
    logContext(gatewayUrl),
  );
  const logText = logLines.join('\n');
  // kubelet's FallbackToLogsOnError: the log's last 2048 bytes, so it may start inside a line.
  const terminationMessage = Buffer.from(logText, 'utf8').subarray(-2048).toString('utf8');

  // ---- rename the base scenario's own names (fields and messages alike) ----
  const image = `${ngcOrg}/vllm-openai:v0.6.3`;
  const renamed = JSON.stringify(base)
    .replaceAll('codegen-serve-34b-00001-deployment-6d8f7b9c5-q7x2m', podName)
    .replaceAll('codegen-serve-34b', workloadName)
    .replaceAll('runai-serving', namespace)
    .replaceAll('dgx-h100-14', nodeName)
    .replaceAll('registry.example.com/serving/vllm-openai:v0.6.3', image)
    .replaceAll('registry.example.com/serving/vllm-openai@', `${ngcOrg}/vllm-openai@`)
    .replaceAll('"serving"', JSON.stringify(`${codename()}-inference`))
    .replaceAll('applied-ai', `${codename()}-dept`)
    .replaceAll('a.ng@example.com', submitterEmail)
    .replaceAll('/models/codegen-34b', hfRepo);
  const out = JSON.parse(renamed) as Scenario;
  const workloadId = out.request.workloadId!;
  const clusterId = out.request.clusterId!;
  const runai = runaiRecordsOf(out);
  Object.assign(runai.specs[workloadId]!.spec, {
    command,
    args,
    environmentVariables: envEntries.map(([name, value]) => ({ name, value, exclude: false })),
    annotations: annotations.map((annotation) => ({ ...annotation, exclude: false })),
  });

  const involved = { kind: 'Pod', name: podName, namespace };
  const runaiEvent = runaiEventAbout(clusterId, involved);
  const teamsWebhook = `https://${corp}.webhook.office.com/webhookb2/${uuid()}@${azureTenant}/IncomingWebhook/${teamsWebhookSecret}`;
  const slackWebhook = `https://hooks.slack.com/triggers/T${r.chars(`${UPPER}${DIGITS}`, 8)}/${slackTrigger}`;
  const notifyMessage = `alert-router: posted to ${teamsAddress} via ${teamsWebhook}; <@${slackMember}> paged via ${slackWebhook}`;
  const jwtMessage = `auth-proxy: session token rotated, bearer ${jwt}`;
  runai.events[workloadId]!.push(
    runaiEvent(
      '4d5e6f70-8192-4a3b-9c4d-5e6f708192a3',
      'now-69m',
      'Imported',
      `hpc-bridge: migrated from ${uni} cluster, id -a: uid=${uidNumber}(${hpcUserId}) gid=5100(${hpcGroup}) groups=5100(${hpcGroup}),27(sudo); weights on ${nasLan}:/export/models`,
      'hpc-bridge',
    ),
    runaiEvent('5e6f7081-92a3-4b4c-8d5e-6f708192a3b4', 'now-68m', 'Notified', notifyMessage, 'alert-router'),
    runaiEvent(
      '6f708192-a3b4-4c5d-9e6f-708192a3b4c5',
      'now-67m',
      'CostAllocated',
      `finops: ${sentencePlant} pays for this endpoint under /subscriptions/${azureSubscription}/resourceGroups/${azureResourceGroup}/providers/Microsoft.MachineLearningServices/workspaces/${codename()}`,
      'finops',
    ),
    runaiEvent('708192a3-b4c5-4d6e-8f70-8192a3b4c5d6', 'now-66m', 'TokenRotated', jwtMessage, 'auth-proxy'),
    runaiEvent(
      '8192a3b4-c5d6-4e7f-9081-92a3b4c5d6e7',
      'now-65m',
      'Tracked',
      `tracker: chart change ${gitlabMr}; benchmarks https://app.neptune.ai/${neptunePath}`,
      'tracker',
    ),
  );
  secret('teams-webhook-in-run-ai-event', teamsWebhookSecret, 'Run:ai event: https://…webhook.office.com/webhookb2/…/IncomingWebhook/<32 hex>/<guid>', {
    kind: 'text',
    text: notifyMessage,
  });
  secret('slack-workflow-trigger-in-run-ai-event', slackTrigger, 'Run:ai event: https://hooks.slack.com/triggers/T…/<id>/<secret>', {
    kind: 'text',
    text: notifyMessage,
  });
  secret('jwt-in-run-ai-event', jwt, 'Run:ai event: a bearer JWT', { kind: 'text', text: jwtMessage });

  const history = runai.history[workloadId]!;
  const phase = (at: string, message: string) => ({
    meta: { creationTimestamp: at, type: 'PhaseUpdate' },
    spec: { phaseUpdate: { phase: 'Running', phaseMessage: message } },
  });
  history.push(
    phase('now-61m', `Redeployed by ${submitterEmail} after https://${linearUrl}`),
    phase('now-60m', `${cjkInitial} approved the rollout; cc ${ccName}; logon ${netbios}`),
    phase('now-59m', `Rolled back per ${ghIssue}; see https://${ghRunUrl}; source https://${adoPath}`),
  );

  const kubernetes = out.kubernetes as unknown as {
    pods: { metadata: Record<string, unknown>; spec: Record<string, unknown>; status: Record<string, unknown> }[];
    events: Record<string, unknown>[];
    logs: { lines: string[] }[];
  };
  kubernetes.logs[0]!.lines = logLines;
  const k8sPod = kubernetes.pods[0]!;
  const databricksCfg = `[DEFAULT]\nhost = https://${databricksHost}\ntoken = ${databricksToken}\n`;
  const ecPem = `mTLS client key for the judge gateway:\n-----BEGIN EC PRIVATE KEY-----\n${ecKey}\n-----END EC PRIVATE KEY-----\n`;
  const pgpBlock = `release signing key (offline copy):\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n${pgpKey}\n=${r.chars(B64, 4)}\n-----END PGP PRIVATE KEY BLOCK-----\n`;
  const podSpec = k8sPod.spec as { containers: Record<string, unknown>[] };
  Object.assign(podSpec.containers[0]!, {
    terminationMessagePolicy: 'FallbackToLogsOnError',
    env: [
      { name: 'DATABRICKS_CFG', value: databricksCfg },
      { name: 'CLIENT_PEM', value: ecPem },
      { name: 'RELEASE_SIGNING', value: pgpBlock },
      { name: 'JUDGE_FALLBACK', value: togetherYaml },
      { name: 'METRICS_YAML', value: datadogYaml },
      { name: 'PROVIDERS', value: groqJsonInYaml },
    ],
  });
  secret('databricks-token-in-databrickscfg', databricksToken, 'k8s container env DATABRICKS_CFG: a .databrickscfg with token = dapi…', {
    kind: 'text',
    text: databricksCfg,
  });
  secret('ec-private-key-in-k8s-env', ecKey, 'k8s container env CLIENT_PEM: -----BEGIN EC PRIVATE KEY-----', { kind: 'text', text: ecPem });
  secret('pgp-private-key-block-in-k8s-env', pgpKey, 'k8s container env RELEASE_SIGNING: -----BEGIN PGP PRIVATE KEY BLOCK-----', {
    kind: 'text',
    text: pgpBlock,
  });
  secret('together-key-in-yaml', togetherKey, 'k8s container env JUDGE_FALLBACK: YAML api_key: tgp_v1_…', { kind: 'text', text: togetherYaml });
  secret('datadog-app-key-in-yaml', datadogAppKey, 'k8s container env METRICS_YAML: datadog: app_key: <40 chars>', { kind: 'text', text: datadogYaml });
  secret('groq-key-in-json-inside-yaml', groqKey, 'k8s container env PROVIDERS: YAML whose value is JSON {"groq": {"api_key": "gsk_…"}}', {
    kind: 'text',
    text: groqJsonInYaml,
  });
  const status = k8sPod.status as { containerStatuses: { lastState: { terminated: Record<string, unknown> } }[] };
  status.containerStatuses[0]!.lastState.terminated.message = terminationMessage;

  const oauthState = `oauth2: login redirect state=${b64UrlHost}`;
  const k8sEvent = (suffix: string, reason: string, message: string, component: string, creation: string) => ({
    metadata: { name: `${podName}.${suffix}`, namespace, creationTimestamp: creation },
    involvedObject: { kind: 'Pod', namespace, name: podName, apiVersion: 'v1', fieldPath: `spec.containers{${workloadName}}` },
    reason,
    message,
    source: { component, host: nodeName },
    firstTimestamp: creation,
    lastTimestamp: creation,
    count: 1,
    type: 'Normal',
    reportingComponent: component,
    reportingInstance: nodeName,
  });
  kubernetes.events.push(
    k8sEvent('17a1b2c3d4e5f601', 'Scheduled', `Successfully assigned ${namespace}/${podName} to ${nodeName}`, 'kai-scheduler', 'now-66m'),
    k8sEvent('17a1b2c3d4e5f602', 'Pulling', `Pulling image "${image}"`, 'kubelet', 'now-66m'),
    k8sEvent(
      '17a1b2c3d4e5f603',
      'Pulled',
      `Successfully pulled image "${image}" in 41.207s (41.207s including waiting). Image size: 9876543210 bytes.`,
      'kubelet',
      'now-65m',
    ),
    k8sEvent('17a1b2c3d4e5f604', 'Created', `Created container ${workloadName}`, 'kubelet', 'now-65m'),
    k8sEvent('17a1b2c3d4e5f605', 'Started', `Started container ${workloadName}`, 'kubelet', 'now-65m'),
    k8sEvent('17a1b2c3d4e5f606', 'BurnIn', `GPU burn-in passed on node ${nodeName}; ECC clean`, 'gpu-health', 'now-65m'),
    k8sEvent(
      '17a1b2c3d4e5f607',
      'Escalated',
      `escalation: ${pagerDutyIncident}; on-call ${hangul}; ping ${atHandle}; runbook https://${intranet}/serving/probes; room https://${mattermost}`,
      'escalation-bot',
      'now-64m',
    ),
    k8sEvent('17a1b2c3d4e5f608', 'PromptsSynced', `prompts from https://${blobUrl}/v3; ${oauthState}`, 'prompt-sync', 'now-64m'),
  );

  const keep: KeepCase[] = [
    { id: 'keep/crashloop-enum', value: 'CrashLoopBackOff', why: 'a Kubernetes waiting reason' },
    { id: 'keep/exit-code-phrase', value: '(exit code 137)', why: 'exit codes are what the rules classify' },
    { id: 'keep/unhealthy-reason', value: '"reason": "Unhealthy"', why: 'the kubelet event reason the verdict reads' },
    { id: 'keep/killing-reason', value: '"reason": "Killing"', why: 'the kubelet event reason that explains the 137' },
    { id: 'keep/liveness-kill-template', value: 'failed liveness probe, will be restarted', why: 'kubelet\u2019s kill message (kuberuntime_manager.go)' },
    { id: 'keep/liveness-failed-opening', value: 'Liveness probe failed: Get', why: 'kubelet\u2019s probe message opens with a capitalised ordinary word' },
    {
      id: 'keep/client-timeout-text',
      value: 'context deadline exceeded (Client.Timeout exceeded while awaiting headers)',
      why: 'Go net/http\u2019s timeout text: why the probe failed',
    },
    {
      id: 'keep/readiness-template',
      value: 'Readiness probe failed: HTTP probe failed with statuscode: 503',
      why: 'kubelet\u2019s probe template (sentence-initial capital)',
    },
    { id: 'keep/backoff-template', value: 'Back-off restarting failed container', why: 'kubelet\u2019s message template' },
    { id: 'keep/scheduled-opening', value: 'Successfully assigned', why: 'the scheduler\u2019s template opens with a capitalised ordinary word' },
    { id: 'keep/pulled-opening', value: 'Successfully pulled image', why: 'kubelet\u2019s template' },
    { id: 'keep/created-opening', value: 'Created container', why: 'kubelet\u2019s template' },
    { id: 'keep/started-opening', value: 'Started container', why: 'kubelet\u2019s template' },
    {
      id: 'keep/pull-duration',
      value: 'in 41.207s (41.207s including waiting). Image size: 9876543210 bytes.',
      why: 'quantities in kubelet\u2019s pull template',
    },
    {
      id: 'keep/shards-progress',
      value: 'Loading safetensors checkpoint shards:  57% Completed | 4/7 [03:52<02:54, 58.07s/it]',
      why: 'where the model was when killed',
    },
    { id: 'keep/vllm-defaulting', value: 'Defaulting to use mp for distributed inference', why: 'vLLM\u2019s message (sentence-initial capital)' },
    { id: 'keep/vllm-starting', value: 'Starting to load model', why: 'vLLM\u2019s message (sentence-initial capital)' },
    { id: 'keep/vllm-timestamp', value: `INFO ${t(41)} model_runner.py:1056]`, why: 'vLLM\u2019s log prefix: level, timestamp, file and line' },
    { id: 'keep/memory-quantity', value: '"64Gi"', why: 'the memory limit the report states' },
    { id: 'keep/tensor-parallel-flag', value: '--tensor-parallel-size 2', why: 'configuration vocabulary with its quantity' },
    { id: 'keep/env-multiproc', value: 'VLLM_WORKER_MULTIPROC_METHOD', why: 'an environment variable name is configuration vocabulary' },
    { id: 'keep/visible-devices', value: 'CUDA_VISIBLE_DEVICES=0,1', why: 'a GPU setting with its value' },
    { id: 'keep/restart-policy', value: '"restartPolicy": "Always"', why: 'an enum value' },
    { id: 'keep/port-flag', value: '--port 8080', why: 'the port the probe targets' },
  ];

  const consistency: ConsistencyCase[] = [
    {
      id: 'consistency/workload-name-in-fields-and-messages',
      value: workloadName,
      places: [{ field: 'requestedName' }, { before: '0 of 1 pods are running: ', after: '-00001-deployment-' }, { before: 'Created container ', after: '"' }],
    },
    {
      id: 'consistency/node-name-in-fields-and-event-text',
      value: nodeName,
      places: [{ field: 'nodeName' }, { field: 'host' }, { before: 'GPU burn-in passed on node ', after: '; ECC clean' }],
    },
    {
      id: 'consistency/submitter-email-in-fields-and-history-text',
      value: submitterEmail,
      places: [{ field: 'submittedBy' }, { field: 'createdBy' }, { before: 'Redeployed by ', after: ' after https://' }],
    },
    {
      id: 'consistency/customer-opening-a-log-line-and-an-event',
      value: sentenceCustomer,
      places: [
        { before: 'engine.py:312] ', after: ' shard manifest loaded' },
        { before: 'finops: ', after: ' pays for this endpoint' },
      ],
    },
    {
      id: 'consistency/gcp-project-id-in-secret-path-and-dns',
      value: gcpProjectId,
      places: [
        { before: 'reading projects/', after: '/secrets/judge-gateway' },
        { before: '.us-central1-b.c.', after: '.internal reachable' },
      ],
    },
    {
      id: 'consistency/hpc-user-in-args-and-namespace-repr',
      value: scratchUser,
      places: [
        { before: '--download-dir /scratch/', after: '/hf' },
        { before: "download_dir='/scratch/", after: "/hf'" },
      ],
    },
  ];

  return { seed, scenario: { ...out, name: `heldout4-seed-${seed}` }, plants, secrets, keep, consistency };
}
