/**
 * Issue #22 items 3 and 4 on the table level and through the verdict, with upstream-shaped
 * messages: a start failure or an admission denial while starting is diagnosed (never stopped,
 * never routed to "pending on scheduling"); a node taken away is NODE_FAILURE with who took it;
 * a pod over its own ephemeral-storage limit is the workload's limit; a node binary's exec is
 * the node's. Every diagnosed verdict carries a failingLine.
 */
import { describe, expect, it } from 'vitest';
import { analyseWorkload } from '../../functions/diagnosis/classify/analyseWorkload.js';
import { buildDiagnosedVerdict } from '../../functions/diagnosis/verdict/buildDiagnosedVerdict.js';
import { matchReasonRow } from '../../functions/diagnosis/signals/extractSignals.js';
import { classifyNodeRemoval } from '../../functions/diagnosis/signals/nodeRemovalTable.js';
import type { WorkloadEvidence } from '../../functions/diagnosis/model/WorkloadEvidence.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { DAY, evidenceOf, HOUR, NOW_MS, pod, podEvent, workloadStatus } from './workloadEvidenceKit.js';

function diagnose(evidence: WorkloadEvidence) {
  const analysis = analyseWorkload(evidence);
  return { analysis, verdict: buildDiagnosedVerdict(evidence, analysis, { lookbackMs: 7 * DAY, nowMs: NOW_MS, messages: messagesEn }) };
}

/** A pod still being started: its own status says nothing failed. */
const waitingPod = pod({ k8sPhase: 'Pending' });

describe('start failures read from the kubelet and controllers', () => {
  it.each([
    // kubernetes/kubernetes pkg/kubelet/kubelet.go SyncPod ("network is not ready: %v", NetworkNotReady)
    [
      'NetworkNotReady',
      'network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized',
      'NODE_START_FAILURE',
    ],
    // pkg/kubelet/kubelet.go SyncPod ("unable to ensure pod container exists: %v", FailedCreatePodContainer)
    [
      'FailedCreatePodContainer',
      'unable to ensure pod container exists: failed to create container for [kubepods burstable pod0a1b] : mkdir /sys/fs/cgroup/memory/kubepods/burstable/pod0a1b: cannot allocate memory',
      'NODE_START_FAILURE',
    ],
    // pkg/kubelet/kubelet.go SyncPod ("Failed to prepare dynamic resources: %v")
    [
      'FailedPrepareDynamicResources',
      'Failed to prepare dynamic resources: prepare dynamic resources: NodePrepareResources: rpc error: code = DeadlineExceeded desc = context deadline exceeded',
      'NODE_START_FAILURE',
    ],
    // containerd apparmor: the runtime's own binary, not the workload's command
    [
      'Failed',
      'Error: failed to create containerd container: get apparmor_parser version: exec: "apparmor_parser": executable file not found in $PATH',
      'NODE_START_FAILURE',
    ],
    // runc libcontainer/configs/config.go Hooks.Run: an OCI hook binary missing on the node
    [
      'Failed',
      'Error: container create failed: error running prestart hook #0: exec: "/usr/bin/nvidia-container-runtime-hook": stat /usr/bin/nvidia-container-runtime-hook: no such file or directory',
      'NODE_START_FAILURE',
    ],
    // The workload's own entrypoint stays the workload's (runc standard_init_linux.go)
    ['Failed', 'Error: failed to start container "trainer": exec: "pyhton": executable file not found in $PATH', 'CONTAINER_CRASH'],
    // kubernetes/kubernetes pkg/controller/controller_utils.go FailedCreate + kubernetes/apiserver webhook statuserror.go
    [
      'FailedCreate',
      'Error creating: admission webhook "validate.kyverno.svc-fail" denied the request: policy Pod/runai-ml/trainer-0 for resource violation: require-requests-limits',
      'ADMISSION_DENIED',
    ],
    [
      'FailedCreate',
      'Error creating: pods "trainer-0" is forbidden: violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false',
      'ADMISSION_DENIED',
    ],
    // The ResourceQuota refusal keeps its own reading (quoted by UNKNOWN, a wait for quota)
    ['FailedCreate', 'Error creating: pods "trainer-0" is forbidden: exceeded quota: compute-resources, requested: requests.nvidia.com/gpu=8', 'UNCATEGORISED'],
    // Any other refusal to create the pods, in any controller's reason: no pod exists, nothing waits on the scheduler.
    // kubernetes/apiserver webhook dispatcher "failed calling webhook %q: %v" under "Internal error occurred: %v"
    [
      'FailedCreate',
      'Error creating: Internal error occurred: failed calling webhook "mutate.kyverno.svc-fail": failed to call webhook: Post "https://kyverno-svc.kyverno.svc:443/mutate/fail?timeout=10s": dial tcp 10.96.12.7:443: connect: connection refused',
      'POD_CREATE_FAILED',
    ],
    // kubeflow/training-operator pod_control.go FailedCreatePod "Error creating: %v" (a namespace being deleted)
    [
      'FailedCreatePod',
      'Error creating: pods "bert-worker-1" is forbidden: unable to create new content in namespace runai-nlp because it is being terminated',
      'ADMISSION_DENIED',
    ],
    // ray-project/kuberay raycluster_controller.go "Failed to create head Pod %s/%s, %v"
    [
      'FailedToCreateHeadPod',
      'Failed to create head Pod runai-nlp/rc-head-x7, Pod "rc-head-x7" is invalid: spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit',
      'POD_CREATE_FAILED',
    ],
    ['FailedToCreateWorkerPod', 'Failed to create worker Pod runai-nlp/, etcdserver: request timed out', 'POD_CREATE_FAILED'],
    // The kubelet's sandbox reason keeps its own (node) reading
    [
      'FailedCreatePodSandBox',
      'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "9a1f"',
      'NODE_START_FAILURE',
    ],
  ])('%s "%s" → %s', (reason, message, kind) => {
    expect(matchReasonRow(reason, message, 'kubelet')?.kind).toBe(kind);
  });

  it.each(['Creating', 'Initializing', 'Pending'])('a %s workload with a CNI start failure is NODE_FAILURE, not NON_TERMINAL_PHASE', (phase) => {
    const { analysis, verdict } = diagnose(
      evidenceOf({
        status: workloadStatus({ phase, phaseMessage: '' }),
        events: {
          ok: true,
          value: [
            podEvent(
              'NetworkNotReady',
              'network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized',
              HOUR,
            ),
          ],
        },
      }),
    );
    expect(analysis.gate).toEqual({ action: 'continue' });
    expect(verdict.category).toBe('NODE_FAILURE');
    expect(verdict.failingLine).toContain('cni plugin not initialized');
  });

  it('a Pending workload whose pods an admission webhook denies is diagnosed UNKNOWN, never routed to the pending diagnosis', () => {
    const { analysis, verdict } = diagnose(
      evidenceOf({
        status: workloadStatus({ phase: 'Pending', phaseMessage: '' }),
        pods: { ok: true, value: [] },
        events: {
          ok: true,
          value: [
            podEvent(
              'FailedCreate',
              'Error creating: admission webhook "validation.gatekeeper.sh" denied the request: [must-have-owner] missing label owner',
              HOUR,
              'trainer',
            ),
          ],
        },
      }),
    );
    expect(analysis.gate).toEqual({ action: 'continue' });
    expect(verdict.category).toBe('UNKNOWN');
    expect(verdict.failingLine).toBe("admission webhook 'validation.gatekeeper.sh' denied the request: [must-have-owner] missing label owner");
    expect(verdict.recommendations.join(' ')).toContain('admission policy');
  });

  it.each(['Creating', 'Initializing'])(
    'a %s workload whose pod a component says it could not set up (a reason no row knows) is diagnosed UNKNOWN with that line',
    (phase) => {
      // Shaped like an IPAM or device operator's own Warning on the pod; the rule reads no reason.
      const message = 'unable to allocate an address from pool "rdma-a": no free addresses left in 10.20.0.0/24';
      const { analysis, verdict } = diagnose(
        evidenceOf({
          status: workloadStatus({ phase, phaseMessage: '' }),
          pods: { ok: true, value: [waitingPod] },
          events: { ok: true, value: [podEvent('IPAllocationError', message, HOUR)] },
        }),
      );
      expect(analysis.gate).toEqual({ action: 'continue' });
      expect(verdict.category).toBe('UNKNOWN');
      expect(verdict.failingLine).toContain('unable to allocate an address');
    },
  );

  it('a Warning that states no failed action, or is not about a pod, leaves a starting workload non-terminal', () => {
    const dns = podEvent(
      'DNSConfigForming',
      'Search Line limits were exceeded, some search paths have been omitted, the applied search line is: a.svc b.svc',
      HOUR,
    );
    const aboutNode = { ...podEvent('SomethingFailed', 'unable to refresh the node inventory', HOUR), involvedObject: { kind: 'Node', name: 'dgx-07' } };
    const normal = { ...podEvent('Mounting', 'failed attempts: 0', HOUR), type: 'Normal' };
    for (const event of [dns, normal]) {
      const { analysis } = diagnose(
        evidenceOf({
          status: workloadStatus({ phase: 'Initializing', phaseMessage: '' }),
          pods: { ok: true, value: [waitingPod] },
          events: { ok: true, value: [event] },
        }),
      );
      expect(analysis.gate).toEqual({ action: 'stop', stopReason: 'NON_TERMINAL_PHASE' });
    }
    // A Warning about the node is the node's own report (readNodeEvent.ts), not this rule's.
    const { analysis } = diagnose(
      evidenceOf({
        status: workloadStatus({ phase: 'Initializing', phaseMessage: '' }),
        pods: { ok: true, value: [waitingPod] },
        events: { ok: true, value: [aboutNode] },
      }),
    );
    expect(analysis.signals.map((signal) => signal.kind)).toEqual(['NODE_FAILURE']);
  });

  it('a Pending workload whose pod a component says it could not set up still waits: routed (describeWait quotes it)', () => {
    const message = 'unable to allocate an address from pool "rdma-a": no free addresses left in 10.20.0.0/24';
    const evidence = evidenceOf({
      status: workloadStatus({ phase: 'Pending', phaseMessage: '' }),
      pods: { ok: true, value: [waitingPod] },
      events: { ok: true, value: [podEvent('IPAllocationError', message, HOUR)] },
    });
    expect(analyseWorkload(evidence).gate).toEqual({ action: 'route', route: 'runai-diagnose-pending-workload' });
  });

  it('a Pending workload whose controller cannot create its pods (an admission webhook unreachable) is diagnosed UNKNOWN, never routed', () => {
    const { analysis, verdict } = diagnose(
      evidenceOf({
        status: workloadStatus({ phase: 'Pending', phaseMessage: '' }),
        pods: { ok: true, value: [] },
        events: {
          ok: true,
          value: [
            podEvent(
              'FailedCreate',
              'Error creating: Internal error occurred: failed calling webhook "validation.gatekeeper.sh": failed to call webhook: Post "https://gatekeeper-webhook-service.gatekeeper-system.svc:443/v1/admit?timeout=3s": context deadline exceeded',
              HOUR,
              'trainer',
            ),
          ],
        },
      }),
    );
    expect(analysis.gate).toEqual({ action: 'continue' });
    expect(verdict.category).toBe('UNKNOWN');
    expect(verdict.audience).toBe('platform');
    expect(verdict.failingLine).toContain('failed calling webhook');
    // Not a denial: the workload has no policy to satisfy.
    expect(verdict.recommendationIds).not.toContain('satisfy-admission-policy');
  });
});

describe("the runtime setting up the node's facilities fails: the node's, even when the step execs a helper of its own", () => {
  it.each([
    // containerd contrib/apparmor/apparmor.go LoadDefaultProfile, internal/cri/server/container_create.go ("failed to generate container %q spec: %w")
    'Error: failed to generate container "9c1d" spec: load apparmor profile /tmp/cri-containerd.apparmor.d2208: parser error(""): exec: "apparmor_parser": executable file not found in $PATH',
    // containerd contrib/seccomp/seccomp.go WithProfile ("cannot load seccomp profile %q: %v")
    'Error: failed to create containerd container: cannot load seccomp profile "/var/lib/kubelet/seccomp/profiles/strict.json": open /var/lib/kubelet/seccomp/profiles/strict.json: no such file or directory',
    // opencontainers/runc libcontainer/process_linux.go initProcess.start ("unable to apply cgroup configuration: %w")
    'Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: unable to apply cgroup configuration: failed to write 1: write /sys/fs/cgroup/kubepods.slice/x.scope/cgroup.procs: invalid argument: unknown',
    // opencontainers/cgroups devices/ebpf_linux.go ("bpf_prog_attach(BPF_CGROUP_DEVICE) failed: %w") under runc's procHooks cgroup step
    'Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error setting cgroup config for procHooks process: bpf_prog_attach(BPF_CGROUP_DEVICE) failed: operation not permitted: unknown',
  ])('"%s" is NODE_FAILURE with names masked, never the workload\'s command', (message) => {
    const { analysis, verdict } = diagnose(
      evidenceOf({
        status: workloadStatus({ phase: 'Initializing', phaseMessage: '' }),
        events: { ok: true, value: [podEvent('Failed', message, HOUR)] },
      }),
    );
    expect(analysis.gate).toEqual({ action: 'continue' });
    expect(verdict.category).toBe('NODE_FAILURE');
  });

  it("the kubelet's own pod-setup sentence is a start failure whatever reason the relay gave it (kubernetes/kubernetes pkg/kubelet/kubelet.go SyncPod)", () => {
    const message =
      'unable to ensure pod container exists: failed to create container for [kubepods besteffort pod7e2a] : mkdir /sys/fs/cgroup/pids/kubepods/besteffort/pod7e2a: no space left on device';
    expect(matchReasonRow('PodSetupFailed', message, 'kubelet')?.kind).toBe('NODE_START_FAILURE');
    expect(matchReasonRow('PodSetupFailed', `pod says: ${message}`, 'kubelet')?.kind).toBeUndefined();
  });
});

describe('an event about the node speaks about the machine, not the workload (involvedObject kind Node)', () => {
  const nodeEvent = (type: 'Normal' | 'Warning', reason: string, message: string) => ({
    ...podEvent(reason, message, HOUR),
    type,
    involvedObject: { kind: 'Node', name: 'gpu-node-11' },
  });
  const categoryOf = (event: ReturnType<typeof nodeEvent>) =>
    diagnose(
      evidenceOf({
        status: workloadStatus({ phase: 'Failed', phaseMessage: '' }),
        pods: { ok: true, value: [pod({ k8sPhase: 'Failed', nodeName: 'gpu-node-11' })] },
        events: { ok: true, value: [event] },
      }),
    ).verdict.category;

  it.each([
    // aws/aws-node-termination-handler pkg/monitor/scheduledevent/scheduled-event-monitor.go ("%s will occur between %s and %s because %s")
    ['ScheduledEvent', 'system-reboot will occur between 3 Mar 2026 01:00:00 GMT and 3 Mar 2026 03:00:00 GMT because scheduled reboot\n'],
    // pkg/monitor/sqsevent/ec2-state-change-event.go ("EC2 State Change event received. Instance %s went into %s at %s \n")
    ['StateChange', 'EC2 State Change event received. Instance i-0aa11bb22cc33dd44 went into stopping at 2026-03-02T11:00:00Z \n'],
    // kubernetes/autoscaler cluster-autoscaler/core/scaledown/actuation/actuator.go
    ['ScaleDown', 'marked the node as toBeDeleted/unschedulable'],
  ])('a Normal %s event announcing the node leaves is NODE_FAILURE', (reason, message) => {
    expect(categoryOf(nodeEvent('Normal', reason, message))).toBe('NODE_FAILURE');
  });

  it('a Warning about the node is a node fault whatever its reason (kubernetes/node-problem-detector: events on the Node)', () => {
    expect(categoryOf(nodeEvent('Warning', 'KernelOops', 'kernel: BUG: unable to handle kernel NULL pointer dereference'))).toBe('NODE_FAILURE');
  });

  it("a Normal event of the node's routine life says nothing about the failure (kubernetes/kubernetes pkg/kubelet/nodestatus)", () => {
    expect(categoryOf(nodeEvent('Normal', 'NodeReady', 'Node gpu-node-11 status is now: NodeReady'))).toBe('UNKNOWN');
  });
});

describe("a GPU health result on one GPU is the node's fault, whatever its wording (NVIDIA/DCGM dcgmlib/dcgm_errors.h)", () => {
  const categoryOf = (phaseMessage: string) => diagnose(evidenceOf({ status: workloadStatus({ phase: 'Failed', phaseMessage }) })).verdict.category;

  it.each([
    'Detected 3 volatile single-bit ECC error(s) in GPU 1 (threshold 1).',
    'GPU 5 had uncorrectable memory errors and row remapping failed.',
    "GPU 2's NvLink link 11 is currently down",
    "Detected 40 Replay NvLink errors on GPU 6's NVLink (should be 0)",
    'Detected 2 retired pages in GPU 0.',
  ])('"%s" is NODE_FAILURE', (message) => {
    expect(categoryOf(message)).toBe('NODE_FAILURE');
  });

  it('a GPU named without a fault is not one', () => {
    expect(categoryOf('Scheduled on GPU 3 of gpu-node-11')).toBe('UNKNOWN');
  });
});

describe('who removed the node', () => {
  it.each([
    // aws/karpenter-provider-aws pkg/controllers/interruption/events/events.go SpotInterrupted (pod event)
    ['SpotInterrupted', 'Pod will be evicted from the node due to a spot interruption warning', 'spot-interruption'],
    // kubernetes-sigs/karpenter pkg/controllers/disruption/events/events.go Terminating
    ['DisruptionTerminating', 'Disrupting Node: Underutilized', 'consolidation'],
    ['DisruptionTerminating', 'Disrupting Node: Drifted', 'drift'],
    // kubernetes-sigs/karpenter terminator/events EvictPod (newer releases append the reason)
    ['Evicted', 'Evicted pod: Empty', 'consolidation'],
    // kubernetes/autoscaler cluster-autoscaler/core/scaledown/actuation/drain.go evictPod
    ['ScaleDown', 'deleting pod for node scale down', 'scale-down'],
    // kubernetes/cloud-provider controllers/nodelifecycle/node_lifecycle_controller.go
    ['DeletingNode', 'Deleting node ip-10-0-1-2.ec2.internal because it does not exist in the cloud provider', 'node-deleted'],
    // aws/aws-node-termination-handler (event reason on the node)
    ['SpotInterruption', 'Spot Interruption notice for instance i-0abc was sent at 2026-03-02 11:00:00 +0000 UTC', 'spot-interruption'],
  ])('%s "%s" is NODE_FAILURE (%s)', (reason, message, removal) => {
    expect(matchReasonRow(reason, message, null)?.kind).toBe('NODE_FAILURE');
    expect(classifyNodeRemoval(`${reason} ${message}`)).toBe(removal);
  });

  it('a spot interruption is NODE_FAILURE naming the cause, with retry and on-demand advice, and no node to report', () => {
    const { verdict } = diagnose(
      evidenceOf({
        status: workloadStatus({ phase: 'Failed', phaseMessage: 'Pod llama3-8b-sft-0-0 failed: container llama3-8b-sft terminated with exit code 143' }),
        pods: { ok: true, value: [pod({ k8sPhase: 'Failed', nodeName: 'ip-10-0-41-17.ec2.internal' })] },
        events: { ok: true, value: [podEvent('SpotInterrupted', 'Pod will be evicted from the node due to a spot interruption warning', HOUR)] },
      }),
    );
    expect(verdict.category).toBe('NODE_FAILURE');
    expect(verdict.failingLine).toBe('Pod will be evicted from the node due to a spot interruption warning');
    const advice = verdict.recommendations.join(' ');
    expect(advice).toContain('spot interruption');
    expect(advice).toContain('on-demand');
    expect(advice).not.toContain('platform team');
  });
});

describe('a pod over its own ephemeral-storage limit (kubernetes/kubernetes pkg/kubelet/eviction/eviction_manager.go)', () => {
  it.each([
    'Pod ephemeral local storage usage exceeds the total limit of containers 20Gi. ',
    'Container trainer exceeded its local ephemeral storage limit "10Gi". ',
    'Usage of EmptyDir volume "cache" exceeds the limit "50Gi". ',
  ])('"%s" is the workload\'s limit: CRASH_APP_ERROR, raise the limit or write elsewhere, never a node to report', (message) => {
    const { verdict } = diagnose(
      evidenceOf({
        status: workloadStatus({ phase: 'Failed', phaseMessage: '' }),
        pods: { ok: true, value: [pod({ k8sPhase: 'Evicted', nodeName: 'gpu-node-08' })] },
        events: { ok: true, value: [podEvent('Evicted', message, HOUR)] },
      }),
    );
    expect(verdict.category).toBe('CRASH_APP_ERROR');
    // Quoting turns double quotes into single ones (a quote cannot close the report's own).
    expect(verdict.failingLine).toBe(message.trim().replace(/"/g, "'"));
    const advice = verdict.recommendations.join(' ');
    expect(advice).toContain('ephemeral-storage');
    expect(advice).not.toContain('platform team');
  });

  it("node pressure on ephemeral storage stays the node's (NODE_FAILURE)", () => {
    const { verdict } = diagnose(
      evidenceOf({
        status: workloadStatus({ phase: 'Failed', phaseMessage: '' }),
        pods: { ok: true, value: [pod({ k8sPhase: 'Evicted', nodeName: 'gpu-node-08' })] },
        events: { ok: true, value: [podEvent('Evicted', 'The node was low on resource: ephemeral-storage. Threshold quantity: 10Gi, available: 2Gi. ', HOUR)] },
      }),
    );
    expect(verdict.category).toBe('NODE_FAILURE');
  });
});

describe('the log tail carried by a message', () => {
  it('CRASH_APP_ERROR with a Knative termination message quotes its exception and never says "Tier 1 has no logs"', () => {
    const { verdict } = diagnose(
      evidenceOf({
        status: workloadStatus({
          phase: 'Failed',
          phaseMessage: 'Container failed with: Traceback (most recent call last):\n  File "/app/main.py", line 9, in <module>\nKeyError: \'input_ids\'',
          conditions: [
            {
              type: 'Ready',
              status: 'False',
              reason: 'ExitCode1',
              message: 'Container failed with: Traceback (most recent call last):\n  File "/app/main.py", line 9, in <module>\nKeyError: \'input_ids\'',
            },
          ],
        }),
      }),
    );
    expect(verdict.category).toBe('CRASH_APP_ERROR');
    expect(verdict.failingLine).toBe("KeyError: 'input_ids'");
    expect(verdict.recommendations.join(' ')).not.toContain('Tier 1 has no logs');
    // The phase message and the condition say the same: quoted once, both named.
    const quoting = verdict.evidence.filter((item) => item.text.includes("KeyError: 'input_ids'"));
    expect(quoting).toHaveLength(1);
    expect(quoting[0]?.text).toMatch(/also the (?:message of condition Ready|phase message)/);
  });

  it('a CUDA OOM in the carried log stays CRASH_APP_ERROR (GPU memory is not the CPU memory limit) with GPU memory advice', () => {
    const { verdict } = diagnose(
      evidenceOf({
        status: workloadStatus({
          phase: 'Failed',
          phaseReason: 'ExitCode1',
          phaseMessage:
            'Container failed with: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.02 GiB is free.',
        }),
      }),
    );
    expect(verdict.category).toBe('CRASH_APP_ERROR');
    expect(verdict.failingLine).toMatch(/^torch\.OutOfMemoryError: CUDA out of memory/);
    expect(verdict.recommendations.join(' ')).toContain("GPU's memory");
  });
});
