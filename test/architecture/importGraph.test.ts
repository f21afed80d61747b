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
    role: 'the Tier 1 procedure (diagnoseWorkload.ts), in stage subfolders ranked below',
  },
  report: { layer: 'core', role: 'rendering a verdict as text, per locale' },
  safety: { layer: 'core', role: 'quoting untrusted text, redacting secrets' },
  http: { layer: 'adapter', role: 'the one HTTP layer: pooled GET sender, deadlines, retries, transport/status classification' },
  runai: { layer: 'adapter', role: 'the Run:ai REST client implementing RunaiReader' },
  kubernetes: { layer: 'adapter', role: 'the Kubernetes client implementing KubernetesReader, Tier 2 config and access' },
  delivery: { layer: 'adapter', role: 'SNS publishing, idempotency store' },
  queue: { layer: 'adapter', role: 'SQS and in-memory diagnosis queues' },
  lambda: {
    layer: 'adapter',
    role: 'the Lambda kit: the one Powertools instance module, telemetry, environment reading, the credential-rotating Run:ai client',
  },
  aws: { layer: 'adapter', role: 'the AWS SDK loaded on first use: lazily built clients and the one secret cache' },
  simulator: { layer: 'adapter', role: 'the Run:ai and Kubernetes API simulators (local mode, tests)' },
  recording: {
    layer: 'adapter',
    role: 'the recording format (recording/format/, read by the simulators), recording a diagnosis and replaying it without network',
  },
  readiness: {
    layer: 'adapter',
    role: 'the ReadinessProbe port, running probes with a timeout, and the probes of the queue, a secret’s metadata and the Run:ai token',
  },
  feedback: {
    layer: 'adapter',
    role: '"Was this right?": the signed feedback token, the feedback page and its routes, the answer stores',
  },
  fleet: { layer: 'adapter', role: "the fleet's memory of failures per node (suspect nodes, §4.8): the NodeFailureLog port, its DynamoDB and memory adapters" },
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
 * One level down: functions/diagnosis/ is split by the procedure's stages, each a subfolder
 * with a rank. A stage imports only stages of a lower rank (and itself), so the types at the
 * bottom (ports, model) never import the logic that uses them and no type cycle can form.
 * Files directly in diagnosis/ (the procedure, diagnoseWorkload.ts) sit on top.
 */
const STAGES: Record<string, { rank: number; role: string }> = {
  ports: {
    rank: 0,
    role: 'what the diagnosis reads and through which port: RunaiReader, KubernetesReader, Tier2Access, the response schemas, the workload-kind table',
  },
  model: { rank: 1, role: 'the vocabulary: Fact, Signal, WorkloadEvidence, Recommendation, the message ids (VerdictMessages), DiagnosisResult' },
  signals: { rank: 2, role: 'reading signals from evidence: signal tables, the decisive line, Xid decoding, memory shape, name masking, quoting' },
  classify: { rank: 3, role: 'deciding: the phase gate, the category rules and their registry, recurrence, audience' },
  gather: { rank: 4, role: 'reading evidence through the ports: history, memory, the submitted spec, revisions, resolving a workload by name' },
  tier2: { rank: 4, role: 'Tier 2: interpreting Kubernetes pods, events, nodes and logs (pure), kubectl commands to suggest' },
  distributed: {
    rank: 4,
    role: 'the origin of a multi-pod failure: replicas ordered by first failure, peer-death (collateral) formats, the category re-read from the origin',
  },
  recommend: { rank: 5, role: 'choosing recommendation ids from the decided category and facts' },
  verdict: { rank: 6, role: 'assembling the verdict: evidence list, limitations, routed / stopped / early / diagnosed verdicts, redaction' },
};
const PROCEDURE_RANK = 7;

interface StageEdge {
  from: string;
  to: string;
  file: string;
  specifier: string;
}

const diagnosisDir = join(functionsDir, 'diagnosis');

/** The stage-level edges inside functions/diagnosis/: one per import that crosses a stage boundary. */
function readStageEdges(): StageEdge[] {
  const stageOf = (file: string) => (file.includes('/') ? file.split('/')[0]! : '(procedure)');
  return sourceFiles(diagnosisDir).flatMap((path) => {
    const file = relative(diagnosisDir, path).split(sep).join('/');
    return ts
      .preProcessFile(readFileSync(path, 'utf8'), true, true)
      .importedFiles.map((ref) => ref.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({ specifier, target: posix.normalize(posix.join(dirname(file), specifier)) }))
      .filter(({ target }) => !target.startsWith('..'))
      .map(({ specifier, target }) => ({ from: stageOf(file), to: stageOf(target), file, specifier }))
      .filter((edge) => edge.from !== edge.to);
  });
}

/** Imports that go up or sideways between stages (or touch an undeclared stage), as readable lines. */
function stageViolations(edges: readonly StageEdge[]): string[] {
  const rankOf = (stage: string) => (stage === '(procedure)' ? PROCEDURE_RANK : STAGES[stage]?.rank);
  return edges.flatMap((edge) => {
    const from = rankOf(edge.from);
    const to = rankOf(edge.to);
    if (from === undefined || to === undefined)
      return [`diagnosis/${edge.file}: '${edge.specifier}' — stage ${from === undefined ? edge.from : edge.to} has no rank in STAGES`];
    if (to < from) return [];
    return [`diagnosis/${edge.file}: '${edge.specifier}' — ${edge.from} (rank ${from}) may not import ${edge.to} (rank ${to})`];
  });
}

describe('the stages of functions/diagnosis/', () => {
  const edges = readStageEdges();

  it('is read from the real sources', () => {
    expect(edges).toContainEqual(expect.objectContaining({ from: 'signals', to: 'model' }));
    expect(edges).toContainEqual(expect.objectContaining({ from: 'verdict', to: 'classify' }));
  });

  it('declares a rank for every subfolder', () => {
    const stages = readdirSync(diagnosisDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(stages.sort()).toEqual(Object.keys(STAGES).sort());
  });

  it('imports only downward: ports and model import no logic, so no type cycle can form', () => {
    expect(stageViolations(edges)).toEqual([]);
  });

  it('flags an upward or sideways import and an unknown stage', () => {
    const edge = (from: string, to: string): StageEdge => ({ from, to, file: `${from}/x.ts`, specifier: `../${to}/y.js` });
    expect(stageViolations([edge('model', 'signals'), edge('gather', 'tier2'), edge('nowhere', 'model'), edge('verdict', 'model')])).toEqual([
      "diagnosis/model/x.ts: '../signals/y.js' — model (rank 1) may not import signals (rank 2)",
      "diagnosis/gather/x.ts: '../tier2/y.js' — gather (rank 4) may not import tier2 (rank 4)",
      "diagnosis/nowhere/x.ts: '../model/y.js' — stage nowhere has no rank in STAGES",
    ]);
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
  const stages = Object.entries(STAGES)
    .sort(([, a], [, b]) => a.rank - b.rank)
    .map(([name, stage]) => `| \`functions/diagnosis/${name}/\` | ${stage.rank} | ${stage.role} |`);
  return [
    '| folder | layer | role |',
    '|---|---|---|',
    ...rows,
    '',
    ...rules,
    '',
    'Inside `functions/diagnosis/`, each stage imports only stages of a lower rank; `diagnoseWorkload.ts`, the procedure, sits on top.',
    '',
    '| stage | rank | role |',
    '|---|---|---|',
    ...stages,
  ].join('\n');
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
