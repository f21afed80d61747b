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

/** The AWS SDK v3 is provided by the Lambda Node runtime: never bundled. */
export const EXTERNAL_MODULES = ['@aws-sdk/*'];

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
