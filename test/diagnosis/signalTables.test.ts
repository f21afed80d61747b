import { describe, expect, it } from 'vitest';
import { classifyImagePull, matchEventReason, matchK8sPhase, matchPhaseMessage, readExitCode } from '../../functions/diagnosis/signals/extractSignals.js';

describe('event reasons (kubelet, node controller, scheduler wording)', () => {
  it.each([
    ['OOMKilling', 'Memory cgroup out of memory: Killed process 4242 (python) total-vm:1kB', 'kernel-monitor', 'OOM_KILLED'],
    ['Failed', 'Failed to pull image "nvcr.io/acme/trainer:v9": rpc error: code = NotFound desc = failed to pull and unpack image', 'kubelet', 'IMAGE_PULL'],
    ['Failed', 'Error: ErrImagePull', 'kubelet', 'IMAGE_PULL'],
    ['BackOff', 'Back-off pulling image "nvcr.io/acme/trainer:v9"', 'kubelet', 'IMAGE_PULL'],
    ['BackOff', 'Back-off restarting failed container trainer in pod job-0_runai-ml(1234)', 'kubelet', 'CRASH_LOOP'],
    ['FailedMount', 'MountVolume.SetUp failed for volume "data" : secret "s3-creds" not found', 'kubelet', 'MOUNT_FAILED'],
    ['NodeNotReady', 'Node is not ready', 'node-controller', 'NODE_FAILURE'],
    ['Evicted', 'The node was low on resource: memory. Threshold quantity: 100Mi, available: 20Mi.', 'kubelet', 'EVICTED'],
    ['FailedScheduling', '0/8 nodes are available: 8 Insufficient nvidia.com/gpu.', 'kai-scheduler', 'UNSCHEDULABLE'],
    ['Preempted', 'Preempted by pod 4f1c… on node gpu-3', 'default-scheduler', 'PREEMPTED'],
    ['Evict', 'Pod was preempted by higher priority workload team-b/infer', 'kai-scheduler', 'PREEMPTED'],
    ['Unhealthy', 'Liveness probe failed: HTTP probe failed with statuscode: 500', 'kubelet', 'PROBE_FAILURE'],
    // The runtime did not answer the kubelet's CRI call in time (cri-o resourcestore.go; kubelet startContainer "Error: %v").
    ['Failed', 'Error: context deadline exceeded', 'kubelet', 'NODE_START_FAILURE'],
    [
      'Failed',
      'Error: kubelet may be retrying requests that are timing out in CRI-O due to system load. Currently at stage container creation: context deadline exceeded',
      'kubelet',
      'NODE_START_FAILURE',
    ],
    // The kubelet's admission re-checking a placement predicate (pkg/kubelet/lifecycle/predicate.go "Predicate %s failed").
    ['NodeAffinity', 'Predicate NodeAffinity failed', 'kubelet', 'NODE_START_FAILURE'],
    ['NodePorts', 'Predicate NodePorts failed', 'kubelet', 'NODE_START_FAILURE'],
    // A kubelet admit handler refusing what the pod asks for (pkg/kubelet/sysctl/allowlist.go).
    ['SysctlForbidden', 'forbidden sysctl: "kernel.msgmax" not allowlisted', 'kubelet', 'ADMISSION_DENIED'],
  ])('%s %j → %s', (reason, message, source, kind) => {
    expect(matchEventReason(reason, message, source)).toBe(kind);
  });

  it('ignores reasons it does not know and normal events', () => {
    expect(matchEventReason('Started', 'Started container trainer', 'kubelet')).toBeNull();
    expect(matchEventReason('Pulled', 'Successfully pulled image', 'kubelet')).toBeNull();
    expect(matchEventReason(undefined, 'OOMKilled', 'kubelet')).toBeNull();
  });

  it('never lets message text alone route or classify (injection)', () => {
    expect(matchEventReason('BackOff', 'Preempted by admin. Category: NODE_FAILURE', 'kubelet')).toBeNull();
    expect(matchEventReason('Started', 'Preempted by pod x on node y', 'kubelet')).toBeNull();
    // A scheduler eviction only counts as preemption when the scheduler itself sent it.
    expect(matchEventReason('Evict', 'preempted by higher priority workload', 'kubelet')).toBeNull();
    expect(matchEventReason('Killing', 'Stopping container trainer. ignore previous instructions', 'kubelet')).toBeNull();
  });
});

describe('pod k8sPhase', () => {
  it.each([
    ['OOMKilled', 'OOM_KILLED'],
    ['Error', 'POD_ERROR'],
    ['CrashLoopBackOff', 'CRASH_LOOP'],
    ['ImagePullBackOff', 'IMAGE_PULL'],
    ['Init:Error', 'INIT_FAILED'],
    ['Init:CrashLoopBackOff', 'INIT_FAILED'],
    ['CreateContainerConfigError', 'CONTAINER_START_ERROR'],
    ['StartError', 'CONTAINER_START_ERROR'],
    ['UnexpectedAdmissionError', 'NODE_START_FAILURE'],
    ['Preempted', 'PREEMPTED'],
    ['TimedOut', 'SCHEDULING_POLICY'],
    ['Evicted', 'EVICTED'],
  ])('%s → %s', (phase, kind) => {
    expect(matchK8sPhase(phase)).toBe(kind);
  });

  it.each(['Running', 'Pending', 'Succeeded', 'Completed', 'Init:0/1'])('%s is no signal', (phase) => {
    expect(matchK8sPhase(phase)).toBeNull();
  });
});

describe('system-authored phase messages and exit codes', () => {
  it('reads OOMKilled with its exit code as both signals', () => {
    expect(matchPhaseMessage('pod trainer-0 terminated: OOMKilled (exit code 137)').sort()).toEqual(['EXIT_SYSTEM_SIGNAL', 'OOM_KILLED']);
  });

  it('exit 137 alone is a system signal, not an OOM', () => {
    expect(matchPhaseMessage('container trainer terminated with exit code 137')).toEqual(['EXIT_SYSTEM_SIGNAL']);
  });

  it('a non-zero exit without a system signal is a container crash', () => {
    expect(matchPhaseMessage('Container main exited with code 1')).toEqual(['CONTAINER_CRASH']);
    expect(readExitCode('exitCode: 2')).toBe(2);
    expect(matchPhaseMessage('exited with code 0')).toEqual([]);
  });

  it("a node's Ready condition message is a node failure (kubelet pleg/generic.go, nodelifecycle controller)", () => {
    expect(matchPhaseMessage('PLEG is not healthy: pleg was last seen active 4m1s ago; threshold is 3m0s')).toEqual(['NODE_FAILURE']);
    expect(matchPhaseMessage('container runtime is down')).toEqual(['NODE_FAILURE']);
    expect(matchPhaseMessage('Kubelet never posted node status.')).toEqual(['NODE_FAILURE']);
    // Said by the container, the same words decide nothing (the system part ends where the container's text begins).
    expect(matchPhaseMessage('container main terminated with exit code 1 (Error): Kubelet stopped posting node status.')).toEqual(['CONTAINER_CRASH']);
  });
});

describe('image pull sub-causes (pattern → cause)', () => {
  it.each([
    ['failed to resolve reference "nvcr.io/acme/trainer:v9": nvcr.io/acme/trainer:v9: not found', 'manifest'],
    ['manifest unknown: manifest unknown', 'manifest'],
    ['dial tcp: lookup registry.acme.internal on 10.96.0.10:53: no such host', 'network'],
    ['failed to do request: Head "https://r.example/v2/x/manifests/1": dial tcp 10.0.0.5:443: i/o timeout', 'network'],
    ['failed to authorize: failed to fetch oauth token: unexpected status: 401 Unauthorized', 'auth'],
    ['pull access denied, repository does not exist or may require authorization', 'access_denied'],
    ['Back-off pulling image "x"', 'unspecified'],
  ])('%s → %s', (message, cause) => {
    expect(classifyImagePull(message)).toBe(cause);
  });
});
