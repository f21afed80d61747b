/**
 * The shape of the house, checked on every run: each folder of functions/ belongs to one
 * layer, imports only flow inward (entry points → adapters → core), and no two folders
 * import each other. A folder is the first path segment under functions/ (its subfolders,
 * e.g. diagnosis/tier2, belong to it); files directly in functions/ (the bundler script)
 * are not part of the graph.
 *
 * Every import is read with TypeScript's own pre-processor (static, `import type`,
 * `export … from`, dynamic `import()` and side-effect imports alike), so nothing that
 * compiles can slip past a regular expression.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

type Layer = 'core' | 'adapter' | 'entry';

/** Every folder of functions/, its layer and its role. A new folder must be added here. */
const FOLDERS: Record<string, { layer: Layer; role: string }> = {
  core: { layer: 'core', role: 'shared vocabulary: verdict, requests, quantities, timestamps' },
  config: { layer: 'core', role: 'the names of each Lambda environment variable, shared with infra' },
  diagnosis: {
    layer: 'core',
    role: 'the Tier 1 procedure and rules; ports/ (RunaiReader, KubernetesReader, Tier2Access, the response schemas they return) and tier2/ (pure Kubernetes interpretation)',
  },
  report: { layer: 'core', role: 'rendering a verdict as text, per locale' },
  safety: { layer: 'core', role: 'quoting untrusted text, redacting secrets' },
  http: { layer: 'adapter', role: 'the one HTTP layer: pooled GET sender, deadlines, retries, transport/status classification' },
  runai: { layer: 'adapter', role: 'the Run:ai REST client implementing RunaiReader' },
  kubernetes: { layer: 'adapter', role: 'the Kubernetes client implementing KubernetesReader, Tier 2 config and access' },
  delivery: { layer: 'adapter', role: 'SNS publishing, idempotency store' },
  queue: { layer: 'adapter', role: 'SQS and in-memory diagnosis queues' },
  lambda: { layer: 'adapter', role: 'the Lambda kit: telemetry, environment reading, the credential-rotating Run:ai client' },
  simulator: { layer: 'adapter', role: 'the Run:ai and Kubernetes API simulators (local mode, tests)' },
  recording: { layer: 'adapter', role: 'recording a diagnosis (redacted, anonymised exchanges) and replaying it without network' },
  readiness: {
    layer: 'adapter',
    role: 'the ReadinessProbe port, running probes with a timeout, and the probes of the queue, a secret’s metadata and the Run:ai token',
  },
  feedback: {
    layer: 'adapter',
    role: '"Was this right?": the signed feedback token, the feedback page and its routes, the answer stores',
  },
  metrics: { layer: 'adapter', role: 'the OperationsMetrics port, its Powertools (EMF) adapter and in-memory fake, the one metrics namespace' },
  intake: { layer: 'entry', role: 'the webhook Lambda' },
  worker: { layer: 'entry', role: 'the diagnose Lambda' },
  poller: { layer: 'entry', role: 'the poller Lambda' },
  pagerduty: { layer: 'entry', role: 'the PagerDuty forwarder Lambda: Events API v2 events from delivered notifications, and their sender' },
  chat: { layer: 'entry', role: 'the chat forwarder Lambda: Amazon Q Developer custom notifications from delivered notifications' },
  destinations: { layer: 'entry', role: 'the notification destination registry: context keys, delivery, renderer and filter preset of each' },
  local: { layer: 'entry', role: 'local mode (npm start, demo)' },
  cli: { layer: 'entry', role: 'the runai-diagnose command' },
};

/** A layer may import from itself and from the layers listed here. */
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  core: ['core'],
  adapter: ['core', 'adapter'],
  entry: ['core', 'adapter', 'entry'],
};

interface Edge {
  from: string;
  to: string;
  file: string;
  specifier: string;
}

const functionsDir = fileURLToPath(new URL('../../functions/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

/** The folder-level edges of functions/: one per import that crosses a folder boundary. */
function readImportGraph(): { files: number; edges: Edge[] } {
  const files = sourceFiles(functionsDir).filter((path) => relative(functionsDir, path).includes(sep));
  const edges = files.flatMap((path) => {
    const file = relative(functionsDir, path).split(sep).join('/');
    const from = file.split('/')[0]!;
    return ts
      .preProcessFile(readFileSync(path, 'utf8'), true, true)
      .importedFiles.map((ref) => ref.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({ from, to: posix.normalize(posix.join(dirname(file), specifier)).split('/')[0]!, file, specifier }))
      .filter((edge) => edge.to !== edge.from);
  });
  return { files: files.length, edges };
}

const pairKey = (a: string, b: string) => [a, b].sort().join(' ↔ ');

/** Folder pairs that import each other, each as `a ↔ b` (sorted). */
function twoWayPairs(edges: readonly Pick<Edge, 'from' | 'to'>[]): string[] {
  const directed = new Set(edges.map((edge) => `${edge.from}→${edge.to}`));
  const pairs = new Set(edges.filter((edge) => directed.has(`${edge.to}→${edge.from}`)).map((edge) => pairKey(edge.from, edge.to)));
  return [...pairs].sort();
}

/** Imports that break the layering (or touch an undeclared folder), as readable lines. */
function layerViolations(edges: readonly Edge[]): string[] {
  return edges.flatMap((edge) => {
    const from = FOLDERS[edge.from];
    const to = FOLDERS[edge.to];
    if (!from || !to) return [`${edge.file}: '${edge.specifier}' — folder ${!from ? edge.from : edge.to} has no layer in FOLDERS`];
    if (MAY_IMPORT[from.layer].includes(to.layer)) return [];
    return [`${edge.file}: '${edge.specifier}' — ${from.layer} (${edge.from}) may not import ${to.layer} (${edge.to})`];
  });
}

describe('the import graph of functions/', () => {
  const { files, edges } = readImportGraph();

  it('is read from the real sources', () => {
    expect(files).toBeGreaterThan(100);
    // A few edges that must exist if imports are resolved at all.
    expect(edges).toContainEqual(expect.objectContaining({ from: 'runai', to: 'diagnosis' }));
    expect(edges).toContainEqual(expect.objectContaining({ from: 'kubernetes', to: 'http' }));
  });

  it('declares a layer for every folder', () => {
    const folders = readdirSync(functionsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual(Object.keys(FOLDERS).sort());
  });

  it('has no import against the layering (core imports only core; adapters never import entry points)', () => {
    expect(layerViolations(edges)).toEqual([]);
  });

  it('has no two-way folder edge', () => {
    expect(twoWayPairs(edges)).toEqual([]);
  });
});

/**
 * docs/architecture.md shows FOLDERS between two markers, rendered by this function: the map
 * a newcomer reads is the table this test enforces. `UPDATE_DOCS=1` rewrites it.
 */
function renderFolderTable(): string {
  const layers: Layer[] = ['entry', 'adapter', 'core'];
  const rows = layers.flatMap((layer) =>
    Object.entries(FOLDERS)
      .filter(([, folder]) => folder.layer === layer)
      .map(([name, folder]) => `| \`functions/${name}/\` | ${layer} | ${folder.role} |`),
  );
  const rules = layers.map((layer) => `- ${layer} may import ${MAY_IMPORT[layer].join(', ')}`);
  return ['| folder | layer | role |', '|---|---|---|', ...rows, '', ...rules].join('\n');
}

describe('docs/architecture.md', () => {
  const docPath = fileURLToPath(new URL('../../docs/architecture.md', import.meta.url));
  const START = '<!-- folder-table: rendered from FOLDERS in test/architecture/importGraph.test.ts (UPDATE_DOCS=1) -->';
  const END = '<!-- folder-table end -->';

  it('shows the folder table this test enforces, word for word', () => {
    const doc = readFileSync(docPath, 'utf8');
    const [before, rest] = doc.split(START);
    const after = rest?.split(END)[1];
    expect(after, `${docPath} lacks the folder-table markers`).toBeDefined();
    const expected = `${before}${START}\n${renderFolderTable()}\n${END}${after}`;
    if (process.env.UPDATE_DOCS === '1' && doc !== expected) writeFileSync(docPath, expected);
    else expect(doc, 'docs/architecture.md differs from FOLDERS (UPDATE_DOCS=1 rewrites it)').toBe(expected);
  });
});

describe('the checks themselves', () => {
  const edge = (from: string, to: string): Edge => ({ from, to, file: `${from}/x.ts`, specifier: `../${to}/y.js` });

  it('find a two-way pair once, whatever the direction seen first', () => {
    expect(twoWayPairs([edge('tier2', 'diagnosis'), edge('diagnosis', 'tier2'), edge('runai', 'core')])).toEqual(['diagnosis ↔ tier2']);
  });

  it('flag a core folder importing an adapter, an adapter importing an entry point, and an unknown folder', () => {
    expect(layerViolations([edge('diagnosis', 'runai'), edge('runai', 'worker'), edge('nowhere', 'core'), edge('worker', 'diagnosis')])).toEqual([
      "diagnosis/x.ts: '../runai/y.js' — core (diagnosis) may not import adapter (runai)",
      "runai/x.ts: '../worker/y.js' — adapter (runai) may not import entry (worker)",
      "nowhere/x.ts: '../core/y.js' — folder nowhere has no layer in FOLDERS",
    ]);
  });
});
