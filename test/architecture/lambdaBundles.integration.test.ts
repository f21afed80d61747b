/**
 * The cold start (DESIGN §5, docs/performance.md): each Lambda bundle, built exactly as the
 * CDK app builds it (infra/lambdaBundling.ts), holds only code that Lambda can run, loads no
 * AWS SDK at init, and stays under a size budget. Read from esbuild's metafile, which records
 * every source that went into each bundle and every import it kept.
 *
 * Integration lane: esbuild runs as a child process, and the undici check listens on loopback.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esbuildOptions, LAMBDA_ENTRIES, type LambdaName } from '../../infra/lambdaBundling.js';
import { BENCH_OUT_DIR, PROJECT_ROOT } from '../bench/benchPaths.js';

/**
 * Minified bytes each bundle may reach: what it measured when this test was written, plus a
 * few percent. Raise one only for code the Lambda runs, and say why in the commit; the
 * figures before this budget (docs/performance.md, December 2026) were intake 227 KiB,
 * diagnose 932 KiB, poller 721 KiB, pagerduty 679 KiB, chat 153 KiB. Raised once: diagnose
 * 740 → 770 when the allow-list anonymizer (RECORD_ANONYMIZE, functions/recording/, 32 KiB),
 * the suspect-node log (functions/fleet/) and feedback links landed in the worker (747 KiB measured);
 * 770 → 800 with the distributed-origin stage and the decisive-line principles (772 KiB measured);
 * 800 → 860 with the generated upstream vocabulary the worker's RECORD_ANONYMIZE keeps verbatim
 * (functions/recording/upstreamVocabulary.generated.ts, ~42 KiB of words), the infrastructure-signature
 * reader of the suspect-node rule and the origin stage's replica reading (833 KiB measured);
 * 860 → 900 with the anonymizer's structured-identifier, Windows-name, percent-encoding and
 * scheduler-listing rules, the container-statement table and the origin stage's first-failure
 * dating (861 KiB measured, 2026-12-06); 900 → 930 with the worker's RECORD_ANONYMIZE English word
 * list (functions/recording/englishWords.generated.ts, 16 KiB front-coded: ordinary words stay verbatim),
 * its code-identifier and name-slot rules, and the origin stage's tie-budget and launcher-relay reading
 * (904 KiB measured, 2026-12-07); 930 → 945 with the protocol field names RECORD_ANONYMIZE keeps
 * (protocolFieldNames.generated.ts, 3.3 kB) and its connection-string, identity-slot and kernel
 * socket-address rules, Tier 2's second read round and relayed-host node read, the runtime
 * chain-format and teardown principles of the decisive line and the probe-kill / launcher rows of
 * the origin stage (914.2 → 930.2 KiB measured, 2026-12-07; the anonymizer's word lists, ~64 KiB,
 * would leave the worker if RECORD_ANONYMIZE recorded in a Lambda of its own). chat 180 → 184 with the connection-string password row of the
 * redaction every chat message goes through (functions/safety/connectionStringPatterns.ts,
 * +1,010 bytes: 179.7 → 180.7 KiB measured, 2026-12-07). intake 232 → 240 with the redaction every
 * accepted alert's text goes through: the soft-break pass (quoted-printable `=`, an escaping `\`),
 * the URL-path credential rows (Telegram, Discord, Slack, Teams path templates, with or without host,
 * escaped or percent-encoded) and three vendor token prefixes (functions/safety/; 233.6 KiB
 * measured, 2026-12-07). diagnose 945 → 950, pagerduty 480 → 487, chat 184 → 187, intake 240 → 244
 * with the redaction every text goes through: vendor tokens cut by a carrier that does not mark
 * its cut (a fold, a logger's wrap, `fold | logger` behind a repeated syslog header, CRI partial
 * entries, a fold inside a JSON string), judged by each vendor's documented length
 * (functions/safety/redactAcrossCarrierCuts.ts, the gitleaks shapes of documentedTokenShapes.ts),
 * and base64 runs or wrapped blocks whose decoded text holds a secret (redactEncodedSecrets.ts):
 * +7,515 bytes, chat +2,908 (939.9 → 947.2, 476.9 → 484.2, 182.1 → 185.0, 233.5 → 240.8 KiB
 * measured, 2026-12-07). Lowered on 2026-12-07 when undici's non-SIMD parser left the bundles
 * (infra/lambdaBundling.ts EXTERNAL_MODULES, 70.4 KiB each): diagnose 950 → 885, poller 510 → 440,
 * pagerduty 487 → 420 (939.9 → 869.5, 496.6 → 426.2, 476.9 → 406.5 KiB measured before the redaction above); then diagnose 885 → 900 with the same
 * redaction, Tier 2's one LIST of the workload's pods (functions/kubernetes, functions/diagnosis/tier2) and
 * this round's decisive-line principles (869.5 → 886.1 KiB measured, 2026-12-07).
 */
const BUDGET_KIB: Record<LambdaName, number> = { intake: 244, diagnose: 900, poller: 440, pagerduty: 420, chat: 187 };

/** Sources no Lambda runs: the simulators, local mode, the CLI. */
const NEVER_IN_A_LAMBDA = [/^functions\/simulator\//, /^functions\/local\//, /^functions\/cli\//];

/** What the intake never runs: the diagnosis, Run:ai and Kubernetes clients, recording, and any HTTP client. */
const NEVER_IN_INTAKE = [/^functions\/diagnosis\//, /^functions\/recording\//, /^functions\/kubernetes\//, /^functions\/worker\//, /node_modules\/undici\//];

/**
 * undici's index loads fetch, WebSocket, the cache… that no Lambda runs; the bundles take the
 * pool (and MockAgent for replaying a recording) from their own modules (functions/http/undiciCore.ts).
 * (The pool's client shares a few body helpers with fetch; fetch itself stays out.)
 * Powertools Parameters imports the Secrets Manager SDK statically (functions/aws/createSecretReader.ts).
 * undici's HTTP parser without WebAssembly SIMD is a fallback arm64 under Node ≥ 20 never takes
 * (infra/lambdaBundling.ts EXTERNAL_MODULES); the request check below runs on the SIMD one alone.
 */
const NEVER_IN_ANY = [
  /node_modules\/undici\/lib\/llhttp\/llhttp-wasm\.js$/,
  /node_modules\/undici\/index\.js$/,
  /node_modules\/undici\/lib\/web\/(fetch\/index|websocket|eventsource|cache|cookies)/,
  /node_modules\/@aws-lambda-powertools\/parameters\//,
];

interface Bundle {
  bytes: number;
  inputs: string[];
  /** External imports kept as static `import` statements: Node loads them at init. */
  staticExternals: string[];
  dynamicExternals: string[];
}

const bundles = new Map<LambdaName, Bundle>();

async function buildBundle(name: LambdaName): Promise<Bundle> {
  const result = await build({
    ...esbuildOptions(),
    sourcemap: false,
    absWorkingDir: PROJECT_ROOT,
    entryPoints: [LAMBDA_ENTRIES[name]],
    outfile: `${name}/index.mjs`,
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  const output: Metafile['outputs'][string] = Object.entries(result.metafile.outputs).find(([path]) => path.endsWith('.mjs'))![1];
  const externals = (kind: string) =>
    output.imports.filter((imported) => imported.external && imported.kind === kind && !imported.path.startsWith('node:')).map((i) => i.path);
  return {
    bytes: output.bytes,
    inputs: Object.keys(output.inputs),
    staticExternals: externals('import-statement'),
    dynamicExternals: externals('dynamic-import'),
  };
}

beforeAll(async () => {
  for (const name of Object.keys(LAMBDA_ENTRIES) as LambdaName[]) bundles.set(name, await buildBundle(name));
}, 120_000);

describe.each(Object.keys(LAMBDA_ENTRIES) as LambdaName[])('the %s bundle', (name) => {
  it('holds no simulator, local-mode or CLI code, nor undici’s index, fetch or Powertools Parameters', () => {
    const inputs = bundles.get(name)!.inputs;
    expect(inputs.filter((input) => [...NEVER_IN_A_LAMBDA, ...NEVER_IN_ANY].some((pattern) => pattern.test(input)))).toEqual([]);
    // The check reads real paths: the bundle's own entry is among them.
    expect(inputs).toContain(LAMBDA_ENTRIES[name]);
  });

  it('loads no AWS SDK at init: every SDK client is imported on first use', () => {
    const bundle = bundles.get(name)!;
    expect(bundle.staticExternals).toEqual([]);
    expect(bundle.dynamicExternals.every((path) => path.startsWith('@aws-sdk/'))).toBe(true);
  });

  it(`stays under its size budget (${BUDGET_KIB[name]} KiB minified)`, () => {
    expect(bundles.get(name)!.bytes / 1024).toBeLessThanOrEqual(BUDGET_KIB[name]);
  });
});

describe('the intake bundle', () => {
  it('holds no diagnosis, recording, Kubernetes, worker or HTTP-client code', () => {
    const inputs = bundles.get('intake')!.inputs;
    expect(inputs.filter((input) => NEVER_IN_INTAKE.some((pattern) => pattern.test(input)))).toEqual([]);
  });
});

describe('the undici parts the bundles carry (functions/http/undiciCore.ts)', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ path: request.url }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('send a request from a bundle without undici’s index nor its non-SIMD parser (the pool gets request() as the index would give it)', async () => {
    const outfile = join(BENCH_OUT_DIR, 'undici-core-check', 'index.mjs');
    await mkdir(join(BENCH_OUT_DIR, 'undici-core-check'), { recursive: true });
    const result = await build({
      ...esbuildOptions(),
      sourcemap: false,
      absWorkingDir: PROJECT_ROOT,
      entryPoints: ['functions/http/createPool.ts'],
      outfile,
      metafile: true,
      logLevel: 'warning',
    });
    const inputs = Object.keys(Object.values(result.metafile.outputs).find((output) => output.entryPoint)!.inputs);
    expect(inputs.some((input) => input.endsWith('node_modules/undici/index.js'))).toBe(false);
    expect(inputs.some((input) => input.endsWith('node_modules/undici/lib/llhttp/llhttp-wasm.js'))).toBe(false);
    expect(inputs.some((input) => input.endsWith('node_modules/undici/lib/llhttp/llhttp_simd-wasm.js'))).toBe(true);
    const { createPool } = (await import(pathToFileURL(outfile).href)) as typeof import('../../functions/http/createPool.js');
    const pool = createPool(origin, { connections: 1, connectTimeoutMs: 1_000 });
    try {
      const response = await pool.request({ origin, path: '/api/v1/ping', method: 'GET' });
      expect(response.statusCode).toBe(200);
      expect(await response.body.json()).toEqual({ path: '/api/v1/ping' });
    } finally {
      await pool.close();
    }
  });
});
