/**
 * Issue #25, the fifth held-out set (heldOutPlants5.ts; README.md here): recordings safe to
 * attach to a public issue, and no secret in a recording, a report or a notification, measured
 * on material nobody tuned to — a fifth base scenario (a training pod evicted under node memory
 * pressure, explained only by Tier 2's pod status, events and node condition), identifier
 * classes and secret shapes sets 1–4 have none of. For every seed:
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
import { FAMILIES_5, HELD_OUT_SEEDS_5, buildHeldOutSet5 } from './heldOutPlants5.js';
import { measureHeldOut5 } from './measureHeldOut5.js';

const sets = await Promise.all(HELD_OUT_SEEDS_5.map((seed) => buildHeldOutSet5(seed)));

describeConsistencyPlantSet({
  ordinal: 'fifth',
  sets,
  families: FAMILIES_5,
  minimum: { plants: 70, secrets: 30, keep: 22, consistency: 6 },
  ledgerUrl: new URL('./known-survivors.json', import.meta.url),
  measure: measureHeldOut5,
  diagnosis: { workload: 'eviction', category: 'NODE_FAILURE', command: 'kubectl get events', why: "the eviction is read from the pod's events (Tier 2)" },
  quoted: {
    what: 'recorded Tier 2 text and name the planted node',
    texts: (set) => [
      { text: 'The node was low on resource: memory', why: "the kubelet's eviction message is quoted" },
      {
        text: set.plants.find((plant) => plant.id === 'cloud-node/ec2-resource-name-node-in-every-node-field')!.value,
        why: 'the report names the node, a planted identifier',
      },
    ],
  },
});

/**
 * The secrets' shapes, transcribed from the rules heldOutPlants5.ts cites (gitleaks
 * config/gitleaks.toml at b58d3f1 by rule id; trufflehog pkg/detectors/<name>; kingfisher and
 * noseyparker rules by id), so a "secret" is one a scanner would flag, not a random string.
 * Whole-URL, header, manifest and PEM rules are matched against the text the secret rides in.
 */
const PRIVATE_KEY = /-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----[\s\S-]{64,}?KEY(?: BLOCK)?-----/i; // private-key
const TOKEN_SHAPES: Record<string, RegExp> = {
  'secret/ngc-personal-key-in-docker-login-command': /^nvapi-[a-zA-Z0-9_-]{64}$/, // kingfisher.nvapi.1
  'secret/ngc-legacy-key-in-spec-env': /^[A-Za-z0-9]{84}$/, // trufflehog ngc keyPat1 (its base64 decoding: below)
  'secret/hf-token-in-hf-token-env': /^hf_[a-zA-Z]{34}$/, // huggingface-access-token
  'secret/hf-token-after-huggingface-cli-login': /^hf_[a-zA-Z]{34}$/,
  'secret/pulumi-token-in-spec-env': /^pul-[a-f0-9]{40}$/, // pulumi-api-token
  'secret/vault-service-token-in-spec-env': /^hvs\.[\w-]{90,120}$/, // vault-service-token
  'secret/vault-token-in-x-vault-token-header': /^hvs\.[\w-]{90,120}$/,
  'secret/vault-batch-token-in-k8s-event': /^hvb\.[\w-]{138,300}$/, // vault-batch-token
  'secret/kubeadm-bootstrap-token-in-run-ai-event': /^[a-z0-9]{6}\.[a-z0-9]{16}$/, // kubernetes.io bootstrap-tokens
  'secret/service-account-jwt-as-kubeconfig-token': /^ey[a-zA-Z0-9]{17,}\.ey[a-zA-Z0-9/\\_-]{17,}\.(?:[a-zA-Z0-9/\\_-]{10,}={0,2})?$/, // jwt
  'secret/wandb-v2-key-in-multiline-netrc': /^wandb_v1_[A-Za-z0-9]{27}_[A-Za-z0-9]{49}$/, // trufflehog weightsandbiases/v2
  'secret/grafana-token-as-bearer-in-logged-request': /^glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}$/, // grafana-service-account-token
  'secret/terraform-cloud-token-in-tfrc-json': /^[a-z0-9]{14}\.atlasv1\.[a-z0-9\-_=]{60,70}$/i, // hashicorp-tf-api-token
  'secret/age-secret-key-in-k8s-env': /^AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}$/, // age-secret-key
  'secret/google-oauth-client-secret-in-json': /^GOCSPX-[a-zA-Z0-9_-]{28}$/, // noseyparker np.google.2
  'secret/aws-access-key-id-in-presigned-credential': /^(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}$/, // aws-access-token
  'secret/aws-presigned-url-signature': /^[0-9a-f]{64}$/, // SigV4: hex HMAC-SHA256
  'secret/gcs-signed-url-signature': /^[0-9a-f]{512}$/, // GOOG4-RSA-SHA256: hex RSA-2048 signature
  'secret/github-oauth-token-in-clone-url': /^gho_[0-9a-zA-Z]{36}$/, // github-oauth
  'secret/aws-secret-access-key-in-credentials-file': /^[A-Za-z0-9/+]{40}$/,
};
const CONTEXT_SHAPES: Record<string, RegExp> = {
  'secret/azure-sas-signature-in-blob-url':
    /sp=[racwdli]+&st=\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z&se=\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z(&spr=https)?&sv=\d{4}-\d{2}-\d{2}&sr=[bcfso]&sig=[a-zA-Z0-9%]{10,}/, // trufflehog azuresastoken keyPat
  'secret/openssh-ed25519-private-key-in-k8s-env': PRIVATE_KEY,
  'secret/pgp-private-key-block-in-spec-annotation': PRIVATE_KEY,
  'secret/bearer-token-in-curl-header-k8s-event': /\bcurl\b.*?[ \t](?:-H|--header)[ \t]{0,5}"Authorization:[ \t]{0,5}Bearer[ \t][\w=~@.+/-]{8,}"/i, // curl-auth-header
  'secret/basic-auth-header-in-logged-request': /Authorization:[ \t]{0,5}Basic[ \t][a-z0-9+/]{8,}={0,3}/i, // curl-auth-header's Basic alternative
  'secret/kubernetes-secret-data-in-spec-annotation':
    /\bkind:[ \t]*["']?\bsecret\b["']?[\s\S]{0,200}?\bdata:[\s\S]{0,100}?\s+[\w.-]+:[ \t]*["']?[a-z0-9+/]{10,}={0,3}/i, // kubernetes-secret-yaml
};

describe("the fifth set's secrets", () => {
  it('have the shapes the cited secret-scanner rules match', () => {
    for (const set of sets) {
      const byId = new Map(set.secrets.map((secret) => [secret.id, secret]));
      for (const [id, shape] of Object.entries(TOKEN_SHAPES)) expect(byId.get(id)?.value, `${id} in seed ${set.seed}`).toMatch(shape);
      for (const [id, shape] of Object.entries(CONTEXT_SHAPES)) {
        const context = byId.get(id)?.context;
        expect(context?.kind === 'text' ? context.text : context?.value, `${id} in seed ${set.seed}`).toMatch(shape);
      }
      // trufflehog ngc: the 84 characters decode to `<26 alphanumerics>:<uuid>`.
      const ngc = Buffer.from(byId.get('secret/ngc-legacy-key-in-spec-env')!.value, 'base64').toString('utf8');
      expect(ngc).toMatch(/^[a-z0-9]{26}:[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$/);
      // kubeconfig client-key-data is a base64 PEM private key.
      const keyData = Buffer.from(byId.get('secret/kubeconfig-client-key-data')!.value, 'base64').toString('utf8');
      expect(keyData).toMatch(PRIVATE_KEY);
    }
  });
});
