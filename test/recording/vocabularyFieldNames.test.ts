/**
 * A name a field gives that is one word upstream writes names no one (collectIdentifiers.ts): the
 * Kubeflow training operator's default container names — `pytorch` (PyTorchJobDefaultContainerName;
 * its webhook requires "at least one container named pytorch"), `tensorflow` (TFJob), `xgboost`,
 * `paddle`, `mpi`, `jax` — and a serving container named after its server (`triton`, `vllm`) are the
 * program's word. Replacing such a name replaced the word everywhere: a public image
 * `nvcr.io/nvidia/pytorch:24.05-py3` lost its repository (heldout3's keep/public-image). Generated:
 * word × the field carrying it × the text quoting the word. Controls: a name that is no upstream word,
 * a joined name and a login that is a word stay replaced.
 */
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';

const WORDS = ['pytorch', 'tensorflow', 'xgboost', 'paddle', 'mpi', 'jax', 'triton', 'vllm'];

/** Where an answer names a container, a node pool or a claim (Kubernetes' pod spec and status, Run:ai's workload). */
const FIELDS: readonly ((name: string) => unknown)[] = [
  (name) => ({ spec: { containers: [{ name, image: `nvcr.io/nvidia/${name}:24.05-py3` }] } }),
  (name) => ({ status: { containerStatuses: [{ name, restartCount: 3 }] } }),
  (name) => ({ nodePool: name }),
  (name) => ({ claimName: name }),
];

/** Texts that quote the word as upstream writes it. */
const TEXTS = [
  (word: string) => `Pulling image "nvcr.io/nvidia/${word}:24.05-py3"`,
  (word: string) => `INFO: backend ${word} initialised`,
  (word: string) => `ghcr.io/${word}/${word}:latest`,
];

describe('a field name that is one upstream word names no one', () => {
  it.each(WORDS.flatMap((word) => FIELDS.map((field, index) => [word, index, field] as const)))('%s (field shape %i)', (word, _index, field) => {
    const anonymizer = createAnonymizer([{ name: 'train-42' }, field(word)]);
    for (const text of TEXTS) expect(anonymizer.text(text(word))).toContain(word);
  });

  it.each(['qorvattnet', 'qorvatt-pytorch', 'pytorch-qorvatt'])('replaces %s, no upstream word or joined with a name', (name) => {
    const anonymizer = createAnonymizer([{ name: 'train-42' }, { spec: { containers: [{ name }] } }]);
    expect(anonymizer.text(`Started container ${name}`)).not.toContain('qorvatt');
  });

  it('replaces a login even when it is an upstream word', () => {
    const anonymizer = createAnonymizer([{ name: 'train-42', submittedBy: 'triton' }]);
    expect(anonymizer.text('submitted by triton')).not.toContain('triton');
  });
});
