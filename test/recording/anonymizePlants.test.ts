/**
 * Issue #25 item 1 (part): personal and infrastructure strings planted in fields and free text
 * of a recording must not survive `--anonymize`; the count of survivors is printed so the figure
 * before and after a change can be read off the run. Diagnosis text (reasons, exit codes,
 * Kubernetes phrasing, public resource names) stays verbatim. Host names in free text, and the
 * other families, are planted in anonymizeDevelopmentPlants.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';

const PLANTS = [
  '10.42.7.19',
  '172.31.250.4',
  '192.168.100.23',
  'fd00:10:244:1::2f',
  '2600:1f18:4a3:6c00:abcd:1234:5678:9abc',
  's3://acme-ml-prod-checkpoints/llama/run-7',
  'gs://acme-private-datasets/imagenet',
  'abfss://lake@acmestorage.dfs.core.windows.net/raw',
  'arn:aws:iam::123456789012:role/acme-trainer',
  'arn:aws:s3:::acme-bucket',
  '/home/jdoe',
  '/Users/alice.martin',
  'jupyter.team-vision.acme.io',
  'minio://acme-minio/checkpoints',
  'arn:aws:sts::210987654321:assumed-role/ml/jdoe',
  '/home/bsmith',
  '10.0.0.1',
];

const recording = {
  workloads: [{ name: 'train-7', projectName: 'vision', phase: 'Failed' }],
  events: PLANTS.map((plant, index) => ({
    reason: 'BackOff',
    message: `Back-off restarting failed container main: connecting to ${plant} failed (attempt ${index}); 0/4 nodes are available: 4 Insufficient nvidia.com/gpu`,
  })),
  spec: { environmentVariables: PLANTS.map((plant, index) => ({ name: `VAR_${index}`, value: plant })) },
};

let leaked = 0;
afterAll(() => console.log(`anonymize plants: ${leaked} of ${PLANTS.length} survive --anonymize`));

describe('--anonymize removes planted personal and infrastructure strings', () => {
  const anonymizer = createAnonymizer([recording]);
  const out = JSON.stringify(anonymizer.value(recording));

  it.each(PLANTS.map((plant) => [plant] as const))('%s', (plant) => {
    const survives = out.includes(plant);
    if (survives) leaked += 1;
    expect(survives).toBe(false);
  });

  it('keeps what the diagnosis reads verbatim, and pseudonymises consistently', () => {
    expect(out).toContain('0/4 nodes are available: 4 Insufficient nvidia.com/gpu');
    expect(out).toContain('Back-off restarting failed container main');
    expect(anonymizer.text('to 10.42.7.19 and back to 10.42.7.19')).toMatch(/^to (\S+) and back to \1$/);
  });
});
