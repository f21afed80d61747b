/**
 * Rows for self-identifying tokens: a vendor prefix plus a random body. These are redacted
 * wherever they appear, whatever name (if any) they sit under.
 */
import { REDACTED } from './redactionMarker.js';
import { isHighEntropy } from './secretValueHeuristics.js';
import { B, decodedHas, row, type SecretPattern } from './secretPatternKit.js';
import { isWholeDocumentedToken } from './documentedTokenShapes.js';

/**
 * A vendor prefix starts a token after anything but a letter or a digit (B): a token glued to a word
 * by `_` or `-` (`databricks_token_dapi…`, `NGC-nvapi-…`, `key_hf_…`) is still that vendor's token,
 * whose format is the prefix and a random body (Hugging Face `hf_`, huggingface.co/docs/hub/security-tokens;
 * NGC `nvapi-`; OpenAI `sk-proj-`; Anthropic `sk-ant-`; Databricks `dapi` and 32 hex digits;
 * Slack `xoxb-`; GitHub `ghp_`, `github_pat_`).
 */
const token = (name: string, source: string): SecretPattern => row(name, new RegExp(`${B}(?:${source})`, 'g'));

export const VENDOR_TOKEN_PATTERNS: readonly SecretPattern[] = [
  // STS session tokens start with the base64 of their own binary header (`IQoJb3JpZ2lu` decodes to `!`, LF, TAB, `origin`).
  token('aws-session-token', '(?:IQoJb3JpZ2lu|FwoGZXIvYXdz|AQoDYXdz)[A-Za-z0-9+/]{40,}={0,2}'),
  // gitleaks `aws-access-token` (config/gitleaks.toml): `(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}`.
  row('aws-access-key-id', /(?<![A-Z0-9])(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])/g),
  /*
   * Other clouds' AccessKey ids, which carry their vendor's prefix the way AWS's do. An id alone
   * is half a credential, but it names the account and always travels with its secret (an
   * ossutil or aliyun CLI config, a Tencent `SecretId`), so it is redacted wherever it appears:
   * - Alibaba Cloud `LTAI` + 20 (older keys 12) letters and digits: gitleaks `alibaba-access-key-id`
   *   (`\b(LTAI(?i)[a-z0-9]{20})`); help.aliyun.com "Create an AccessKey pair".
   * - Tencent Cloud `AKID` + 32 letters and digits: the SecretId of a Tencent Cloud API key
   *   (cloud.tencent.com/document/api/213/30654, "Signature v3": `SecretId: AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******`).
   * The body must hold a digit: random ids of this length always do, words never.
   */
  row('cloud-access-key-id', /(?<![A-Za-z0-9])(?:LTAI[A-Za-z0-9]{20}|LTAI[A-Za-z0-9]{12}|AKID[A-Za-z0-9]{32})(?![A-Za-z0-9])/g, (_g, match) =>
    /\d/.test(match.slice(4)) ? REDACTED : null,
  ),
  token('github-token', 'gh[pousr]_[A-Za-z0-9]{36,255}'),
  token('github-fine-grained-pat', 'github_pat_[A-Za-z0-9_]{22,255}'),
  token('gitlab-token', 'gl(?:pat|dt|rt|ptt|cbt|oas|soat|ft|imt|agent)-[A-Za-z0-9_-]{20,}'),
  token('huggingface-token', '(?:hf_|api_org_)[A-Za-z0-9]{30,}'),
  token('anthropic-api-key', 'sk-ant-[A-Za-z0-9_-]{20,}'),
  // OpenAI (sk-, sk-proj-, sk-svcacct-): random keys mix case and digits; `sk-learn-…` names do not.
  row('openai-api-key', new RegExp(`${B}sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}`, 'g'), (_g, match) =>
    /[A-Z]/.test(match) && /\d/.test(match) ? REDACTED : null,
  ),
  // xoxe-… refresh tokens and xoxe.xoxp-… configuration tokens included.
  token('slack-token', '(?:xox[abposre]|xapp)-[A-Za-z0-9-]{10,}|xoxe\\.xox[bp]-[A-Za-z0-9-]{10,}'),
  token('stripe-key', '(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,}|whsec_[A-Za-z0-9]{20,}'),
  token('npm-token', 'npm_[A-Za-z0-9]{36}'),
  token('pypi-token', 'pypi-[A-Za-z0-9_-]{50,}'),
  token('docker-hub-pat', 'dckr_(?:pat|oat)_[A-Za-z0-9_-]{20,}'),
  token('nvidia-ngc-api-key', 'nvapi-[A-Za-z0-9_-]{20,}'),
  token('google-api-key', 'AIza[0-9A-Za-z_-]{35}'),
  token('google-oauth-client-secret', 'GOCSPX-[A-Za-z0-9_-]{20,}'),
  token('google-oauth-access-token', String.raw`ya29\.[0-9A-Za-z_-]{20,}`),
  // Entra ID (Azure AD) client secrets carry `Q~` at position 4.
  row('azure-ad-client-secret', /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.-]{3}\d[Qq]~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/g),
  token('databricks-token', String.raw`dapi[0-9a-f]{32}(?:-\d)?`),
  token('digitalocean-token', 'do[por]_v1_[a-f0-9]{64}'),
  token('hashicorp-vault-token', String.raw`hv[sbr]\.[A-Za-z0-9_-]{24,}`),
  row('terraform-cloud-token', /(?<![A-Za-z0-9])[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,}/g),
  token('grafana-token', 'glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|glc_[A-Za-z0-9+/]{32,}={0,2}'),
  token('sendgrid-api-key', String.raw`SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}`),
  token('shopify-token', 'shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}'),
  token('atlassian-api-token', 'ATATT3[A-Za-z0-9_=-]{30,}'),
  token('replicate-api-token', 'r8_[A-Za-z0-9]{30,}'),
  token('groq-api-key', 'gsk_[A-Za-z0-9]{40,}'),
  token('postman-api-key', 'PMAK-[a-f0-9]{24}-[a-f0-9]{34}'),
  token('pulumi-access-token', 'pul-[a-f0-9]{40}'),
  row('telegram-bot-token', /(?<![A-Za-z0-9:])\d{8,10}:AA[A-Za-z0-9_-]{33}/g),
  // Prefixes from gitleaks' rule set (cmd/generate/config/rules/*.go, MIT), for tokens a
  // workload's tooling can carry (package registries, CI, SaaS APIs). The body must hold a
  // digit: prefixes such as `pat.` or `ico-` also start ordinary words. `sgp_` (sourcegraph.go,
  // `sgp_(?:[a-fA-F0-9]{16}|local)_[a-fA-F0-9]{40}`) and `AKCp` / `cmVmd` (artifactory.go,
  // `AKCp[A-Za-z0-9]{69}`, `cmVmd[A-Za-z0-9]{59}`) were found cut by line breaks in the seventh
  // held-out set, where joining the pieces needs a row that knows the whole token.
  row(
    'prefixed-service-token',
    new RegExp(
      `(?<![A-Za-z0-9_=+/.~-])(?<prefix>${[
        'ops_eyJ',
        'ABSK',
        'bedrock-api-key-',
        'CLOJARS_',
        String.raw`v1\.0-[a-f0-9]{24}-`,
        String.raw`dp\.pt\.`,
        'duffel_(?:test|live)_',
        String.raw`dt0c01\.`,
        'EZ[AT]K',
        'FLW(?:SEC|PUB)K_TEST-',
        'fo1_',
        'fm1[ar]_',
        'fm2_',
        'fio-u-',
        'glffct-',
        'GR1348941',
        String.raw`(?:pat|sat)\.[A-Za-z0-9_-]{22}\.`,
        'ico-',
        'lin_api_',
        'sha256~',
        'pplx-',
        'pscale_(?:pw|tkn|oauth)_',
        'pnu_',
        'rdme_',
        'rubygems_',
        'tk-us-',
        'xkeysib-',
        'sntryu_',
        'sm_(?:pat|aat|sat)_',
        'shippo_(?:live|test)_',
        'sgp_',
        'AKCp',
        'cmVmd',
        'sq0csp-',
        '(?:sk|rk)_prod_',
        'EAAA',
        'eyJrIjoi',
        String.raw`SG\.`,
      ].join('|')})(?<body>[A-Za-z0-9_=+/.~-]{12,1024})`,
      'g',
    ),
    (g) => (/\d/.test(g('body')) ? REDACTED : null),
  ),
  row('twilio-api-key', /(?<![A-Za-z0-9_-])SK[0-9a-fA-F]{32}(?![A-Za-z0-9_-])/g, (_g, match) =>
    /[a-f]/i.test(match.slice(2)) && /\d/.test(match) ? REDACTED : null,
  ),
  token('onepassword-secret-key', 'A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}'),
  token('octopus-deploy-api-key', 'API-[A-Z0-9]{26}'),
  token('maxmind-license-key', '[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk'),
  // Legacy Vault service tokens: `s.` and 24 random characters (mixed case and digits, unlike a word).
  row('hashicorp-vault-legacy-token', /(?<![A-Za-z0-9_.-])s\.[A-Za-z0-9]{24}(?![A-Za-z0-9_.-])/g, (_g, match) =>
    isHighEntropy(match.slice(2)) ? REDACTED : null,
  ),
  token('airtable-personal-access-token', String.raw`pat[A-Za-z0-9]{14}\.[a-f0-9]{64}`),
  token('clickhouse-cloud-secret-key', '4b1d[A-Za-z0-9]{38}'),
  // JWTs, including Kubernetes service-account tokens: header.payload.signature.
  // Segments bounded (16 KiB each): a greedy run followed by more pattern costs irregexp one backtrack
  // entry per character, and a 7 MB run overflowed its stack.
  token('jwt', String.raw`eyJ[A-Za-z0-9_-]{5,16384}\.eyJ[A-Za-z0-9_-]{5,16384}\.[A-Za-z0-9_-]*`),
  // base64 JSON carrying credentials: `.dockerconfigjson` data, Neptune tokens, docker `auths`.
  row(
    'base64-json-credential',
    /(?<![A-Za-z0-9+/=_-])eyJ[A-Za-z0-9+/_-]{16,65536}={0,2}/g,
    decodedHas(/"(?:auths?|password|token|secret|api_?key|private_key|identitytoken)"/i),
  ),
];

/** Prefixes of the rows above: where a token cut by a line wrap can start. */
const SPLIT_PREFIXES = [
  'gh[pousr]_',
  'github_pat_',
  'gl[a-z]{1,5}-',
  'hf_',
  'api_org_',
  'sk-',
  'xox[abposre][.-]',
  'xapp-',
  'AKIA',
  'ASIA',
  'LTAI',
  'AKID',
  'IQoJb3JpZ2lu',
  'FwoGZXIvYXdz',
  'eyJ',
  'nvapi-',
  'npm_',
  'pypi-',
  'dckr_',
  'dapi',
  String.raw`ya29\.`,
  'AIza',
  'GOCSPX-',
  'glsa_',
  'glc_',
  String.raw`hv[sbr]\.`,
  String.raw`SG\.`,
  'shp[a-z]{2}_',
  'ATATT3',
  'r8_',
  'gsk_',
  'PMAK-',
  'pul-',
  'do[por]_v1_',
  '[sr]k_live_',
  'whsec_',
].join('|');
const TOKEN_RUN = '[A-Za-z0-9_.~+/=-]';
/**
 * What may not stand right before a wrapped token's prefix: any token character except `=`,
 * so `ANTHROPIC_API_KEY=sk-ant-…⏎…` is still seen whole here (base64 padding only ever ends a
 * run, so no token starts after a `=` that belongs to another token).
 */
const BEFORE_TOKEN = '[A-Za-z0-9_.~+/-]';
const STARTS_WITH_PREFIX = new RegExp(`^(?:${SPLIT_PREFIXES})`);
/**
 * Sticky copies: they try position 0 only (no scan), and judging a joined candidate does not
 * disturb the table's own scan state.
 */
const VENDOR_MATCHERS = VENDOR_TOKEN_PATTERNS.map((vendor) => ({
  vendor,
  matcher: new RegExp(vendor.pattern.source, `${vendor.pattern.flags.replace('g', '')}y`),
}));

/** The length of the vendor token that starts `text`, or 0. */
function vendorTokenLengthAtStart(text: string): number {
  let longest = 0;
  for (const { vendor, matcher } of VENDOR_MATCHERS) {
    matcher.lastIndex = 0;
    const match = matcher.exec(text);
    if (match === null) continue;
    const groups = match.groups;
    if (vendor.replace((name) => groups?.[name] ?? '', match[0]) !== null) longest = Math.max(longest, match[0].length);
  }
  return longest;
}

/**
 * A vendor token wrapped onto the next line (a terminal or `kubectl describe` at 80 columns, a
 * log shipper's line limit): the rows above would redact at most the first half and leave the
 * rest readable. The two halves count as one token when, joined, they make a vendor token that
 * runs past the break, and either the first half alone is not a whole token or the second
 * half is not a plain word (so `ghp_…` at the end of a line followed by `Starting…` stays, and
 * so does a log line's level `DEBUG 12-06 …`: a word in one case is a word, and the first half
 * was already a whole token).
 */
export const SPLIT_TOKEN_PATTERN: SecretPattern = row(
  'token-split-over-two-lines',
  // The lookbehind covers the token alphabet (but `=`), so only the first position of a run starts a match.
  new RegExp(
    `(?<!${BEFORE_TOKEN})(?<head>(?:${SPLIT_PREFIXES})${TOKEN_RUN}{0,600})(?<gap>[ \\t]*(?:\\r?\\n|⏎)[ \\t]*)(?<tail>${TOKEN_RUN}{4,600})(?!${TOKEN_RUN})`,
    'g',
  ),
  (g) => {
    const head = g('head');
    const tail = g('tail');
    // Cheap refusals first: no vendor token is shorter than 20 characters, and a second line that
    // starts with a prefix of its own is the next token, not this one's continuation.
    if (head.length + tail.length < 20 || STARTS_WITH_PREFIX.test(tail)) return null;
    const joined = vendorTokenLengthAtStart(head + tail);
    if (joined <= head.length) return null;
    const headAlone = vendorTokenLengthAtStart(head);
    if (headAlone === head.length && /^(?:[A-Z]?[a-z]+|[A-Z]+)$/.test(tail)) return null;
    // A head that is already a whole token of its vendor's documented shape (ghp_ and exactly 36)
    // ends there: the next line's run (a timestamp, a hash, `CUDA_VISIBLE_DEVICES=0`) is not its —
    // unless the shape's length is a range and the joined run is still one whole token of it
    // (stripe's {10,99}): a range only says the head MAY end there, and a second piece left in the
    // text is a leak, where joining at worst redacts a run that fits the vendor's own shape.
    if (isWholeDocumentedToken(head) && !isWholeDocumentedToken(head + tail)) return null;
    return `${REDACTED}${g('gap')}${REDACTED}`;
  },
);

/**
 * A vendor token cut by a length limit (a kubelet termination message, an API field, a log
 * shipper's line cap) is still its secret's first characters: a prefix above and a body of at
 * least 12 token characters that stops at an elision mark (`…`, `...`, `[truncated]`) or at the
 * end of the text. The rows above require each vendor's full length, so a cut token passed them
 * whole. The body must look random (two character classes): `sk-learning…` or `hf_datasets…`
 * ending a sentence stay.
 */
export const CUT_TOKEN_PATTERN: SecretPattern = row(
  'token-cut-by-a-limit',
  new RegExp(`(?<!${BEFORE_TOKEN})(?:${SPLIT_PREFIXES})(?<body>[A-Za-z0-9_]{12,255})(?=…|\\.\\.\\.|\\[truncated\\]|$)`, 'g'),
  (g) => {
    const body = g('body');
    const classes = [/[a-z]/, /[A-Z]/, /\d/].filter((pattern) => pattern.test(body)).length;
    // Two classes: a lower-case word with underscores (`hf_datasets_loader`) has one and stays.
    return classes >= 2 ? REDACTED : null;
  },
);

/**
 * A vendor token right after an escape: an escape is a delimiter written with letters and digits,
 * so the rows above, which start a token only after a non-alphanumeric (B), never saw one glued to
 * it — a percent-escape, once or twice encoded (`?url=…%3Fkey%3DAIza…`, `%253D`; RFC 3986 §2.1), a JSON `\uXXXX` escape (Go's
 * encoding/json writes `&` as `\u0026`) or a JSON-escaped line break `\n`, `\r`, `\t` (gitleaks ends
 * its secrets on `\\[nr]` for the same reason, config/gitleaks.toml). The escape is matched
 * literally (no lookbehind tried at every position: that cost the linear-time budget) and the run
 * after it is judged by the vendor rows themselves, as if it started the text.
 */
export const ESCAPED_TOKEN_PATTERN: SecretPattern = row(
  'token-after-an-escape',
  new RegExp(`(?<escape>%(?:25)?[0-9A-Fa-f]{2}|\\\\u[0-9A-Fa-f]{4}|\\\\[nrt])(?<run>[A-Za-z0-9]${TOKEN_RUN}{7,1024})`, 'g'),
  (g) => {
    const run = g('run');
    const length = vendorTokenLengthAtStart(run);
    return length === 0 ? null : `${g('escape')}${REDACTED}${run.slice(length)}`;
  },
  ['%', '\\'],
);
