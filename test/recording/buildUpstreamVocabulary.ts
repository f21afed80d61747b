/**
 * Generates functions/recording/upstreamVocabulary.generated.ts: the words `--anonymize` keeps
 * verbatim in free text (every other identifier-like word is pseudonymised). A word is upstream
 * vocabulary when upstream software writes it — Kubernetes, the runtimes, CUDA, NCCL, the
 * frameworks — or when the diagnosis and the report read or write it:
 *
 * - the string, template and regular-expression literals of functions/diagnosis/** and
 *   functions/report/** (the signal tables, the log-line table, the report's messages);
 * - the `reason`, `verbatim` and `decisive` texts of the upstream signal corpora
 *   fixtures/signals, fixtures/signals-unseen and fixtures/signals-fresh (each entry cites the
 *   upstream source of its message template). fixtures/signals-fresh2 is held out: never read;
 * - the event and phase messages and log lines of the scenarios (fixtures/scenarios).
 *
 * The corpora's messages carry the names their authors invented for the example (a pod, a node,
 * a bucket): every word the scenario fixtures use inside an identifier field (names, namespaces,
 * nodes, images, users…) is left out unless the diagnosis's own literals hold it too.
 *
 * Run: `npx tsx test/recording/buildUpstreamVocabulary.ts` (writes the file);
 * `--check` exits 1 when the file is stale.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { vocabularyTokens } from '../../functions/recording/vocabularyTokens.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const VOCABULARY_FILE = join(ROOT, 'functions/recording/upstreamVocabulary.generated.ts');
export const REGENERATE_COMMAND = 'npx tsx test/recording/buildUpstreamVocabulary.ts';
const CODE_DIRS = ['functions/diagnosis', 'functions/report'];
const CORPORA = ['fixtures/signals', 'fixtures/signals-unseen', 'fixtures/signals-fresh'];
const CORPUS_FIELDS = new Set(['reason', 'verbatim', 'decisive']);
const SCENARIO_TEXT_FIELDS = new Set(['reason', 'message', 'phaseMessage', 'lines']);
const IDENTIFIER_FIELDS = new Set([
  'name',
  'requestedName',
  'namespace',
  'projectName',
  'departmentName',
  'nodeName',
  'node',
  'host',
  'image',
  'images',
  'submittedBy',
  'createdBy',
  'updatedBy',
  'claimName',
  'pod',
  'container',
  'reportingInstance',
  'bucket',
  'server',
  'repository',
  'nodePool',
]);

function filesUnder(dir: string, extension: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(extension)) out.push(join(entry.parentPath, entry.name));
  }
  return out.sort();
}

/** Every string, template and regular-expression literal of a TypeScript file. */
function literalsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, false);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) out.push(node.text);
    else if (ts.isTemplateHead(node)) out.push(node.text);
    else if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) out.push((node as ts.RegularExpressionLiteral).text.replace(/\\[sSdDwWbB]/g, ' '));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function walkJson(value: unknown, visit: (key: string, value: string) => void, key = ''): void {
  if (typeof value === 'string') visit(key, value);
  else if (Array.isArray(value)) for (const item of value) walkJson(item, visit, key);
  else if (value !== null && typeof value === 'object') for (const [child, item] of Object.entries(value)) walkJson(item, visit, child);
}

export function buildUpstreamVocabulary(): string {
  const code = new Set<string>();
  for (const dir of CODE_DIRS)
    for (const file of filesUnder(dir, '.ts')) for (const literal of literalsOf(file)) for (const word of vocabularyTokens(literal)) code.add(word);
  const corpus = new Set<string>();
  for (const dir of CORPORA)
    for (const file of filesUnder(dir, '.json'))
      walkJson(JSON.parse(readFileSync(file, 'utf8')), (key, text) => {
        if (CORPUS_FIELDS.has(key)) for (const word of vocabularyTokens(text)) corpus.add(word);
      });
  // The scenarios' messages and log lines are upstream texts too (their identifiers are left out below).
  for (const file of filesUnder('fixtures/scenarios', '.json'))
    walkJson(JSON.parse(readFileSync(file, 'utf8')), (key, text) => {
      if (SCENARIO_TEXT_FIELDS.has(key)) for (const word of vocabularyTokens(text)) corpus.add(word);
    });
  const invented = new Set<string>();
  for (const file of filesUnder('fixtures/scenarios', '.json'))
    walkJson(JSON.parse(readFileSync(file, 'utf8')), (key, text) => {
      if (IDENTIFIER_FIELDS.has(key)) for (const word of vocabularyTokens(text)) invented.add(word);
    });
  const words = new Set(code);
  for (const word of corpus) if (!invented.has(word)) words.add(word);
  const sorted = [...words].sort();
  return [
    '// Generated by test/recording/buildUpstreamVocabulary.ts — do not edit. Regenerate:',
    `//   ${REGENERATE_COMMAND}`,
    '// Upstream vocabulary `--anonymize` keeps verbatim in free text (lower case, one word a line).',
    'export const UPSTREAM_VOCABULARY = `',
    ...sorted,
    '`;',
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const content = buildUpstreamVocabulary();
  if (process.argv.includes('--check')) {
    const stale = readFileSync(VOCABULARY_FILE, 'utf8') !== content;
    if (stale) process.stderr.write(`stale: run ${REGENERATE_COMMAND}\n`);
    process.exitCode = stale ? 1 : 0;
  } else {
    writeFileSync(VOCABULARY_FILE, content);
    process.stdout.write(`wrote ${VOCABULARY_FILE}: ${content.split('\n').length - 6} words\n`);
  }
}
