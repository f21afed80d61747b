/**
 * A node condition the table does not know — node-problem-detector's or a GPU health check's,
 * True while the problem lasts — is a node failure when it reports a hardware Xid, quoted from
 * the driver's line; an application Xid, or a condition no longer True, is not.
 */
import { describe, expect, it } from 'vitest';
import { signalsFromKubernetesNode } from '../../functions/diagnosis/tier2/signalsFromKubernetes.js';

const node = (conditions: object[]) => ({ metadata: { name: 'dgx-a100-04' }, status: { conditions } }) as never;
const condition = (status: string, message: string) => ({
  type: 'GPUProblem',
  status,
  reason: 'GPUFault',
  message,
  lastTransitionTime: '2026-12-03T10:00:00Z',
});
const failureAt = Date.parse('2026-12-03T10:05:00Z');

describe('an Xid in a custom node condition', () => {
  it('a hardware Xid (79, fallen off the bus) is a NODE_FAILURE quoting the driver line', () => {
    const [signal, ...rest] = signalsFromKubernetesNode(
      node([condition('True', 'kernel: NVRM: Xid (PCI:0000:3b:00): 79, pid=2841, GPU has fallen off the bus.')]),
      'dgx-a100-04',
      'kubectl describe node dgx-a100-04',
      failureAt,
    );
    expect(rest).toEqual([]);
    expect(signal?.kind).toBe('NODE_FAILURE');
    expect(signal?.xid?.xid).toBe(79);
    expect(signal?.line?.text).toContain('NVRM: Xid (PCI:0000:3b:00): 79');
    expect(signal?.nodeName).toBe('dgx-a100-04');
  });

  it('an application Xid (13, graphics engine exception), a cleared condition or no Xid is not a node failure', () => {
    const signals = signalsFromKubernetesNode(
      node([
        condition('True', 'NVRM: Xid (PCI:0000:3b:00): 13, Graphics Exception'),
        condition('False', 'NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.'),
        condition('True', 'fan speed low'),
      ]),
      'dgx-a100-04',
      'kubectl describe node dgx-a100-04',
      failureAt,
    );
    expect(signals).toEqual([]);
  });

  it('a standard condition keeps its table row (Ready=False is a node failure without an Xid)', () => {
    const signals = signalsFromKubernetesNode(
      node([{ type: 'Ready', status: 'False', reason: 'KubeletNotReady', message: 'PLEG is not healthy', lastTransitionTime: '2026-12-03T10:00:00Z' }]),
      'dgx-a100-04',
      'kubectl describe node dgx-a100-04',
      failureAt,
    );
    expect(signals.map((signal) => [signal.kind, signal.xid ?? null])).toEqual([['NODE_FAILURE', null]]);
  });
});
