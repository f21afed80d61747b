/**
 * Issue #25, the seventh held-out set (heldOutPlants7.ts; README.md here): recordings safe to
 * attach to a public issue, and no secret in a recording, a report or a notification, measured
 * on material nobody tuned to — a seventh base scenario (a node stops posting its status and the
 * taint manager evicts the pod: the verdict NODE_FAILURE quotes the node's Ready condition from
 * Tier 2's `kubectl describe node`), identifier classes and secret shapes sets 1–6 have none of.
 * For every seed:
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
import { FAMILIES_7, HELD_OUT_SEEDS_7, buildHeldOutSet7 } from './heldOutPlants7.js';
import { measureHeldOut7 } from './measureHeldOut7.js';

const sets = await Promise.all(HELD_OUT_SEEDS_7.map((seed) => buildHeldOutSet7(seed)));

describeConsistencyPlantSet({
  ordinal: 'seventh',
  sets,
  families: FAMILIES_7,
  minimum: { plants: 65, secrets: 27, keep: 26, consistency: 7 },
  ledgerUrl: new URL('./known-survivors.json', import.meta.url),
  measure: measureHeldOut7,
  diagnosis: {
    workload: 'node that stopped posting its status',
    category: 'NODE_FAILURE',
    command: 'kubectl describe node',
    why: "the node's Ready condition is read from Tier 2 and quoted",
  },
  quoted: {
    what: "the node's recorded condition message and name the planted node",
    texts: (set) => [
      { text: 'Kubelet stopped posting node status.', why: "the node's Ready condition message is quoted" },
      {
        text: set.plants.find((plant) => plant.id === 'machine-serial/service-tag-node-name-every-node-field')!.value,
        why: 'the report names the node, a planted identifier',
      },
    ],
  },
});

/**
 * The secrets' shapes, transcribed from the rules heldOutPlants7.ts cites (gitleaks
 * config/gitleaks.toml at b58d3f1, by rule id), so a "secret" is one a scanner would flag, not a
 * random string. Rules that need a keyword around the token are matched against the text the
 * secret rides in; the dockerconfigjson blob is matched once decoded, as a reader would.
 */
const TOKEN_SHAPES: Record<string, RegExp> = {
  'secret/gitlab-ci-job-token-in-command': /^glcbt-[0-9a-zA-Z]{1,5}_[0-9a-zA-Z_-]{20}$/, // gitlab-cicd-job-token
  'secret/duffel-token-in-command': /^duffel_(?:test|live)_[a-z0-9_\-=]{43}$/i, // duffel-api-token
  'secret/gitlab-feed-token-in-url-query-args': /^glft-[0-9a-zA-Z_-]{20}$/, // gitlab-feed-token
  'secret/scalingo-token-in-args': /^tk-us-[\w-]{48}$/, // scalingo-api-token
  'secret/square-token-in-args': /^(?:EAAA|sq0atp-)[\w-]{22,60}$/, // square-access-token
  'secret/gitlab-agent-token-in-spec-env': /^glagent-[0-9a-zA-Z_-]{50}$/, // gitlab-kubernetes-agent-token
  'secret/flutterwave-secret-key-in-spec-env': /^FLWSECK_TEST-[a-h0-9]{32}-X$/i, // flutterwave-secret-key
  'secret/shippo-token-json-escaped-twice-in-spec-annotation': /^shippo_(?:live|test)_[a-fA-F0-9]{40}$/, // shippo-api-token
  'secret/brevo-key-in-run-ai-event': /^xkeysib-[a-f0-9]{64}-[a-z0-9]{16}$/i, // sendinblue-api-token
  'secret/easypost-key-in-python-dict-repr-run-ai-event': /^EZAK[a-z0-9]{54}$/i, // easypost-api-token
  'secret/adobe-client-secret-in-run-ai-event': /^p8e-[a-z0-9]{32}$/i, // adobe-client-secret
  'secret/octopus-key-in-history': /^API-[A-Z0-9]{26}$/, // octopus-deploy-api-key
  'secret/frameio-token-in-history': /^fio-u-[a-z0-9\-_=]{64}$/i, // frameio-api-token
  'secret/artifactory-key-quoted-printable-soft-break-in-history': /^AKCp[A-Za-z0-9]{69}$/, // artifactory-api-key
  'secret/sourcegraph-token-wrapped-at-80-columns-k8s-event': /^sgp_(?:[a-fA-F0-9]{16}|local)_[a-fA-F0-9]{40}$/, // sourcegraph-access-token
  'secret/readme-key-in-k8s-event': /^rdme_[a-z0-9]{70}$/, // readme-api-token
  'secret/cloudflare-origin-ca-key-in-k8s-event': /^v1\.0-[a-f0-9]{24}-[a-f0-9]{146}$/, // cloudflare-origin-ca-key
  'secret/notion-token-in-python-dict-repr-k8s-event': /^ntn_[0-9]{11}[A-Za-z0-9]{32}[A-Za-z0-9]{3}$/, // notion-api-token
  'secret/gitlab-incoming-mail-token-in-k8s-event': /^glimt-[0-9a-zA-Z_-]{25}$/, // gitlab-incoming-mail-token
  'secret/gitlab-scim-token-in-k8s-event': /^glsoat-[0-9a-zA-Z_-]{20}$/, // gitlab-scim-token
};
const KEYWORD = (keyword: string, token: string) =>
  new RegExp(
    `[\\w.-]{0,50}?(?:${keyword})(?:[ \\t\\w.-]{0,20})[\\s'"]{0,3}(?:=|>|:{1,3}=|\\|\\||:|=>|\\?=|,)[\`'"\\s=]{0,5}(${token})(?:[\`'"\\s;]|\\\\[nr]|$)`,
    'i',
  );
const CONTEXT_SHAPES: Record<string, RegExp> = {
  'secret/new-relic-user-key-in-command': KEYWORD('new-relic|newrelic|new_relic', 'NRAK-[a-z0-9]{27}'), // new-relic-user-api-key
  'secret/dropbox-token-in-spec-env': KEYWORD('dropbox', 'sl\\.[a-z0-9\\-=_]{135}'), // dropbox-short-lived-api-token
  'secret/mailgun-key-in-dotenv-spec-env': KEYWORD('mailgun', 'key-[a-f0-9]{32}'), // mailgun-private-api-token
  'secret/mapbox-token-in-history': KEYWORD('mapbox', 'pk\\.[a-z0-9]{60}\\.[a-z0-9]{22}'), // mapbox-api-token
  'secret/typeform-token-in-k8s-event': KEYWORD('typeform', 'tfp_[a-z0-9\\-_\\.=]{59}'), // typeform-api-token
  // private-key: the rule spans the armour lines; here each line also carries a forwarder's prefix.
  'secret/encrypted-private-key-across-forwarded-log-lines-k8s-event':
    /-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----[\s\S-]{64,}?KEY(?: BLOCK)?-----/i,
};
// kubernetes.io/dockerconfigjson: base64 of {"auths":{<registry>:{"auth":base64("<user>:<password>")}}}.
const DECODED_SHAPES: Record<string, RegExp> = {
  'secret/gitlab-deploy-token-in-dockerconfigjson-secret-data-history': /^gitlab\+deploy-token-\d+:gldt-[0-9a-zA-Z_-]{20}$/, // gitlab-deploy-token
};
const decodeDockerConfigJson = (blob: string) => {
  const config = JSON.parse(Buffer.from(blob, 'base64').toString('utf8')) as { auths: Record<string, { auth: string }> };
  return Object.values(config.auths).map((entry) => Buffer.from(entry.auth, 'base64').toString('utf8'));
};

describe("the seventh set's secrets", () => {
  it('have the shapes the cited secret-scanner rules match', () => {
    for (const set of sets) {
      const byId = new Map(set.secrets.map((secret) => [secret.id, secret]));
      const shaped = [TOKEN_SHAPES, CONTEXT_SHAPES, DECODED_SHAPES].reduce((sum, shapes) => sum + Object.keys(shapes).length, 0);
      expect(shaped, 'every secret has a shape').toBe(set.secrets.length);
      for (const [id, shape] of Object.entries(TOKEN_SHAPES)) expect(byId.get(id)?.value, `${id} in seed ${set.seed}`).toMatch(shape);
      for (const [id, shape] of Object.entries(CONTEXT_SHAPES)) {
        const context = byId.get(id)?.context;
        expect(context?.kind === 'text' ? context.text : `${context?.name}=${context?.value}`, `${id} in seed ${set.seed}`).toMatch(shape);
      }
      for (const [id, shape] of Object.entries(DECODED_SHAPES))
        expect(decodeDockerConfigJson(byId.get(id)!.value), `${id} in seed ${set.seed}`).toEqual([expect.stringMatching(shape)]);
    }
  });

  it('ride in the wrappings they are named for', () => {
    for (const set of sets) {
      const byId = new Map(set.secrets.map((secret) => [secret.id, secret]));
      const text = (id: string) => {
        const context = byId.get(id)!.context;
        return context.kind === 'text' ? context.text : context.value;
      };
      const value = (id: string) => byId.get(id)!.value;
      // Escaped twice: a JSON string holding JSON, so the key is preceded by `\"`.
      const shippo = 'secret/shippo-token-json-escaped-twice-in-spec-annotation';
      expect(text(shippo)).toContain(`\\"shippo_token\\":\\"${value(shippo)}\\"`);
      // A URL's query parameter.
      const feed = 'secret/gitlab-feed-token-in-url-query-args';
      expect(text(feed)).toMatch(new RegExp(`https://\\S+\\?feed_token=${value(feed)}&scope=all`));
      // Cut in two: no line holds the whole token, and each piece is at least 16 characters long.
      for (const [id, cut] of [
        ['secret/artifactory-key-quoted-printable-soft-break-in-history', '=\n'],
        ['secret/sourcegraph-token-wrapped-at-80-columns-k8s-event', '\n    '],
      ] as const) {
        expect(text(id), id).not.toContain(value(id));
        const at = [...value(id)].findIndex((_, index) => text(id).includes(`${value(id).slice(0, index)}${cut}${value(id).slice(index)}`));
        expect(at, `${id} is cut by ${JSON.stringify(cut)}`).toBeGreaterThanOrEqual(16);
        expect(value(id).length - at, id).toBeGreaterThanOrEqual(16);
      }
      expect(text('secret/artifactory-key-quoted-printable-soft-break-in-history')).toContain('Content-Transfer-Encoding: quoted-printable');
      // A PEM block whose every line carries the forwarder's prefix.
      const pem = 'secret/encrypted-private-key-across-forwarded-log-lines-k8s-event';
      const pemLines = text(pem).split('\n').slice(1);
      expect(pemLines.every((line) => /^\S+Z stderr F /.test(line))).toBe(true);
      expect(pemLines.map((line) => line.replace(/^\S+Z stderr F /, '')).join('')).toContain(value(pem));
      // Python dict reprs.
      expect(text('secret/easypost-key-in-python-dict-repr-run-ai-event')).toContain(
        `{'api_key': '${value('secret/easypost-key-in-python-dict-repr-run-ai-event')}'`,
      );
      expect(text('secret/notion-token-in-python-dict-repr-k8s-event')).toContain(`{'auth': '${value('secret/notion-token-in-python-dict-repr-k8s-event')}'`);
      // A Secret of type kubernetes.io/dockerconfigjson, its data field the blob.
      const docker = 'secret/gitlab-deploy-token-in-dockerconfigjson-secret-data-history';
      expect(text(docker)).toContain(`"type":"kubernetes.io/dockerconfigjson","data":{".dockerconfigjson":"${value(docker)}"}`);
    }
  });
});
