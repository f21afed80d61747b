/**
 * Issue #25, the third held-out set (heldOutPlants3.ts; README.md here): recordings safe to
 * attach to a public issue, and no secret in a recording, a report or a notification, on a
 * third base scenario (a distributed OOM that only Tier 2 explains) and on families and
 * wrappings the first two sets have none of. For every seed:
 * - every plant reached the raw recording, and none survives anywhere in the `--anonymize` folder;
 * - an identifier written in several places gets one pseudonym in all of them;
 * - the texts the diagnosis and its reader need stay verbatim (and were in the raw recording);
 * - the anonymized replay reaches the raw replay's verdict (failing line modulo pseudonyms and
 *   the report's own ` … ` elision);
 * - no planted secret (whole, or any 16-character piece) is in the raw or the anonymized
 *   recording, or in the text reports (en, fr), the JSON verdict, or the SNS notifications
 *   (en, fr), and each is one the report's own redaction removes from its text.
 *
 * What fails on the engine this set was first measured on is in known-survivors.json (figures:
 * BASELINE.md); the tests are the ones every consistency set shares (describeConsistencyPlantSet.ts).
 */
import { describeConsistencyPlantSet } from './describeConsistencyPlantSet.js';
import { FAMILIES_3, HELD_OUT_SEEDS_3, buildHeldOutSet3 } from './heldOutPlants3.js';
import { measureHeldOut3 } from './measureHeldOut3.js';

describeConsistencyPlantSet({
  ordinal: 'third',
  sets: await Promise.all(HELD_OUT_SEEDS_3.map((seed) => buildHeldOutSet3(seed))),
  families: FAMILIES_3,
  minimum: { plants: 70, secrets: 18, keep: 20, consistency: 4 },
  ledgerUrl: new URL('./known-survivors.json', import.meta.url),
  measure: measureHeldOut3,
  diagnosis: { workload: 'workload', category: 'OOM_KILLED', command: 'kubectl describe pod', why: 'the OOM kill is read from the pod description (Tier 2)' },
  quoted: {
    what: 'a field that carried a secret',
    texts: () => [{ text: 'DEBUG hub: using token', why: "the termination message's last lines are quoted: they hold a token wrapped over two lines" }],
  },
});
