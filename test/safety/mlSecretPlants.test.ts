/**
 * Issue #25 item 6, held out from the first corpus: every ML-ecosystem plant is gone after
 * redaction (no planted secret, no 16-character fragment of one), and the ordinary evidence
 * around those shapes stays byte for byte. The leak count is printed so the figure before and
 * after a change to the table can be read off the run.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { quoteUntrusted } from '../../functions/safety/quoteUntrusted.js';
import { redactSecrets } from '../../functions/safety/redactSecrets.js';
import { ML_ORDINARY_TEXT, ML_SECRET_PLANTS, type Plant } from './mlSecretPlants.js';

const fragments = (secret: string): string[] => (secret.length < 16 ? [secret] : Array.from({ length: secret.length - 15 }, (_, i) => secret.slice(i, i + 16)));

function leaks(plant: Plant, output: string): string[] {
  return plant.secrets.filter((secret) => fragments(secret).some((fragment) => output.includes(fragment)));
}

let leaked = 0;
afterAll(() => {
  console.log(`ML plant set: ${leaked} of ${ML_SECRET_PLANTS.length} plants leak through redactSecrets or quoteUntrusted`);
});

describe('ML-ecosystem secret plants (issue #25)', () => {
  it('plants at least 60 samples', () => {
    expect(ML_SECRET_PLANTS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(ML_SECRET_PLANTS.map((plant) => [`${plant.shape} (${plant.wrapper})`, plant] as const))('redacts %s', (_label, plant) => {
    const output = redactSecrets(plant.text);
    // The report's path: cut, strip, redact, flatten (a wrapped token now spans `⏎`), redact again.
    const quoted = quoteUntrusted(plant.text, { maxLength: 4000 });
    const found = [...new Set([...leaks(plant, output), ...leaks(plant, quoted)])];
    if (found.length > 0) leaked += 1;
    expect(found, output).toEqual([]);
    // Idempotent: a second pass changes nothing.
    expect(redactSecrets(output)).toBe(output);
  });

  it.each(ML_ORDINARY_TEXT.map((text) => [text] as const))('keeps ordinary text byte for byte: %s', (text) => {
    expect(redactSecrets(text)).toBe(text);
  });
});
