/**
 * Rows for self-identifying tokens: a vendor prefix plus a random body. These are redacted
 * wherever they appear, whatever name (if any) they sit under.
 */
import { REDACTED } from './redactionMarker.js';
import { B, decodedHas, row, type SecretPattern } from './secretPatternKit.js';

const token = (name: string, source: string): SecretPattern => row(name, new RegExp(`${B}(?:${source})`, 'g'));

export const VENDOR_TOKEN_PATTERNS: readonly SecretPattern[] = [
  row('aws-access-key-id', /(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])/g),
  token('github-token', 'gh[pousr]_[A-Za-z0-9]{36,255}'),
  token('github-fine-grained-pat', 'github_pat_[A-Za-z0-9_]{22,255}'),
  token('gitlab-token', 'gl(?:pat|dt|rt|ptt|cbt|oas|soat|ft|imt|agent)-[A-Za-z0-9_-]{20,}'),
  token('huggingface-token', '(?:hf_|api_org_)[A-Za-z0-9]{30,}'),
  token('anthropic-api-key', 'sk-ant-[A-Za-z0-9_-]{20,}'),
  // OpenAI (sk-, sk-proj-, sk-svcacct-): random keys mix case and digits; `sk-learn-…` names do not.
  row('openai-api-key', new RegExp(`${B}sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}`, 'g'),
    (_g, match) => (/[A-Z]/.test(match) && /\d/.test(match) ? REDACTED : null)),
  token('slack-token', '(?:xox[abposr]|xapp)-[A-Za-z0-9-]{10,}'),
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
  // JWTs, including Kubernetes service-account tokens: header.payload.signature.
  token('jwt', String.raw`eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*`),
  // base64 JSON carrying credentials: `.dockerconfigjson` data, Neptune tokens, docker `auths`.
  row('base64-json-credential', /(?<![A-Za-z0-9+/=_-])eyJ[A-Za-z0-9+/_-]{16,}={0,2}/g,
    decodedHas(/"(?:auths?|password|token|secret|api_?key|private_key|identitytoken)"/i)),
];
