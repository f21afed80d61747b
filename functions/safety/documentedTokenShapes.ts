/**
 * Vendor tokens whose documented shape has a bounded length: a literal prefix, then a body of a
 * fixed length (or a bounded range). A run that starts with one of these prefixes and stops short
 * of the shape's length is, by the vendor's own format, not a whole token: something cut it. That
 * is what lets `redactAcrossCarrierCuts` tell a carrier's cut (a wrapper, a shipper's split) from a
 * line that ended there, by what the text shows and not by a line's width.
 *
 * Source: gitleaks `config/gitleaks.toml` (github.com/gitleaks/gitleaks, commit b58d3f1, MIT),
 * each rule id below; the regex is the rule's token, without its keyword context and terminator
 * (a rule's `(?i)` written out as both cases of the body's letters: Node 20 has no inline flags).
 * Only shapes the redaction table already redacts whole (vendorTokenPatterns.ts,
 * keyMaterialPatterns.ts) are listed, and only those with a literal prefix and a pinned length
 * (fixed, or a choice of a few fixed lengths). A shape without a prefix (azure-ad-client-secret,
 * maxmind) or without a bound (slack-bot-token's `[a-zA-Z0-9-]*`, fm2_'s `{100,}`) cannot say where
 * a token must go on, and neither can a wide range (stripe `{10,99}`, planetscale `{32,64}`, pypi
 * `{50,1000}`, square, vault, grafana cloud): a head short of it could be joined with an unrelated
 * next run landing in the range (a timestamp, `CUDA_VISIBLE_DEVICES=0` after a cut `pscale_pw_`).
 * test/safety/carrierCutSecrets.test.ts counts those cuts as ones the text cannot show. The rule ids are comments
 * (the table runs in every Lambda that redacts: the intake's and chat's bundles count bytes).
 */

/**
 * Shapes whose length is pinned (fixed, or a choice of a few fixed lengths): each a regex source
 * of the whole token, prefix first, no anchors; the comment is the gitleaks rule id.
 */
export const PINNED_TOKEN_SHAPES: readonly string[] = [
  // github-pat, github-oauth, github-app-token, github-refresh-token
  'gh[pousr]_[0-9a-zA-Z]{36}',
  // github-fine-grained-pat
  'github_pat_\\w{82}',
  // gitlab-pat
  'glpat-[\\w-]{20}',
  // gitlab-deploy-token, gitlab-feed-token, gitlab-runner-authentication-token, gitlab-scim-token, gitlab-feature-flag-client-token
  '(?:gldt|glft|glrt|glsoat|glffct)-[0-9a-zA-Z_-]{20}',
  // gitlab-incoming-mail-token
  'glimt-[0-9a-zA-Z_-]{25}',
  // gitlab-kubernetes-agent-token
  'glagent-[0-9a-zA-Z_-]{50}',
  // gitlab-oauth-app-secret
  'gloas-[0-9a-zA-Z_-]{64}',
  // gitlab-ptt
  'glptt-[0-9a-f]{40}',
  // gitlab-cicd-job-token
  'glcbt-[0-9a-zA-Z]{1,5}_[0-9a-zA-Z_-]{20}',
  // gitlab-rrt
  'GR1348941[\\w-]{20}',
  // huggingface-access-token, huggingface-organization-api-token
  '(?:hf_|api_org_)[a-zA-Z]{34}',
  // anthropic-api-key, anthropic-admin-api-key
  'sk-ant-(?:api03|admin01)-[a-zA-Z0-9_-]{93}AA',
  // openai-api-key
  'sk-(?:proj|svcacct|admin)-(?:[A-Za-z0-9_-]{74}|[A-Za-z0-9_-]{58})T3BlbkFJ(?:[A-Za-z0-9_-]{74}|[A-Za-z0-9_-]{58})|sk-[a-zA-Z0-9]{20}T3BlbkFJ[a-zA-Z0-9]{20}',
  // slack-config-refresh-token
  'xoxe-\\d-[A-Za-z0-9]{146}',
  // slack-config-access-token
  'xoxe\\.xox[bp]-\\d-[A-Za-z0-9]{163,166}',
  // npm-access-token
  'npm_[a-zA-Z0-9]{36}',
  // digitalocean-access-token, digitalocean-pat, digitalocean-refresh-token
  'do[opr]_v1_[a-f0-9]{64}',
  // databricks-api-token
  'dapi[a-f0-9]{32}(?:-\\d)?',
  // gcp-api-key
  'AIza[\\w-]{35}',
  // shopify-access-token, shopify-custom-access-token, shopify-private-app-access-token, shopify-shared-secret
  'shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}',
  // sendgrid-api-token
  'SG\\.[a-zA-Z0-9=_.-]{66}',
  // postman-api-token
  'PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}',
  // pulumi-api-token
  'pul-[a-f0-9]{40}',
  // doppler-api-token
  'dp\\.pt\\.[a-zA-Z0-9]{43}',
  // duffel-api-token
  'duffel_(?:test|live)_[a-zA-Z0-9_=-]{43}',
  // easypost-api-token, easypost-test-api-token
  'EZ[AT]K[a-zA-Z0-9]{54}',
  // flutterwave-secret-key, flutterwave-public-key, flutterwave-encryption-key
  'FLW(?:SEC|PUB)K_TEST-[a-hA-H0-9]{32}-X|FLWSECK_TEST-[a-hA-H0-9]{12}',
  // flyio-access-token (fo1_)
  'fo1_[\\w-]{43}',
  // frameio-api-token
  'fio-u-[a-zA-Z0-9_=-]{64}',
  // sourcegraph-access-token
  'sgp_(?:[a-fA-F0-9]{16}|local)_[a-fA-F0-9]{40}|sgp_[a-fA-F0-9]{40}',
  // artifactory-api-key
  'AKCp[A-Za-z0-9]{69}',
  // artifactory-reference-token
  'cmVmd[A-Za-z0-9]{59}',
  // clojars-api-token
  'CLOJARS_[a-zA-Z0-9]{60}',
  // cloudflare-origin-ca-key
  'v1\\.0-[a-f0-9]{24}-[a-f0-9]{146}',
  // dynatrace-api-token
  'dt0c01\\.[a-zA-Z0-9]{24}\\.[a-zA-Z0-9]{64}',
  // linear-api-key
  'lin_api_[a-zA-Z0-9]{40}',
  // harness-api-key
  '(?:pat|sat)\\.[a-zA-Z0-9_-]{22}\\.[a-zA-Z0-9]{24}\\.[a-zA-Z0-9]{20}',
  // infracost-api-token
  'ico-[a-zA-Z0-9]{32}',
  // openshift-user-token
  'sha256~[\\w-]{43}',
  // perplexity-api-key
  'pplx-[a-zA-Z0-9]{48}',
  // prefect-api-token
  'pnu_[a-zA-Z0-9]{36}',
  // readme-api-token
  'rdme_[a-z0-9]{70}',
  // rubygems-api-token
  'rubygems_[a-f0-9]{48}',
  // scalingo-api-token
  'tk-us-[\\w-]{48}',
  // sendinblue-api-token
  'xkeysib-[a-f0-9]{64}-[a-zA-Z0-9]{16}',
  // sentry-user-token
  'sntryu_[a-f0-9]{64}',
  // settlemint-*-access-token
  'sm_(?:aat|pat|sat)_[a-zA-Z0-9]{16}',
  // shippo-api-token
  'shippo_(?:live|test)_[a-fA-F0-9]{40}',
  // twilio-api-key
  'SK[0-9a-fA-F]{32}',
  // aws-access-token
  '(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}',
  // alibaba-access-key-id
  'LTAI[a-zA-Z0-9]{20}',
  // octopus-deploy-api-key
  'API-[A-Z0-9]{26}',
  // 1password-secret-key
  'A3-[A-Z0-9]{6}-(?:[A-Z0-9]{6}-[A-Z0-9]{5}|[A-Z0-9]{11})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}',
  // airtable-personnal-access-token
  'pat[a-zA-Z0-9]{14}\\.[a-f0-9]{64}',
  // clickhouse-cloud-api-secret-key
  '4b1d[A-Za-z0-9]{38}',
  // grafana-service-account-token
  'glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}',
  // notion-api-token
  'ntn_[0-9]{11}[A-Za-z0-9]{35}',
  // age-secret-key
  'AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}',
  // A JWT (RFC 7519 §7.2: header, payload and signature, base64url, `.`-separated), its signature's
  // length pinned by its algorithm (RFC 7518 §3: HS256's 32-byte MAC is 43 characters, ES256's 64
  // bytes 86, RS256's 2048-bit and 4096-bit signatures 342 and 683): a head without both dots, or
  // short of its signature, is no whole token (gitleaks jwt).
  'eyJ[A-Za-z0-9_-]{10,2000}\\.eyJ[A-Za-z0-9_-]{10,4000}\\.(?:[A-Za-z0-9_-]{683}|[A-Za-z0-9_-]{342}|[A-Za-z0-9_-]{86}|[A-Za-z0-9_-]{43})',
  // telegram-bot-api-token: no literal prefix but a fixed frame, the bot id, `:`, `AA` and 33
  // characters (core.telegram.org/bots/api, "Authorizing your bot")
  '[0-9]{8,10}:AA[\\w-]{33}',
];

/**
 * Shapes whose length is a wide range: no cut is judged by them (above), but a head that is a
 * whole one of them ends there (a whole `xoxb-…` then a timestamp line is two things).
 */
export const RANGED_TOKEN_SHAPES: readonly string[] = [
  // slack-bot-token (second form)
  'xoxb-[0-9]{8,14}-[a-zA-Z0-9]{18,26}',
  // pypi-upload-token
  'pypi-AgEIcHlwaS5vcmc[\\w-]{50,1000}',
  // planetscale-api-token, planetscale-oauth-token, planetscale-password
  'pscale_(?:tkn|oauth|pw)_[\\w=.-]{32,64}',
  // square-access-token
  '(?:EAAA|sq0atp-)[\\w-]{22,60}',
  // stripe-access-token
  '(?:sk|rk)_(?:test|live|prod)_[a-zA-Z0-9]{10,99}',
  // vault-service-token, vault-batch-token
  'hvs\\.[\\w-]{90,120}|hvb\\.[\\w-]{138,300}',
  // grafana-cloud-api-token
  'glc_[A-Za-z0-9+/]{32,400}={0,3}',
  // grafana-api-key
  'eyJrIjoi[A-Za-z0-9]{70,400}={0,3}',
];

const PINNED_SHAPE = PINNED_TOKEN_SHAPES.map((source) => `(?:${source})`).join('|');
/**
 * A token of a pinned shape that ends a run (a run of token characters, as redactAcrossCarrierCuts
 * joins them): starts after a non-alphanumeric, and nothing but closing punctuation follows it, so
 * the engine tries every length a shape allows (a JWT's 43-character signature is no end when 43
 * more follow) instead of stopping at a `-` or `_` inside the run.
 */
export const PINNED_TOKEN_IN_RUN = new RegExp(`(?<![A-Za-z0-9])(?:${PINNED_SHAPE})(?=[.,;:]*$)`, 'g');
/**
 * The same without its end: where a pinned token starts, whatever follows it (a cheap first look).
 * Each shape lists its longer choices first (a JWT's 683-character signature before its 43), so the
 * first match at a position is the longest, and a token that runs past a line's end is seen.
 */
export const PINNED_TOKEN_START = new RegExp(`(?<![A-Za-z0-9])(?:${PINNED_SHAPE})`, 'g');
const WHOLE_SHAPE = new RegExp(`^(?:${[PINNED_SHAPE, ...RANGED_TOKEN_SHAPES].join('|')})$`);

/** The text is one whole documented token: its vendor's format says it may end here. */
export const isWholeDocumentedToken = (text: string): boolean => WHOLE_SHAPE.test(text);
