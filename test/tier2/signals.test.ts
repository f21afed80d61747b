/**
 * Kubernetes objects → the engine's named signals (the same vocabulary and tables as Tier 1),
 * and the exit-code table both tiers share.
 */
import { describe, expect, it } from 'vitest';
import { EXIT_CODE_TABLE, interpretExitCode, SYSTEM_SIGNAL_EXIT_CODES } from '../../functions/diagnosis/signals/exitCodes.js';
import { matchPhaseMessage } from '../../functions/diagnosis/signals/extractSignals.js';
import { SYSTEM_SIGNAL_EXIT_CODES as FROM_SIGNAL_TABLES } from '../../functions/diagnosis/signals/signalTables.js';
import { classifySignals } from '../../functions/diagnosis/classify/rules/ruleRegistry.js';
import type { SignalKind } from '../../functions/diagnosis/model/Signal.js';
import type { K8sEvent, K8sNode, K8sPod } from '../../functions/diagnosis/ports/KubernetesSchemas.js';
import { signalsFromKubernetesEvents, signalsFromKubernetesNode, signalsFromKubernetesPod } from '../../functions/diagnosis/tier2/signalsFromKubernetes.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { messagesFr } from '../../functions/report/messagesFr.js';

const DESCRIBE = 'kubectl describe pod trainer-0 -n runai-ml' as const;
const EVENTS = 'kubectl get events -n runai-ml --field-selector involvedObject.name=trainer-0' as const;
const NODE = 'kubectl describe node gpu-3' as const;

const pod = (status: NonNullable<K8sPod['status']>, spec: K8sPod['spec'] = { nodeName: 'gpu-3' }): K8sPod => ({
  metadata: { name: 'trainer-0', namespace: 'runai-ml' },
  spec,
  status,
});
const kinds = (signals: { kind: SignalKind }[]) => signals.map((signal) => signal.kind).sort();

describe('exit-code table (both tiers)', () => {
  it.each([
    [0, 'success', false],
    [1, 'app-error', false],
    [2, 'usage-error', false],
    [126, 'not-executable', false],
    [127, 'command-not-found', false],
    [130, 'sigint', false],
    [134, 'sigabrt', false],
    [137, 'sigkill', true],
    [139, 'sigsegv', false],
    [143, 'sigterm', true],
    [135, 'signal', false],
  ])('%i → %s (system signal: %s)', (code, meaning, system) => {
    expect(interpretExitCode(code)).toMatchObject({ meaning, system });
  });

  it('knows nothing of codes without a meaning', () => {
    expect(interpretExitCode(3)).toBeNull();
    expect(interpretExitCode(255)).toBeNull();
  });

  it('is the one source of the system-signal codes, for Tier 1 message parsing too', () => {
    expect([...SYSTEM_SIGNAL_EXIT_CODES].sort()).toEqual([137, 143]);
    expect(FROM_SIGNAL_TABLES).toBe(SYSTEM_SIGNAL_EXIT_CODES);
    expect(matchPhaseMessage('container x terminated with exit code 137')).toEqual(['EXIT_SYSTEM_SIGNAL']);
    expect(matchPhaseMessage('container x terminated with exit code 139')).toEqual(['CONTAINER_CRASH']);
  });

  it('every meaning is rendered by both catalogs', () => {
    for (const row of EXIT_CODE_TABLE) {
      const fact = {
        type: 'container-terminated' as const,
        podName: 'p',
        container: 'c',
        init: false,
        previous: false,
        exitCode: row.code,
        meaning: row.meaning,
        reason: null,
        message: null,
        restartCount: null,
      };
      expect(messagesEn.fact(fact)).toContain(`exit code ${row.code} (`);
      expect(messagesFr.fact(fact)).toContain(`code de sortie ${row.code} (`);
    }
  });
});

describe('signals from kubectl describe pod', () => {
  it('lastState.terminated.reason OOMKilled → OOM_KILLED (with its exit 137), cited with the kubectl command', () => {
    const signals = signalsFromKubernetesPod(
      pod({
        phase: 'Running',
        containerStatuses: [
          {
            name: 'trainer',
            restartCount: 4,
            state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s' } },
            lastState: { terminated: { exitCode: 137, reason: 'OOMKilled', finishedAt: '2026-01-01T00:00:00Z' } },
          },
        ],
      }),
      'trainer-0',
      DESCRIBE,
    );
    expect(kinds(signals)).toEqual(['CRASH_LOOP', 'EXIT_SYSTEM_SIGNAL', 'OOM_KILLED']);
    expect(signals.every((signal) => signal.source === DESCRIBE && signal.origin === 'k8s-pod' && signal.nodeName === 'gpu-3')).toBe(true);
    expect(signals.find((signal) => signal.kind === 'OOM_KILLED')).toMatchObject({
      exitCode: 137,
      at: Date.parse('2026-01-01T00:00:00Z'),
      fact: { type: 'container-terminated', previous: true, reason: 'OOMKilled', restartCount: 4, meaning: 'sigkill' },
    });
    expect(classifySignals(signals).category).toBe('OOM_KILLED');
  });

  it('main container non-zero exit without a system signal → CONTAINER_CRASH; exit 0 is nothing', () => {
    const signals = signalsFromKubernetesPod(
      pod({
        phase: 'Failed',
        containerStatuses: [
          { name: 'trainer', state: { terminated: { exitCode: 1, reason: 'Error' } } },
          { name: 'sidecar', state: { terminated: { exitCode: 0, reason: 'Completed' } } },
        ],
      }),
      'trainer-0',
      DESCRIBE,
    );
    expect(kinds(signals)).toEqual(['CONTAINER_CRASH']);
    expect(classifySignals(signals).category).toBe('CRASH_APP_ERROR');
  });

  it('init container non-zero → INIT_FAILED; killed init container → EXIT_SYSTEM_SIGNAL; Init:CrashLoopBackOff → INIT_FAILED', () => {
    expect(
      kinds(
        signalsFromKubernetesPod(
          pod({ initContainerStatuses: [{ name: 'fetch', state: { terminated: { exitCode: 1, reason: 'Error' } } }] }),
          'trainer-0',
          DESCRIBE,
        ),
      ),
    ).toEqual(['INIT_FAILED']);
    expect(
      kinds(
        signalsFromKubernetesPod(
          pod({ initContainerStatuses: [{ name: 'fetch', state: { terminated: { exitCode: 137, reason: 'Error' } } }] }),
          'trainer-0',
          DESCRIBE,
        ),
      ),
    ).toEqual(['EXIT_SYSTEM_SIGNAL']);
    expect(
      kinds(
        signalsFromKubernetesPod(
          pod({
            initContainerStatuses: [
              { name: 'fetch', state: { waiting: { reason: 'CrashLoopBackOff' } }, lastState: { terminated: { exitCode: 2, reason: 'Error' } } },
            ],
          }),
          'trainer-0',
          DESCRIBE,
        ),
      ),
    ).toEqual(['INIT_FAILED', 'INIT_FAILED']);
    expect(
      kinds(
        signalsFromKubernetesPod(
          pod({ initContainerStatuses: [{ name: 'fetch', state: { terminated: { exitCode: 0, reason: 'Completed' } } }] }),
          'trainer-0',
          DESCRIBE,
        ),
      ),
    ).toEqual([]);
  });

  it('waiting reasons read with the Tier 1 table: image pulls keep their registry cause, config errors are mounts', () => {
    const pull = signalsFromKubernetesPod(
      pod({
        containerStatuses: [
          {
            name: 'trainer',
            state: {
              waiting: { reason: 'ErrImagePull', message: 'rpc error: code = NotFound desc = failed to pull and unpack image "r/x:9": r/x:9: not found' },
            },
          },
        ],
      }),
      'trainer-0',
      DESCRIBE,
    );
    expect(pull).toMatchObject([{ kind: 'IMAGE_PULL', imagePullCause: 'manifest' }]);
    const mount = signalsFromKubernetesPod(
      pod({ containerStatuses: [{ name: 'trainer', state: { waiting: { reason: 'CreateContainerConfigError', message: 'secret "hf-token" not found' } } }] }),
      'trainer-0',
      DESCRIBE,
    );
    expect(kinds(mount)).toEqual(['MOUNT_FAILED']);
    expect(
      kinds(
        signalsFromKubernetesPod(pod({ containerStatuses: [{ name: 'trainer', state: { waiting: { reason: 'ContainerCreating' } } }] }), 'trainer-0', DESCRIBE),
      ),
    ).toEqual([]);
  });

  it('pod status Evicted (node pressure) → EVICTED, quoting the kubelet message', () => {
    const signals = signalsFromKubernetesPod(
      pod({
        phase: 'Failed',
        reason: 'Evicted',
        message: 'The node was low on resource: memory. Threshold quantity: 100Mi, available: 50Mi. ',
        containerStatuses: [{ name: 'trainer', state: { terminated: { exitCode: 137, reason: 'Error' } } }],
      }),
      'trainer-0',
      DESCRIBE,
    );
    expect(kinds(signals)).toEqual(['EVICTED', 'EXIT_SYSTEM_SIGNAL']);
    expect(signals.find((signal) => signal.kind === 'EVICTED')?.fact).toMatchObject({ type: 'pod-status', reason: 'Evicted', nodeName: 'gpu-3' });
    expect(classifySignals(signals).category).toBe('NODE_FAILURE');
  });

  it('quotes (neutralises and redacts) every cluster string', () => {
    const [signal] = signalsFromKubernetesPod(
      pod({
        containerStatuses: [
          {
            name: 'trainer',
            state: {
              terminated: { exitCode: 1, reason: 'Error', message: 'Failed: AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"injected"' },
            },
          },
        ],
      }),
      'trainer-0',
      DESCRIBE,
    );
    const message = signal?.fact.type === 'container-terminated' ? signal.fact.message : '';
    expect(message).not.toContain('wJalrXUtnFEMI');
    expect(message).not.toMatch(/["\n]/);
  });
});

describe('signals from pod events (the Tier 1 event table)', () => {
  const event = (reason: string, message: string, extra: Partial<K8sEvent> = {}): K8sEvent => ({
    involvedObject: { kind: 'Pod', name: 'trainer-0' },
    reason,
    message,
    source: { component: 'kubelet', host: 'gpu-3' },
    count: 1,
    lastTimestamp: '2026-01-01T00:00:00Z',
    ...extra,
  });

  it("the kubelet's probe kill is PROBE_KILL (CRASH_APP_ERROR); probe failures alone decide nothing, with a 137 they make CRASH_APP_ERROR", () => {
    const signals = signalsFromKubernetesEvents(
      [
        event('Unhealthy', 'Liveness probe failed: Get "http://10.0.0.1:8080/health": context deadline exceeded', { count: 9 }),
        event('Killing', 'Container trainer failed liveness probe, will be restarted', { count: 3 }),
        event('Unhealthy', 'Readiness probe failed: HTTP probe failed with statuscode: 503'),
        event('Pulled', 'Container image already present on machine'),
      ],
      EVENTS,
    );
    expect(signals.map((signal) => [signal.kind, signal.repeats])).toEqual([
      ['PROBE_FAILURE', 9],
      ['PROBE_KILL', 3],
    ]);
    expect(classifySignals(signals).category).toBe('CRASH_APP_ERROR');
    const probeFailures = signals.filter((signal) => signal.kind === 'PROBE_FAILURE');
    expect(classifySignals(probeFailures).category).toBe('UNKNOWN');
    const kill = { kind: 'EXIT_SYSTEM_SIGNAL' as const };
    expect(classifySignals([...probeFailures, kill]).category).toBe('CRASH_APP_ERROR');
    expect(classifySignals([kill, { kind: 'CRASH_LOOP' as const }]).category).toBe('UNKNOWN');
  });

  it('an Evicted event names its node (the kubelet host); only the scheduler can preempt', () => {
    const [evicted] = signalsFromKubernetesEvents([event('Evicted', 'The node was low on resource: memory.')], EVENTS);
    expect(evicted).toMatchObject({ kind: 'EVICTED', nodeName: 'gpu-3', origin: 'k8s-event', source: EVENTS });
    expect(
      signalsFromKubernetesEvents([event('Preempted', 'Preempted by ns/high-prio', { source: { component: 'default-scheduler' } })], EVENTS)[0]?.kind,
    ).toBe('PREEMPTED');
    expect(signalsFromKubernetesEvents([event('Evict', 'claims to be preempted', { source: { component: 'kubelet' } })], EVENTS)).toEqual([]);
  });

  it('reads events.k8s.io-style events (eventTime, reportingComponent, series)', () => {
    const [signal] = signalsFromKubernetesEvents(
      [
        {
          involvedObject: { kind: 'Pod', name: 'trainer-0' },
          reason: 'BackOff',
          message: 'Back-off restarting failed container trainer in pod trainer-0',
          reportingComponent: 'kubelet',
          eventTime: '2026-01-01T00:00:00.000000Z',
          series: { count: 12 },
        },
      ],
      EVENTS,
    );
    expect(signal).toMatchObject({ kind: 'CRASH_LOOP', repeats: 12, at: Date.parse('2026-01-01T00:00:00Z') });
  });
});

describe('signals from kubectl describe node', () => {
  const node = (conditions: { type: string; status: string; lastTransitionTime?: string }[]): K8sNode => ({
    metadata: { name: 'gpu-3' },
    status: { conditions },
  });
  const failureAt = Date.parse('2026-01-01T12:00:00Z');

  it.each([
    ['Ready', 'False', ['NODE_FAILURE']],
    ['Ready', 'Unknown', ['NODE_FAILURE']],
    ['Ready', 'True', []],
    ['MemoryPressure', 'True', ['NODE_FAILURE']],
    ['DiskPressure', 'True', ['NODE_FAILURE']],
    ['PIDPressure', 'True', ['NODE_FAILURE']],
    ['MemoryPressure', 'False', []],
    ['SomeVendorCondition', 'True', []],
  ])('%s=%s → %j', (type, status, expected) => {
    expect(kinds(signalsFromKubernetesNode(node([{ type, status, lastTransitionTime: '2026-01-01T11:00:00Z' }]), 'gpu-3', NODE, failureAt))).toEqual(expected);
  });

  it('skips a condition that turned bad only after the failure', () => {
    expect(signalsFromKubernetesNode(node([{ type: 'Ready', status: 'False', lastTransitionTime: '2026-01-01T13:00:00Z' }]), 'gpu-3', NODE, failureAt)).toEqual(
      [],
    );
    expect(
      signalsFromKubernetesNode(node([{ type: 'Ready', status: 'False', lastTransitionTime: '2026-01-01T12:03:00Z' }]), 'gpu-3', NODE, failureAt),
    ).toHaveLength(1);
  });
});
