/**
 * `npm run bench [-- --json | --markdown] [-- --smoke] [-- --only=intake,bundles]`: runs the
 * bench and prints a table, with --markdown the page docs/performance.md, or with --json
 * exactly one JSON object on stdout. Progress goes to
 * stderr so that stdout stays machine-readable.
 */
import { formatBenchTable } from './formatBenchTable.js';
import { runBench, SECTIONS, type Section } from './runBench.js';

const USAGE = `usage: npm run bench [-- --json | --markdown] [--smoke] [--only=${SECTIONS.join(',')}]`;

function parseArguments(args: readonly string[]): { json: boolean; markdown: boolean; smoke: boolean; only?: Section[] } {
  let json = false;
  let markdown = false;
  let smoke = false;
  let only: Section[] | undefined;
  for (const arg of args) {
    if (arg === '--json') json = true;
    else if (arg === '--markdown') markdown = true;
    else if (arg === '--smoke') smoke = true;
    else if (arg.startsWith('--only=')) {
      const names = arg.slice('--only='.length).split(',');
      const unknown = names.filter((name) => !(SECTIONS as readonly string[]).includes(name));
      if (unknown.length > 0) throw new Error(`unknown section ${unknown.join(', ')}\n${USAGE}`);
      only = names as Section[];
    } else throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  if (json && markdown) throw new Error(`--json and --markdown are exclusive\n${USAGE}`);
  return { json, markdown, smoke, ...(only ? { only } : {}) };
}

try {
  const { json, markdown, ...options } = parseArguments(process.argv.slice(2));
  const report = await runBench({ ...options, progress: (line) => process.stderr.write(`bench: ${line}\n`) });
  process.stdout.write(json ? `${JSON.stringify(report)}\n` : formatBenchTable(report, markdown ? 'markdown' : 'text'));
} catch (error) {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
}
