/**
 * The second, held-out plant set (issue #25 item 6): credentials of the ML ecosystem, each in the
 * wrappers cluster text really carries them in — escaped JSON, Python dict reprs, YAML, a line
 * wrap, a message the API truncated — plus the URL and encoding corner cases that slipped
 * through the first corpus (an AWS secret with `/` inside `s3://id:secret@`, a password with `@`
 * or `#`, base64 wrapping a service-account key, a truncated token prefix).
 *
 * Documented formats the samples follow (the rows that redact them cite the same sources):
 * - Hugging Face user access tokens `hf_…` (huggingface.co/docs/hub/security-tokens);
 * - NVIDIA NGC personal / service keys `nvapi-…`; legacy NGC keys are 84-character base64 used as
 *   the `$oauthtoken` password of nvcr.io;
 * - OpenAI `sk-…`, `sk-proj-…` with the `T3BlbkFJ` marker (gitleaks/gitleaks
 *   cmd/generate/config/rules/openai.go, `OpenAI`);
 * - Anthropic `sk-ant-api03-…AA` (secretlint/secretlint packages/@secretlint/secretlint-rule-anthropic,
 *   Checkmarx/2ms engine/rules/anthropic_admin_api_key.go);
 * - Databricks PATs `dapi` + 32 hex; Azure storage account keys (88 base64 characters) and SAS `sig=`;
 * - W&B API keys: 40 hex (`WANDB_API_KEY`, `.netrc` for api.wandb.ai);
 * - kubeconfig `client-key-data` (base64 PEM) and `token:`; JWTs; git and database URLs.
 *
 * Generated at load time from a seeded generator and joined prefixes, so this file holds no
 * literal a secret scanner would take for a credential.
 */
import { seededRandom } from '../support/seededRandom.js';
export interface Plant {
  readonly shape: string;
  readonly wrapper: string;
  /** Every substring that must be absent after redaction (a wrapped token has two halves). */
  readonly secrets: readonly string[];
  readonly text: string;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';
const B64 = `${ALNUM}+/`;
const B64URL = `${ALNUM}-_`;

function generator(seed: number): (length: number, alphabet: string) => string {
  const next = seededRandom(seed);
  return (length, alphabet) => {
    let out = alphabet === ALNUM && length >= 3 ? 'Z9q' : '';
    while (out.length < length) out += alphabet[Math.floor(next() * alphabet.length)];
    return out;
  };
}
const r = generator(0x25ec);
const j = (...parts: string[]): string => parts.join('');
const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
const b64url = (text: string): string => b64(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const wrapAt = (text: string, width: number): string => text.replace(new RegExp(`(.{${width}})`, 'g'), '$1\n').replace(/\n$/, '');

const pem = j('-----BEGIN RSA PRIV', 'ATE KEY-----\n', Array.from({ length: 4 }, () => r(64, B64)).join('\n'), '\n-----END RSA PRIV', 'ATE KEY-----\n');
const T = {
  hf: j('hf', '_', r(34, ALNUM)),
  nvapi: j('nv', 'api-', r(64, B64URL)),
  ngcLegacy: b64(`${r(26, ALNUM)}:${r(8, HEX)}-${r(4, HEX)}-${r(4, HEX)}-${r(4, HEX)}-${r(12, HEX)}`),
  openai: j('s', 'k-', r(20, ALNUM), 'T3Blbk', 'FJ', r(20, ALNUM)),
  openaiProject: j('s', 'k-proj-', r(74, B64URL), 'T3Blbk', 'FJ', r(74, B64URL)),
  anthropic: j('s', 'k-ant-api03-', r(93, B64URL), 'AA'),
  databricks: j('da', 'pi', r(32, HEX)),
  azureAccountKey: `${r(86, B64)}==`,
  azureSasSig: encodeURIComponent(`${r(42, B64)}=`).replace(/%2B/g, '%2B'),
  wandb: r(40, HEX),
  mlflowPassword: r(24, ALNUM),
  kubeToken: j(
    'ey',
    'J',
    b64url(JSON.stringify({ alg: 'RS256', kid: r(10, ALNUM) })),
    '.',
    b64url(JSON.stringify({ iss: 'kubernetes/serviceaccount', sub: 'system:serviceaccount:ml:trainer' })),
    '.',
    r(86, B64URL),
  ),
  kubeClientKey: b64(pem),
  kubeOpaqueToken: r(48, ALNUM),
  githubPat: j('gh', 'p_', r(36, ALNUM)),
  gitPassword: r(20, ALNUM),
  dbPassword: r(16, ALNUM),
  awsKeyId: j('AK', 'IA', r(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')),
  awsSecretWithSlash: `${r(12, B64)}/${r(14, B64)}/${r(12, ALNUM)}`,
  atPassword: `${r(6, ALNUM)}@${r(6, ALNUM)}`,
  hashPassword: `${r(6, ALNUM)}#${r(7, ALNUM)}`,
  serviceAccountJson: '',
  jwtPlain: '',
};
const saKeyJson = JSON.stringify(
  { type: 'service_account', project_id: 'ml-prod', private_key_id: r(40, HEX), private_key: pem, client_email: 'trainer@ml-prod.iam.gserviceaccount.com' },
  null,
  2,
);
T.serviceAccountJson = b64(saKeyJson);
T.jwtPlain = T.kubeToken;

const plants: Plant[] = [];
const plant = (shape: string, wrapper: string, secret: string | readonly string[], text: string): void => {
  plants.push({ shape, wrapper, secrets: typeof secret === 'string' ? [secret] : secret, text });
};
/** The same assignment in each wrapper a workload's stack trace or config dump uses. */
function wrappers(shape: string, name: string, secret: string): void {
  plant(shape, 'escaped JSON', secret, `config loaded: "{\\"env\\": {\\"${name}\\": \\"${secret}\\"}}"`);
  plant(shape, 'dict repr', secret, `KeyError: 'model' in environ({'HOME': '/root', '${name}': '${secret}', 'LANG': 'C.UTF-8'})`);
  plant(shape, 'YAML', secret, `env:\n  - name: ${name}\n    value: ${secret}\n  - name: NCCL_DEBUG\n    value: INFO`);
  plant(shape, 'bare in prose', secret, `huggingface_hub.errors.HfHubHTTPError: 401 Client Error for url with credential ${secret} (expired?)`);
}

wrappers('huggingface-token', 'HF_TOKEN', T.hf);
wrappers('nvidia-ngc-api-key', 'NGC_API_KEY', T.nvapi);
wrappers('openai-api-key', 'OPENAI_API_KEY', T.openai);
wrappers('openai-project-key', 'OPENAI_API_KEY', T.openaiProject);
wrappers('anthropic-api-key', 'ANTHROPIC_API_KEY', T.anthropic);
wrappers('databricks-token', 'DATABRICKS_TOKEN', T.databricks);
wrappers('wandb-api-key', 'WANDB_API_KEY', T.wandb);
wrappers('jwt', 'KUBE_TOKEN', T.jwtPlain);

plant('nvidia-ngc-legacy-key', 'command', T.ngcLegacy, `docker login nvcr.io --username '$oauthtoken' --password ${T.ngcLegacy}`);
plant('nvidia-ngc-legacy-key', 'ngc config', T.ngcLegacy, `ngc config set: apikey = ${T.ngcLegacy}`);
plant(
  'azure-storage-account-key',
  'connection string',
  T.azureAccountKey,
  `DefaultEndpointsProtocol=https;AccountName=mlcheckpoints;AccountKey=${T.azureAccountKey};EndpointSuffix=core.windows.net`,
);
plant('azure-storage-account-key', 'dict repr', T.azureAccountKey, `{'account_name': 'mlcheckpoints', 'account_key': '${T.azureAccountKey}'}`);
plant(
  'azure-sas-signature',
  'URL',
  T.azureSasSig,
  `HTTP 403 for https://mlcheckpoints.blob.core.windows.net/ckpt/model.pt?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-12-31T00:00:00Z&sig=${T.azureSasSig}`,
);
plant('azure-sas-signature', 'escaped JSON', T.azureSasSig, `{\\"url\\": \\"https://acct.blob.core.windows.net/c/b?sp=r&sig=${T.azureSasSig}\\"}`);
plant('wandb-api-key', 'netrc', T.wandb, `machine api.wandb.ai\n  login user\n  password ${T.wandb}`);
plant('wandb-api-key', 'command', T.wandb, `wandb login ${T.wandb}`);
plant('wandb-api-key', 'log', T.wandb, `wandb: ERROR api_key not valid: ${T.wandb}`);
plant('mlflow-tracking-password', 'env dump', T.mlflowPassword, `MLFLOW_TRACKING_URI=https://mlflow.internal MLFLOW_TRACKING_PASSWORD=${T.mlflowPassword}`);
plant('mlflow-tracking-password', 'dict repr', T.mlflowPassword, `{'MLFLOW_TRACKING_USERNAME': 'svc', 'MLFLOW_TRACKING_PASSWORD': '${T.mlflowPassword}'}`);
plant(
  'kubeconfig-client-key-data',
  'YAML',
  T.kubeClientKey,
  `users:\n- name: admin\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t\n    client-key-data: ${T.kubeClientKey}`,
);
plant('kubeconfig-client-key-data', 'escaped JSON', T.kubeClientKey, `{\\"client-key-data\\":\\"${T.kubeClientKey}\\"}`);
plant('kubeconfig-token', 'YAML', T.kubeOpaqueToken, `users:\n- name: ci\n  user:\n    token: ${T.kubeOpaqueToken}`);
plant('kubeconfig-token', 'dict repr', T.kubeOpaqueToken, `{'user': {'token': '${T.kubeOpaqueToken}'}}`);
plant('git-credential-url', 'command', T.githubPat, `fatal: could not read from https://oauth2:${T.githubPat}@github.com/acme/models.git`);
plant('git-credential-url', 'plain password', T.gitPassword, `git clone https://jdoe:${T.gitPassword}@git.internal.acme.io/ml/train.git failed`);
plant('git-credential-url', 'escaped JSON', T.gitPassword, `{\\"repo\\": \\"https://jdoe:${T.gitPassword}@github.com/acme/x.git\\"}`);
plant(
  'database-url',
  'log',
  T.dbPassword,
  `sqlalchemy.exc.OperationalError: could not connect to postgres://trainer:${T.dbPassword}@db.internal:5432/features`,
);
plant('database-url', 'dict repr', T.dbPassword, `{'DATABASE_URL': 'postgresql://trainer:${T.dbPassword}@db/features'}`);
plant('database-url', 'YAML', T.dbPassword, `database:\n  url: mysql://root:${T.dbPassword}@mysql-0.mysql:3306/app`);
plant('database-url-password-with-at', 'log', T.atPassword, `connecting to postgres://trainer:${T.atPassword}@db.internal:5432/features`);
plant(
  'database-url-password-with-hash',
  'log',
  T.hashPassword,
  `redis.exceptions.AuthenticationError at redis://default:${T.hashPassword}@redis-master:6379/0`,
);
plant('database-url-password-with-hash', 'mongo', T.hashPassword, `MongoServerError: bad auth from mongodb://svc:${T.hashPassword}@mongo-0.mongo:27017/admin`);
plant('s3-url-with-secret-containing-slash', 'log', [T.awsSecretWithSlash], `reading s3://${T.awsKeyId}:${T.awsSecretWithSlash}@ml-datasets/imagenet/train`);
plant('s3-url-with-secret-containing-slash', 'dict repr', [T.awsSecretWithSlash], `{'path': 's3://${T.awsKeyId}:${T.awsSecretWithSlash}@bucket/x'}`);
plant('s3-url-with-secret-containing-slash', 'escaped JSON', [T.awsSecretWithSlash], `{\\"uri\\": \\"s3a://${T.awsKeyId}:${T.awsSecretWithSlash}@bucket/x\\"}`);

// A token split across a line wrap (terminal, kubectl describe, a log shipper at 80 columns).
const hfCut = 20;
plant(
  'huggingface-token',
  'wrapped line',
  [T.hf.slice(0, hfCut), T.hf.slice(hfCut)],
  `    raise OSError(f"bad token ${T.hf.slice(0, hfCut)}\n${T.hf.slice(hfCut)}")`,
);
const anthropicCut = 50;
plant(
  'anthropic-api-key',
  'wrapped line (⏎)',
  [T.anthropic.slice(0, anthropicCut), T.anthropic.slice(anthropicCut)],
  `ANTHROPIC_API_KEY=${T.anthropic.slice(0, anthropicCut)}⏎${T.anthropic.slice(anthropicCut)}`,
);
plant(
  'databricks-token',
  'wrapped line',
  [T.databricks.slice(0, 18), T.databricks.slice(18)],
  `Authorization failed for ${T.databricks.slice(0, 18)}\n${T.databricks.slice(18)}`,
);
plant('nvidia-ngc-api-key', 'wrapped line', [T.nvapi.slice(0, 40), T.nvapi.slice(40)], `docker login nvcr.io -p ${T.nvapi.slice(0, 40)}\n${T.nvapi.slice(40)}`);

// Truncated by the API (Run:ai and Kubernetes cap messages): only a prefix of the token remains.
plant('huggingface-token', 'truncated', T.hf.slice(0, 17), `401 Unauthorized: invalid token hf_${T.hf.slice(3, 17)}…`);
plant(
  'openai-project-key',
  'truncated',
  T.openaiProject.slice(0, 40),
  `openai.AuthenticationError: Incorrect API key provided: ${T.openaiProject.slice(0, 40)}...`,
);
plant('anthropic-api-key', 'truncated', T.anthropic.slice(0, 30), `anthropic.AuthenticationError: key ${T.anthropic.slice(0, 30)}`);
plant('nvidia-ngc-api-key', 'truncated', T.nvapi.slice(0, 22), `NGC_API_KEY=${T.nvapi.slice(0, 22)}…`);

// base64 that wraps a service-account key, whole and wrapped at 76 columns as `base64` prints it.
plant('base64-service-account-key', 'one line', T.serviceAccountJson, `GOOGLE_CREDENTIALS_B64 decoded failed: ${T.serviceAccountJson}`);
const saLines = wrapAt(T.serviceAccountJson, 76).split('\n');
plant(
  'base64-service-account-key',
  'wrapped at 76',
  saLines.filter((line) => line.length >= 16),
  `secret data (base64):\n${saLines.join('\n')}\nend`,
);

export const ML_SECRET_PLANTS: readonly Plant[] = plants;

/**
 * Ordinary evidence near those shapes that must stay byte-identical: digests, UUIDs, commit
 * hashes, CUDA errors, node and PVC names, public URLs, versions.
 */
export const ML_ORDINARY_TEXT: readonly string[] = [
  'image nvcr.io/nvidia/pytorch@sha256:2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae',
  'checkpoint run 3f2a9c1d4e5b6a7f8091a2b3c4d5e6f708192a3b at commit 9fceb02d0ae598e95dc970b74767f19372d61af8',
  'workload 5ec7e700-0000-4000-8000-000000000042 on node dgx-a100-04 (pool a100-80gb)',
  'RuntimeError: CUDA error: an illegal memory access was encountered (cudaErrorIllegalAddress) at 0x7f3a2c000000',
  'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 79.15 GiB total capacity)',
  'persistentvolumeclaim "pvc-ckpt-llama-70b-rwx" bound to pv-4b1d-7c2e-ab12',
  'Downloading https://huggingface.co/meta-llama/Llama-3-8B/resolve/main/config.json (hf_transfer enabled)',
  'pip install transformers==4.44.0 datasets==2.20.0 --index-url https://pypi.org/simple',
  'git clone https://github.com/acme/models.git && git checkout v1.2.3',
  'sk-learn pipeline: tokenizer=bert-base-uncased max_tokens=512 dapi_version=2',
  'wandb: Syncing run dry-lake-42 to https://wandb.ai/acme/llm/runs/1a2b3c4d',
  'mlflow.exceptions.MlflowException: Run 0a1b2c3d4e5f60718293a4b5c6d7e8f9 not found',
  'NCCL WARN Net/IB : Got completion from peer 10.0.0.12<45678> with error 12, opcode 0',
  'postgres://db.internal:5432/features (no credentials configured)',
  'kubectl get pvc data-trainer-0 -n ml -o yaml',
];
