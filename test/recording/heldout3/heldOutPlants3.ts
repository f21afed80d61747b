/**
 * The THIRD held-out plant set for `--record` / `--anonymize` (issue #25 items 1 and 6),
 * built while the anonymizer is being improved against the first two: a seeded generator —
 * families × placements × wrappings, every value drawn per seed — on a third base scenario,
 * `fixtures/scenarios/tier2-137-oomkilled-from-last-state` (a distributed fine-tune whose
 * worker-1 crash-loops on exit 137; Tier 1 cannot explain the 137, Tier 2's pod description
 * shows lastState OOMKilled: OOM_KILLED only with Kubernetes evidence, so the anonymized
 * replay must keep the Kubernetes bodies readable). Sets 1 and 2 started from a CUDA OOM in
 * logs and an init container's HTTP 403.
 *
 * Families none of the first two sets has: people in Git commit trailers and `git@` remotes,
 * internal artifact registries (Artifactory, Harbor, Nexus) with project paths, ticket keys
 * and URLs (Jira, Confluence, ServiceNow), IBAN / card-like / customer numbers, MAC addresses,
 * InfiniBand GUIDs, `/etc/hosts` lines and pod hostAliases, Kerberos principals and LDAP DNs,
 * Slurm / PBS job lines with user names, Prometheus label sets and OpenTelemetry resource
 * attributes, cloud instance ids (EC2, GCE, Azure VMSS, OCI OCIDs), private Hugging Face
 * repos, W&B entities, MLflow experiments named after people, S3 presigned URLs, kube
 * contexts and Vault paths. Every family is placed in structured fields AND in free text, and
 * wrapped: cut by kubelet's 2048-byte termination-message limit, wrapped over two lines, in
 * escaped JSON, in a Python dict repr, in YAML, URL-encoded.
 *
 * Secrets (all fake, drawn per seed) in new wrappings: a token wrapped over two log lines, a
 * password with `@`/`#`/`/` raw in a URL and percent-encoded in another, base64 of a service-
 * account JSON, a token cut by a length limit, multi-line `.netrc`, docker `config.json`
 * auths, `pip.conf` and `.npmrc` with credentials, `Authorization: Bearer` and `x-api-key`
 * in a Python dict repr, a cookie, an S3 presigned signature and session token, an AWS
 * credentials file, an NGC key in a `docker login` argv, a Vault token, a Slack webhook, a
 * Kaggle key in escaped JSON, an OpenAI key in a dict repr.
 *
 * Expectations come from the issue's rule only — keep verbatim what the diagnosis needs,
 * pseudonymise every other identifier-like token consistently everywhere, never keep a
 * secret the report would redact — not from the engine (functions/recording/, functions/safety/
 * and every redact/anonymize module were not opened to write this file).
 *
 * Shapes, and where they come from:
 * - Git trailers `Signed-off-by:` / `Co-authored-by:` / `Reviewed-by: Name <email>`:
 *   https://git-scm.com/docs/git-interpret-trailers ; GitHub's no-reply address
 *   `<id>+<login>@users.noreply.github.com`: https://docs.github.com/en/account-and-profile/setting-up-and-managing-your-personal-account-on-github/managing-email-preferences/setting-your-commit-email-address
 * - Artifactory Docker repositories `<server>.jfrog.io/<repo-key>/<image>` and PyPI
 *   `…/artifactory/api/pypi/<repo-key>/simple`: https://jfrog.com/help/r/jfrog-artifactory-documentation ;
 *   Harbor `<host>/<project>/<repo>` and robot accounts `robot$<project>+<name>`: https://goharbor.io/docs/ ;
 *   Nexus `/repository/<name>/simple`: https://help.sonatype.com/repomanager3 ;
 *   pip prints `Looking in indexes: https://user:****@host/…` (pip src/pip/_internal/utils/misc.py
 *   redact_auth_from_url, as found in the pip sources vendored by pypa/pipenv).
 * - Jira issue keys `<PROJECT>-<n>` and `https://<site>.atlassian.net/browse/<key>`; Confluence
 *   `…/wiki/spaces/<KEY>/pages/<id>/<Title>`; ServiceNow `INC` + 7 digits and
 *   `https://<instance>.service-now.com/nav_to.do?uri=incident.do%3Fsys_id%3D<32 hex>`.
 * - IBAN (ISO 13616, mod-97 check digits) printed in groups of four; card numbers with a Luhn
 *   check digit (ISO/IEC 7812).
 * - MAC addresses: colon (`ip link`), dash (Windows `getmac`), Cisco dotted (`xxxx.xxxx.xxxx`);
 *   InfiniBand port GUIDs `0x<16 hex>` (ibstat); pod `spec.hostAliases[]` written into /etc/hosts:
 *   https://kubernetes.io/docs/tasks/network/customize-hosts-file-for-pods/
 * - Kerberos principals `primary/instance@REALM` (MIT krb5 docs, "Kerberos principal"); LDAP DNs
 *   with an escaped comma `CN=Last\, First,OU=…,DC=…` (RFC 4514 §2.4).
 * - Slurm: `slurmstepd: error: Detected 1 oom-kill event(s) in StepId=<job>.batch. Some of your
 *   processes may have been killed by the cgroup out-of-memory handler.` (quoted in
 *   UNINETTSigma2/documentation jobs/common_job_failures.md and nesi/support-docs
 *   docs/General/FAQs/What_does_oom-kill_mean.md); squeue's default columns
 *   `JOBID PARTITION NAME USER ST TIME NODES NODELIST(REASON)`; PBS `Job_Owner = user@host`.
 * - Prometheus exposition `metric{label="value",…} value` (DCGM exporter labels gpu, UUID,
 *   Hostname, namespace, pod): https://prometheus.io/docs/instrumenting/exposition_formats/ ;
 *   `OTEL_RESOURCE_ATTRIBUTES=key1=value1,key2=value2`, values percent-encoded as W3C Baggage
 *   (open-telemetry/opentelemetry-dotnet issue 3395, w3c/baggage HTTP_HEADER_FORMAT.md).
 * - EC2 instance ids `i-` + 17 hex, provider ids `aws:///<zone>/<id>`; GCE
 *   `projects/<p>/zones/<z>/instances/<name>`; Azure VMSS instance ids
 *   `/subscriptions/<uuid>/resourceGroups/<rg>/providers/Microsoft.Compute/virtualMachineScaleSets/<name>/virtualMachines/<n>`;
 *   OCI `ocid1.<type>.<realm>.<region>.<unique>` (docs.oracle.com iaas Content/General/Concepts/identifiers.htm).
 * - wandb's `wandb: 🚀 View run <name> at: https://wandb.ai/<entity>/<project>/runs/<id>`
 *   (as wandb prints it; quoted in user logs); Databricks MLflow experiment paths `/Users/<email>/<name>`.
 * - S3 SigV4 presigned URLs `X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=<AKID>%2F<date>%2F<region>%2Fs3%2Faws4_request&X-Amz-Date=…&X-Amz-Expires=…&X-Amz-Security-Token=…&X-Amz-Signature=<64 hex>`:
 *   https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html
 * - GKE kube contexts `gke_<project>_<zone>_<cluster>` (gcloud container clusters get-credentials),
 *   EKS `arn:aws:eks:<region>:<account>:cluster/<name>`; Vault Agent injector annotations
 *   `vault.hashicorp.com/agent-inject-secret-<name>: <path>` and `vault.hashicorp.com/role`:
 *   https://developer.hashicorp.com/vault/docs/platform/k8s/injector/annotations ; Vault service
 *   tokens `hvs.` (Vault 1.10 token format).
 * - GitHub token prefixes `ghp_`, `ghs_`: https://github.blog/changelog/2021-03-31-authentication-token-format-updates-are-generally-available/ ;
 *   npm `npm_` tokens in `.npmrc` `//registry.npmjs.org/:_authToken=`: https://docs.npmjs.com/cli/configuring-npm/npmrc ;
 *   Hugging Face `hf_` tokens: https://huggingface.co/docs/hub/security-tokens ; NGC API keys
 *   `nvapi-` used with `docker login nvcr.io --username '$oauthtoken'`: https://docs.nvidia.com/ngc/ ;
 *   docker `config.json` `{"auths":{"<registry>":{"auth":"<base64 user:password>"}}}`:
 *   https://docs.docker.com/reference/cli/docker/login/ ; `.netrc` `machine/login/password`
 *   (GNU inetutils netrc); `~/.aws/credentials` `aws_secret_access_key`: https://docs.aws.amazon.com/cli/latest/userguide/cli-configure-files.html ;
 *   Slack incoming webhooks `https://hooks.slack.com/services/T…/B…/<secret>`: https://api.slack.com/messaging/webhooks ;
 *   oauth2-proxy's `_oauth2_proxy` cookie: https://oauth2-proxy.github.io/oauth2-proxy/configuration/overview ;
 *   Kaggle `kaggle.json` `{"username":…,"key":<32 hex>}`: https://github.com/Kaggle/kaggle-api ;
 *   a GCP service-account key file `{"type":"service_account",…,"private_key":"-----BEGIN PRIVATE KEY-----…"}`:
 *   https://cloud.google.com/iam/docs/keys-create-delete
 * - PyTorch's allocator message `CUDA out of memory. Tried to allocate X GiB. GPU n has a total
 *   capacity of Y GiB of which Z GiB is free. … PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True`
 *   (pytorch c10/cuda/CUDACachingAllocator.cpp; quoted in user logs), `CUBLAS_STATUS_ALLOC_FAILED when calling
 *   cublasCreate(handle)` (aten/src/ATen/cuda/CublasHandlePool.cpp), `cudaErrorMemoryAllocation`:
 *   https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html ; the kernel's
 *   `oom-kill:constraint=CONSTRAINT_MEMCG,…` and `Memory cgroup out of memory: Killed process`
 *   (torvalds/linux mm/oom_kill.c), relayed by node-problem-detector as an `OOMKilling` event
 *   (kubernetes/node-problem-detector config/kernel-monitor.json).
 * - kubelet's `FallbackToLogsOnError`: the termination message is the last 2048 bytes or 80
 *   lines of the log, so it can start inside a word; a container's own termination-log is
 *   at most 4096 bytes: https://kubernetes.io/docs/tasks/debug/debug-application/determine-reason-pod-failure/
 */
import { fileURLToPath } from 'node:url';
import { loadScenario, type Scenario } from '../../../functions/simulator/startRunaiSimulator.js';
import { randomFrom, type HeldOutSet, type KeepCase } from '../heldout/heldOutPlants.js';
import { plantCollector } from '../heldout/plantCollector.js';
import { runaiEventAbout, runaiRecordsOf } from '../heldout/runaiRecordsOf.js';

export const FAMILIES_3 = [
  'git-identity',
  'artifact-registry',
  'ticket-ref',
  'financial-number',
  'network-hardware',
  'directory-identity',
  'hpc-scheduler',
  'telemetry-labels',
  'cloud-instance',
  'ml-tracking',
  'signed-url',
  'kube-and-vault',
  'encoded-or-cut',
] as const;
export type Family3 = (typeof FAMILIES_3)[number];

/** Seeds of this set only (the first set's are 25001-25002, the second's 25101-25102). */
export const HELD_OUT_SEEDS_3 = [25_201, 25_202, 25_203] as const;

const BASE = fileURLToPath(new URL('../../../fixtures/scenarios/tier2-137-oomkilled-from-last-state/', import.meta.url));

const FIRST = [
  'Chinedu',
  'Aurélie',
  'Mateus',
  'Siobhan',
  'Dariusz',
  'Yuki',
  'Farida',
  'Lars',
  'Valentina',
  'Thandiwe',
  'Rohan',
  'Ingrid',
  'Tomasz',
  'Leilani',
  'Esperanza',
  'Kwame',
  'Mirela',
  'Anselm',
];
const LAST = [
  'Okafor',
  'Marchetti',
  'Figueiredo',
  'Gallagher',
  'Nowicki',
  'Takahashi',
  'Rahimi',
  'Lindqvist',
  'Ferraro',
  'Ndlovu',
  'Kapoor',
  'Halvorsen',
  'Zielinski',
  'Kahananui',
  'Quispe',
  'Vasquez',
  'Oyelaran',
  'Brandt',
];
/** Login names are drawn from their own decks (a login is not a display name). */
const GIVEN = ['amara', 'bjorn', 'cyrus', 'dalia', 'emeka', 'fumiko', 'gideon', 'hana', 'idris', 'jovana', 'kasper', 'lucia', 'mihai', 'noor', 'otto', 'priya'];
const FAMILY = [
  'abara',
  'berg',
  'cortez',
  'dube',
  'eklund',
  'fontaine',
  'grewal',
  'hoang',
  'ibarra',
  'jansen',
  'kowal',
  'lemaire',
  'mbeki',
  'nakano',
  'orsini',
  'petrov',
];
const CORPS = ['contoso', 'fabrikam', 'northwind', 'tailspin', 'woodgrove', 'adatum', 'litware', 'proseware', 'fourthcoffee', 'lucerne'];
const CUSTOMERS = [
  'bluthco',
  'vandelay',
  'dundermiff',
  'pawneeparks',
  'sterlingcoop',
  'prestige-ww',
  'kramerica',
  'gekkoco',
  'rekall',
  'weyland',
  'nakatomi',
  'virtucon',
  'zorgind',
  'massivecorp',
];
const CODENAMES = ['heron', 'basalt', 'juniper', 'mistral', 'cobalt', 'fennec', 'sequoia', 'alder', 'tundra', 'marlin', 'ember', 'saffron'];
const TEAMS = ['vision', 'mmlab', 'vlm', 'perception', 'ocr', 'docai'];
const JIRA = ['MLOPS', 'VLM', 'GPUOPS', 'DATA', 'INFRA', 'TRAIN', 'PLAT'];
const REGIONS_AWS = ['us-east-1', 'us-west-2', 'eu-west-1', 'ap-northeast-1'];
const ZONES_GCP = ['us-central1-a', 'europe-west4-b', 'asia-southeast1-c', 'us-east5-a'];
const HEX = '0123456789abcdef';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALNUM = `${UPPER}${LOWER}${DIGITS}`;
const B64 = `${ALNUM}+/`;
const BASE32 = `${LOWER}234567`;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
/** Joined at run time so this file holds no literal a secret scanner would flag. */
const j = (...parts: string[]) => parts.join('');

/** ISO 13616 check digits for a country code and BBAN (mod 97 of the rearranged number). */
function iban(country: string, bban: string): string {
  const numeric = `${bban}${country}00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  return `${country}${String(98 - remainder).padStart(2, '0')}${bban}`;
}

/** The Luhn check digit that makes `body` + digit valid (ISO/IEC 7812). */
function luhn(body: string): string {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const group4 = (text: string) => text.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * One identifier written in several places, fields and free text: `--anonymize` must give it
 * ONE pseudonym everywhere. Each place is a JSON field name (its string values) or the text
 * right before and after the value; the measure pairs the raw and the anonymized matches of a
 * place by their order and reads the pseudonym the value got in each.
 */
export interface ConsistencyCase {
  id: string;
  value: string;
  places: ({ field: string } | { before: string; after: string })[];
}

export interface HeldOutSet3 extends HeldOutSet<Family3> {
  consistency: ConsistencyCase[];
}

/** Builds the third held-out set for one seed. */
export async function buildHeldOutSet3(seed: number): Promise<HeldOutSet3> {
  const r = randomFrom(seed);
  const base = await loadScenario(BASE);
  const { plants, secrets, plant, secret, deal } = plantCollector<Family3>(r);
  const first = deal(FIRST);
  const last = deal(LAST);
  const customer = deal(CUSTOMERS);
  const codename = deal(CODENAMES);
  const jiraKey = deal(JIRA);
  const person = () => ({ first: first(), last: last() });
  const given = deal(GIVEN);
  const familyName = deal(FAMILY);
  const handle = () => `${given().charAt(0)}${familyName()}${r.int(2, 99)}`;
  const corp = `${r.pick(CORPS)}${r.int(2, 9)}`;
  const CORP = corp.toUpperCase();
  const team = r.pick(TEAMS);
  const awsRegion = r.pick(REGIONS_AWS);
  const gcpZone = r.pick(ZONES_GCP);
  const uuid = () => `${r.chars(HEX, 8)}-${r.chars(HEX, 4)}-4${r.chars(HEX, 3)}-a${r.chars(HEX, 3)}-${r.chars(HEX, 12)}`;
  const mac = () => Array.from({ length: 6 }, () => r.chars(HEX, 2)).join(':');

  // --- the workload: names a user chose ----------------------------------------------------------------
  const ownerHandle = plant(
    'directory-identity',
    'owner-handle-in-workload-name',
    handle(),
    'the workload name "<handle>-llava-ft-<n>": every field, pod name and message that names the workload',
  );
  const workloadName = `${ownerHandle}-llava-ft-${r.int(10, 99)}`;
  const projectName = `${team}-${r.pick(['prod', 'research', 'lab'])}`;
  const namespace = `runai-${projectName}`;
  const nodeOf = (index: number) => `${corp}-h100-r${r.int(1, 9)}n${String(index).padStart(2, '0')}`;
  const nodes = [nodeOf(r.int(10, 19)), nodeOf(r.int(20, 29)), nodeOf(r.int(30, 39))];
  const submitter = person();
  const submitterEmail = `${submitter.first.toLowerCase()}.${submitter.last.toLowerCase()}@${corp}.com`;

  // --- people in Git: commit trailers and remotes ---------------------------------------------------------
  const signer = person();
  const signedOffName = plant(
    'git-identity',
    'signed-off-by-name-in-init-message',
    `${signer.first} ${signer.last}`,
    'init container termination-log "Signed-off-by: <Name> <email>"',
  );
  const signedOffEmail = plant(
    'git-identity',
    'signed-off-by-email-in-init-message',
    `${signer.first.charAt(0).toLowerCase()}${signer.last.toLowerCase()}@${corp}-labs.io`,
    'the same trailer\u2019s e-mail',
  );
  const coauthorLogin = handle();
  const coauthorNoreply = plant(
    'git-identity',
    'co-authored-by-noreply-in-spec-annotation',
    `${r.int(1_000_000, 99_999_999)}+${coauthorLogin}@users.noreply.github.com`,
    'spec annotation git-commit "Co-authored-by: <Name> <id>+<login>@users.noreply.github.com"',
  );
  const coauthor = person();
  const reviewer = person();
  const reviewedBy = plant('git-identity', 'reviewed-by-name-in-history', `${reviewer.first} ${reviewer.last}`, 'history message "(Reviewed-by: <Name>)"');
  const gitAtRemote = plant(
    'git-identity',
    'git-at-remote-in-k8s-env',
    `ghe.${corp}.internal:${team}-${codename()}/llava-recipes`,
    'k8s container env GIT_REMOTE=git@<host>:<org>/<repo>.git',
  );
  const commitAuthorYaml = plant(
    'git-identity',
    'commit-author-handle-in-k8s-annotation-yaml',
    handle(),
    'k8s pod annotation: YAML "build:\\n  author: <handle>"',
  );

  // --- internal artifact registries ------------------------------------------------------------------------
  const artifactoryRepo = plant(
    'artifact-registry',
    'artifactory-image-repo-in-image-fields',
    `${corp}.jfrog.io/docker-${team}-local`,
    'spec.image, Run:ai pod containers[].image, k8s container image and imageID',
  );
  const harborProject = plant(
    'artifact-registry',
    'harbor-project-in-k8s-annotation',
    `harbor.${corp}.io/${customer()}-ml`,
    'k8s pod annotation base-image: <harbor>/<project>/<repo>:<tag>',
  );
  const nexusHost = plant(
    'artifact-registry',
    'nexus-host-in-log',
    `nexus-${r.int(1, 9)}.${corp}.internal:8443`,
    'worker log "Looking in indexes: https://ci-bot:****@<host>/…"',
  );
  const nexusRepo = plant('artifact-registry', 'nexus-customer-repo-in-log', `pypi-${customer()}-proxy`, 'the same line: /repository/<repo>/simple');
  const artifactoryPypiUser = plant(
    'artifact-registry',
    'artifactory-user-in-pip-conf-env',
    `svc-${team}-${handle()}`,
    'spec env PIP_CONFIG (pip.conf): https://<user>:<token>@…',
  );

  // --- tickets ---------------------------------------------------------------------------------------------
  const jiraInAnnotation = plant('ticket-ref', 'jira-key-in-spec-annotation', `${jiraKey()}-${r.int(100, 9999)}`, 'spec annotation ticket');
  const jiraSite = plant('ticket-ref', 'jira-site-in-history', `${corp}-eng.atlassian.net`, 'history message https://<site>/browse/<KEY>-<n>');
  const jiraInHistory = `${jiraKey()}-${r.int(100, 9999)}`;
  const confluence = plant(
    'ticket-ref',
    'confluence-page-in-run-ai-event',
    `wiki.${corp}.internal/display/${codename().toUpperCase()}`,
    'Run:ai event message "runbook https://<wiki>/display/<SPACE>/<Title>"',
  );
  const serviceNowIncident = plant('ticket-ref', 'servicenow-incident-in-k8s-event', `INC0${r.chars(DIGITS, 6)}`, 'k8s event message "incident INC0…"');
  const serviceNowInstance = plant('ticket-ref', 'servicenow-instance-in-k8s-annotation', `${corp}prod.service-now.com`, 'k8s pod annotation: an incident URL');
  const jiraBranchPerson = first();
  const jiraBranch = plant(
    'ticket-ref',
    'jira-branch-with-person-in-env',
    `feature/${jiraKey()}-${r.int(100, 9999)}-${jiraBranchPerson.toLowerCase()}-oom-fix`,
    'spec env GIT_BRANCH',
  );

  // --- financial and customer numbers ---------------------------------------------------------------------
  const ibanSpaced = plant(
    'financial-number',
    'iban-grouped-in-init-message',
    group4(iban('DE', r.chars(DIGITS, 18))),
    'init termination-log "skipped record iban=<IBAN in groups>"',
  );
  const ibanCompact = plant(
    'financial-number',
    'iban-compact-in-dict-repr',
    iban('NL', `${r.pick(['ABNA', 'INGB', 'RABO'])}${r.chars(DIGITS, 10)}`),
    "init termination-log, Python dict repr {'iban': …}",
  );
  const card = plant(
    'financial-number',
    'card-number-in-run-ai-event',
    group4(luhn(`4${r.chars(DIGITS, 14)}`)),
    'Run:ai event message "card <16 digits, grouped>"',
  );
  const customerNumber = plant('financial-number', 'customer-number-in-spec-label', `CN-${r.chars(DIGITS, 8)}`, 'spec label customer-no');
  const accountUrlEncoded = plant(
    'financial-number',
    'account-number-url-encoded-in-history',
    `ACCT%2F${r.chars(DIGITS, 10)}`,
    'history message: a query "?account=ACCT%2F<n>"',
  );

  // --- network hardware and host files --------------------------------------------------------------------
  const macColon = plant('network-hardware', 'mac-colon-in-worker-log', mac(), 'worker log "link/ether <mac>"');
  const macDash = plant('network-hardware', 'mac-dash-in-k8s-event', mac().toUpperCase().replaceAll(':', '-'), 'k8s event message (Windows getmac form)');
  const macDotted = plant(
    'network-hardware',
    'mac-cisco-dotted-in-history',
    `${r.chars(HEX, 4)}.${r.chars(HEX, 4)}.${r.chars(HEX, 4)}`,
    'history message "port learned <xxxx.xxxx.xxxx>"',
  );
  const ibGuid = plant('network-hardware', 'infiniband-guid-in-worker-log', `0x${r.chars(HEX, 16)}`, 'worker log "mlx5_0 port 1 GUID <0x…>"');
  const hostsFqdn = plant(
    'network-hardware',
    'etc-hosts-fqdn-in-k8s-annotation',
    `trn-rdzv-${r.int(10, 99)}.${corp}.lan`,
    'k8s pod annotation: an /etc/hosts line "<ip>\\t<fqdn> <alias>"',
  );
  const hostsAlias = plant('network-hardware', 'etc-hosts-alias-in-k8s-annotation', `${team}box${r.int(10, 99)}`, 'the same /etc/hosts line\u2019s alias');
  const hostAliasName = plant('network-hardware', 'host-alias-in-pod-spec', `minio-${codename()}.${corp}.lan`, 'k8s pod spec.hostAliases[].hostnames');

  // --- directory identities ------------------------------------------------------------------------------
  const submitterPlant = plant('directory-identity', 'submitter-email-in-fields', submitterEmail, 'Run:ai workload submittedBy, spec createdBy');
  const krbUser = plant('directory-identity', 'kerberos-user-principal-in-env', `${handle()}@${CORP}.CORP`, 'spec env KRB5_PRINCIPAL');
  const krbService = plant(
    'directory-identity',
    'kerberos-service-principal-in-init-message',
    `HTTP/hdfs-nn${r.int(1, 4)}.${corp}.corp@${CORP}.CORP`,
    'init termination-log "kinit: … for <service>/<host>@<REALM>"',
  );
  const dnPerson = person();
  const ldapCn = plant(
    'directory-identity',
    'ldap-dn-cn-in-spec-annotation',
    `CN=${dnPerson.last}\\, ${dnPerson.first}`,
    'spec annotation approver-dn "CN=Last\\, First,OU=…,DC=…"',
  );
  const ldapOu = plant('directory-identity', 'ldap-dn-ou-in-spec-annotation', `OU=${customer()}-ml`, 'the same DN\u2019s OU');
  const ldapUid = plant('directory-identity', 'ldap-uid-in-k8s-annotation', handle(), 'k8s pod annotation "uid=<handle>,ou=people,dc=…"');
  const upnPerson = person();
  const upn = plant(
    'directory-identity',
    'entra-upn-in-history',
    `${upnPerson.first.toLowerCase()}.${upnPerson.last.toLowerCase()}@${corp}.onmicrosoft.com`,
    'history message "approved by <upn>"',
  );

  // --- HPC schedulers ------------------------------------------------------------------------------------------
  const slurmUser = plant('hpc-scheduler', 'squeue-user-in-history', handle(), 'history message: a squeue row "JOBID PARTITION NAME USER …"');
  const slurmNodeList = plant(
    'hpc-scheduler',
    'slurm-nodelist-in-history',
    `${corp}gpu[${r.int(100, 150)}-${r.int(151, 199)}]`,
    'the same squeue row\u2019s NODELIST',
  );
  const slurmJobId = String(r.int(1_000_000, 9_999_999));
  const slurmAccount = plant('hpc-scheduler', 'slurm-account-in-env', `${customer()}-${team}`, 'spec env SLURM_JOB_ACCOUNT');
  const pbsOwner = plant(
    'hpc-scheduler',
    'pbs-job-owner-in-run-ai-event',
    `${handle()}@login${r.int(1, 4)}.${corp}.hpc`,
    'Run:ai event message "Job_Owner = <user>@<host>"',
  );

  // --- telemetry labels ---------------------------------------------------------------------------------------
  const gpuUuid = plant('telemetry-labels', 'gpu-uuid-in-prometheus-line', `GPU-${uuid()}`, 'worker log: DCGM metric line {UUID="GPU-…"}');
  const promHost = plant(
    'telemetry-labels',
    'prometheus-hostname-label-in-log',
    `dcgm-${corp}-${r.chars(LOWER + DIGITS, 5)}`,
    'the same line\u2019s Hostname label',
  );
  const promOwner = plant('telemetry-labels', 'prometheus-owner-label-in-spec-annotation', handle(), 'spec annotation alert-labels {owner="<handle>"}');
  const otelHost = plant('telemetry-labels', 'otel-host-name-in-env', `wkst-${handle()}`, 'spec env OTEL_RESOURCE_ATTRIBUTES host.name=');
  const otelCluster = plant('telemetry-labels', 'otel-cluster-name-in-env', `${corp}-${awsRegion}-gpu-${r.int(1, 9)}`, 'the same variable: k8s.cluster.name=');
  const otelPerson = person();
  const otelEnduser = plant(
    'telemetry-labels',
    'otel-enduser-percent-encoded-in-env',
    `${otelPerson.first}%20${otelPerson.last}`,
    'the same variable: enduser.id=<First%20Last> (W3C Baggage percent-encoding)',
  );

  // --- cloud instances ---------------------------------------------------------------------------------------
  const ec2Event = plant('cloud-instance', 'ec2-instance-id-in-run-ai-event', `i-0${r.chars(HEX, 16)}`, 'Run:ai event message "instance <i-…>"');
  const ec2Provider = plant(
    'cloud-instance',
    'ec2-provider-id-in-k8s-annotation',
    `i-0${r.chars(HEX, 16)}`,
    'k8s pod annotation node-provider-id aws:///<zone>/<id>',
  );
  const gceInstance = plant(
    'cloud-instance',
    'gce-instance-in-history',
    `${corp}-a3-highgpu-${r.chars(LOWER + DIGITS, 4)}`,
    'history message projects/<p>/zones/<z>/instances/<name>',
  );
  const gceProject = plant('cloud-instance', 'gce-project-in-history', `${corp}-${team}-${r.int(100000, 999999)}`, 'the same path\u2019s project');
  const vmssRg = plant(
    'cloud-instance',
    'azure-vmss-resource-group-in-k8s-annotation',
    `MC_rg-${corp}-${team}_aks-${corp}_eastus2`,
    'k8s pod annotation: an Azure VMSS instance id',
  );
  const ocid = plant('cloud-instance', 'oci-ocid-in-worker-log', `ocid1.instance.oc1.iad.${r.chars(BASE32, 60)}`, 'worker log "instance ocid1.instance.oc1…"');
  plant('cloud-instance', 'node-names-in-fields', nodes[2]!, 'Run:ai pod nodeName, k8s spec.nodeName, event source.host');

  // --- ML tracking ---------------------------------------------------------------------------------------------
  const hfRepo = plant('ml-tracking', 'hf-private-repo-in-args', `${corp}-research/llava-13b-${customer()}-sft`, 'spec args --model <org>/<repo>');
  const hfRepoLog = plant(
    'ml-tracking',
    'hf-private-repo-url-in-worker-log',
    `${corp}-vlm/${codename()}-vision-tower`,
    'worker log https://huggingface.co/<org>/<repo>/resolve/…',
  );
  const wandbEntity = plant('ml-tracking', 'wandb-entity-in-env', `${customer()}-${team}`, 'spec env WANDB_ENTITY');
  const wandbRunPath = plant(
    'ml-tracking',
    'wandb-run-path-in-worker-log',
    `${corp}-ml/${codename()}-sweep`,
    'worker log "wandb: 🚀 View run … at: https://wandb.ai/<entity>/<project>/runs/<id>"',
  );
  const mlflowPerson = person();
  const mlflowUserPath = plant(
    'ml-tracking',
    'mlflow-experiment-user-path-in-k8s-env',
    `/Users/${mlflowPerson.first.toLowerCase()}.${mlflowPerson.last.toLowerCase()}@${corp}.com`,
    'k8s container env MLFLOW_EXPERIMENT_NAME=/Users/<email>/<name>',
  );
  const mlflowDictPerson = person();
  const mlflowDictName = plant(
    'ml-tracking',
    'mlflow-experiment-person-in-dict-repr',
    `${mlflowDictPerson.first.toLowerCase()}-${mlflowDictPerson.last.toLowerCase()}-llava-sweep`,
    "worker log: Python dict repr {'experiment_name': …}",
  );

  // --- signed URLs -----------------------------------------------------------------------------------------------
  const s3Bucket = plant(
    'signed-url',
    's3-bucket-in-presigned-url',
    `${corp}-${customer()}-ckpt-${r.chars(LOWER, 4)}`,
    'init termination-log: an S3 presigned URL\u2019s virtual-host bucket',
  );
  const s3KeyCustomer = plant('signed-url', 's3-key-customer-in-presigned-url', `${customer()}/exports`, 'the same URL\u2019s object key');
  // The access key id in X-Amz-Credential is not planted: the raw recording already redacts it.
  const accessKeyId = j('AK', 'IA', r.chars(UPPER + '234567', 16));

  // --- kube contexts and Vault --------------------------------------------------------------------------------
  const gkeContext = plant(
    'kube-and-vault',
    'gke-context-in-k8s-annotation',
    `gke_${corp}-${team}-${r.int(100, 999)}_${gcpZone}_${codename()}`,
    'k8s pod annotation deployed-from-context',
  );
  const eksCluster = plant(
    'kube-and-vault',
    'eks-cluster-in-env',
    `${corp}-${codename()}-eks`,
    'spec env KUBE_CONTEXT=arn:aws:eks:<region>:<account>:cluster/<name>',
  );
  const userContext = plant(
    'kube-and-vault',
    'user-at-cluster-context-in-history',
    `${handle()}@${corp}-train-${r.int(1, 9)}`,
    'history message "kubectl config use-context <user>@<cluster>"',
  );
  const vaultPath = plant(
    'kube-and-vault',
    'vault-secret-path-in-k8s-annotation',
    `secret/data/${team}/${customer()}/hf`,
    'k8s pod annotation vault.hashicorp.com/agent-inject-secret-hf',
  );
  const vaultRole = plant('kube-and-vault', 'vault-role-in-k8s-annotation', `${team}-${customer()}-trainer`, 'k8s pod annotation vault.hashicorp.com/role');

  // --- the same kinds of identifiers, encoded, cut or wrapped -------------------------------------------------
  const jsonEscapedHandle = plant(
    'encoded-or-cut',
    'handle-in-escaped-json',
    handle(),
    'k8s pod annotation holding JSON inside a JSON string (escaped twice in the recording)',
  );
  const dictHost = plant('encoded-or-cut', 'host-in-python-dict-repr', `rdzv-${codename()}.${corp}.lan`, "worker log dict repr {'master_addr': …}");
  const yamlCustomer = plant('encoded-or-cut', 'customer-in-yaml-annotation', customer(), 'spec annotation: YAML "dataset:\\n  customer: <name>"');
  const yamlPerson = person();
  const yamlOwner = plant('encoded-or-cut', 'person-in-yaml-annotation', `${yamlPerson.first} ${yamlPerson.last}`, 'the same YAML: "owner: <First Last>"');
  const urlEmailPerson = person();
  const urlEncodedEmail = plant(
    'encoded-or-cut',
    'email-url-encoded-in-init-message',
    `${urlEmailPerson.first.toLowerCase()}.${urlEmailPerson.last.toLowerCase()}%40${corp}.com`,
    'init termination-log "GET /api/v2/users?email=<first.last%40corp.com>"',
  );
  const urlEncodedHome = plant('encoded-or-cut', 'home-dir-url-encoded-in-init-message', handle(), 'the same request: "&ckpt=%2Fhome%2F<handle>%2Fckpt"');
  const cutHostFull = `trn-master-${r.int(10, 99)}.${codename()}.${corp}.lan`;
  const cutVisible = cutHostFull.slice(7);
  plant(
    'encoded-or-cut',
    'host-cut-by-kubelet-2048-byte-limit',
    cutVisible,
    'worker termination message: kubelet kept the last 2048 bytes, the first line starts inside a host name',
  );
  const wrapEmailPerson = person();
  const wrapEmail = `${wrapEmailPerson.first.toLowerCase()}.${wrapEmailPerson.last.toLowerCase()}@${customer()}.com`;
  const wrapAt = Math.floor(wrapEmail.length / 2);
  const wrapHead = plant('encoded-or-cut', 'email-wrapped-head', wrapEmail.slice(0, wrapAt), 'init termination-log: an e-mail wrapped at column 80 (head)');
  const wrapTail = plant('encoded-or-cut', 'email-wrapped-tail', wrapEmail.slice(wrapAt), 'the next line (tail)');
  const eventCutPerson = person();
  const eventCutFull = `${eventCutPerson.first} ${eventCutPerson.last}`;
  const eventCut = plant(
    'encoded-or-cut',
    'name-cut-in-k8s-event',
    eventCutFull.slice(0, eventCutFull.length - 2),
    'k8s event message cut by a length limit inside a name',
  );

  // --- secrets ---------------------------------------------------------------------------------------------------
  const hfWrapped = j('hf', '_', r.chars(ALNUM, 34));
  const dbPassword = `${r.chars(ALNUM, 5)}@${r.chars(ALNUM, 4)}#${r.chars(ALNUM, 3)}/${r.chars(ALNUM, 5)}`;
  const pgPassword = `${r.chars(ALNUM, 6)}@${r.chars(ALNUM, 3)}/${r.chars(ALNUM, 4)}#${r.chars(ALNUM, 4)}`;
  const saPem = j('-----BEGIN PRIV', 'ATE KEY-----\n', Array.from({ length: 4 }, () => r.chars(B64, 64)).join('\n'), '\n-----END PRIV', 'ATE KEY-----\n');
  const saJson = JSON.stringify({
    type: 'service_account',
    project_id: `${corp}-${team}-prod`,
    private_key_id: r.chars(HEX, 40),
    private_key: saPem,
    client_email: `${team}-trainer@${corp}-${team}-prod.iam.gserviceaccount.com`,
  });
  const saB64 = b64(saJson);
  const ghsCut = j('gh', 's_', r.chars(ALNUM, 36));
  const ghsVisible = ghsCut.slice(0, 30);
  const artifactoryKey = j('AK', 'Cp', r.chars(ALNUM, 69));
  const harborRobotPassword = r.chars(ALNUM, 32);
  const dockerAuth = b64(`robot$${team}+ci:${harborRobotPassword}`);
  const refToken = b64(`reftkn:01:${r.int(1_700_000_000, 1_900_000_000)}:${r.chars(ALNUM, 32)}`).replace(/=+$/, '');
  const npmToken = j('np', 'm_', r.chars(ALNUM, 36));
  const bearer = r.chars(ALNUM + '-_', 48);
  const xApiKey = r.chars(ALNUM, 40);
  const oauthCookie = `${r.chars(B64.replace('+', '-').replace('/', '_'), 88)}|${r.int(1_700_000_000, 1_900_000_000)}|${r.chars(ALNUM, 44)}=`;
  const amzSignature = r.chars(HEX, 64);
  const amzSessionToken = r.chars(B64, 356);
  const awsSecretKey = r.chars(ALNUM + '/+', 40);
  const ngcKey = j('nv', 'api-', r.chars(ALNUM + '-_', 64));
  const vaultToken = j('hv', 's.', r.chars(ALNUM + '-_', 92));
  const slackWebhookSecret = r.chars(ALNUM, 24);
  const kaggleKey = r.chars(HEX, 32);
  const openaiKey = j('sk', '-proj-', r.chars(ALNUM + '-_', 120));

  // --- free text: the worker's log tail (kubelet FallbackToLogsOnError) -------------------------------------
  const cudaCapacity = 'GPU 3 has a total capacity of 79.10 GiB of which 1.06 GiB is free';
  const isoTimestamp = `2026-12-06T18:${String(r.int(10, 59))}:${String(r.int(10, 59))}.${r.chars(DIGITS, 3)}Z`;
  const asctime = `2026-12-06 18:${String(r.int(10, 59))}:${String(r.int(10, 59))},${r.chars(DIGITS, 3)}`;
  const hfWrapAt = 11 + r.int(0, 12);
  const dictLine =
    `${asctime} INFO trainer: run config {'master_addr': '${dictHost}', 'master_port': 29500, ` +
    `'experiment_name': '${mlflowDictName}', 'api_key': '${openaiKey}', 'bf16': True}`;
  const headersLine = `DEBUG urllib3: request headers {'Authorization': 'Bearer ${bearer}', 'x-api-key': '${xApiKey}', 'Accept': 'application/json'}`;
  const cookieLine = `DEBUG feature-api: Cookie: _oauth2_proxy=${oauthCookie}; theme=dark`;
  const hfLines = [`DEBUG hub: using token ${hfWrapped.slice(0, hfWrapAt)}`, hfWrapped.slice(hfWrapAt)];
  const workerTail = [
    ` -> rendezvous host ready (rank 3 joined)`,
    `${isoTimestamp} INFO trainer: NCCL_SOCKET_IFNAME=eth0; mlx5_0 port 1 GUID ${ibGuid}; link/ether ${macColon} brd ff:ff:ff:ff:ff:ff`,
    dictLine,
    `wandb: \u{1F680} View run ${codename()}-${r.int(1, 300)} at: https://wandb.ai/${wandbRunPath}/runs/${r.chars(LOWER + DIGITS, 8)}`,
    `Downloading https://huggingface.co/${hfRepoLog}/resolve/main/model-00003-of-00006.safetensors`,
    `Looking in indexes: https://ci-bot:****@${nexusHost}/repository/${nexusRepo}/simple`,
    `DCGM_FI_DEV_FB_USED{gpu="3",UUID="${gpuUuid}",Hostname="${promHost}",container="pytorch"} 80312`,
    `instance ${ocid} nvidia-smi: NVIDIA H100 80GB HBM3, memory.total 81559 MiB`,
    'WARNING torch.cuda: CUDA error: out of memory (cudaErrorMemoryAllocation) on rank 3; retrying the step',
    `torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.50 GiB. ${cudaCapacity}. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.`,
    'RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`; falling back to ZeRO-Offload (optimizer state on CPU)',
    `${asctime} INFO deepspeed: offloading optimizer states to host memory (pinned 88.0 GiB)`,
    // The log's last lines are what a report quotes of a termination message.
    ...hfLines,
  ];
  // kubelet keeps the last 2048 bytes: pad the line after the head so that the cut falls inside the host name.
  const workerRest = workerTail.slice(1).join('\n');
  const headLine = `${cutHostFull}${workerTail[0]}`;
  const keptOfHead = Buffer.byteLength(`${cutVisible}${workerTail[0]}\n${workerRest}`);
  const paddingHead = `${asctime} INFO trainer: step 41200 `;
  if (keptOfHead + 1 + Buffer.byteLength(paddingHead) > 2048)
    throw new Error(`worker termination message is ${keptOfHead} bytes: no room under kubelet's 2048`);
  const padding = `${paddingHead}${'.'.repeat(2048 - keptOfHead - 1 - Buffer.byteLength(paddingHead))}`;
  const fullLog = [headLine, padding, workerRest].join('\n');
  const workerMessage = Buffer.from(fullLog).subarray(-2048).toString('utf8');
  if (!workerMessage.startsWith(cutVisible)) throw new Error('the 2048-byte cut does not fall inside the host name');
  secret('hf-token-wrapped-over-two-log-lines', hfWrapped, 'worker termination message: an HF token wrapped onto the next line', {
    kind: 'text',
    text: hfLines.join('\n'),
  });
  secret('openai-key-in-python-dict-repr', openaiKey, "worker termination message: dict repr {'api_key': 'sk-proj-…'}", { kind: 'text', text: dictLine });
  secret('bearer-in-python-dict-repr', bearer, "init termination-log: dict repr {'Authorization': 'Bearer …'}", { kind: 'text', text: headersLine });
  secret('x-api-key-in-python-dict-repr', xApiKey, "init termination-log: dict repr {'x-api-key': …}", { kind: 'text', text: headersLine });
  secret('oauth2-proxy-cookie-in-log', oauthCookie, 'init termination-log "Cookie: _oauth2_proxy=…"', { kind: 'text', text: cookieLine });

  // --- free text: the init container's own termination-log (written on purpose, up to 4096 bytes) ---------
  const presigned =
    `https://${s3Bucket}.s3.${awsRegion}.amazonaws.com/${s3KeyCustomer}/llava-13b/step-41200.pt` +
    `?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=${accessKeyId}%2F20261206%2F${awsRegion}%2Fs3%2Faws4_request` +
    `&X-Amz-Date=20261206T180000Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host` +
    `&X-Amz-Security-Token=${encodeURIComponent(amzSessionToken)}&X-Amz-Signature=${amzSignature}`;
  const presignedLine = `stage-weights: fetched ${presigned}`;
  const pgUrlLine = `stage-weights: registry db postgresql+psycopg2://svc_ml:${encodeURIComponent(pgPassword)}@pg-${team}.${corp}.internal:5432/registry`;
  const vaultLine = `stage-weights: vault login ok: token ${vaultToken} (policies: default, ${team}-read)`;
  const kaggleJson = JSON.stringify({ username: jsonEscapedHandle, key: kaggleKey });
  const summaryJson = JSON.stringify({ step: 'stage-weights', ok: true, kaggle: kaggleJson, rows: 41200, iban: ibanCompact });
  const initLines = [
    `stage-weights: commit 4e1f0c2 "fix(data): stream ${yamlCustomer} shards"`,
    `    Signed-off-by: ${signedOffName} <${signedOffEmail}>`,
    `stage-weights: kinit: Keytab contains no suitable keys for ${krbService} while getting initial credentials (fallback: token auth)`,
    presignedLine,
    pgUrlLine,
    vaultLine,
    headersLine,
    cookieLine,
    `stage-weights: ${asctime} WARNING skipped record iban=${ibanSpaced} (schema v2)`,
    `stage-weights: GET /api/v2/users?email=${urlEncodedEmail}&ckpt=%2Fhome%2F${urlEncodedHome}%2Fckpt 200`,
    `stage-weights: summary ${summaryJson}`,
    `stage-weights: {'iban': '${ibanCompact}', 'rows_skipped': 3, 'base_image': 'nvcr.io/nvidia/pytorch:24.05-py3'}`,
    `stage-weights: notify data steward ${'-'.repeat(80 - 36 - wrapHead.length)} ${wrapHead}`,
    `${wrapTail} (weights staged to /dev/shm, 26.0 GiB)`,
  ];
  const initMessage = initLines.join('\n');
  if (Buffer.byteLength(initMessage) > 4096) throw new Error(`init termination-log is ${Buffer.byteLength(initMessage)} bytes, over 4096`);
  secret('s3-presigned-signature-in-init-message', amzSignature, 'init termination-log: X-Amz-Signature of an S3 presigned URL', {
    kind: 'text',
    text: presignedLine,
  });
  secret('s3-presigned-session-token-in-init-message', encodeURIComponent(amzSessionToken), 'init termination-log: X-Amz-Security-Token (URL-encoded)', {
    kind: 'text',
    text: presignedLine,
  });
  secret('password-percent-encoded-in-db-url', encodeURIComponent(pgPassword), 'init termination-log: a postgres URL whose password is percent-encoded', {
    kind: 'text',
    text: pgUrlLine,
  });
  secret('vault-token-in-login-output', vaultToken, 'init termination-log "vault login ok: token hvs.…"', { kind: 'text', text: vaultLine });
  secret('kaggle-key-in-escaped-json', kaggleKey, 'init termination-log: kaggle.json inside a JSON summary (escaped twice)', {
    kind: 'text',
    text: `stage-weights: summary ${summaryJson}`,
  });

  // --- structured fields: the Run:ai spec ----------------------------------------------------------------------
  const pipConf = `[global]\nindex-url = https://${artifactoryPypiUser}:${refToken}@${corp}.jfrog.io/artifactory/api/pypi/pypi-remote/simple\ntimeout = 60`;
  const mlflowUri = `postgresql://mlflow:${dbPassword}@mlflow-db.${corp}.internal:5432/mlflow`;
  const otel =
    `service.name=llava-trainer,service.namespace=${team},deployment.environment=prod,` +
    `host.name=${otelHost},k8s.cluster.name=${otelCluster},enduser.id=${otelEnduser}`;
  const env = [
    { name: 'WANDB_ENTITY', value: wandbEntity },
    { name: 'WANDB_PROJECT', value: `llava-${team}` },
    { name: 'KRB5_PRINCIPAL', value: krbUser },
    { name: 'SLURM_JOB_ACCOUNT', value: slurmAccount },
    { name: 'OTEL_RESOURCE_ATTRIBUTES', value: otel },
    { name: 'GIT_BRANCH', value: jiraBranch },
    { name: 'KUBE_CONTEXT', value: `arn:aws:eks:${awsRegion}:${r.chars(DIGITS, 12)}:cluster/${eksCluster}` },
    { name: 'PIP_CONFIG', value: pipConf },
    { name: 'MLFLOW_BACKEND_STORE_URI', value: mlflowUri },
    { name: 'PYTORCH_CUDA_ALLOC_CONF', value: 'expandable_segments:True' },
    { name: 'NCCL_SOCKET_IFNAME', value: 'eth0' },
  ].map((entry) => ({ ...entry, exclude: false }));
  secret('artifactory-token-in-pip-conf-env', refToken, 'spec env PIP_CONFIG: pip.conf index-url with credentials', {
    kind: 'env',
    name: 'PIP_CONFIG',
    value: pipConf,
  });
  secret('password-with-at-hash-slash-raw-in-url-env', dbPassword, 'spec env MLFLOW_BACKEND_STORE_URI: a password with @, # and / written raw', {
    kind: 'env',
    name: 'MLFLOW_BACKEND_STORE_URI',
    value: mlflowUri,
  });

  const netrc = `machine ${corp}.jfrog.io\nlogin ci-bot\npassword ${artifactoryKey}\n`;
  const slackWebhook = `https://hooks.slack.com/services/T${r.chars(UPPER + DIGITS, 8)}/B${r.chars(UPPER + DIGITS, 10)}/${slackWebhookSecret}`;
  const awsCredentials = `[default]\naws_access_key_id = ${j('AK', 'IA', r.chars(UPPER + '234567', 16))}\naws_secret_access_key = ${awsSecretKey}\n`;
  const commitMessage = `fix(data): stream ${yamlCustomer} shards\n\n` + `Co-authored-by: ${coauthor.first} ${coauthor.last} <${coauthorNoreply}>`;
  const yamlDataset = `dataset:\n  customer: ${yamlCustomer}\n  owner: ${yamlOwner}\n  shards: 512\n`;
  const annotations = [
    { name: 'ticket', value: jiraInAnnotation },
    { name: 'git-commit', value: commitMessage },
    { name: 'approver-dn', value: `${ldapCn},${ldapOu},OU=Users,DC=${corp},DC=com` },
    { name: 'alert-labels', value: `{team="${team}", owner="${promOwner}", severity="page"}` },
    { name: 'dataset', value: yamlDataset },
    { name: 'artifactory-netrc', value: netrc },
    { name: 'notify-webhook', value: slackWebhook },
    // A neutral name: an annotation named like a credential is redacted whole by its name, and
    // this plant is about the file's shape.
    { name: 'ci-profile', value: awsCredentials },
  ].map((entry) => ({ ...entry, exclude: false }));
  secret('artifactory-key-in-multiline-netrc-annotation', artifactoryKey, 'spec annotation: a .netrc with machine / login / password on separate lines', {
    kind: 'text',
    text: netrc,
  });
  secret('slack-webhook-in-spec-annotation', slackWebhookSecret, 'spec annotation: a Slack incoming-webhook URL', { kind: 'text', text: slackWebhook });
  secret('aws-secret-key-in-credentials-file-annotation', awsSecretKey, 'spec annotation: an ~/.aws/credentials file', { kind: 'text', text: awsCredentials });
  const labels = [
    { name: 'customer-no', value: customerNumber },
    { name: 'team', value: team },
  ].map((entry) => ({ ...entry, exclude: false }));
  const dockerLogin = `docker login nvcr.io --username '$oauthtoken' --password ${ngcKey} && torchrun`;
  secret('ngc-key-in-docker-login-command', ngcKey, "spec.command docker login nvcr.io --username '$oauthtoken' --password …", {
    kind: 'text',
    text: dockerLogin,
  });
  const args = `--nnodes=3 --nproc_per_node=8 train_llava.py --model ${hfRepo} --batch-size 16 --report-to wandb`;

  // --- put it in the scenario ----------------------------------------------------------------------------------
  const digest = `sha256:${r.chars(HEX, 64)}`;
  const image = `${artifactoryRepo}/llava-train:1.6.2`;
  const renamed = JSON.stringify(base)
    .replaceAll('hgx-h100-03', nodes[0]!)
    .replaceAll('hgx-h100-04', nodes[1]!)
    .replaceAll('hgx-h100-05', nodes[2]!)
    .replaceAll('llava-ft-13b', workloadName)
    .replaceAll('runai-multimodal', namespace)
    .replaceAll('"multimodal"', JSON.stringify(projectName))
    .replaceAll('applied-ai', `${team}-dept`)
    .replaceAll('registry.example.com/mm/llava-train@', `${artifactoryRepo}/llava-train@`)
    .replaceAll('registry.example.com/mm/llava-train:1.6.2', image)
    .replaceAll(`sha256:${'3f'.repeat(32)}`, digest)
    .replaceAll('a.ng@example.com', submitterPlant);
  const out = JSON.parse(renamed) as Scenario;
  const workloadId = out.request.workloadId!;
  const clusterId = out.request.clusterId!;
  const runai = runaiRecordsOf(out);
  const spec = runai.specs[workloadId]!.spec;
  Object.assign(spec, { command: dockerLogin, args, environmentVariables: env, annotations, labels });

  const podName = `${workloadName}-worker-1`;
  const involved = { kind: 'Pod', name: podName, namespace };
  const runaiEvent = runaiEventAbout(clusterId, involved);
  runai.events[workloadId]!.push(
    runaiEvent(
      '0c7d2e4f-1a3b-4c5d-8e9f-0a1b2c3d4e5f',
      'now-5h',
      'PaymentCheck',
      `billing hold released for card ${card}; runbook https://${confluence}/LLaVA+fine-tune+runbook`,
      'billing-gate',
    ),
    runaiEvent(
      '7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b',
      'now-5h',
      'Imported',
      `imported from PBS job ${slurmJobId}.pbs01: Job_Owner = ${pbsOwner}`,
      'hpc-bridge',
    ),
    runaiEvent(
      '3a4b5c6d-7e8f-4a9b-8c0d-1e2f3a4b5c6d',
      'now-5h',
      'NodeBound',
      `worker-1 bound to instance ${ec2Event} (spot capacity pool)`,
      'capacity-manager',
    ),
  );
  const history = runai.history[workloadId]!;
  const phase = (at: string, message: string) => ({
    meta: { creationTimestamp: at, type: 'PhaseUpdate' },
    spec: { phaseUpdate: { phase: 'Running', phaseMessage: message } },
  });
  history.push(
    phase('now-300m', `Resubmitted by ${submitterEmail} after review`),
    phase(
      'now-299m',
      `Running; approved by ${upn} (Reviewed-by: ${reviewedBy}); tracked in https://${jiraSite}/browse/${jiraInHistory}; ` +
        `kubectl config use-context ${userContext}`,
    ),
    phase(
      'now-298m',
      `Migrated from Slurm: ${slurmJobId} gpu-long train_ll ${slurmUser} F 11:02:03 2 ${slurmNodeList} after ` +
        `"slurmstepd: error: Detected 1 oom-kill event(s) in StepId=${slurmJobId}.batch. Some of your processes may have been killed by the cgroup out-of-memory handler."`,
    ),
    phase(
      'now-297m',
      `Spot replacement from projects/${gceProject}/zones/${gcpZone}/instances/${gceInstance}; ToR port learned ${macDotted}; ` +
        `billing https://billing.${corp}.internal/usage?account=${accountUrlEncoded}&period=2026-12`,
    ),
  );

  const kubernetes = out.kubernetes as unknown as {
    pods: { metadata: Record<string, unknown>; spec: Record<string, unknown>; status: Record<string, unknown> }[];
    events: Record<string, unknown>[];
  };
  const k8sPod = kubernetes.pods[0]!;
  const dockerConfig = JSON.stringify({ auths: { [`harbor.${corp}.io`]: { auth: dockerAuth } } });
  k8sPod.metadata.annotations = {
    'vault.hashicorp.com/agent-inject': 'true',
    'vault.hashicorp.com/agent-inject-secret-hf': vaultPath,
    'vault.hashicorp.com/role': vaultRole,
    'ml.example/deployed-from-context': gkeContext,
    'ml.example/base-image': `${harborProject}/cuda-base:12.4.1`,
    'ml.example/hosts': `10.20.${r.int(1, 254)}.${r.int(1, 254)}\t${hostsFqdn} ${hostsAlias}`,
    'ml.example/node-provider-id': `aws:///${awsRegion}b/${ec2Provider}`,
    'ml.example/vmss-instance': `/subscriptions/${uuid()}/resourceGroups/${vmssRg}/providers/Microsoft.Compute/virtualMachineScaleSets/aks-h100-${r.chars(DIGITS, 8)}-vmss/virtualMachines/${r.int(0, 40)}`,
    'ml.example/incident': `https://${serviceNowInstance}/nav_to.do?uri=incident.do%3Fsys_id%3D${r.chars(HEX, 32)}`,
    'ml.example/dataset': yamlDataset,
    'ml.example/build': `build:\n  author: ${commitAuthorYaml}\n  pipeline: ${r.int(1000, 9999)}\n`,
    'ml.example/owner-json': JSON.stringify({ metadata: { annotations: { owner: JSON.stringify({ login: jsonEscapedHandle, uid: r.int(1000, 9999) }) } } }),
    'ml.example/directory': `uid=${ldapUid},ou=people,dc=${corp},dc=corp`,
    'ml.example/registry-auth': dockerConfig,
  };
  secret('docker-config-auths-in-k8s-annotation', dockerAuth, 'k8s pod annotation: a docker config.json {"auths":{…:{"auth":"<base64>"}}}', {
    kind: 'text',
    text: dockerConfig,
  });
  const podSpec = k8sPod.spec as { containers: Record<string, unknown>[]; [key: string]: unknown };
  podSpec.hostAliases = [{ ip: `10.20.${r.int(1, 254)}.${r.int(1, 254)}`, hostnames: [hostAliasName] }];
  const npmrc = `//registry.npmjs.org/:_authToken=${npmToken}\nregistry=https://registry.npmjs.org/\n`;
  Object.assign(podSpec.containers[0]!, {
    terminationMessagePolicy: 'FallbackToLogsOnError',
    env: [
      { name: 'GIT_REMOTE', value: `git@${gitAtRemote}.git` },
      { name: 'MLFLOW_EXPERIMENT_NAME', value: `${mlflowUserPath}/llava-ft` },
      { name: 'GOOGLE_CREDENTIALS_B64', value: saB64 },
      { name: 'NPM_CONFIG_USERCONFIG_CONTENT', value: npmrc },
      { name: 'GIT_ASKPASS_HINT', value: `git clone https://x-access-token:${ghsVisible}…` },
    ],
    resources: { limits: { 'nvidia.com/gpu': '8', memory: '96Gi' }, requests: { 'nvidia.com/gpu': '8', memory: '96Gi' } },
  });
  secret('gcp-service-account-json-base64-in-k8s-env', saB64, 'k8s container env GOOGLE_CREDENTIALS_B64: base64 of a service-account key file', {
    kind: 'env',
    name: 'GOOGLE_CREDENTIALS_B64',
    value: saB64,
  });
  secret('npm-token-in-npmrc-k8s-env', npmToken, 'k8s container env: an .npmrc with _authToken', { kind: 'text', text: npmrc });
  secret('github-token-cut-by-a-limit-in-k8s-env', ghsCut, 'k8s container env: a ghs_ token cut after 30 characters', {
    kind: 'text',
    text: `git clone https://x-access-token:${ghsVisible}…`,
  });
  podSpec.initContainers = [{ name: 'stage-weights', image: 'nvcr.io/nvidia/pytorch:24.05-py3', command: ['python', '/opt/stage.py'] }];
  const status = k8sPod.status as { containerStatuses: { lastState: { terminated: Record<string, unknown> } }[]; [key: string]: unknown };
  status.containerStatuses[0]!.lastState.terminated.message = workerMessage;
  status.initContainerStatuses = [
    {
      name: 'stage-weights',
      image: 'nvcr.io/nvidia/pytorch:24.05-py3',
      imageID: `nvcr.io/nvidia/pytorch@${digest}`,
      ready: true,
      restartCount: 0,
      started: false,
      state: { terminated: { exitCode: 0, reason: 'Completed', message: initMessage, startedAt: 'now-5h', finishedAt: 'now-299m' } },
    },
  ];
  const k8sEvent = (suffix: string, reason: string, message: string, component: string, type = 'Normal') => ({
    metadata: { name: `${podName}.${suffix}`, namespace, creationTimestamp: 'now-52m' },
    involvedObject: { kind: 'Pod', namespace, name: podName, apiVersion: 'v1' },
    reason,
    message,
    source: { component, host: nodes[2] },
    firstTimestamp: 'now-52m',
    lastTimestamp: 'now-5m',
    count: 1,
    type,
    reportingComponent: component,
    reportingInstance: nodes[2],
  });
  const pid = r.int(20_000, 60_000);
  kubernetes.events.push(
    k8sEvent(
      '7f1e2d3c4b5a6978',
      'OOMKilling',
      `Memory cgroup out of memory: Killed process ${pid} (python) total-vm:${r.int(200, 260)}000000kB, anon-rss:${r.int(99, 100)}000000kB, ` +
        `file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:${r.int(190, 220)}000kB oom_score_adj:-997; ` +
        `oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=cri-containerd-${r.chars(HEX, 12)}.scope,mems_allowed=0-1,task=python,pid=${pid},uid=0`,
      'kernel-monitor',
      'Warning',
    ),
    k8sEvent(
      '8a9b0c1d2e3f4a5b',
      'LinkFlap',
      `NIC ${macDash} renegotiated at 400Gb/s on node ${nodes[2]}; incident ${serviceNowIncident} auto-closed`,
      'nic-monitor',
    ),
    k8sEvent('0c1d2e3f4a5b6c7d', 'Audit', `exec into pod by ${submitterEmail} via kubectl`, 'audit-relay'),
    k8sEvent('9b0c1d2e3f4a5b6c', 'Annotated', `data steward note from ${eventCut}\u2026`, 'steward-bot'),
  );

  const keep: KeepCase[] = [
    { id: 'keep/oomkilled-reason', value: '"reason": "OOMKilled"', why: 'the lastState reason Tier 2 resolves the 137 with' },
    { id: 'keep/exit-code-phrase', value: '(exit code 137)', why: 'exit codes are what the rules classify' },
    { id: 'keep/crashloop-enum', value: 'CrashLoopBackOff', why: 'a Kubernetes waiting reason' },
    { id: 'keep/memory-quantity', value: '"96Gi"', why: 'the limit the recommendation is about' },
    { id: 'keep/peak-bytes', value: '102542344192', why: 'the peak the verdict compares with the limit' },
    { id: 'keep/backoff-template', value: 'Back-off restarting failed container', why: 'kubelet\u2019s message template' },
    { id: 'keep/cuda-capacity-template', value: cudaCapacity, why: 'PyTorch\u2019s allocator message with its quantities' },
    { id: 'keep/cuda-error-name', value: 'cudaErrorMemoryAllocation', why: 'a CUDA runtime error name' },
    { id: 'keep/cublas-status', value: 'CUBLAS_STATUS_ALLOC_FAILED', why: 'a cuBLAS status name' },
    { id: 'keep/alloc-conf', value: 'PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True', why: 'configuration vocabulary the advice names' },
    { id: 'keep/mib-quantity', value: 'memory.total 81559 MiB', why: 'a GPU memory quantity' },
    { id: 'keep/gpu-product', value: 'NVIDIA H100 80GB HBM3', why: 'a GPU product name identifies no one' },
    { id: 'keep/kernel-oom-constraint', value: 'oom-kill:constraint=CONSTRAINT_MEMCG', why: 'the kernel\u2019s OOM record: a cgroup limit, not node pressure' },
    {
      id: 'keep/slurm-oom-template',
      value: 'Some of your processes may have been killed by the cgroup out-of-memory handler.',
      why: 'Slurm\u2019s OOM message template',
    },
    { id: 'keep/qos-enum', value: '"Guaranteed"', why: 'the pod QoS class' },
    { id: 'keep/image-digest', value: digest, why: 'an image digest names a build, not a person or host' },
    { id: 'keep/public-image', value: 'nvcr.io/nvidia/pytorch:24.05-py3', why: 'a public image reference identifies no one' },
    { id: 'keep/iso-timestamp', value: isoTimestamp, why: 'a timestamp in a log line orders evidence' },
    { id: 'keep/python-asctime', value: asctime, why: 'Python logging\u2019s default timestamp (comma before the milliseconds)' },
    { id: 'keep/amz-date', value: 'X-Amz-Date=20261206T180000Z', why: 'the signing time of the presigned URL: a timestamp' },
    { id: 'keep/env-name', value: 'NCCL_SOCKET_IFNAME', why: 'an environment variable name is configuration vocabulary' },
    { id: 'keep/gpu-resource', value: 'nvidia.com/gpu', why: 'an extended resource name' },
  ];

  const consistency: ConsistencyCase[] = [
    {
      id: 'consistency/workload-name-in-fields-and-phase-message',
      value: workloadName,
      places: [{ before: '1 of 3 pods are not running: ', after: '-worker-1 is in' }, { before: 'Workload: ', after: ' | Phase: ' }, { field: 'release' }],
    },
    {
      id: 'consistency/node-name-in-fields-and-event-text',
      value: nodes[2]!,
      places: [{ field: 'nodeName' }, { field: 'host' }, { before: 'at 400Gb/s on node ', after: '; incident' }],
    },
    {
      id: 'consistency/submitter-email-in-fields-and-history-text',
      value: submitterEmail,
      places: [
        { field: 'submittedBy' },
        { field: 'createdBy' },
        { before: 'Resubmitted by ', after: ' after review' },
        { before: 'exec into pod by ', after: ' via kubectl' },
      ],
    },
    {
      id: 'consistency/customer-in-yaml-and-commit-message',
      value: yamlCustomer,
      places: [
        { before: 'customer: ', after: '\n  owner: ' },
        { before: 'fix(data): stream ', after: ' shards' },
      ],
    },
  ];

  return { seed, scenario: { ...out, name: `heldout3-seed-${seed}` }, plants, secrets, keep, consistency };
}
