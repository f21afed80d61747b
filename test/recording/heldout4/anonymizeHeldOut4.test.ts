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
 * BASELINE.md), keyed by id (every seed) or `id@seed`. A listed case must still fail — the test
 * fails once it passes, so the ledger is pruned and stays honest — and every other case must pass.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { LEDGER_FIELDS, ledgered, ledgeredSeedTests } from '../heldout2/ledgeredSeedTests.js';
import { FAMILIES_4, HELD_OUT_SEEDS_4, buildHeldOutSet4 } from './heldOutPlants4.js';
import { measureHeldOut4, type HeldOut4Figures } from './measureHeldOut4.js';

const LedgerSchema = z.strictObject({
  ...LEDGER_FIELDS,
  consistency: z.record(z.string(), z.string()),
  secretsReportMisses: z.record(z.string(), z.string()),
});
const ledger = LedgerSchema.parse(JSON.parse(readFileSync(new URL('./known-survivors.json', import.meta.url), 'utf8')));
const sets = await Promise.all(HELD_OUT_SEEDS_4.map((seed) => buildHeldOutSet4(seed)));
const summary: string[] = [];
afterAll(() => console.log(summary.join('\n')));

describe('the fourth held-out set', () => {
  it('plants at least 70 identifiers from every family, 30 secrets, 22 verbatim texts, 6 consistency cases, and a ledger that names only its cases', () => {
    for (const set of sets) {
      expect(set.plants.length).toBeGreaterThanOrEqual(70);
      expect(new Set(set.plants.map((plant) => plant.family))).toEqual(new Set(FAMILIES_4));
      expect(new Set(set.plants.map((plant) => plant.id)).size, 'plant ids are unique').toBe(set.plants.length);
      expect(new Set(set.secrets.map((secret) => secret.id)).size, 'secret ids are unique').toBe(set.secrets.length);
      expect(set.secrets.length).toBeGreaterThanOrEqual(30);
      expect(set.keep.length).toBeGreaterThanOrEqual(22);
      expect(set.consistency.length).toBeGreaterThanOrEqual(6);
      // One plant's value inside another's would credit a survivor to the wrong placement.
      const nested = set.plants.filter((plant) => set.plants.some((other) => other !== plant && other.value.includes(plant.value)));
      expect(nested.map((plant) => plant.id)).toEqual([]);
    }
    for (const [index, set] of sets.entries())
      for (const other of sets.slice(index + 1)) {
        const values = new Set(set.plants.map((plant) => plant.value));
        const shared = other.plants.filter((plant) => values.has(plant.value));
        expect(shared.length, `values shared by seeds ${set.seed} and ${other.seed}: ${shared.map((plant) => plant.value).join(', ')}`).toBeLessThan(
          other.plants.length / 5,
        );
      }
    const ids = (pick: (set: (typeof sets)[number]) => { id: string }[]) =>
      new Set(sets.flatMap((set) => pick(set).flatMap((item) => [item.id, `${item.id}@${set.seed}`])));
    expect(Object.keys(ledger.plants).filter((id) => !ids((set) => set.plants).has(id))).toEqual([]);
    expect(Object.keys(ledger.consistency).filter((id) => !ids((set) => set.consistency).has(id))).toEqual([]);
    expect(Object.keys(ledger.keep).filter((id) => !ids((set) => set.keep).has(id))).toEqual([]);
    for (const entries of [ledger.secretsInRecording, ledger.secretsInReports, ledger.secretsReportMisses])
      expect(Object.keys(entries).filter((id) => !ids((set) => set.secrets).has(id))).toEqual([]);
  });
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

for (const set of sets) {
  describe(`fourth held-out seed ${set.seed}`, () => {
    let figures: HeldOut4Figures;
    beforeAll(async () => {
      figures = await measureHeldOut4(set.seed);
      summary.push(
        `fourth held-out seed ${set.seed}: ${figures.survivors.length} of ${set.plants.length} plants survive --anonymize, ` +
          `${figures.inconsistent.length} of ${set.consistency.length} identifiers not shown consistent, ` +
          `anonymized replay ${figures.verdict.same ? 'same verdict' : 'differs'}, ${figures.keepLost.length} of ${set.keep.length} verbatim texts lost, ` +
          `${figures.secretsInRaw.length}/${figures.secretsInAnonymized.length}/${figures.secretsInReports.length} of ${set.secrets.length} secrets in raw/anonymized/reports`,
      );
    }, 90_000);

    it('diagnoses the generated inference workload from Tier 2, and every plant, verbatim text and secret field reached the raw recording', () => {
      const { live, liveAnonymized } = figures.run;
      expect(live.code, live.stderr).toBe(0);
      expect(liveAnonymized.code, liveAnonymized.stderr).toBe(0);
      expect(live.stderr).not.toMatch(/does not reproduce/);
      expect(live.verdict?.category, 'the generated scenario still fails for a stated cause').toBe('CRASH_APP_ERROR');
      expect(JSON.stringify(live.verdict?.evidence), "the liveness kill is read from the pod's events (Tier 2)").toContain('kubectl get events');
      // Otherwise "absent from the anonymized folder" or "not in the recording" would prove nothing.
      expect(figures.plantsNotRecorded.map((plant) => plant.id)).toEqual([]);
      expect(figures.keepNotRecorded.map((keep) => keep.id)).toEqual([]);
      expect(figures.secretsNotReached.map((secret) => secret.id)).toEqual([]);
    });

    it('the report texts quote a field that carried a secret (so "no secret" is not "nothing quoted")', () => {
      const report = figures.texts.find((text) => text.name === 'text report (en)')!.text;
      // The previous run's last log line is quoted: it holds a gateway URL with basic auth.
      expect(report).toContain('judge gateway');
      expect(figures.texts.map((text) => text.name)).toEqual([
        'text report (en)',
        'text report (fr)',
        'verdict JSON',
        'SNS notification (en)',
        'SNS notification (fr)',
      ]);
    });

    ledgeredSeedTests(
      set,
      () => figures,
      ledger,
      () => {
        it.each(set.consistency.map((item) => [item.id, item] as const))('%s: one pseudonym in every place', (id) => {
          const figure = figures.consistency.find((item) => item.case.id === id)!;
          const detail = `${figure.status}: pseudonyms ${JSON.stringify(figure.pseudonyms)} in ${figure.placesRead} places`;
          if (ledgered(ledger.consistency, id, set.seed))
            expect(figure.status, `${id} is now consistent: remove it from known-survivors.json`).not.toBe('consistent');
          else expect(figure.status, detail).toBe('consistent');
        });
      },
    );
  });
}
