/**
 * the quality bars, docs/tests.md cold start: each Lambda bundle built exactly as the CDK app builds it (entries
 * and esbuild options from infra/lambdaBundling.ts), then its minified size, what fills it
 * (esbuild metafile, grouped by npm package or product folder), and its module init time:
 * the median wall time of fresh `node` processes importing it, minus an empty `node` start.
 *
 * The AWS SDK is external (the Lambda runtime provides it). A static import of it is loaded
 * at init, so it is in `initMs`; `externalInitMs` times importing only those externals, so
 * `ownInitMs` is what the bundle's own code costs. The handlers load the SDK on first use
 * (functions/aws/loadAwsSdk.ts: a dynamic import), which init does not pay: only static
 * imports count here. Runs are interleaved (empty, bundle,
 * externals, next bundle…) so that a noisy second hits every figure alike.
 */
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { ESBUILD_OPTIONS, esbuildOptions, LAMBDA_ENTRIES, type LambdaName } from '../../infra/lambdaBundling.js';
import type { BundleContributor, BundleFigures } from './BenchReport.js';
import { BENCH_OUT_DIR, PROJECT_ROOT } from './benchPaths.js';
import { median, round } from './median.js';
import { runNode } from './runNode.js';

const TOP_CONTRIBUTORS = 6;

interface BuiltBundle {
  name: LambdaName;
  entry: string;
  file: string;
  bytes: number;
  topContributors: BundleContributor[];
  external: string[];
}

/** `node_modules/@scope/pkg/…` → `@scope/pkg`; `functions/intake/x.ts` → `functions/intake`. */
function contributorOf(input: string): string {
  const parts = input.split('/');
  const nodeModules = parts.lastIndexOf('node_modules');
  if (nodeModules >= 0) {
    const first = parts[nodeModules + 1] ?? input;
    return first.startsWith('@') ? `${first}/${parts[nodeModules + 2] ?? ''}` : first;
  }
  return parts.slice(0, Math.min(2, parts.length - 1)).join('/') || input;
}

function topContributors(output: Metafile['outputs'][string]): BundleContributor[] {
  const bytes = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const name = contributorOf(input);
    bytes.set(name, (bytes.get(name) ?? 0) + bytesInOutput);
  }
  return [...bytes]
    .map(([name, size]) => ({ name, bytes: size }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, TOP_CONTRIBUTORS);
}

async function buildBundle(name: LambdaName): Promise<BuiltBundle> {
  const entry = LAMBDA_ENTRIES[name];
  const file = join(BENCH_OUT_DIR, name, 'index.mjs');
  const result = await build({
    ...esbuildOptions(),
    absWorkingDir: PROJECT_ROOT,
    entryPoints: [entry],
    outfile: file,
    metafile: true,
    logLevel: 'warning',
  });
  const output = Object.entries(result.metafile.outputs).find(([path]) => path.endsWith('.mjs'))?.[1];
  if (!output) throw new Error(`esbuild produced no .mjs for ${name}`);
  const external = [
    ...new Set(
      output.imports
        .filter((imported) => imported.external && imported.kind === 'import-statement' && isConfiguredExternal(imported.path))
        .map((imported) => imported.path),
    ),
  ].sort();
  return { name, entry, file, bytes: (await stat(file)).size, topContributors: topContributors(output), external };
}

/** The packages the bundle leaves to the runtime (`@aws-sdk/*`), not the Node built-ins it imports. */
function isConfiguredExternal(path: string): boolean {
  return ESBUILD_OPTIONS.external.some((pattern) => (pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern));
}

const importScript = (specifiers: readonly string[]) => specifiers.map((specifier) => `await import(${JSON.stringify(specifier)});`).join('');

export async function measureBundles(options: { initRuns: number }): Promise<BundleFigures[]> {
  await mkdir(BENCH_OUT_DIR, { recursive: true });
  const bundles = await Promise.all((Object.keys(LAMBDA_ENTRIES) as LambdaName[]).map(buildBundle));
  const evalModule = (script: string) => runNode(['--input-type=module', '-e', script], PROJECT_ROOT);

  const empty: number[] = [];
  const full = new Map<LambdaName, number[]>(bundles.map((bundle) => [bundle.name, []]));
  const externals = new Map<LambdaName, number[]>(bundles.map((bundle) => [bundle.name, []]));
  await evalModule(''); // the first start pays for the disk cache
  for (let run = 0; run < options.initRuns; run += 1) {
    empty.push((await evalModule('')).wallMs);
    for (const bundle of bundles) {
      full.get(bundle.name)!.push((await evalModule(importScript([pathToFileURL(bundle.file).href]))).wallMs);
      externals.get(bundle.name)!.push((await evalModule(importScript(bundle.external))).wallMs);
    }
  }
  const emptyMs = median(empty);
  return bundles.map((bundle) => {
    const initMs = median(full.get(bundle.name)!) - emptyMs;
    const externalInitMs = median(externals.get(bundle.name)!) - emptyMs;
    return {
      name: bundle.name,
      bytes: bundle.bytes,
      initMs: round(initMs, 1),
      externalInitMs: round(externalInitMs, 1),
      ownInitMs: round(initMs - externalInitMs, 1),
      entry: bundle.entry,
      topContributors: bundle.topContributors,
      external: bundle.external,
    };
  });
}
