/**
 * Issue #25, the eighth held-out set (heldOutPlants8.ts; README.md here): recordings safe to
 * attach to a public issue, and no secret in a recording, a report or a notification, measured
 * on material nobody tuned to — an eighth base scenario (a training's main container exits 1 on a
 * FileNotFoundError; Tier 2 reads the pod, its events and the log tail, and the verdict
 * CRASH_APP_ERROR quotes the traceback), identifier classes and secret shapes sets 1–7 have none
 * of, and secrets cut or re-encoded by carriers set 7 did not use.
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
 * (../heldout3/describeConsistencyPlantSet.ts), plus the secrets' scanner shapes and carriers below.
 */
import { describe, expect, it } from 'vitest';
import { describeConsistencyPlantSet } from '../heldout3/describeConsistencyPlantSet.js';
import { FAMILIES_8, HELD_OUT_SEEDS_8, buildHeldOutSet8, dotnetJsonString, phpJsonString } from './heldOutPlants8.js';
import { measureHeldOut8 } from './measureHeldOut8.js';

const sets = await Promise.all(HELD_OUT_SEEDS_8.map((seed) => buildHeldOutSet8(seed)));

describeConsistencyPlantSet({
  ordinal: 'eighth',
  sets,
  families: FAMILIES_8,
  minimum: { plants: 35, secrets: 26, keep: 24, consistency: 7 },
  ledgerUrl: new URL('./known-survivors.json', import.meta.url),
  measure: measureHeldOut8,
  diagnosis: {
    workload: 'training whose main container exits 1 on a FileNotFoundError',
    category: 'CRASH_APP_ERROR',
    command: 'kubectl logs',
    why: "the failing line is read from Tier 2's log tail and quoted",
  },
  quoted: {
    what: 'the traceback the log ends in and name the node',
    texts: (set) => [
      { text: "FileNotFoundError: [Errno 2] No such file or directory: '/datasets/cifar10/train.lmdb'", why: 'the failing line is quoted' },
      { text: set.consistency.find((item) => item.id === 'consistency/node-name-in-fields-and-events')!.value, why: 'the report names the node' },
    ],
  },
});

/**
 * The secrets' shapes, transcribed from the rules heldOutPlants8.ts cites (gitleaks
 * config/gitleaks.toml at 009e025, by rule id; for a rule that needs a keyword near the token,
 * its capture group), so a "secret" is one a scanner would flag, not a random string. Base64
 * carriers are matched once decoded, as a reader would.
 */
const TOKEN_SHAPES: Record<string, RegExp> = {
  'secret/gitlab-runner-registration-token-in-command': /^GR1348941[\w-]{20}$/, // gitlab-rrt
  'secret/facebook-page-token-in-args': /^EAA[MC][a-z0-9]{100,}$/i, // facebook-page-access-token
  'secret/onepassword-secret-key-in-spec-env': /^A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/, // 1password-secret-key
  'secret/digitalocean-token-cut-by-fold-64-in-log': /^doo_v1_[a-f0-9]{64}$/, // digitalocean-access-token
  'secret/slack-config-refresh-token-split-by-syslog-prefix-in-log': /^xoxe-\d-[A-Z0-9]{146}$/i, // slack-config-refresh-token
  'secret/planetscale-oauth-token-yaml-escaped-line-break-in-log': /^pscale_oauth_[\w=.-]{32,64}$/, // planetscale-oauth-token
  'secret/clojars-token-in-yaml-literal-block-in-log': /^CLOJARS_[a-z0-9]{60}$/i, // clojars-api-token
  'secret/rubygems-key-in-set-x-trace-in-log': /^rubygems_[a-f0-9]{48}$/, // rubygems-api-token
  'secret/shopify-shared-secret-in-printenv-in-log': /^shpss_[a-fA-F0-9]{32}$/, // shopify-shared-secret
  'secret/gcp-api-key-in-curl-verbose-in-log': /^AIza[\w-]{35}$/, // gcp-api-key
  'secret/okta-token-in-curl-verbose-in-log': /^00[\w=-]{40}$/, // okta-access-token (its capture group)
  'secret/github-refresh-token-in-prepared-request-body-in-log': /^ghr_[0-9a-zA-Z]{36}$/, // github-refresh-token
  'secret/clickhouse-key-in-docker-json-file-line-in-log': /^4b1d[A-Za-z0-9]{38}$/, // clickhouse-cloud-api-secret-key
  'secret/maxmind-license-key-in-wget-url-in-log': /^[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk$/, // maxmind-license-key
  'secret/gitlab-trigger-token-cut-by-logback-truncation-k8s-event': /^glptt-[0-9a-f]{40}$/, // gitlab-ptt
  'secret/yandex-key-cut-by-java-properties-continuation-k8s-event': /^AQVN[A-Za-z0-9_-]{35,38}$/, // yandex-api-key (its capture group)
  'secret/azure-ad-client-secret-in-prepared-request-body-k8s-event': /^[a-zA-Z0-9_~.]{3}\dQ~[a-zA-Z0-9_~.-]{31,34}$/, // azure-ad-client-secret
  'secret/settlemint-token-in-requests-headers-repr-run-ai-event': /^sm_aat_[a-zA-Z0-9]{16}$/, // settlemint-application-access-token
  'secret/sentry-org-token-php-escaped-slashes-run-ai-event':
    /^sntrys_eyJpYXQiO[a-zA-Z0-9+/]{10,200}(?:LCJyZWdpb25fdXJs|InJlZ2lvbl91cmwi|cmVnaW9uX3VybCI6)[a-zA-Z0-9+/]{10,200}={0,2}_[a-zA-Z0-9+/]{43}$/, // sentry-org-token
  'secret/telegram-bot-token-in-urllib3-url-run-ai-event': /^[0-9]{5,16}:A[a-z0-9_-]{34}$/i, // telegram-bot-api-token (its capture group)
  'secret/flyio-token-dotnet-unicode-escaped-plus-history': /^fm2_[a-zA-Z0-9+/]{100,}={0,3}$/, // flyio-access-token
  'secret/planetscale-token-percent-encoded-in-query-history': /^pscale_tkn_[\w=.-]{32,64}$/i, // planetscale-api-token
  'secret/twilio-api-key-in-docker-inspect-env-history': /^SK[0-9a-fA-F]{32}$/, // twilio-api-key
};
const CONTEXT_SHAPES: Record<string, RegExp> = {
  // private-key: the rule spans the armour lines; here each line is indented inside a YAML literal block.
  'secret/dsa-private-key-in-yaml-literal-block-in-log': /-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----[\s\S-]{64,}?KEY(?: BLOCK)?-----/i,
};
const decoded = (blob: string) => Buffer.from(blob, 'base64').toString('utf8');
const DECODED_SHAPES: Record<string, (blob: string) => string> = {
  // base64 of {"refresh_token":"dor_v1_…",…}: digitalocean-refresh-token.
  'secret/digitalocean-refresh-token-in-base64-wrapped-at-76-in-log': (blob) => (JSON.parse(decoded(blob)) as { refresh_token: string }).refresh_token,
  // a Secret's data value: base64 of intra42-client-secret.
  'secret/intra42-secret-in-kubernetes-secret-data-k8s-event': decoded,
};
const DECODED_RULES: Record<string, RegExp> = {
  'secret/digitalocean-refresh-token-in-base64-wrapped-at-76-in-log': /^dor_v1_[a-f0-9]{64}$/i, // digitalocean-refresh-token
  'secret/intra42-secret-in-kubernetes-secret-data-k8s-event': /^s-s4t2(?:ud|af)-[abcdef0123456789]{64}$/i, // intra42-client-secret
};

describe("the eighth set's secrets", () => {
  it('have the shapes the cited secret-scanner rules match', () => {
    for (const set of sets) {
      const byId = new Map(set.secrets.map((secret) => [secret.id, secret]));
      const shaped = [TOKEN_SHAPES, CONTEXT_SHAPES, DECODED_SHAPES].reduce((sum, shapes) => sum + Object.keys(shapes).length, 0);
      expect(shaped, 'every secret has a shape').toBe(set.secrets.length);
      for (const [id, shape] of Object.entries(TOKEN_SHAPES)) expect(byId.get(id)?.value, `${id} in seed ${set.seed}`).toMatch(shape);
      for (const [id, shape] of Object.entries(CONTEXT_SHAPES)) {
        const context = byId.get(id)!.context;
        expect(context.kind === 'text' ? context.text : '', `${id} in seed ${set.seed}`).toMatch(shape);
      }
      for (const [id, decode] of Object.entries(DECODED_SHAPES)) expect(decode(byId.get(id)!.value), `${id} in seed ${set.seed}`).toMatch(DECODED_RULES[id]!);
    }
  });

  it('ride in the carriers they are named for', () => {
    for (const set of sets) {
      const byId = new Map(set.secrets.map((secret) => [secret.id, secret]));
      const text = (id: string) => {
        const context = byId.get(id)!.context;
        return context.kind === 'text' ? context.text : context.value;
      };
      const value = (id: string) => byId.get(id)!.value;
      /** Cut by a line break: no line holds the whole value, and the piece on each side is at least 16 characters. */
      const cutAcrossLines = (id: string, strip: (line: string) => string) => {
        const body = text(id).split('\n').map(strip);
        expect(
          body.some((line) => line.includes(value(id))),
          `${id}: no line holds the whole value`,
        ).toBe(false);
        const joined = body.join('');
        const start = joined.indexOf(value(id));
        expect(start, `${id}: the lines, joined, hold the value`).toBeGreaterThanOrEqual(0);
        let offset = 0;
        const cuts: number[] = [];
        for (const line of body.slice(0, -1)) {
          offset += line.length;
          if (offset > start && offset < start + value(id).length) cuts.push(offset - start);
        }
        expect(cuts.length, `${id} is cut`).toBeGreaterThan(0);
        expect(cuts[0]!, id).toBeGreaterThanOrEqual(16);
        expect(value(id).length - cuts.at(-1)!, id).toBeGreaterThanOrEqual(16);
      };
      // coreutils fold -w 64: lines of exactly 64 columns, no indentation.
      const fold = 'secret/digitalocean-token-cut-by-fold-64-in-log';
      const foldLines = text(fold).split('\n');
      expect(foldLines[0]).toBe('$ fold -w 64 ~/.config/doctl/env');
      expect(foldLines.slice(1, -1).every((line) => line.length === 64)).toBe(true);
      cutAcrossLines(fold, (line) => (line.startsWith('$ ') ? '' : line));
      // coreutils base64: wrapped at 76 columns; the blob is the value.
      const wrapped = 'secret/digitalocean-refresh-token-in-base64-wrapped-at-76-in-log';
      const blobLines = text(wrapped).split('\n').slice(1);
      expect(blobLines.slice(0, -1).every((line) => line.length === 76)).toBe(true);
      expect(blobLines.join('')).toBe(value(wrapped));
      // fold -w 100 | logger: every piece behind its own BSD syslog prefix.
      const syslog = 'secret/slack-config-refresh-token-split-by-syslog-prefix-in-log';
      const prefix = /^Dec {2}7 \d\d:\d\d:\d\d \S+ provision\[\d+\]: /;
      expect(
        text(syslog)
          .split('\n')
          .every((line) => prefix.test(line)),
      ).toBe(true);
      cutAcrossLines(syslog, (line) => line.replace(prefix, ''));
      // YAML double-quoted scalar with an escaped line break: `\` ends the line, the value goes on indented.
      const yamlEscaped = 'secret/planetscale-oauth-token-yaml-escaped-line-break-in-log';
      expect(text(yamlEscaped)).toContain(`oauthToken: "${value(yamlEscaped).slice(0, 30)}\\\n    ${value(yamlEscaped).slice(30)}"`);
      cutAcrossLines(yamlEscaped, (line) => line.replace(/^ +/, '').replace(/\\$/, ''));
      // A PEM block in a YAML literal block scalar, every line indented.
      const pem = 'secret/dsa-private-key-in-yaml-literal-block-in-log';
      const pemBody = text(pem).split('deployKey: |\n')[1]!.split('\n');
      expect(pemBody[0]).toBe('  -----BEGIN DSA PRIVATE KEY-----');
      const pemEnd = pemBody.indexOf('  -----END DSA PRIVATE KEY-----');
      expect(pemBody.slice(1, pemEnd).every((line) => line.startsWith('  '))).toBe(true);
      expect(
        pemBody
          .slice(1, pemEnd)
          .map((line) => line.trim())
          .join(''),
      ).toBe(value(pem));
      expect(text('secret/clojars-token-in-yaml-literal-block-in-log')).toContain(`leinCredentials: |\n  CLOJARS_USERNAME=`);
      expect(text('secret/clojars-token-in-yaml-literal-block-in-log')).toContain(
        `\n  CLOJARS_TOKEN=${value('secret/clojars-token-in-yaml-literal-block-in-log')}`,
      );
      expect(text('secret/clojars-token-in-yaml-literal-block-in-log').startsWith('USER-SUPPLIED VALUES:\n')).toBe(true);
      // A set -x trace, a printenv dump, curl -v headers.
      expect(text('secret/rubygems-key-in-set-x-trace-in-log')).toContain(`+ export GEM_HOST_API_KEY=${value('secret/rubygems-key-in-set-x-trace-in-log')}\n`);
      expect(text('secret/shopify-shared-secret-in-printenv-in-log').split('\n')).toContain(
        `SHOPIFY_API_SECRET=${value('secret/shopify-shared-secret-in-printenv-in-log')}`,
      );
      expect(text('secret/gcp-api-key-in-curl-verbose-in-log').split('\n')).toContain(
        `> x-goog-api-key: ${value('secret/gcp-api-key-in-curl-verbose-in-log')}`,
      );
      expect(text('secret/okta-token-in-curl-verbose-in-log').split('\n')).toContain(
        `> Authorization: SSWS ${value('secret/okta-token-in-curl-verbose-in-log')}`,
      );
      // Python reprs of a requests PreparedRequest: its urlencoded body and its headers.
      expect(text('secret/github-refresh-token-in-prepared-request-body-in-log')).toContain(
        `prepared.body='grant_type=refresh_token&refresh_token=${value('secret/github-refresh-token-in-prepared-request-body-in-log')}&`,
      );
      expect(text('secret/azure-ad-client-secret-in-prepared-request-body-k8s-event')).toMatch(
        new RegExp(
          `prepared\\.body='client_id=\\S+&client_secret=${value('secret/azure-ad-client-secret-in-prepared-request-body-k8s-event').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'$`,
        ),
      );
      expect(text('secret/settlemint-token-in-requests-headers-repr-run-ai-event')).toContain(
        `'Connection': 'keep-alive', 'Authorization': 'Bearer ${value('secret/settlemint-token-in-requests-headers-repr-run-ai-event')}'}`,
      );
      // Docker's json-file line: the value before a JSON-escaped newline.
      expect(text('secret/clickhouse-key-in-docker-json-file-line-in-log')).toMatch(
        new RegExp(
          `^\\{"log":"CLICKHOUSE_KEY_SECRET=${value('secret/clickhouse-key-in-docker-json-file-line-in-log')}\\\\n","stream":"stderr","time":"[^"]+"\\}$`,
        ),
      );
      // Wget's URL line, the key a query parameter between two others.
      expect(text('secret/maxmind-license-key-in-wget-url-in-log')).toMatch(
        new RegExp(
          `^--2026-12-07 \\d\\d:\\d\\d:\\d\\d-- {2}https://\\S+&license_key=${value('secret/maxmind-license-key-in-wget-url-in-log')}&suffix=tar\\.gz$`,
        ),
      );
      // Logback %.-100msg: the message stops inside the token; at least 16 characters of it stay, some are gone.
      const logback = 'secret/gitlab-trigger-token-cut-by-logback-truncation-k8s-event';
      const message = text(logback).split(' - ')[1]!;
      expect(message.length).toBe(100);
      const kept = message.slice(message.indexOf('token=') + 'token='.length);
      expect(value(logback).startsWith(kept)).toBe(true);
      expect(kept.length).toBeGreaterThanOrEqual(16);
      expect(kept.length).toBeLessThan(value(logback).length);
      // A Java .properties continuation line.
      const properties = 'secret/yandex-key-cut-by-java-properties-continuation-k8s-event';
      expect(text(properties)).toMatch(/\nyandex\.api\.key=\S+\\\n {4}\S+\n/);
      cutAcrossLines(properties, (line) => line.replace(/^ +/, '').replace(/\\$/, ''));
      // kubectl get secret -o yaml: the data value is the value.
      const secretData = 'secret/intra42-secret-in-kubernetes-secret-data-k8s-event';
      expect(text(secretData)).toContain(`data:\n  FT_CLIENT_SECRET: ${value(secretData)}\nkind: Secret`);
      // Re-encoded: PHP's `\/`, .NET's `\u002B`, percent-encoding's `%3D` — the text never holds the value as written.
      const php = 'secret/sentry-org-token-php-escaped-slashes-run-ai-event';
      expect(value(php)).toContain('/');
      expect(text(php)).toContain(`"auth_token":${phpJsonString(value(php))}`);
      expect(text(php)).not.toContain(value(php));
      const dotnet = 'secret/flyio-token-dotnet-unicode-escaped-plus-history';
      expect(value(dotnet)).toContain('+');
      expect(text(dotnet)).toContain(`"fly_token":${dotnetJsonString(value(dotnet))}`);
      expect(text(dotnet)).toContain('\\u002B');
      expect(text(dotnet)).not.toContain(value(dotnet));
      const percent = 'secret/planetscale-token-percent-encoded-in-query-history';
      expect(text(percent)).toContain(`?service_token=${encodeURIComponent(value(percent))}&per_page=25`);
      expect(text(percent)).toContain('%3D');
      expect(text(percent)).not.toContain(value(percent));
      for (const piece of value(percent).split('=')) expect(piece.length).toBeGreaterThanOrEqual(16);
      // A URL path, docker inspect's Env, the spec's command and args.
      expect(text('secret/telegram-bot-token-in-urllib3-url-run-ai-event')).toContain(
        `Max retries exceeded with url: /bot${value('secret/telegram-bot-token-in-urllib3-url-run-ai-event')}/sendMessage`,
      );
      expect(text('secret/twilio-api-key-in-docker-inspect-env-history')).toContain(
        `"Env": ["TWILIO_API_KEY=${value('secret/twilio-api-key-in-docker-inspect-env-history')}", `,
      );
      expect(text('secret/gitlab-runner-registration-token-in-command')).toContain(
        `--registration-token ${value('secret/gitlab-runner-registration-token-in-command')} `,
      );
      expect(text('secret/facebook-page-token-in-args')).toContain(`--fb-page-token ${value('secret/facebook-page-token-in-args')}`);
    }
  });
});
