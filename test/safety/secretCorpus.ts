/**
 * Shared corpora for the safety layer, exported so end-to-end suites can plant the same
 * secrets in fixtures and assert that no report, verdict or notification contains them.
 *
 * Every fake credential is generated at load time from a seeded generator and prefix pieces
 * joined at runtime, so this source file contains no string that a secret scanner (or GitHub
 * push protection) would take for a real credential.
 */
import { seededRandom } from '../support/seededRandom.js';

export interface SecretSample {
  /** Kebab-case shape id (several samples may share one shape in different contexts). */
  readonly shape: string;
  /** Where the secret sits: env, command, url, json, yaml, log, event, header, file. */
  readonly context: 'env' | 'command' | 'url' | 'json' | 'yaml' | 'log' | 'event' | 'header' | 'file';
  /** The credential itself: must be absent after redaction. */
  readonly secret: string;
  /** Realistic text containing `secret` exactly once. */
  readonly text: string;
}

// ---- deterministic fake material -----------------------------------------------------------
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';
const B64 = `${ALNUM}+/`;
const B64URL = `${ALNUM}-_`;
const UPPER_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Seeded, deterministic (mulberry32) so failures reproduce and the corpus never changes shape. */
function generator(seed: number): (length: number, alphabet: string) => string {
  const next = seededRandom(seed);
  return (length, alphabet) => {
    let out = '';
    // Guarantee mixed classes for alphanumeric alphabets (real keys virtually always have them).
    if (alphabet === ALNUM && length >= 3) out = 'Q7k';
    while (out.length < length) out += alphabet[Math.floor(next() * alphabet.length)];
    return out;
  };
}
const r = generator(0x5afe);
/** Joins prefix pieces at runtime (keeps literal token prefixes out of the source). */
const j = (...parts: string[]): string => parts.join('');
const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
const b64url = (text: string): string => b64(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

const pemBody = (): string => Array.from({ length: 6 }, () => r(64, B64)).join('\n');
const pem = (label: string): string => `${j('-----BEGIN ', label, ' PRIV', 'ATE KEY-----')}\n${pemBody()}\n${j('-----END ', label, ' PRIV', 'ATE KEY-----')}`;
const jwt = (payload: object): string => `${b64url(JSON.stringify({ alg: 'RS256', kid: r(12, ALNUM) }))}.${b64url(JSON.stringify(payload))}.${r(86, B64URL)}`;

// ---- the secrets ---------------------------------------------------------------------------
const S = {
  awsKeyId: j('AK', 'IA', r(16, UPPER_DIGITS)),
  awsStsKeyId: j('AS', 'IA', r(16, UPPER_DIGITS)),
  awsSecret: r(40, B64),
  awsSession: r(120, B64),
  gcpPem: pem('').replace('BEGIN  ', 'BEGIN ').replace('END  ', 'END '),
  rsaPem: pem('RSA'),
  ecPem: pem('EC'),
  opensshPem: pem('OPENSSH'),
  pgpBlock: `${j('-----BEGIN PGP PRIV', 'ATE KEY BLOCK-----')}\n\n${pemBody()}\n=${r(4, B64)}\n${j('-----END PGP PRIV', 'ATE KEY BLOCK-----')}`,
  azureAccountKey: `${r(86, B64)}==`,
  azureSasSig: `${r(43, ALNUM)}%3D`,
  azureAdSecret: j(r(3, ALNUM), '8Q~', r(34, ALNUM)),
  ghp: j('gh', 'p_', r(36, ALNUM)),
  gho: j('gh', 'o_', r(36, ALNUM)),
  ghu: j('gh', 'u_', r(36, ALNUM)),
  ghs: j('gh', 's_', r(36, ALNUM)),
  ghr: j('gh', 'r_', r(36, ALNUM)),
  githubPat: j('github', '_pat_', r(22, ALNUM), '_', r(59, ALNUM)),
  glpat: j('gl', 'pat-', r(20, ALNUM)),
  hf: j('h', 'f_', r(34, ALNUM)),
  openai: j('s', 'k-proj-', r(48, ALNUM), '_', r(20, ALNUM)),
  openaiLegacy: j('s', 'k-', r(20, ALNUM), 'T3Blbk', 'FJ', r(20, ALNUM)),
  anthropic: j('s', 'k-ant-api03-', r(93, B64URL), 'AA'),
  slackBot: j('xo', 'xb-', r(12, '0123456789'), '-', r(13, '0123456789'), '-', r(24, ALNUM)),
  slackUser: j('xo', 'xp-', r(12, '0123456789'), '-', r(12, '0123456789'), '-', r(32, HEX)),
  slackWebhookPath: j('T', r(8, UPPER_DIGITS), '/B', r(8, UPPER_DIGITS), '/', r(24, ALNUM)),
  stripe: j('sk', '_live_', r(24, ALNUM)),
  npm: j('np', 'm_', r(36, ALNUM)),
  pypi: j('py', 'pi-AgEIcHlwaS5vcmc', r(70, B64URL)),
  dockerPat: j('dckr', '_pat_', r(27, B64URL)),
  ngc: j('nv', 'api-', r(64, B64URL)),
  wandb: r(40, HEX),
  wandbLogin: r(40, HEX),
  k8sSaToken: jwt({ iss: 'kubernetes/serviceaccount', sub: 'system:serviceaccount:team-a:default', exp: 1767225600 }),
  oidcJwt: jwt({ sub: 'alice@example.com', aud: 'runai', exp: 1767225600 }),
  bearerOpaque: r(48, B64URL),
  basicAuth: b64(`alice:${r(16, ALNUM)}`),
  urlPassword: `${r(14, ALNUM)}!x`,
  postgresPassword: r(20, ALNUM),
  mongoPassword: r(18, ALNUM),
  redisPassword: r(24, ALNUM),
  amqpPassword: r(16, ALNUM),
  jdbcPassword: r(15, ALNUM),
  goDsnPassword: r(17, ALNUM),
  flagPassword: `pw-${r(12, ALNUM)}`,
  flagPasswordEq: r(18, ALNUM),
  mysqlPassword: r(12, ALNUM),
  dockerLoginPassword: r(22, ALNUM),
  flagToken: r(32, ALNUM),
  flagApiKey: r(32, HEX),
  flagSecret: r(24, ALNUM),
  flagAccessKey: r(20, ALNUM),
  flagClientSecret: r(30, B64URL),
  curlPassword: r(14, ALNUM),
  sshpass: r(13, ALNUM),
  envDbPassword: `${r(10, ALNUM)}#$%`,
  hfTokenEnv: r(26, ALNUM),
  yamlPassword: r(16, ALNUM),
  jsonApiKey: r(32, ALNUM),
  jsonClientSecret: r(36, B64URL),
  quotedPassphrase: `correct horse ${r(6, ALNUM)} staple`,
  camelSecret: r(28, ALNUM),
  escapedJsonPassword: r(19, ALNUM),
  dockerAuth: b64(`$oauthtoken:${r(40, ALNUM)}`),
  dockerConfigJson: b64(JSON.stringify({ auths: { 'nvcr.io': { username: '$oauthtoken', password: r(30, ALNUM) } } })),
  cookie: `session=${r(32, ALNUM)}`,
  setCookie: r(40, B64URL),
  xApiKey: r(40, ALNUM),
  gitlabHeader: j('gl', 'pat-', r(20, ALNUM)),
  queryAccessToken: r(40, B64URL),
  queryKey: j('AI', 'za', r(35, B64URL)),
  googleClientSecret: j('GOC', 'SPX-', r(28, B64URL)),
  googleAccessToken: j('ya', '29.', r(60, B64URL)),
  databricks: j('da', 'pi', r(32, HEX)),
  vault: j('hv', 's.', r(90, B64URL)),
  sendgrid: j('S', 'G.', r(22, B64URL), '.', r(43, B64URL)),
  digitalocean: j('do', 'p_v1_', r(64, HEX)),
  age: j('AGE-SECRET', '-KEY-1', r(58, UPPER_DIGITS)),
  tlsKeyData: b64(pem('RSA')),
  kubeadmToken: `${r(6, 'abcdefghijklmnopqrstuvwxyz0123456789').replace(/^./, 'a')}.${r(16, '0123456789abcdefghijklmnopqrstuvwxyz').replace(/^../, 'k9')}`,
  netrc: r(20, ALNUM),
  highEntropyAfterWord: r(40, ALNUM),
  sessionCookieJson: r(32, HEX),
  privateKeyJson: r(44, B64),
  sentryKey: r(32, HEX),
  githubUrlToken: r(40, HEX),
  telegram: j('123456789:AA', r(33, B64URL)),
  grafana: j('gl', 'sa_', r(32, ALNUM), '_', r(8, HEX)),
  puttyPrivateLine: r(64, B64),
  terraform: j(r(14, ALNUM), '.atlas', 'v1.', r(67, B64URL)),
  shopify: j('shp', 'at_', r(32, HEX)),
  atlassian: j('ATA', 'TT3', r(180, B64URL)),
  replicate: j('r', '8_', r(37, ALNUM)),
  groq: j('gs', 'k_', r(52, ALNUM)),
  postman: j('PM', 'AK-', r(24, HEX), '-', r(34, HEX)),
  pulumi: j('pu', 'l-', r(40, HEX)),
  discordWebhook: r(68, B64URL),
  // gitleaks `microsoft-teams-webhook`: …/IncomingWebhook/<32 hex>/<guid>.
  teamsWebhookPath: j(r(32, HEX), '/', r(8, HEX), '-', r(4, HEX), '-4', r(3, HEX), '-a', r(3, HEX), '-', r(12, HEX)),
  // Mattermost incoming webhook id: 26 characters of lower-case base32 (model.NewId).
  mattermostHookId: j('q', r(24, 'abcdefghijkmnopqrstuwxyz13456789'), '7'),
  // gitleaks `alibaba-access-key-id`: LTAI and 20 letters and digits; Tencent Cloud SecretId: AKID and 32.
  alibabaKeyId: j('LT', 'AI', r(20, ALNUM)),
  tencentSecretId: j('AK', 'ID', r(32, ALNUM)),
  reverseEnvValue: r(24, ALNUM),
  // #12 item 4: shapes that used to leak.
  awsPairSecret: `${r(19, ALNUM)}/${r(20, ALNUM)}`,
  awsPairSecretLog: `${r(22, ALNUM)}+${r(17, ALNUM)}`,
  awsPairSecretEncoded: `${r(12, ALNUM)}%2F${r(14, ALNUM)}%2B${r(12, ALNUM)}`,
  awsSessionIq: j('IQoJb3Jp', 'Z2luX2VjE', r(300, B64)),
  awsSessionFwo: j('FwoGZXIv', 'YXdzE', r(220, B64)),
  urlEncodedJsonPassword: r(18, ALNUM),
  urlEncodedQueryToken: r(32, ALNUM),
  urlEncodedUserinfo: `${r(12, ALNUM)}%21${r(4, ALNUM)}`,
  redisCli: r(20, ALNUM),
  mongosh: r(16, ALNUM),
  keytool: r(14, ALNUM),
  htpasswdFile: r(15, ALNUM),
  htpasswdStdout: r(13, ALNUM),
  opensslPass: r(17, ALNUM),
  pgpass: r(21, ALNUM),
  pgpassWildcard: r(18, ALNUM),
  kaggleEnv: r(32, HEX),
  kaggleJson: r(32, HEX),
  nestedJsonPassword: r(22, ALNUM),
  wandbLoginCall: r(40, HEX),
  wandbKeyVar: r(40, HEX),
  slackRefresh: j('xo', 'xe-1-', r(146, UPPER_DIGITS)),
  slackConfigAccess: j('xo', 'xe.xo', 'xp-1-', r(164, UPPER_DIGITS)),
  basicNoScheme: b64(`ci-bot:${r(20, ALNUM)}`),
  basicNoSchemeEvent: b64(`svc_train@corp:${r(12, ALNUM)}!`),
  pemTail: pem('RSA'),
  splitGithub: j('gh', 'p_', r(36, ALNUM)),
  mavenPassword: r(19, ALNUM),
  makeToken: r(30, ALNUM),
  goTypedToken: r(36, B64URL),
  setPropertyPassword: r(16, ALNUM),
  logstashToken: r(28, ALNUM),
  rubygems: j('ruby', 'gems_', r(48, HEX)),
  twilio: j('S', 'K', r(32, HEX)),
  onepassword: j('A', '3-', r(6, UPPER_DIGITS), '-', r(11, UPPER_DIGITS), '-', r(5, UPPER_DIGITS), '-', r(5, UPPER_DIGITS), '-', r(5, UPPER_DIGITS)),
  octopus: j('AP', 'I-', r(26, UPPER_DIGITS)),
  maxmind: j(r(6, ALNUM), '_', r(29, ALNUM), '_m', 'mk'),
  vaultLegacy: j('s', '.', r(24, ALNUM)),
  airtable: j('pa', 't', r(14, ALNUM), '.', r(64, HEX)),
  clickhouse: j('4b', '1d', r(38, ALNUM)),
  splitJwt: jwt({ iss: 'kubernetes/serviceaccount', sub: 'system:serviceaccount:team-b:runner', exp: 1767225600 }),
} as const;

/** Shapes added later draw from their own generator, so the values above never change. */
const r2 = generator(0x50f7);
const S2 = {
  sourcegraph: j('sg', 'p_', r2(16, HEX), '_', r2(40, HEX)),
  artifactory: j('AK', 'Cp', r2(69, ALNUM)),
} as const;

const sample = (shape: string, context: SecretSample['context'], secret: string, text: string): SecretSample => ({ shape, context, secret, text });

export const SECRET_CORPUS: readonly SecretSample[] = [
  sample('aws-access-key-id', 'env', S.awsKeyId, `AWS_ACCESS_KEY_ID=${S.awsKeyId}`),
  sample(
    'aws-access-key-id',
    'log',
    S.awsStsKeyId,
    `botocore.exceptions.ClientError: An error occurred (InvalidAccessKeyId) for key ${S.awsStsKeyId} when calling the GetObject operation`,
  ),
  sample('aws-secret-access-key', 'env', S.awsSecret, `export AWS_SECRET_ACCESS_KEY=${S.awsSecret}`),
  sample(
    'aws-secret-access-key',
    'file',
    S.awsSecret,
    `[default]\naws_access_key_id = ${S.awsKeyId}\naws_secret_access_key = ${S.awsSecret}\nregion = us-east-1`,
  ),
  sample('aws-session-token', 'yaml', S.awsSession, `env:\n  AWS_SESSION_TOKEN: "${S.awsSession}"`),
  sample(
    'gcp-service-account-private-key',
    'json',
    S.gcpPem.split('\n')[2]!,
    `{"type": "service_account", "project_id": "ml-prod", "private_key": ${JSON.stringify(S.gcpPem)}, "client_email": "trainer@ml-prod.iam.gserviceaccount.com"}`,
  ),
  sample('pem-rsa-private-key', 'log', S.rsaPem.split('\n')[3]!, `Loaded deploy key:\n${S.rsaPem}\nStarting clone`),
  sample('pem-ec-private-key', 'yaml', S.ecPem.split('\n')[1]!, `tls.key: |\n  ${S.ecPem.split('\n').join('\n  ')}`),
  sample('pem-openssh-private-key', 'env', S.opensshPem.split('\n')[5]!, `SSH_KEY="${S.opensshPem}"`),
  sample('pem-pgp-private-key-block', 'file', S.pgpBlock.split('\n')[4]!, `gpg --import <<EOF\n${S.pgpBlock}\nEOF`),
  sample('pem-private-key-truncated', 'event', S.rsaPem.split('\n')[1]!, `Error: invalid key file content: ${S.rsaPem.split('\n').slice(0, 3).join('\n')}`),
  sample('base64-pem-private-key', 'yaml', S.tlsKeyData, `users:\n- name: admin\n  user:\n    client-key-data: ${S.tlsKeyData}`),
  sample(
    'azure-storage-account-key',
    'env',
    S.azureAccountKey,
    `AZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=https;AccountName=mldata;AccountKey=${S.azureAccountKey};EndpointSuffix=core.windows.net`,
  ),
  sample(
    'azure-sas-signature',
    'url',
    S.azureSasSig,
    `Failed to download https://mldata.blob.core.windows.net/ckpt/model.pt?sv=2022-11-02&ss=b&srt=o&sp=r&se=2025-01-01T00:00:00Z&sig=${S.azureSasSig}: 403`,
  ),
  sample('azure-ad-client-secret', 'env', S.azureAdSecret, `AZURE_CLIENT_SECRET=${S.azureAdSecret}`),
  sample('azure-ad-client-secret', 'log', S.azureAdSecret, `msal: acquiring token with credential ${S.azureAdSecret} failed`),
  sample('github-token-ghp', 'command', S.ghp, `git clone https://${S.ghp}@github.com/acme/train.git`),
  sample('github-token-gho', 'json', S.gho, `{"oauth_token_cache": "${S.gho}"}`),
  sample('github-token-ghu', 'log', S.ghu, `INFO using installation credentials ${S.ghu} for acme/train`),
  sample('github-token-ghs', 'url', S.ghs, `remote: https://x-access-token:${S.ghs}@github.com/acme/data.git`),
  sample('github-token-ghr', 'yaml', S.ghr, `refresh: ${S.ghr}`),
  sample('github-fine-grained-pat', 'env', S.githubPat, `GH_PAT=${S.githubPat}`),
  sample('gitlab-pat', 'header', S.gitlabHeader, `curl --header "PRIVATE-TOKEN: ${S.gitlabHeader}" https://gitlab.example.com/api/v4/projects`),
  sample('gitlab-pat', 'command', S.glpat, `pip install git+https://oauth2:${S.glpat}@gitlab.example.com/ml/lib.git`),
  sample('huggingface-token', 'env', S.hf, `HF_TOKEN=${S.hf}`),
  sample('huggingface-token', 'command', S.hf, `huggingface-cli login --token ${S.hf} --add-to-git-credential`),
  sample('huggingface-token-any-name', 'log', S.hf, `Downloading meta-llama/Llama-3-8B with ${S.hf}`),
  sample('openai-api-key', 'env', S.openai, `OPENAI_API_KEY=${S.openai}`),
  sample('openai-api-key-legacy', 'log', S.openaiLegacy, `openai.AuthenticationError: Incorrect API key provided: ${S.openaiLegacy}.`),
  sample('anthropic-api-key', 'json', S.anthropic, `{"x-api-key": "${S.anthropic}", "model": "claude"}`),
  sample('slack-bot-token', 'log', S.slackBot, `slack_sdk: POST chat.postMessage token=${S.slackBot} channel=#ml-alerts`),
  sample('slack-user-token', 'event', S.slackUser, `notifier failed: invalid_auth (${S.slackUser})`),
  sample('slack-webhook-url', 'env', S.slackWebhookPath, `SLACK_WEBHOOK_URL=https://hooks.slack.com/services/${S.slackWebhookPath}`),
  sample('stripe-live-key', 'command', S.stripe, `python billing.py --stripe ${S.stripe}`),
  sample('npm-token', 'file', S.npm, `//registry.npmjs.org/:_authToken=${S.npm}`),
  sample('pypi-token', 'command', S.pypi, `twine upload -u __token__ -p ${S.pypi} dist/*`),
  sample('docker-hub-pat', 'command', S.dockerPat, `echo ${S.dockerPat} | docker login -u acme --password-stdin`),
  sample('nvidia-ngc-api-key', 'env', S.ngc, `NGC_API_KEY=${S.ngc}`),
  sample('nvidia-ngc-api-key', 'command', S.ngc, `docker login nvcr.io -u '$oauthtoken' -p ${S.ngc}`),
  sample('wandb-api-key', 'env', S.wandb, `WANDB_API_KEY=${S.wandb}`),
  sample('wandb-login', 'command', S.wandbLogin, `wandb login ${S.wandbLogin}`),
  sample('jwt-kubernetes-service-account-token', 'file', S.k8sSaToken, `kubectl --token=${S.k8sSaToken} get pods -n team-a`),
  sample('jwt-kubernetes-service-account-token', 'yaml', S.k8sSaToken, `apiVersion: v1\nkind: Config\nusers:\n- name: sa\n  user:\n    token: ${S.k8sSaToken}`),
  sample('jwt-in-log', 'log', S.oidcJwt, `DEBUG refreshing session, id_token ${S.oidcJwt} expires soon`),
  sample('authorization-bearer', 'header', S.bearerOpaque, `curl -H "Authorization: Bearer ${S.bearerOpaque}" https://runai.example.com/api/v1/workloads`),
  sample('authorization-bearer-json', 'json', S.bearerOpaque, `{"headers": {"Authorization": "Bearer ${S.bearerOpaque}"}}`),
  sample('bearer-token-in-log', 'log', S.bearerOpaque, `requests: GET /v2/ with bearer ${S.bearerOpaque} returned 401`),
  sample('authorization-basic', 'header', S.basicAuth, `Authorization: Basic ${S.basicAuth}`),
  sample('url-password-https', 'url', S.urlPassword, `pip: Looking in indexes: https://ci-bot:${S.urlPassword}@pypi.internal.example.com/simple`),
  sample('postgres-connection-string', 'env', S.postgresPassword, `DATABASE_URL=postgres://trainer:${S.postgresPassword}@db.internal:5432/mlflow`),
  sample(
    'mongodb-srv-connection-string',
    'log',
    S.mongoPassword,
    `pymongo.errors.ServerSelectionTimeoutError: mongodb+srv://app:${S.mongoPassword}@cluster0.example.net/?retryWrites=true`,
  ),
  sample('redis-connection-string', 'event', S.redisPassword, `Error: dial redis://:${S.redisPassword}@redis-master.cache.svc:6379/0: i/o timeout`),
  sample('amqp-connection-string', 'yaml', S.amqpPassword, `broker_url: amqp://celery:${S.amqpPassword}@rabbitmq:5672//`),
  sample(
    'jdbc-connection-string',
    'command',
    S.jdbcPassword,
    `spark-submit --conf spark.db.url=jdbc:mysql://etl:${S.jdbcPassword}@mysql:3306/warehouse job.py`,
  ),
  sample('go-sql-dsn', 'env', S.goDsnPassword, `MYSQL_DSN=root:${S.goDsnPassword}@tcp(mysql.db.svc:3306)/features?parseTime=true`),
  sample('flag-password-space', 'command', S.flagPassword, `python load.py --db-host pg --password ${S.flagPassword} --epochs 3`),
  sample('flag-password-equals', 'command', S.flagPasswordEq, `psql-wrapper --password=${S.flagPasswordEq} --dbname=mlflow`),
  sample('mysql-p-flag', 'command', S.mysqlPassword, `mysql -h mysql.db -u root -p${S.mysqlPassword} features < dump.sql`),
  sample('docker-login-p-flag', 'command', S.dockerLoginPassword, `docker login registry.example.com -u ci -p ${S.dockerLoginPassword}`),
  sample('flag-token', 'command', S.flagToken, `torchrun train.py --tokenizer=bert --token ${S.flagToken} --max_tokens=512`),
  sample('flag-api-key', 'command', S.flagApiKey, `python eval.py --api-key ${S.flagApiKey}`),
  sample('flag-secret', 'command', S.flagSecret, `vault-agent --secret "${S.flagSecret}"`),
  sample('flag-access-key', 'command', S.flagAccessKey, `s3cmd --access-key ${S.flagAccessKey} ls s3://ckpt`),
  sample('flag-client-secret', 'command', S.flagClientSecret, `runai login --client-id trainer --client-secret=${S.flagClientSecret}`),
  sample('curl-user-password', 'command', S.curlPassword, `curl -sf -u admin:${S.curlPassword} https://grafana.example.com/api/health`),
  sample('sshpass-password', 'command', S.sshpass, `sshpass -p ${S.sshpass} ssh trainer@10.0.0.4`),
  sample('env-db-password', 'env', S.envDbPassword, `DB_PASSWORD=${S.envDbPassword}`),
  sample('env-hf-token-quoted', 'command', S.hfTokenEnv, `docker run -e HF_TOKEN='${S.hfTokenEnv}' nvcr.io/nvidia/pytorch:24.05-py3`),
  sample('yaml-password', 'yaml', S.yamlPassword, `database:\n  host: pg.internal\n  password: ${S.yamlPassword}\n  port: 5432`),
  sample('json-api-key', 'json', S.jsonApiKey, `{"api_key": "${S.jsonApiKey}", "batch_size": 64}`),
  sample('json-client-secret', 'json', S.jsonClientSecret, `{"clientId":"trainer","clientSecret":"${S.jsonClientSecret}"}`),
  sample('quoted-passphrase-with-spaces', 'env', S.quotedPassphrase, `GPG_PASSPHRASE="${S.quotedPassphrase}"`),
  sample('camel-case-secret-name', 'log', S.camelSecret, `config loaded: {dbPassword=${S.camelSecret}, dbUser=etl}`),
  sample(
    'escaped-json-password',
    'json',
    S.escapedJsonPassword,
    `{"kubectl.kubernetes.io/last-applied-configuration": "{\\"password\\":\\"${S.escapedJsonPassword}\\",\\"user\\":\\"etl\\"}"}`,
  ),
  sample(
    'k8s-env-json',
    'json',
    S.envDbPassword,
    `{"env":[{"name":"POSTGRES_PASSWORD","value":"${S.envDbPassword}"},{"name":"PGDATA","value":"/var/lib/pg"}]}`,
  ),
  sample(
    'k8s-env-yaml',
    'yaml',
    S.yamlPassword,
    `containers:\n- env:\n  - name: MLFLOW_TRACKING_PASSWORD\n    value: ${S.yamlPassword}\n  - name: MLFLOW_TRACKING_URI`,
  ),
  sample('dockerconfigjson-auth', 'json', S.dockerAuth, `{"auths":{"nvcr.io":{"username":"$oauthtoken","auth":"${S.dockerAuth}"}}}`),
  sample('dockerconfigjson-base64', 'yaml', S.dockerConfigJson, `data:\n  .dockerconfigjson: ${S.dockerConfigJson}\ntype: kubernetes.io/dockerconfigjson`),
  sample('dockerconfigjson-base64-any-name', 'log', S.dockerConfigJson, `registry secret payload ${S.dockerConfigJson}`),
  sample('cookie-header', 'header', S.cookie, `Cookie: ${S.cookie}; theme=dark`),
  sample('set-cookie-header', 'header', S.setCookie, `Set-Cookie: jupyterhub-session-id=${S.setCookie}; HttpOnly; Path=/`),
  sample('x-api-key-header', 'header', S.xApiKey, `curl -H 'X-API-Key: ${S.xApiKey}' https://api.example.com`),
  sample('query-access-token', 'url', S.queryAccessToken, `GET https://tensorboard.example.com/?access_token=${S.queryAccessToken}&run=exp1 -> 302`),
  sample('google-api-key-query', 'url', S.queryKey, `fetch https://maps.googleapis.com/maps/api/geocode/json?address=x&key=${S.queryKey}`),
  sample(
    'google-oauth-client-secret',
    'json',
    S.googleClientSecret,
    `{"installed":{"client_id":"123.apps.googleusercontent.com","client_secret":"${S.googleClientSecret}"}}`,
  ),
  sample('google-oauth-access-token', 'log', S.googleAccessToken, `gcsfs: refreshed credentials ${S.googleAccessToken}`),
  sample('databricks-token', 'env', S.databricks, `DATABRICKS_HOST=https://dbc.cloud.databricks.com DATABRICKS_CONFIG=${S.databricks}`),
  sample('hashicorp-vault-token', 'log', S.vault, `vault: using ${S.vault} from agent sink`),
  sample('sendgrid-api-key', 'log', S.sendgrid, `mailer init ${S.sendgrid}`),
  sample('digitalocean-token', 'command', S.digitalocean, `doctl auth init --context ci -t ${S.digitalocean}`),
  sample('age-secret-key', 'file', S.age, `# created: 2024-05-01\n# public key: age1qyqszqgpqyqszqgpqyqszqgpqyqszqgp\n${S.age}`),
  sample('kubeadm-bootstrap-token', 'command', S.kubeadmToken, `kubeadm join 10.0.0.1:6443 --discovery-token-unsafe-skip-ca-verification ${S.kubeadmToken}`),
  sample('netrc-password', 'file', S.netrc, `machine api.wandb.ai\n  login user\n  password ${S.netrc}`),
  sample(
    'high-entropy-after-token-word',
    'event',
    S.highEntropyAfterWord,
    `init container fetch-weights failed: token ${S.highEntropyAfterWord} rejected by registry`,
  ),
  sample('session-id-json', 'json', S.sessionCookieJson, `{"user":"alice","session_id":"${S.sessionCookieJson}"}`),
  sample('private-key-assignment', 'env', S.privateKeyJson, `SIGNING_PRIVATE_KEY=${S.privateKeyJson}`),
  sample('sentry-dsn', 'env', S.sentryKey, `SENTRY_DSN=https://${S.sentryKey}@o450000.ingest.sentry.io/5500000`),
  sample('url-userinfo-token', 'command', S.githubUrlToken, `git remote add origin https://${S.githubUrlToken}@git.example.com/ml/repo.git`),
  sample('telegram-bot-token', 'log', S.telegram, `alert bot started with ${S.telegram}`),
  sample(
    'telegram-bot-token',
    'log',
    S.telegram,
    `HTTPSConnectionPool(host='api.telegram.org', port=443): Max retries exceeded with url: /bot${S.telegram}/sendMessage (Caused by ConnectTimeoutError)`,
  ),
  sample('discord-webhook-url', 'log', S.discordWebhook, `Max retries exceeded with url: /api/v10/webhooks/123456789012345678/${S.discordWebhook}?wait=true`),
  sample(
    'google-api-key-query',
    'url',
    S.queryKey,
    `next=https%3A%2F%2Fchat.googleapis.com%2Fv1%2Fspaces%2FAAAAq3n5r7t%2Fmessages%3Fkey%3D${S.queryKey}%26threadKey%3Dnightly`,
  ),
  sample('slack-webhook-url', 'log', S.slackWebhookPath, `Max retries exceeded with url: /services/${S.slackWebhookPath} (Caused by ReadTimeoutError)`),
  sample('grafana-service-account-token', 'header', S.grafana, `GRAFANA_SA=${S.grafana}`),
  sample(
    'putty-private-key',
    'file',
    S.puttyPrivateLine,
    `PuTTY-User-Key-File-2: ssh-rsa\nEncryption: none\nComment: deploy\nPublic-Lines: 1\n${r(64, B64)}\nPrivate-Lines: 2\n${S.puttyPrivateLine}\n${r(40, B64)}\nPrivate-MAC: ${r(40, HEX)}`,
  ),
  sample('terraform-cloud-token', 'env', S.terraform, `TF_TOKEN_app_terraform_io=${S.terraform}`),
  sample('shopify-access-token', 'log', S.shopify, `shopify sync using ${S.shopify} for store acme`),
  sample('atlassian-api-token', 'command', S.atlassian, `jira-cli --server https://acme.atlassian.net --login bot@acme.io --pat-value ${S.atlassian}`),
  sample('replicate-api-token', 'env', S.replicate, `REPLICATE_CONFIG=${S.replicate}`),
  sample('groq-api-key', 'json', S.groq, `{"provider": "groq", "credentials_ref": "${S.groq}"}`),
  sample('postman-api-key', 'log', S.postman, `newman: using ${S.postman}`),
  sample('pulumi-access-token', 'event', S.pulumi, `pulumi login failed for ${S.pulumi}: 401`),
  sample('discord-webhook-url', 'url', S.discordWebhook, `POST https://discord.com/api/webhooks/123456789012345678/${S.discordWebhook} -> 204`),
  sample(
    'office-connector-webhook-url',
    'event',
    S.teamsWebhookPath,
    `notify-teams: POST https://contoso.webhook.office.com/webhookb2/${'0'.repeat(8)}-1111-4222-a333-${'4'.repeat(12)}@${'5'.repeat(8)}-6666-4777-a888-${'9'.repeat(12)}/IncomingWebhook/${S.teamsWebhookPath} returned 400`,
  ),
  sample(
    'hooks-path-webhook-url',
    'log',
    S.mattermostHookId,
    `mattermost: posting run summary to https://chat.example.org/hooks/${S.mattermostHookId} failed: 403`,
  ),
  sample('cloud-access-key-id', 'file', S.alibabaKeyId, `[Credentials]\nlanguage=EN\nendpoint=oss-cn-hangzhou.aliyuncs.com\naccessKeyID=${S.alibabaKeyId}\n`),
  sample('cloud-access-key-id', 'log', S.tencentSecretId, `cos: request signed with SecretId ${S.tencentSecretId} denied (AuthFailure)`),
  sample('k8s-env-json-value-first', 'json', S.reverseEnvValue, `{"env":[{"value":"${S.reverseEnvValue}","name":"REDIS_PASSWORD"}]}`),
  // #12 item 4: shapes that used to leak.
  sample(
    'aws-key-id-secret-pair',
    'url',
    S.awsPairSecret,
    `botocore: cannot read s3://${S.awsKeyId}:${S.awsPairSecret}@ckpt-bucket/runs/step_1000/model.safetensors`,
  ),
  sample('aws-key-id-secret-pair', 'log', S.awsPairSecretLog, `using static credentials ${S.awsStsKeyId}:${S.awsPairSecretLog} for region us-east-1`),
  sample(
    'aws-key-id-secret-pair-url-encoded',
    'url',
    S.awsPairSecretEncoded,
    `s3fs: mount s3://${S.awsKeyId}:${S.awsPairSecretEncoded}@datasets/imagenet failed`,
  ),
  sample('aws-session-token', 'log', S.awsSessionIq, `sts: assumed role ml-train, session ${S.awsSessionIq} expires 2024-05-01T13:00:00Z`),
  sample('aws-session-token', 'event', S.awsSessionFwo, `init container fetch-data failed: ExpiredToken ${S.awsSessionFwo}`),
  sample(
    'url-encoded-json-password',
    'url',
    S.urlEncodedJsonPassword,
    `GET /login?data=%7B%22user%22%3A%22etl%22%2C%22password%22%3A%22${S.urlEncodedJsonPassword}%22%7D -> 500`,
  ),
  sample(
    'url-encoded-query-token',
    'url',
    S.urlEncodedQueryToken,
    `302 Location: /auth?redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb%3Ftoken%3D${S.urlEncodedQueryToken}%26state%3Dxyz`,
  ),
  sample(
    'url-encoded-userinfo',
    'url',
    S.urlEncodedUserinfo,
    `mlflow: tracking uri postgresql%3A%2F%2Fetl%3A${S.urlEncodedUserinfo}%40db.internal%3A5432%2Fmlflow unreachable`,
  ),
  sample('redis-cli-a-flag', 'command', S.redisCli, `redis-cli -h redis-master.cache.svc -a ${S.redisCli} --no-auth-warning ping`),
  sample('mongosh-p-flag', 'command', S.mongosh, `mongosh "mongodb://mongo:27017/admin" -u root -p ${S.mongosh} --eval 'db.stats()'`),
  sample('keytool-storepass', 'command', S.keytool, `keytool -list -keystore /etc/ssl/truststore.jks -storepass ${S.keytool} -v`),
  sample('htpasswd-batch-password', 'command', S.htpasswdFile, `htpasswd -bc /etc/nginx/.htpasswd admin ${S.htpasswdFile} && nginx -s reload`),
  sample(
    'htpasswd-batch-password',
    'command',
    S.htpasswdStdout,
    `htpasswd -nbB admin ${S.htpasswdStdout} | kubectl create secret generic basic-auth --from-file=auth=/dev/stdin`,
  ),
  sample('openssl-pass-argument', 'command', S.opensslPass, `openssl pkcs12 -export -in tls.crt -inkey tls.key -passout pass:${S.opensslPass} -out tls.p12`),
  sample('pgpass-line', 'file', S.pgpass, `$ cat ~/.pgpass\ndb.internal:5432:mlflow:trainer:${S.pgpass}\n`),
  sample('pgpass-line', 'file', S.pgpassWildcard, `*:*:*:postgres:${S.pgpassWildcard}`),
  sample('kaggle-key-env', 'env', S.kaggleEnv, `KAGGLE_USERNAME=alice KAGGLE_KEY=${S.kaggleEnv}`),
  sample('kaggle-json', 'json', S.kaggleJson, `{"username":"alice","key":"${S.kaggleJson}"}`),
  // A JSON log record inside a JSON string inside a JSON answer: the quotes are escaped twice.
  sample(
    'nested-json-password',
    'json',
    S.nestedJsonPassword,
    `{"message":"{\\"record\\":\\"{\\\\\\"db_password\\\\\\": \\\\\\"${S.nestedJsonPassword}\\\\\\"}\\"}"}`,
  ),
  sample('wandb-login-call', 'log', S.wandbLoginCall, `    wandb.login(key="${S.wandbLoginCall}", relogin=True)`),
  sample('wandb-key-variable', 'env', S.wandbKeyVar, `WANDB_KEY=${S.wandbKeyVar}`),
  sample('slack-refresh-token', 'json', S.slackRefresh, `{"ok":true,"refresh_tok":"${S.slackRefresh}"}`),
  sample('slack-config-access-token', 'log', S.slackConfigAccess, `slack manifest: rotated to ${S.slackConfigAccess}`),
  sample('base64-user-password', 'log', S.basicNoScheme, `registry mirror credentials ${S.basicNoScheme} rejected`),
  sample('base64-user-password', 'event', S.basicNoSchemeEvent, `registry proxy answered 407 for ${S.basicNoSchemeEvent}`),
  sample('pem-private-key-tail', 'log', S.pemTail.split('\n')[5]!, `${S.pemTail.split('\n').slice(4).join('\n')}\nclone finished`),
  // Context shapes from gitleaks' sample templates (cmd/generate/config/utils/generate.go).
  sample(
    'xml-element-password',
    'file',
    S.mavenPassword,
    `<server>\n  <id>nexus</id>\n  <username>ci</username>\n  <password>${S.mavenPassword}</password>\n</server>`,
  ),
  sample('makefile-conditional-assignment', 'file', S.makeToken, `REGISTRY_TOKEN ?= ${S.makeToken}`),
  sample('go-typed-declaration', 'file', S.goTypedToken, `var apiToken string = "${S.goTypedToken}"`),
  sample('name-value-call-arguments', 'log', S.setPropertyPassword, `init: System.setProperty("DB_PASSWORD", "${S.setPropertyPassword}")`),
  sample('fat-arrow-assignment', 'file', S.logstashToken, `output { http { headers => { "api_token" => "${S.logstashToken}" } } }`),
  // Prefixes from gitleaks' rules (test/safety/gitleaks has its own samples).
  sample('rubygems-api-token', 'command', S.rubygems, `gem push pkg.gem --key ${S.rubygems}`),
  sample('twilio-api-key', 'log', S.twilio, `twilio client init with ${S.twilio} failed`),
  sample('onepassword-secret-key', 'log', S.onepassword, `op signin: account key ${S.onepassword} rejected`),
  sample('octopus-deploy-api-key', 'command', S.octopus, `octo push --package app.zip --server https://octo.example.com --apiKey=${S.octopus}`),
  sample('maxmind-license-key', 'event', S.maxmind, `geoipupdate: license ${S.maxmind} invalid`),
  sample('hashicorp-vault-legacy-token', 'log', S.vaultLegacy, `vault: renew ${S.vaultLegacy} failed: permission denied`),
  sample('airtable-personal-access-token', 'log', S.airtable, `airtable sync using ${S.airtable}`),
  sample('clickhouse-cloud-secret-key', 'event', S.clickhouse, `clickhouse-cloud: key ${S.clickhouse} expired`),
  sample(
    'token-split-over-two-lines',
    'log',
    S.splitGithub.slice(24),
    `ERROR git fetch failed for ${S.splitGithub.slice(0, 24)}\n${S.splitGithub.slice(24)} (401)`,
  ),
  sample('token-split-over-two-lines', 'header', S.splitJwt.slice(70), `Authorization: Bearer ${S.splitJwt.slice(0, 70)}\n    ${S.splitJwt.slice(70)}`),
  sample('sourcegraph-access-token', 'log', S2.sourcegraph, `src login: using SRC_ACCESS_TOKEN ${S2.sourcegraph}`),
  sample('artifactory-api-key', 'command', S2.artifactory, `jf rt ping --url https://jfrog.example --apikey ${S2.artifactory}`),
];

/**
 * Partial leaks: 8-character windows of the secret that do not occur elsewhere in the sample's
 * text but survive in `output` (catches "redacted the head, leaked the tail").
 */
export function leakedFragments(sample: SecretSample, output: string): string[] {
  const context = sample.text.split(sample.secret).join('\u0000');
  const leaks: string[] = [];
  for (let i = 0; i + 8 <= sample.secret.length; i += 4) {
    const fragment = sample.secret.slice(i, i + 8);
    if (/\s/.test(fragment) || context.includes(fragment)) continue;
    if (output.includes(fragment)) leaks.push(fragment);
  }
  return leaks;
}

/** Distinct shapes in the corpus (the brief asks for at least 40). */
export const SECRET_SHAPES: readonly string[] = [...new Set(SECRET_CORPUS.map((s) => s.shape))];

/**
 * Ordinary evidence that must come out of `redactSecrets` byte-for-byte unchanged: images,
 * digests, UUIDs, k8s names, paths, quantities, exit codes, timestamps, flags that merely
 * contain a secret word, and the error chains kubelet and registries actually produce.
 */
export const ORDINARY_VALUES: readonly string[] = [
  'nvcr.io/nvidia/pytorch:24.05-py3',
  `registry.example.com:5000/team/img@sha256:${'3f2a9c1d4e5b6a7f'.repeat(4)}`,
  'ghcr.io/acme/trainer:3f2a9c1d4e5b6a7f8091a2b3c4d5e6f708192a3b',
  'docker.io/library/python:3.11-slim',
  '123e4567-e89b-12d3-a456-426614174000',
  'workload llama-finetune-7b-2 in project team-a',
  'pod llama-finetune-7b-2-worker-0-5d8f7c9b6-x2x9k',
  'node dgx-a100-07.gpu.cluster.local',
  '/var/run/secrets/kubernetes.io/serviceaccount/token',
  '/home/jovyan/.cache/huggingface/token',
  'memory limit 32Gi, request 16Gi, peak 31.8Gi',
  'Container train exited with code 137 (OOMKilled)',
  'exit code 1',
  '2024-05-01T12:00:00Z',
  '2024-05-01 12:00:00.123456+00:00',
  'python train.py --batch-size=64 --lr=3e-4 --epochs 10',
  'python train.py --tokenizer=bert-base-uncased --max_tokens=512 --tokenizer_name gpt2',
  'max_tokens=512 num_tokens=2048 tokens_per_second=1234.5',
  'passwordless=true',
  'password_file=/run/secrets/db-password token_file=/var/run/token',
  'auth_mode=oidc token_type=bearer secretName: hf-secret',
  'export PWD=/home/jovyan OLDPWD=/tmp',
  'eos_token: </s> bos_token: <s> pad_token: <pad>',
  'imagePullSecrets: [{name: regcred}]',
  'valueFrom: {secretKeyRef: {name: db-creds, key: password}}',
  'MountVolume.SetUp failed for volume "hf-token" : secret "hf-token" not found',
  'Error: secret "db-password" not found',
  "Error: couldn't find key DB_PASSWORD in Secret team-a/db-creds",
  'Failed to pull image "registry.example.com/team/img:v1": rpc error: code = Unknown desc = failed to authorize: failed to fetch oauth token: unexpected status: 401 Unauthorized',
  'Failed to pull image "nvcr.io/nvidia/pytorch:24.05-py3": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed',
  'WWW-Authenticate: Bearer realm="https://auth.docker.io/token",service="registry.docker.io",scope="repository:library/x:pull"',
  'Error response from daemon: Get "https://registry.example.com/v2/": unauthorized: authentication required',
  'no basic auth credentials',
  'FATAL: password authentication failed for user "postgres"',
  'Liveness probe failed: Get "http://10.0.0.12:8080/healthz": context deadline exceeded',
  'Back-off restarting failed container train in pod trainer-0_team-a(5d8f7c9b-1234-5678-9abc-def012345678)',
  '0/8 nodes are available: 8 Insufficient nvidia.com/gpu. preemption: 0/8 nodes are available',
  'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB',
  "KeyError: 'HF_TOKEN'",
  'ValueError: Invalid token passed!',
  'wandb: ERROR api_key not configured (no-tty). call wandb.login(key=[your_api_key])',
  '    token = tokenizer(text, truncation=True)',
  'docker login --password-stdin registry.example.com',
  'git@github.com:acme/train.git',
  'https://huggingface.co/meta-llama/Llama-3-8B/resolve/main/config.json',
  'http://mlflow.mlops.svc:5000/api/2.0/mlflow/runs/get?run_id=3f2a9c1d4e5b6a7f8091a2b3c4d5e6f7',
  's3://ckpt-bucket/runs/2024-05-01/step_1000/model.safetensors',
  'CUDA_VISIBLE_DEVICES=0,1,2,3 NCCL_SOCKET_IFNAME=eth0 OMP_NUM_THREADS=8',
  'docker run -u 1000:1000 -p 8888:8888 jupyter/base-notebook',
  'kubectl.kubernetes.io/restartedAt: 2024-05-01T12:00:00Z',
  'runai.io/gpu-fraction: 0.5',
  'author=alice bypass=false compass=north keyboard=us',
  'sessionAffinity: None',
  '<script>alert(1)</script>',
  'mysql -h mysql.db -u root -p features',
  'secret key rotation completed in 12ms',
];
