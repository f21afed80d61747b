/**
 * Names never steer: the mask patterns read messages through, and the signal readers that use
 * it (both tiers). The whole-scenario check is test/scenarios/namesNeverSteer.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { matchPhaseMessage, signalsFromEvents, signalsFromHistory, signalsFromStatus } from '../../functions/diagnosis/signals/extractSignals.js';
import { maskIdentifiers, NAME_PLACEHOLDER, unmaskPart } from '../../functions/diagnosis/signals/maskIdentifiers.js';
import type { RunaiEvent, WorkloadDetailed } from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { selectLogLine } from '../../functions/diagnosis/tier2/selectLogLine.js';
import { signalsFromKubernetesEvents, signalsFromKubernetesPod } from '../../functions/diagnosis/tier2/signalsFromKubernetes.js';
import { imageNames, workloadNames } from '../../functions/diagnosis/signals/workloadNames.js';

const P = NAME_PLACEHOLDER;

describe('maskIdentifiers', () => {
  it('masks whole name tokens only: a workload named `oom` leaves OOMKilled alone', () => {
    const mask = maskIdentifiers({ names: ['oom', 'killed'] });
    // A single-word name is masked where it stands as a name (after its kind), never bare.
    expect(mask('container oom was OOMKilled; OOM-killed; oomkilled-x; runai-oom; oom.')).toBe(
      `container ${P} was OOMKilled; OOM-killed; oomkilled-x; runai-oom; oom.`,
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

  it("masks a workload's name in its Kubernetes spelling after an operator's job kind (PyTorchJob, TFJob, …)", () => {
    const mask = maskIdentifiers({ names: ['OOMKilling'] });
    expect(mask('PyTorchJob oomkilling is failed because 1 Master replica(s) failed.')).toBe(`PyTorchJob ${P} is failed because 1 Master replica(s) failed.`);
    expect(mask('TFJob OOMKilling is failed; OOMKilled')).toBe(`TFJob ${P} is failed; OOMKilled`);
  });

  it('masks the longest name first, and names derived from an owner (pods, launchers)', () => {
    const mask = maskIdentifiers({ owners: ['oomkilled-repro'], names: ['oomkilled', 'runai-genai'] });
    expect(
      mask(
        'Pod runai-genai/oomkilled-repro-0-0 failed; oomkilled-repro-launcher exited; Back-off restarting failed container oomkilled in pod oomkilled-repro-0-0_runai-genai(3e1f)',
      ),
    ).toBe(`Pod ${P} failed; ${P} exited; Back-off restarting failed container ${P} in pod ${P}_${P}(3e1f)`);
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

  it('hides no signal: a single-word name spelt like a system word is read as that word outside name positions', () => {
    // Issue #22: a project `code`, a workload `preempted`, a node pool `critical`.
    const mask = maskIdentifiers({ owners: ['preempted'], names: ['code', 'critical', 'exit', 'runai-code'] });
    expect(mask('Pod preempted-0-0 failed: exit code 1 (code)')).toBe(`Pod ${P} failed: exit code 1 (code)`);
    expect(mask('Pod runai-code/preempted-0-0 was preempted by a higher priority job')).toBe(`Pod ${P} was preempted by a higher priority job`);
    expect(mask('Preempted in order to admit critical pod')).toBe('Preempted in order to admit critical pod');
    // Where it stands as a name, it is masked all the same.
    expect(mask('project code is over quota on node pool critical')).toBe(`project ${P} is over quota on node pool ${P}`);
    expect(mask('Successfully assigned runai-code/preempted-0-0 to node-7')).toBe(`Successfully assigned ${P}/${P} to ${P}`);
  });

  it('pulls no category: a name standing as one is masked even when the evidence does not list it', () => {
    const mask = maskIdentifiers({ names: [] });
    // An init container the pod list omits, compound or in a format's slot.
    expect(mask('Pod x-0-0 failed: init container oomkilled-precheck terminated with exit code 1')).toBe(
      `Pod ${P} failed: init container ${P} terminated with exit code 1`,
    );
    expect(mask('Pod x-0-0 failed: init container oomkilled terminated with exit code 1')).toBe(
      `Pod ${P} failed: init container ${P} terminated with exit code 1`,
    );
    expect(mask('Started container imagepullbackoff')).toBe(`Started container ${P}`);
    // A model or storage URI, whole, whatever its case.
    expect(mask('storage-initializer: copying s3://models/OOMKilled/llama failed')).toBe(`storage-initializer: copying ${P} failed`);
    expect(mask('unable to load hf://acme/NodeNotReady-7b and pvc://claim/CrashLoopBackOff/x')).toBe(`unable to load ${P} and ${P}`);
    // A quoted object, but never a quoted reason identifier.
    expect(mask('Error: configmap "x-imagepullbackoff" not found')).toBe(`Error: configmap "${P}" not found`);
    expect(mask('MountVolume.SetUp failed for volume "oomkilled" : not found')).toBe(`MountVolume.SetUp failed for volume "${P}" : not found`);
    // A single unknown word after a kind is the system's own ("node is not ready").
    expect(mask('Node is not ready; container exited')).toBe('Node is not ready; container exited');
  });

  it('masks a known single-word name after any kind, a cased tag in an image reference, and the workload as an owner', () => {
    const mask = maskIdentifiers({ owners: ['oomkilled'], names: [...imageNames('registry.example.com/team/app:OOMKilled'), 'evicted'] });
    expect(mask('Back-off pulling image "registry.example.com/team/app:OOMKilled"')).toBe(`Back-off pulling image "${P}"`);
    expect(mask('pulling registry.example.com/team/app:OOMKilled')).toBe(`pulling ${P}`);
    expect(mask('Pod oomkilled-0-0 on node evicted: workload oomkilled failed')).toBe(`Pod ${P} on node ${P}: workload ${P} failed`);
  });

  it('masks a known single word after its own kind only: a node pool `was` never hides "The node was low on resource"', () => {
    const eviction =
      'The node was low on resource: memory. Threshold quantity: 500Mi, available: 312588Ki. Container x was using 21474836Ki, request is 16Gi, has larger consumption of memory.';
    const pool = maskIdentifiers(workloadNames({ status: status({ requestedNodePools: ['was'], currentNodePools: ['was'] }) }));
    expect(pool(eviction)).toBe(eviction);
    expect(matchPhaseMessage(pool(eviction))).toContain('EVICTED');
    // After its own kind, in the spellings the kind word takes, it is a name all the same.
    expect(pool('no nodes available in node pool was; nodepool was is full')).toBe(`no nodes available in node pool ${P}; nodepool ${P} is full`);
  });

  it('a node pool named like a word after "node" is the system\'s word there ("The node had condition")', () => {
    const mask = maskIdentifiers(workloadNames({ status: status({ requestedNodePools: ['had', 'is'] }) }));
    expect(mask('The node had condition: [DiskPressure]. node is not ready')).toBe('The node had condition: [DiskPressure]. node is not ready');
    expect(matchPhaseMessage(mask('The node had condition: [DiskPressure].'))).toContain('EVICTED');
  });

  it('a node named `was` is masked after "node" (its kind), from the pod list or a Node event', () => {
    const fromPods = maskIdentifiers(workloadNames({ status: status({}), pods: { ok: true, value: [{ name: 'trainer-0-0', nodeName: 'was' }] } }));
    expect(fromPods('lost node was; the node was low on resource')).toBe(`lost node ${P}; the node ${P} low on resource`);
    expect(fromPods('pod was evicted')).toBe('pod was evicted');
    const fromEvents = maskIdentifiers(
      workloadNames({ status: status({}), events: { ok: true, value: [event({ reason: 'NodeNotReady', involvedObject: { kind: 'Node', name: 'was' } })] } }),
    );
    expect(fromEvents('Node was status is now: NodeNotReady; container was killed')).toBe(`Node ${P} status is now: NodeNotReady; container was killed`);
  });

  it('compares kinds across their spellings: an init container is a container, a pvc a claim, a PyTorchJob the workload', () => {
    const mask = maskIdentifiers({
      owners: ['trainer'],
      names: [
        { name: 'exited', kind: 'container' },
        { name: 'lost', kind: 'PersistentVolumeClaim' },
      ],
    });
    expect(mask('init container exited terminated; container exited; pod exited')).toBe(`init container ${P} terminated; container ${P}; pod exited`);
    expect(mask('pvc lost is bound; claims: lost; node lost')).toBe(`pvc ${P} is bound; claims: ${P}; node lost`);
    expect(mask('PyTorchJob trainer is failed; container trainer exited; node trainer')).toBe(`PyTorchJob ${P} is failed; container ${P} exited; node trainer`);
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

  it("masks a single-word pod in the kubelet's key=value back-off message and in Run:ai's degraded phase message", () => {
    const mask = maskIdentifiers({ names: [{ name: 'cudaerrornodevice', kind: 'pod' }], owners: ['codegen-serve'] });
    expect(mask('back-off 5m0s restarting failed container=codegen-serve pod=cudaerrornodevice_runai-serving(d42c18ef)')).toBe(
      `back-off 5m0s restarting failed container=${P} pod=${P}(d42c18ef)`,
    );
    expect(mask('0 of 1 pods are running: cudaerrornodevice is in CrashLoopBackOff (exit code 137)')).toBe(
      `0 of 1 pods are running: ${P} is in CrashLoopBackOff (exit code 137)`,
    );
    // A key's value that is the system's word stays: `node=was` is no known node.
    expect(mask('reason=OOMKilled node=was')).toBe('reason=OOMKilled node=was');
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

  it('Tier 2 log lines: a URI never pulls a hint, and a single-word name never hides one', () => {
    const mask = maskIdentifiers({ owners: ['killed'], names: ['segmentation', 'error', 'fault'] });
    expect(selectLogLine('downloading s3://weights/SIGSEGV/model.bin\nepoch 1 done\n', mask)).toEqual({ line: 'epoch 1 done', hint: null, priority: 0 });
    expect(selectLogLine('worker killed-0-0 started\nKilled\n', mask)?.hint).toBe('killed');
    expect(selectLogLine('Segmentation fault (core dumped)\n', mask)?.hint).toBe('segfault');
    expect(selectLogLine('ERROR: dataset shard missing\n', mask)?.hint).toBe('error');
  });

  it('a crash of a project named `code`, a preemption of a workload named `preempted`: each keeps its signal', () => {
    const crash = status({
      name: 'trainer',
      projectName: 'code',
      namespace: 'runai-code',
      phaseMessage: 'Pod trainer-0-0 failed: container trainer terminated with exit code 1',
    });
    expect(signalsFromStatus(crash).map((signal) => signal.kind)).toEqual(['CONTAINER_CRASH']);
    const critical = [
      event({
        reason: 'Preempting',
        source: 'kubelet',
        message: 'Preempted in order to admit critical pod',
        involvedObject: { kind: 'Pod', name: 'preempted-0-0' },
      }),
    ];
    const mask = maskIdentifiers(
      workloadNames({ status: status({ name: 'preempted', requestedNodePools: ['critical'] }), events: { ok: true, value: critical } }),
    );
    expect(signalsFromEvents(critical, 'event', mask).map((signal) => signal.kind)).toEqual(['PREEMPTED']);
  });

  it('an init container named after a category, learnt from a kubelet event, pulls nothing in the phase message', () => {
    // No format slot here: the name is known because a kubelet event cited it in one.
    const phaseMessage = 'Pod trainer-0-0: init container oomkilled: exit code 1';
    const started = [
      event({
        type: 'Normal',
        reason: 'Started',
        source: 'kubelet',
        message: 'Started container oomkilled',
        involvedObject: { kind: 'Pod', name: 'trainer-0-0' },
      }),
    ];
    const st = status({ name: 'trainer', phaseMessage });
    const mask = maskIdentifiers(workloadNames({ status: st, events: { ok: true, value: started } }));
    expect(signalsFromStatus(st, mask).map((signal) => signal.kind)).toEqual(['INIT_FAILED', 'CONTAINER_CRASH']);
  });
});

describe('workloadNames', () => {
  it('lists every name the API gives: submitter, node pools, data sources of the spec, slot names', () => {
    const st = status({
      submittedBy: 'OOMKilled@example.com',
      requestedNodePools: ['critical'],
      pendingSchedulingMessages: [{ nodePool: 'pool-b' }],
      phaseMessage: 'Pod x-0-0 failed: init container fetch terminated with exit code 2',
    });
    const spec = {
      ok: true as const,
      value: {
        name: 'oomkilled-repro',
        spec: {
          image: 'busybox:OOMKilled',
          storage: {
            pvc: [{ name: 'data', claimName: 'evicted-claim', path: '/data' }],
            s3: [{ bucket: 'models', url: 's3://models/OOMKilled/v1', path: '/m' }],
          },
          environmentVariables: [{ name: 'HF_TOKEN', secret: { name: 'hf-secret', key: 'token' } }],
        },
      },
    };
    const kinded = [...workloadNames({ status: st, spec }).names];
    const names = kinded.map((entry) => (typeof entry === 'string' ? entry : entry?.name));
    for (const name of [
      'OOMKilled@example.com',
      'critical',
      'pool-b',
      'fetch',
      'busybox:OOMKilled',
      'evicted-claim',
      's3://models/OOMKilled/v1',
      'hf-secret',
    ]) {
      expect(names, name).toContain(name);
    }
    // Mount paths and environment variable names are not object names.
    expect(names).not.toContain('/data');
    expect(names).not.toContain('HF_TOKEN');
    // Each with the kind of object it names.
    expect(kinded).toContainEqual({ name: 'critical', kind: 'node pool' });
    expect(kinded).toContainEqual({ name: 'fetch', kind: 'container' });
    expect(kinded).toContainEqual({ name: 'evicted-claim', kind: 'claim' });
    expect(kinded).toContainEqual({ name: 'hf-secret', kind: 'secret' });
    expect(kinded).toContainEqual({ name: 'OOMKilled@example.com', kind: 'user' });
  });
});
