/**
 * Writes a held-out distributed set: `fixtures/distributed-heldout/<case>/scenario.json` and
 * `expectation.json`, one folder per generated case (distributedHeldOutCases.ts), and removes
 * case folders the generator no longer produces. Run with
 * `npx tsx test/distributed/generateDistributedHeldOut.ts`; `--dir fixtures/distributed-heldout-2`
 * writes the second set (distributedHeldOut2Cases.ts), `--dir fixtures/distributed-heldout-3` the
 * third (distributedHeldOut3Cases.ts), `--dir fixtures/distributed-heldout-4` the fourth
 * (distributedHeldOut4Cases.ts), `--dir fixtures/distributed-heldout-5` the fifth
 * (distributedHeldOut5Cases.ts), `--dir fixtures/distributed-heldout-6` the sixth (distributedHeldOut6Cases.ts),
 * `--dir fixtures/distributed-heldout-7` the seventh (distributedHeldOut7Cases.ts), `--dir fixtures/distributed-heldout-8` the eighth
 * (distributedHeldOut8Cases.ts), `--dir fixtures/distributed-heldout-9` the ninth (distributedHeldOut9Cases.ts), `--dir fixtures/distributed-heldout-10` the tenth (distributedHeldOut10Cases.ts), `--dir fixtures/distributed-heldout-11` the eleventh (distributedHeldOut11Cases.ts). Each set's test fails when the committed files differ from what
 * this writes.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dirArgument, heldOutSet, renderHeldOutFiles } from './heldOutDistributed.js';

const set = heldOutSet(dirArgument(process.argv));
const HELDOUT_DIR = set.dir;
const rendered = renderHeldOutFiles(set);
mkdirSync(HELDOUT_DIR, { recursive: true });
const names = new Set(rendered.map(({ name }) => name));
for (const entry of readdirSync(HELDOUT_DIR, { withFileTypes: true })) {
  if (entry.isDirectory() && !names.has(entry.name)) rmSync(join(HELDOUT_DIR, entry.name), { recursive: true });
}
for (const { name, scenario, expectation } of rendered) {
  mkdirSync(join(HELDOUT_DIR, name), { recursive: true });
  writeFileSync(join(HELDOUT_DIR, name, 'scenario.json'), scenario);
  writeFileSync(join(HELDOUT_DIR, name, 'expectation.json'), expectation);
}
process.stdout.write(`${rendered.length} cases written to ${HELDOUT_DIR}\n`);
