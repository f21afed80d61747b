/**
 * The port through which Tier 2 reads a Kubernetes cluster: exactly what the procedure's kubectl
 * commands show, and nothing that could change the cluster. Implementations: the undici
 * client (`kubernetes/createKubernetesClient`) and, in tests, fakes. Failures are `KubernetesError`s.
 */
import type { K8sEvent, K8sNode, K8sPod } from './KubernetesSchemas.js';

export interface PodLogQuery {
  container: string;
  /** `--previous`: the log of the previous (terminated) instance of a restarted container. */
  previous: boolean;
  /** Lines from the end of the log (`--tail`); always set: the whole log is never read. */
  tailLines: number;
  /** Bytes the server sends at most (`--limit-bytes`); always set. */
  limitBytes: number;
}

export interface PodLog {
  text: string;
  /** The server (or the client's own cap) stopped at `limitBytes`: the end of the tail may be missing. */
  truncated: boolean;
}

/** One page of a label-selected pod list (apimachinery's chunked LIST: `limit`, then `continue`). */
export interface PodListQuery {
  /** An equality selector built from validated parts, e.g. `workloadName=trainer`. */
  labelSelector: string;
  /** Items the server returns at most in this page. */
  limit: number;
  /** The previous page's `continue` token; absent for the first page. */
  continue?: string;
}

export interface PodListPage {
  items: K8sPod[];
  /** The token for the next page; null when this page was the last. */
  continue: string | null;
}

export interface KubernetesReader {
  /** `kubectl describe pod <name> -n <namespace>`: GET /api/v1/namespaces/{ns}/pods/{name}. */
  getPod(namespace: string, name: string): Promise<K8sPod>;
  /** `kubectl get pods -n <namespace> -l <selector>`: GET /api/v1/namespaces/{ns}/pods, one page. */
  listPods(namespace: string, query: PodListQuery): Promise<PodListPage>;
  /** `kubectl get events -n <ns> --field-selector involvedObject.name=<pod>`. */
  listPodEvents(namespace: string, podName: string): Promise<K8sEvent[]>;
  /** `kubectl logs <pod> -n <ns> -c <container> [--previous] --tail --limit-bytes`. */
  getPodLog(namespace: string, podName: string, query: PodLogQuery): Promise<PodLog>;
  /** `kubectl describe node <name>`: GET /api/v1/nodes/{name}. */
  getNode(name: string): Promise<K8sNode>;
}

export type KubernetesErrorCode =
  | 'K8S_NOT_FOUND' // 404: the pod, node or namespace does not exist (any more)
  | 'K8S_NO_PREVIOUS' // 400 on `previous=true`: the container has no previous terminated instance
  | 'K8S_UNAUTHORIZED' // 401: the token was refused
  | 'K8S_FORBIDDEN' // 403: RBAC does not allow this read
  | 'K8S_BAD_REQUEST' // other 4xx
  | 'K8S_UNAVAILABLE' // 5xx, 429
  | 'K8S_TIMEOUT' // no complete answer within the per-request timeout
  | 'K8S_NETWORK' // connection refused/reset, DNS, TLS
  | 'K8S_BAD_RESPONSE' // 2xx whose body is not the expected shape, or is too large
  | 'K8S_CREDENTIALS'; // the token file or CA file could not be read

export class KubernetesError extends Error {
  override readonly name = 'KubernetesError';
  readonly code: KubernetesErrorCode;
  /** Path template, e.g. `GET /api/v1/namespaces/{namespace}/pods/{name}/log` (never a value). */
  readonly endpoint: string;
  readonly status: number | undefined;

  constructor(code: KubernetesErrorCode, message: string, options: { endpoint: string; status?: number; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.code = code;
    this.endpoint = options.endpoint;
    this.status = options.status;
  }
}

export function isKubernetesError(error: unknown): error is KubernetesError {
  return error instanceof KubernetesError;
}
