/**
 * The held-out measure of "names never steer" (issue #22): every fixture scenario × every name
 * field × the planned upstream hostile names (planHeldOutCases.ts), each renamed copy diagnosed in
 * process and compared with the original. Prints per-field and per-direction figures
 * (`changed N/M`) and the list of changes; `--ledger` prints the known-changes.json ledger instead.
 *
 *   npx tsx test/scenarios/heldoutNames/measureHeldOutNames.ts [--ledger]
 */
import { loadScenarios } from '../../../functions/simulator/startRunaiSimulator.js';
import { NAME_FIELDS } from '../renameScenario.js';
import { FIXTURES_DIR } from '../scenarioHarness.js';
import { caseKey, HELD_OUT_SEED, HIDE_PER_FIELD, planHeldOutCases, PULL_PER_FIELD } from './planHeldOutCases.js';
import { runHeldOutCases, type HeldOutResult } from './runHeldOutCases.js';
import { upstreamPullNames, upstreamWords } from './upstreamHostileNames.js';
import { UPSTREAM_VOCABULARIES } from './upstreamVocabularies.js';
import { ledgerEntry } from './knownChanges.js';

const figure = (results: readonly HeldOutResult[]) => `changed ${results.filter((result) => result.changed.length > 0).length}/${results.length}`;

async function main(): Promise<void> {
  const scenarios = await loadScenarios(FIXTURES_DIR);
  const cases = planHeldOutCases(scenarios);
  const { results, notApplicable } = await runHeldOutCases(scenarios, cases);
  const changes = results.filter((result) => result.changed.length > 0);
  if (process.argv.includes('--ledger')) {
    process.stdout.write(`${JSON.stringify(changes.map(ledgerEntry), null, 2)}\n`);
    return;
  }
  const terms = UPSTREAM_VOCABULARIES.reduce((sum, vocabulary) => sum + vocabulary.terms.length, 0);
  const sources = new Set(UPSTREAM_VOCABULARIES.map((vocabulary) => vocabulary.source)).size;
  console.log(
    `seed ${HELD_OUT_SEED}: ${sources} sources, ${terms} upstream terms, ${upstreamWords().size} words, ${upstreamPullNames(HELD_OUT_SEED).length} pull names`,
  );
  console.log(
    `scenarios ${scenarios.length}, fields ${NAME_FIELDS.length}, per field ${PULL_PER_FIELD} pull + ${HIDE_PER_FIELD} hide: cases planned ${cases.length}, run ${results.length}, no place for the field ${notApplicable}`,
  );
  for (const field of NAME_FIELDS) {
    const ofField = results.filter((result) => result.heldOut.field === field);
    const pull = ofField.filter((result) => result.heldOut.name.direction === 'pull');
    const hide = ofField.filter((result) => result.heldOut.name.direction === 'hide');
    console.log(`field ${field.padEnd(15)} pull ${figure(pull).padEnd(16)} hide ${figure(hide)}`);
  }
  for (const direction of ['pull', 'hide'] as const)
    console.log(`direction ${direction} ${figure(results.filter((result) => result.heldOut.name.direction === direction))}`);
  console.log(`total ${figure(results)}`);
  for (const change of changes) {
    const { heldOut, baseline, outcome } = change;
    const what = change.changed.map((key) => `${key}: ${JSON.stringify(baseline[key])} -> ${JSON.stringify(outcome[key])}`).join('; ');
    console.log(`CHANGED ${caseKey(heldOut)} (term ${JSON.stringify(heldOut.name.term)}) ${what}`);
  }
}

await main();
