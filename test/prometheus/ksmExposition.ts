/**
 * A stand-in for kube-state-metrics in the end-to-end test: the pod series it exports, in the
 * Prometheus text exposition format, for pods whose state the test changes over time. Names,
 * labels and conventions are kube-state-metrics' (kubernetes/kube-state-metrics
 * internal/store/pod.go, internal/store/utils.go): every pod series has namespace, pod and uid;
 * kube_pod_status_phase has one series per phase, 1 for the current one; waiting and terminated
 * reasons exist only while the container is in that state; kube_pod_labels carries the
 * allow-listed pod labels as label_<snake_case>; kube_pod_container_status_restarts_total exists
 * for every container, the last terminated reason once the container has restarted; init
 * containers have their own kube_pod_init_container_* families.
 */
import { createServer, type Server } from 'node:http';

export interface FakePod {
  namespace: string;
  pod: string;
  uid: string;
  /** Kubernetes pod labels (only those in --metric-labels-allowlist are exported). */
  labels: Record<string, string>;
  phase: 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';
  container: string;
  waitingReason?: string;
  terminatedReason?: string;
  /** The container's restart count (kube_pod_container_status_restarts_total); 0 when absent. */
  restarts?: number;
  /** lastState.terminated.reason: set once the container has restarted (OOMKilled, Error, …). */
  lastTerminatedReason?: string;
  /** One init container, when the pod has one: its name and current state. */
  init?: { container: string; waitingReason?: string; terminatedReason?: string; running?: boolean };
}

const PHASES = ['Pending', 'Succeeded', 'Failed', 'Unknown', 'Running'] as const;

/** kube-state-metrics' label name for a Kubernetes label key (toSnakeCase of the sanitized key). */
export function ksmLabelName(key: string): string {
  return `label_${key
    .replace(/[^a-zA-Z0-9_]/g, '_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()}`;
}

function escape(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function series(name: string, labels: Record<string, string>, value: number): string {
  const text = Object.entries(labels)
    .map(([key, v]) => `${key}="${escape(v)}"`)
    .join(',');
  return `${name}{${text}} ${value}`;
}

export function renderExposition(pods: readonly FakePod[], allowlist: readonly string[]): string {
  const families: Record<string, { help: string; type?: 'counter'; lines: string[] }> = {
    kube_pod_labels: { help: 'Kubernetes labels converted to Prometheus labels.', lines: [] },
    kube_pod_status_phase: { help: 'The pods current phase.', lines: [] },
    kube_pod_container_status_waiting_reason: { help: 'Describes the reason the container is currently in waiting state.', lines: [] },
    kube_pod_container_status_terminated_reason: { help: 'Describes the reason the container is currently in terminated state.', lines: [] },
    kube_pod_container_status_last_terminated_reason: { help: 'Describes the last reason the container was in terminated state.', lines: [] },
    kube_pod_container_status_restarts_total: { help: 'The number of container restarts per container.', type: 'counter', lines: [] },
    kube_pod_init_container_status_waiting_reason: { help: 'Describes the reason the init container is currently in waiting state.', lines: [] },
    kube_pod_init_container_status_terminated_reason: { help: 'Describes the reason the init container is currently in terminated state.', lines: [] },
    kube_pod_init_container_status_running: { help: 'Describes whether the init container is currently in running state.', lines: [] },
  };
  for (const pod of pods) {
    const base = { namespace: pod.namespace, pod: pod.pod, uid: pod.uid };
    const exported = Object.fromEntries(
      Object.entries(pod.labels)
        .filter(([key]) => allowlist.includes(key))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, value]) => [ksmLabelName(key), value]),
    );
    families['kube_pod_labels']!.lines.push(series('kube_pod_labels', { ...base, ...exported }, 1));
    for (const phase of PHASES) families['kube_pod_status_phase']!.lines.push(series('kube_pod_status_phase', { ...base, phase }, phase === pod.phase ? 1 : 0));
    if (pod.waitingReason) {
      families['kube_pod_container_status_waiting_reason']!.lines.push(
        series('kube_pod_container_status_waiting_reason', { ...base, container: pod.container, reason: pod.waitingReason }, 1),
      );
    }
    if (pod.terminatedReason) {
      families['kube_pod_container_status_terminated_reason']!.lines.push(
        series('kube_pod_container_status_terminated_reason', { ...base, container: pod.container, reason: pod.terminatedReason }, 1),
      );
    }
    if (pod.lastTerminatedReason) {
      families['kube_pod_container_status_last_terminated_reason']!.lines.push(
        series('kube_pod_container_status_last_terminated_reason', { ...base, container: pod.container, reason: pod.lastTerminatedReason }, 1),
      );
    }
    families['kube_pod_container_status_restarts_total']!.lines.push(
      series('kube_pod_container_status_restarts_total', { ...base, container: pod.container }, pod.restarts ?? 0),
    );
    if (pod.init) {
      const init = { ...base, container: pod.init.container };
      families['kube_pod_init_container_status_running']!.lines.push(series('kube_pod_init_container_status_running', init, pod.init.running ? 1 : 0));
      if (pod.init.waitingReason) {
        families['kube_pod_init_container_status_waiting_reason']!.lines.push(
          series('kube_pod_init_container_status_waiting_reason', { ...init, reason: pod.init.waitingReason }, 1),
        );
      }
      if (pod.init.terminatedReason) {
        families['kube_pod_init_container_status_terminated_reason']!.lines.push(
          series('kube_pod_init_container_status_terminated_reason', { ...init, reason: pod.init.terminatedReason }, 1),
        );
      }
    }
  }
  return (
    Object.entries(families)
      .map(([name, family]) => [`# HELP ${name} ${family.help}`, `# TYPE ${name} ${family.type ?? 'gauge'}`, ...family.lines].join('\n'))
      .join('\n') + '\n'
  );
}

export interface Scrape {
  at: number;
  replica: string;
  version: number;
}

export interface KsmReplicas {
  /** `127.0.0.1:<port>` of each replica. */
  targets: string[];
  /** Replaces the pods every replica serves from now on; returns the new state version. */
  update(pods: readonly FakePod[]): number;
  /** Every scrape served so far: when, by which replica, which state version. */
  scrapes: Scrape[];
  close(): Promise<void>;
}

/**
 * `count` HTTP servers on loopback serving the same pods on /metrics: several kube-state-metrics
 * replicas, so Prometheus stores every series once per replica (`instance` differs).
 */
export async function startKsmReplicas(count: number, pods: readonly FakePod[], allowlist: readonly string[], now: () => number): Promise<KsmReplicas> {
  let current = pods;
  let version = 0;
  const scrapes: Scrape[] = [];
  const servers: Server[] = [];
  const targets: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const replica = `ksm-${index}`;
    const server = createServer((request, response) => {
      if (request.url !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      scrapes.push({ at: now(), replica, version });
      response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }).end(renderExposition(current, allowlist));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    targets.push(`127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    servers.push(server);
  }
  return {
    targets,
    update(next) {
      current = next;
      version += 1;
      return version;
    },
    scrapes,
    close: async () => {
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
