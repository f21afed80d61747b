/**
 * Issue #25, the fourth held-out set (heldOutPlants4.ts; README.md here): recordings safe to
 * attach to a public issue, and no secret in a recording, a report or a notification, measured
 * on material nobody tuned to — a fourth base scenario (an inference server killed by its
 * liveness probe, explained only by Tier 2's events and logs), identifier classes and secret
 * shapes the first three sets have none of. For every seed:
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
import { FAMILIES_4, HELD_OUT_SEEDS_4, buildHeldOutSet4 } from './heldOutPlants4.js';
import { measureHeldOut4 } from './measureHeldOut4.js';

const sets = await Promise.all(HELD_OUT_SEEDS_4.map((seed) => buildHeldOutSet4(seed)));

describeConsistencyPlantSet({
  ordinal: 'fourth',
  sets,
  families: FAMILIES_4,
  minimum: { plants: 70, secrets: 30, keep: 22, consistency: 6 },
  ledgerUrl: new URL('./known-survivors.json', import.meta.url),
  measure: measureHeldOut4,
  diagnosis: {
    workload: 'inference workload',
    category: 'CRASH_APP_ERROR',
    command: 'kubectl get events',
    why: "the liveness kill is read from the pod's events (Tier 2)",
  },
  quoted: {
    what: 'a field that carried a secret',
    texts: () => [{ text: 'judge gateway', why: "the previous run's last log line is quoted: it holds a gateway URL with basic auth" }],
  },
});

/**
 * The vendor tokens' shapes, transcribed from the rules heldOutPlants4.ts cites (gitleaks
 * config/gitleaks.toml at b58d3f1 by rule id; trufflehog pkg/detectors/<name>/<name>.go), so a
 * "secret" is one a scanner would flag, not a random string. Whole-URL and PEM rules are
 * matched against the text the secret rides in.
 */
const TOKEN_SHAPES: Record<string, RegExp> = {
  'secret/anthropic-key-in-client-repr': /^sk-ant-api03-[a-zA-Z0-9_-]{93}AA$/, // anthropic-api-key
  'secret/openai-project-key-in-export': /^sk-proj-(?:[A-Za-z0-9_-]{74}|[A-Za-z0-9_-]{58})T3BlbkFJ(?:[A-Za-z0-9_-]{74}|[A-Za-z0-9_-]{58})$/, // openai-api-key
  'secret/cohere-key-in-dict-repr': /^[a-zA-Z0-9]{40}$/, // cohere-api-token (after CO_API_KEY)
  'secret/replicate-token-in-curl-header': /^r8_[0-9A-Za-z_-]{37}$/, // trufflehog replicate
  'secret/together-key-in-yaml': /^tgp_v1_[A-Za-z0-9_-]{43}$/, // trufflehog togetherai
  'secret/groq-key-in-json-inside-yaml': /^gsk_[a-zA-Z0-9]{48}$/, // gitleaks rules/groq.go
  'secret/databricks-token-in-databrickscfg': /^dapi[a-f0-9]{32}(?:-\d)?$/, // databricks-api-token
  'secret/datadog-app-key-in-yaml': /^[a-z0-9]{40}$/i, // datadog-access-token (after datadog …:)
  'secret/sentry-user-token-in-cli-argv': /^sntryu_[a-f0-9]{64}$/, // sentry-user-token
  'secret/pypi-token-in-pypirc-spec-annotation': /^pypi-AgEIcHlwaS5vcmc[\w-]{50,1000}$/, // pypi-upload-token
  'secret/dockerhub-pat-in-docker-login-command': /^dckr_(?:pat|oat)_[a-zA-Z0-9_-]{27,32}$/, // trufflehog dockerhub/v2
  'secret/gitlab-pat-in-pip-vcs-requirement': /^glpat-[\w-]{20}$/, // gitlab-pat
  'secret/atlassian-token-in-curl-user': /^ATATT3[A-Za-z0-9_\-=]{186}$/, // atlassian-api-token
  'secret/twilio-api-key-in-dict-repr': /^SK[0-9a-fA-F]{32}$/, // twilio-api-key
  'secret/sendgrid-key-in-smtp-log': /^SG\.[a-zA-Z0-9=_\-.]{66}$/, // sendgrid-api-token
  'secret/jwt-in-run-ai-event': /^ey[a-zA-Z0-9]{17,}\.ey[a-zA-Z0-9/\\_-]{17,}\.(?:[a-zA-Z0-9/\\_-]{10,}={0,2})?$/, // jwt
  'secret/azure-ad-client-secret-in-credential-repr': /^[a-zA-Z0-9_~.]{3}\dQ~[a-zA-Z0-9_~.-]{31,34}$/, // azure-ad-client-secret
  'secret/alibaba-access-key-id-in-ossutil-config': /^LTAI[a-zA-Z0-9]{20}$/, // alibaba-access-key-id
};
const CONTEXT_SHAPES: Record<string, RegExp> = {
  'secret/teams-webhook-in-run-ai-event':
    /https:\/\/[a-z0-9]+\.webhook\.office\.com\/webhookb2\/[a-z0-9]{8}-(?:[a-z0-9]{4}-){3}[a-z0-9]{12}@[a-z0-9]{8}-(?:[a-z0-9]{4}-){3}[a-z0-9]{12}\/IncomingWebhook\/[a-z0-9]{32}\/[a-z0-9]{8}-(?:[a-z0-9]{4}-){3}[a-z0-9]{12}/, // microsoft-teams-webhook
  'secret/slack-workflow-trigger-in-run-ai-event': /(?:https?:\/\/)?hooks.slack.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/]{43,56}/, // slack-webhook-url
  'secret/openssh-private-key-in-spec-annotation': /-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----[\s\S-]{64,}?KEY(?: BLOCK)?-----/i, // private-key
  'secret/ec-private-key-in-k8s-env': /-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----[\s\S-]{64,}?KEY(?: BLOCK)?-----/i,
  'secret/pgp-private-key-block-in-k8s-env': /-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----[\s\S-]{64,}?KEY(?: BLOCK)?-----/i,
};

describe("the fourth set's secrets", () => {
  it('have the shapes the cited secret-scanner rules match', () => {
    for (const set of sets) {
      const byId = new Map(set.secrets.map((secret) => [secret.id, secret]));
      for (const [id, shape] of Object.entries(TOKEN_SHAPES)) expect(byId.get(id)?.value, `${id} in seed ${set.seed}`).toMatch(shape);
      for (const [id, shape] of Object.entries(CONTEXT_SHAPES)) {
        const context = byId.get(id)?.context;
        expect(context?.kind === 'text' ? context.text : undefined, `${id} in seed ${set.seed}`).toMatch(shape);
      }
    }
  });
});
