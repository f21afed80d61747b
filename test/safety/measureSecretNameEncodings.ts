/**
 * Measures the redaction of secretNameEncodings.ts's generated cases through the redaction a
 * recording applies (functions/recording/redactRecordedBody.ts: the report's secret patterns in
 * every string, environment values under a secret name, the command line joined):
 *
 *   npx tsx test/safety/measureSecretNameEncodings.ts [--list]
 *
 * Prints secrets that survive per encoding and per place, controls that lost their value, and the
 * totals; `--list` prints each surviving case.
 */
import { createRedactor } from '../../functions/http/createRedactor.js';
import { redactRecordedBody } from '../../functions/recording/redactRecordedBody.js';
import { namedSecretCases, type NamedSecretCase } from './secretNameEncodings.js';

/**
 * Whether any piece of the value is still in the redacted body: each run of four or more letters and
 * digits (`Wint3r`, `njyt38` of `Wint3r#njyt38`), so a value split into words (args), escaped or
 * percent-encoded (`%2F`) is found, and so is a value cut short by a redaction that stopped at a symbol.
 */
export function survives(item: NamedSecretCase): boolean {
  const raw = JSON.stringify(item.body);
  const out = JSON.stringify(redactRecordedBody(item.body, createRedactor([])));
  const pieces = (item.value.match(/[A-Za-z0-9]{4,}/g) ?? []).filter((piece) => raw.includes(piece));
  if (pieces.length === 0) throw new Error(`no piece of the value in the body: ${item.encoding} ${item.name}`);
  return pieces.some((piece) => out.includes(piece));
}

if (process.argv[1]?.endsWith('measureSecretNameEncodings.ts')) {
  const cases = namedSecretCases();
  const secrets = cases.filter((item) => item.secret);
  const controls = cases.filter((item) => !item.secret);
  const byEncoding = new Map<string, [number, number]>();
  const byPlace = new Map<string, [number, number]>();
  const listed: string[] = [];
  let survived = 0;
  for (const item of secrets) {
    const kept = survives(item);
    if (kept) {
      survived += 1;
      listed.push(`  ${item.place} ${item.encoding} ${item.name}: ${item.text}`);
    }
    for (const [map, key] of [
      [byEncoding, item.encoding.split(' ')[0]!],
      [byPlace, item.place],
    ] as const) {
      const entry = map.get(key) ?? [0, 0];
      map.set(key, [entry[0] + (kept ? 1 : 0), entry[1] + 1]);
    }
  }
  const lostControls = controls.filter((item) => !survives(item));
  for (const [key, [kept, total]] of byEncoding) process.stdout.write(`${key.padEnd(26)} ${kept}/${total}\n`);
  for (const [key, [kept, total]] of byPlace) process.stdout.write(`place ${key.padEnd(20)} ${kept}/${total}\n`);
  process.stdout.write(`secrets surviving redaction ${survived}/${secrets.length}\n`);
  process.stdout.write(`controls whose value was redacted ${lostControls.length}/${controls.length}\n`);
  if (process.argv.includes('--list')) {
    process.stdout.write(`${listed.join('\n')}\n`);
    for (const item of lostControls) process.stdout.write(`  control ${item.place} ${item.encoding} ${item.name}: ${item.text}\n`);
  }
}
