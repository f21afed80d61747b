/**
 * The SEVENTH held-out plant set for `--record` / `--anonymize` (issue #25, items 1 and 6): a
 * seeded generator — identifier classes × placements × wrappings, every value drawn per seed —
 * written while the anonymizer is being changed without it, to measure whether that work
 * generalises. Its base is a seventh scenario, `fixtures/scenarios/tier2-node-notready-describe-node`:
 * the node running a training stops posting its status, the taint manager evicts the pod, and
 * Tier 2's `kubectl describe node` quotes `Ready=Unknown` with kubelet's `Kubelet stopped posting
 * node status.`, so the verdict NODE_FAILURE needs the recorded node and the recorded events. The
 * pod itself is deleted (its description is a stated limitation), so this set has no container
 * log: every free text rides in Run:ai events and history, the spec's command, args, environment
 * and annotations, Kubernetes event messages, and the node. Sets 1–6 started from a CUDA OOM in
 * logs, an init container's HTTP 403, a distributed OOMKilled, a liveness-probe kill, a
 * node-pressure eviction and an exit 137 nothing explains.
 *
 * Identifier classes none of sets 1–6 planted (the six READMEs' class tables, and set 1's
 * family list, were read for this): identity-provider subjects (Windows SIDs, Okta user ids,
 * Auth0 and Google OIDC `sub` values, an AWS IAM role's unique id, a Keycloak realm); names in
 * other structures (a nobiliary particle, two surnames, family-name-first, middle initials, a
 * generational suffix, an Arabic `bin … al-…` chain, an umlaut transliterated `ue`); reverse-DNS
 * names (a Java package in a stack trace, Maven coordinates, an npm scope, a Docker label key, an
 * app bundle id); model and dataset registries other than the Hub, W&B, MLflow, Comet, Neptune,
 * NGC and Replicate (Ollama, Roboflow, ClearML, ModelScope, torch.hub); TLS certificate subjects
 * (Go's x509 hostname error, openssl's `subject=`, a SAN list, an issuer, an `emailAddress=`);
 * machine serials (a service tag as the node's name, `machineID`, `systemUUID`, nvidia-smi's
 * board serial, dmidecode's chassis serial, an asset tag, a BMC host); places in other shapes
 * (degrees-minutes-seconds, a geohash, a plus code, a Canadian and a Japanese postcode, a
 * what3words address); cloud directories (an AWS IAM Identity Center start URL, an account alias
 * sign-in URL, AWS Organizations and OU ids, a GCP organization number, a Cloudflare account id);
 * CI identities (a GitHub Actions OIDC `sub`, Jenkins' `Started by user`, a Jenkins job path, a
 * Tekton PipelineRun, a self-hosted runner's name); Kubernetes object names the diagnosis does
 * not read (a Secret, a ConfigMap, a ServiceAccount, a PriorityClass); mail plumbing
 * (`Message-ID`, `Received: from`, SMTP `MAIL FROM:`, DKIM `d=`/`s=`, `List-Id`); and e-mail
 * addresses in other shapes (an IDN domain in punycode, a quoted local part, an IP-literal
 * domain, a `-`-subaddress, a Unicode local part).
 *
 * Secret shapes, each as a rule defines it (gitleaks `config/gitleaks.toml` at
 * b58d3f102cf3a2c84cb7f923d05c25c9b1aed84b, rule ids below), none of which sets 1–6 planted:
 * gitlab-deploy-token `gldt-`, gitlab-feed-token `glft-`, gitlab-cicd-job-token `glcbt-`,
 * gitlab-kubernetes-agent-token `glagent-`, gitlab-scim-token `glsoat-`,
 * gitlab-incoming-mail-token `glimt-`, new-relic-user-api-key `NRAK-`, sendinblue-api-token
 * `xkeysib-`, readme-api-token `rdme_`, sourcegraph-access-token `sgp_`, octopus-deploy-api-key
 * `API-`, scalingo-api-token `tk-us-`, shippo-api-token `shippo_live_`, duffel-api-token
 * `duffel_live_`, easypost-api-token `EZAK`, flutterwave-secret-key `FLWSECK_TEST-`,
 * frameio-api-token `fio-u-`, cloudflare-origin-ca-key `v1.0-`, notion-api-token `ntn_`,
 * mapbox-api-token `pk.`, square-access-token `sq0atp-`, dropbox-short-lived-api-token `sl.`,
 * artifactory-api-key `AKCp`, typeform-api-token `tfp_`, mailgun-private-api-token `key-`,
 * adobe-client-secret `p8e-`, and private-key as `-----BEGIN ENCRYPTED PRIVATE KEY-----`.
 * Wrappings no set used: a `kubernetes.io/dockerconfigjson` Secret's `data` (base64 of a JSON
 * whose `auth` is base64 again), a PEM block whose lines each carry a log forwarder's prefix, a
 * token a logger wrapped at 80 columns, a quoted-printable mail body with a soft line break
 * inside the token, a URL query parameter, a JSON string holding JSON, a Python dict repr.
 *
 * Expectations come from the issue's rule only — keep verbatim what the diagnosis needs,
 * pseudonymise every other identifier-like token consistently everywhere, never keep a secret
 * the report would redact — not from the engine (functions/recording/, functions/safety/ and
 * every redact/anonymize module were not opened to write this file).
 *
 * Message shapes, and where they come from:
 * - the base fixture's texts: kubernetes/kubernetes pkg/controller/tainteviction
 *   `Marking for deletion Pod %s` (reason TaintManagerEviction), pkg/controller/nodelifecycle
 *   `Node is not ready` (NodeNotReady), pkg/controller/job `Job has reached the specified backoff
 *   limit` (BackoffLimitExceeded), pkg/controller/nodelifecycle `Kubelet stopped posting node
 *   status.` (NodeStatusUnknown), as the fixture quotes them;
 *   kubernetes/node-problem-detector config/kernel-monitor.json `KernelHasNoDeadlock` /
 *   `kernel has no deadlock` (a healthy condition added to the node).
 * - Go's `x509: certificate is valid for <names>, not <host>` (golang/go src/crypto/x509/verify.go,
 *   HostnameError.Error); openssl x509 `-subject` output `subject=C = …, O = …, CN = …` and
 *   `X509v3 Subject Alternative Name:` with `DNS:` / `IP Address:` entries (openssl/openssl
 *   crypto/x509/v3_san.c); Jenkins' `Started by user <name>` (jenkinsci/jenkins
 *   core/src/main/resources/hudson/model/Messages.properties, `Cause.UserCause.ShortDescription` and
 *   `Cause.UserIdCause.ShortDescription`, both `Started by user {0}`);
 *   NCCL's `NCCL INFO NCCL version 2.x.y+cudaX.Y` banner (NVIDIA/nccl src/init.cc, `VERSION_STRING`
 *   printed by `showVersion`); nvidia-smi's `Driver Version: … CUDA Version: …` header and its
 *   `-q` `Serial Number` field (NVIDIA's nvidia-smi documentation).
 * - Windows SIDs `S-1-5-21-<a>-<b>-<c>-<RID>` (learn.microsoft.com, "Security identifiers");
 *   Okta user ids `00u` + 17 (developer.okta.com Users API examples); Auth0 user ids
 *   `auth0|<24 hex>` and `google-oauth2|<21 digits>` (auth0.com docs, "Identify Users"); AWS IAM
 *   unique ids `AROA…` and the `<role-id>:<session>` userId of an assumed role
 *   (docs.aws.amazon.com IAM "IAM identifiers"); Keycloak `/admin/realms/<realm>/users/<uuid>`.
 * - GitHub Actions OIDC `sub` `repo:<org>/<repo>:ref:refs/heads/<branch>` (docs.github.com,
 *   "About security hardening with OpenID Connect"); AWS IAM Identity Center start URLs
 *   `https://d-<10>.awsapps.com/start`; account alias sign-in `https://<alias>.signin.aws.amazon.com/console`;
 *   AWS Organizations ids `o-<10>` and `ou-<4>-<8>` (Organizations API reference, id patterns);
 *   GCP `organizations/<number>`; Cloudflare `/client/v4/accounts/<32 hex>/`.
 * - Open Location Code (google/open-location-code), geohash (base 32 `0-9b-hjkmnp-z`),
 *   Canada Post `A1A 1A1`, Japan Post `〒123-4567`, what3words `///word.word.word`.
 * - RFC 5322 `Message-ID: <…@…>`, RFC 5321 `Received: from … by …` and `MAIL FROM:<…>`, RFC 6376
 *   `DKIM-Signature: … d=<domain>; s=<selector>`, RFC 2919 `List-Id: <…>`, RFC 2045 §6.7
 *   quoted-printable (`=3D`, a `=` soft line break at 76 characters), RFC 5321 §4.1.3 address
 *   literals `user@[a.b.c.d]`, RFC 6531 UTF-8 local parts, RFC 3492 punycode `xn--`.
 * - `kubernetes.io/dockerconfigjson` Secrets, `data[".dockerconfigjson"]` = base64 of
 *   `{"auths":{"<registry>":{"auth":"<base64 user:password>"}}}` (kubernetes.io, "Pull an Image
 *   from a Private Registry"); GitLab deploy tokens as registry credentials (docs.gitlab.com,
 *   "Deploy tokens").
 */
import { fileURLToPath } from 'node:url';
import { loadScenario, type Scenario } from '../../../functions/simulator/startRunaiSimulator.js';
import { randomFrom, type HeldOutSet, type KeepCase } from '../heldout/heldOutPlants.js';
import { plantCollector } from '../heldout/plantCollector.js';
import type { ConsistencyCase } from '../heldout3/heldOutPlants3.js';
import { runaiEventAbout, runaiRecordsOf } from '../heldout/runaiRecordsOf.js';

export const FAMILIES_7 = [
  'idp-subject',
  'name-structure',
  'reverse-dns',
  'model-registry',
  'tls-subject',
  'machine-serial',
  'place-shape',
  'cloud-directory',
  'ci-identity',
  'k8s-object-name',
  'mail-plumbing',
  'email-shape',
] as const;
export type Family7 = (typeof FAMILIES_7)[number];

/** Three seeds, none shared with sets 1–6 (25001–2, 25101–2, 25201–3, 25401–3, 25501–3, 25601–3). */
export const HELD_OUT_SEEDS_7 = [25_701, 25_702, 25_703] as const;

export interface HeldOutSet7 extends HeldOutSet<Family7> {
  consistency: ConsistencyCase[];
}

const BASE = fileURLToPath(new URL('../../../fixtures/scenarios/tier2-node-notready-describe-node/', import.meta.url));

// Pools no earlier set draws from (each placement is dealt its own value).
const FIRST = [
  'Anselm',
  'Brigida',
  'Casimir',
  'Dorothea',
  'Evander',
  'Filomena',
  'Gervase',
  'Hyacinth',
  'Isidore',
  'Jacinta',
  'Lorcan',
  'Melisande',
  'Norberto',
  'Ottilie',
  'Peregrine',
  'Radegund',
  'Severin',
  'Theodora',
  'Ulrika',
  'Valentin',
  'Wilhelmina',
  'Xanthe',
  'Yolanda',
  'Zephyrin',
  'Aldous',
  'Berenike',
  'Crispin',
  'Domitilla',
  'Emeric',
  'Fenella',
  'Godric',
  'Hildegard',
  'Ivor',
  'Jessamy',
  'Kenelm',
  'Leopoldine',
];
const LAST = [
  'Abernethy',
  'Brackenridge',
  'Carrington',
  'Delacourt',
  'Eskdale',
  'Fotheringham',
  'Gillingham',
  'Haverford',
  'Ivanhoe',
  'Kirkpatrick',
  'Lockhart',
  'Montgomery',
  'Northcote',
  'Ormerod',
  'Postlethwaite',
  'Quarrington',
  'Rutherford',
  'Stainforth',
  'Tredinnick',
  'Underhill',
  'Wetherby',
  'Yarborough',
  'Ashburnham',
  'Blenkinsop',
  'Challoner',
  'Dalrymple',
  'Enderby',
  'Fairclough',
  'Grimshaw',
  'Hazeldine',
];
// Names whose structure is the class (each list drawn once per seed).
const PARTICLE = ['van der Wetering', 'de la Fontaine', 'von Hohenstein', 'van den Broecke', 'di Castelverde', 'da Silveira Lobo'];
const DOUBLE_SURNAME = ['Carrasco Villanueva', 'Etxeberria Lasarte', 'Montalbán Quesada', 'Urquiza Beltrán', 'Olabarría Zubieta'];
const FAMILY_FIRST = ['Kovács Réka', 'Szabó Levente', 'Tóth Boglárka', 'Farkas Zsombor', 'Balogh Csenge'];
const NASAB = ['Khalid bin Saeed al-Harthi', 'Yousef bin Nasser al-Mahrouqi', 'Faisal bin Hamad al-Nuaimi', 'Omar bin Sultan al-Shamsi'];
const UMLAUT_TRANSLITERATED = ['Schroeder', 'Goetzinger', 'Muellenhoff', 'Baeumler', 'Koehlbrandt', 'Juergensmeyer'];
const CUSTOMERS = [
  'Arrowfield',
  'Boulderbrook',
  'Candlewyck',
  'Dunmorrow',
  'Elmsworth',
  'Falconridge',
  'Greystoke',
  'Harrowgate',
  'Ironbridge',
  'Quillbrook',
  'Kestrelmoor',
  'Larchmont',
  'Millbeck',
  'Nettlecombe',
  'Orchardleigh',
  'Pebblecreek',
  'Ravenholt',
  'Stonyhurst',
  'Thornbury',
  'Wrenfield',
  'Ambleside',
  'Bramblecote',
  'Coppergate',
  'Deerhurst',
  'Edgeworth',
  'Foxhollow',
  'Goldcrest',
  'Heronsgate',
];
const CORPS = ['opticora', 'visiqon', 'pixelith', 'retinova', 'lumagrid', 'spectrava', 'ocularis', 'prismatek'];
const CODENAMES = [
  'albatross',
  'bittern',
  'cormorant',
  'dunlin',
  'egret',
  'fulmar',
  'gannet',
  'harrier',
  'ibis',
  'jacana',
  'kittiwake',
  'lapwing',
  'merganser',
  'nightjar',
  'ortolan',
  'plover',
  'redshank',
  'shearwater',
];
const W3W = ['lantern', 'pebble', 'orchard', 'copper', 'meadow', 'thimble', 'harbour', 'velvet', 'saddle', 'juniper', 'quartz', 'willow'];
const HEX = '0123456789abcdef';
const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALNUM = `${UPPER}${LOWER}${DIGITS}`;
const B64 = `${ALNUM}+/`;
const URLSAFE = `${ALNUM}_-`;
const GEOHASH = '0123456789bcdefghjkmnpqrstuvwxyz';
const PLUS_CODE = '23456789CFGHJMPQRVWX';
// Dell service tags: 7 characters, digits and consonant-heavy capitals (no vowels).
const SERVICE_TAG = '0123456789BCDFGHJKLMNPQRSTVWXYZ';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const uuid = (r: ReturnType<typeof randomFrom>) =>
  `${r.chars(HEX, 8)}-${r.chars(HEX, 4)}-4${r.chars(HEX, 3)}-${r.pick(['8', '9', 'a', 'b'])}${r.chars(HEX, 3)}-${r.chars(HEX, 12)}`;

/** Builds the seventh held-out set for one seed. */
export async function buildHeldOutSet7(seed: number): Promise<HeldOutSet7> {
  const r = randomFrom(seed);
  const base = await loadScenario(BASE);
  const { plants, secrets, plant, secret, deal } = plantCollector<Family7>(r);
  const first = deal(FIRST);
  const last = deal(LAST);
  const customer = deal(CUSTOMERS);
  const codenames = deal(CODENAMES);
  const codename = () => `${codenames()}${r.int(2, 99)}`;
  const corp = `${r.pick(CORPS)}${r.int(2, 9)}`;
  const login = () => `${first().toLowerCase().slice(0, 1)}${last().toLowerCase()}`;
  const octet = () => r.int(2, 250);

  // ---- the workload's own names (every field and message that names it) ----
  const workloadName = `${codename()}-vit-${r.int(2, 9)}b`;
  const podName = `${workloadName}-0-0`;
  const project = `${codename()}-vision`;
  const namespace = `runai-${project}`;
  const submitterEmail = `${first().toLowerCase()}.${last().toLowerCase()}@${corp}.ai`;

  // ---- machine-serial (the node's name is one: a service tag, as racks are labelled) ----
  const serviceTag = r.chars(SERVICE_TAG, 7);
  const nodeName = plant(
    'machine-serial',
    'service-tag-node-name-every-node-field',
    `xe9680-${serviceTag.toLowerCase()}`,
    'every node field (nodeName, metadata.name, kubernetes.io/hostname), the phase message, Run:ai and k8s events',
  );
  const machineId = plant('machine-serial', 'machine-id-in-node-info', r.chars(HEX, 32), 'k8s node status.nodeInfo.machineID');
  const systemUuid = plant(
    'machine-serial',
    'system-uuid-in-node-info-and-history',
    uuid(r).toUpperCase(),
    'k8s node status.nodeInfo.systemUUID and Run:ai history: dmidecode UUID',
  );
  const gpuSerial = plant(
    'machine-serial',
    'gpu-board-serial-in-run-ai-event',
    `1${r.chars(DIGITS, 12)}`,
    'Run:ai event: nvidia-smi -q Serial Number : <13 digits>',
  );
  const chassisSerial = plant(
    'machine-serial',
    'chassis-serial-in-k8s-event',
    `${r.pick(['CN', 'MX', 'SG'])}${r.chars(DIGITS, 4)}${r.chars(SERVICE_TAG, 6)}`,
    'k8s event: dmidecode -t chassis Serial Number: <serial>',
  );
  const assetTag = plant(
    'machine-serial',
    'asset-tag-in-args',
    `${corp.toUpperCase()}-${r.chars(DIGITS, 6)}`,
    'Run:ai spec args: --asset-tag <CORP>-<6 digits>',
  );
  const bmcHost = plant(
    'machine-serial',
    'bmc-host-named-by-service-tag-in-history',
    `idrac-${r.chars(SERVICE_TAG, 7).toLowerCase()}`,
    'Run:ai history: BMC https://idrac-<tag>.oob.<corp>.net',
  );

  // ---- idp-subject ----
  const sidRid = r.int(1100, 9999);
  const sid = plant(
    'idp-subject',
    'windows-sid-in-run-ai-event-and-k8s-event',
    `S-1-5-21-${r.int(1_000_000_000, 4_294_967_295)}-${r.int(1_000_000_000, 4_294_967_295)}-${r.int(100_000_000, 999_999_999)}-${sidRid}`,
    'Run:ai event and k8s event: share ACL granted to <SID>',
  );
  const oktaId = plant(
    'idp-subject',
    'okta-user-id-in-run-ai-event-and-history',
    `00u${r.chars(ALNUM, 17)}`,
    'Run:ai event and history: signed in as user <00u…>',
  );
  const auth0Sub = plant('idp-subject', 'auth0-sub-in-args', `auth0|${r.chars(HEX, 24)}`, 'Run:ai spec args: --owner-sub auth0|<24 hex>');
  const googleSub = plant(
    'idp-subject',
    'google-oauth2-sub-in-k8s-event',
    `google-oauth2|1${r.chars(DIGITS, 20)}`,
    'k8s event: token subject google-oauth2|<21 digits>',
  );
  const roleUniqueId = plant(
    'idp-subject',
    'aws-role-unique-id-with-session-in-history',
    `AROA${r.chars(`${UPPER}${DIGITS}`, 17)}:${first().toLowerCase()}`,
    'Run:ai history: caller userId AROA…:<session>',
  );
  const keycloakRealm = plant(
    'idp-subject',
    'keycloak-realm-in-run-ai-event',
    `${customer().toLowerCase()}-sso`,
    'Run:ai event: /admin/realms/<realm>/users/<uuid>',
  );

  // ---- name-structure ----
  const particleName = plant(
    'name-structure',
    'nobiliary-particle-surname-in-k8s-event',
    `${first()} ${r.pick(PARTICLE)}`,
    'k8s event: paged <First van der Last>',
  );
  const doubleSurname = plant(
    'name-structure',
    'two-surnames-in-history',
    `${first()} ${r.pick(DOUBLE_SURNAME)}`,
    'Run:ai history: dataset curated by <First Surname1 Surname2>',
  );
  const familyFirst = plant('name-structure', 'family-name-first-in-run-ai-event', r.pick(FAMILY_FIRST), 'Run:ai event: on-call <Family Given>');
  const initialsName = plant(
    'name-structure',
    'middle-initials-in-args',
    `${first().slice(0, 1)}. ${first().slice(0, 1)}. ${last()}`,
    'Run:ai spec args: --approver "<F. M. Last>"',
  );
  const suffixName = plant('name-structure', 'generational-suffix-in-k8s-event', `${first()} ${last()} Jr.`, 'k8s event: handed over to <First Last Jr.>');
  const nasabName = plant('name-structure', 'arabic-nasab-chain-in-history', r.pick(NASAB), 'Run:ai history: reviewer <Given bin Father al-Family>');
  const transliterated = plant(
    'name-structure',
    'umlaut-transliterated-login-in-command',
    `${r.pick(UMLAUT_TRANSLITERATED).toLowerCase()}.${first().toLowerCase().slice(0, 1)}`,
    'Run:ai spec command: sudo -u <schroeder.a>',
  );

  // ---- reverse-dns ----
  const javaPackage = plant(
    'reverse-dns',
    'java-package-in-stack-trace-k8s-event',
    `com.${corp}.${customer().toLowerCase()}.ingest`,
    'k8s event: at com.<corp>.<customer>.ingest.ParquetSink.write(…)',
  );
  const mavenGroup = plant('reverse-dns', 'maven-group-id-in-args', `ai.${corp}.${codename()}`, 'Run:ai spec args: --jar-coords <group>:feature-client:2.4.1');
  const npmScope = plant('reverse-dns', 'npm-scope-in-history', `@${customer().toLowerCase()}-labs`, 'Run:ai history: npm ci pulled <@scope>/label-ui');
  const labelKey = plant(
    'reverse-dns',
    'docker-label-key-in-run-ai-event',
    `com.${customer().toLowerCase()}.costcentre`,
    'Run:ai event: image label <com.customer.costcentre>=…',
  );
  const bundleId = plant(
    'reverse-dns',
    'app-bundle-id-in-k8s-event',
    `com.${corp}.${first().toLowerCase()}-annotator`,
    'k8s event: uploaded from <com.corp.first-annotator>',
  );

  // ---- model-registry ----
  const ollamaModel = plant(
    'model-registry',
    'ollama-namespace-model-in-args-and-run-ai-event',
    `${login()}/vit-captioner`,
    'Run:ai spec args and Run:ai event: ollama pull <user>/<model>',
  );
  const roboflowProject = plant(
    'model-registry',
    'roboflow-workspace-project-in-history',
    `${customer().toLowerCase()}-qa/defect-seg-${r.int(2, 9)}`,
    'Run:ai history: universe.roboflow.com/<workspace>/<project>',
  );
  const clearmlProject = plant(
    'model-registry',
    'clearml-project-in-k8s-event',
    `${customer()} Retina Study`,
    'k8s event: clearml project_name=<Customer> Retina Study',
  );
  const modelscopeRepo = plant(
    'model-registry',
    'modelscope-org-model-in-run-ai-event',
    `${corp}-${codename()}/vit-h-finetune`,
    'Run:ai event: modelscope download <org>/<model>',
  );
  const torchHubRepo = plant(
    'model-registry',
    'torch-hub-owner-repo-in-command',
    `${login()}/dinov2-fork`,
    "Run:ai spec command: torch.hub.load('<owner>/<repo>', …)",
  );

  // ---- tls-subject ----
  const certValidHost = plant(
    'tls-subject',
    'x509-valid-for-host-in-k8s-event',
    `ingest.${customer().toLowerCase()}.${corp}.net`,
    'k8s event: x509: certificate is valid for <host>, not …',
  );
  const certWantedHost = plant(
    'tls-subject',
    'x509-wanted-host-in-k8s-event',
    `feature-store.${codename()}.${corp}.net`,
    'k8s event: x509: certificate is valid for …, not <host>',
  );
  const subjectOrg = plant(
    'tls-subject',
    'openssl-subject-organisation-in-history',
    `${customer()} Imaging Inc`,
    'Run:ai history: subject=C = US, O = <Customer> Imaging Inc, CN = …',
  );
  const sanHost = plant(
    'tls-subject',
    'san-dns-entry-in-run-ai-event',
    `${codename()}-gw.${customer().toLowerCase()}.internal`,
    'Run:ai event: X509v3 Subject Alternative Name: DNS:<host>, IP Address:…',
  );
  const issuerCn = plant(
    'tls-subject',
    'issuer-cn-in-args',
    `${corp.toUpperCase()} Issuing CA ${r.int(2, 9)}`,
    'Run:ai spec args: --ca-issuer "CN=<CORP> Issuing CA <n>"',
  );
  const certEmail = plant('tls-subject', 'certificate-email-address-in-k8s-event', `pki-${login()}@${corp}.ai`, 'k8s event: emailAddress=<address>');

  // ---- place-shape ----
  const dms = plant(
    'place-shape',
    'dms-coordinates-in-run-ai-event',
    `${r.int(35, 60)}°${r.int(10, 59)}′${r.int(10, 59)}″N ${r.int(2, 120)}°${r.int(10, 59)}′${r.int(10, 59)}″${r.pick(['E', 'W'])}`,
    'Run:ai event: rack site <DD°MM′SS″N DDD°MM′SS″E>',
  );
  const geohash = plant('place-shape', 'geohash-in-k8s-event', r.chars(GEOHASH, 9), 'k8s event: geohash=<9>');
  const plusCode = plant(
    'place-shape',
    'plus-code-in-history',
    `${r.chars('89C', 1)}${r.chars('CFGHJ', 1)}${r.chars(PLUS_CODE, 6)}+${r.chars(PLUS_CODE, 2)}`,
    'Run:ai history: site plus code <8FVC9G8F+6W>',
  );
  const caPostcode = plant(
    'place-shape',
    'canadian-postcode-in-args',
    `${r.chars('ABCEGHJKLMNPRSTVXY', 1)}${r.int(1, 9)}${r.chars('ABCEGHJKLMNPRSTVWXYZ', 1)} ${r.int(1, 9)}${r.chars('ABCEGHJKLMNPRSTVWXYZ', 1)}${r.int(1, 9)}`,
    'Run:ai spec args: --ship-to "… <A1A 1A1>"',
  );
  const jpPostcode = plant(
    'place-shape',
    'japanese-postcode-in-k8s-event',
    `〒${r.chars(DIGITS, 3)}-${r.chars(DIGITS, 4)}`,
    'k8s event: courier to 〒<123-4567>',
  );
  const w3w = plant('place-shape', 'what3words-in-run-ai-event', `///${r.pick(W3W)}.${r.pick(W3W)}s.${r.pick(W3W)}ed`, 'Run:ai event: loading dock ///<w.w.w>');

  // ---- cloud-directory ----
  const ssoDirectory = plant(
    'cloud-directory',
    'aws-identity-center-start-url-in-history',
    `d-${r.chars(`${DIGITS}${LOWER}`, 10)}`,
    'Run:ai history: https://<d-…>.awsapps.com/start',
  );
  const accountAlias = plant(
    'cloud-directory',
    'aws-account-alias-signin-in-run-ai-event',
    `${customer().toLowerCase()}-ml-prod`,
    'Run:ai event: https://<alias>.signin.aws.amazon.com/console',
  );
  const orgId = plant('cloud-directory', 'aws-organizations-ids-in-k8s-event', `o-${r.chars(`${DIGITS}${LOWER}`, 10)}`, 'k8s event: org <o-…> ou ou-…');
  const ouId = plant(
    'cloud-directory',
    'aws-ou-id-in-k8s-event',
    `ou-${r.chars(`${DIGITS}${LOWER}`, 4)}-${r.chars(`${DIGITS}${LOWER}`, 8)}`,
    'k8s event: ou <ou-…-…>',
  );
  const gcpOrg = plant(
    'cloud-directory',
    'gcp-organization-number-in-args',
    `${r.int(1, 9)}${r.chars(DIGITS, 11)}`,
    'Run:ai spec args: --gcp-parent organizations/<12 digits>',
  );
  const cloudflareAccount = plant(
    'cloud-directory',
    'cloudflare-account-id-in-history',
    r.chars(HEX, 32),
    'Run:ai history: /client/v4/accounts/<32 hex>/r2/buckets',
  );

  // ---- ci-identity ----
  const ghaRepo = `${corp}/${codename()}-train`;
  const ghaSub = plant(
    'ci-identity',
    'github-actions-oidc-sub-in-run-ai-event',
    `repo:${ghaRepo}:ref:refs/heads/${login()}/retrain`,
    'Run:ai event: OIDC sub repo:<org>/<repo>:ref:refs/heads/<branch>',
  );
  const jenkinsUser = plant('ci-identity', 'jenkins-started-by-user-in-history', `${first()} ${last()}`, 'Run:ai history: Started by user <First Last>');
  const jenkinsJob = plant(
    'ci-identity',
    'jenkins-job-path-in-k8s-event',
    `job/${customer().toLowerCase()}-pipelines/job/nightly-eval`,
    'k8s event: https://ci.<corp>.ai/<job/…/job/…>/412/',
  );
  const tektonRun = plant(
    'ci-identity',
    'tekton-pipelinerun-in-run-ai-event',
    `${login()}-retrain-run-${r.chars(`${LOWER}${DIGITS}`, 5)}`,
    'Run:ai event: pipelinerun <login>-retrain-run-<5>',
  );
  const runnerName = plant(
    'ci-identity',
    'self-hosted-runner-name-in-command',
    `${first().toLowerCase()}-workstation-runner`,
    'Run:ai spec command: RUNNER_NAME=<first>-workstation-runner',
  );

  // ---- k8s-object-name ----
  const secretName = plant('k8s-object-name', 'secret-name-in-run-ai-event', `${login()}-registry-pull`, 'Run:ai event: imagePullSecret <login>-registry-pull');
  const configMapName = plant(
    'k8s-object-name',
    'configmap-name-in-history',
    `${customer().toLowerCase()}-label-map`,
    'Run:ai history: configmap/<customer>-label-map',
  );
  const serviceAccount = plant(
    'k8s-object-name',
    'serviceaccount-name-in-k8s-event',
    `sa-${login()}-notebooks`,
    'k8s event: serviceaccount sa-<login>-notebooks',
  );
  const priorityClass = plant(
    'k8s-object-name',
    'priorityclass-name-in-run-ai-event',
    `${customer().toLowerCase()}-gold-tier`,
    'Run:ai event: priorityClassName <customer>-gold-tier',
  );

  // ---- mail-plumbing ----
  const messageId = plant(
    'mail-plumbing',
    'message-id-in-history-and-run-ai-event',
    `${r.chars(HEX, 12)}.${r.chars(DIGITS, 10)}@mx${r.int(1, 4)}.${corp}.ai`,
    'Run:ai history and Run:ai event: Message-ID <…@mx.<corp>.ai>',
  );
  const receivedHost = plant(
    'mail-plumbing',
    'received-from-host-in-k8s-event',
    `${login()}-laptop.vpn.${corp}.ai`,
    'k8s event: Received: from <host> (…) by …',
  );
  const mailFrom = plant(
    'mail-plumbing',
    'smtp-mail-from-in-run-ai-event',
    `bounce-${r.chars(DIGITS, 6)}@notify.${customer().toLowerCase()}.com`,
    'Run:ai event: MAIL FROM:<…>',
  );
  const dkimDomain = plant(
    'mail-plumbing',
    'dkim-domain-and-selector-in-history',
    `${customer().toLowerCase()}-mail.com; s=${codename()}`,
    'Run:ai history: DKIM-Signature: d=<domain>; s=<selector>',
  );
  const listId = plant('mail-plumbing', 'list-id-in-k8s-event', `${codename()}-alerts.lists.${corp}.ai`, 'k8s event: List-Id: <…>');

  // ---- email-shape ----
  const idnEmail = plant(
    'email-shape',
    'punycode-idn-domain-in-run-ai-event',
    `${login()}@xn--${r.chars(LOWER, 6)}-${r.chars(LOWER, 3)}.de`,
    'Run:ai event: notify <login>@xn--….de',
  );
  const quotedLocal = plant(
    'email-shape',
    'quoted-local-part-in-history',
    `"${first()} ${last()}"@${corp}.ai`,
    'Run:ai history: reply to "<First Last>"@<corp>.ai',
  );
  const ipLiteral = plant(
    'email-shape',
    'ip-literal-domain-in-k8s-event',
    `${login()}@[10.${octet()}.${octet()}.${octet()}]`,
    'k8s event: alert to <login>@[10.a.b.c]',
  );
  const dashSubaddress = plant(
    'email-shape',
    'dash-subaddress-in-args',
    `${login()}-gpualerts@${corp}.ai`,
    'Run:ai spec args: --notify <login>-gpualerts@<corp>.ai',
  );
  const unicodeLocal = plant(
    'email-shape',
    'utf8-local-part-in-k8s-event',
    `${r.pick(['søren', 'zoë', 'andrés', 'jürgen', 'françoise'])}.${last().toLowerCase()}@${corp}.ai`,
    'k8s event: cc <søren.last>@<corp>.ai',
  );

  // ---- secrets (all fake, drawn per seed) ----
  const deployToken = `gldt-${r.chars(URLSAFE, 20)}`;
  const deployUser = `gitlab+deploy-token-${r.int(100, 9999)}`;
  const dockerConfigJson = b64(JSON.stringify({ auths: { [`registry.${corp}.ai:5050`]: { auth: b64(`${deployUser}:${deployToken}`) } } }));
  const feedToken = `glft-${r.chars(URLSAFE, 20)}`;
  const jobToken = `glcbt-${r.chars(ALNUM, 2)}_${r.chars(URLSAFE, 20)}`;
  const agentToken = `glagent-${r.chars(URLSAFE, 50)}`;
  const scimToken = `glsoat-${r.chars(URLSAFE, 20)}`;
  const mailToken = `glimt-${r.chars(URLSAFE, 25)}`;
  const newRelic = `NRAK-${r.chars(`${UPPER}${DIGITS}`, 27)}`;
  const brevo = `xkeysib-${r.chars(HEX, 64)}-${r.chars(`${LOWER}${DIGITS}`, 16)}`;
  const readme = `rdme_${r.chars(`${LOWER}${DIGITS}`, 70)}`;
  const sourcegraph = `sgp_${r.chars(HEX, 16)}_${r.chars(HEX, 40)}`;
  const octopus = `API-${r.chars(`${UPPER}${DIGITS}`, 26)}`;
  const scalingo = `tk-us-${r.chars(URLSAFE, 48)}`;
  const shippo = `shippo_live_${r.chars(HEX, 40)}`;
  const duffel = `duffel_live_${r.chars(URLSAFE, 43)}`;
  const easypost = `EZAK${r.chars(`${LOWER}${DIGITS}`, 54)}`;
  const flutterwave = `FLWSECK_TEST-${r.chars('abcdefgh0123456789', 32)}-X`;
  const frameio = `fio-u-${r.chars(URLSAFE, 64)}`;
  const cloudflareCa = `v1.0-${r.chars(HEX, 24)}-${r.chars(HEX, 146)}`;
  const notion = `ntn_${r.chars(DIGITS, 11)}${r.chars(ALNUM, 35)}`;
  const mapbox = `pk.${r.chars(`${LOWER}${DIGITS}`, 60)}.${r.chars(`${LOWER}${DIGITS}`, 22)}`;
  const square = `sq0atp-${r.chars(URLSAFE, 22)}`;
  const dropbox = `sl.${r.chars(`${ALNUM}_-`, 135)}`;
  const artifactory = `AKCp${r.chars(ALNUM, 69)}`;
  const typeform = `tfp_${r.chars(`${LOWER}${DIGITS}_-`, 59)}`;
  const mailgun = `key-${r.chars(HEX, 32)}`;
  const adobe = `p8e-${r.chars(ALNUM, 32)}`;
  const encryptedKeyLines = [`MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI${r.chars(B64, 16)}`, ...Array.from({ length: 4 }, () => r.chars(B64, 64))];
  const encryptedKey = encryptedKeyLines.join('');

  // ---- the spec the workload was submitted with (Run:ai keeps command, args and env) ----
  const command =
    `bash -lc "export RUNNER_NAME=${runnerName} CI_JOB_TOKEN=${jobToken} NEW_RELIC_API_KEY=${newRelic}; ` +
    `sudo -u ${transliterated} python -c \\"import torch; torch.hub.load('${torchHubRepo}', 'dinov2_vitg14')\\"; ` +
    `DUFFEL_TOKEN=${duffel} exec torchrun"`;
  secret('gitlab-ci-job-token-in-command', jobToken, 'Run:ai spec command: CI_JOB_TOKEN=glcbt-…', { kind: 'text', text: command });
  secret('new-relic-user-key-in-command', newRelic, 'Run:ai spec command: NEW_RELIC_API_KEY=NRAK-…', { kind: 'text', text: command });
  secret('duffel-token-in-command', duffel, 'Run:ai spec command: DUFFEL_TOKEN=duffel_live_…', { kind: 'text', text: command });
  const feedUrl = `https://gitlab.${corp}.ai/${codename()}/vision.atom?feed_token=${feedToken}&scope=all`;
  const args =
    `--nproc_per_node=8 train.py --model vit_huge_patch14_224 --batch-size 256 --ollama-ref ${ollamaModel} ` +
    `--approver "${initialsName}" --owner-sub ${auth0Sub} --asset-tag ${assetTag} --jar-coords ${mavenGroup}:feature-client:2.4.1 ` +
    `--ca-issuer "CN=${issuerCn}" --ship-to "Receiving, ${caPostcode}" --gcp-parent organizations/${gcpOrg} --notify ${dashSubaddress} ` +
    `--changelog-feed ${feedUrl} --scalingo-token ${scalingo} --square-token=${square}`;
  secret('gitlab-feed-token-in-url-query-args', feedToken, 'Run:ai spec args: …vision.atom?feed_token=glft-…&scope=all', { kind: 'text', text: args });
  secret('scalingo-token-in-args', scalingo, 'Run:ai spec args: --scalingo-token tk-us-…', { kind: 'text', text: args });
  secret('square-token-in-args', square, 'Run:ai spec args: --square-token=sq0atp-…', { kind: 'text', text: args });
  const mailgunEnvFile = `# notifier .env\nMAILGUN_DOMAIN=mg.${corp}.ai\nMAILGUN_API_KEY=${mailgun}\n`;
  const envEntries: [string, string][] = [
    ['NCCL_DEBUG', 'INFO'],
    ['CUDA_DEVICE_MAX_CONNECTIONS', '1'],
    ['GITLAB_AGENT_TOKEN', agentToken],
    ['FLW_SECRET_KEY', flutterwave],
    ['DROPBOX_ACCESS_TOKEN', dropbox],
    ['NOTIFIER_DOTENV', mailgunEnvFile],
  ];
  for (const [placement, name, value, where] of [
    ['gitlab-agent-token-in-spec-env', 'GITLAB_AGENT_TOKEN', agentToken, 'Run:ai spec env GITLAB_AGENT_TOKEN=glagent-…'],
    ['flutterwave-secret-key-in-spec-env', 'FLW_SECRET_KEY', flutterwave, 'Run:ai spec env FLW_SECRET_KEY=FLWSECK_TEST-…-X'],
    ['dropbox-token-in-spec-env', 'DROPBOX_ACCESS_TOKEN', dropbox, 'Run:ai spec env DROPBOX_ACCESS_TOKEN=sl.…'],
  ] as const)
    secret(placement, value, where, { kind: 'env', name, value });
  secret('mailgun-key-in-dotenv-spec-env', mailgun, 'Run:ai spec env NOTIFIER_DOTENV: a .env file, MAILGUN_API_KEY=key-…', {
    kind: 'text',
    text: mailgunEnvFile,
  });
  const shippoJson = JSON.stringify(JSON.stringify({ carrier: { shippo_token: shippo, mode: 'live' } }));
  const annotations = [
    { name: 'vision.example/shipping', value: `label printer config: ${shippoJson}` },
    { name: 'vision.example/site', value: `Rack ${assetTag}; ${dms}` },
  ];
  secret('shippo-token-json-escaped-twice-in-spec-annotation', shippo, 'Run:ai spec annotation: a JSON string holding JSON, "shippo_token": "shippo_live_…"', {
    kind: 'text',
    text: annotations[0]!.value,
  });

  // ---- rename the base scenario's own names (fields and messages alike) ----
  const renamed = JSON.stringify(base)
    .replaceAll('vit-huge-pretrain-0-0', podName)
    .replaceAll('vit-huge-pretrain', workloadName)
    .replaceAll('runai-vision-core', namespace)
    .replaceAll('"vision-core"', JSON.stringify(project))
    .replaceAll('dgx-a100-15', nodeName)
    .replaceAll('applied-ai', `${codename()}-dept`)
    .replaceAll('a.ng@example.com', submitterEmail)
    .replaceAll('10.244.12.31', `10.244.${octet()}.${octet()}`);
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

  // Run:ai events: tools posting to the workload (neutral reasons, so the verdict stays NODE_FAILURE).
  const involved = { kind: 'Pod', name: podName, namespace };
  const runaiEvent = runaiEventAbout(clusterId, involved);
  const brevoMessage = `mail-relay: sent digest via api key ${brevo} (MAIL FROM:<${mailFrom}>); Message-ID: <${messageId}> queued`;
  const easypostMessage = `label-printer: easypost client {'api_key': '${easypost}', 'mode': 'production'}`;
  const adobeMessage = `asset-sync: adobe io client_secret=${adobe} refreshed`;
  const runaiEvents = [
    runaiEvent(
      '1a2b3c4d-5e6f-4071-8293-a4b5c6d7e801',
      'now-400m',
      'Scheduled',
      `placement: placed on ${nodeName}; board check nvidia-smi -q Serial Number : ${gpuSerial}; Driver Version: 550.90.07    CUDA Version: 12.4`,
      'placement-audit',
    ),
    runaiEvent(
      '2b3c4d5e-6f70-4182-93a4-b5c6d7e8f902',
      'now-399m',
      'SignedIn',
      `access: signed in as user ${oktaId} with a hardware key; share ACL granted to ${sid} for read; keycloak /admin/realms/${keycloakRealm}/users/${uuid(r)}`,
      'access-audit',
    ),
    runaiEvent(
      '3c4d5e6f-7081-4293-a4b5-c6d7e8f90a13',
      'now-398m',
      'Pulled',
      `model-cache: pulled model ${ollamaModel} into /cache/ollama; modelscope download ${modelscopeRepo}; image label ${labelKey}=vision-rnd`,
      'model-cache',
    ),
    runaiEvent(
      '4d5e6f70-8192-43a4-b5c6-d7e8f90a1b24',
      'now-397m',
      'CertChecked',
      `cert-watch: X509v3 Subject Alternative Name: DNS:${sanHost}, IP Address:10.${octet()}.${octet()}.${octet()}`,
      'cert-watch',
    ),
    runaiEvent(
      '5e6f7081-92a3-44b5-86d7-e8f90a1b2c35',
      'now-396m',
      'Located',
      `facilities: rack site ${dms}; loading dock ${w3w}; on-call ${familyFirst}`,
      'facilities',
    ),
    runaiEvent(
      '6f708192-a3b4-45c6-97e8-f90a1b2c3d46',
      'now-395m',
      'Federated',
      `ci-federation: OIDC sub ${ghaSub} assumed role in https://${accountAlias}.signin.aws.amazon.com/console; pipelinerun ${tektonRun}`,
      'ci-federation',
    ),
    runaiEvent(
      '708192a3-b4c5-46d7-a8f9-0a1b2c3d4e57',
      'now-394m',
      'Admitted',
      `admission: imagePullSecret ${secretName}; priorityClassName ${priorityClass}; notify ${idnEmail}`,
      'admission-audit',
    ),
    runaiEvent('8192a3b4-c5d6-47e8-b9f0-1b2c3d4e5f68', 'now-393m', 'Relayed', brevoMessage, 'mail-relay'),
    runaiEvent('92a3b4c5-d6e7-48f9-8a01-2c3d4e5f6079', 'now-392m', 'Printed', easypostMessage, 'label-printer'),
    runaiEvent('a3b4c5d6-e7f8-4901-9b12-3d4e5f60718a', 'now-391m', 'Synced', adobeMessage, 'asset-sync'),
  ];
  runai.events[workloadId]!.push(...runaiEvents);
  secret('brevo-key-in-run-ai-event', brevo, 'Run:ai event: api key xkeysib-…', { kind: 'text', text: brevoMessage });
  secret('easypost-key-in-python-dict-repr-run-ai-event', easypost, "Run:ai event: {'api_key': 'EZAK…'}", { kind: 'text', text: easypostMessage });
  secret('adobe-client-secret-in-run-ai-event', adobe, 'Run:ai event: client_secret=p8e-…', { kind: 'text', text: adobeMessage });

  const history = runai.history[workloadId]!;
  const phase = (at: string, message: string) => ({
    meta: { creationTimestamp: at, type: 'PhaseUpdate' },
    spec: { phaseUpdate: { phase: 'Running', phaseMessage: message } },
  });
  const dockerSecretJson = JSON.stringify({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'registry-pull' },
    type: 'kubernetes.io/dockerconfigjson',
    data: { '.dockerconfigjson': dockerConfigJson },
  });
  const dockerSecretMessage = `Restored pull secret: ${dockerSecretJson}`;
  const octopusMessage = `Deploy step: octopus release create --apiKey ${octopus} --project vision`;
  const frameioMessage = `Review upload: FRAMEIO_TOKEN=${frameio} asset 7731`;
  const mapboxMessage = `Map tiles: MAPBOX_ACCESS_TOKEN=${mapbox}`;
  // Quoted-printable (RFC 2045 §6.7): `=` is `=3D`, and a soft line break `=\n` at 76 characters
  // cuts the key in two; both halves are longer than 16 characters.
  const qpHead = `X-JFrog-Art-Api: =3D${artifactory}`;
  const qpBody = `Content-Transfer-Encoding: quoted-printable\n\nRepository credentials for the nightly mirror:\n${qpHead.slice(0, 75)}=\n${qpHead.slice(75)}\n`;
  const qpMessage = `Mail archived: ${qpBody}`;
  history.push(
    phase('now-430m', `Started by user ${jenkinsUser}; build 412; dataset curated by ${doubleSurname}`),
    phase('now-429m', `Audit: signed in as user ${oktaId} with a hardware key; caller userId ${roleUniqueId}; reviewer ${nasabName}`),
    phase('now-428m', `Inventory: dmidecode UUID ${systemUuid}; BMC https://${bmcHost}.oob.${corp}.net; site plus code ${plusCode}`),
    phase('now-427m', `Portal: https://${ssoDirectory}.awsapps.com/start; bucket via /client/v4/accounts/${cloudflareAccount}/r2/buckets`),
    phase('now-426m', `Labels: npm ci pulled ${npmScope}/label-ui; configmap/${configMapName}; universe.roboflow.com/${roboflowProject}`),
    phase('now-425m', `Mail: Message-ID: <${messageId}> was threaded; DKIM-Signature: v=1; a=rsa-sha256; d=${dkimDomain}; reply to ${quotedLocal}`),
    phase('now-424m', `Certificate: subject=C = US, O = ${subjectOrg}, CN = ${codename()}.${corp}.net`),
    phase('now-423m', dockerSecretMessage),
    phase('now-422m', octopusMessage),
    phase('now-421m', frameioMessage),
    phase('now-420m', mapboxMessage),
    phase('now-419m', qpMessage),
  );
  secret(
    'gitlab-deploy-token-in-dockerconfigjson-secret-data-history',
    dockerConfigJson,
    'Run:ai history: a kubernetes.io/dockerconfigjson Secret, data base64 of {"auths":{…:{"auth":base64(user:gldt-…)}}}',
    {
      kind: 'text',
      text: dockerSecretMessage,
    },
  );
  secret('octopus-key-in-history', octopus, 'Run:ai history: --apiKey API-…', { kind: 'text', text: octopusMessage });
  secret('frameio-token-in-history', frameio, 'Run:ai history: FRAMEIO_TOKEN=fio-u-…', { kind: 'text', text: frameioMessage });
  secret('mapbox-token-in-history', mapbox, 'Run:ai history: MAPBOX_ACCESS_TOKEN=pk.…', { kind: 'text', text: mapboxMessage });
  secret(
    'artifactory-key-quoted-printable-soft-break-in-history',
    artifactory,
    'Run:ai history: a quoted-printable mail, X-JFrog-Art-Api: =3DAKCp… cut by a soft line break',
    {
      kind: 'text',
      text: qpMessage,
    },
  );

  const kubernetes = out.kubernetes as unknown as {
    pods: unknown[];
    events: Record<string, unknown>[];
    nodes: { metadata: Record<string, unknown>; spec: Record<string, unknown>; status: Record<string, unknown> }[];
  };
  const node = kubernetes.nodes[0]!;
  Object.assign(node.metadata, {
    annotations: { 'inventory.example/service-tag': serviceTag, 'inventory.example/asset': assetTag },
  });
  const nodeStatus = node.status as { conditions: Record<string, unknown>[]; nodeInfo: Record<string, unknown> };
  Object.assign(nodeStatus.nodeInfo, { machineID: machineId, systemUUID: systemUuid, bootID: uuid(r) });
  // node-problem-detector's healthy kernel condition (kubernetes/node-problem-detector config/kernel-monitor.json).
  nodeStatus.conditions.unshift({
    type: 'KernelDeadlock',
    status: 'False',
    lastHeartbeatTime: 'now-126m',
    lastTransitionTime: 'now-30d',
    reason: 'KernelHasNoDeadlock',
    message: 'kernel has no deadlock',
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
  // A log forwarder relays the app's lines, each with its own prefix; the PEM block spans six of them.
  const forwarded = (line: string, index: number) => `2026-12-07T04:${String(10 + index).padStart(2, '0')}:0${index % 10}Z stderr F ${line}`;
  const pemLines = ['-----BEGIN ENCRYPTED PRIVATE KEY-----', ...encryptedKeyLines, '-----END ENCRYPTED PRIVATE KEY-----'];
  const pemMessage = `log-forwarder: relayed\n${pemLines.map(forwarded).join('\n')}`;
  // A logger that wraps at 80 columns cuts the token; the continuation line is indented.
  const sgLine = `INFO token-broker: issued sourcegraph access token ${sourcegraph} for the code search sidecar`;
  const sgWrapped = `${sgLine.slice(0, 80)}\n    ${sgLine.slice(80)}`;
  const sgMessage = `log-forwarder: relayed\n${sgWrapped}`;
  const readmeMessage = `docs-sync: README_API_KEY=${readme} pushed changelog`;
  const cloudflareMessage = `origin-ca: issued with origin CA key ${cloudflareCa}`;
  const notionMessage = `notes-sync: notion client {'auth': '${notion}', 'notion_version': '2022-06-28'}`;
  const typeformMessage = `survey-hook: typeform_token: ${typeform} polled`;
  const gitlabMailMessage = `mail-intake: incoming_email token ${mailToken}; scim sync token ${scimToken}`;
  const stackTrace = [
    `ingest-agent: java.io.IOException: disk quota exceeded`,
    `\tat ${javaPackage}.ParquetSink.write(ParquetSink.java:88)`,
    `\tat ${javaPackage}.Batcher.flush(Batcher.java:141)`,
  ].join('\n');
  kubernetes.events.push(
    k8sEvent(
      '18a1b2c3d4e5f601',
      'CertificateMismatch',
      `feature-store: Get "https://${certWantedHost}/v1/features": tls: failed to verify certificate: x509: certificate is valid for ${certValidHost}, not ${certWantedHost}; emailAddress=${certEmail}`,
      'feature-client',
      'now-410m',
    ),
    k8sEvent(
      '18a1b2c3d4e5f602',
      'Audited',
      `audit: share ACL granted to ${sid} for read; token subject ${googleSub}; serviceaccount ${serviceAccount}; paged ${particleName}`,
      'audit-relay',
      'now-409m',
    ),
    k8sEvent(
      '18a1b2c3d4e5f603',
      'Inventoried',
      `inventory: dmidecode -t chassis Serial Number: ${chassisSerial}; geohash=${geohash}; courier to ${jpPostcode}; handed over to ${suffixName}`,
      'inventory',
      'now-408m',
    ),
    k8sEvent(
      '18a1b2c3d4e5f604',
      'Governed',
      `governance: org ${orgId} ou ${ouId}; clearml project_name=${clearmlProject}; uploaded from ${bundleId}`,
      'governance',
      'now-407m',
    ),
    k8sEvent(
      '18a1b2c3d4e5f605',
      'Notified',
      `mailer: Received: from ${receivedHost} (unknown [10.${octet()}.${octet()}.${octet()}]) by mx1.${corp}.ai; List-Id: <${listId}>; alert to ${ipLiteral}; cc ${unicodeLocal}`,
      'mailer',
      'now-406m',
    ),
    k8sEvent('18a1b2c3d4e5f606', 'Triggered', `ci: https://ci.${corp}.ai/${jenkinsJob}/412/ NCCL INFO NCCL version 2.21.5+cuda12.4`, 'ci-relay', 'now-405m'),
    k8sEvent('18a1b2c3d4e5f607', 'StackTrace', stackTrace, 'ingest-agent', 'now-404m'),
    k8sEvent('18a1b2c3d4e5f608', 'Relayed', pemMessage, 'log-forwarder', 'now-403m'),
    k8sEvent('18a1b2c3d4e5f609', 'Relayed', sgMessage, 'log-forwarder', 'now-402m'),
    k8sEvent('18a1b2c3d4e5f60a', 'DocsSynced', readmeMessage, 'docs-sync', 'now-401m'),
    k8sEvent('18a1b2c3d4e5f60b', 'Issued', cloudflareMessage, 'origin-ca', 'now-400m'),
    k8sEvent('18a1b2c3d4e5f60c', 'NotesSynced', notionMessage, 'notes-sync', 'now-399m'),
    k8sEvent('18a1b2c3d4e5f60d', 'Polled', typeformMessage, 'survey-hook', 'now-398m'),
    k8sEvent('18a1b2c3d4e5f60e', 'MailIntake', gitlabMailMessage, 'mail-intake', 'now-397m'),
  );
  secret(
    'encrypted-private-key-across-forwarded-log-lines-k8s-event',
    encryptedKey,
    'k8s event: -----BEGIN ENCRYPTED PRIVATE KEY----- with each line behind a forwarder prefix',
    {
      kind: 'text',
      text: pemMessage,
    },
  );
  secret('sourcegraph-token-wrapped-at-80-columns-k8s-event', sourcegraph, 'k8s event: sgp_… cut by a logger wrapping at 80 columns', {
    kind: 'text',
    text: sgMessage,
  });
  secret('readme-key-in-k8s-event', readme, 'k8s event: README_API_KEY=rdme_…', { kind: 'text', text: readmeMessage });
  secret('cloudflare-origin-ca-key-in-k8s-event', cloudflareCa, 'k8s event: origin CA key v1.0-…', { kind: 'text', text: cloudflareMessage });
  secret('notion-token-in-python-dict-repr-k8s-event', notion, "k8s event: {'auth': 'ntn_…'}", { kind: 'text', text: notionMessage });
  secret('typeform-token-in-k8s-event', typeform, 'k8s event: typeform_token: tfp_…', { kind: 'text', text: typeformMessage });
  secret('gitlab-incoming-mail-token-in-k8s-event', mailToken, 'k8s event: incoming_email token glimt-…', { kind: 'text', text: gitlabMailMessage });
  secret('gitlab-scim-token-in-k8s-event', scimToken, 'k8s event: scim sync token glsoat-…', { kind: 'text', text: gitlabMailMessage });

  const keep: KeepCase[] = [
    {
      id: 'keep/stopped-posting',
      value: 'Kubelet stopped posting node status.',
      why: 'the condition message the verdict quotes (a capitalised tool name opening it)',
    },
    { id: 'keep/node-status-unknown', value: 'NodeStatusUnknown', why: 'the condition reason the evidence names' },
    { id: 'keep/ready-type', value: '"type": "Ready"', why: 'the condition type the evidence names (Kubernetes enum)' },
    { id: 'keep/status-unknown', value: '"status": "Unknown"', why: 'the condition status (Kubernetes enum)' },
    { id: 'keep/unreachable-taint', value: 'node.kubernetes.io/unreachable', why: 'the taint key a reader checks the verdict against' },
    { id: 'keep/no-execute', value: '"effect": "NoExecute"', why: 'a taint effect (Kubernetes enum)' },
    { id: 'keep/marking-for-deletion', value: 'Marking for deletion Pod ', why: 'the taint manager’s template (capitalised ordinary word)' },
    { id: 'keep/node-is-not-ready', value: 'Node is not ready', why: 'the node controller’s template' },
    { id: 'keep/taint-eviction-source', value: '"source": "taint-eviction-controller"', why: 'the event’s source, a Kubernetes controller’s name' },
    { id: 'keep/restart-policy', value: '"restartPolicy": "OnFailure"', why: 'the restart policy the recommendation reads (enum)' },
    { id: 'keep/backoff-limit-zero', value: '"backoffLimit": 0', why: 'a count the report states' },
    { id: 'keep/memory-limit-128gi', value: '"cpuMemoryLimit": "128Gi"', why: 'a quantity the report states' },
    { id: 'keep/kubelet-version', value: '"kubeletVersion": "v1.30.4"', why: 'a version' },
    { id: 'keep/containerd-version', value: 'containerd://1.7.20', why: 'a runtime name and version' },
    { id: 'keep/kernel-no-deadlock', value: 'KernelHasNoDeadlock', why: 'node-problem-detector’s healthy condition reason' },
    { id: 'keep/kernel-no-deadlock-message', value: 'kernel has no deadlock', why: 'node-problem-detector’s condition message' },
    {
      id: 'keep/torchrun-args',
      value: '--nproc_per_node=8 train.py --model vit_huge_patch14_224 --batch-size 256',
      why: 'flags, a public timm model name, quantities',
    },
    {
      id: 'keep/x509-template',
      value: 'tls: failed to verify certificate: x509: certificate is valid for ',
      why: 'Go’s crypto/tls and crypto/x509 message words',
    },
    { id: 'keep/started-by-user', value: 'Started by user ', why: 'Jenkins’ cause template (capitalised ordinary word)' },
    { id: 'keep/nccl-version', value: 'NCCL INFO NCCL version 2.21.5+cuda12.4', why: 'a library banner with its version' },
    { id: 'keep/driver-version', value: 'Driver Version: 550.90.07    CUDA Version: 12.4', why: 'nvidia-smi’s header (versions)' },
    { id: 'keep/san-label', value: 'X509v3 Subject Alternative Name: DNS:', why: 'openssl’s extension label' },
    { id: 'keep/java-exception', value: 'java.io.IOException: disk quota exceeded', why: 'a JDK exception class and its message' },
    { id: 'keep/nccl-debug-env', value: 'NCCL_DEBUG', why: 'an environment variable name' },
    { id: 'keep/cuda-max-connections-env', value: 'CUDA_DEVICE_MAX_CONNECTIONS', why: 'an environment variable name' },
    { id: 'keep/content-transfer-encoding', value: 'Content-Transfer-Encoding: quoted-printable', why: 'a MIME header name and its enum value' },
  ];

  const consistency: ConsistencyCase[] = [
    {
      id: 'consistency/workload-name-in-fields-and-messages',
      value: workloadName,
      places: [{ field: 'requestedName' }, { before: 'Started container ', after: '"' }],
    },
    {
      id: 'consistency/node-name-in-fields-and-messages',
      value: nodeName,
      places: [
        { field: 'nodeName' },
        { field: 'host' },
        { before: 'failed: node ', after: ' is not ready' },
        { before: 'placement: placed on ', after: '; board check' },
      ],
    },
    {
      id: 'consistency/submitter-email-in-fields',
      value: submitterEmail,
      places: [{ field: 'submittedBy' }, { field: 'createdBy' }],
    },
    {
      id: 'consistency/okta-user-id-in-run-ai-event-and-history',
      value: oktaId,
      places: [
        { before: 'access: signed in as user ', after: ' with a hardware key' },
        { before: 'Audit: signed in as user ', after: ' with a hardware key' },
      ],
    },
    {
      id: 'consistency/windows-sid-in-run-ai-event-and-k8s-event',
      value: sid,
      places: [
        { before: 'with a hardware key; share ACL granted to ', after: ' for read; keycloak' },
        { before: 'audit: share ACL granted to ', after: ' for read; token' },
      ],
    },
    {
      id: 'consistency/ollama-model-in-args-and-run-ai-event',
      value: ollamaModel,
      places: [
        { before: '--ollama-ref ', after: ' --approver' },
        { before: 'pulled model ', after: ' into /cache' },
      ],
    },
    {
      id: 'consistency/message-id-in-history-and-run-ai-event',
      value: messageId,
      places: [
        { before: 'Mail: Message-ID: <', after: '> was threaded' },
        { before: '; Message-ID: <', after: '> queued' },
      ],
    },
  ];

  return { seed, scenario: { ...out, name: `heldout7-seed-${seed}` }, plants, secrets, keep, consistency };
}
