/**
 * What the metamorphic measure prints: per carrier and output, how many carried secrets the
 * relation holds for out of those it judges (reached, plain twin holding), the cases out of
 * scope, and the ledger of breaks (known-breaks.json's shape).
 */
import { OUTPUTS, describeBreak, judge, type BatchOutcome, type CaseOutcome, type Output } from './measureBatch.js';

export interface BreaksLedger {
  /** Follow-up cases whose carried secret leaves an identifying piece, by output. */
  recording: Record<string, string>;
  report: Record<string, string>;
  /** Plain twins (source cases) the product does not redact, `<id>#<output>`: out of the relation's scope. */
  plainMisses: Record<string, string>;
  /** Cases whose text never reached the raw recording (their absence there proves nothing). */
  notRecorded: Record<string, string>;
}

const all = (outcomes: readonly BatchOutcome[]) => outcomes.flatMap((batch) => batch.outcomes);
const isFollowUp = (outcome: CaseOutcome) => outcome.case.twin !== null;

export function breaksLedger(outcomes: readonly BatchOutcome[]): BreaksLedger {
  const cases = all(outcomes);
  const ledger: BreaksLedger = { recording: {}, report: {}, plainMisses: {}, notRecorded: {} };
  for (const outcome of cases) {
    if (outcome.output === 'recording' && !outcome.reached)
      ledger.notRecorded[outcome.case.id] = `${outcome.case.placement}: the tag is not in the raw recording`;
    if (!isFollowUp(outcome)) {
      if (outcome.reached && outcome.pieces.length) ledger.plainMisses[`${outcome.case.id}#${outcome.output}`] = describeBreak(outcome);
      continue;
    }
    if (judge(outcome, cases) === 'breaks') ledger[outcome.output][outcome.case.id] = describeBreak(outcome);
  }
  return ledger;
}

/** `held/judged` for the follow-up cases selected, in one output, with the out-of-scope counts. */
function cell(outcomes: readonly CaseOutcome[], cases: readonly CaseOutcome[], output: Output): string {
  const mine = outcomes.filter((outcome) => outcome.output === output && isFollowUp(outcome));
  const judged = mine.map((outcome) => judge(outcome, cases));
  const held = judged.filter((judgement) => judgement === 'holds').length;
  const broken = judged.filter((judgement) => judgement === 'breaks').length;
  const twin = judged.filter((judgement) => judgement === 'twin-fails').length;
  return `${`${held}/${held + broken}`.padStart(7)}${twin ? ` (+${twin} twin fails)` : ''}`.padEnd(24);
}

export function figureLines(outcomes: readonly BatchOutcome[], carriers: readonly string[]): string[] {
  const cases = all(outcomes);
  const followUps = cases.filter((outcome) => outcome.output === 'recording' && isFollowUp(outcome)).length;
  const lines = [
    `metamorphic redaction: ${outcomes.length} batches (seeds ${outcomes[0]?.seed}–${outcomes[outcomes.length - 1]?.seed}), ${followUps} carried secrets, each with a plain twin`,
    'relation holds / cases judged (reached the output, plain twin redacted there)',
    '',
    `${'carrier'.padEnd(26)} ${'recording'.padEnd(24)} report`,
  ];
  for (const carrier of carriers) {
    const mine = cases.filter((outcome) => outcome.case.carrier === carrier);
    lines.push(`${carrier.padEnd(26)} ${OUTPUTS.map((output) => cell(mine, cases, output)).join(' ')}`.trimEnd());
  }
  lines.push(`${'all'.padEnd(26)} ${OUTPUTS.map((output) => cell(cases, cases, output)).join(' ')}`.trimEnd(), '');
  for (const output of OUTPUTS) {
    const twins = cases.filter((outcome) => outcome.output === output && !isFollowUp(outcome) && outcome.reached);
    const reached = cases.filter((outcome) => outcome.output === output && isFollowUp(outcome) && outcome.reached).length;
    lines.push(
      `${output}: plain twins redacted ${twins.filter((outcome) => outcome.pieces.length === 0).length}/${twins.length}; carried cases that reached it ${reached}/${followUps}`,
    );
  }
  const byPlacement = new Map<string, number[]>();
  for (const outcome of cases.filter((item) => item.output === 'recording' && isFollowUp(item))) {
    const counts = byPlacement.get(outcome.case.placement) ?? [0, 0];
    const judgement = judge(outcome, cases);
    if (judgement === 'holds') counts[0]!++;
    if (judgement === 'holds' || judgement === 'breaks') counts[1]!++;
    byPlacement.set(outcome.case.placement, counts);
  }
  lines.push(`recording by placement: ${[...byPlacement].map(([placement, [held, judged]]) => `${placement} ${held}/${judged}`).join(', ')}`);
  const categories = new Map<string, number>();
  for (const batch of outcomes) categories.set(String(batch.category), (categories.get(String(batch.category)) ?? 0) + 1);
  lines.push(`verdict per batch: ${[...categories].map(([category, count]) => `${category} ×${count}`).join(', ')}`);
  return lines;
}
