/**
 * Issue #25, the sixth held-out set (heldOutPlants6.ts; README.md here): recordings safe to
 * attach to a public issue, and no secret in a recording, a report or a notification, measured
 * on material nobody tuned to — a sixth base scenario (an exit 137 Tier 2 cannot explain: the
 * verdict UNKNOWN quotes the container log's last line), identifier classes and secret shapes
 * sets 1–5 have none of. For every seed:
 * - every plant reached the raw recording, and none survives anywhere in the `--anonymize` folder;
 * - an identifier written in several places gets one pseudonym in all of them;
 * - the texts the diagnosis and its reader need stay verbatim (and were in the raw recording);
 * - the anonymized replay reaches the raw replay's verdict (failing line modulo pseudonyms and
 *   the report's own ` … ` elision);
 * - no planted secret (whole, or any 16-character piece) is in the raw or the anonymized
 *   recording, or in the text reports (en, fr), the JSON verdict, or the SNS notifications
 *   (en, fr), and each is one the report's own redaction removes from its text.
 *
 * What fails on the engine this set was first measured on is in known-survivors.json (figures:
 * BASELINE.md); the tests are the ones every consistency set shares
 * (../heldout3/describeConsistencyPlantSet.ts), plus the secrets' scanner shapes below.
 */
import { describe, expect, it } from 'vitest';
import { describeConsistencyPlantSet } from '../heldout3/describeConsistencyPlantSet.js';
import { FAMILIES_6, HELD_OUT_SEEDS_6, buildHeldOutSet6 } from './heldOutPlants6.js';
import { measureHeldOut6 } from './measureHeldOut6.js';

const sets = await Promise.all(HELD_OUT_SEEDS_6.map((seed) => buildHeldOutSet6(seed)));

describeConsistencyPlantSet({
  ordinal: 'sixth',
  sets,
  families: FAMILIES_6,
  minimum: { plants: 70, secrets: 30, keep: 24, consistency: 7 },
  ledgerUrl: new URL('./known-survivors.json', import.meta.url),
  measure: measureHeldOut6,
  diagnosis: {
    workload: 'unexplained exit 137',
    category: 'UNKNOWN',
    command: 'kubectl logs',
    why: "the container's last log line is read from Tier 2 and quoted",
  },
  quoted: {
    what: 'the recorded last log line and name the planted node',
    texts: (set) => [
      { text: 'Epoch 11: took 1862.1s (avg 1855.3s)', why: "the container log's last line is quoted" },
      {
        text: set.plants.find((plant) => plant.id === 'name-variant/surname-in-lab-node-name-every-node-field')!.value,
        why: 'the report names the node, a planted identifier',
      },
    ],
  },
});

/**
 * The secrets' shapes, transcribed from the rules heldOutPlants6.ts cites (gitleaks
 * config/gitleaks.toml at b58d3f1 by rule id; the connection-string pattern of
 * advanced-security/secret-scanning-custom-patterns database/README.md), so a "secret" is one a
 * scanner would flag, not a random string. Rules that need a keyword or a delimiter around the
 * token are matched against the text the secret rides in.
 */
const TOKEN_SHAPES: Record<string, RegExp> = {
  'secret/doppler-token-in-command': /^dp\.pt\.[a-z0-9]{43}$/i, // doppler-api-token
  'secret/gitlab-runner-token-in-command': /^glrt-[0-9a-zA-Z_-]{20}$/, // gitlab-runner-authentication-token
  'secret/stripe-live-secret-key-in-args': /^sk_live_[a-zA-Z0-9]{10,99}$/, // stripe-access-token
  'secret/stripe-restricted-key-json-escaped-in-spec-annotation': /^rk_live_[a-zA-Z0-9]{10,99}$/, // stripe-access-token
  'secret/postman-key-in-args': /^PMAK-[a-f0-9]{24}-[a-f0-9]{34}$/i, // postman-api-token
  'secret/slack-bot-token-in-spec-env': /^xoxb-[0-9]{10,13}-[0-9]{10,13}[a-zA-Z0-9-]*$/, // slack-bot-token
  'secret/azure-ad-client-secret-in-spec-env': /^[a-zA-Z0-9_~.]{3}\dQ~[a-zA-Z0-9_~.-]{31,34}$/, // azure-ad-client-secret
  'secret/hf-org-token-in-dotenv-spec-env': /^api_org_[a-zA-Z]{34}$/, // huggingface-organization-api-token
  'secret/slack-app-token-in-log': /^xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+$/i, // slack-app-token
  'secret/perplexity-key-in-python-dict-repr-log': /^pplx-[a-zA-Z0-9]{48}$/, // perplexity-api-key
  'secret/jwt-in-cookie-header-log': /^ey[a-zA-Z0-9]{17,}\.ey[a-zA-Z0-9/\\_-]{17,}\.(?:[a-zA-Z0-9/\\_-]{10,}={0,2})?$/, // jwt
  'secret/planetscale-password-in-mysql-url-log': /^pscale_pw_[\w=.-]{32,64}$/i, // planetscale-password
  'secret/github-fine-grained-pat-percent-encoded-in-url-log': /^github_pat_\w{82}$/, // github-fine-grained-pat
  'secret/clickhouse-secret-json-escaped-in-log': /^4b1d[A-Za-z0-9]{38}$/, // clickhouse-cloud-api-secret-key
  'secret/grafana-cloud-token-in-log': /^glc_[A-Za-z0-9+/]{32,400}={0,3}$/i, // grafana-cloud-api-token
  'secret/github-app-token-in-termination-message': /^(?:ghu|ghs)_[0-9a-zA-Z]{36}$/, // github-app-token
  'secret/digitalocean-pat-in-termination-message': /^dop_v1_[a-f0-9]{64}$/, // digitalocean-pat
  'secret/infracost-key-in-termination-message': /^ico-[a-zA-Z0-9]{32}$/, // infracost-api-token
  'secret/shopify-token-in-run-ai-event': /^shpat_[a-fA-F0-9]{32}$/, // shopify-access-token
  'secret/prefect-key-in-run-ai-event': /^pnu_[a-zA-Z0-9]{36}$/, // prefect-api-token
  'secret/openshift-token-in-oc-login-run-ai-event': /^sha256~[\w-]{43}$/, // openshift-user-token
  'secret/flyio-token-in-history': /^fo1_[\w-]{43}$/, // flyio-access-token
  'secret/heroku-v2-key-in-history': /^HRKU-AA[0-9a-zA-Z_-]{58}$/, // heroku-api-key-v2
  'secret/1password-service-account-token-in-k8s-env': /^ops_eyJ[a-zA-Z0-9+/]{250,}={0,3}$/, // 1password-service-account-token
  'secret/linear-key-in-k8s-env-file': /^lin_api_[a-z0-9]{40}$/i, // linear-api-key
  'secret/slack-user-token-in-k8s-event': /^xox[pe](?:-[0-9]{10,13}){3}-[a-zA-Z0-9-]{28,34}$/, // slack-user-token
  'secret/dynatrace-token-in-k8s-event': /^dt0c01\.[a-z0-9]{24}\.[a-z0-9]{64}$/i, // dynatrace-api-token
  'secret/harness-key-in-k8s-event': /^(?:pat|sat)\.[a-zA-Z0-9_-]{22}\.[a-zA-Z0-9]{24}\.[a-zA-Z0-9]{20}$/, // harness-api-key
};
const CONTEXT_SHAPES: Record<string, RegExp> = {
  // telegram-bot-api-token: the rule needs a `telegr…` keyword before the token.
  'secret/telegram-bot-token-in-spec-env':
    /[\w.-]{0,50}?(?:telegr)(?:[ \t\w.-]{0,20})[\s'"]{0,3}(?:=|>|:{1,3}=|\|\||:|=>|\?=|,)[`'"\s=]{0,5}([0-9]{5,16}:A[a-z0-9_-]{34})(?:[`'"\s;]|\\[nr]|$)/i,
  // ODBC's UID/PWD keywords (learn.microsoft.com, "DSN and Connection String Keywords and
  // Attributes", ODBC Driver for SQL Server); the custom pattern in
  // advanced-security/secret-scanning-custom-patterns database/README.md starts from a driver or
  // server keyword and takes the value after `Pwd=` up to `;`. It is case-sensitive (`[Pp]wd`),
  // and ODBC keywords are not: `PWD=` as Microsoft documents it is matched here case-insensitively.
  'secret/odbc-connection-string-pwd-in-k8s-event': /"(?:driver|server|database|uid)=[^"]+; ?pwd=[^;"\x00-\x08]+;/i,
};

describe("the sixth set's secrets", () => {
  it('have the shapes the cited secret-scanner rules match', () => {
    for (const set of sets) {
      const byId = new Map(set.secrets.map((secret) => [secret.id, secret]));
      expect(Object.keys(TOKEN_SHAPES).length + Object.keys(CONTEXT_SHAPES).length, 'every secret has a shape').toBe(set.secrets.length);
      for (const [id, shape] of Object.entries(TOKEN_SHAPES)) expect(byId.get(id)?.value, `${id} in seed ${set.seed}`).toMatch(shape);
      for (const [id, shape] of Object.entries(CONTEXT_SHAPES)) {
        const context = byId.get(id)?.context;
        expect(context?.kind === 'text' ? context.text : `${context?.name}=${context?.value}`, `${id} in seed ${set.seed}`).toMatch(shape);
      }
    }
  });

  it('ride in the wrappings they are named for', () => {
    for (const set of sets) {
      const byId = new Map(set.secrets.map((secret) => [secret.id, secret]));
      const text = (id: string) => {
        const context = byId.get(id)!.context;
        return context.kind === 'text' ? context.text : context.value;
      };
      // Escaped twice: a JSON string holding JSON, so the key is preceded by `\"`.
      expect(text('secret/stripe-restricted-key-json-escaped-in-spec-annotation')).toContain(
        `\\"restricted_key\\":\\"${byId.get('secret/stripe-restricted-key-json-escaped-in-spec-annotation')!.value}`,
      );
      expect(text('secret/clickhouse-secret-json-escaped-in-log')).toContain(
        `\\"secret\\":\\"${byId.get('secret/clickhouse-secret-json-escaped-in-log')!.value}\\"`,
      );
      // Percent-encoded: the URL's `:` and `@` around the token are `%3A` and `%40`.
      expect(text('secret/github-fine-grained-pat-percent-encoded-in-url-log')).toContain(
        `x-access-token%3A${byId.get('secret/github-fine-grained-pat-percent-encoded-in-url-log')!.value}%40github.com`,
      );
      expect(text('secret/jwt-in-cookie-header-log')).toContain(`Cookie: session=${byId.get('secret/jwt-in-cookie-header-log')!.value};`);
    }
  });
});
