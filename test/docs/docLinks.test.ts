/**
 * The documentation points only at things that exist: in README.md, docs/*.md and every
 * fixtures/**\/README.md, each relative link resolves to a file or folder, each `#anchor`
 * (same page or another) names a heading by GitHub's slug rules, and each repository path
 * mentioned in code spans (`functions/…`, `test/…`, `fixtures/…`, `infra/…`, `deploy/…`)
 * exists. A rename that forgets a page fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function readmesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return readmesUnder(path);
    return entry.name === 'README.md' ? [path] : [];
  });
}

const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  ...readmesUnder('fixtures'),
];

/** GitHub's heading anchor (github-slugger): lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingSlugs(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const slugs = new Set<string>();
  for (const line of withoutCodeBlocks(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}

/** Fenced code blocks blanked out: a `# comment` in a shell snippet is not a heading, a URL in one not a link. */
function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ''));
}

interface Reference {
  page: string;
  target: string;
}

/** Relative links and anchors of a page: `[text](target)`; absolute URLs and mail links are not ours to check. */
export function relativeLinks(markdown: string): string[] {
  const prose = withoutCodeBlocks(markdown).replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

// Not docs/: pages link to each other with Markdown links (checked above), and `docs/…` in a code span
// usually names a file of an upstream repository being cited.
const REPOSITORY_PATH = /^(?:functions|test|fixtures|infra|deploy)\/[A-Za-z0-9_./-]*$/;

/** Repository paths named in code spans, e.g. `functions/cli/runCli.ts` or `fixtures/scenarios/` (placeholders and globs skipped). */
export function mentionedPaths(markdown: string): string[] {
  const spans = [...withoutCodeBlocks(markdown).matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!.trim());
  return spans.flatMap((span) => span.split(/[\s,]+/)).filter((token) => REPOSITORY_PATH.test(token) && !token.includes('..'));
}

function resolveLink(reference: Reference): string | null {
  const [path, anchor] = reference.target.split('#') as [string, string | undefined];
  const file = path === '' ? reference.page : join(dirname(reference.page), decodeURIComponent(path));
  if (!existsSync(join(ROOT, file))) return `${reference.page}: link to ${reference.target}: ${relative(ROOT, join(ROOT, file))} does not exist`;
  if (anchor === undefined || anchor === '') return null;
  if (!file.endsWith('.md')) return `${reference.page}: link to ${reference.target}: an anchor into a file that is not Markdown`;
  const slugs = headingSlugs(readFileSync(join(ROOT, file), 'utf8'));
  return slugs.has(decodeURIComponent(anchor)) ? null : `${reference.page}: link to ${reference.target}: no heading "#${anchor}" in ${file}`;
}

describe('the documentation resolves', () => {
  it('reads the pages', () => {
    expect(PAGES).toContain('README.md');
    expect(PAGES.length).toBeGreaterThan(15);
  });

  it('every relative link and #anchor points at a file and a heading that exist', () => {
    const broken = PAGES.flatMap((page) =>
      relativeLinks(readFileSync(join(ROOT, page), 'utf8'))
        .map((target) => resolveLink({ page, target }))
        .filter((problem) => problem !== null),
    );
    expect(broken).toEqual([]);
  });

  it('every repository path in a code span exists', () => {
    const missing = PAGES.flatMap((page) =>
      mentionedPaths(readFileSync(join(ROOT, page), 'utf8'))
        .filter((path) => !existsSync(join(ROOT, path.replace(/[.:]+$/, ''))))
        .map((path) => `${page}: \`${path}\` does not exist`),
    );
    expect(missing).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('slug headings as GitHub does', () => {
    expect([
      ...headingSlugs(
        '# The CLI: "why did my workload fail?"\n## Tier 2 (optional Kubernetes evidence)\n## Tier 2 (optional Kubernetes evidence)\n```sh\n# not a heading\n```',
      ),
    ]).toEqual(['the-cli-why-did-my-workload-fail', 'tier-2-optional-kubernetes-evidence', 'tier-2-optional-kubernetes-evidence-1']);
    expect([...headingSlugs('## `npm start` and `--example`')]).toEqual(['npm-start-and---example']);
  });

  it('find relative links and anchors, not URLs, and paths in code spans only', () => {
    const page =
      'See [a](tests.md#lanes), [b](#top), [c](https://x.example), `functions/cli/runCli.ts` and functions/not-a-span.ts.\n```\n[d](nowhere.md)\n```';
    expect(relativeLinks(page)).toEqual(['tests.md#lanes', '#top']);
    expect(mentionedPaths(page)).toEqual(['functions/cli/runCli.ts']);
  });
});
