/**
 * The human-readable form of a BenchReport: one block per figure, targets beside the numbers.
 * `text` is the terminal table; `markdown` is docs/performance.md (`npm run bench -- --markdown`),
 * whose tables test/bench/bench.smoke.test.ts compares, row names and columns, with what
 * the bench produces, so the page cannot go stale silently.
 */
import type {
  BenchReport,
  BundleFigures,
  CriticalPathEntry,
  EndToEndFigures,
  IntakeFigures,
  MemoryFigures,
  StormFigures,
  WorstCaseFigures,
} from './BenchReport.js';
import { RATIO_TARGET } from './benchTargets.js';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

export type BenchStyle = 'text' | 'markdown';

/** The style of the call in progress (formatBenchTable sets it; the blocks below read it). */
let style: BenchStyle = 'text';

function table(header: string[], rows: string[][]): string {
  if (style === 'markdown') {
    const line = (cells: string[]) => `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
    return ['', line(header), line(header.map(() => '---')), ...rows.map(line), ''].join('\n');
  }
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

function criticalPathBlock(entries: CriticalPathEntry[], latencyMs: number): string {
  const rows = entries.map((entry) => [
    entry.scenario,
    entry.option,
    entry.wallMs.toFixed(1),
    String(entry.roundTrips),
    entry.roundTripTarget === null ? '-' : `≤ ${entry.roundTripTarget}`,
    entry.ratio.toFixed(3),
    entry.inRatioTarget ? (entry.ratio <= RATIO_TARGET ? 'ok' : 'OVER') : `excluded: ${entry.excludedBecause ?? ''}`,
  ]);
  const inTarget = entries.filter((entry) => entry.inRatioTarget);
  const worst = Math.max(...inTarget.map((entry) => entry.ratio));
  const roundsOk = inTarget.every((entry) => entry.roundTrips <= (entry.roundTripTarget ?? Infinity));
  return [
    `Critical path — ${latencyMs} ms injected per Run:ai request, median of warm runs`,
    table(['scenario', 'opt', 'wall ms', 'rounds', 'target', 'ratio', `ratio ≤ ${RATIO_TARGET}`], rows),
    `${inTarget.length} of ${entries.length} scenarios in target: round trips ${roundsOk ? 'all within target' : 'OVER TARGET'}, worst ratio ${worst.toFixed(3)}`,
  ].join('\n');
}

function intakeBlock(intake: IntakeFigures): string {
  return [
    `Intake — ${intake.alerts} alerts (${kb(intake.bodyBytes)}) → ${intake.accepted} accepted, ${intake.skipped} skipped; median of ${intake.runs}`,
    table(
      ['handler ms', 'JSON.parse ms', 'ratio', 'parseAlertmanagerPayload ms', 'target'],
      [[intake.medianMs.toFixed(2), intake.jsonParseMs.toFixed(2), intake.ratioToJsonParse.toFixed(2), intake.parsePayloadMs.toFixed(2), '< 100 ms']],
    ),
  ].join('\n');
}

function bundlesBlock(bundles: BundleFigures[]): string {
  return [
    'Bundles — built from infra/lambdaBundling.ts; init = median fresh `node` import − empty `node` start; AWS SDK ms = the SDK a bundle imports statically (the handlers import it on first use)',
    table(
      ['bundle', 'minified', 'init ms', 'AWS SDK ms', 'own ms', 'top contributors'],
      bundles.map((bundle) => [
        bundle.name,
        kb(bundle.bytes),
        bundle.initMs.toFixed(1),
        bundle.externalInitMs.toFixed(1),
        bundle.ownInitMs.toFixed(1),
        bundle.topContributors
          .slice(0, 4)
          .map((c) => `${c.name} ${kb(c.bytes)}`)
          .join(', '),
      ]),
    ),
  ].join('\n');
}

function memoryBlock(memory: MemoryFigures): string {
  return [
    `Memory — one diagnosis, history of ${memory.historyRecords} records (${memory.historyPagesTotal} pages); median peak RSS of ${memory.children} child process(es)`,
    table(
      ['lookback', 'history pages read', 'peak RSS MB', 'min–max MB', 'wall ms', 'OOM kills counted'],
      [
        ['(floor: load only)', '-', memory.baselineRssMb.toFixed(1), '-', '-', '-'],
        ...memory.runs.map((run) => [
          run.lookback,
          String(run.historyPages),
          run.peakRssMb.toFixed(1),
          `${run.minRssMb.toFixed(1)}–${run.maxRssMb.toFixed(1)}`,
          run.wallMs.toFixed(1),
          String(run.recurrence ?? '-'),
        ]),
      ],
    ),
  ].join('\n');
}

function stormBlock(storm: StormFigures): string {
  return [
    `Storm — ${storm.requests} requests in ${storm.batches} batches of ${storm.batchSize}, ${storm.latencyMs} ms per Run:ai request`,
    table(
      ['total ms', 'max concurrent Run:ai', 'bound', 'notifications', 'digests', 'published', 'duplicates', 'failed'],
      [
        [
          String(storm.totalMs),
          String(storm.maxConcurrentRunaiRequests),
          `${storm.bound} = min(${storm.workerConcurrency} × ${storm.fanOutPerDiagnosis}, pool ${storm.poolConnections})`,
          String(storm.notifications),
          String(storm.digests),
          String(storm.published),
          String(storm.duplicates),
          String(storm.failed),
        ],
      ],
    ),
  ].join('\n');
}

function endToEndBlock(figures: EndToEndFigures): string {
  const { lone, storm } = figures;
  return [
    `End to end — webhook accepted → notification published, local mode, ${figures.latencyMs} ms per Run:ai request`,
    table(
      ['case', 'runs / failures', 'p50 ms', 'p99 ms', 'notifications', 'bar'],
      [
        ['lone failure', String(lone.runs), String(lone.p50Ms), String(lone.p99Ms), String(lone.runs), 'p50 ≤ 5000, p99 ≤ 15000'],
        [
          'storm on one cluster',
          `${storm.failures} in a ${storm.windowSeconds} s window`,
          '—',
          `${storm.lastNotificationMs} (last)`,
          String(storm.notifications),
          `≤ ${storm.bar} (threshold alone + one digest)`,
        ],
      ],
    ),
  ].join('\n');
}

function worstCaseBlock(worst: WorstCaseFigures): string {
  const { hangingEndpoint: hanging, largeAnswer, boundedReads } = worst;
  return [
    `Worst case — ${hanging.records} records, /events hangs (scaled: ${hanging.requestTimeoutMs} ms per request, ${hanging.lambdaTimeoutMs} ms Lambda timeout)`,
    table(
      ['batch deadline', 'first publish ms', 'wall ms', 'published', 'dead-lettered', 'peak RSS MB'],
      hanging.runs.map((run) => [
        run.deadline ? 'yes' : 'no (before)',
        run.firstPublishMs === null ? 'none in time' : String(run.firstPublishMs),
        String(run.wallMs),
        String(run.published),
        String(run.deadLettered),
        run.peakRssMb.toFixed(1),
      ]),
    ),
    '',
    `Worst case — one events answer of ${Math.round(largeAnswer.answerBytes / 1048576)} MB, read in a child process`,
    table(
      ['answer cap', 'outcome', 'wall ms', 'peak RSS MB'],
      largeAnswer.runs.map((run) => [
        `${Math.round(run.capBytes / 1048576)} MiB${run.capBytes > largeAnswer.answerBytes ? ' (before: no effective cap)' : ''}`,
        run.outcome,
        String(run.wallMs),
        run.peakRssMb.toFixed(1),
      ]),
    ),
    '',
    `Worst case — bounded reads: ${boundedReads.historyPages} history pages, and one cluster of ${boundedReads.pollerPages} listing pages beside 3 healthy ones, ${boundedReads.pageBytes / 1e6} MB each, in a child process`,
    table(
      ['case', 'heap cap MB', 'outcome', 'wall ms', 'peak RSS MB'],
      boundedReads.runs.map((run) => [run.case, String(run.heapMb), run.outcome, String(run.wallMs), run.peakRssMb.toFixed(1)]),
    ),
  ].join('\n');
}

/** Sections absent from a partial report (`--only`) are left out. */
export function formatBenchTable(report: Partial<BenchReport>, as: BenchStyle = 'text'): string {
  style = as;
  const meta = report.meta;
  const blocks = [
    report.criticalPath && criticalPathBlock(report.criticalPath, meta?.latencyMs ?? Number.NaN),
    report.intake && intakeBlock(report.intake),
    report.bundles && bundlesBlock(report.bundles),
    report.memory && memoryBlock(report.memory),
    report.storm && stormBlock(report.storm),
    report.endToEnd && endToEndBlock(report.endToEnd),
    report.worstCase && worstCaseBlock(report.worstCase),
    meta &&
      `Node ${meta.node}, ${meta.cpus} CPUs${meta.smoke ? ', SMOKE RUN (fewer runs and scenarios)' : ''}; bench took ${(meta.totalMs / 1000).toFixed(1)} s`,
  ];
  const text = blocks.filter(Boolean) as string[];
  style = 'text';
  if (as === 'text') return `${text.join('\n\n')}\n`;
  // Markdown: each block's first line is its heading.
  const sections = text.map((block) => (block.startsWith('Node ') ? block : `## ${block}`));
  return `${[MARKDOWN_HEADER, ...sections].join('\n\n').replace(/\n{3,}/g, '\n\n')}\n`;
}

const MARKDOWN_HEADER = `# Performance

Generated by \`npm run bench -- --markdown > docs/performance.md\` on the machine named at the
end; do not edit by hand. What each figure is and how it is measured: [tests.md](tests.md)
(the quality bars) and the files of \`test/bench/\`, one per figure. The test
\`test/bench/bench.smoke.test.ts\` fails when this page's tables no longer have the rows
and columns the bench produces; timings are not compared.`;
