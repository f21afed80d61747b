/**
 * Identifiers inside resource names and cache folders (issue #25), by the format that carries
 * them: a Google Cloud project in `projects/{project}/{collection}/…` (AIP-122) and in a GCE
 * zonal DNS name, a Twilio Account SID, a Hugging Face cache folder `models--{org}--{name}`.
 * Values of this file's own; the structure (collections, zone, `c.`, `models--`) stays.
 */
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';

describe('identifiers inside resource names', () => {
  it.each([
    [
      'a Vertex endpoint by project number',
      'POST https://us-east4-aiplatform.googleapis.com/v1/projects/604117728193/locations/us-east4/endpoints/77123:predict',
      ['604117728193'],
    ],
    ['a Secret Manager path by project id', 'reading projects/tallow-serving-prod/secrets/api-gw/versions/latest', ['tallow-serving-prod', 'tallow']],
    ['a project id made of ordinary words', 'projects/ml-serving-prod/locations/europe-west4/models/9', ['ml-serving-prod']],
    ['a GCE zonal DNS name', 'connect to gpu-box-7.us-central1-a.c.tallow-serving-prod.internal:8470', ['gpu-box-7', 'tallow-serving-prod']],
    ['a Twilio Account SID', "client = Client({'account_sid': 'AC4f0c9e1b7a2d83654e0f9a1b2c3d4e5f'})", ['4f0c9e1b7a2d83654e0f9a1b2c3d4e5f']],
    ['a Hugging Face cache folder', 'loading /root/.cache/huggingface/hub/models--tallow-labs--reranker-ft/snapshots/3f2a9c/config.json', ['tallow']],
  ])('replaces %s', (_what, line, planted) => {
    const out = createAnonymizer([]).text(line);
    for (const value of planted) expect(out, out).not.toContain(value);
  });

  it('gives a project id one pseudonym in a resource name and in a GCE host name', () => {
    const anonymizer = createAnonymizer([]);
    const path = anonymizer.text('projects/tallow-serving-prod/secrets/x/versions/1');
    const host = anonymizer.text('vm-3.europe-west4-b.c.tallow-serving-prod.internal');
    const pseudonym = /^projects\/([a-z]+-[0-9a-f]{6})\//.exec(path)?.[1];
    expect(pseudonym, path).toBeDefined();
    expect(host, host).toMatch(new RegExp(`^host-[0-9a-f]{6}\\.c\\.${pseudonym}\\.example\\.invalid$`));
  });

  it('gives a hub repository one pseudonym as a folder and as an org/name', () => {
    const anonymizer = createAnonymizer([]);
    const repo = anonymizer.text('--model tallow-labs/reranker-ft');
    const folder = anonymizer.text('hub/models--tallow-labs--reranker-ft/snapshots');
    const org = /--model ([^/]+)\//.exec(repo)?.[1];
    expect(org).toMatch(/^name-[0-9a-f]{6}-/);
    expect(folder).toContain(`models--${org}--`);
  });

  it.each([
    'GET /api/v1/projects/4/nodepools and projects/12345/metrics',
    'loading hub/models--meta-llama--Llama-3.1-8B-Instruct/snapshots/0e9e39f/config.json',
    'ACCEPTED 200; hex 0xACDC; ACME is not a SID',
  ])('keeps %s', (line) => {
    expect(createAnonymizer([]).text(line)).toBe(line);
  });
});
