/**
 * What a failed mount's error says about who must act: a reference the workload got wrong
 * (a claim, secret or config map that does not exist, a key that is not in it) is the user's;
 * a storage backend that did not answer (a timeout, a refused connection, a CSI driver that is
 * unavailable) is the platform's. Pure; reads the masked text so a name never steers it.
 *
 * Formats (kubernetes/kubernetes): `secret "x" not found` / `configmap "x" not found`
 * (pkg/volume/secret/secret.go, pkg/volume/configmap/configmap.go SetUpAt, the API's NotFound
 * `%s "%s" not found` in staging/src/k8s.io/apimachinery/pkg/api/errors/errors.go NewNotFound),
 * `persistentvolumeclaim "x" not found` (same NotFound, pkg/kubelet/volumemanager), `configmap
 * references non-existent config key` / `secret references non-existent secret key`
 * (pkg/volume/configmap/configmap.go, pkg/volume/secret/secret.go makePayload); backend side:
 * gRPC status texts of CSI calls `rpc error: code = DeadlineExceeded|Unavailable`
 * (pkg/volume/csi/csi_client.go), `timed out waiting for the condition` (wait.ErrWaitTimeout),
 * mount helpers' `Connection timed out` / `Connection refused` / `No route to host`.
 */
export type MountCause = 'missing-reference' | 'backend-unreachable' | 'unspecified';

const MISSING_REFERENCE =
  /\b(?:persistentvolumeclaims?|secrets?|configmaps?)\s+"[^"]*"\s+not found|references non-existent (?:config |secret )?key|couldn't find key\b/i;
// A stale file handle (ESTALE) is the server no longer knowing the file: the backend changed under the mount.
// ENOTCONN on a mount is its FUSE daemon gone (containerStatementTable.ts): the backend, not the reference.
const BACKEND_UNREACHABLE =
  /code = (?:DeadlineExceeded|Unavailable)|timed out|connection refused|no route to host|network is unreachable|i\/o timeout|host is down|stale (?:NFS )?file handle|transport endpoint is not connected/i;

export function classifyMountCause(texts: readonly string[]): MountCause {
  if (texts.some((text) => MISSING_REFERENCE.test(text))) return 'missing-reference';
  if (texts.some((text) => BACKEND_UNREACHABLE.test(text))) return 'backend-unreachable';
  return 'unspecified';
}
