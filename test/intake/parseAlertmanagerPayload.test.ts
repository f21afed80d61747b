import { describe, expect, it } from 'vitest';
import { QueuedDiagnosisSchema } from '../../functions/core/queuedDiagnosis.js';
import { parseAlertmanagerPayload, type AlertmanagerParseOptions } from '../../functions/intake/parseAlertmanagerPayload.js';
import { alert, capturedPayload, CLUSTER, NOW, payload } from './intakeTestKit.js';

const parse = (body: unknown, options: Partial<AlertmanagerParseOptions> = {}) => {
  const result = parseAlertmanagerPayload(body, { receivedAt: NOW, ...options });
  if (!result.ok) throw new Error(`expected ok, got: ${result.error}`);
  return result;
};
const parseError = (body: unknown, options: Partial<AlertmanagerParseOptions> = {}) => {
  const result = parseAlertmanagerPayload(body, { receivedAt: NOW, ...options });
  if (result.ok) throw new Error('expected a parse error');
  return result.error;
};

describe('parseAlertmanagerPayload', () => {
  it('skips the captured real payload (a quota alert, no workload) with a readable reason', () => {
    const result = parse(capturedPayload());
    expect(result.accepted).toEqual([]);
    expect(result.skipped).toHaveLength(1);
    const [skipped] = result.skipped;
    expect(skipped).toMatchObject({ index: 0, fingerprint: '16992b6f5f45c34f', alertname: 'RunaiGpuQuotaExceeded' });
    expect(skipped!.reason).toContain('no workload identifier: expected label workload_id or workload_name+project/namespace');
    // `cluster="prod"` is an external label, not a Run:ai cluster id: said, not guessed.
    expect(skipped!.reason).toContain('no cluster id');
    expect(skipped!.reason).toContain('label "cluster" is not read as a Run:ai cluster id');
  });

  it('still skips the captured payload for lack of a workload when ?clusterId= is given', () => {
    const result = parse(capturedPayload(), { clusterIdFallback: CLUSTER });
    expect(result.skipped[0]!.reason).toBe('no workload identifier: expected label workload_id or workload_name+project/namespace');
  });

  it('accepts a firing alert with workload labels as a valid QueuedDiagnosis', () => {
    const result = parse(payload([alert({ cluster_id: CLUSTER, workload_name: 'train-42', project: 'ml-team' })]));
    expect(result.skipped).toEqual([]);
    expect(result.accepted).toHaveLength(1);
    const [message] = result.accepted;
    expect(QueuedDiagnosisSchema.parse(message)).toEqual(message);
    expect(message).toEqual({
      v: 1,
      request: { clusterId: CLUSTER, workloadName: 'train-42', project: 'ml-team', intent: 'terminal' },
      source: 'alertmanager',
      receivedAt: NOW.toISOString(),
      dedupeKey: `${CLUSTER}:name:ml-team/train-42`,
      alert: { fingerprint: 'a1b2c3d4e5f60718', alertname: 'RunaiWorkloadFailed', startsAt: '2026-11-29T17:43:06Z' },
    });
  });

  it('accepts workload ids (camelCase aliases too) and keys them by id', () => {
    const result = parse(payload([alert({ clusterId: CLUSTER, workloadId: 'wl-1', workloadName: 'x', projectName: 'p' })]));
    expect(result.accepted[0]!.request).toEqual({ clusterId: CLUSTER, workloadId: 'wl-1', workloadName: 'x', project: 'p', intent: 'terminal' });
    expect(result.accepted[0]!.dedupeKey).toBe(`${CLUSTER}:id:wl-1`);
  });

  it('skips resolved alerts with a reason, using the group status when an alert has none', () => {
    const resolved = alert({ cluster_id: CLUSTER, workload_id: 'w1' }, { status: 'resolved' });
    const { status: _status, ...noStatus } = alert({ cluster_id: CLUSTER, workload_id: 'w2' });
    const result = parse(payload([resolved, noStatus], { status: 'resolved' }));
    expect(result.accepted).toEqual([]);
    expect(result.skipped.map((s) => s.reason)).toEqual([
      'resolved alert: only firing alerts start a diagnosis',
      'resolved alert: only firing alerts start a diagnosis',
    ]);
  });

  it('rejects version "3" with the reason, and a missing or numeric version', () => {
    expect(parseError(payload([], { version: '3' }))).toBe(
      'invalid Alertmanager payload: version: unsupported Alertmanager webhook version ("3"): this endpoint accepts version "4" payloads',
    );
    const { version: _v, ...noVersion } = payload([]);
    expect(parseError(noVersion)).toContain('version: unsupported Alertmanager webhook version (missing)');
    expect(parseError(payload([], { version: 4 }))).toContain('(number 4)');
  });

  it('rejects a body that is not an object, or has no alerts array', () => {
    expect(parseError([1, 2])).toBe('invalid Alertmanager payload: body: expected a JSON object (an Alertmanager webhook payload), got an array');
    expect(parseError(null)).toContain('got null');
    expect(parseError({ version: '4' })).toBe('invalid Alertmanager payload: alerts: expected an array of alerts, got missing');
    expect(parseError({ version: '4', alerts: {} })).toContain('alerts: expected an array of alerts, got a object');
  });

  it('tolerates unknown fields at every level', () => {
    const result = parse(
      payload([{ ...alert({ cluster_id: CLUSTER, workload_id: 'w' }), values: { B: 1 }, silenceURL: 'x' }], { orgId: 1, future: { x: [1] } }),
    );
    expect(result.accepted).toHaveLength(1);
  });

  describe('project from the namespace', () => {
    it('maps namespace runai-<project>', () => {
      const result = parse(payload([alert({ cluster_id: CLUSTER, workload_name: 'train', namespace: 'runai-team-a' })]));
      expect(result.accepted[0]!.request).toMatchObject({ workloadName: 'train', project: 'team-a' });
    });

    it('uses exported_namespace when namespace is the exporter’s own', () => {
      const result = parse(payload([alert({ cluster_id: CLUSTER, workload_name: 'train', namespace: 'monitoring', exported_namespace: 'runai-team-b' })]));
      expect(result.accepted[0]!.request.project).toBe('team-b');
    });

    it('prefers an explicit project label over the namespace', () => {
      const result = parse(payload([alert({ cluster_id: CLUSTER, workload_name: 'train', project: 'p1', namespace: 'runai-p2' })]));
      expect(result.accepted[0]!.request.project).toBe('p1');
    });

    it('does not read a namespace without the prefix as a project', () => {
      const result = parse(payload([alert({ cluster_id: CLUSTER, workload_name: 'train', namespace: 'team-a' })]));
      expect(result.skipped[0]!.reason).toBe('workload name "train" has no project: expected label project or projectName, or namespace runai-<project>');
    });
  });

  describe('cluster id', () => {
    it('falls back to ?clusterId= when the alert has no cluster label', () => {
      const result = parse(payload([alert({ workload_id: 'w1' })]), { clusterIdFallback: CLUSTER });
      expect(result.accepted[0]!.request.clusterId).toBe(CLUSTER);
    });

    it('prefers the alert label over ?clusterId=', () => {
      const result = parse(payload([alert({ clusterId: 'c-label', workload_id: 'w1' })]), { clusterIdFallback: CLUSTER });
      expect(result.accepted[0]!.request.clusterId).toBe('c-label');
    });

    it('rejects an invalid ?clusterId= as a configuration mistake (400)', () => {
      expect(parseError(payload([]), { clusterIdFallback: 'a,b' })).toContain('query clusterId: expected 1-200 letters');
    });
  });

  it('merges commonLabels under the alert labels', () => {
    const result = parse(
      payload([alert({ workload_name: 'a' }), alert({ workload_name: 'b', project: 'other' })], {
        commonLabels: { cluster_id: CLUSTER, project: 'shared' },
      }),
    );
    expect(result.accepted.map((m) => [m.request.workloadName, m.request.project, m.request.clusterId])).toEqual([
      ['a', 'shared', CLUSTER],
      ['b', 'other', CLUSTER],
    ]);
  });

  it('honours a configured label map', () => {
    const result = parse(payload([alert({ cluster: 'prod-uuid', job_name: 'train', ns: 'ai-team' })]), {
      labelMap: { clusterId: ['cluster'], workloadName: ['job_name'], namespace: ['ns'], namespacePrefix: 'ai-' },
    });
    expect(result.accepted[0]!.request).toMatchObject({ clusterId: 'prod-uuid', workloadName: 'train', project: 'team' });
  });

  describe('intent', () => {
    const intentOf = (labels: Record<string, string>, annotations?: Record<string, unknown>) =>
      parse(payload([alert({ cluster_id: CLUSTER, workload_id: 'w', ...labels }, annotations ? { annotations } : {})])).accepted[0]!.request.intent;

    it.each([
      [{ reason: 'CrashLoopBackOff' }, 'active'],
      [{ reason: 'ImagePullBackOff' }, 'active'],
      [{ reason: 'errimagepull' }, 'active'],
      [{ reason: 'CreateContainerConfigError' }, 'active'],
      [{ reason: 'ContainerCreating' }, 'active'],
      [{ alertname: 'KubePodCrashLooping' }, 'active'],
      [{ alertname: 'KubeContainerWaiting', reason: 'Whatever' }, 'active'],
      [{ alertname: 'RunaiImagePullBackOff' }, 'active'],
      // A terminated reason is a finished run, not a waiting one.
      [{ reason: 'OOMKilled' }, 'terminal'],
      [{ alertname: 'RunaiWorkloadFailed' }, 'terminal'],
      [{ intent: 'active' }, 'active'],
      [{ intent: 'terminal', reason: 'CrashLoopBackOff' }, 'terminal'],
    ] as const)('labels %j → %s', (labels, expected) => {
      expect(intentOf(labels)).toBe(expected);
    });

    it('reads waiting reasons in annotations', () => {
      expect(intentOf({}, { description: 'Pod runai-a/x-0 is in waiting state (reason: "CrashLoopBackOff").' })).toBe('active');
      expect(intentOf({}, { summary: 'image pull: ErrImagePull for nvcr.io/x' })).toBe('active');
      expect(intentOf({}, { summary: 'Job failed with exit code 1', n: 42 })).toBe('terminal');
    });
  });

  describe('de-duplication', () => {
    it('gives one request per workload and lists the repeats as duplicates', () => {
      const labels = { cluster_id: CLUSTER, workload_name: 'train', project: 'p' };
      const result = parse(
        payload([
          alert(labels, { fingerprint: 'aaaa', startsAt: '2026-11-29T17:00:00Z' }),
          alert({ ...labels, alertname: 'Other' }, { fingerprint: 'bbbb', startsAt: '2026-11-29T17:30:00Z' }),
          alert({ ...labels, workload_name: 'eval' }),
        ]),
      );
      expect(result.accepted.map((m) => m.request.workloadName)).toEqual(['train', 'eval']);
      expect(result.skipped).toEqual([
        { index: 1, fingerprint: 'bbbb', alertname: 'Other', code: 'duplicate', reason: `duplicate of alert #0 (${CLUSTER}:name:p/train)` },
      ]);
      expect(result.skippedCount).toBe(1);
      expect(result.skippedByReason).toEqual({ duplicate: 1 });
    });

    it('upgrades the kept request to active when a duplicate names a live symptom', () => {
      const labels = { cluster_id: CLUSTER, workload_id: 'w1' };
      const result = parse(payload([alert(labels), alert({ ...labels, reason: 'CrashLoopBackOff' })]));
      expect(result.accepted).toHaveLength(1);
      expect(result.accepted[0]!.request.intent).toBe('active');
    });

    it('keeps the same workload name in two clusters apart', () => {
      const result = parse(payload([alert({ cluster_id: 'c1', workload_id: 'w' }), alert({ cluster_id: 'c2', workload_id: 'w' })]));
      expect(result.accepted).toHaveLength(2);
    });
  });

  describe('garbage', () => {
    it.each([
      [{ cluster_id: CLUSTER, workload_name: 'a,projectName==other', project: 'p' }, 'invalid identifier label workload_name: expected'],
      [{ cluster_id: 'x'.repeat(201), workload_id: 'w' }, 'invalid identifier label cluster_id: too long (201 characters, at most 200)'],
      [{ cluster_id: CLUSTER, workload_id: '../../etc' }, 'invalid identifier label workload_id'],
      [{ cluster_id: CLUSTER, workload_id: 'w\u0000' }, 'invalid identifier label workload_id'],
      [{ cluster_id: CLUSTER, workload_name: 'w', namespace: 'runai-p q' }, 'invalid identifier label namespace'],
      [{ cluster_id: CLUSTER, workload_id: 'ü' }, 'invalid identifier label workload_id'],
    ])('skips %j with a reason', (labels, reason) => {
      const result = parse(payload([alert(labels)]));
      expect(result.accepted).toEqual([]);
      expect(result.skipped[0]!.reason).toContain(reason);
    });

    it('skips malformed alerts without rejecting the group', () => {
      const result = parse(payload([42, null, { status: 'firing', labels: { workload_id: 7 } }, alert({ cluster_id: CLUSTER, workload_id: 'ok' })]));
      expect(result.accepted.map((m) => m.request.workloadId)).toEqual(['ok']);
      expect(result.skipped.map((s) => [s.index, s.reason])).toEqual([
        [0, 'invalid alert: body: Invalid input: expected object, received number'],
        [1, 'invalid alert: body: Invalid input: expected object, received null'],
        [2, 'invalid alert: labels.workload_id: Invalid input: expected string, received number'],
      ]);
    });

    it('ignores empty label values, as Prometheus does', () => {
      const result = parse(payload([alert({ cluster_id: CLUSTER, workload_id: ' ', workload_name: 'n', project: 'p' })]));
      expect(result.accepted[0]!.request).not.toHaveProperty('workloadId');
    });

    it('drops unsafe alert context (fingerprint, alertname, startsAt) but keeps the alert', () => {
      const result = parse(
        payload([
          alert({ cluster_id: CLUSTER, workload_id: 'w', alertname: `A\uFFFF\u0001${'x'.repeat(300)}` }, { fingerprint: '<script>', startsAt: 'yesterday' }),
        ]),
      );
      expect(result.accepted[0]!.alert).toEqual({ alertname: `A${'x'.repeat(197)}` });
    });

    it('is not fooled by __proto__ or constructor labels', () => {
      const body = JSON.parse(
        `{"version":"4","alerts":[{"status":"firing","labels":{"__proto__":{"workload_id":"evil"},"constructor":"x","cluster_id":"c","workload_id":"w"}}]}`,
      ) as unknown;
      const result = parseAlertmanagerPayload(body, { receivedAt: NOW, labelMap: { project: ['constructor', 'project'] } });
      if (!result.ok) throw new Error(result.error);
      // The __proto__ key is dropped (no prototype pollution, no "evil" id); a label really
      // named `constructor` is read as an own label, never as Object.prototype.constructor.
      expect(result.accepted[0]!.request).toEqual({ clusterId: 'c', workloadId: 'w', project: 'x', intent: 'terminal' });
      expect(({} as Record<string, unknown>)['workload_id']).toBeUndefined();
    });

    it('returns truncatedAlerts for the caller to log', () => {
      expect(parse(payload([], { truncatedAlerts: 12 })).truncatedAlerts).toBe(12);
      expect(parse(payload([], { truncatedAlerts: 'many' })).truncatedAlerts).toBe(0);
    });
  });
});
