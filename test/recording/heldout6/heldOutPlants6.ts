/**
 * The SIXTH held-out plant set for `--record` / `--anonymize` (issue #25, items 1 and 6): a
 * seeded generator — identifier classes × placements × wrappings, every value drawn per seed —
 * written while the fifth set is being tuned to (heldout5/BASELINE.md "After privacy6"), to
 * measure whether that work generalises. Its base is a sixth scenario,
 * `fixtures/scenarios/tier2-137-still-unexplained`: a training ends on exit 137 after a kubelet
 * `Stopping container` event, memory far below the limit; Tier 2 reads the pod, its events, the
 * container's log and the node, finds no OOMKilled reason, no probe failure, no eviction and a
 * healthy node, and the verdict stays UNKNOWN, quoting the log's last line (`kubectl logs`).
 * So the anonymized replay checks that `--anonymize` keeps the recorded log, pod, events and
 * node readable. Sets 1–5 started from a CUDA OOM in logs, an init container's HTTP 403, a
 * distributed OOMKilled, a liveness-probe kill and a node-pressure eviction.
 *
 * Identifier classes none of sets 1–5 planted (their READMEs' class tables were read for this):
 * logins in URLs' user-info (`https://<login>@git…`, `svn+ssh://`, `sftp://`, `rsync://`, a
 * percent-encoded e-mail as the user); names in Docker image tags, a digest reference's
 * repository, a Compose container name and an OCI authors label; names in scripts no set
 * planted (Hebrew, Thai in a path, Georgian, Armenian, Japanese katakana, Bengali or Tamil, and
 * a non-Latin name percent-encoded in a URL path); name variants (`JDoe`, `doe_j`, `DOE Jane`,
 * `Doe, J.`, `doe.jane`, a surname in a lab's node name); postal addresses, postcodes and
 * coordinates; license owners (FlexLM `NOTICE=` and `SERVER` lines, a solver's "registered to",
 * a licensee line); federated chat handles (Matrix, IRC hostmask, XMPP JID with a resource,
 * fediverse, Keybase); researcher identifiers (ORCID, OpenReview, Google Scholar, Semantic
 * Scholar, LinkedIn); IPv4 addresses encoded in other shapes (`in-addr.arpa`, `::ffff:`, nip.io,
 * Kubernetes pod DNS, `/proc/net/tcp` hex); data-platform resources (Snowflake account, Databricks
 * workspace, BigQuery dataset, Kafka topic and consumer group, RabbitMQ vhost); device names
 * (`DESKTOP-…`, `LAPTOP-…`, `WIN-…`, a Tailscale MagicDNS name, a named laptop); git refs
 * named after people and customers; conda/pyenv environment names; scheduled-job names (CronJob,
 * Argo Workflow, Airflow DAG, Prefect deployment, a Helm instance label).
 *
 * Secret shapes, each as a rule defines it (gitleaks `config/gitleaks.toml`, gitleaks/gitleaks at
 * b58d3f102cf3a2c84cb7f923d05c25c9b1aed84b, rule ids below; GitHub's
 * advanced-security/secret-scanning-custom-patterns database/README.md for the connection-string
 * `PWD=`), none of which sets 1–5 planted: slack-bot-token `xoxb-`, slack-app-token `xapp-`,
 * slack-user-token `xoxp-`, stripe-access-token `sk_live_` and `rk_live_`,
 * gitlab-runner-authentication-token `glrt-`, telegram-bot-api-token, linear-api-key `lin_api_`,
 * github-fine-grained-pat `github_pat_`, github-app-token `ghs_`, azure-ad-client-secret `…Q~…`,
 * prefect-api-token `pnu_`, perplexity-api-key `pplx-`, doppler-api-token `dp.pt.`,
 * 1password-service-account-token `ops_eyJ`, flyio-access-token `fo1_`, digitalocean-pat
 * `dop_v1_`, dynatrace-api-token `dt0c01.`, grafana-cloud-api-token `glc_`, postman-api-token
 * `PMAK-`, shopify-access-token `shpat_`, heroku-api-key-v2 `HRKU-AA`,
 * huggingface-organization-api-token `api_org_`, planetscale-password `pscale_pw_`,
 * openshift-user-token `sha256~`, harness-api-key `pat.…`, infracost-api-token `ico-`,
 * clickhouse-cloud-api-secret-key `4b1d…`, jwt (in a `Cookie: session=` header), and an ODBC
 * connection string's `PWD=`. Wrappings: JSON-escaped inside a JSON string, percent-encoded
 * inside a URL, a `.env` file in an environment value, a Python dict repr, a shell command.
 *
 * Expectations come from the issue's rule only — keep verbatim what the diagnosis needs,
 * pseudonymise every other identifier-like token consistently everywhere, never keep a secret
 * the report would redact — not from the engine (functions/recording/, functions/safety/ and
 * every redact/anonymize module were not opened to write this file).
 *
 * Message shapes, and where they come from:
 * - the base fixture's kubelet, job-controller and node-condition texts (kubernetes/kubernetes
 *   pkg/kubelet/kuberuntime/kuberuntime_container.go `Stopping container %s`,
 *   pkg/kubelet/nodestatus/setters.go `kubelet has no disk pressure`, `kubelet has sufficient
 *   PID available`, `kubelet is posting ready status`), as the fixture quotes them.
 * - Optuna's `Trial {} finished with value: {} and parameters: {}. Best is trial {} with value: {}.`
 *   (optuna/optuna optuna/study/study.py `_log_completed_trial`); Lightning's `GPU available:
 *   True (cuda), used: True` and `LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0]`
 *   (Lightning-AI/pytorch-lightning src/lightning/pytorch/trainer/setup.py, accelerator
 *   connector); a Gurobi banner `Academic license - for non-commercial use only` (as public
 *   Gurobi logs print it).
 * - URL user-info `scheme://user@host` (RFC 3986 §3.2.1); rsync daemon URLs `rsync://user@host/module`
 *   (rsync(1)); `in-addr.arpa` reverse names (RFC 1035 §3.5); IPv4-mapped IPv6 `::ffff:a.b.c.d`
 *   (RFC 4291 §2.5.5.2); nip.io `a-b-c-d.nip.io`; Kubernetes pod A records
 *   `a-b-c-d.<ns>.pod.cluster.local` (kubernetes.io dns-pod-service); `/proc/net/tcp`
 *   little-endian hex addresses (proc(5)).
 * - ORCID identifiers `0000-000X-XXXX-XXXX` with an ISO 7064 MOD 11-2 check digit
 *   (support.orcid.org "Structure of the ORCID Identifier"); OpenReview profile ids `~First_Last1`.
 * - FlexLM license files `SERVER <host> <hostid> <port>` and `FEATURE … NOTICE="…"`
 *   (FlexNet Publisher License Administration Guide).
 * - Matrix user ids `@localpart:server` (spec.matrix.org appendices, user identifiers); IRC
 *   `nick!user@host` prefixes (RFC 2812 §2.3.1); XMPP JIDs `local@domain/resource` (RFC 7622).
 * - Windows default computer names `DESKTOP-`/`LAPTOP-` + 7–8 characters and Windows Server
 *   `WIN-` + 11; Tailscale MagicDNS `<machine>.<tailnet>.ts.net`.
 * - Snowflake account URLs `<org>-<account>.snowflakecomputing.com`, Azure Databricks workspace
 *   hosts `adb-<workspace-id>.<n>.azuredatabricks.net`, BigQuery `project.dataset.table`.
 */
import { fileURLToPath } from 'node:url';
import { loadScenario, type Scenario } from '../../../functions/simulator/startRunaiSimulator.js';
import { randomFrom, type HeldOutSet, type KeepCase } from '../heldout/heldOutPlants.js';
import { plantCollector } from '../heldout/plantCollector.js';
import type { ConsistencyCase } from '../heldout3/heldOutPlants3.js';
import { runaiEventAbout, runaiRecordsOf } from '../heldout/runaiRecordsOf.js';

export const FAMILIES_6 = [
  'userinfo-url',
  'image-tag-name',
  'other-script-name',
  'name-variant',
  'postal-address',
  'license-owner',
  'federated-handle',
  'researcher-id',
  'encoded-ipv4',
  'data-platform',
  'device-name',
  'git-ref',
  'python-env',
  'scheduled-job',
] as const;
export type Family6 = (typeof FAMILIES_6)[number];

/** Three seeds, none shared with sets 1–5 (25001–2, 25101–2, 25201–3, 25401–3, 25501–3). */
export const HELD_OUT_SEEDS_6 = [25_601, 25_602, 25_603] as const;

export interface HeldOutSet6 extends HeldOutSet<Family6> {
  consistency: ConsistencyCase[];
}

const BASE = fileURLToPath(new URL('../../../fixtures/scenarios/tier2-137-still-unexplained/', import.meta.url));

// Pools no earlier set draws from (each placement is dealt its own value).
const FIRST = [
  'Thaddeus',
  'Philippa',
  'Caspian',
  'Marguerite',
  'Lysander',
  'Honoria',
  'Barnaby',
  'Clementine',
  'Ignatius',
  'Perpetua',
  'Florian',
  'Seraphina',
  'Leocadia',
  'Ambrose',
  'Cordelia',
  'Tiberius',
  'Eulalia',
  'Gideon',
  'Rosamund',
  'Octavian',
  'Winifred',
  'Quentin',
  'Beatrix',
  'Lucian',
  'Imogen',
  'Cyprian',
  'Henrietta',
  'Evadne',
  'Aurelia',
  'Bartholomew',
  'Cressida',
  'Desmond',
  'Eleanora',
  'Fitzroy',
  'Griselda',
  'Horatio',
  'Isadora',
  'Jolyon',
  'Keziah',
  'Lavinia',
  'Mordecai',
  'Ottoline',
];
const LAST = [
  'Ashdown',
  'Blackwood',
  'Cartwright',
  'Dunleavy',
  'Fairweather',
  'Galbraith',
  'Hargreaves',
  'Inglethorpe',
  'Kilbride',
  'Langstaff',
  'Mortimer',
  'Nethercott',
  'Pennington',
  'Ravensworth',
  'Sedgwick',
  'Thistlethwaite',
  'Vickery',
  'Whitlock',
  'Applegarth',
  'Bramwell',
  'Coldicott',
  'Drinkwater',
  'Fanshawe',
  'Gorringe',
  'Hollingsworth',
  'Isherwood',
  'Merriweather',
  'Oxenford',
  'Ainsworth',
  'Beauchamp',
  'Cholmondeley',
  'Dewhurst',
  'Ellingham',
  'Featherstone',
  'Greenhalgh',
  'Hetherington',
  'Ibbotson',
  'Jessop',
  'Kettlewell',
  'Lovelock',
  'Mapplethorpe',
  'Nuttall',
];
const SCRIPT = {
  hebrew: ['יעל כהנוביץ', 'אורי לוינשטיין', 'נועה מזרחי-גל', 'איתי פרצמן'],
  thaiPath: ['สมชาย_ใจดีมาก', 'กมลา_ศรีสุขใจ', 'ธนา_วงศ์ไทยแท้', 'พิมพ์ชนก_แก้วมณีรัตน์'],
  georgian: ['ნინო ბერიძე', 'გიორგი კაპანაძე', 'თამარ ლომიძე', 'ლევან გელაშვილი'],
  armenian: ['Արամ Պետրոսյան', 'Անի Հակոբյան', 'Տիգրան Սարգսյան', 'Նարե Մկրտչյան'],
  katakana: ['サトウ ユイナ', 'タカハシ レンタロウ', 'ワタナベ ミオリ', 'イトウ ソウタロウ'],
  indic: ['অনিক রায়চৌধুরী', 'সুমাইয়া আক্তারুজ্জামান', 'கார்த்திக் சுப்பிரமணியன்', 'மீனாட்சி ராமசாமி'],
  encoded: ['שירה אלמוג', 'ეკა ჭავჭავაძე', 'Լուսինե Գրիգորյան', 'ヤマモト ハルカ'],
};
const CUSTOMERS = [
  'Aldergrove',
  'Bellhaven',
  'Copperleaf',
  'Driftmoor',
  'Emberwick',
  'Fernhallow',
  'Glimmerdale',
  'Hollowmere',
  'Ivybridge',
  'Jadeport',
  'Kingsreach',
  'Lanternby',
  'Marrowfield',
  'Northwold',
  'Oakhurst',
  'Pinecrest',
  'Quarrybank',
  'Redwater',
  'Saltmarsh',
  'Tidewell',
  'Upperfold',
  'Vinecross',
  'Westerhope',
  'Yewdale',
  'Zinnford',
  'Ashcombe',
  'Brockleigh',
  'Cindervale',
];
const CORPS = ['moleculon', 'chemaxis', 'polymera', 'reagentiq', 'catalyxa', 'isotopia', 'ligandic', 'crystallo'];
const CODENAMES = ['azurite', 'beryl', 'cinnabar', 'dolomite', 'epidote', 'fluorite', 'garnet', 'hematite', 'iolite', 'jasper', 'kyanite', 'lazurite'];
const STREETS = ['Wexford', 'Millbrook', 'Larkspur', 'Chantry', 'Quayside', 'Foxglove', 'Tannery', 'Ropewalk'];
const STREET_TYPES = ['Lane', 'Road', 'Crescent', 'Terrace', 'Row', 'Close'];
const GERMAN_STREETS = ['Lindenstraße', 'Kastanienallee', 'Birkenweg', 'Ulmenstraße', 'Eichendorffstraße'];
const CITIES = ['Cambridge', 'Basel', 'Leiden', 'Uppsala', 'Heidelberg', 'Grenoble'];
const US_PLACES = [
  ['Corvallis', 'OR'],
  ['Ithaca', 'NY'],
  ['Bozeman', 'MT'],
  ['Durham', 'NC'],
  ['Ann Arbor', 'MI'],
] as const;
const HEX = '0123456789abcdef';
const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALNUM = `${UPPER}${LOWER}${DIGITS}`;
const B64 = `${ALNUM}+/`;
const URLSAFE = `${ALNUM}_-`;

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** ISO 7064 MOD 11-2, the ORCID check character. */
function orcidCheck(digits: string): string {
  let total = 0;
  for (const digit of digits) total = (total + Number(digit)) * 2;
  const result = (12 - (total % 11)) % 11;
  return result === 10 ? 'X' : String(result);
}

/** Builds the sixth held-out set for one seed. */
export async function buildHeldOutSet6(seed: number): Promise<HeldOutSet6> {
  const r = randomFrom(seed);
  const base = await loadScenario(BASE);
  const { plants, secrets, plant, secret, deal } = plantCollector<Family6>(r);
  const first = deal(FIRST);
  const last = deal(LAST);
  const customer = deal(CUSTOMERS);
  const codename = () => `${r.pick(CODENAMES)}${r.int(2, 99)}`;
  const script = (kind: keyof typeof SCRIPT) => r.pick(SCRIPT[kind]);
  const corp = `${r.pick(CORPS)}${r.int(2, 9)}`;
  const login = () => `${first().toLowerCase()}${last().slice(0, 2).toLowerCase()}`;
  const octet = () => r.int(2, 250);
  const privateIp = () => [10, r.int(16, 250), octet(), octet()] as const;

  // ---- the workload's own names (every field and message that names it) ----
  const workloadName = `${codename()}-gps-${r.int(2, 9)}l`;
  const podName = `${workloadName}-0-0`;
  const project = `${codename()}-chem`;
  const namespace = `runai-${project}`;
  const submitterEmail = `${first().toLowerCase()}.${last().toLowerCase()}@${corp}.science`;

  // ---- name-variant (the node's name is one: a lab named after its head) ----
  const nodeName = plant(
    'name-variant',
    'surname-in-lab-node-name-every-node-field',
    `${last().toLowerCase()}lab-gpu${r.int(10, 99)}`,
    'every node field (nodeName, host, reportingInstance, metadata.name, kubernetes.io/hostname) and a Run:ai event',
  );
  const camelFirst = first();
  const camelLast = last();
  const camelName = plant('name-variant', 'camelcase-initial-surname-in-log', `${camelFirst.slice(0, 1)}${camelLast}`, 'log: notebooks/<JDoe>_pcqm.ipynb');
  const underscoreName = plant(
    'name-variant',
    'surname-underscore-initial-in-args',
    `${last().toLowerCase()}_${first().slice(0, 1).toLowerCase()}`,
    'Run:ai spec args: --run-name <doe_j>_gps_v3',
  );
  const upperSurname = plant(
    'name-variant',
    'uppercase-surname-first-name-in-run-ai-event',
    `${last().toUpperCase()} ${first()}`,
    'Run:ai event: approver <DOE Jane>',
  );
  const citationName = plant(
    'name-variant',
    'citation-style-surname-initial-in-history',
    `${last()}, ${first().slice(0, 1)}.`,
    'Run:ai history: cite <Doe, J.> et al.',
  );
  // A name the log wrapped: the first name ends one line, the surname opens the next.
  const wrappedFirst = plant(
    'name-variant',
    'first-name-ending-a-wrapped-log-line',
    first(),
    'log: "… approved for release by <First>" then "  <Last> (wrapped)"',
  );
  const wrappedLast = plant('name-variant', 'surname-opening-the-continuation-line', last(), 'log: the continuation line "  <Last> (wrapped)"');
  const reversedLogin = plant(
    'name-variant',
    'reversed-dotted-login-in-k8s-event',
    `${last().toLowerCase()}.${first().toLowerCase()}`,
    'k8s event: shell opened by <doe.jane>',
  );

  // ---- userinfo-url ----
  const gitUser = plant('userinfo-url', 'login-in-https-userinfo-args-and-log', login(), 'Run:ai spec args and log: https://<login>@git.<corp>.dev/…');
  const svnUser = plant('userinfo-url', 'login-in-svn-ssh-url-log', login(), 'log: svn+ssh://<login>@svn.<corp>.dev/…');
  const sftpUser = plant('userinfo-url', 'login-in-sftp-url-k8s-event', login(), 'k8s event: sftp://<login>@sftp.<customer>.com:2222/…');
  const rsyncUser = plant('userinfo-url', 'login-in-rsync-daemon-url-history', login(), 'Run:ai history: rsync://<login>@mirror.<corp>.dev/…');
  const encodedEmailUser = plant(
    'userinfo-url',
    'percent-encoded-email-as-userinfo-run-ai-event',
    `${first().toLowerCase()}.${last().toLowerCase()}%40${customer().toLowerCase()}.org`,
    'Run:ai event: https://<first.last%40customer.org>@webdav.<corp>.dev/…',
  );

  // ---- image-tag-name ----
  const imageTag = plant(
    'image-tag-name',
    'login-in-image-tag-every-image-field',
    `${login()}-wip-${r.int(2, 40)}`,
    'every image field: …/graphgps:<login>-wip-<n>',
  );
  const digestRepo = plant(
    'image-tag-name',
    'customer-in-digest-reference-repository',
    `${customer().toLowerCase()}-chem`,
    'k8s pod containerStatuses imageID: registry…/<customer>-chem/graphgps@sha256:…',
  );
  const customerTag = plant(
    'image-tag-name',
    'customer-in-image-tag-run-ai-event',
    `${customer().toLowerCase()}-pilot-${r.int(2, 9)}`,
    'Run:ai event: promoted …:<customer>-pilot-<n>',
  );
  const composeName = plant(
    'image-tag-name',
    'login-in-compose-container-name-k8s-event',
    `${login()}_trainer_1`,
    'k8s event: compose container <login>_trainer_1',
  );
  const ociAuthor = plant(
    'image-tag-name',
    'person-in-oci-authors-label-history',
    `${first()} ${last()}`,
    'Run:ai history: org.opencontainers.image.authors=<First Last>',
  );

  // ---- other-script-name ----
  const hebrewName = plant('other-script-name', 'hebrew-name-as-commit-author-in-log', script('hebrew'), 'log: commit … by <Hebrew name>');
  const thaiPath = plant('other-script-name', 'thai-name-in-data-path-args', script('thaiPath'), 'Run:ai spec args: --data-root /data/<Thai name>/pcqm');
  const georgianName = plant('other-script-name', 'georgian-display-name-run-ai-event', script('georgian'), 'Run:ai event: reviewer <Georgian name>');
  const armenianName = plant('other-script-name', 'armenian-name-in-k8s-event', script('armenian'), 'k8s event: requested by <Armenian name>');
  const katakanaName = plant(
    'other-script-name',
    'katakana-name-opening-history-message',
    script('katakana'),
    'Run:ai history: <katakana name> restarted the sweep',
  );
  const indicName = plant('other-script-name', 'bengali-or-tamil-name-in-termination-message', script('indic'), 'termination message: owner <name>');
  const encodedScript = plant(
    'other-script-name',
    'non-latin-name-percent-encoded-in-url-path',
    encodeURIComponent(script('encoded')),
    'log: https://wiki.<corp>.dev/people/<percent-encoded UTF-8 name>',
  );

  // ---- postal-address ----
  const streetAddress = plant(
    'postal-address',
    'street-address-in-run-ai-event',
    `${r.int(12, 4999)} ${r.pick(STREETS)} ${r.pick(STREET_TYPES)}`,
    'Run:ai event: ship the drives to <n> <Street> <Type>, Suite …',
  );
  const postcode = plant(
    'postal-address',
    'uk-postcode-in-history',
    `${r.chars(UPPER, 2)}${r.int(1, 9)} ${r.int(1, 9)}${r.chars(UPPER, 2)}`,
    'Run:ai history: lab at <city> <postcode>',
  );
  const [usCity, usState] = r.pick(US_PLACES);
  const usZip = plant(
    'postal-address',
    'us-city-state-zip-plus-four-in-log',
    `${usCity}, ${usState} ${r.chars(DIGITS, 5)}-${r.chars(DIGITS, 4)}`,
    'log: courier address …, <City, ST 12345-6789>',
  );
  const coordinates = plant(
    'postal-address',
    'gps-coordinates-in-k8s-event',
    `${r.int(35, 59)}.${r.chars(DIGITS, 4)},${r.pick(['-', ''])}${r.int(1, 120)}.${r.chars(DIGITS, 4)}`,
    'k8s event: site <lat>,<lon>',
  );
  const germanStreet = plant(
    'postal-address',
    'german-street-and-number-in-args',
    `${r.pick(GERMAN_STREETS)} ${r.int(2, 120)}`,
    'Run:ai spec args: --site "<Straße n>, <zip> <city>"',
  );

  // ---- license-owner ----
  const flexNotice = plant(
    'license-owner',
    'flexlm-notice-customer-in-run-ai-event',
    `${customer()} Therapeutics`,
    'Run:ai event: FEATURE … NOTICE="<Customer> Therapeutics"',
  );
  const flexServer = plant('license-owner', 'flexlm-server-host-in-log', `flex${r.int(1, 9)}.${codename()}.${corp}.lic`, 'log: SERVER <host> <hostid> 27000');
  const solverEmail = plant(
    'license-owner',
    'solver-license-registered-to-email-in-log',
    `${login()}@${customer().toLowerCase()}-uni.edu`,
    'log: license 2612345 - registered to <email>',
  );
  const licenseeName = plant('license-owner', 'licensee-name-in-history', `${first()} ${last()}`, 'Run:ai history: #Licensee: <First Last>');
  const licenseOrg = plant('license-owner', 'licensee-org-in-k8s-event', `${customer()} Biosciences Ltd`, 'k8s event: Licensed to: <Customer> Biosciences Ltd');

  // ---- federated-handle ----
  const matrixId = plant(
    'federated-handle',
    'matrix-user-id-in-run-ai-event',
    `@${login()}:matrix.${corp}.org`,
    'Run:ai event: pinged @<login>:matrix.<corp>.org',
  );
  const ircMask = plant(
    'federated-handle',
    'irc-hostmask-in-log',
    `${login()}!~${r.chars(LOWER, 6)}@${codename()}.${corp}.dev`,
    'log: :<nick>!~<user>@<host> PRIVMSG',
  );
  const xmppJid = plant(
    'federated-handle',
    'xmpp-jid-with-resource-in-history',
    `${login()}@xmpp.${corp}.org/${codename()}`,
    'Run:ai history: notify <local>@<domain>/<resource>',
  );
  const fediverse = plant(
    'federated-handle',
    'fediverse-handle-in-k8s-event',
    `@${login()}@${customer().toLowerCase()}.social`,
    'k8s event: status posted as @<user>@<instance>',
  );
  const keybase = plant('federated-handle', 'keybase-user-in-termination-message', login(), 'termination message: https://keybase.io/<user>');

  // ---- researcher-id ----
  const orcidDigits = `000000${r.chars('0123', 1)}${r.chars(DIGITS, 8)}`;
  const orcid = plant(
    'researcher-id',
    'orcid-in-k8s-event-and-run-ai-event',
    `${orcidDigits.slice(0, 4)}-${orcidDigits.slice(4, 8)}-${orcidDigits.slice(8, 12)}-${orcidDigits.slice(12, 15)}${orcidCheck(orcidDigits)}`,
    'k8s event and Run:ai event: https://orcid.org/<orcid>',
  );
  const openReview = plant(
    'researcher-id',
    'openreview-profile-id-in-log',
    `~${first()}_${last()}${r.int(1, 3)}`,
    'log: openreview.net/profile?id=<~First_Last1>',
  );
  const scholarId = plant(
    'researcher-id',
    'google-scholar-user-in-history',
    r.chars(`${ALNUM}_-`, 12),
    'Run:ai history: scholar.google.com/citations?user=<id>',
  );
  const semanticScholar = plant(
    'researcher-id',
    'semantic-scholar-author-id-in-args',
    r.chars(DIGITS, 10),
    'Run:ai spec args: --author-id <10 digits> (a Semantic Scholar author)',
  );
  const linkedin = plant(
    'researcher-id',
    'linkedin-slug-in-run-ai-event',
    `${first().toLowerCase()}-${last().toLowerCase()}-${r.chars(HEX, 8)}`,
    'Run:ai event: linkedin.com/in/<slug>',
  );

  // ---- encoded-ipv4 ----
  const arpaIp = privateIp();
  const arpa = plant(
    'encoded-ipv4',
    'in-addr-arpa-name-in-k8s-event',
    `${[...arpaIp].reverse().join('.')}.in-addr.arpa`,
    'k8s event: PTR lookup <d.c.b.a>.in-addr.arpa',
  );
  const mapped = plant('encoded-ipv4', 'ipv4-mapped-ipv6-in-log', `::ffff:${privateIp().join('.')}`, 'log: accepted connection from ::ffff:<ipv4>');
  const nipIo = plant(
    'encoded-ipv4',
    'nip-io-host-in-args',
    `${privateIp().join('-')}.nip.io`,
    'Run:ai spec args: --tracking-uri http://<a-b-c-d>.nip.io:5000',
  );
  const podDnsIp = privateIp();
  const podDns = plant(
    'encoded-ipv4',
    'pod-dns-name-in-run-ai-event',
    `${podDnsIp.join('-')}.${namespace}.pod.cluster.local`,
    'Run:ai event: <a-b-c-d>.<ns>.pod.cluster.local',
  );
  const hexIpBytes = privateIp();
  const hexIp = plant(
    'encoded-ipv4',
    'proc-net-tcp-hex-address-in-termination',
    [...hexIpBytes]
      .reverse()
      .map((byte) => byte.toString(16).toUpperCase().padStart(2, '0'))
      .join(''),
    'termination message: /proc/net/tcp row <little-endian hex>:1F90',
  );

  // ---- data-platform ----
  const snowflake = plant(
    'data-platform',
    'snowflake-account-in-log',
    `${corp}-${customer().toLowerCase()}${r.int(1, 9)}`,
    'log: <org>-<account>.snowflakecomputing.com',
  );
  const databricks = plant(
    'data-platform',
    'databricks-workspace-in-run-ai-event',
    `adb-${r.int(1, 9)}${r.chars(DIGITS, 15)}.${r.int(1, 19)}`,
    'Run:ai event: https://adb-<id>.<n>.azuredatabricks.net',
  );
  const bigquery = plant(
    'data-platform',
    'bigquery-customer-dataset-in-history',
    `${customer().toLowerCase()}_assays`,
    'Run:ai history: <project>.<customer>_assays.hits',
  );
  const kafkaTopic = plant(
    'data-platform',
    'kafka-topic-in-args-and-log',
    `${customer().toLowerCase()}.docking-results.v${r.int(2, 5)}`,
    'Run:ai spec args --topic and log',
  );
  const consumerGroup = plant(
    'data-platform',
    'kafka-consumer-group-in-k8s-event',
    `cg-${customer().toLowerCase()}-${codename()}`,
    'k8s event: consumer group <group> rebalanced',
  );
  const vhost = plant('data-platform', 'rabbitmq-vhost-in-termination', `${customer().toLowerCase()}-prod`, 'termination message: vhost /<customer>-prod');

  // ---- device-name ----
  const desktop = plant('device-name', 'windows-desktop-name-in-log', `DESKTOP-${r.chars(`${UPPER}${DIGITS}`, 7)}`, 'log: synced from DESKTOP-<7>');
  const laptop = plant(
    'device-name',
    'windows-laptop-name-in-run-ai-event',
    `LAPTOP-${r.chars(`${UPPER}${DIGITS}`, 8)}`,
    'Run:ai event: submitted from LAPTOP-<8>',
  );
  const winServer = plant(
    'device-name',
    'windows-server-default-name-in-termination',
    `WIN-${r.chars(`${UPPER}${DIGITS}`, 11)}`,
    'termination message: share on WIN-<11>',
  );
  const tailnet = plant(
    'device-name',
    'tailscale-magicdns-name-in-history',
    `${login()}-mbp.${r.pick(['tail', 'taila', 'tailb'])}${r.chars(HEX, 4)}.ts.net`,
    'Run:ai history: <machine>.<tailnet>.ts.net',
  );
  const namedLaptop = plant(
    'device-name',
    'person-named-laptop-in-k8s-event',
    `${first().toLowerCase()}s-thinkpad-x1`,
    'k8s event: port-forward from <first>s-thinkpad-x1',
  );

  // ---- git-ref ----
  const userBranch = plant('git-ref', 'users-login-branch-in-log', `users/${login()}/${codename()}-sweep`, "log: Switched to branch 'users/<login>/…'");
  const customerTagRef = plant(
    'git-ref',
    'customer-release-tag-in-run-ai-event',
    `release-${customer().toLowerCase()}-2026.${r.int(10, 12)}`,
    'Run:ai event: checked out tag release-<customer>-…',
  );
  const prBranch = plant(
    'git-ref',
    'customer-pilot-branch-in-history',
    `${customer().toLowerCase()}-pilot-${codename()}`,
    "Run:ai history: Create a pull request for '<branch>'",
  );
  const stashRef = plant('git-ref', 'login-branch-in-stash-k8s-event', `${login()}-exp`, 'k8s event: WIP on <login>-exp');
  const revArg = plant(
    'git-ref',
    'person-topic-branch-in-args',
    `${first().toLowerCase()}/${codename()}-ablation`,
    'Run:ai spec args: --git-rev origin/<first>/<topic>',
  );

  // ---- python-env ----
  const condaEnv = plant(
    'python-env',
    'customer-conda-env-in-log-and-k8s-event',
    `${customer().toLowerCase()}-chem-py311`,
    'log and k8s event: miniconda3/envs/<env>',
  );
  const micromambaEnv = plant('python-env', 'person-micromamba-env-in-args', `${first().toLowerCase()}-rdkit`, 'Run:ai spec args: micromamba run -n <env>');
  const pyenvVenv = plant('python-env', 'pyenv-virtualenv-in-history', `${login()}-gps`, 'Run:ai history: ~/.pyenv/versions/<venv>');
  const promptEnv = plant('python-env', 'env-in-shell-prompt-termination', `${customer().toLowerCase()}-feat`, 'termination message: (<env>) $ prompt');

  // ---- scheduled-job ----
  const cronJob = plant(
    'scheduled-job',
    'customer-cronjob-name-in-k8s-event',
    `nightly-${customer().toLowerCase()}-retrain`,
    'k8s event: Created job nightly-<customer>-retrain-<n>',
  );
  const argoWf = plant(
    'scheduled-job',
    'login-argo-workflow-in-run-ai-event',
    `${login()}-sweep-${r.chars(`${LOWER}${DIGITS}`, 5)}`,
    'Run:ai event: argo workflow <login>-sweep-<5>',
  );
  const airflowDag = plant(
    'scheduled-job',
    'customer-airflow-dag-id-in-log',
    `${customer().toLowerCase()}_daily_features`,
    'log: dag_id=<customer>_daily_features',
  );
  const prefectDeploy = plant(
    'scheduled-job',
    'prefect-deployment-in-history',
    `${customer().toLowerCase()}-flow/${login()}-deploy`,
    'Run:ai history: prefect deployment run <flow>/<deployment>',
  );
  const helmInstance = plant(
    'scheduled-job',
    'customer-instance-label-on-k8s-pod',
    `${customer().toLowerCase()}-ingest`,
    'k8s pod label app.kubernetes.io/instance',
  );

  // ---- secrets (all fake, drawn per seed) ----
  const slackBot = `xoxb-${r.chars(DIGITS, 12)}-${r.chars(DIGITS, 13)}-${r.chars(ALNUM, 24)}`;
  const slackApp = `xapp-1-A${r.chars(`${UPPER}${DIGITS}`, 10)}-${r.chars(DIGITS, 13)}-${r.chars(HEX, 64)}`;
  const slackUser = `xoxp-${r.chars(DIGITS, 12)}-${r.chars(DIGITS, 12)}-${r.chars(DIGITS, 13)}-${r.chars(HEX, 32)}`;
  const stripeLive = `sk_live_${r.chars(ALNUM, 99)}`;
  const stripeRestricted = `rk_live_${r.chars(ALNUM, 40)}`;
  const glrt = `glrt-${r.chars(`${ALNUM}_-`, 20)}`;
  const telegram = `${r.chars(DIGITS, 10)}:A${r.chars(`${ALNUM}_-`, 34)}`;
  const linear = `lin_api_${r.chars(ALNUM, 40)}`;
  const fineGrained = `github_pat_${r.chars(`${ALNUM}_`, 82)}`;
  const ghs = `ghs_${r.chars(ALNUM, 36)}`;
  const azureAd = `${r.chars(ALNUM, 3)}${r.int(0, 9)}Q~${r.chars(`${ALNUM}_~.-`, 34)}`;
  const prefect = `pnu_${r.chars(ALNUM, 36)}`;
  const perplexity = `pplx-${r.chars(ALNUM, 48)}`;
  const doppler = `dp.pt.${r.chars(ALNUM, 43)}`;
  const onePassword = `ops_eyJ${r.chars(`${ALNUM}+/`, 300)}`;
  const flyio = `fo1_${r.chars(URLSAFE, 43)}`;
  const digitalOcean = `dop_v1_${r.chars(HEX, 64)}`;
  const dynatrace = `dt0c01.${r.chars(`${UPPER}${DIGITS}`, 24)}.${r.chars(`${UPPER}${DIGITS}`, 64)}`;
  const grafanaCloud = `glc_${r.chars(B64, 120)}`;
  const postman = `PMAK-${r.chars(HEX, 24)}-${r.chars(HEX, 34)}`;
  const shopify = `shpat_${r.chars(HEX, 32)}`;
  const heroku = `HRKU-AA${r.chars(URLSAFE, 58)}`;
  const hfOrg = `api_org_${r.chars(`${UPPER}${LOWER}`, 34)}`;
  const planetscale = `pscale_pw_${r.chars(`${ALNUM}_`, 43)}`;
  const openshift = `sha256~${r.chars(URLSAFE, 43)}`;
  const harness = `pat.${r.chars(URLSAFE, 22)}.${r.chars(ALNUM, 24)}.${r.chars(ALNUM, 20)}`;
  const infracost = `ico-${r.chars(ALNUM, 32)}`;
  const clickhouse = `4b1d${r.chars(ALNUM, 38)}`;
  const odbcPassword = `${r.chars(ALNUM, 13)}${r.pick(['!', '#', '*'])}${r.chars(ALNUM, 6)}`;
  const sessionJwt = `${b64url(JSON.stringify({ alg: 'HS256', kid: r.chars(ALNUM, 20), typ: 'JWT' }))}.${b64url(JSON.stringify({ sub: r.chars(HEX, 24), sid: r.chars(ALNUM, 22), exp: 1_796_000_000 + r.int(0, 9999) }))}.${r.chars(URLSAFE, 43)}`;

  // ---- the spec the workload was submitted with (Run:ai keeps command, args and env) ----
  const image = `registry.example.com/chem/graphgps:${imageTag}`;
  const command = `bash -lc "doppler run --token ${doppler} -- gitlab-runner verify --token ${glrt} && exec micromamba run -n ${micromambaEnv} python"`;
  secret('doppler-token-in-command', doppler, 'Run:ai spec command: doppler run --token dp.pt.…', { kind: 'text', text: command });
  secret('gitlab-runner-token-in-command', glrt, 'Run:ai spec command: gitlab-runner verify --token glrt-…', { kind: 'text', text: command });
  const args =
    `main.py --cfg configs/GPS/pcqm4m-GPS+RWSE.yaml --config-repo https://${gitUser}@git.${corp}.dev/chem/gps-configs.git ` +
    `--git-rev origin/${revArg} --run-name ${underscoreName}_gps_v3 --data-root /data/${thaiPath}/pcqm --topic ${kafkaTopic} ` +
    `--tracking-uri http://${nipIo}:5000 --author-id ${semanticScholar} --site "${germanStreet}, 69117 Heidelberg" ` +
    `--precision=bf16-mixed --num_workers=12 --stripe-key=${stripeLive} --postman-key ${postman}`;
  secret('stripe-live-secret-key-in-args', stripeLive, 'Run:ai spec args: --stripe-key=sk_live_…', { kind: 'text', text: args });
  secret('postman-key-in-args', postman, 'Run:ai spec args: --postman-key PMAK-…', { kind: 'text', text: args });
  const dotEnv = `# .env for the assay sync\nHF_ORG_TOKEN=${hfOrg}\nAZURE_TENANT=${r.chars(HEX, 8)}\n`;
  const envEntries: [string, string][] = [
    ['OMP_NUM_THREADS', '16'],
    ['MALLOC_ARENA_MAX', '2'],
    ['SLACK_BOT_TOKEN', slackBot],
    ['TELEGRAM_BOT_TOKEN', telegram],
    ['AZURE_CLIENT_SECRET', azureAd],
    ['ASSAY_DOTENV', dotEnv],
    ['CONDA_DEFAULT_ENV', condaEnv],
    ['LM_LICENSE_FILE', `27000@${flexServer}`],
  ];
  for (const [placement, name, value, where] of [
    ['slack-bot-token-in-spec-env', 'SLACK_BOT_TOKEN', slackBot, 'Run:ai spec env SLACK_BOT_TOKEN=xoxb-…'],
    ['telegram-bot-token-in-spec-env', 'TELEGRAM_BOT_TOKEN', telegram, 'Run:ai spec env TELEGRAM_BOT_TOKEN=<id>:A…'],
    ['azure-ad-client-secret-in-spec-env', 'AZURE_CLIENT_SECRET', azureAd, 'Run:ai spec env AZURE_CLIENT_SECRET=…Q~…'],
  ] as const)
    secret(placement, value, where, { kind: 'env', name, value });
  secret('hf-org-token-in-dotenv-spec-env', hfOrg, 'Run:ai spec env ASSAY_DOTENV: a .env file, HF_ORG_TOKEN=api_org_…', { kind: 'text', text: dotEnv });
  const stripeJson = JSON.stringify(JSON.stringify({ billing: { restricted_key: stripeRestricted, mode: 'live' } }));
  const annotations = [
    { name: 'chem.example/billing', value: `billing webhook config: ${stripeJson}` },
    { name: 'chem.example/site', value: `Lab: ${germanStreet}, 69117 Heidelberg; ${coordinates}` },
  ];
  secret(
    'stripe-restricted-key-json-escaped-in-spec-annotation',
    stripeRestricted,
    'Run:ai spec annotation: a JSON string holding JSON, "restricted_key": "rk_live_…" (escaped twice)',
    {
      kind: 'text',
      text: annotations[0]!.value,
    },
  );

  // ---- the container's log (Tier 2 reads it; its last line is quoted, so it stays the base's) ----
  const fineGrainedNext = encodeURIComponent(`https://x-access-token:${fineGrained}@github.com/${corp}/gps-configs.git`);
  const logLines = [
    'INFO: [*] Run ID 0: seed=0, split_index=0',
    'GPU available: True (cuda), used: True',
    'LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0]',
    `INFO: fetching configs from https://${gitUser}@git.${corp}.dev/chem/gps-configs.git`,
    `INFO: mirror svn+ssh://${svnUser}@svn.${corp}.dev/repos/pcqm/trunk at r4471`,
    `INFO: python /opt/miniconda3/envs/${condaEnv}/bin/python (conda)`,
    `Switched to branch 'users/${userBranch.slice('users/'.length)}'`,
    `INFO: commit 9c41e07 by ${hebrewName}`,
    `INFO: notebook notebooks/${camelName}_pcqm.ipynb rendered`,
    `INFO: checkpoint epoch 10 approved for release by ${wrappedFirst}`,
    `  ${wrappedLast} (wrapped)`,
    `INFO: wiki https://wiki.${corp}.dev/people/${encodedScript}`,
    `INFO: courier address 77 Depot Street, ${usZip}`,
    `SERVER ${flexServer} ${r.chars(HEX, 12)} 27000`,
    `Academic license 2612345 - for non-commercial use only - registered to ${solverEmail}`,
    `:${ircMask} PRIVMSG #pcqm :epoch 11 checkpoint is up`,
    `INFO: profile https://openreview.net/profile?id=${openReview}`,
    `INFO: accepted metrics connection from ::ffff:${mapped.slice('::ffff:'.length)}`,
    `INFO: warehouse ${snowflake}.snowflakecomputing.com, schema PCQM`,
    `INFO: consumer subscribed to ${kafkaTopic} (partitions 0-11)`,
    `INFO: synced from ${desktop} via onedrive`,
    `INFO: airflow dag_id=${airflowDag} run_id=scheduled__2026-12-07T00:00:00+00:00`,
    `INFO: connecting socket mode with ${slackApp}`,
    `INFO: tracker headers {'Authorization': 'Bearer ${perplexity}', 'Accept': 'application/json'}`,
    `INFO: dashboard request Cookie: session=${sessionJwt}; theme=dark`,
    `INFO: resolved mysql://gps_rw:${planetscale}@aws.connect.psdb.cloud/pcqm?sslaccept=strict`,
    `INFO: sso next=${fineGrainedNext}`,
    `INFO: results sink config="${JSON.stringify({ clickhouse: { host: `ch.${corp}.dev`, secret: clickhouse } }).replaceAll('"', '\\"')}"`,
    `INFO: grafana cloud push with ${grafanaCloud}`,
    "Trial 17 finished with value: 0.0902 and parameters: {'lr': 0.000188}. Best is trial 11 with value: 0.0902.",
    'Ray cluster resources: 16.0 CPU, 1.0 GPU, 24.0 GiB memory',
    'Max grad norm: 1.0, gradient clipping on',
    'INFO: train: epoch: 11, time_epoch: 1793.40, loss: 0.0871, mae: 0.1034, lr: 0.000188',
    'INFO: val: epoch: 11, time_epoch: 61.22, loss: 0.0912, mae: 0.0902',
    'INFO: > Epoch 11: took 1862.1s (avg 1855.3s) | Best so far: epoch 11',
  ];
  const logLine = (start: string) => logLines.find((line) => line.startsWith(start))!;
  secret('slack-app-token-in-log', slackApp, 'log: connecting socket mode with xapp-…', { kind: 'text', text: logLine('INFO: connecting socket mode') });
  secret('perplexity-key-in-python-dict-repr-log', perplexity, "log: {'Authorization': 'Bearer pplx-…'}", {
    kind: 'text',
    text: logLine('INFO: tracker headers'),
  });
  secret('jwt-in-cookie-header-log', sessionJwt, 'log: Cookie: session=eyJ…', { kind: 'text', text: logLine('INFO: dashboard request') });
  secret('planetscale-password-in-mysql-url-log', planetscale, 'log: mysql://user:pscale_pw_…@aws.connect.psdb.cloud/…', {
    kind: 'text',
    text: logLine('INFO: resolved mysql'),
  });
  secret('github-fine-grained-pat-percent-encoded-in-url-log', fineGrained, 'log: next=https%3A%2F%2Fx-access-token%3Agithub_pat_…%40github.com…', {
    kind: 'text',
    text: logLine('INFO: sso next='),
  });
  secret('clickhouse-secret-json-escaped-in-log', clickhouse, 'log: config="{\\"clickhouse\\": {…, \\"secret\\": \\"4b1d…\\"}}"', {
    kind: 'text',
    text: logLine('INFO: results sink'),
  });
  secret('grafana-cloud-token-in-log', grafanaCloud, 'log: grafana cloud push with glc_…', { kind: 'text', text: logLine('INFO: grafana cloud push') });

  // ---- the termination message (FallbackToLogsOnError would take the log's tail; this one is written by the app) ----
  const termLines = [
    `Checkpoint index written; owner ${indicName}`,
    `keys: https://keybase.io/${keybase}`,
    `  sl  local_address rem_address   st`,
    `   0: ${hexIp}:1F90 00000000:0000 0A`,
    `share \\\\${winServer}\\results mounted`,
    `(${promptEnv}) $ python export.py --vhost /${vhost}`,
    `deploy hook: GITHUB_TOKEN=${ghs} DO_TOKEN=${digitalOcean} INFRACOST_API_KEY=${infracost}`,
  ];
  const terminationMessage = termLines.join('\n');
  secret('github-app-token-in-termination-message', ghs, 'termination message: GITHUB_TOKEN=ghs_…', { kind: 'text', text: termLines[6]! });
  secret('digitalocean-pat-in-termination-message', digitalOcean, 'termination message: DO_TOKEN=dop_v1_…', { kind: 'text', text: termLines[6]! });
  secret('infracost-key-in-termination-message', infracost, 'termination message: INFRACOST_API_KEY=ico-…', { kind: 'text', text: termLines[6]! });

  // ---- rename the base scenario's own names (fields and messages alike) ----
  const hostIp = privateIp().join('.');
  const renamed = JSON.stringify(base)
    .replaceAll('graph-transformer-pcqm-0-0', podName)
    .replaceAll('graph-transformer-pcqm', workloadName)
    .replaceAll('runai-chem-ml', namespace)
    .replaceAll('"chem-ml"', JSON.stringify(project))
    .replaceAll('dgx-a100-13', nodeName)
    .replaceAll('registry.example.com/chem/graphgps:1.0.3', image)
    .replaceAll('registry.example.com/chem/graphgps@', `registry.example.com/${digestRepo}/graphgps@`)
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

  // Run:ai events: tools posting to the workload (neutral reasons, so the verdict stays UNKNOWN).
  const involved = { kind: 'Pod', name: podName, namespace };
  const runaiEvent = runaiEventAbout(clusterId, involved);
  const shopifyMessage = `storefront-sync: pushed assay kits with shpat token ${shopify} to ${customer().toLowerCase()}-lab.myshopify.com`;
  const prefectMessage = `flow-runner: PREFECT_API_KEY=${prefect} deployment ${prefectDeploy.split('/')[0]}/nightly`;
  const ocMessage = `cluster-login: oc login --token=${openshift} --server=https://api.${codename()}.${corp}.dev:6443`;
  const runaiEvents = [
    runaiEvent(
      'd1a2b3c4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      'now-300m',
      'Scheduled',
      `capacity: placed on ${nodeName} by the gpu-pool planner; argo workflow ${argoWf}; submitted from ${laptop}`,
      'capacity-planner',
    ),
    runaiEvent(
      'e2b3c4d5-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
      'now-299m',
      'Reviewed',
      `review: approver ${upperSurname}; reviewer ${georgianName}; https://orcid.org/${orcid}; linkedin.com/in/${linkedin}; pinged ${matrixId}`,
      'review-bot',
    ),
    runaiEvent(
      'f3c4d5e6-7a8b-4c9d-8e0f-2a3b4c5d6e7f',
      'now-298m',
      'Promoted',
      `image-promoter: promoted registry.example.com/chem/graphgps:${customerTag}; checked out tag ${customerTagRef}; webdav https://${encodedEmailUser}@webdav.${corp}.dev/share/`,
      'image-promoter',
    ),
    runaiEvent(
      'a4d5e6f7-8b9c-4d0e-9f1a-3b4c5d6e7f80',
      'now-297m',
      'Shipped',
      `logistics: ship the drives to ${streetAddress}, Suite 300; license FEATURE gps_suite chemvendor 2026.12 permanent 4 NOTICE="${flexNotice}" SIGN=0`,
      'logistics',
    ),
    runaiEvent(
      'b5e6f7a8-9c0d-4e1f-8a2b-4c5d6e7f8091',
      'now-296m',
      'Endpoint',
      `peer endpoint ${podDns}:29500; workspace https://${databricks}.azuredatabricks.net/?o=${r.chars(DIGITS, 16)}`,
      'endpoint-watch',
    ),
    runaiEvent('c6f7a8b9-0d1e-4f2a-9b3c-5d6e7f809102', 'now-295m', 'Synced', shopifyMessage, 'storefront-sync'),
    runaiEvent('d7a8b9c0-1e2f-4a3b-8c4d-6e7f80910213', 'now-294m', 'FlowQueued', prefectMessage, 'flow-runner'),
    runaiEvent('e8b9c0d1-2f3a-4b4c-9d5e-7f8091021324', 'now-293m', 'LoggedIn', ocMessage, 'cluster-login'),
    runaiEvent(
      'f9c0d1e2-3a4b-4c5d-8e6f-809102132435',
      'now-292m',
      'Notified',
      `billing-hook: payload {"event":"invoice.paid","relay":${JSON.stringify(JSON.stringify({ key: stripeRestricted }))}}`,
      'billing-hook',
    ),
  ];
  runai.events[workloadId]!.push(...runaiEvents);
  secret('shopify-token-in-run-ai-event', shopify, 'Run:ai event: shpat_…', { kind: 'text', text: shopifyMessage });
  secret('prefect-key-in-run-ai-event', prefect, 'Run:ai event: PREFECT_API_KEY=pnu_…', { kind: 'text', text: prefectMessage });
  secret('openshift-token-in-oc-login-run-ai-event', openshift, 'Run:ai event: oc login --token=sha256~…', { kind: 'text', text: ocMessage });

  const history = runai.history[workloadId]!;
  const phase = (at: string, message: string) => ({
    meta: { creationTimestamp: at, type: 'PhaseUpdate' },
    spec: { phaseUpdate: { phase: 'Running', phaseMessage: message } },
  });
  const flyMessage = `Deploy preview via flyctl with FLY_API_TOKEN=${flyio}; heroku mirror HEROKU_API_KEY=${heroku}`;
  history.push(
    phase('now-530m', `Submitted by ${submitterEmail}; base image org.opencontainers.image.authors=${ociAuthor}; lab at ${r.pick(CITIES)} ${postcode}`),
    phase('now-529m', `${katakanaName} restarted the sweep; cite ${citationName} et al.; mirror rsync://${rsyncUser}@mirror.${corp}.dev/pcqm/`),
    phase(
      'now-528m',
      `remote: Create a pull request for '${prBranch}' on GitHub; notify ${xmppJid}; scholar https://scholar.google.com/citations?user=${scholarId}&hl=en`,
    ),
    phase('now-527m', `Licensee: ${licenseeName}; venv ~/.pyenv/versions/${pyenvVenv}; machine ${tailnet}; table ${codename()}-wh.${bigquery}.hits`),
    phase('now-526m', `prefect deployment run ${prefectDeploy}`),
    phase('now-525m', flyMessage),
  );
  secret('flyio-token-in-history', flyio, 'Run:ai history: FLY_API_TOKEN=fo1_…', { kind: 'text', text: flyMessage });
  secret('heroku-v2-key-in-history', heroku, 'Run:ai history: HEROKU_API_KEY=HRKU-AA…', { kind: 'text', text: flyMessage });

  const kubernetes = out.kubernetes as unknown as {
    pods: { metadata: Record<string, unknown>; spec: Record<string, unknown>; status: Record<string, unknown> }[];
    events: Record<string, unknown>[];
    nodes: { metadata: Record<string, unknown>; spec: Record<string, unknown>; status: Record<string, unknown> }[];
    logs: { lines: string[] }[];
  };
  kubernetes.logs[0]!.lines = logLines;
  const k8sPod = kubernetes.pods[0]!;
  Object.assign(k8sPod.metadata, {
    labels: { ...(k8sPod.metadata.labels as Record<string, string>), 'app.kubernetes.io/instance': helmInstance },
  });
  const opToken = `${onePassword}==`;
  const podSpec = k8sPod.spec as { containers: Record<string, unknown>[] };
  const linearEnv = `LINEAR_API_KEY=${linear}`;
  Object.assign(podSpec.containers[0]!, {
    env: [
      { name: 'OP_SERVICE_ACCOUNT_TOKEN', value: opToken },
      { name: 'ISSUE_SYNC', value: `# issue sync\n${linearEnv}\n` },
    ],
  });
  secret('1password-service-account-token-in-k8s-env', opToken, 'k8s container env OP_SERVICE_ACCOUNT_TOKEN=ops_eyJ…', {
    kind: 'env',
    name: 'OP_SERVICE_ACCOUNT_TOKEN',
    value: opToken,
  });
  secret('linear-key-in-k8s-env-file', linear, 'k8s container env ISSUE_SYNC: LINEAR_API_KEY=lin_api_…', {
    kind: 'text',
    text: `# issue sync\n${linearEnv}\n`,
  });
  const status = k8sPod.status as { containerStatuses: { state: { terminated: Record<string, unknown> } }[] };
  status.containerStatuses[0]!.state.terminated.message = terminationMessage;

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
  const odbc = `Driver={ODBC Driver 18 for SQL Server};Server=tcp:sql-${codename()}.${corp}.dev,1433;Database=Assays;UID=svc_gps;PWD=${odbcPassword};Encrypt=yes;`;
  const odbcMessage = `assay-export: wrote hits with "${odbc}"`;
  const slackUserMessage = `chat-relay: posted as user token ${slackUser}`;
  const dynatraceMessage = `apm-agent: DT_API_TOKEN=${dynatrace} tenant ${codename()}.live.dynatrace.com`;
  const harnessMessage = `pipeline-hook: x-api-key ${harness}`;
  kubernetes.events.push(
    k8sEvent(
      '19c2d3e4f5a6b701',
      'Transferred',
      `transfer: sftp://${sftpUser}@sftp.${customer().toLowerCase()}.com:2222/outgoing done; compose container ${composeName}; PTR ${arpa}`,
      'transfer-agent',
      'now-500m',
    ),
    k8sEvent(
      '19c2d3e4f5a6b702',
      'Audited',
      `audit: shell opened by ${reversedLogin} from ${namedLaptop}; requested by ${armenianName}; stash WIP on ${stashRef}: 9c41e07; site ${coordinates}`,
      'audit-relay',
      'now-499m',
    ),
    k8sEvent(
      '19c2d3e4f5a6b703',
      'Published',
      `status posted as ${fediverse}; consumer group ${consumerGroup} rebalanced; python /opt/miniconda3/envs/${condaEnv}/bin/python; https://orcid.org/${orcid}`,
      'publisher',
      'now-498m',
    ),
    k8sEvent('19c2d3e4f5a6b704', 'JobCreated', `cron: Created job ${cronJob}-29012345; Licensed to: ${licenseOrg}`, 'cron-relay', 'now-497m'),
    k8sEvent('19c2d3e4f5a6b705', 'Exported', odbcMessage, 'assay-export', 'now-496m'),
    k8sEvent('19c2d3e4f5a6b706', 'Relayed', slackUserMessage, 'chat-relay', 'now-495m'),
    k8sEvent('19c2d3e4f5a6b707', 'AgentStarted', dynatraceMessage, 'apm-agent', 'now-494m'),
    k8sEvent('19c2d3e4f5a6b708', 'HookSent', harnessMessage, 'pipeline-hook', 'now-493m'),
  );
  secret('odbc-connection-string-pwd-in-k8s-event', odbcPassword, 'k8s event: Driver={ODBC Driver 18 for SQL Server};…;UID=…;PWD=<pw>;', {
    kind: 'text',
    text: odbcMessage,
  });
  secret('slack-user-token-in-k8s-event', slackUser, 'k8s event: xoxp-…', { kind: 'text', text: slackUserMessage });
  secret('dynatrace-token-in-k8s-event', dynatrace, 'k8s event: DT_API_TOKEN=dt0c01.…', { kind: 'text', text: dynatraceMessage });
  secret('harness-key-in-k8s-event', harness, 'k8s event: x-api-key pat.…', { kind: 'text', text: harnessMessage });

  const keep: KeepCase[] = [
    {
      id: 'keep/last-log-line',
      value: 'INFO: > Epoch 11: took 1862.1s (avg 1855.3s) | Best so far: epoch 11',
      why: 'the quoted last log line (the verdict’s evidence)',
    },
    { id: 'keep/disk-pressure-type', value: '"type": "DiskPressure"', why: 'a node condition type (Kubernetes enum)' },
    { id: 'keep/exit-code-field', value: '"exitCode": 137', why: 'the exit code the rules classify' },
    { id: 'keep/no-disk-pressure', value: 'KubeletHasNoDiskPressure', why: 'a node condition’s reason (healthy node)' },
    { id: 'keep/no-disk-pressure-message', value: 'kubelet has no disk pressure', why: 'a node condition’s message' },
    { id: 'keep/sufficient-pid-message', value: 'kubelet has sufficient PID available', why: 'a node condition’s message (an upper-case acronym)' },
    { id: 'keep/ready-message', value: 'kubelet is posting ready status', why: 'the Ready condition’s message' },
    { id: 'keep/pid-pressure-type', value: '"type": "PIDPressure"', why: 'a node condition type (Kubernetes enum)' },
    { id: 'keep/memory-limit-24gi', value: '"cpuMemoryLimit": "24Gi"', why: 'the memory limit the report states' },
    { id: 'keep/preemptibility', value: '"preemptibility": "preemptible"', why: 'a Run:ai enum value' },
    { id: 'keep/gpu-request-type', value: '"gpuRequestType": "portion"', why: 'a Run:ai enum value' },
    { id: 'keep/scheduler-name', value: '"schedulerName": "kai-scheduler"', why: 'a tool name as a Kubernetes field value' },
    { id: 'keep/gpu-available', value: 'GPU available: True (cuda), used: True', why: 'Lightning’s device banner: capitalised words, a tool name' },
    { id: 'keep/local-rank', value: 'LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0]', why: 'Lightning’s rank banner: variable names' },
    { id: 'keep/optuna-trial', value: 'Trial 17 finished with value: 0.0902 and parameters:', why: 'Optuna’s template opens with a capitalised ordinary word' },
    {
      id: 'keep/ray-resources',
      value: 'Ray cluster resources: 16.0 CPU, 1.0 GPU, 24.0 GiB memory',
      why: 'a tool name that is also a first name, opening a line, with quantities',
    },
    { id: 'keep/max-grad-norm', value: 'Max grad norm: 1.0, gradient clipping on', why: 'an ordinary word that is also a first name, opening a line' },
    { id: 'keep/switched-to-branch', value: "Switched to branch '", why: 'git’s template (capitalised ordinary word)' },
    { id: 'keep/academic-license', value: 'for non-commercial use only - registered to', why: 'the solver banner’s template words' },
    { id: 'keep/cfg-flag', value: '--cfg configs/GPS/pcqm4m-GPS+RWSE.yaml', why: 'a flag and a public config path (GPS, RWSE are method names)' },
    { id: 'keep/precision-flag', value: '--precision=bf16-mixed', why: 'a flag with its enum value' },
    { id: 'keep/num-workers-flag', value: '--num_workers=12', why: 'a flag with a quantity' },
    { id: 'keep/omp-threads', value: 'OMP_NUM_THREADS', why: 'an environment variable name is configuration vocabulary' },
    { id: 'keep/malloc-arena', value: 'MALLOC_ARENA_MAX', why: 'an environment variable name' },
    { id: 'keep/train-metrics', value: 'train: epoch: 11, time_epoch: 1793.40, loss: 0.0871, mae: 0.1034', why: 'metric names and quantities' },
    { id: 'keep/create-pull-request', value: 'remote: Create a pull request for', why: 'GitHub’s push hint (capitalised ordinary word)' },
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
      places: [{ field: 'nodeName' }, { field: 'host' }, { before: 'capacity: placed on ', after: ' by the gpu-pool planner' }],
    },
    {
      id: 'consistency/submitter-email-in-fields-and-history-text',
      value: submitterEmail,
      places: [{ field: 'submittedBy' }, { field: 'createdBy' }, { before: 'Submitted by ', after: '; base image' }],
    },
    {
      id: 'consistency/userinfo-login-in-args-and-log',
      value: gitUser,
      places: [
        { before: '--config-repo https://', after: `@git.${corp}.dev/` },
        { before: 'INFO: fetching configs from https://', after: `@git.${corp}.dev/` },
      ],
    },
    {
      id: 'consistency/kafka-topic-in-args-and-log',
      value: kafkaTopic,
      places: [
        { before: '--topic ', after: ' --tracking-uri' },
        { before: 'INFO: consumer subscribed to ', after: ' (partitions' },
      ],
    },
    {
      id: 'consistency/conda-env-in-log-and-k8s-event',
      value: condaEnv,
      places: [
        { before: 'INFO: python /opt/miniconda3/envs/', after: '/bin/python (conda)' },
        { before: 'python /opt/miniconda3/envs/', after: '/bin/python; https://orcid' },
      ],
    },
    {
      id: 'consistency/orcid-in-run-ai-event-and-k8s-event',
      value: orcid,
      places: [
        { before: 'https://orcid.org/', after: '; linkedin.com' },
        { before: '/bin/python; https://orcid.org/', after: '"' },
      ],
    },
  ];

  return { seed, scenario: { ...out, name: `heldout6-seed-${seed}` }, plants, secrets, keep, consistency };
}
