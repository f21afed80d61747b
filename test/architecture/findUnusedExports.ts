/**
 * Unused exports, found with TypeScript's parser: an `export` of functions/, infra/ or test/
 * that its own file does not use and no other file imports (by name, by `import *`, by `export … from`, or by a dynamic
 * `import()`, which counts as using every export). Public entry points are exempt: the Lambda
 * handler files infra/ names by path, the process entries of the CLI, local mode and the bench,
 * and test files. `npm run lint` runs it (`tsx test/architecture/findUnusedExports.ts`); the
 * architecture test checks the function on a small tree.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface SourceTree {
  /** Repository-relative path (with `/`) → source text. */
  files: Map<string, string>;
  /** Files whose exports are public (entry points). */
  entries: Set<string>;
}

const ALL = '*';

function exportedNames(source: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const statement of source.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    const exported = modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) ?? false;
    const isDefault = modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword) ?? false;
    if (exported && isDefault) names.push('default');
    else if (exported && ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
    } else if (
      exported &&
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      names.push(statement.name.text);
    } else if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) names.push(element.name.text);
    } else if (ts.isExportAssignment(statement)) names.push('default');
  }
  return names;
}

/** The repository file a relative specifier names (`./x.js` → `x.ts`), or null. */
function resolveSpecifier(from: string, specifier: string, files: Map<string, string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = join(dirname(from), specifier).split(sep).join('/');
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), `${base}.ts`, `${base}/index.ts`];
  return candidates.find((candidate) => files.has(candidate)) ?? null;
}

/** `file → names` other files use (ALL: every export). */
function usedNames(tree: SourceTree): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const use = (file: string | null, name: string) => {
    if (file === null) return;
    if (!used.has(file)) used.set(file, new Set());
    used.get(file)!.add(name);
  };
  for (const [path, text] of tree.files) {
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const target = resolveSpecifier(path, node.moduleSpecifier.text, tree.files);
        const clause = node.importClause;
        if (clause?.name) use(target, 'default');
        if (clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings)) use(target, ALL);
        if (clause?.namedBindings && ts.isNamedImports(clause.namedBindings)) {
          for (const element of clause.namedBindings.elements) use(target, (element.propertyName ?? element.name).text);
        }
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const target = resolveSpecifier(path, node.moduleSpecifier.text, tree.files);
        if (!node.exportClause || ts.isNamespaceExport(node.exportClause)) use(target, ALL);
        else for (const element of node.exportClause.elements) use(target, (element.propertyName ?? element.name).text);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = node.arguments;
        if (argument && ts.isStringLiteralLike(argument)) use(resolveSpecifier(path, argument.text, tree.files), ALL);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        const target = resolveSpecifier(path, node.argument.literal.text, tree.files);
        use(target, node.qualifier && ts.isIdentifier(node.qualifier) ? node.qualifier.text : ALL);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return used;
}

function identifierCounts(source: ts.SourceFile): Map<string, number> {
  const counts = new Map<string, number>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) counts.set(node.text, (counts.get(node.text) ?? 0) + 1);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return counts;
}

/** `path: name` for every export nothing else uses (nor its own file), sorted. */
export function findUnusedExports(tree: SourceTree): string[] {
  const used = usedNames(tree);
  const unused: string[] = [];
  for (const [path, text] of tree.files) {
    if (tree.entries.has(path) || /\.test\.ts$/.test(path)) continue;
    const names = used.get(path) ?? new Set<string>();
    if (names.has(ALL)) continue;
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const localUses = identifierCounts(source);
    // An export also used in its own file (a Props interface of a construct, a schema of a type) is
    // part of that file's signature: as knip's ignoreExportsUsedInFile, only dead exports are reported.
    for (const name of exportedNames(source)) if (!names.has(name) && (localUses.get(name) ?? 0) <= 1) unused.push(`${path}: ${name}`);
  }
  return unused.sort();
}

function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(root, path);
    return /\.(ts|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The repository as a SourceTree: entries are what a person or AWS runs by path. */
export function readRepository(root: string): SourceTree {
  // vitest.config.ts too: it imports from test/ (the lanes, the unit lane's Vite plugin), and vitest reads its default export.
  const paths = [...['functions', 'infra', 'test'].flatMap((dir) => sourceFiles(root, dir)), 'vitest.config.ts'];
  const files = new Map(paths.map((path) => [path, readFileSync(join(root, path), 'utf8')]));
  const entries = new Set<string>([
    'functions/cli/main.ts',
    'functions/local/main.ts',
    'functions/local/demo.ts',
    'infra/app.ts',
    'test/bench/main.ts',
    'vitest.config.ts',
  ]);
  // The Lambda handlers infra bundles by path (their `handler` is what AWS calls), and child scripts tests run by path.
  for (const text of files.values()) {
    for (const match of text.matchAll(/['"`]((?:functions|test)\/[A-Za-z0-9_/.-]+\.ts)['"`]/g)) if (existsSync(join(root, match[1]!))) entries.add(match[1]!);
  }
  return { files, entries };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const unused = findUnusedExports(readRepository(root));
  if (unused.length > 0) {
    process.stderr.write(`${unused.length} unused exports (remove the export, or the code):\n${unused.map((line) => `  ${line}`).join('\n')}\n`);
    process.exitCode = 1;
  } else process.stdout.write(`no unused exports in ${relative(process.cwd(), root) || '.'}\n`);
}
