/**
 * The last redaction pass covers every string of the verdict, fields added after it was written
 * included: a credential that reached the node name, the origin or the workload's name (a hostile
 * or broken control plane can put anything there) leaves the engine redacted.
 */
import { describe, expect, it } from 'vitest';
import { redactVerdict } from '../../functions/diagnosis/verdict/redactVerdict.js';
import { makeVerdict } from '../delivery/verdictFixture.js';

const TOKEN = 'hf_' + 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z';

describe('redactVerdict', () => {
  it('redacts a credential in any string field, nested ones included', () => {
    const verdict = makeVerdict({
      node: { name: `gpu-node-7 token=${TOKEN}`, suspect: null },
      origin: { pod: 'train-worker-3', node: `HF_TOKEN=${TOKEN}`, at: '2026-12-03T10:00:00.000Z', signal: `exit 1: ${TOKEN}`, collateral: 3 },
      failingLine: `login with ${TOKEN} failed`,
    } as never);
    const out = JSON.stringify(redactVerdict(verdict));
    expect(out).not.toContain(TOKEN);
    expect(out).toContain('gpu-node-7');
    expect(out).toContain('train-worker-3');
  });

  it('leaves a verdict without a secret byte-identical', () => {
    const verdict = makeVerdict();
    expect(redactVerdict(verdict)).toEqual(verdict);
  });
});
