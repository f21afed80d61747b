/**
 * Generator of test material for "protocol vocabulary is not an identifier": every generated
 * protocol field name (protocolFieldNames.generated.ts) × the formats a log writes a field in
 * (a header line, klog's round-tripper dump, curl's -H, a JSON key, a form body, YAML), with a value
 * of this file's own. Measures whether the name is kept verbatim and, for a field whose name says it
 * carries a principal (protocolFieldNames.ts principalOfField), whether the value is gone.
 *
 *   npx tsx test/recording/protocolFieldPlants.ts [--list]
 */
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';
import { PROTOCOL_FIELD_NAMES } from '../../functions/recording/protocolFieldNames.generated.js';
import { principalOfField } from '../../functions/recording/protocolFieldNames.js';

export interface ProtocolFieldPlant {
  readonly name: string;
  readonly format: string;
  readonly text: string;
  readonly value: string;
  readonly principal: boolean;
}

/** The canonical spelling of a header (`retry-after` → `Retry-After`); parameters and trailers keep theirs. */
const headerCase = (name: string): string => name.replace(/(^|-)([a-z])/g, (_m, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`);

export const FORMATS: Readonly<Record<string, (name: string, value: string) => string>> = {
  'header-line': (n, v) => `${headerCase(n)}: ${v}`,
  'klog-dump': (n, v) => `I1207 04:00:00.000001       1 round_trippers.go:473]     ${headerCase(n)}: ${v}`,
  curl: (n, v) => `curl -sk -H "${headerCase(n)}: ${v}" https://10.0.0.1:6443/api/v1/pods`,
  'json-key': (n, v) => `{"${n}": "${v}", "status": 401}`,
  'form-body': (n, v) => `body=${n}=${v}&x=1`,
  yaml: (n, v) => `${n}: ${v}`,
};

export function protocolFieldPlants(): ProtocolFieldPlant[] {
  const names = PROTOCOL_FIELD_NAMES.split('\n').filter((name) => name !== '');
  const plants: ProtocolFieldPlant[] = [];
  names.forEach((raw, index) => {
    // A prefix field is written with a key of its own after the prefix.
    const name = raw.endsWith('-') ? `${raw}scopes` : raw;
    // Lower case and letters only: the hard case, a word the word rule would keep as the program's.
    const value = `quorvane${String.fromCharCode(97 + (index % 26))}${String.fromCharCode(97 + Math.floor(index / 26))}`;
    const principal = !raw.endsWith('-') && principalOfField(name) !== null;
    for (const [format, write] of Object.entries(FORMATS)) plants.push({ name, format, text: write(name, value), value, principal });
  });
  return plants;
}

export function measureProtocolFieldPlants(): { namesKept: number; principalValuesGone: number; principals: number; total: number; lost: string[] } {
  const anonymizer = createAnonymizer([{ name: 'train-42' }]);
  const plants = protocolFieldPlants();
  const lost: string[] = [];
  let namesKept = 0;
  let principalValuesGone = 0;
  for (const plant of plants) {
    const out = anonymizer.text(plant.text);
    const spelled = plant.format === 'header-line' || plant.format === 'klog-dump' || plant.format === 'curl' ? headerCase(plant.name) : plant.name;
    const prefix = spelled.endsWith('-scopes') ? spelled.slice(0, -'scopes'.length) : spelled;
    if (out.includes(prefix)) namesKept += 1;
    else lost.push(`name  ${plant.format}: ${plant.text} -> ${out}`);
    if (plant.principal) {
      if (!out.includes(plant.value)) principalValuesGone += 1;
      else lost.push(`value ${plant.format}: ${plant.text} -> ${out}`);
    }
  }
  return { namesKept, principalValuesGone, principals: plants.filter((plant) => plant.principal).length, total: plants.length, lost };
}

if (process.argv[1]?.endsWith('protocolFieldPlants.ts')) {
  const result = measureProtocolFieldPlants();
  process.stdout.write(`protocol field names kept ${result.namesKept}/${result.total}\n`);
  process.stdout.write(`principal values pseudonymised ${result.principalValuesGone}/${result.principals}\n`);
  if (process.argv.includes('--list')) process.stdout.write(`${result.lost.join('\n')}\n`);
}
