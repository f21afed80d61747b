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

/** Whether any piece of the value is still in the redacted body (its JSON, so an escaped value is found too). */
export function survives(item: NamedSecretCase): boolean {
  const out = JSON.stringify(redactRecordedBody(item.body, createRedactor([])));
  const raw = JSON.stringify(item.body);
  const value = JSON.stringify(item.value).slice(1, -1);
  // The value as it stands in the body: escaped as the body holds it, at any depth.
  const forms = [value, item.value, JSON.stringify(value).slice(1, -1)].filter((form) => raw.includes(form));
  return (forms.length > 0 ? forms : [item.value]).some((form) => out.includes(form));
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
