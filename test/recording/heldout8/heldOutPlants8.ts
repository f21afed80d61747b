/**
 * The EIGHTH held-out plant set for `--record` / `--anonymize` (issue #25, items 1 and 6): a
 * seeded generator — identifier classes × placements × carriers, every value drawn per seed —
 * written while `privacy9` (one identity, many spellings; verbatim keeping) and `privacy10`
 * (secrets cut by a logger's wrap or a quoted-printable soft break) change the engine without it.
 * It is weighted towards the question set 7 raised: does a fix for a secret cut or re-encoded by
 * its carrier generalise to OTHER carriers? Every carrier below is one a real tool writes and a
 * recording stores (not a terminal's display wrap).
 *
 * Base: an eighth scenario, `fixtures/scenarios/crash-app-nonzero-exit` (none of sets 1–7 used
 * it): the main container exits 1 on a FileNotFoundError, relayed in the phase message. This set
 * adds the Tier 2 view an SRE would read for it — the pod (terminated, exit code 1, reason Error),
 * kubelet's events, the node, and the container's log tail ending in the same traceback — so the
 * verdict CRASH_APP_ERROR quotes a line of recorded text (docs/tier2.md: CRASH_APP_ERROR reads
 * the pod, its events, then the failing log line). Sets 1–7 started from a CUDA OOM in logs, an
 * init container's HTTP 403, a distributed OOMKilled, a liveness-probe kill, a node-pressure
 * eviction, an exit 137 nothing explains and a node that stopped posting its status.
 *
 * Identifier classes none of sets 1–7 planted (their seven READMEs' class tables were read):
 * SaaS account ids (a Stripe customer, a Twilio Account SID in a REST path, a Salesforce org id,
 * a Zendesk subdomain, a HubSpot portal id); key fingerprints and key comments (GnuPG's long key
 * id and signer, an OpenSSH host-key fingerprint, an `authorized_keys` comment, an age recipient);
 * VPN peers (a WireGuard peer key, an OpenVPN client CN, a Cisco ASA AnyConnect user, a ZeroTier
 * network id, a strongSwan IKE identity); developer environments (a JupyterHub user path, a VS Code
 * Remote-SSH host, a tmux session, an Emacs TRAMP path, a notebook named after a customer);
 * storage accounts (a Lustre quota user and file system, a Ceph RGW uid, a ZFS home dataset, a
 * GPFS fileset, a NetApp export); AI-platform ids (an OpenAI organisation and project, an Azure
 * OpenAI resource, a Hugging Face Inference Endpoint host, a Pinecone index host); and one
 * identity written five ways (login, e-mail, display name, upper-case login, percent-encoded
 * e-mail), each spelling in two or more places.
 *
 * Secret shapes, each as a rule defines it (gitleaks `config/gitleaks.toml` at
 * 009e025ad4106ab333aa0b9dc4f2a884390d134c, rule ids below); no set 1–7 generator holds their
 * prefixes (searched): digitalocean-access-token `doo_v1_`, digitalocean-refresh-token `dor_v1_`,
 * planetscale-api-token `pscale_tkn_`, planetscale-oauth-token `pscale_oauth_`, rubygems-api-token
 * `rubygems_`, shopify-shared-secret `shpss_`, gcp-api-key `AIza`, okta-access-token `00…`,
 * github-refresh-token `ghr_`, settlemint-application-access-token `sm_aat_`,
 * azure-ad-client-secret `…Q~…`, gitlab-ptt `glptt-`, flyio-access-token `fm2_`, sentry-org-token
 * `sntrys_`, slack-config-refresh-token `xoxe-`, clojars-api-token `CLOJARS_`, private-key as
 * `-----BEGIN DSA PRIVATE KEY-----`, maxmind-license-key `…_mmk`, yandex-api-key `AQVN`,
 * twilio-api-key `SK…`, intra42-client-secret `s-s4t2ud-`, telegram-bot-api-token `<n>:A…`,
 * 1password-secret-key `A3-…`, facebook-page-access-token `EAAC…`, gitlab-rrt `GR1348941…`,
 * clickhouse-cloud-api-secret-key `4b1d…`.
 *
 * Carriers, and where each comes from:
 * - GNU coreutils `fold -w WIDTH` cuts every line at WIDTH columns, mid-word (coreutils manual,
 *   "fold invocation"); `base64` wraps its output at 76 columns by default (coreutils manual,
 *   "base64 invocation", `-w`): here a token cut at 64 columns, and a JSON file's base64 at 76.
 * - util-linux `logger` sends each input line as its own syslog message (logger(1)), so
 *   `fold -w 100 token | logger -t provision` leaves a token split over two messages, each behind
 *   the BSD syslog prefix `<Mmm dd hh:mm:ss> <host> <tag>[<pid>]: ` (RFC 3164 §4.1).
 * - YAML 1.2 double-quoted scalars: a `\` at the end of a line is an escaped line break, the
 *   value continues on the next (indented) line without a space (YAML 1.2.2 §7.3.1, example 7.5);
 *   literal block scalars `|` keep each line of a PEM block, indented (§8.1.2).
 * - Java `.properties`: a line ending in `\` continues on the next line, leading blanks dropped
 *   (java.util.Properties#load javadoc).
 * - Logback format modifiers: `%.-N` keeps a field's first N characters (qos-ch/logback
 *   logback-core/src/main/java/ch/qos/logback/core/pattern/FormatInfo.java: a negative max sets
 *   leftTruncate false; FormattingConverter.java then appends `s.substring(0, max)`).
 * - .NET System.Text.Json's default encoder escapes HTML-sensitive characters, `+` as `\u002B`
 *   (learn.microsoft.com, "How to customize character encoding with System.Text.Json"; the
 *   encoder's `ForbidHtmlCharacters` forbids `+`, quoted in dotnet/runtime issue 65130); PHP's
 *   `json_encode` escapes `/` as `\/` unless JSON_UNESCAPED_SLASHES (php.net json_encode).
 * - Percent-encoding `=` as `%3D` in a query (RFC 3986 §2.1, `encodeURIComponent`).
 * - curl `-v` prints request headers after `> ` and response headers after `< ` (curl(1),
 *   `--verbose`); a `set -x` trace prints each command after `+ ` (bash(1), `xtrace`); `printenv`
 *   prints `NAME=value` lines; Python's `repr` of a requests `PreparedRequest`'s headers
 *   (`CaseInsensitiveDict` repr is its dict's) and of its urlencoded `body` string
 *   (psf/requests src/requests/models.py, structures.py).
 * - GNU Wget prints `--<date> <time>--  <url>` before each download (wget manual).
 * - Docker's json-file driver stores `{"log":"<line>\n","stream":…,"time":…}` (docs.docker.com,
 *   "JSON File logging driver"); `docker inspect` prints `"Env": ["NAME=value", …]`.
 * - `kubectl get secret -o yaml` prints `data:` values base64-encoded on one line
 *   (kubernetes.io, "Managing Secrets using kubectl"); `helm install --debug` prints
 *   `USER-SUPPLIED VALUES:` followed by the values as YAML (helm.sh docs, `helm install`).
 * - urllib3's `Max retries exceeded with url: <path>` (urllib3 src/urllib3/exceptions.py,
 *   MaxRetryError), Telegram's `https://api.telegram.org/bot<token>/<method>` (core.telegram.org/bots/api).
 *
 * Identifier formats: Stripe `cus_…` (docs.stripe.com API reference, Customers), Twilio Account
 * SID `AC` + 32 hex in `/2010-04-01/Accounts/<sid>/Messages.json` (twilio.com REST API), Salesforce
 * 15-character org ids `00D…` (help.salesforce.com, "Find your Salesforce Org ID"), Zendesk
 * `https://<subdomain>.zendesk.com/agent/tickets/<n>`, HubSpot `portalId`; GnuPG `gpg: using RSA
 * key <40 hex>` and `gpg: Good signature from "<name> <email>"` (gnupg g10/mainproc.c), OpenSSH
 * `ECDSA key fingerprint is SHA256:<43 base64>` (openssh sshconnect.c), `authorized_keys`
 * comments (sshd(8)), age recipients `age1` + bech32 (FiloSottile/age README); WireGuard
 * `wg show` `peer: <base64 key>` (wg(8)), OpenVPN `VERIFY OK: depth=0, CN=<name>` (openvpn
 * src/openvpn/ssl_verify.c), Cisco ASA syslog `%ASA-6-113039: Group <g> User <u> IP <ip>
 * AnyConnect parent session started.` (Cisco ASA syslog messages guide), ZeroTier 16-hex network
 * ids (`zerotier-cli join`), strongSwan `IKE_SA <name>[<n>] established between <a>[<id>]...<b>[<id>]`
 * (strongswan charon log); JupyterHub `/user/<name>/lab/tree/…` (jupyterhub docs, URLs),
 * VS Code `vscode-remote://ssh-remote+<host>/…`, tmux `new-session -s <name>` (tmux(1)), TRAMP
 * `/ssh:<user>@<host>:<path>` (GNU TRAMP manual); Lustre `lfs quota -u <user> <mount>` and its
 * `Disk quotas for usr <user> (uid <n>):` header (lustre lfs-quota(1)), Ceph `radosgw-admin user
 * info --uid=<uid>`, ZFS `zfs list <pool>/home/<user>`, GPFS `mmlsfileset <fs> <fileset>`,
 * NFS `<filer>:/vol/<volume>`; OpenAI `org-…` and `proj_…` (platform.openai.com API reference,
 * `OpenAI-Organization` / `OpenAI-Project` headers), Azure OpenAI
 * `https://<resource>.openai.azure.com/openai/deployments/<name>`, Hugging Face Inference
 * Endpoints `https://<id>.<region>.aws.endpoints.huggingface.cloud`, Pinecone index hosts
 * `https://<index>-<project>.svc.<environment>.pinecone.io`.
 *
 * Expectations come from the issue's rule only — keep verbatim what the diagnosis needs,
 * pseudonymise every other identifier-like token consistently everywhere, never keep a secret the
 * report would redact — not from the engine (functions/recording/, functions/safety/ and every
 * redact/anonymize module were not opened to write this file).
 */
import { fileURLToPath } from 'node:url';
import { loadScenario, type Scenario } from '../../../functions/simulator/startRunaiSimulator.js';
import { randomFrom, type HeldOutSet, type KeepCase } from '../heldout/heldOutPlants.js';
import { plantCollector } from '../heldout/plantCollector.js';
import type { ConsistencyCase } from '../heldout3/heldOutPlants3.js';
import { runaiEventAbout, runaiRecordsOf } from '../heldout/runaiRecordsOf.js';

export const FAMILIES_8 = ['saas-account', 'key-fingerprint', 'vpn-peer', 'dev-environment', 'storage-account', 'ai-platform', 'one-identity'] as const;
export type Family8 = (typeof FAMILIES_8)[number];

/** Three seeds, none shared with sets 1–7 (25001–2, 25101–2, 25201–3, 25401–3, 25501–3, 25601–3, 25701–3). */
export const HELD_OUT_SEEDS_8 = [25_801, 25_802, 25_803] as const;

export interface HeldOutSet8 extends HeldOutSet<Family8> {
  consistency: ConsistencyCase[];
}

const BASE = fileURLToPath(new URL('../../../fixtures/scenarios/crash-app-nonzero-exit/', import.meta.url));

// Pools no earlier set draws from (each placement is dealt its own value).
const FIRST = [
  'Aurelio',
  'Bettany',
  'Cosimo',
  'Delphine',
  'Eustace',
  'Florentyna',
  'Gaspard',
  'Honorine',
  'Ignatius',
  'Joaquina',
  'Leandro',
  'Marisol',
  'Nikodem',
  'Oriana',
  'Pankraz',
  'Rosamund',
  'Sigrun',
  'Tancred',
  'Umberta',
  'Vitalis',
  'Wendelin',
  'Ximena',
  'Yusuf',
  'Zdenka',
];
const LAST = [
  'Ashcombe',
  'Birtwistle',
  'Cholmondeley',
  'Dunsford',
  'Elphinstone',
  'Farquharson',
  'Glenister',
  'Holroyd',
  'Inchbald',
  'Jellicoe',
  'Kilbride',
  'Lamplugh',
  'Mossop',
  'Nethercott',
  'Oakenshaw',
  'Pennycuick',
  'Quirke',
  'Ravensworth',
  'Sidebottom',
  'Thistlethwaite',
  'Uttley',
  'Vowles',
  'Winstanley',
  'Youngblood',
];
const CUSTOMERS = [
  'Amberleigh',
  'Brightwater',
  'Cinderford',
  'Dovecote',
  'Emberton',
  'Fernhurst',
  'Glasswell',
  'Hollowmere',
  'Inkpen',
  'Juniperdale',
  'Kingsmead',
  'Lindenhall',
  'Moorcroft',
  'Northolt',
  'Oxenhope',
  'Pinewick',
  'Quarrydale',
  'Rushmere',
  'Saltcote',
  'Tidewell',
];
const CORPS = ['diffusora', 'noisewell', 'denoisix', 'latentry', 'samplory', 'unetica', 'schedulia', 'scorematch'];
const CODENAMES = [
  'anchovy',
  'barracuda',
  'cuttlefish',
  'dogfish',
  'eelpout',
  'flounder',
  'grouper',
  'halibut',
  'icefish',
  'john-dory',
  'kingfish',
  'lamprey',
  'mackerel',
  'needlefish',
  'opah',
  'pollock',
];
const HEX = '0123456789abcdef';
const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALNUM = `${UPPER}${LOWER}${DIGITS}`;
const B64 = `${ALNUM}+/`;
const URLSAFE = `${ALNUM}_-`;
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

// ---- carriers: how a real tool cuts or re-encodes the text it stores ----

/** GNU `fold -w width`: every line cut at `width` columns, mid-word. */
export const foldColumns = (text: string, width: number) => {
  const out: string[] = [];
  for (let at = 0; at < text.length; at += width) out.push(text.slice(at, at + width));
  return out;
};
/** .NET System.Text.Json's default encoder: HTML-sensitive characters as `\uXXXX` (`+` → `\u002B`). */
export const dotnetJsonString = (text: string) =>
  JSON.stringify(text).replace(/[+<>&']/g, (char) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
/** PHP `json_encode` without JSON_UNESCAPED_SLASHES: `/` → `\/`. */
export const phpJsonString = (text: string) => JSON.stringify(text).replaceAll('/', '\\/');

/** Builds the eighth held-out set for one seed. */
export async function buildHeldOutSet8(seed: number): Promise<HeldOutSet8> {
  const r = randomFrom(seed);
  const base = await loadScenario(BASE);
  const { plants, secrets, plant, secret, deal } = plantCollector<Family8>(r);
  const first = deal(FIRST);
  const last = deal(LAST);
  const customer = deal(CUSTOMERS);
  const codenames = deal(CODENAMES);
  const codename = () => `${codenames()}${r.int(2, 99)}`;
  const corp = `${r.pick(CORPS)}${r.int(2, 9)}`;
  const login = () => `${first().toLowerCase().slice(0, 2)}${last().toLowerCase()}`;
  const octet = () => r.int(2, 250);
  const at = (minute: number, second: number) => `2026-12-07T04:${String(minute).padStart(2, '0')}:${String(second).padStart(2, '0')}Z`;

  // ---- the workload's own names ----
  const workloadName = `${codename()}-ddpm-${r.int(2, 9)}`;
  const podName = `${workloadName}-0-0`;
  const project = `${codename()}-gen`;
  const namespace = `runai-${project}`;
  const nodeName = `h100-${codename()}-${r.int(10, 63)}`;
  const submitterEmail = `${first().toLowerCase()}.${last().toLowerCase()}@${corp}.io`;

  // ---- one-identity: one person written five ways, each spelling in two or more places ----
  const personFirst = first();
  const personLast = last();
  const personLogin = plant(
    'one-identity',
    'login-in-home-paths',
    `${personLast.toLowerCase()}${personFirst.toLowerCase().slice(0, 1)}`,
    'container log (cache dir /home/<login>/.cache) and Run:ai event (rsync -a /home/<login>/ckpt)',
  );
  const personEmail = plant(
    'one-identity',
    'email-in-run-ai-event-and-history',
    `${personFirst.toLowerCase()}.${personLast.toLowerCase()}@${corp}.io`,
    'Run:ai event and history: approval mailed to <first.last@corp>',
  );
  const personName = plant(
    'one-identity',
    'display-name-in-history-and-k8s-event',
    `${personFirst} ${personLast}`,
    'Run:ai history and k8s event: approved by <First Last> on',
  );
  const personUpper = plant(
    'one-identity',
    'upper-case-login-in-log-and-k8s-event',
    personLogin.toUpperCase(),
    'container log and k8s event: quota owner <LOGIN> (upper case, as a mainframe-style directory prints it)',
  );
  const personEncoded = plant(
    'one-identity',
    'percent-encoded-email-in-log-and-history',
    encodeURIComponent(personEmail),
    'container log and Run:ai history: ?reviewer=<first.last%40corp.io>&',
  );

  // ---- saas-account ----
  const stripeCustomer = plant('saas-account', 'stripe-customer-in-run-ai-event', `cus_${r.chars(ALNUM, 14)}`, 'Run:ai event: billing customer cus_…');
  const twilioSid = plant(
    'saas-account',
    'twilio-account-sid-in-log-path',
    `AC${r.chars(HEX, 32)}`,
    'container log: POST /2010-04-01/Accounts/<AC…>/Messages.json',
  );
  const salesforceOrg = plant('saas-account', 'salesforce-org-id-in-history', `00D${r.chars(ALNUM, 12)}`, 'Run:ai history: Salesforce org <00D…>');
  const zendeskSub = plant(
    'saas-account',
    'zendesk-subdomain-in-k8s-event',
    `${customer().toLowerCase()}help`,
    'k8s event: https://<subdomain>.zendesk.com/agent/tickets/<n>',
  );
  const hubspotPortal = plant(
    'saas-account',
    'hubspot-portal-id-in-args',
    `${r.int(2, 9)}${r.chars(DIGITS, 7)}`,
    'Run:ai spec args: --hubspot-portal <8 digits>',
  );

  // ---- key-fingerprint ----
  const gpgKeyId = plant('key-fingerprint', 'gpg-long-key-id-in-log', r.chars('0123456789ABCDEF', 40), 'container log: gpg: using RSA key <40 hex>');
  const gpgSigner = plant(
    'key-fingerprint',
    'gpg-signer-name-in-log',
    `${first()} ${last()} (release signing)`,
    'container log: gpg: Good signature from "<First Last (comment)> <email>"',
  );
  const sshFingerprint = plant(
    'key-fingerprint',
    'ssh-host-key-fingerprint-in-k8s-event',
    `SHA256:${r.chars(`${ALNUM}+/`, 43)}`,
    'k8s event: ECDSA key fingerprint is SHA256:<43>',
  );
  const keyComment = plant(
    'key-fingerprint',
    'authorized-keys-comment-in-history',
    `${login()}@${first().toLowerCase()}-mbp`,
    'Run:ai history: ssh-ed25519 AAAA… <login>@<host>',
  );
  const ageRecipient = plant('key-fingerprint', 'age-recipient-in-run-ai-event', `age1${r.chars(BECH32, 58)}`, 'Run:ai event: encrypted to age1…');

  // ---- vpn-peer ----
  const wgPeer = plant(
    'vpn-peer',
    'wireguard-peer-key-in-log',
    `${r.chars(B64, 42)}${r.pick(['A', 'E', 'I', 'M'])}=`,
    'container log: wg show: peer: <44 base64>',
  );
  const ovpnCn = plant('vpn-peer', 'openvpn-client-cn-in-log', `${login()}-laptop`, 'container log: VERIFY OK: depth=0, CN=<login>-laptop');
  const asaUser = plant(
    'vpn-peer',
    'anyconnect-user-in-k8s-event',
    login(),
    'k8s event: %ASA-6-113039: Group <g> User <login> IP <ip> AnyConnect parent session started.',
  );
  const zerotierNet = plant('vpn-peer', 'zerotier-network-id-in-history', r.chars(HEX, 16), 'Run:ai history: zerotier-cli join <16 hex>');
  const ikeIdentity = plant(
    'vpn-peer',
    'strongswan-ike-identity-in-run-ai-event',
    `${first().toLowerCase()}@vpn.${customer().toLowerCase()}.net`,
    'Run:ai event: IKE_SA … established between …[<id>]',
  );

  // ---- dev-environment ----
  const hubUser = plant(
    'dev-environment',
    'jupyterhub-user-path-in-log',
    `${first().toLowerCase()}-${last().toLowerCase()}`,
    'container log: /user/<name>/lab/tree/…',
  );
  const notebookName = plant(
    'dev-environment',
    'customer-notebook-in-log',
    `${customer()}_FID_eval.ipynb`,
    'container log: …/lab/tree/<Customer>_FID_eval.ipynb',
  );
  const remoteHost = plant(
    'dev-environment',
    'vscode-remote-host-in-history',
    `${first().toLowerCase()}-devbox.${corp}.lan`,
    'Run:ai history: vscode-remote://ssh-remote+<host>/…',
  );
  const tmuxSession = plant(
    'dev-environment',
    'tmux-session-in-command',
    `${first().toLowerCase()}-sweep${r.int(2, 9)}`,
    'Run:ai spec command: tmux new-session -d -s <first>-sweep<n>',
  );
  const trampPath = plant('dev-environment', 'tramp-user-host-in-k8s-event', `${login()}@${codename()}.${corp}.lan`, 'k8s event: /ssh:<user>@<host>:/srv/…');

  // ---- storage-account ----
  const lustreFs = plant(
    'storage-account',
    'lustre-filesystem-in-log',
    `${customer().toLowerCase().slice(0, 6)}fs${r.int(1, 9)}`,
    'container log: lfs quota -u <login> /lustre/<fsname>',
  );
  const rgwUid = plant(
    'storage-account',
    'ceph-rgw-uid-in-history',
    `${customer().toLowerCase()}-ingest-${r.int(2, 9)}`,
    'Run:ai history: radosgw-admin user info --uid=<uid>',
  );
  const zfsHome = plant('storage-account', 'zfs-home-dataset-in-run-ai-event', `tank/home/${login()}`, 'Run:ai event: zfs list tank/home/<login>');
  const gpfsFileset = plant('storage-account', 'gpfs-fileset-in-k8s-event', `${customer().toLowerCase()}_fset`, 'k8s event: mmlsfileset gpfs0 <customer>_fset');
  const netappExport = plant(
    'storage-account',
    'netapp-export-in-args',
    `filer${r.int(1, 9)}.${corp}.lan:/vol/${customer().toLowerCase()}_proj`,
    'Run:ai spec args: --nfs-export <filer>:/vol/<customer>_proj',
  );

  // ---- ai-platform ----
  const openaiOrg = plant('ai-platform', 'openai-organization-in-log', `org-${r.chars(ALNUM, 24)}`, 'container log: curl -v < openai-organization: org-…');
  const openaiProject = plant('ai-platform', 'openai-project-in-history', `proj_${r.chars(ALNUM, 24)}`, 'Run:ai history: OpenAI-Project: proj_…');
  const aoaiResource = plant(
    'ai-platform',
    'azure-openai-resource-in-run-ai-event',
    `${customer().toLowerCase()}-aoai-${r.int(2, 9)}`,
    'Run:ai event: https://<resource>.openai.azure.com/…',
  );
  const hfEndpoint = plant(
    'ai-platform',
    'hf-inference-endpoint-host-in-k8s-event',
    `${r.chars(`${LOWER}${DIGITS}`, 16)}.us-east-1.aws.endpoints.huggingface.cloud`,
    'k8s event: https://<id>.us-east-1.aws.endpoints.huggingface.cloud',
  );
  const pineconeHost = plant(
    'ai-platform',
    'pinecone-index-host-in-args',
    `${customer().toLowerCase()}-captions-${r.chars(`${LOWER}${DIGITS}`, 7)}.svc.aped-${r.int(1000, 9999)}-${r.chars(LOWER, 4)}.pinecone.io`,
    'Run:ai spec args: --pinecone-host <index>-<project>.svc.<env>.pinecone.io',
  );

  // ---- secrets (all fake, drawn per seed) ----
  const doToken = `doo_v1_${r.chars(HEX, 64)}`;
  const doRefresh = `dor_v1_${r.chars(HEX, 64)}`;
  const pscaleToken = `pscale_tkn_${r.chars(URLSAFE, 20)}=${r.chars(URLSAFE, 20)}`;
  const pscaleOauth = `pscale_oauth_${r.chars(URLSAFE, 24)}.${r.chars(URLSAFE, 24)}`;
  const rubygems = `rubygems_${r.chars(HEX, 48)}`;
  const shopifySecret = `shpss_${r.chars(HEX, 32)}`;
  const gcpKey = `AIza${r.chars(URLSAFE, 35)}`;
  const oktaToken = `00${r.chars(URLSAFE, 40)}`;
  const ghRefresh = `ghr_${r.chars(ALNUM, 36)}`;
  const settlemint = `sm_aat_${r.chars(ALNUM, 16)}`;
  const azureSecret = `${r.chars(ALNUM, 3)}${r.int(0, 9)}Q~${r.chars(`${ALNUM}_~.`, 33)}`;
  const gitlabTrigger = `glptt-${r.chars(HEX, 40)}`;
  const flyToken = `fm2_${r.chars(ALNUM, 30)}+${r.chars(ALNUM, 30)}+${r.chars(`${ALNUM}/`, 50)}`;
  const sentryJson = JSON.stringify({
    iat: 1_733_550_000 + r.int(0, 999_999),
    url: 'https://sentry.io',
    region_url: 'https://us.sentry.io',
    org: `${corp}`,
  });
  const sentryToken = `sntrys_${b64(sentryJson).replace(/=+$/, '')}_${r.chars(ALNUM, 20)}/${r.chars(ALNUM, 22)}`;
  const slackRefresh = `xoxe-1-${r.chars(`${UPPER}${DIGITS}`, 146)}`;
  const clojars = `CLOJARS_${r.chars(`${LOWER}${DIGITS}`, 60)}`;
  const dsaKeyLines = [`MIIBuwIBAAKBgQD${r.chars(B64, 49)}`, ...Array.from({ length: 5 }, () => r.chars(B64, 64)), `${r.chars(B64, 20)}`];
  const dsaKey = dsaKeyLines.join('');
  const maxmind = `${r.chars(ALNUM, 6)}_${r.chars(ALNUM, 29)}_mmk`;
  const yandex = `AQVN${r.chars(URLSAFE, 36)}`;
  const twilioKey = `SK${r.chars(HEX, 32)}`;
  const intra42 = `s-s4t2ud-${r.chars(HEX, 64)}`;
  const intra42Data = b64(intra42);
  const telegram = `${r.int(1_000_000_000, 7_999_999_999)}:AA${r.chars(`${ALNUM}_-`, 33)}`;
  const onePassword = `A3-${r.chars(`${UPPER}${DIGITS}`, 6)}-${r.chars(`${UPPER}${DIGITS}`, 11)}-${r.chars(`${UPPER}${DIGITS}`, 5)}-${r.chars(`${UPPER}${DIGITS}`, 5)}-${r.chars(`${UPPER}${DIGITS}`, 5)}`;
  const facebook = `EAAC${r.chars(ALNUM, 120)}`;
  const runnerToken = `GR1348941${r.chars(URLSAFE, 20)}`;
  const clickhouse = `4b1d${r.chars(ALNUM, 38)}`;

  // ---- the spec the workload was submitted with (Run:ai keeps command, args and env) ----
  const command =
    `bash -c "tmux new-session -d -s ${tmuxSession} 'gitlab-runner register --non-interactive --url https://gitlab.${corp}.lan ` +
    `--registration-token ${runnerToken} --executor shell'; exec python"`;
  secret('gitlab-runner-registration-token-in-command', runnerToken, 'Run:ai spec command: gitlab-runner register --registration-token GR1348941…', {
    kind: 'text',
    text: command,
  });
  const args =
    `train.py --dataset cifar10 --data-root /datasets/cifar10 --ablation no-ema --mixed-precision bf16 --gradient-accumulation-steps 4 ` +
    `--hubspot-portal ${hubspotPortal} --nfs-export ${netappExport} --pinecone-host ${pineconeHost} --fb-page-token ${facebook}`;
  secret('facebook-page-token-in-args', facebook, 'Run:ai spec args: --fb-page-token EAAC…', { kind: 'text', text: args });
  const envEntries: [string, string][] = [
    ['PYTORCH_CUDA_ALLOC_CONF', 'expandable_segments:True'],
    ['HF_HUB_OFFLINE', '1'],
    ['OP_SECRET_KEY', onePassword],
  ];
  secret('onepassword-secret-key-in-spec-env', onePassword, 'Run:ai spec env OP_SECRET_KEY=A3-…', { kind: 'env', name: 'OP_SECRET_KEY', value: onePassword });

  // ---- rename the base scenario's own names (fields and messages alike) ----
  const renamed = JSON.stringify(base)
    .replaceAll('ddpm-cifar10-ablation-0-0', podName)
    .replaceAll('ddpm-cifar10-ablation', workloadName)
    .replaceAll('runai-genai-studio', namespace)
    .replaceAll('"genai-studio"', JSON.stringify(project))
    .replaceAll('dgx-a100-04', nodeName)
    .replaceAll('applied-ai', `${codename()}-dept`)
    .replaceAll('l.garcia@example.com', submitterEmail)
    .replaceAll('10.244.55.38', `10.244.${octet()}.${octet()}`);
  const out = JSON.parse(renamed) as Scenario;
  const workloadId = out.request.workloadId!;
  const clusterId = out.request.clusterId!;
  const runai = runaiRecordsOf(out);
  Object.assign(runai.specs[workloadId]!.spec, {
    command,
    args,
    environmentVariables: envEntries.map(([name, value]) => ({ name, value, exclude: false })),
  });

  // ---- the container's log tail (Tier 2: kubectl logs), ending in the traceback the phase message relays ----
  const host = `${nodeName}`;
  // coreutils fold -w 64 over a one-line config file: the token is cut at column 64, no indent.
  const doConfigLine = `DIGITALOCEAN_ACCESS_TOKEN=${doToken} # spaces API`;
  const doFolded = foldColumns(doConfigLine, 64);
  // coreutils base64 (default wrap at 76) of a JSON credentials file.
  const doRefreshJson = JSON.stringify({ refresh_token: doRefresh, token_type: 'bearer', expires_in: 2_592_000 });
  const doRefreshBlob = b64(doRefreshJson);
  const doRefreshWrapped = foldColumns(doRefreshBlob, 76);
  // fold -w 100 | logger -t provision: each piece a syslog message behind its own prefix.
  const slackLine = `slack config refresh token ${slackRefresh} rotated`;
  const syslogPid = r.int(1000, 9999);
  const slackPieces = foldColumns(slackLine, 100).map((piece, index) => `Dec  7 04:1${index}:0${index + 1} ${host} provision[${syslogPid}]: ${piece}`);
  // helm install --debug: USER-SUPPLIED VALUES as YAML, a double-quoted scalar broken by `\` and a literal block.
  const pscaleHead = pscaleOauth.slice(0, 30);
  const helmValues = [
    'USER-SUPPLIED VALUES:',
    'database:',
    `  oauthToken: "${pscaleHead}\\`,
    `    ${pscaleOauth.slice(30)}"`,
    'deployKey: |',
    '  -----BEGIN DSA PRIVATE KEY-----',
    ...dsaKeyLines.map((line) => `  ${line}`),
    '  -----END DSA PRIVATE KEY-----',
    'leinCredentials: |',
    `  CLOJARS_USERNAME=${personLogin}`,
    `  CLOJARS_TOKEN=${clojars}`,
  ];
  const setxTrace = [`+ export GEM_HOST_API_KEY=${rubygems}`, '+ gem push pkg/diffusion-lab-1.8.0.gem'];
  const printenvDump = ['PATH=/usr/local/nvidia/bin:/usr/local/cuda/bin:/usr/bin', `SHOPIFY_API_SECRET=${shopifySecret}`, 'CUDA_VISIBLE_DEVICES=0'];
  const curlVerbose = [
    `* Connected to api.openai.com (${octet()}.${octet()}.${octet()}.${octet()}) port 443`,
    '> GET /v1/models HTTP/2',
    '> Host: api.openai.com',
    `> x-goog-api-key: ${gcpKey}`,
    '< HTTP/2 200',
    `< openai-organization: ${openaiOrg}`,
    `> Host: ${corp}.okta.com`,
    `> Authorization: SSWS ${oktaToken}`,
    '< HTTP/2 200',
  ];
  const ghBody = `DEBUG auth: prepared.body='grant_type=refresh_token&refresh_token=${ghRefresh}&client_id=Iv1.${r.chars(HEX, 16)}'`;
  const dockerJsonLine = `{"log":"CLICKHOUSE_KEY_SECRET=${clickhouse}\\n","stream":"stderr","time":"${at(12, 9)}"}`;
  const wgetLine = `--2026-12-07 04:12:10--  https://download.maxmind.com/app/geoip_download?edition_id=GeoLite2-City&license_key=${maxmind}&suffix=tar.gz`;
  const logLines = [
    `Loading dataset from /datasets/cifar10 (train split)`,
    `cache dir /home/${personLogin}/.cache/diffusers`,
    `quota owner ${personUpper} on /lustre/${lustreFs}`,
    `Disk quotas for usr ${personLogin} (uid ${r.int(20_000, 60_000)}):`,
    `review link https://review.${corp}.io/runs?reviewer=${personEncoded}&view=grid`,
    `notebook https://hub.${corp}.io/user/${hubUser}/lab/tree/${notebookName}`,
    `gpg: using RSA key ${gpgKeyId}`,
    `gpg: Good signature from "${gpgSigner} <release@${corp}.io>"`,
    `interface: wg0`,
    `peer: ${wgPeer}`,
    `VERIFY OK: depth=0, CN=${ovpnCn}`,
    `POST https://api.twilio.com/2010-04-01/Accounts/${twilioSid}/Messages.json 201`,
    ...curlVerbose,
    ...setxTrace,
    ...printenvDump,
    '$ fold -w 64 ~/.config/doctl/env',
    ...doFolded,
    '$ base64 ~/.config/doctl/oauth.json',
    ...doRefreshWrapped,
    ...slackPieces,
    ...helmValues,
    ghBody,
    dockerJsonLine,
    wgetLine,
    'Epoch 0: 100%|##########| 782/782 [04:10<00:00, 3.12it/s, loss=0.0631]',
    'Traceback (most recent call last):',
    '  File "/workspace/train.py", line 88, in <module>',
    '    dataset = LMDBDataset(args.data_root)',
    "FileNotFoundError: [Errno 2] No such file or directory: '/datasets/cifar10/train.lmdb'",
  ];
  const lines = (from: string, count: number) => {
    const start = logLines.indexOf(from);
    return logLines.slice(start, start + count).join('\n');
  };
  secret('digitalocean-token-cut-by-fold-64-in-log', doToken, 'container log: fold -w 64 cut DIGITALOCEAN_ACCESS_TOKEN=doo_v1_… at column 64', {
    kind: 'text',
    text: lines('$ fold -w 64 ~/.config/doctl/env', 1 + doFolded.length),
  });
  secret('digitalocean-refresh-token-in-base64-wrapped-at-76-in-log', doRefreshBlob, 'container log: base64 (76 columns) of {"refresh_token":"dor_v1_…"}', {
    kind: 'text',
    text: lines('$ base64 ~/.config/doctl/oauth.json', 1 + doRefreshWrapped.length),
  });
  secret('slack-config-refresh-token-split-by-syslog-prefix-in-log', slackRefresh, 'container log: fold -w 100 | logger, xoxe-1-… over two syslog messages', {
    kind: 'text',
    text: slackPieces.join('\n'),
  });
  secret(
    'planetscale-oauth-token-yaml-escaped-line-break-in-log',
    pscaleOauth,
    'container log: helm --debug values, oauthToken: "pscale_oauth_…\\ <newline> …" (YAML escaped line break)',
    { kind: 'text', text: helmValues.join('\n') },
  );
  secret('dsa-private-key-in-yaml-literal-block-in-log', dsaKey, 'container log: helm --debug values, deployKey: | -----BEGIN DSA PRIVATE KEY----- …', {
    kind: 'text',
    text: helmValues.join('\n'),
  });
  secret('clojars-token-in-yaml-literal-block-in-log', clojars, 'container log: helm --debug values, leinCredentials: | CLOJARS_TOKEN=…', {
    kind: 'text',
    text: helmValues.join('\n'),
  });
  secret('rubygems-key-in-set-x-trace-in-log', rubygems, 'container log: + export GEM_HOST_API_KEY=rubygems_…', { kind: 'text', text: setxTrace.join('\n') });
  secret('shopify-shared-secret-in-printenv-in-log', shopifySecret, 'container log: printenv SHOPIFY_API_SECRET=shpss_…', {
    kind: 'text',
    text: printenvDump.join('\n'),
  });
  secret('gcp-api-key-in-curl-verbose-in-log', gcpKey, 'container log: curl -v > x-goog-api-key: AIza…', { kind: 'text', text: curlVerbose.join('\n') });
  secret('okta-token-in-curl-verbose-in-log', oktaToken, 'container log: curl -v > Authorization: SSWS 00…', { kind: 'text', text: curlVerbose.join('\n') });
  secret('github-refresh-token-in-prepared-request-body-in-log', ghRefresh, "container log: prepared.body='grant_type=refresh_token&refresh_token=ghr_…'", {
    kind: 'text',
    text: ghBody,
  });
  secret('clickhouse-key-in-docker-json-file-line-in-log', clickhouse, 'container log: {"log":"CLICKHOUSE_KEY_SECRET=4b1d…\\n",…}', {
    kind: 'text',
    text: dockerJsonLine,
  });
  secret('maxmind-license-key-in-wget-url-in-log', maxmind, 'container log: wget --…--  …&license_key=…_mmk&suffix=tar.gz', { kind: 'text', text: wgetLine });

  const kubernetesPod = {
    metadata: {
      name: podName,
      namespace,
      uid: '5a0c9e41-7d2b-4f6e-9c83-1b4a6d2e8f70',
      creationTimestamp: 'now-68m',
      labels: { app: 'runai', release: workloadName },
    },
    spec: {
      containers: [{ name: workloadName, image: 'ghcr.io/acme-genai/diffusion-lab:1.8.0' }],
      restartPolicy: 'Never',
      nodeName,
      schedulerName: 'kai-scheduler',
      serviceAccountName: 'default',
      terminationGracePeriodSeconds: 30,
    },
    status: {
      phase: 'Failed',
      hostIP: `10.20.${octet()}.${octet()}`,
      podIP: `10.244.${octet()}.${octet()}`,
      startTime: 'now-68m',
      qosClass: 'Burstable',
      conditions: [{ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: 'now-68m' }],
      containerStatuses: [
        {
          name: workloadName,
          image: 'ghcr.io/acme-genai/diffusion-lab:1.8.0',
          imageID: `ghcr.io/acme-genai/diffusion-lab@sha256:${r.chars(HEX, 64)}`,
          containerID: `containerd://${r.chars(HEX, 64)}`,
          state: {
            terminated: {
              exitCode: 1,
              reason: 'Error',
              message: "FileNotFoundError: [Errno 2] No such file or directory: '/datasets/cifar10/train.lmdb'",
              startedAt: 'now-4076s',
              finishedAt: 'now-55m',
              containerID: `containerd://${r.chars(HEX, 64)}`,
            },
          },
          lastState: {},
          ready: false,
          restartCount: 0,
          started: false,
        },
      ],
    },
  };
  const node = {
    metadata: {
      name: nodeName,
      uid: '7c1e5b20-9a3d-4e8f-b6c4-2d0f9a8e1b35',
      creationTimestamp: 'now-90d',
      labels: { 'kubernetes.io/hostname': nodeName, 'nvidia.com/gpu.product': 'NVIDIA-H100-80GB-HBM3' },
    },
    spec: { unschedulable: false },
    status: {
      conditions: [
        {
          type: 'MemoryPressure',
          status: 'False',
          lastHeartbeatTime: 'now-1m',
          lastTransitionTime: 'now-30d',
          reason: 'KubeletHasSufficientMemory',
          message: 'kubelet has sufficient memory available',
        },
        {
          type: 'Ready',
          status: 'True',
          lastHeartbeatTime: 'now-1m',
          lastTransitionTime: 'now-30d',
          reason: 'KubeletReady',
          message: 'kubelet is posting ready status',
        },
      ],
      capacity: { cpu: '224', memory: '2113455528Ki', 'nvidia.com/gpu': '8', pods: '110' },
      allocatable: { cpu: '223', memory: '2102969768Ki', 'nvidia.com/gpu': '8', pods: '110' },
      nodeInfo: {
        kubeletVersion: 'v1.31.2',
        containerRuntimeVersion: 'containerd://1.7.23',
        osImage: 'Ubuntu 22.04.5 LTS',
        kernelVersion: '5.15.0-126-generic',
      },
    },
  };
  const k8sEvent = (suffix: string, reason: string, message: string, component: string, creation: string, type = 'Normal') => ({
    metadata: { name: `${podName}.${suffix}`, namespace, creationTimestamp: creation },
    involvedObject: { kind: 'Pod', namespace, name: podName, uid: kubernetesPod.metadata.uid, apiVersion: 'v1' },
    reason,
    message,
    source: { component, host: nodeName },
    firstTimestamp: creation,
    lastTimestamp: creation,
    count: 1,
    type,
    reportingComponent: component,
    reportingInstance: nodeName,
  });
  // Logback `%.-100msg`: the message keeps its first 100 characters; the token starts at column 67,
  // so its last 13 characters are cut off and its first 33 stay.
  const triggerFull = `pipeline-trigger: POST /api/v4/projects/${r.int(100, 999)}/trigger/pipeline token=${gitlabTrigger} ref=main variables[RUN]=nightly`;
  const triggerMessage = `${at(13, 1)} INFO  c.d.PipelineTrigger - ${triggerFull.slice(0, 100)}`;
  // Java .properties continuation: `\` at the end of the line, the value goes on, leading blanks dropped.
  const yandexCut = 18;
  const propertiesMessage = `config-dump: application.properties\nyandex.api.key=${yandex.slice(0, yandexCut)}\\\n    ${yandex.slice(yandexCut)}\nyandex.folder=default`;
  // kubectl get secret -o yaml: data values base64 on one line.
  const secretYaml = `secret-audit: kubectl get secret intra-oauth -o yaml\napiVersion: v1\ndata:\n  FT_CLIENT_SECRET: ${intra42Data}\nkind: Secret\ntype: Opaque`;
  const azureBody = `token-broker: prepared.body='client_id=${r.chars(HEX, 8)}-${r.chars(HEX, 4)}-4${r.chars(HEX, 3)}-a${r.chars(HEX, 3)}-${r.chars(HEX, 12)}&grant_type=client_credentials&scope=https%3A%2F%2Fgraph.microsoft.com%2F.default&client_secret=${azureSecret}'`;
  const kubernetes = {
    pods: [kubernetesPod],
    events: [
      k8sEvent('18b2c3d4e5f60701', 'Started', `Started container ${workloadName}`, 'kubelet', 'now-4076s'),
      k8sEvent(
        '18b2c3d4e5f60702',
        'Approved',
        `approved by ${personName} on ticket ${r.int(1000, 9999)}; quota owner ${personUpper} confirmed`,
        'review-bot',
        'now-66m',
      ),
      k8sEvent(
        '18b2c3d4e5f60703',
        'VpnAudited',
        `%ASA-6-113039: Group ${customer()}-vpn User ${asaUser} IP 198.51.100.${octet()} AnyConnect parent session started.`,
        'vpn-relay',
        'now-65m',
      ),
      k8sEvent(
        '18b2c3d4e5f60704',
        'HostKeyChecked',
        `ssh-check: ECDSA key fingerprint is ${sshFingerprint}; TRAMP /ssh:${trampPath}:/srv/checkpoints`,
        'ssh-check',
        'now-64m',
      ),
      k8sEvent(
        '18b2c3d4e5f60705',
        'Linked',
        `links: https://${zendeskSub}.zendesk.com/agent/tickets/${r.int(10_000, 99_999)}; https://${hfEndpoint}/generate; mmlsfileset gpfs0 ${gpfsFileset}`,
        'link-bot',
        'now-63m',
      ),
      k8sEvent('18b2c3d4e5f60706', 'Triggered', triggerMessage, 'pipeline-trigger', 'now-62m'),
      k8sEvent('18b2c3d4e5f60707', 'ConfigDumped', propertiesMessage, 'config-dump', 'now-61m'),
      k8sEvent('18b2c3d4e5f60708', 'SecretAudited', secretYaml, 'secret-audit', 'now-60m'),
      k8sEvent('18b2c3d4e5f60709', 'TokenRefreshed', azureBody, 'token-broker', 'now-59m'),
    ],
    nodes: [node],
    logs: [{ namespace, pod: podName, container: workloadName, previous: false, lines: logLines }],
  };
  (out as unknown as { kubernetes: unknown }).kubernetes = kubernetes;
  secret('gitlab-trigger-token-cut-by-logback-truncation-k8s-event', gitlabTrigger, 'k8s event: Logback %.-100msg cut token=glptt-… before its end', {
    kind: 'text',
    text: triggerMessage,
  });
  secret('yandex-key-cut-by-java-properties-continuation-k8s-event', yandex, 'k8s event: yandex.api.key=AQVN…\\ <newline> … (a .properties continuation)', {
    kind: 'text',
    text: propertiesMessage,
  });
  secret(
    'intra42-secret-in-kubernetes-secret-data-k8s-event',
    intra42Data,
    'k8s event: kubectl get secret -o yaml, data FT_CLIENT_SECRET: base64(s-s4t2ud-…)',
    {
      kind: 'text',
      text: secretYaml,
    },
  );
  secret('azure-ad-client-secret-in-prepared-request-body-k8s-event', azureSecret, "k8s event: prepared.body='…&client_secret=…Q~…'", {
    kind: 'text',
    text: azureBody,
  });

  // ---- Run:ai events: tools posting to the workload (neutral reasons) ----
  const involved = { kind: 'Pod', name: podName, namespace };
  const runaiEvent = runaiEventAbout(clusterId, involved);
  const settlemintMessage = `ledger-sync: headers {'User-Agent': 'python-requests/2.32.3', 'Accept-Encoding': 'gzip, deflate', 'Accept': '*/*', 'Connection': 'keep-alive', 'Authorization': 'Bearer ${settlemint}'}`;
  // PHP json_encode: every `/` of the token written `\/`.
  const sentryMessage = `error-relay: {"dsn_org":"${corp}","auth_token":${phpJsonString(sentryToken)},"release":"1.8.0"}`;
  const telegramMessage = `notifier: HTTPSConnectionPool(host='api.telegram.org', port=443): Max retries exceeded with url: /bot${telegram}/sendMessage`;
  const runaiEvents = [
    runaiEvent(
      'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d01',
      'now-67m',
      'Synced',
      `rsync -a /home/${personLogin}/ckpt to scratch; approval mailed to ${personEmail}`,
      'ckpt-sync',
    ),
    runaiEvent(
      'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d02',
      'now-66m',
      'Billed',
      `billing: customer ${stripeCustomer}; https://${aoaiResource}.openai.azure.com/openai/deployments/captioner; encrypted to ${ageRecipient}`,
      'billing-audit',
    ),
    runaiEvent(
      'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d03',
      'now-65m',
      'Tunnelled',
      `charon: IKE_SA home[${r.int(1, 99)}] established between 192.0.2.${octet()}[${ikeIdentity}]...203.0.113.${octet()}[vpn-gw]; zfs list ${zfsHome}`,
      'vpn-relay',
    ),
    runaiEvent('b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d04', 'now-64m', 'Synced', settlemintMessage, 'ledger-sync'),
    runaiEvent('b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d05', 'now-63m', 'Relayed', sentryMessage, 'error-relay'),
    runaiEvent('b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d06', 'now-62m', 'Notified', telegramMessage, 'notifier'),
  ];
  runai.events[workloadId]!.push(...runaiEvents);
  secret('settlemint-token-in-requests-headers-repr-run-ai-event', settlemint, "Run:ai event: {'Authorization': 'Bearer sm_aat_…'}", {
    kind: 'text',
    text: settlemintMessage,
  });
  secret('sentry-org-token-php-escaped-slashes-run-ai-event', sentryToken, 'Run:ai event: PHP json_encode "auth_token":"sntrys_…\\/…"', {
    kind: 'text',
    text: sentryMessage,
  });
  secret('telegram-bot-token-in-urllib3-url-run-ai-event', telegram, 'Run:ai event: Max retries exceeded with url: /bot<token>/sendMessage', {
    kind: 'text',
    text: telegramMessage,
  });

  // ---- Run:ai history: phase messages of the running phase ----
  const history = runai.history[workloadId]!;
  const phase = (when: string, message: string) => ({
    meta: { creationTimestamp: when, type: 'PhaseUpdate' },
    spec: { phaseUpdate: { phase: 'Running', phaseMessage: message } },
  });
  // .NET System.Text.Json: each `+` of the token written `\u002B`.
  const flyMessage = `deploy-hook: {"app":"sampler","fly_token":${dotnetJsonString(flyToken)}}`;
  const pscaleQuery = `db-admin: GET https://api.planetscale.com/v1/organizations/${corp}/databases?service_token=${encodeURIComponent(pscaleToken)}&per_page=25`;
  const dockerInspect = `container-audit: docker inspect: "Env": ["TWILIO_API_KEY=${twilioKey}", "LANG=C.UTF-8"]`;
  history.push(
    phase('now-4070s', `Review: approved by ${personName} on the sampler change; approval mailed to ${personEmail}`),
    phase('now-4069s', `Review link https://review.${corp}.io/runs?reviewer=${personEncoded}&view=list; Salesforce org ${salesforceOrg}`),
    phase('now-4068s', `Access: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${r.chars(B64, 43)} ${keyComment}; zerotier-cli join ${zerotierNet}`),
    phase('now-4067s', `Remote: vscode-remote://ssh-remote+${remoteHost}/workspace; radosgw-admin user info --uid=${rgwUid}`),
    phase('now-4066s', `OpenAI-Project: ${openaiProject}`),
    phase('now-4065s', flyMessage),
    phase('now-4064s', pscaleQuery),
    phase('now-4063s', dockerInspect),
  );
  secret('flyio-token-dotnet-unicode-escaped-plus-history', flyToken, 'Run:ai history: .NET JSON "fly_token":"fm2_…\\u002B…"', {
    kind: 'text',
    text: flyMessage,
  });
  secret('planetscale-token-percent-encoded-in-query-history', pscaleToken, 'Run:ai history: ?service_token=pscale_tkn_…%3D…', {
    kind: 'text',
    text: pscaleQuery,
  });
  secret('twilio-api-key-in-docker-inspect-env-history', twilioKey, 'Run:ai history: docker inspect "Env": ["TWILIO_API_KEY=SK…"]', {
    kind: 'text',
    text: dockerInspect,
  });

  const keep: KeepCase[] = [
    {
      id: 'keep/file-not-found',
      value: "FileNotFoundError: [Errno 2] No such file or directory: '/datasets/cifar10/train.lmdb'",
      why: 'the failing line the verdict quotes (a public dataset path)',
    },
    { id: 'keep/traceback-head', value: 'Traceback (most recent call last):', why: 'CPython’s traceback header (capitalised ordinary word)' },
    { id: 'keep/exit-code-and-reason', value: 'exit code 1 (Error): Traceback', why: 'the phase message’s exit code and reason, then the traceback it relays' },
    { id: 'keep/exit-code-field', value: '"exitCode": 1,', why: 'the exit code Tier 2 reads' },
    { id: 'keep/k8s-phase-error', value: '"k8sPhase": "Error"', why: 'the pod phase the report states (enum)' },
    { id: 'keep/memory-request-16gi', value: '"cpuMemoryRequest": "16Gi"', why: 'a quantity the report states' },
    {
      id: 'keep/train-args',
      value: 'train.py --dataset cifar10 --data-root /datasets/cifar10 --ablation no-ema --mixed-precision bf16 --gradient-accumulation-steps 4',
      why: 'flags, a public dataset name, quantities',
    },
    { id: 'keep/loading-dataset', value: 'Loading dataset from /datasets/cifar10', why: 'a capitalised ordinary word opening a log line' },
    { id: 'keep/tqdm-progress', value: '782/782 [04:10<00:00, 3.12it/s, loss=0.0631]', why: 'tqdm’s progress counts and rates (quantities)' },
    { id: 'keep/gpg-good-signature', value: 'gpg: Good signature from "', why: 'GnuPG’s message template' },
    { id: 'keep/gpg-using-key', value: 'gpg: using RSA key ', why: 'GnuPG’s message template' },
    { id: 'keep/openvpn-verify', value: 'VERIFY OK: depth=0, CN=', why: 'OpenVPN’s message template' },
    { id: 'keep/asa-anyconnect', value: 'AnyConnect parent session started.', why: 'Cisco ASA’s syslog template (a capitalised product name)' },
    { id: 'keep/ssh-fingerprint', value: 'ECDSA key fingerprint is SHA256:', why: 'OpenSSH’s message template (an algorithm name)' },
    { id: 'keep/lfs-quota', value: 'Disk quotas for usr ', why: 'Lustre lfs quota’s header' },
    { id: 'keep/helm-values', value: 'USER-SUPPLIED VALUES:', why: 'Helm’s --debug header' },
    { id: 'keep/curl-http2', value: '> GET /v1/models HTTP/2', why: 'curl -v’s request line (a method, a public API path, a protocol)' },
    { id: 'keep/urllib3-retries', value: 'Max retries exceeded with url: ', why: 'urllib3’s MaxRetryError template' },
    { id: 'keep/hf-hub-offline', value: 'HF_HUB_OFFLINE', why: 'an environment variable name' },
    { id: 'keep/printenv-path', value: 'PATH=/usr/local/nvidia/bin:/usr/local/cuda/bin:/usr/bin', why: 'public install paths in a printenv dump' },
    { id: 'keep/fold-command', value: '$ fold -w 64 ', why: 'a tool name and its flag (coreutils fold)' },
    { id: 'keep/curl-status', value: '< HTTP/2 200', why: 'curl -v’s status line (a protocol and a status code)' },
    { id: 'keep/wg-interface', value: 'interface: wg0', why: 'wg show’s interface line (a device name)' },
    { id: 'keep/qos-burstable', value: '"qosClass": "Burstable"', why: 'a Kubernetes QoS class (enum)' },
  ];

  const consistency: ConsistencyCase[] = [
    {
      id: 'consistency/workload-name-in-phase-message-and-events',
      value: workloadName,
      places: [
        { before: 'failed: container ', after: ' terminated with exit code' },
        { before: 'Started container ', after: '"' },
      ],
    },
    {
      id: 'consistency/node-name-in-fields-and-events',
      value: nodeName,
      places: [{ field: 'nodeName' }, { field: 'host' }],
    },
    {
      id: 'consistency/login-in-home-paths',
      value: personLogin,
      places: [
        { before: 'cache dir /home/', after: '/.cache' },
        { before: 'rsync -a /home/', after: '/ckpt' },
        { before: 'Disk quotas for usr ', after: ' (uid' },
      ],
    },
    {
      id: 'consistency/email-in-run-ai-event-and-history',
      value: personEmail,
      places: [
        { before: 'scratch; approval mailed to ', after: '"' },
        { before: 'sampler change; approval mailed to ', after: '"' },
      ],
    },
    {
      id: 'consistency/display-name-in-history-and-k8s-event',
      value: personName,
      places: [
        { before: 'Review: approved by ', after: ' on the sampler' },
        { before: '"approved by ', after: ' on ticket' },
      ],
    },
    {
      id: 'consistency/upper-case-login-in-log-and-k8s-event',
      value: personUpper,
      places: [
        { before: 'quota owner ', after: ' on /lustre' },
        { before: 'quota owner ', after: ' confirmed' },
      ],
    },
    {
      id: 'consistency/percent-encoded-email-in-log-and-history',
      value: personEncoded,
      places: [
        { before: 'runs?reviewer=', after: '&view=grid' },
        { before: 'runs?reviewer=', after: '&view=list' },
      ],
    },
  ];

  return { seed, scenario: { ...out, name: `heldout8-seed-${seed}` }, plants, secrets, keep, consistency };
}
