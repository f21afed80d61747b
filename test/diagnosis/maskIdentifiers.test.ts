/**
 * Names never steer: the mask patterns read messages through, and the signal readers that use
 * it (both tiers). The whole-scenario check is test/scenarios/namesNeverSteer.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { signalsFromEvents, signalsFromHistory, signalsFromStatus } from '../../functions/diagnosis/extractSignals.js';
import { maskIdentifiers, NAME_PLACEHOLDER, unmaskPart } from '../../functions/diagnosis/maskIdentifiers.js';
import type { RunaiEvent, WorkloadDetailed } from '../../functions/diagnosis/ports/runaiSchemas.js';
import { selectLogLine } from '../../functions/diagnosis/tier2/selectLogLine.js';
import { signalsFromKubernetesEvents, signalsFromKubernetesPod } from '../../functions/diagnosis/tier2/signalsFromKubernetes.js';
import { imageNames, workloadNames } from '../../functions/diagnosis/workloadNames.js';

const P = NAME_PLACEHOLDER;

describe('maskIdentifiers', () => {
  it('masks whole name tokens only: a workload named `oom` leaves OOMKilled alone', () => {
    const mask = maskIdentifiers({ names: ['oom', 'killed'] });
    expect(mask('container oom was OOMKilled; OOM-killed; oomkilled-x; runai-oom; oom.')).toBe(
      `container ${P} was OOMKilled; OOM-killed; oomkilled-x; runai-oom; ${P}.`,
    );
  });

  it('tolerates a name far longer than any Kubernetes name (a malformed field): masked literally, never a crash', () => {
    const huge = `OOMKilled-${'A'.repeat(105_000)}`;
    const mask = maskIdentifiers({ owners: ['trainer'], names: [huge, 'dgx-a100-10'] });
    expect(mask(`pod trainer-0-0 on dgx-a100-10 wrote ${huge} then OOMKilled`)).toBe(`pod ${P} on ${P} wrote ${P} then OOMKilled`);
  });

  it('is case-sensitive (controllers copy names verbatim; system words are not spelt in lowercase)', () => {
    const mask = maskIdentifiers({ names: ['nodenotready'] });
    expect(mask('NodeNotReady: node nodenotready is not ready')).toBe(`NodeNotReady: node ${P} is not ready`);
  });

  it('masks the longest name first, and names derived from an owner (pods, launchers)', () => {
    const mask = maskIdentifiers({ owners: ['oomkilled-repro'], names: ['oomkilled', 'runai-genai'] });
    expect(
      mask(
        'Pod runai-genai/oomkilled-repro-0-0 failed; oomkilled-repro-launcher exited; Back-off restarting failed container oomkilled in pod oomkilled-repro-0-0_runai-genai(3e1f)',
      ),
    ).toBe(`Pod ${P}/${P} failed; ${P} exited; Back-off restarting failed container ${P} in pod ${P}_${P}(3e1f)`);
  });

  it('masks images as cited (with and without tag, as Docker Hub expands them), not their path segments', () => {
    const mask = maskIdentifiers({ names: [...imageNames('nvidia/cuda:12.4.1-base'), ...imageNames('ghcr.io/acme/evicted-node:1.0')] });
    expect(mask('Failed to pull image "docker.io/nvidia/cuda:12.4.1-base": not found')).toBe(`Failed to pull image "${P}": not found`);
    expect(mask('pull access denied for ghcr.io/acme/evicted-node, repository does not exist')).toBe(`pull access denied for ${P}, repository does not exist`);
    expect(mask('nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.4')).toBe(
      'nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.4',
    );
  });

  it('masks the object a message quotes after its kind, even when the name is not otherwise known', () => {
    const mask = maskIdentifiers({ names: [] });
    expect(mask('Error: secret "oomkilled" not found')).toBe(`Error: secret "${P}" not found`);
    expect(mask('persistentvolumeclaim "nodenotready-data" not found')).toBe(`persistentvolumeclaim "${P}" not found`);
    expect(mask('exec: "OOMKilled": odd but system-shaped')).toBe('exec: "OOMKilled": odd but system-shaped');
  });

  it('leaves names without a letter alone (they cannot spell a keyword, and could hide an exit code)', () => {
    expect(maskIdentifiers({ names: ['137', '10.0.0.1'] })('terminated with exit code 137 on 10.0.0.1')).toBe('terminated with exit code 137 on 10.0.0.1');
  });

  it('finds the decisive part again in the original, whole names included', () => {
    expect(unmaskPart(`node ${P} is not ready`, 'the node nodenotready-sim is not ready since 10:02')).toBe('node nodenotready-sim is not ready');
    expect(unmaskPart(`node ${P}`, 'lost node dgx-a100-04')).toBe('node dgx-a100-04');
    expect(unmaskPart('OOMKilled', 'OOMKilled')).toBe('OOMKilled');
    expect(unmaskPart(null, 'x')).toBeUndefined();
  });

  it('passes null and undefined through', () => {
    const mask = maskIdentifiers({ names: ['x'] });
    expect(mask(null)).toBeNull();
    expect(mask(undefined)).toBeUndefined();
  });
});

const status = (over: Partial<WorkloadDetailed>): WorkloadDetailed => ({
  id: 'w1',
  name: 'oomkilled-repro',
  clusterId: 'c1',
  phase: 'Failed',
  projectName: 'nodenotready-sim',
  namespace: 'runai-nodenotready-sim',
  ...over,
});
const event = (over: Partial<RunaiEvent>): RunaiEvent => ({ createdAt: '2026-01-01T00:00:00Z', type: 'Warning', ...over });

describe('signal readers with the names masked', () => {
  it('a crash of a workload named oomkilled-repro is a crash, and the evidence quotes the original message', () => {
    const phaseMessage = 'Pod oomkilled-repro-0-0 failed: container oomkilled-repro terminated with exit code 1 (Error): boom';
    const signals = signalsFromStatus(status({ phaseMessage }));
    expect(signals.map((signal) => signal.kind)).toEqual(['CONTAINER_CRASH']);
    expect(signals[0]?.fact).toMatchObject({ type: 'phase', phaseMessage: expect.stringContaining('oomkilled-repro-0-0') });
  });

  it('a node named after a category is not that category; a node that is not ready still is', () => {
    const st = status({ name: 'train', phaseMessage: 'pod train-0-0 on node nodenotready-sim failed: container train terminated with exit code 1 (Error): x' });
    const mask = maskIdentifiers(workloadNames({ status: st, pods: { ok: true, value: [{ name: 'train-0-0', nodeName: 'nodenotready-sim' }] } }));
    expect(signalsFromStatus(st, mask).map((signal) => signal.kind)).toEqual(['CONTAINER_CRASH']);
    const notReady = status({ name: 'train', phaseMessage: 'node nodenotready-sim is not ready' });
    expect(signalsFromStatus(notReady, mask).map((signal) => signal.kind)).toEqual(['NODE_FAILURE']);
  });

  it('events and history read messages with the object names masked; reasons still decide', () => {
    const events = [
      event({ reason: 'Failed', message: 'Error: ImagePullBackOff-ish name', involvedObject: { kind: 'Pod', name: 'ImagePullBackOff-ish' } }),
      event({ reason: 'OOMKilling', message: 'Memory cgroup out of memory: Killed process 42 (python)', involvedObject: { kind: 'Node', name: 'oom' } }),
    ];
    // kubelet's "Error: …" start failure is read for what it is; the pod's name never makes it an image pull.
    const kinds = signalsFromEvents(events, 'event').map((signal) => signal.kind);
    expect(kinds).not.toContain('IMAGE_PULL');
    expect(kinds).toContain('OOM_KILLED');
    const history = [
      {
        meta: { creationTimestamp: '2026-01-01T00:00:00Z', type: 'PhaseUpdate' },
        spec: { phaseUpdate: { phase: 'Failed', phaseMessage: 'pod crashloopbackoff-demo-0-0 failed' } },
      },
    ];
    const mask = maskIdentifiers({ owners: ['crashloopbackoff-demo'], names: [] });
    expect(signalsFromHistory(history, mask)).toEqual([]);
  });

  it('Tier 2: a pod status message, a pod event and a log line are read with the names masked', () => {
    const pod = {
      metadata: { name: 'evicted-node-test-0-0', namespace: 'runai-x' },
      spec: { nodeName: 'evicted-node-test' },
      status: { phase: 'Failed', message: 'Pod evicted-node-test-0-0 on node evicted-node-test failed' },
    };
    expect(signalsFromKubernetesPod(pod, 'evicted-node-test-0-0', 'kubectl describe pod evicted-node-test-0-0 -n runai-x')).toEqual([]);
    const k8sEvents = [
      {
        reason: 'BackOff',
        message: 'Back-off pulling image "registry/x:1" for pod crashloopbackoff-demo',
        involvedObject: { kind: 'Pod', name: 'crashloopbackoff-demo' },
      },
    ];
    expect(
      signalsFromKubernetesEvents(k8sEvents, 'kubectl get events -n runai-x --field-selector involvedObject.name=crashloopbackoff-demo').map(
        (signal) => signal.kind,
      ),
    ).toEqual(['IMAGE_PULL']);
    const mask = maskIdentifiers({ owners: ['cuda-out-of-memory'], names: [] });
    expect(selectLogLine('starting cuda-out-of-memory-0-0\nepoch 1 done\n', mask)).toEqual({ line: 'epoch 1 done', hint: null, priority: 0 });
    expect(selectLogLine('torch.OutOfMemoryError: CUDA out of memory. in cuda-out-of-memory\n', mask)?.hint).toBe('cuda-oom');
  });
});
