/**
 * The FIFTH held-out plant set for `--record` / `--anonymize` (issue #25, items 1 and 6): a
 * seeded generator — identifier classes × placements × wrappings, every value drawn per seed —
 * written while the fourth set is being tuned to, to measure whether that work generalises. Its
 * base is a fifth scenario, `fixtures/scenarios/tier2-137-node-pressure-eviction`: a training
 * pod ends on exit 137; Run:ai relays only a kubelet `Stopping container` event, and the verdict
 * (NODE_FAILURE) needs the recorded Kubernetes pod status (`Evicted`, the eviction manager's
 * message), the pod's events and the node's `MemoryPressure` condition, so the anonymized replay
 * checks that `--anonymize` keeps those readable. Sets 1–4 started from a CUDA OOM in logs, an
 * init container's HTTP 403, a distributed OOMKilled and a liveness-probe kill.
 *
 * Identifier classes none of sets 1–4 planted (their READMEs' class tables were read for this):
 * EC2 resource-name host names `i-0….<region>.compute.internal` as the node name (with the
 * instance id in `providerID`), GKE Autopilot `gk3-…-nap-…` and OKE `oke-c…-n…-s…-N` node names,
 * Karpenter node pools and EKS node groups named after customers; AWS account ids in ECR registry
 * hosts (every image field), STS assumed-role ARNs, SQS queue URLs, KMS key ARNs and S3 access
 * point ARNs; private registry orgs and hosts (GHCR, Quay, ACR, Artifact Registry, a registry with
 * a port); label, annotation and taint keys under a company's domain; private IPv4 in node
 * addresses and `hostIP`, IPv6 ULA, `ip link` MACs, a CIDR; names with diacritics, precomposed
 * and decomposed (NFD); e-mail display names `"Last, First" <…>` and RFC 2047 encoded words;
 * kernel-style git trailers (`Acked-by:`, `Tested-by:`, `Reported-by:`, `Suggested-by:`,
 * `Cc:`); Windows, `\\?\` long, WSL and JSON-escaped user paths; Kubernetes subjects
 * (`system:serviceaccount:<ns>:<sa>`, `oidc:` users and groups, `Impersonate-User:`, RBAC's
 * `User "…" cannot …`), an authorized key's comment; Grafana stacks and dashboard variables,
 * Mimir `X-Scope-OrgID` tenants, Prometheus label matchers, Loki tenants; Helm releases,
 * Kustomize overlays, Argo CD applications and Flux objects named after customers; names in URL
 * query strings and fragments, `mailto:`; archive, shard and checkpoint file names.
 *
 * Secret shapes, each as a rule defines it (gitleaks `config/gitleaks.toml`, gitleaks/gitleaks at
 * b58d3f1, rule ids below; trufflehog `pkg/detectors/<name>/<name>.go`,
 * trufflesecurity/trufflehog; vendors' documentation): AWS SigV4 presigned URLs
 * (`X-Amz-Credential=<ASIA…>` — aws-access-token — and `X-Amz-Signature=<64 hex>`:
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html), GCS V4 signed
 * URLs (`X-Goog-Signature=<hex>`: https://cloud.google.com/storage/docs/access-control/signed-urls),
 * Azure SAS `sp=…&st=…&se=…&spr=https&sv=…&sr=b&sig=…` (trufflehog azuresastoken), Vault
 * `hvs.` and `hvb.` tokens (vault-service-token, vault-batch-token), Kubernetes bootstrap tokens
 * `[a-z0-9]{6}.[a-z0-9]{16}` (https://kubernetes.io/docs/reference/access-authn-authz/bootstrap-tokens/),
 * a service-account JWT as a kubeconfig `token:` (jwt), kubeconfig `client-key-data:` (a base64
 * PEM), an OpenSSH ed25519 private key and a PGP private key block (private-key), NGC personal
 * keys `nvapi-` + 64 (NVIDIA AI Workbench docs: "These keys begin with nvapi-"; kingfisher rule
 * kingfisher.nvapi.1) and legacy NGC keys, 84 base64 characters of `<26>:<uuid>` (trufflehog
 * ngc), Hugging Face `hf_` + 34 letters (huggingface-access-token) in `HF_TOKEN=` and after
 * `huggingface-cli login --token`, W&B `wandb_v1_<27>_<49>` keys in a multi-line `.netrc`
 * (trufflehog weightsandbiases/v2), Grafana `glsa_<32>_<8 hex>` (grafana-service-account-token),
 * Pulumi `pul-` + 40 hex (pulumi-api-token), Terraform Cloud `<14>.atlasv1.<60–70>`
 * (hashicorp-tf-api-token) in `credentials.tfrc.json`, Age `AGE-SECRET-KEY-1…` (age-secret-key),
 * Google OAuth client secrets `GOCSPX-` + 28 in a `client_secret.json` (noseyparker np.google.2),
 * `Authorization: Basic`/`Bearer` headers in logged requests (curl-auth-header), passwords in
 * JDBC URLs (PostgreSQL `?password=`, SQL Server `;password=`) and a `--password=` flag, AWS
 * secret access keys in a credentials file, a Kubernetes Secret's `data:` (kubernetes-secret-yaml),
 * a GitHub OAuth `gho_` token in a clone URL (github-oauth), an `X-Vault-Token:` header.
 *
 * Expectations come from the issue's rule only — keep verbatim what the diagnosis needs,
 * pseudonymise every other identifier-like token consistently everywhere, never keep a secret
 * the report would redact — not from the engine (functions/recording/, functions/safety/ and
 * every redact/anonymize module were not opened to write this file).
 *
 * Message shapes, and where they come from:
 * - kubelet's eviction manager: pod `status.reason: Evicted` and the message `The node was low on
 *   resource: %v. Threshold quantity: %v, available: %v. Container %s was using %s, request is %s,
 *   has larger consumption of %v.` (kubernetes/kubernetes pkg/kubelet/eviction/helpers.go,
 *   evictionMessage), `Stopping container %s` (pkg/kubelet/kuberuntime/kuberuntime_container.go),
 *   the job controller's `Job has reached the specified backoff limit`
 *   (pkg/controller/job/job_controller.go), RBAC's `User %q cannot %s resource %q in API group
 *   %q in the namespace %q` (plugin/pkg/auth/authorizer/rbac/rbac.go), node conditions
 *   `KubeletHasInsufficientMemory` (pkg/kubelet/nodestatus/setters.go), the taint
 *   `node.kubernetes.io/memory-pressure`: all kubernetes/kubernetes, as the base fixture quotes them.
 * - Node `providerID` `aws:///<zone>/<instance-id>`, EC2 resource-name host names
 *   `<instance-id>.<region>.compute.internal`:
 *   https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/ec2-instance-naming.html; Karpenter's
 *   `karpenter.sh/nodepool` and EKS's `eks.amazonaws.com/nodegroup` labels; GKE Autopilot
 *   node names `gk3-<cluster>-nap-<hash>-<hash>-<hash>`; OKE node names `oke-c…-n…-s…-<n>`.
 * - ECR registry hosts `<account>.dkr.ecr.<region>.amazonaws.com`, ARNs
 *   `arn:aws:sts::<account>:assumed-role/<role>/<session>`, `arn:aws:kms:<region>:<account>:key/<id>`,
 *   `arn:aws:s3:<region>:<account>:accesspoint/<name>`, SQS `https://sqs.<region>.amazonaws.com/<account>/<queue>`:
 *   https://docs.aws.amazon.com/IAM/latest/UserGuide/reference-arns.html.
 * - Helm's `meta.helm.sh/release-name` annotation (helm/helm pkg/action/validate.go), Flux's
 *   `kustomize.toolkit.fluxcd.io/name` label, Argo CD's `argocd app sync <app>`.
 * - Mimir/Cortex tenants in `X-Scope-OrgID` (https://grafana.com/docs/mimir/latest/references/http-api/),
 *   Grafana dashboard URLs `/d/<uid>/<slug>?orgId=<n>&var-<name>=<value>`.
 * - git trailers (`Acked-by:`, `Tested-by:`, `Reported-by:`, `Suggested-by:`, `Cc:`):
 *   https://www.kernel.org/doc/html/latest/process/submitting-patches.html; RFC 5322 quoted
 *   display names, RFC 2047 `=?UTF-8?B?…?=` encoded words; Hugging Face shard names
 *   `<name>-00003-of-00128.parquet`; Windows `\\?\` paths (learn.microsoft.com "Naming Files,
 *   Paths, and Namespaces"); WSL `/mnt/c/Users/<login>`.
 */
import { fileURLToPath } from 'node:url';
import { loadScenario, type Scenario } from '../../../functions/simulator/startRunaiSimulator.js';
import { randomFrom, type HeldOutSet, type KeepCase } from '../heldout/heldOutPlants.js';
import { plantCollector } from '../heldout/plantCollector.js';
import type { ConsistencyCase } from '../heldout3/heldOutPlants3.js';
import { runaiEventAbout, runaiRecordsOf } from '../heldout/runaiRecordsOf.js';

export const FAMILIES_5 = [
  'cloud-node',
  'aws-account',
  'registry-org',
  'company-label-key',
  'network-address',
  'diacritic-name',
  'email-display-name',
  'git-trailer',
  'windows-path',
  'access-subject',
  'observability-tenant',
  'release-overlay',
  'name-in-url-part',
  'archive-shard-name',
] as const;
export type Family5 = (typeof FAMILIES_5)[number];

/** Three seeds, none shared with sets 1–4 (25001–2, 25101–2, 25201–3, 25401–3). */
export const HELD_OUT_SEEDS_5 = [25_501, 25_502, 25_503] as const;

export interface HeldOutSet5 extends HeldOutSet<Family5> {
  consistency: ConsistencyCase[];
}

const BASE = fileURLToPath(new URL('../../../fixtures/scenarios/tier2-137-node-pressure-eviction/', import.meta.url));

// Pools no earlier set draws from (each placement is dealt its own value).
const FIRST = [
  'Anselm',
  'Brigitta',
  'Cosmin',
  'Dorthea',
  'Evander',
  'Fionnuala',
  'Gwenllian',
  'Hamish',
  'Isolde',
  'Joaquim',
  'Kerensa',
  'Leopold',
  'Maelle',
  'Nikodem',
  'Ottilie',
  'Peregrin',
  'Rosalind',
  'Sieglinde',
  'Teodor',
  'Ursula',
  'Valdemar',
  'Wilhelmina',
  'Yannick',
  'Zenobia',
  'Algernon',
  'Bettina',
];
const LAST = [
  'Abernethy',
  'Bjornstad',
  'Carrasco',
  'Delacroix',
  'Engstrom',
  'Fitzgerald',
  'Grimaldi',
  'Holloway',
  'Ivanova',
  'Janssens',
  'Kowalski',
  'Lockhart',
  'Marchetti',
  'Northcote',
  'Oyelaran',
  'Prendergast',
  'Quennell',
  'Rathbone',
  'Stirling',
  'Tremayne',
  'Underhill',
  'Wetherby',
  'Yardley',
  'Zabriskie',
];
const DIACRITIC = {
  precomposed: ['José Müller', 'Inés Gutiérrez', 'François Lefèvre', 'Björn Ångström', 'Zoë Brontë'],
  polish: ['Bożydar Ćwikliński', 'Jadwiga Łęcka', 'Zdzisław Źrebiec', 'Wiesława Ślęzak'],
  nordic: ['Søren Ærenlund', 'Åsa Øvergård', 'Bjørg Sæthre', 'Ørjan Kvåle'],
  czech: ['Čeněk Štěpánek', 'Přemysl Dvořáček', 'Jiřina Šťastná', 'Radek Čížek'],
  turkish: ['İlkay Şahin', 'Gülşen Çağlar', 'Oğuz Yıldırım', 'Şükrü Öztürk'],
  vietnamese: ['Nguyễn Thị Ánh', 'Trần Văn Đức', 'Phạm Thị Hương', 'Lê Quốc Bảo'],
};
const DECOMPOSABLE = ['Renée Dubé', 'Anaïs Bénard', 'Noël Thérèse', 'Chloé Méndez', 'Raphaël Nüñez'];
const CUSTOMERS = [
  'Brackenfell',
  'Corvanta',
  'Dunmorrow',
  'Estergate',
  'Foxhollow',
  'Gildersleeve',
  'Hawkspur',
  'Ironvale',
  'Juniperhill',
  'Kestrelmoor',
  'Larchmont',
  'Mossbridge',
  'Nettlecombe',
  'Orchardine',
  'Pemberly',
  'Quillon',
  'Ravenholt',
  'Silverdene',
  'Thornbury',
  'Umberleigh',
  'Vexmoor',
  'Wyndcliffe',
  'Yarrowby',
  'Zellhaven',
];
const CORPS = ['zephyrion', 'halberdyne', 'quantarix', 'lumenforge', 'corvidlabs', 'strataflux', 'nimbusworks', 'ferrovia'];
const CODENAMES = ['albatross', 'bittern', 'cormorant', 'dunlin', 'egret', 'fulmar', 'gannet', 'heron', 'ibis', 'jacana', 'kestrel', 'lapwing'];
const REGIONS = ['eu-north-1', 'ap-northeast-3', 'sa-east-1', 'me-central-1', 'af-south-1', 'il-central-1'];
const GCP_REGIONS = ['europe-north1', 'asia-south2', 'southamerica-east1', 'me-west1'];
const HEX = '0123456789abcdef';
const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALNUM = `${UPPER}${LOWER}${DIGITS}`;
const B64 = `${ALNUM}+/`;
const URLSAFE = `${ALNUM}_-`;
/** Bech32's alphabet (Age keys). */
const BECH32 = 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L';
/** AWS access key ids after the prefix: base32 upper. */
const BASE32_UPPER = `${UPPER}234567`;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
/** PEM body: base64 in lines of `width` characters. */
const pemBody = (base64: string, width: number) => base64.replace(new RegExp(`(.{${width}})(?=.)`, 'g'), '$1\n');
const ascii = (name: string) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** Builds the fifth held-out set for one seed. */
export async function buildHeldOutSet5(seed: number): Promise<HeldOutSet5> {
  const r = randomFrom(seed);
  const base = await loadScenario(BASE);
  const { plants, secrets, plant, secret, deal } = plantCollector<Family5>(r);
  const first = deal(FIRST);
  const last = deal(LAST);
  const customer = deal(CUSTOMERS);
  const codename = () => `${r.pick(CODENAMES)}${r.int(2, 99)}`;
  const diacritic = (kind: keyof typeof DIACRITIC) => r.pick(DIACRITIC[kind]);
  const corp = `${r.pick(CORPS)}${r.int(2, 9)}`;
  const region = r.pick(REGIONS);
  const uuid = () => `${r.chars(HEX, 8)}-${r.chars(HEX, 4)}-4${r.chars(HEX, 3)}-${r.pick(['8', '9', 'a', 'b'])}${r.chars(HEX, 3)}-${r.chars(HEX, 12)}`;
  const account = () => `${r.int(1, 9)}${r.chars(DIGITS, 11)}`;
  const login = () => `${first().toLowerCase()}.${last().toLowerCase()}`;
  const octet = () => r.int(2, 250);

  // ---- the workload's own names (every field and message that names it) ----
  const workloadName = `${codename()}-fold-${r.int(2, 9)}x`;
  const podName = `${workloadName}-0-0`;
  const project = `${codename()}-bio`;
  const namespace = `runai-${project}`;
  const submitterEmail = `${first().toLowerCase()}.${last().toLowerCase()}@${corp}.bio`;

  // ---- cloud-node ----
  const instanceId = `i-0${r.chars(HEX, 16)}`;
  const nodeName = plant(
    'cloud-node',
    'ec2-resource-name-node-in-every-node-field',
    `${instanceId}.${region}.compute.internal`,
    'every node field (nodeName, host, reportingInstance, metadata.name, kubernetes.io/hostname), a Run:ai event and the recommendation',
  );
  const gkeNode = plant(
    'cloud-node',
    'gke-autopilot-node-in-run-ai-event',
    `gk3-${codename()}-${customer().toLowerCase()}-nap-${r.chars(`${LOWER}${DIGITS}`, 8)}-${r.chars(HEX, 8)}-${r.chars(`${LOWER}${DIGITS}`, 4)}`,
    'Run:ai event: peers rescheduled to a GKE Autopilot node gk3-<cluster>-nap-…',
  );
  const aksNode = plant(
    'cloud-node',
    'aks-vmss-node-in-history',
    `aks-${r.pick(['gpupool', 'a100spot', 'h100ded'])}${r.int(1, 9)}-${r.chars(DIGITS, 8)}-vmss0000${r.chars(`${DIGITS}${LOWER}`, 2)}`,
    'Run:ai history: previous attempt on aks-<pool>-<id>-vmss0000<n>',
  );
  const okeNode = plant(
    'cloud-node',
    'oke-node-name-in-k8s-event',
    `oke-c${r.chars(`${LOWER}${DIGITS}`, 11)}-n${r.chars(`${LOWER}${DIGITS}`, 11)}-s${r.chars(`${LOWER}${DIGITS}`, 11)}-${r.int(0, 9)}`,
    'k8s event: a drain-helper event naming an OKE node oke-c…-n…-s…-<n>',
  );
  const karpenterPool = plant(
    'cloud-node',
    'karpenter-nodepool-named-after-customer',
    `${customer().toLowerCase()}-${r.pick(['gpu', 'p5', 'g6e'])}-${codename()}`,
    'k8s node label karpenter.sh/nodepool and a Run:ai event',
  );
  const eksNodegroup = plant(
    'cloud-node',
    'eks-nodegroup-named-after-customer',
    `ng-${customer().toLowerCase()}-${r.chars(HEX, 6)}`,
    'k8s node label eks.amazonaws.com/nodegroup',
  );

  // ---- aws-account ----
  const ecrAccount = plant('aws-account', 'account-in-ecr-registry-host', account(), 'every image field: <account>.dkr.ecr.<region>.amazonaws.com/…');
  const stsAccount = plant('aws-account', 'account-in-sts-assumed-role-arn', account(), 'Run:ai event: arn:aws:sts::<account>:assumed-role/<role>/<session>');
  const sqsAccount = plant('aws-account', 'account-in-sqs-queue-url', account(), 'Run:ai spec env: https://sqs.<region>.amazonaws.com/<account>/<queue>');
  const kmsAccount = plant('aws-account', 'account-in-kms-key-arn', account(), 'k8s node annotation: arn:aws:kms:<region>:<account>:key/<id>');
  const accessPointAccount = plant(
    'aws-account',
    'account-in-s3-access-point-arn',
    account(),
    'Run:ai spec args: --data arn:aws:s3:<region>:<account>:accesspoint/<name>',
  );

  // ---- registry-org ----
  const ghcrOrg = plant('registry-org', 'ghcr-org-in-run-ai-event', `${corp}-${codename()}`, 'Run:ai event: mirrored from ghcr.io/<org>/…');
  const quayOrg = plant(
    'registry-org',
    'quay-org-in-history',
    `${customer().toLowerCase()}_${r.pick(['mlops', 'research', 'platform'])}`,
    'Run:ai history: quay.io/<org>/…',
  );
  const acrName = plant('registry-org', 'acr-registry-name-in-spec-env', `${corp}acr${r.chars(DIGITS, 3)}`, 'Run:ai spec env: <name>.azurecr.io/…');
  const arProject = plant(
    'registry-org',
    'artifact-registry-project-in-k8s-event',
    `${codename()}-${corp}-${r.chars(DIGITS, 4)}`,
    'k8s event: <region>-docker.pkg.dev/<project>/<repo>/…',
  );
  const privateRegistry = plant(
    'registry-org',
    'private-registry-host-with-port-in-args',
    `cr-${codename()}.${corp}.tech`,
    'Run:ai spec args: --sidecar-image <host>:5443/…',
  );

  // ---- company-label-key ----
  const labelDomain = plant('company-label-key', 'company-domain-in-node-label-key', `${corp}-ml.io`, 'k8s node label key <corp>.io/team');
  const labelTeam = plant('company-label-key', 'team-in-node-label-value', `${codename()}-squad`, 'k8s node label value');
  const annotationDomain = plant(
    'company-label-key',
    'company-domain-in-pod-annotation-key',
    `platform.${corp}.cloud`,
    'k8s pod annotation key <domain>/owner',
  );
  const selectorDomain = plant('company-label-key', 'company-domain-in-node-selector-text', `${corp}.net`, 'Run:ai event: nodeSelector <domain>/gpu-tier=…');
  const taintCustomer = plant(
    'company-label-key',
    'customer-in-taint-value-text',
    `${customer().toLowerCase()}-dedicated`,
    'k8s event: a taint <corp>.ai/reserved-for=<value>:NoSchedule',
  );

  // ---- network-address ----
  const hostIp = plant(
    'network-address',
    'private-ipv4-host-ip',
    `172.${r.int(16, 31)}.${octet()}.${octet()}`,
    'k8s pod status.hostIP, node InternalIP, and a Run:ai event',
  );
  const lanIp = plant('network-address', 'private-ipv4-192-168-in-spec-env', `192.168.${octet()}.${octet()}`, 'Run:ai spec env: a host:port');
  const ulaIpv6 = plant(
    'network-address',
    'ipv6-ula-in-k8s-event',
    `fd${r.chars(HEX, 2)}:${r.chars(HEX, 4)}:${r.chars(HEX, 4)}::${r.chars(HEX, 3)}`,
    'k8s event: a bracketed IPv6 ULA with a port',
  );
  const linkMac = plant(
    'network-address',
    'mac-in-ip-link-output',
    Array.from({ length: 6 }, (_, index) => (index === 0 ? '0a' : r.chars(HEX, 2))).join(':'),
    'termination message: ip link "link/ether <mac> brd ff:ff:ff:ff:ff:ff"',
  );
  const podCidr = plant('network-address', 'pod-cidr-in-history', `10.${r.int(100, 199)}.${r.int(0, 255)}.0/24`, 'Run:ai history: podCIDR <cidr>');
  const nodeIpv6 = plant(
    'network-address',
    'ipv6-global-in-node-address',
    `2600:1f${r.chars(HEX, 2)}:${r.chars(HEX, 4)}:${r.chars(HEX, 4)}:${r.chars(HEX, 4)}:${r.chars(HEX, 4)}:${r.chars(HEX, 4)}:${r.chars(HEX, 4)}`,
    'k8s node status.addresses InternalIP (IPv6)',
  );

  // ---- diacritic-name ----
  const precomposed = plant('diacritic-name', 'precomposed-name-in-history', diacritic('precomposed'), 'Run:ai history: approved by <name>');
  const decomposed = plant(
    'diacritic-name',
    'nfd-decomposed-name-in-run-ai-event',
    r.pick(DECOMPOSABLE).normalize('NFD'),
    'Run:ai event: a name in NFD (combining accents)',
  );
  const polish = plant('diacritic-name', 'polish-name-in-k8s-event', diacritic('polish'), 'k8s event: on-call <name>');
  const nordic = plant('diacritic-name', 'nordic-name-in-spec-env', diacritic('nordic'), 'Run:ai spec env: OWNER_NAME');
  const czech = plant(
    'diacritic-name',
    'czech-name-in-termination-message',
    diacritic('czech'),
    'termination message: "Resuming from checkpoint saved by <name>"',
  );
  const turkishOrVietnamese = plant(
    'diacritic-name',
    'turkish-or-vietnamese-name-in-spec-annotation',
    diacritic(r.pick(['turkish', 'vietnamese'] as const)),
    'Run:ai spec annotation: reviewer',
  );

  // ---- email-display-name ----
  const quotedFirst = first();
  const quotedLast = last();
  const quotedDisplay = plant(
    'email-display-name',
    'quoted-last-comma-first-display-name',
    `${quotedLast}, ${quotedFirst}`,
    'Run:ai event: From: "<Last>, <First>" <address>',
  );
  const quotedAddress = plant(
    'email-display-name',
    'address-after-quoted-display-name',
    `${quotedFirst.toLowerCase()}.${quotedLast.toLowerCase()}@mail.${corp}.eu`,
    'Run:ai event: the address after the quoted display name',
  );
  const encodedName = diacritic('precomposed');
  const encodedWord = plant(
    'email-display-name',
    'rfc2047-encoded-word-display-name',
    `=?UTF-8?B?${b64(`${encodedName} (${customer()})`)}?=`,
    'Run:ai history: an RFC 2047 =?UTF-8?B?…?= display name',
  );
  const plainDisplay = plant(
    'email-display-name',
    'unquoted-display-name-in-termination',
    `${first()} ${last()}`,
    'termination message: To: <First Last> <address>',
  );
  const replyToAddress = plant(
    'email-display-name',
    'reply-to-address-in-spec-env',
    `${r.chars(LOWER, 1)}${last().toLowerCase()}+alerts@${corp}.co.uk`,
    'Run:ai spec env: NOTIFY_FROM "Training bot" <address>',
  );

  // ---- git-trailer ----
  const ackedBy = plant('git-trailer', 'acked-by-name', `${first()} ${last()}`, 'Run:ai spec env GIT_COMMIT_MESSAGE: Acked-by: <name> <email>');
  const testedByEmail = plant('git-trailer', 'tested-by-email', `${login()}@lab.${corp}.org`, 'Run:ai spec env GIT_COMMIT_MESSAGE: Tested-by: <name> <email>');
  const reportedBy = plant('git-trailer', 'reported-by-name-in-run-ai-event', `${first()} ${last()}`, 'Run:ai event: a commit message with Reported-by:');
  const suggestedBy = plant('git-trailer', 'suggested-by-name-in-termination', `${first()} ${last()}`, 'termination message: git log with Suggested-by:');
  const ccTrailer = plant('git-trailer', 'cc-trailer-email-in-history', `${login()}@${customer().toLowerCase()}.example`, 'Run:ai history: Cc: <email>');

  // ---- windows-path ----
  const winLogin = plant(
    'windows-path',
    'login-in-windows-and-wsl-paths',
    `${first().slice(0, 1).toLowerCase()}${last().toLowerCase()}`,
    'Run:ai spec env C:\\Users\\<login>\\… and args /mnt/c/Users/<login>/…',
  );
  const longPathLogin = plant(
    'windows-path',
    'login-in-long-path-prefix',
    `${first()}${last().slice(0, 1)}`,
    'termination message: \\\\?\\C:\\Users\\<login>\\…',
  );
  const jsonPathLogin = plant(
    'windows-path',
    'login-in-json-escaped-windows-path',
    `${last().toLowerCase()}${r.int(10, 99)}`,
    'Run:ai spec annotation: JSON with "C:\\\\Users\\\\<login>\\\\…"',
  );
  const appDataLogin = plant(
    'windows-path',
    'login-in-appdata-path-run-ai-event',
    `${first().toLowerCase()}_${r.chars(LOWER, 3)}`,
    'Run:ai event: C:\\Users\\<login>\\AppData\\Roaming\\…',
  );
  const forwardSlashLogin = plant(
    'windows-path',
    'login-in-forward-slash-windows-path',
    `${last()}${first().slice(0, 2)}`,
    'k8s event: C:/Users/<login>/… (forward slashes)',
  );

  // ---- access-subject ----
  const saName = plant(
    'access-subject',
    'service-account-in-serviceaccount-subject',
    `${customer().toLowerCase()}-trainer-sa`,
    'Run:ai event: system:serviceaccount:<ns>:<sa>',
  );
  const oidcEmail = plant('access-subject', 'oidc-user-email', `${login()}@sso.${corp}.com`, 'k8s event: audit user oidc:<email>');
  const oidcGroup = plant('access-subject', 'oidc-group-name', `${corp}-${codename()}-admins`, 'Run:ai history: group oidc:<group>');
  const impersonated = plant(
    'access-subject',
    'impersonate-user-header',
    `${login()}@${corp}.com`,
    'termination message: a logged request header Impersonate-User: <email>',
  );
  const rbacNamespace = plant(
    'access-subject',
    'namespace-in-rbac-forbidden-message',
    `${customer().toLowerCase()}-prod`,
    'Run:ai event: RBAC User "system:serviceaccount:<ns>:default" cannot list resource …',
  );
  const sshComment = plant(
    'access-subject',
    'authorized-key-comment',
    `${first().toLowerCase()}@${codename()}-laptop`,
    'Run:ai spec annotation: ssh-ed25519 AAAA… <comment>',
  );

  // ---- observability-tenant ----
  const grafanaStack = plant('observability-tenant', 'grafana-cloud-stack-host', `${corp}${codename()}`, 'Run:ai event: https://<stack>.grafana.net/d/…');
  const grafanaVar = plant('observability-tenant', 'customer-in-grafana-dashboard-variable', customer(), 'Run:ai event: …&var-customer=<customer>');
  const mimirTenant = plant(
    'observability-tenant',
    'mimir-tenant-in-scope-orgid',
    `tenant-${customer().toLowerCase()}-${r.chars(DIGITS, 3)}`,
    'termination message: X-Scope-OrgID: <tenant>',
  );
  const promTeam = plant('observability-tenant', 'team-in-prometheus-label-matcher', `${codename()}-ml`, 'Run:ai history: a PromQL matcher {team="<team>"}');
  const lokiTenant = plant('observability-tenant', 'loki-tenant-in-k8s-event', `${customer().toLowerCase()}-logs`, 'k8s event: Loki query {tenant="<tenant>"}');

  // ---- release-overlay ----
  const helmRelease = plant(
    'release-overlay',
    'helm-release-named-after-customer',
    `${customer().toLowerCase()}-train-stack`,
    'Run:ai event (helm upgrade --install <release>) and k8s pod annotation meta.helm.sh/release-name',
  );
  const overlay = plant(
    'release-overlay',
    'kustomize-overlay-named-after-customer',
    `${customer().toLowerCase()}-${r.pick(['prod', 'eu', 'gov'])}`,
    'Run:ai spec env: overlays/<overlay>/kustomization.yaml',
  );
  const argoApp = plant(
    'release-overlay',
    'argocd-application-named-after-customer',
    `${customer().toLowerCase()}-${codename()}`,
    'Run:ai history: argocd app sync <app>',
  );
  const fluxName = plant(
    'release-overlay',
    'flux-kustomization-label-value',
    `${customer().toLowerCase()}-tenants`,
    'k8s pod label kustomize.toolkit.fluxcd.io/name',
  );
  const chartRepo = plant(
    'release-overlay',
    'private-helm-repo-in-termination',
    `charts.${customer().toLowerCase()}-${corp}.io`,
    'termination message: helm repo add … https://<host>',
  );

  // ---- name-in-url-part ----
  const queryAssignee = plant('name-in-url-part', 'assignee-in-query-string', login(), 'Run:ai event: …?assignee=<login>&state=open');
  const fragmentUser = plant('name-in-url-part', 'user-in-url-fragment', `${first().toLowerCase()}${r.int(100, 999)}`, 'Run:ai history: …#user=<login>');
  const mailtoAddress = plant('name-in-url-part', 'mailto-address', `${login()}@${corp}.health`, 'k8s event: mailto:<address>?subject=…');
  const utmCustomer = plant(
    'name-in-url-part',
    'customer-in-utm-campaign',
    `${customer().toLowerCase()}_q${r.int(1, 4)}`,
    'Run:ai spec env: …?utm_campaign=<customer>',
  );
  const encodedRedirect = plant(
    'name-in-url-part',
    'customer-in-percent-encoded-redirect',
    `${customer().toLowerCase()}${r.int(2, 9)}`,
    'termination message: redirect_uri=https%3A%2F%2F<customer>.portal…',
  );

  // ---- archive-shard-name ----
  const shardCustomer = plant(
    'archive-shard-name',
    'customer-in-parquet-shard-name',
    `${customer().toLowerCase()}`,
    'termination message: <customer>-train-00003-of-00128.parquet',
  );
  const exportTar = plant(
    'archive-shard-name',
    'customer-in-tar-export-name',
    `${customer()}_export`,
    'Run:ai spec args: --extra <Customer>_export_2026-11.tar.gz',
  );
  const webdataset = plant(
    'archive-shard-name',
    'customer-in-webdataset-brace-pattern',
    `${customer().toLowerCase()}-msa`,
    'Run:ai spec env: <name>-{000000..000127}.tar',
  );
  const zipPerson = plant('archive-shard-name', 'person-in-zip-name', `${first()}_${last()}`, 'Run:ai event: <First>_<Last>_annotations.zip');
  const ckptLogin = plant(
    'archive-shard-name',
    'login-in-checkpoint-name',
    `${first().toLowerCase()}${last().slice(0, 1).toLowerCase()}${r.int(1, 9)}`,
    'Run:ai history: <login>-run7-step12000.safetensors',
  );

  // ---- secrets (all fake, drawn per seed) ----
  const amzAccessKey = `ASIA${r.chars(BASE32_UPPER, 16)}`;
  const amzSignature = r.chars(HEX, 64);
  const googSignature = r.chars(HEX, 512);
  const sasSig = `${r.chars(ALNUM, 40)}%2B${r.chars(ALNUM, 3)}%3D`;
  const vaultService = `hvs.${r.chars(URLSAFE, 95)}`;
  const vaultBatch = `hvb.${r.chars(URLSAFE, 150)}`;
  const bootstrapToken = `${r.chars(`${LOWER}${DIGITS}`, 6)}.${r.chars(`${LOWER}${DIGITS}`, 16)}`;
  const saJwt = `${b64url(JSON.stringify({ alg: 'RS256', kid: r.chars(ALNUM, 43) }))}.${b64url(JSON.stringify({ iss: 'kubernetes/serviceaccount', sub: `system:serviceaccount:${namespace}:deployer`, jti: uuid() }))}.${r.chars(URLSAFE, 342)}`;
  const clientKeyPem = `-----BEGIN RSA PRIVATE KEY-----\n${pemBody(`MIIEpAIBAAKCAQEA${r.chars(B64, 300)}`, 64)}\n-----END RSA PRIVATE KEY-----\n`;
  const clientKeyData = b64(clientKeyPem);
  const ed25519Key = pemBody(`b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZWQyNTUxOQAAACA${r.chars(B64, 250)}`, 70);
  const pgpKey = pemBody(`lQVYBG${r.chars(B64, 300)}`, 64);
  const nvapiKey = `nvapi-${r.chars(URLSAFE, 64)}`;
  /** trufflehog ngc matches 84 alphanumerics only: draw until the base64 has no `+` or `/`. */
  let ngcLegacy = '';
  while (!/^[A-Za-z0-9]{84}$/.test(ngcLegacy)) ngcLegacy = b64(`${r.chars(`${LOWER}${DIGITS}`, 26)}:${uuid()}`);
  const hfEnvToken = `hf_${r.chars(`${UPPER}${LOWER}`, 34)}`;
  const hfCliToken = `hf_${r.chars(`${UPPER}${LOWER}`, 34)}`;
  const wandbKey = `wandb_v1_${r.chars(ALNUM, 27)}_${r.chars(ALNUM, 49)}`;
  const grafanaToken = `glsa_${r.chars(ALNUM, 32)}_${r.chars(HEX, 8)}`;
  const pulumiToken = `pul-${r.chars(HEX, 40)}`;
  const tfcToken = `${r.chars(`${LOWER}${DIGITS}`, 14)}.atlasv1.${r.chars(`${LOWER}${DIGITS}`, 67)}`;
  const ageKey = `AGE-SECRET-KEY-1${r.chars(BECH32, 58)}`;
  const googleClientSecret = `GOCSPX-${r.chars(URLSAFE, 28)}`;
  const basicUser = `svc-${codename()}`;
  const basicPassword = `${r.chars(ALNUM, 18)}${r.int(10, 99)}`;
  const basicCredential = b64(`${basicUser}:${basicPassword}`);
  const bearerToken = r.chars(`${ALNUM}.`, 56);
  const jdbcPgPassword = `${r.chars(ALNUM, 14)}${r.pick(['#', '!', '*'])}${r.chars(ALNUM, 5)}`;
  const jdbcMssqlPassword = `${r.chars(ALNUM, 12)}${r.pick(['$', '@', '%'])}${r.chars(ALNUM, 6)}`;
  const flagPassword = `${r.chars(ALNUM, 16)}${r.int(100, 999)}`;
  const awsSecretKey = r.chars(`${ALNUM}/+`, 40);
  const k8sSecretData = b64(`${r.chars(ALNUM, 24)}${r.int(10, 99)}`);
  const ghoToken = `gho_${r.chars(ALNUM, 36)}`;
  const vaultHeaderToken = `hvs.${r.chars(URLSAFE, 100)}`;

  // ---- the spec the workload was submitted with (Run:ai keeps command, args and env) ----
  const ecrHost = `${ecrAccount}.dkr.ecr.${region}.amazonaws.com`;
  const image = `${ecrHost}/${codename()}/alphafold:2.3.2-cuda12`;
  const command = `bash -c "set -euo pipefail; docker login nvcr.io -u '\\$oauthtoken' -p ${nvapiKey} && exec python"`;
  secret('ngc-personal-key-in-docker-login-command', nvapiKey, "Run:ai spec command: docker login nvcr.io -u '$oauthtoken' -p nvapi-…", {
    kind: 'text',
    text: command,
  });
  const args =
    `run_alphafold.py --model_preset=multimer --fasta_paths=/data/targets/T1187.fasta --db_preset=full_dbs ` +
    `--data arn:aws:s3:${region}:${accessPointAccount}:accesspoint/${codename()}-msa --sidecar-image ${privateRegistry}:5443/tools/hhsuite:3.3 ` +
    `--extra ${exportTar}_2026-11.tar.gz --output_dir /mnt/c/Users/${winLogin}/af-out ` +
    `--warm-start "huggingface-cli login --token ${hfCliToken}" --db-password=${flagPassword}`;
  secret('hf-token-after-huggingface-cli-login', hfCliToken, 'Run:ai spec args: huggingface-cli login --token hf_…', { kind: 'text', text: args });
  secret('password-in-double-dash-flag', flagPassword, 'Run:ai spec args: --db-password=<pw>', { kind: 'text', text: args });
  const sqsUrl = `https://sqs.${region}.amazonaws.com/${sqsAccount}/${codename()}-fold-done`;
  const sasUrl = `https://${corp}msa.blob.core.windows.net/msa-cache/uniref90.tar?sp=r&st=2026-12-01T08:00:00Z&se=2026-12-31T08:00:00Z&spr=https&sv=2022-11-02&sr=b&sig=${sasSig}`;
  const jdbcPg = `jdbc:postgresql://pg-${codename()}.${corp}.internal:5432/structures?user=svc_fold&password=${jdbcPgPassword}&sslmode=require`;
  const commitMessage =
    `Raise MSA cache size\n\nThe cache filled during the last multimer run.\n\n` +
    `Acked-by: ${ackedBy} <${ascii(ackedBy).toLowerCase().replace(' ', '.')}@${corp}.org>\nTested-by: ${ascii(first())} <${testedByEmail}>\n`;
  const envEntries: [string, string][] = [
    ['XLA_PYTHON_CLIENT_MEM_FRACTION', '0.95'],
    ['TF_FORCE_UNIFIED_MEMORY', '1'],
    ['HF_TOKEN', hfEnvToken],
    ['PULUMI_ACCESS_TOKEN', pulumiToken],
    ['VAULT_TOKEN', vaultService],
    ['NGC_CLI_API_KEY', ngcLegacy],
    ['MSA_CACHE_URL', sasUrl],
    ['STRUCTURE_DB', jdbcPg],
    ['DONE_QUEUE', sqsUrl],
    ['MIRROR_REGISTRY', `${acrName}.azurecr.io/bio/hhsuite`],
    ['LAB_PROXY', `${lanIp}:3128`],
    ['OWNER_NAME', nordic],
    ['NOTIFY_FROM', `"Training bot" <${replyToAddress}>`],
    ['GIT_COMMIT_MESSAGE', commitMessage],
    ['WINDOWS_RESULTS_DIR', `C:\\Users\\${winLogin}\\Documents\\af-results`],
    ['KUSTOMIZE_PATH', `deploy/overlays/${overlay}/kustomization.yaml`],
    ['LANDING_URL', `https://portal.${corp}.bio/runs?utm_source=runai&utm_campaign=${utmCustomer}`],
    ['MSA_SHARDS', `s3://${codename()}-msa/${webdataset}-{000000..000127}.tar`],
  ];
  for (const [placement, name, value, where] of [
    ['hf-token-in-hf-token-env', 'HF_TOKEN', hfEnvToken, 'Run:ai spec env HF_TOKEN=hf_…'],
    ['pulumi-token-in-spec-env', 'PULUMI_ACCESS_TOKEN', pulumiToken, 'Run:ai spec env PULUMI_ACCESS_TOKEN=pul-…'],
    ['vault-service-token-in-spec-env', 'VAULT_TOKEN', vaultService, 'Run:ai spec env VAULT_TOKEN=hvs.…'],
    ['ngc-legacy-key-in-spec-env', 'NGC_CLI_API_KEY', ngcLegacy, 'Run:ai spec env NGC_CLI_API_KEY=<84 base64 characters>'],
    ['azure-sas-signature-in-blob-url', 'MSA_CACHE_URL', sasSig, 'Run:ai spec env MSA_CACHE_URL: https://….blob.core.windows.net/…?sp=r&…&sig=<sig>'],
    ['jdbc-postgresql-password-query-parameter', 'STRUCTURE_DB', jdbcPgPassword, 'Run:ai spec env STRUCTURE_DB: jdbc:postgresql://…?user=…&password=<pw>'],
  ] as const) {
    const entry = envEntries.find(([envName]) => envName === name)!;
    secret(placement, value, where, { kind: 'env', name, value: entry[1] });
  }
  const tfrc = JSON.stringify({ credentials: { 'app.terraform.io': { token: tfcToken } } }, null, 2);
  const kubeSecretYaml = `apiVersion: v1\nkind: Secret\nmetadata:\n  name: msa-db\ntype: Opaque\ndata:\n  password: ${k8sSecretData}\n`;
  const pgpBlock = `archive signing key, offline copy:\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n${pgpKey}\n=${r.chars(B64, 4)}\n-----END PGP PRIVATE KEY BLOCK-----\n`;
  const authorizedKey = `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${r.chars(B64, 43)} ${sshComment}`;
  const reviewJson = JSON.stringify({ reviewer: turkishOrVietnamese, notebook: `C:\\Users\\${jsonPathLogin}\\notebooks\\msa.ipynb` });
  const annotations = [
    { name: 'bio.example/terraform-cli', value: `terraform login cache (credentials.tfrc.json):\n${tfrc}` },
    { name: 'bio.example/db-secret', value: `rendered manifest:\n${kubeSecretYaml}` },
    { name: 'bio.example/signing', value: pgpBlock },
    { name: 'bio.example/access', value: `bastion authorized_keys:\n${authorizedKey}\n` },
    { name: 'bio.example/review', value: reviewJson },
  ];
  secret(
    'terraform-cloud-token-in-tfrc-json',
    tfcToken,
    'Run:ai spec annotation: credentials.tfrc.json {"credentials": {"app.terraform.io": {"token": "<…atlasv1…>"}}}',
    {
      kind: 'text',
      text: annotations[0]!.value,
    },
  );
  secret('kubernetes-secret-data-in-spec-annotation', k8sSecretData, 'Run:ai spec annotation: a Secret manifest, data: password: <base64>', {
    kind: 'text',
    text: annotations[1]!.value,
  });
  secret('pgp-private-key-block-in-spec-annotation', pgpKey, 'Run:ai spec annotation: -----BEGIN PGP PRIVATE KEY BLOCK-----', {
    kind: 'text',
    text: pgpBlock,
  });

  // ---- the termination message (FallbackToLogsOnError: the log's tail) ----
  const awsPresigned =
    `https://${codename()}-params.s3.${region}.amazonaws.com/params/params_model_1_multimer_v3.npz?X-Amz-Algorithm=AWS4-HMAC-SHA256` +
    `&X-Amz-Credential=${amzAccessKey}%2F20261207%2F${region}%2Fs3%2Faws4_request&X-Amz-Date=20261207T083000Z&X-Amz-Expires=3600` +
    `&X-Amz-SignedHeaders=host&X-Amz-Signature=${amzSignature}`;
  const gcpRegion = r.pick(GCP_REGIONS);
  const gcsSigned =
    `https://storage.googleapis.com/${codename()}-pdb-mirror/pdb_mmcif.tar?X-Goog-Algorithm=GOOG4-RSA-SHA256` +
    `&X-Goog-Credential=fold-signer%40${arProject}.iam.gserviceaccount.com%2F20261207%2F${gcpRegion}%2Fstorage%2Fgoog4_request` +
    `&X-Goog-Date=20261207T083000Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=${googSignature}`;
  const termLines = [
    `Collecting dm-haiku==0.0.12`,
    `Resuming from checkpoint saved by ${czech} at step 12000`,
    `Warmup finished: 500 steps, lr 0.001`,
    `2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9001 qdisc mq state UP mode DEFAULT group default qlen 1000`,
    `    link/ether ${linkMac} brd ff:ff:ff:ff:ff:ff`,
    `Author: ${suggestedBy.split(' ')[0]} bot <ci@${corp}.org>`,
    `    Pin jax for multimer`,
    `    Suggested-by: ${suggestedBy}`,
    `send: GET /api/v1/query_range HTTP/1.1 Host: mimir.${corp}.internal X-Scope-OrgID: ${mimirTenant} Authorization: Basic ${basicCredential}`,
    `send: POST /apis/authorization.k8s.io/v1/selfsubjectaccessreviews Impersonate-User: ${impersonated} Authorization: Bearer ${grafanaToken}`,
    `fetching ${awsPresigned}`,
    `fetching ${gcsSigned}`,
    `reading \\\\?\\C:\\Users\\${longPathLogin}\\AppData\\Local\\Temp\\msa.a3m`,
    `To: ${plainDisplay} <${plainDisplay.toLowerCase().replace(' ', '.')}@${corp}.bio>`,
    `helm repo add fold-charts https://${chartRepo}/stable`,
    `oauth: redirect_uri=https%3A%2F%2F${encodedRedirect}.portal.${corp}.bio%2Fcallback`,
    `loaded /data/${shardCustomer}-train-00003-of-00128.parquet (41283 rows)`,
    `View run at the tracker: 61203816Ki resident`,
  ];
  const terminationMessage = termLines.join('\n');
  const termContext = (line: string) => ({ kind: 'text' as const, text: line });
  secret(
    'basic-auth-header-in-logged-request',
    basicCredential,
    'termination message: a logged request with Authorization: Basic <base64>',
    termContext(termLines[8]!),
  );
  secret('grafana-token-as-bearer-in-logged-request', grafanaToken, 'termination message: Authorization: Bearer glsa_…', termContext(termLines[9]!));
  secret('aws-presigned-url-signature', amzSignature, 'termination message: S3 presigned URL, X-Amz-Signature=<64 hex>', termContext(termLines[10]!));
  secret(
    'aws-access-key-id-in-presigned-credential',
    amzAccessKey,
    'termination message: S3 presigned URL, X-Amz-Credential=<ASIA…>/…',
    termContext(termLines[10]!),
  );
  secret('gcs-signed-url-signature', googSignature, 'termination message: GCS V4 signed URL, X-Goog-Signature=<512 hex>', termContext(termLines[11]!));

  // ---- rename the base scenario's own names (fields and messages alike) ----
  const renamed = JSON.stringify(base)
    .replaceAll('alphafold-multimer-0-0', podName)
    .replaceAll('alphafold-multimer', workloadName)
    .replaceAll('runai-structbio', namespace)
    .replaceAll('"structbio"', JSON.stringify(project))
    .replaceAll('dgx-a100-11', nodeName)
    .replaceAll('registry.example.com/bio/alphafold:2.3.2-cuda12', image)
    .replaceAll('registry.example.com/bio/alphafold@', `${image.split(':')[0]}@`)
    .replaceAll('applied-ai', `${codename()}-dept`)
    .replaceAll('a.ng@example.com', submitterEmail)
    .replaceAll('10.20.3.14', hostIp);
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

  // Run:ai events: tools posting to the workload (neutral reasons, so the verdict stays the node's).
  const involved = { kind: 'Pod', name: podName, namespace };
  const runaiEvent = runaiEventAbout(clusterId, involved);
  const bootstrapMessage = `node-bootstrap: joined ${nodeName} at address ${hostIp} with kubeadm join api.${corp}.internal:6443 --token ${bootstrapToken} --discovery-token-unsafe-skip-ca-verification`;
  const jdbcMssql = `jdbc:sqlserver://sql-${codename()}.${corp}.internal:1433;databaseName=Assays;user=svc_assay;password=${jdbcMssqlPassword};encrypt=true`;
  const assayMessage = `assay-sync: exported hits to ${jdbcMssql}`;
  const gitCloneMessage = `source-sync: cloned https://x-access-token:${ghoToken}@github.com/${ghcrOrg}/fold-configs.git at a1b2c3d`;
  const runaiEvents = [
    runaiEvent(
      '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
      'now-150m',
      'Scheduled',
      `capacity: placed on ${nodeName} from node pool ${karpenterPool}; nodeSelector ${selectorDomain}/gpu-tier=a100; peers moved to ${gkeNode}`,
      'capacity-planner',
    ),
    runaiEvent('6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e', 'now-149m', 'Joined', bootstrapMessage, 'node-bootstrap'),
    runaiEvent(
      '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
      'now-148m',
      'Credentials',
      `cred-broker: assumed arn:aws:sts::${stsAccount}:assumed-role/${codename()}-fold-runner/${quotedFirst.toLowerCase()}-session as system:serviceaccount:${namespace}:${saName}`,
      'cred-broker',
    ),
    runaiEvent(
      '8d9e0f1a-2b3c-4d4e-9f5a-6b7c8d9e0f1a',
      'now-147m',
      'Mirrored',
      `image-mirror: mirrored from ghcr.io/${ghcrOrg}/alphafold-tools:2.3; ${gitCloneMessage.slice('source-sync: '.length)}`,
      'image-mirror',
    ),
    runaiEvent(
      '9e0f1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b',
      'now-146m',
      'Deployed',
      `helm upgrade --install ${helmRelease} fold-charts/alphafold --namespace ${namespace}; dashboards https://${grafanaStack}.grafana.net/d/fold01/alphafold?orgId=${r.int(2, 40)}&var-customer=${grafanaVar}`,
      'release-bot',
    ),
    runaiEvent(
      '0f1a2b3c-4d5e-4f6a-9b7c-8d9e0f1a2b3c',
      'now-145m',
      'Notified',
      `From: "${quotedDisplay}" <${quotedAddress}>; reviewed by ${decomposed}; tickets https://issues.${corp}.bio/search?assignee=${queryAssignee}&state=open`,
      'notifier',
    ),
    runaiEvent(
      '1a2b3c4d-5e6f-4a7b-8c8d-9e0f1a2b3c4d',
      'now-144m',
      'Synced',
      `dataset-sync: pulled ${zipPerson}_annotations.zip into C:\\Users\\${appDataLogin}\\AppData\\Roaming\\fold-sync; Reported-by: ${reportedBy}`,
      'dataset-sync',
    ),
    runaiEvent(
      '2b3c4d5e-6f7a-4b8c-9d9e-0f1a2b3c4d5e',
      'now-143m',
      'AccessChecked',
      `access-check: User "system:serviceaccount:${rbacNamespace}:default" cannot list resource "pods" in API group "" in the namespace "${namespace}"`,
      'access-check',
    ),
    runaiEvent('3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', 'now-142m', 'Exported', assayMessage, 'assay-sync'),
  ];
  runai.events[workloadId]!.push(...runaiEvents);
  secret('kubeadm-bootstrap-token-in-run-ai-event', bootstrapToken, 'Run:ai event: kubeadm join … --token <6>.<16>', { kind: 'text', text: bootstrapMessage });
  secret('jdbc-sqlserver-password-in-run-ai-event', jdbcMssqlPassword, 'Run:ai event: jdbc:sqlserver://…;user=…;password=<pw>;…', {
    kind: 'text',
    text: assayMessage,
  });
  secret('github-oauth-token-in-clone-url', ghoToken, 'Run:ai event: https://x-access-token:gho_…@github.com/…', {
    kind: 'text',
    text: runaiEvents[3]!.message,
  });

  const history = runai.history[workloadId]!;
  const phase = (at: string, message: string) => ({
    meta: { creationTimestamp: at, type: 'PhaseUpdate' },
    spec: { phaseUpdate: { phase: 'Running', phaseMessage: message } },
  });
  history.push(
    phase('now-170m', `Submitted by ${submitterEmail}; approved by ${precomposed}; previous attempt on ${aksNode} (podCIDR ${podCidr})`),
    phase('now-169m', `Synced with argocd app sync ${argoApp}; Cc: ${ccTrailer}; base image from quay.io/${quayOrg}/msa-tools`),
    phase('now-168m', `Access via group oidc:${oidcGroup}; panel https://grafana.${corp}.bio/explore#user=${fragmentUser}; alert on {team="${promTeam}"}`),
    phase('now-167m', `Notes from ${encodedWord} <${r.chars(LOWER, 6)}@${corp}.bio>; warm start ${ckptLogin}-run7-step12000.safetensors`),
  );

  const kubernetes = out.kubernetes as unknown as {
    pods: { metadata: Record<string, unknown>; spec: Record<string, unknown>; status: Record<string, unknown> }[];
    events: Record<string, unknown>[];
    nodes: { metadata: Record<string, unknown>; spec: Record<string, unknown>; status: Record<string, unknown> }[];
  };
  const k8sPod = kubernetes.pods[0]!;
  Object.assign(k8sPod.metadata, {
    labels: { ...(k8sPod.metadata.labels as Record<string, string>), 'kustomize.toolkit.fluxcd.io/name': fluxName },
    annotations: { 'meta.helm.sh/release-name': helmRelease, [`${annotationDomain}/owner`]: submitterEmail },
  });
  const netrc = `tracker login file (~/.netrc):\nmachine api.wandb.ai\n  login user\n  password ${wandbKey}\n`;
  const kubeconfig =
    `apiVersion: v1\nkind: Config\nclusters:\n- name: fold\n  cluster:\n    server: https://api.${corp}.internal:6443\nusers:\n` +
    `- name: deployer\n  user:\n    token: ${saJwt}\n- name: admin\n  user:\n    client-certificate-data: LS0tLS1CRUdJTi\n    client-key-data: ${clientKeyData}\n`;
  const opensshPem = `bastion deploy key (ed25519):\n-----BEGIN OPENSSH PRIVATE KEY-----\n${ed25519Key}\n-----END OPENSSH PRIVATE KEY-----\n`;
  const clientSecretJson = JSON.stringify({
    installed: {
      client_id: `${r.chars(DIGITS, 12)}-${r.chars(`${LOWER}${DIGITS}`, 32)}.apps.googleusercontent.com`,
      project_id: arProject,
      client_secret: googleClientSecret,
      redirect_uris: ['http://localhost'],
    },
  });
  const ageFile = `# created: 2026-11-02T10:00:00Z\n# public key: age1${r.chars(BECH32.toLowerCase(), 58)}\n${ageKey}\n`;
  const awsCredentials = `shared credentials for the msa bucket:\n[default]\naws_access_key_id = AKIA${r.chars(BASE32_UPPER, 16)}\naws_secret_access_key = ${awsSecretKey}\n`;
  const podSpec = k8sPod.spec as { containers: Record<string, unknown>[] };
  Object.assign(podSpec.containers[0]!, {
    terminationMessagePolicy: 'FallbackToLogsOnError',
    env: [
      { name: 'NETRC_CONTENT', value: netrc },
      { name: 'KUBECONFIG_CONTENT', value: kubeconfig },
      { name: 'BASTION_KEY', value: opensshPem },
      { name: 'GOOGLE_CLIENT_SECRETS', value: clientSecretJson },
      { name: 'SOPS_AGE_KEYS', value: ageFile },
      { name: 'MSA_BUCKET_PROFILE', value: awsCredentials },
    ],
  });
  secret('wandb-v2-key-in-multiline-netrc', wandbKey, 'k8s container env NETRC_CONTENT: machine api.wandb.ai / password wandb_v1_…', {
    kind: 'text',
    text: netrc,
  });
  secret('service-account-jwt-as-kubeconfig-token', saJwt, 'k8s container env KUBECONFIG_CONTENT: users[].user.token: <JWT>', {
    kind: 'text',
    text: kubeconfig,
  });
  secret('kubeconfig-client-key-data', clientKeyData, 'k8s container env KUBECONFIG_CONTENT: client-key-data: <base64 PEM>', {
    kind: 'text',
    text: kubeconfig,
  });
  secret('openssh-ed25519-private-key-in-k8s-env', ed25519Key, 'k8s container env BASTION_KEY: -----BEGIN OPENSSH PRIVATE KEY----- (ed25519)', {
    kind: 'text',
    text: opensshPem,
  });
  secret('google-oauth-client-secret-in-json', googleClientSecret, 'k8s container env GOOGLE_CLIENT_SECRETS: {"installed": {…, "client_secret": "GOCSPX-…"}}', {
    kind: 'text',
    text: clientSecretJson,
  });
  secret('age-secret-key-in-k8s-env', ageKey, 'k8s container env SOPS_AGE_KEYS: AGE-SECRET-KEY-1…', { kind: 'text', text: ageFile });
  secret('aws-secret-access-key-in-credentials-file', awsSecretKey, 'k8s container env MSA_BUCKET_PROFILE: a credentials file, aws_secret_access_key = <40>', {
    kind: 'text',
    text: awsCredentials,
  });
  const status = k8sPod.status as { containerStatuses: { state: { terminated: Record<string, unknown> } }[] };
  status.containerStatuses[0]!.state.terminated.message = terminationMessage;

  // The node: cloud identity in its name, providerID, labels, annotations and addresses.
  const node = kubernetes.nodes[0]!;
  Object.assign(node.metadata.labels as Record<string, string>, {
    'karpenter.sh/nodepool': karpenterPool,
    'eks.amazonaws.com/nodegroup': eksNodegroup,
    'topology.kubernetes.io/region': region,
    [`${labelDomain}/team`]: labelTeam,
  });
  node.metadata.annotations = { 'ebs.csi.aws.com/kms-key': `arn:aws:kms:${region}:${kmsAccount}:key/${uuid()}` };
  Object.assign(node.spec, { providerID: `aws:///${region}a/${instanceId}` });
  Object.assign(node.status, {
    addresses: [
      { type: 'InternalIP', address: hostIp },
      { type: 'InternalIP', address: nodeIpv6 },
      { type: 'InternalDNS', address: nodeName },
      { type: 'Hostname', address: nodeName },
    ],
  });

  const k8sEvent = (suffix: string, reason: string, message: string, component: string, creation: string) => ({
    metadata: { name: `${podName}.${suffix}`, namespace, creationTimestamp: creation },
    involvedObject: { kind: 'Pod', namespace, name: podName, apiVersion: 'v1' },
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
  const vaultAgentMessage = `vault-agent: renewed lease via https://vault.${corp}.internal:8200 with X-Vault-Token: ${vaultHeaderToken}`;
  const batchTokenMessage = `vault-agent: issued batch token ${vaultBatch} for the msa cache`;
  const probeMessage = `health-probe: curl -sS -H "Authorization: Bearer ${bearerToken}" https://fold-api.${corp}.internal/v1/ready`;
  kubernetes.events.push(
    k8sEvent(
      '18b1c2d3e4f5a601',
      'DrainPlanned',
      `drain-helper: spare capacity on ${okeNode}; peer at [${ulaIpv6}]:7001; taint ${corp}.ai/reserved-for=${taintCustomer}:NoSchedule`,
      'drain-helper',
      'now-140m',
    ),
    k8sEvent('18b1c2d3e4f5a602', 'ImageCached', `image-cache: warmed ${gcpRegion}-docker.pkg.dev/${arProject}/fold/alphafold:2.3.2`, 'image-cache', 'now-139m'),
    k8sEvent(
      '18b1c2d3e4f5a603',
      'Audited',
      `audit: exec by oidc:${oidcEmail}; on-call ${polish}; notebook C:/Users/${forwardSlashLogin}/fold.ipynb; report mailto:${mailtoAddress}?subject=fold; logs {tenant="${lokiTenant}"}`,
      'audit-relay',
      'now-138m',
    ),
    k8sEvent('18b1c2d3e4f5a604', 'LeaseRenewed', vaultAgentMessage, 'vault-agent', 'now-137m'),
    k8sEvent('18b1c2d3e4f5a605', 'TokenIssued', batchTokenMessage, 'vault-agent', 'now-136m'),
    k8sEvent('18b1c2d3e4f5a606', 'ProbeSent', probeMessage, 'health-probe', 'now-135m'),
  );
  secret('bearer-token-in-curl-header-k8s-event', bearerToken, 'k8s event: curl -H "Authorization: Bearer <token>"', { kind: 'text', text: probeMessage });
  secret('vault-token-in-x-vault-token-header', vaultHeaderToken, 'k8s event: X-Vault-Token: hvs.…', { kind: 'text', text: vaultAgentMessage });
  secret('vault-batch-token-in-k8s-event', vaultBatch, 'k8s event: hvb.…', { kind: 'text', text: batchTokenMessage });

  const keep: KeepCase[] = [
    { id: 'keep/evicted-reason', value: '"reason": "Evicted"', why: 'the pod status and event reason the verdict reads' },
    {
      id: 'keep/eviction-opening',
      value: 'The node was low on resource: memory.',
      why: 'the eviction manager\u2019s message opens with a capitalised ordinary word',
    },
    { id: 'keep/eviction-threshold', value: 'Threshold quantity: 100Mi, available: 81236Ki.', why: 'quantities in the eviction message' },
    {
      id: 'keep/eviction-consumption',
      value: 'was using 61203816Ki, request is 32Gi, has larger consumption of memory.',
      why: 'quantities and template words in the eviction message',
    },
    { id: 'keep/memory-pressure-condition', value: '"type": "MemoryPressure"', why: 'the node condition the verdict reads' },
    { id: 'keep/insufficient-memory-reason', value: 'KubeletHasInsufficientMemory', why: 'the node condition\u2019s reason' },
    { id: 'keep/insufficient-memory-message', value: 'kubelet has insufficient memory available', why: 'the node condition\u2019s message' },
    { id: 'keep/memory-pressure-taint', value: 'node.kubernetes.io/memory-pressure', why: 'an upstream taint key' },
    { id: 'keep/stopping-container', value: 'Stopping container', why: 'kubelet\u2019s template (capitalised ordinary word)' },
    {
      id: 'keep/backoff-limit-message',
      value: 'Job has reached the specified backoff limit',
      why: 'the job controller\u2019s message (capitalised ordinary word)',
    },
    { id: 'keep/backoff-limit-reason', value: '"reason": "BackoffLimitExceeded"', why: 'the job condition\u2019s reason' },
    { id: 'keep/exit-code-137', value: 'terminated with exit code 137', why: 'the exit code the rules classify' },
    { id: 'keep/restart-never', value: '"restartPolicy": "Never"', why: 'an enum the recommendation reads' },
    { id: 'keep/qos-guaranteed', value: '"qosClass": "Guaranteed"', why: 'an enum' },
    { id: 'keep/collecting', value: 'Collecting dm-haiku==0.0.12', why: 'pip\u2019s line opens with an ordinary word' },
    { id: 'keep/resuming', value: 'Resuming from checkpoint saved by', why: 'an ordinary capitalised word that looks like a name' },
    { id: 'keep/warmup', value: 'Warmup finished: 500 steps, lr 0.001', why: 'an ordinary capitalised word with quantities' },
    { id: 'keep/author-label', value: 'Author: ', why: 'git log\u2019s field label' },
    { id: 'keep/view-run', value: 'View run at the tracker: 61203816Ki resident', why: 'ordinary words and a quantity' },
    { id: 'keep/ip-link-flags', value: '<BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9001 qdisc mq state UP', why: 'ip link vocabulary with its quantities' },
    { id: 'keep/xla-fraction', value: 'XLA_PYTHON_CLIENT_MEM_FRACTION', why: 'an environment variable name is configuration vocabulary' },
    { id: 'keep/unified-memory', value: 'TF_FORCE_UNIFIED_MEMORY', why: 'an environment variable name' },
    { id: 'keep/model-preset', value: '--model_preset=multimer', why: 'a flag with its enum value' },
    { id: 'keep/rows-quantity', value: '(41283 rows)', why: 'a quantity' },
    { id: 'keep/memory-limit', value: '"cpuMemoryLimit": "64Gi"', why: 'the memory limit the report states' },
  ];

  const consistency: ConsistencyCase[] = [
    {
      id: 'consistency/workload-name-in-fields-and-messages',
      value: workloadName,
      places: [
        { field: 'requestedName' },
        { before: 'Stopping container ', after: '"' },
        { before: 'failed: container ', after: ' terminated with exit code' },
      ],
    },
    {
      id: 'consistency/node-name-in-fields-and-event-text',
      value: nodeName,
      places: [
        { field: 'nodeName' },
        { field: 'host' },
        { before: 'capacity: placed on ', after: ' from node pool' },
        { before: 'node-bootstrap: joined ', after: ' at address ' },
      ],
    },
    {
      id: 'consistency/submitter-email-in-fields-and-history-text',
      value: submitterEmail,
      places: [{ field: 'submittedBy' }, { field: 'createdBy' }, { before: 'Submitted by ', after: '; approved by' }],
    },
    {
      id: 'consistency/host-ip-in-pod-status-node-address-and-event',
      value: hostIp,
      places: [{ field: 'hostIP' }, { before: 'at address ', after: ' with kubeadm join' }],
    },
    {
      id: 'consistency/helm-release-in-event-and-annotation',
      value: helmRelease,
      places: [{ field: 'meta.helm.sh/release-name' }, { before: 'helm upgrade --install ', after: ' fold-charts/' }],
    },
    {
      id: 'consistency/windows-login-in-env-and-args',
      value: winLogin,
      places: [
        { before: '--output_dir /mnt/c/Users/', after: '/af-out' },
        { before: 'C:\\Users\\', after: '\\Documents\\af-results' },
      ],
    },
  ];

  return { seed, scenario: { ...out, name: `heldout5-seed-${seed}` }, plants, secrets, keep, consistency };
}
