/**
 * Issue #25 item 1, principles of `--anonymize` in free text (pseudonymizeWords.ts,
 * replaceLocators.ts): a proper noun or a joined token outside the upstream vocabulary is
 * pseudonymised, the same token to the same pseudonym in fields and text; chat ids keep their
 * shape; URLs keep their scheme, query keys and the values that identify no one, while host,
 * path and user are pseudonymised; documentation hosts (RFC 2606) stay.
 */
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';

describe('the vocabulary rule', () => {
  const anonymizer = createAnonymizer([]);

  it.each([
    ['a customer in prose', 'Processing batch for Zorvess Kelmarid: cache warm', ['Zorvess', 'Kelmarid']],
    ['a person in prose', 'Assumed the role for Tovidon Brandquil', ['Tovidon', 'Brandquil']],
    ['a hyphen-joined team token', 'cache yssoth-tuv-fen is cold', ['yssoth-tuv-fen', 'yssoth']],
    ['an underscore-joined token', 'table zor_yssoth_tuv missing', ['zor_yssoth_tuv']],
    ['a Slack member id', 'approved by <@U04QX7PLM2Z>', ['U04QX7PLM2Z']],
    ['a name with diacritics', 'checkpoint saved by José Łukaszewski', ['José', 'Łukaszewski', 'Jos', 'ukaszewski']],
    ['a chat mention', 'cc @kelmarid and @zorvess-ops', ['kelmarid', 'zorvess']],
    ['a name in another script', 'owner 田中 approved the quota', ['田中']],
  ])('pseudonymises %s', (_what, line, planted) => {
    const out = anonymizer.text(line);
    for (const value of planted) expect(out).not.toContain(value);
  });

  it('keeps the program words around them', () => {
    expect(anonymizer.text('@torch.no_grad() decorator; pip install torch@latest; Saving checkpoint')).toBe(
      '@torch.no_grad() decorator; pip install torch@latest; Saving checkpoint',
    );
    expect(anonymizer.text('Processing batch for Zorvess: cache warm')).toMatch(/^Processing batch for \S+: cache warm$/);
    expect(anonymizer.text('torchrun --nproc_per_node 8 NCCL_SOCKET_IFNAME=eth0 Back-off restarting failed container')).toBe(
      'torchrun --nproc_per_node 8 NCCL_SOCKET_IFNAME=eth0 Back-off restarting failed container',
    );
  });

  it('keeps the shape of a chat id and maps one token to one pseudonym everywhere', () => {
    const out = anonymizer.text('ping <@U04QX7PLM2Z> and U04QX7PLM2Z again; Zorvess and Zorvess');
    const [first, second] = [...out.matchAll(/U[A-Z0-9]{10}/g)].map((match) => match[0]);
    expect(first).toBeDefined();
    expect(first).toBe(second);
    expect(out).toMatch(/; (\S+) and \1$/);
    const recording = { workloads: [{ name: 'w', phase: 'Failed', phaseMessage: 'owner Zorvess' }], note: 'Zorvess' };
    const fields = createAnonymizer([recording]);
    const body = fields.value(recording);
    expect(body.workloads[0]!.phaseMessage.split(' ')[1]).toBe(fields.text('Zorvess'));
  });

  it('gives a name one pseudonym whatever its case: prose capitalises it, a joined name or a path does not', () => {
    const out = anonymizer.text('Processing Zorvess shards from zorvess-shards and ZORVESS-shards');
    const pseudonym = /^Processing (\S+) shards/.exec(out)?.[1];
    expect(pseudonym).toMatch(/^name-[0-9a-f]{6}$/);
    expect(out).toBe(`Processing ${pseudonym} shards from ${pseudonym}-shards and ${pseudonym}-shards`);
  });
});

describe('URLs under --anonymize', () => {
  const anonymizer = createAnonymizer([]);

  it('keeps the scheme, the SAS setting keys and times, pseudonymises account and path, redacts the signature', () => {
    const url =
      'https://zorvessdata.blob.core.windows.net/models/llm.bin?sv=2022-11-02&se=2026-12-31T00%3A00%3A00Z&sp=r&sig=AbCdEfGh1234567890abcdefABCDEF1234567890abc%3D';
    const out = anonymizer.text(`Downloading ${url} failed`);
    expect(out).toContain('?sv=2022-11-02&se=2026-12-31T00%3A00%3A00Z&sp=r&sig=');
    expect(out).not.toContain('zorvessdata');
    expect(out).not.toContain('models/llm.bin');
    expect(out).not.toContain('AbCdEfGh1234567890');
    expect(out).toMatch(/^Downloading https:\/\//);
  });

  it('pseudonymises a query value that names someone', () => {
    const out = anonymizer.text('GET https://api.zorvess.io/v1/runs?team=kelmarid-vision&limit=50');
    expect(out).not.toContain('kelmarid');
    expect(out).toContain('limit=50');
    expect(out).toContain('team=');
  });

  it('keeps object-store schemes and a documentation host', () => {
    expect(anonymizer.text('copy s3://zorvess-ckpt/run-7 to gs://kel_data/shards')).toMatch(/^copy s3:\/\/\S+ to gs:\/\/\S+$/);
    expect(anonymizer.text('copy s3://zorvess-ckpt/run-7')).not.toContain('zorvess');
    const doc = 'HTTPError: 401 Client Error: Unauthorized for url: https://loader:[REDACTED]@datasets.example.com/librispeech/train-960.tar';
    expect(anonymizer.text(doc)).toBe(doc);
  });
});
