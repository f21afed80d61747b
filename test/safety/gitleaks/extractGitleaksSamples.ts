/**
 * Maintenance tool, not a test: extracts gitleaks' true-positive sample secrets and its sample
 * templates into `gitleaksSamples.json`, so `gitleaksSamples.test.ts` can run a maintained
 * public rule set's examples through our redactor without reading outside the repository.
 *
 *   npx tsx test/safety/gitleaks/extractGitleaksSamples.ts <gitleaks checkout> <commit> > test/safety/gitleaks/gitleaksSamples.json
 *
 * Sources (gitleaks, MIT licence, Copyright (c) 2019 Zachary Rice):
 * - `cmd/generate/config/rules/*.go`: every rule builds its true positives (`tps`) with
 *   `utils.GenerateSampleSecret(s)(identifier, secret)`; secrets are literals or
 *   `secrets.NewSecret(regex)`, which we generate with fast-check from the same regex and a
 *   fixed seed (gitleaks generates them randomly too). Calls inside `fps` (false positives)
 *   are skipped; an argument we cannot evaluate (fmt.Sprintf, a function call) is counted as
 *   skipped, never guessed.
 * - `cmd/generate/config/utils/generate.go`: the context templates (`{i}Token = "{s}"`, …).
 * Secrets are stored base64-encoded so the fixture holds no credential-shaped literal that a
 * secret scanner or push protection would stop (the same reason secretCorpus.ts builds its
 * fakes at runtime).
 */
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import type { GitleaksFixture, GitleaksSample } from './GitleaksFixture.js';

const [checkout, commit] = process.argv.slice(2);
if (!checkout || !commit) throw new Error('usage: extractGitleaksSamples.ts <gitleaks checkout> <commit>');
const git = (...args: string[]): string => execFileSync('git', ['-C', checkout, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });

const UTILS: Record<string, (size: string) => string> = {
  Numeric: (n) => `[0-9]{${n}}`,
  Hex: (n) => `[a-f0-9]{${n}}`,
  AlphaNumeric: (n) => `[a-z0-9]{${n}}`,
  AlphaNumericExtendedShort: (n) => `[a-z0-9_-]{${n}}`,
  AlphaNumericExtended: (n) => `[a-z0-9=_\\-]{${n}}`,
  AlphaNumericExtendedLong: (n) => `[a-z0-9\\/=_\\+\\-]{${n}}`,
};
let seed = 0x9e3779b9;

class Unsupported extends Error {}

/** Reads one Go string literal at `at`: "…" (Go escapes are JSON-compatible here) or `…`. */
function readString(src: string, at: number): { value: string; end: number } | null {
  if (src[at] === '`') {
    const end = src.indexOf('`', at + 1);
    if (end < 0) throw new Unsupported('unterminated raw string');
    return { value: src.slice(at + 1, end), end: end + 1 };
  }
  if (src[at] !== '"') return null;
  let i = at + 1;
  while (i < src.length && src[i] !== '"') i += src[i] === '\\' ? 2 : 1;
  if (i >= src.length) throw new Unsupported('unterminated string');
  return { value: JSON.parse(src.slice(at, i + 1)) as string, end: i + 1 };
}

/** The index after the bracket that closes the one at `open`, skipping strings. */
function closing(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i += 1) {
    const c = src[i]!;
    if (c === '"' || c === '`') {
      i = readString(src, i)!.end - 1;
      continue;
    }
    if ('([{'.includes(c)) depth += 1;
    if (')]}'.includes(c)) depth -= 1;
    if (depth === 0) return i + 1;
  }
  throw new Unsupported('unbalanced');
}

/** Splits a call's arguments at top-level commas. */
function splitArgs(inner: string): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i += 1) {
    const c = inner[i]!;
    if (c === '"' || c === '`') {
      i = readString(inner, i)!.end - 1;
      continue;
    }
    if ('([{'.includes(c)) depth += 1;
    if (')]}'.includes(c)) depth -= 1;
    if (c === ',' && depth === 0) {
      args.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  args.push(inner.slice(start));
  return args.map((arg) => arg.trim()).filter((arg) => arg.length > 0);
}

function generate(regex: string): string {
  const source = regex.replace(/^\(\?i\)/, '');
  seed += 1;
  let value: string | undefined;
  try {
    [value] = fc.sample(fc.stringMatching(new RegExp(`^(?:${source})$`)), { seed, numRuns: 1 });
  } catch (error) {
    throw new Unsupported(`cannot generate ${regex}: ${(error as Error).message}`);
  }
  if (value === undefined) throw new Unsupported(`cannot generate ${regex}`);
  return value;
}

/** Evaluates `"a" + secrets.NewSecret(utils.Hex("32")) + name` with the function's own variables. */
function evaluate(expression: string, variables: Map<string, string>): { value: string; generated: boolean } {
  let generated = false;
  const parts: string[] = [];
  let i = 0;
  const src = expression.trim();
  while (i < src.length) {
    while (/\s/.test(src[i] ?? '')) i += 1;
    const literal = readString(src, i);
    if (literal) {
      parts.push(literal.value);
      i = literal.end;
    } else {
      const call = /^(secrets\.NewSecret|utils\.(\w+))\(/.exec(src.slice(i));
      const ident = /^[A-Za-z_]\w*/.exec(src.slice(i));
      if (call) {
        const open = i + call[0].length - 1;
        const end = closing(src, open);
        const inner = src.slice(open + 1, end - 1);
        if (call[1] === 'secrets.NewSecret') {
          parts.push(generate(evaluate(inner, variables).value));
          generated = true;
        } else if (call[2] === 'Hex8_4_4_4_12') {
          parts.push('[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}');
        } else {
          const util = UTILS[call[2]!];
          if (!util) throw new Unsupported(call[0]);
          parts.push(util(evaluate(inner, variables).value));
        }
        i = end;
      } else if (ident && variables.has(ident[0]) && !/^\s*[.(]/.test(src.slice(i + ident[0].length))) {
        parts.push(variables.get(ident[0])!);
        i += ident[0].length;
      } else {
        throw new Unsupported(src.slice(i, i + 40));
      }
    }
    while (/\s/.test(src[i] ?? '')) i += 1;
    if (i < src.length) {
      if (src[i] !== '+') throw new Unsupported(src.slice(i, i + 40));
      i += 1;
    }
  }
  return { value: parts.join(''), generated };
}

const samples: GitleaksSample[] = [];
const skipped: GitleaksFixture['skipped'] = [];
const files = git('ls-tree', '--name-only', commit, 'cmd/generate/config/rules/')
  .split('\n')
  .filter((path) => path.endsWith('.go'));
for (const path of files) {
  const src = git('show', `${commit}:${path}`);
  const funcs = [...src.matchAll(/^func (\w+)\(\)[^\n{]*\{/gm)];
  funcs.forEach((func, index) => {
    const start = func.index!;
    const body = src.slice(start, funcs[index + 1]?.index ?? src.length);
    const rule = /RuleID:\s*"([^"]+)"/.exec(body)?.[1];
    if (!rule) return;
    const needsKeyword = /Regex:\s*utils\.GenerateSemiGenericRegex/.test(body);
    // Simple local variables: `name := "literal"` / `name := secrets.NewSecret(…)`.
    const variables = new Map<string, string>();
    for (const assignment of body.matchAll(/^\s*(\w+)\s*:?=\s*(.+)$/gm)) {
      if (['tps', 'fps', 'r'].includes(assignment[1]!)) continue;
      try {
        variables.set(assignment[1]!, evaluate(assignment[2]!.replace(/\s*\/\/.*$/, ''), variables).value);
      } catch {
        // not a simple string expression
      }
    }
    // Statements assigning tps or fps; a call belongs to the last one before it.
    const owners = [...body.matchAll(/\b(tps|fps)\s*:?=/g)].map((m) => ({ at: m.index!, kind: m[1]! }));
    for (const call of body.matchAll(/utils\.GenerateSampleSecrets?\(/g)) {
      const at = call.index!;
      const line = src.slice(0, start + at).split('\n').length;
      const owner = owners.filter((o) => o.at < at).at(-1);
      if (owner?.kind !== 'tps') continue;
      const lineText = body.slice(body.lastIndexOf('\n', at) + 1, at);
      if (lineText.trim().startsWith('//')) continue;
      try {
        const open = at + call[0].length - 1;
        const args = splitArgs(body.slice(open + 1, closing(body, open) - 1));
        if (args.length !== 2) throw new Unsupported(`${args.length} arguments`);
        const identifier = evaluate(args[0]!, variables).value;
        const secret = evaluate(args[1]!, variables);
        samples.push({
          rule,
          function: func[1]!,
          file: path,
          line,
          identifier,
          needsKeyword,
          generated: secret.generated,
          secretBase64: Buffer.from(secret.value, 'utf8').toString('base64'),
        });
      } catch (error) {
        if (!(error instanceof Unsupported)) throw error;
        skipped.push({ file: path, line, reason: error.message.replace(/\s+/g, ' ').slice(0, 60) });
      }
    }
  });
}

// The context templates of GenerateSampleSecrets, and GenerateSampleSecret's single one.
const generateGo = git('show', `${commit}:cmd/generate/config/utils/generate.go`);
const templates: Record<string, string> = {};
const mapBody = generateGo.slice(generateGo.indexOf('samples := map[string]string{'));
for (const entry of mapBody.slice(0, mapBody.indexOf('\n\t}')).matchAll(/^\s*"([^"]+)":\s*/gm)) {
  const literal = readString(mapBody, entry.index! + entry[0].length);
  if (literal) templates[entry[1]!] = literal.value;
}
const single = /return fmt\.Sprintf\("(.*)", identifier, secret\)/.exec(generateGo);
if (!single) throw new Error('GenerateSampleSecret format not found');
templates['GenerateSampleSecret'] = JSON.parse(`"${single[1]}"`).replace('%s', '{i}').replace('%s', '{s}');

const licence = git('show', `${commit}:LICENSE`).split('\n')[2];
const fixture: GitleaksFixture = {
  source: {
    repository: 'https://github.com/gitleaks/gitleaks',
    commit,
    licence: 'MIT',
    copyright: licence ?? '',
    paths: ['cmd/generate/config/rules/*.go', 'cmd/generate/config/utils/generate.go'],
    extractedBy: 'test/safety/gitleaks/extractGitleaksSamples.ts',
  },
  encoding: 'secretBase64 is the UTF-8 secret in base64, so this file holds no credential-shaped literal',
  counts: {
    samples: samples.length,
    skippedCalls: skipped.length,
    rules: new Set(samples.map((s) => s.rule)).size,
    templates: Object.keys(templates).length,
  },
  templates,
  skipped,
  samples,
};
process.stdout.write(`${JSON.stringify(fixture, null, 1)}\n`);
