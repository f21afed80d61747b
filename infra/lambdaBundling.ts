/**
 * One definition of what each Lambda bundle is and how it is built, shared by the CDK
 * app (NodejsFunction bundling with the local esbuild) and by `npm run bench` (which
 * measures the same bundles), so the two can never drift apart.
 */
export const LAMBDA_ENTRIES = {
  intake: 'functions/intake/lambdaHandler.ts',
  diagnose: 'functions/worker/lambdaHandler.ts',
  poller: 'functions/poller/lambdaHandler.ts',
  pagerduty: 'functions/pagerduty/lambdaHandler.ts',
  chat: 'functions/chat/lambdaHandler.ts',
} as const;

/** ESBUILD_OPTIONS as esbuild's own (mutable) option types take them: what a test or the bench builds with. */
export function esbuildOptions() {
  return { ...ESBUILD_OPTIONS, mainFields: [...ESBUILD_OPTIONS.mainFields], external: [...ESBUILD_OPTIONS.external], banner: { ...ESBUILD_OPTIONS.banner } };
}
export type LambdaName = keyof typeof LAMBDA_ENTRIES;

/**
 * Left out of every bundle:
 * - the AWS SDK v3, which the Lambda Node runtime provides;
 * - undici's second HTTP parser. undici ships llhttp compiled to WebAssembly twice, with SIMD
 *   (`llhttp_simd-wasm.js`) and without (`llhttp-wasm.js`, 70 KiB as base64), and takes the plain
 *   one only when the SIMD module does not compile (`lazyllhttp` in undici/lib/dispatcher/client-h1.js:
 *   ppc64 before Node 24.12, or `UNDICI_NO_WASM_SIMD=1`). Our functions run on arm64 (createFunction.ts)
 *   under Node ≥ 20, whose V8 compiles WebAssembly SIMD, so the plain copy is never loaded there. Were it
 *   ever asked for, its `require` fails with MODULE_NOT_FOUND at the first request — a clear error, not
 *   a wrong answer. The pattern matches the path as undici writes it (esbuild matches external
 *   wildcards against the import path); test/architecture/lambdaBundles checks that a bundle still
 *   sends a request and that the copy stays out.
 */
export const EXTERNAL_MODULES = ['@aws-sdk/*', '*/llhttp/llhttp-wasm.js'];

/** esbuild target: the oldest Node the bundles must run on (local Node 20; Lambda runs newer). */
export const BUNDLE_TARGET = 'node20';

/** ESM output still meets CommonJS dependencies that call require(): give them one. */
export const ESM_REQUIRE_BANNER = "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);";

/** esbuild options both builders apply (CDK maps them onto its BundlingOptions). */
export const ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: BUNDLE_TARGET,
  minify: true,
  sourcemap: true,
  treeShaking: true,
  mainFields: ['module', 'main'],
  external: EXTERNAL_MODULES,
  banner: { js: ESM_REQUIRE_BANNER },
  legalComments: 'none',
} as const;
