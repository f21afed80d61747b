/**
 * The error clause of a carrier message. Kubernetes components wrap the error they met in a
 * sentence of their own ("Failed to pull image \"x\": <err>", "MountVolume.SetUp failed for
 * volume \"v\" : <err>"): the carrier says where, the clause after it says what failed. And Go
 * wraps errors as a `: `-separated chain ("rpc error: code = NotFound desc = failed to
 * resolve reference \"x\": x: not found"), most general first, most specific last: when the
 * clause is too long to quote whole, the outer wrappers are dropped, never the innermost cause.
 */

import { quoteUntrusted } from '../../../safety/quoteUntrusted.js';

export interface Carrier {
  /** Matches the carrier up to where its error clause starts. */
  prefix: RegExp;
  upstream: string;
}

export const CARRIERS: readonly Carrier[] = [
  { prefix: /\bContainer failed with: /, upstream: 'knative/serving pkg/apis/serving/v1/revision_lifecycle.go (RevisionContainerExitingMessage)' },
  {
    prefix: /\b[Ll]ast available logs \(truncated to [\d,]+ chars\):\s*/,
    upstream: 'ray-project/ray python/ray/dashboard/modules/job/job_supervisor.py (JobSupervisor.run)',
  },
  { prefix: /\bFailed to pull image "[^"]*": /, upstream: 'kubernetes/kubernetes pkg/kubelet/images/image_manager.go (EnsureImageExists)' },
  {
    prefix:
      /\b(?:MountVolume|UnmountVolume|MapVolume|UnmapVolume|AttachVolume|WaitForAttach|VerifyControllerAttachedVolume)\.\w+ failed for volume "[^"]*"(?: \([^)]*\))? : /,
    upstream: 'kubernetes/kubernetes pkg/volume/util/operationexecutor/operation_generator.go (GenerateError "%s failed for volume %q%s : %v")',
  },
  { prefix: /\bFailed to create pod sandbox: /, upstream: 'kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_manager.go (createPodSandbox)' },
  { prefix: /\bFailed to prepare dynamic resources: /, upstream: 'kubernetes/kubernetes pkg/kubelet/kubelet.go (SyncPod, FailedPrepareDynamicResources)' },
  { prefix: /\bunable to ensure pod container exists: /, upstream: 'kubernetes/kubernetes pkg/kubelet/kubelet.go (SyncPod, FailedCreatePodContainer)' },
  // Not a carrier: the kubelet's "network is not ready" (NetworkNotReadyErrorMsg) states the fault itself; cut, it would leave its detail only.
  { prefix: /^Output: /, upstream: 'kubernetes/mount-utils mount_linux.go (doMount "Output: %s": the failed command\'s stderr)' },
  { prefix: /\bError response from daemon: /, upstream: 'moby/moby client/request.go (checkResponseErr "Error response from daemon: %s")' },
  { prefix: /^Error creating: /, upstream: 'kubernetes/kubernetes pkg/controller/controller_utils.go (FailedCreatePodReason "Error creating: %v")' },
  { prefix: /^Error: /, upstream: 'kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_container.go (startContainer "Error: %v")' },
  // A container's termination message after its terminated reason: `… exit code 1 (Error): <message>`.
  { prefix: /\s\([A-Z][A-Za-z]*\):\s/, upstream: 'kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_container.go (TerminationMessagePath)' },
];

/** Longest clause quoted whole; a longer chain loses its outer wrappers first. */
export const MAX_CLAUSE_LENGTH = 240;
/** Never narrow a chain below this: "not found" alone does not say what was not found. */
const MIN_CLAUSE_LENGTH = 60;
/** A command's name as it prefixes its own stderr (util-linux mount "mount: ", lustre "mount.lustre: ", ceph "rbd: "). */
const TOOL_PREFIX = /^[a-z][\w.-]*$/;
const GRPC_WRAPPER = /^rpc error: code = \w+ desc = /;

/** The text after the last carrier prefix on the line, or the line itself. */
export function afterCarrier(line: string): string {
  let clause = line;
  for (let changed = true; changed;) {
    changed = false;
    for (const carrier of CARRIERS) {
      const match = carrier.prefix.exec(clause);
      if (!match) continue;
      const rest = clause.slice(match.index + match[0].length);
      if (rest.trim() === '') continue;
      clause = rest;
      changed = true;
    }
  }
  return clause;
}

/**
 * The most specific part of a wrapped error chain that fits MAX_CLAUSE_LENGTH: a suffix of the
 * clause, cut only at a wrapper boundary (`: `), never inside a word. A clause that cannot be
 * narrowed that way is returned whole: the quoting caps its length after redacting it, so a
 * credential is never cut in half before the redactor sees it.
 */
export function innermostClause(clause: string, measure: (text: string) => number = (text) => text.length): string {
  let rest = clause.trim();
  if (measure(rest) <= MAX_CLAUSE_LENGTH) return rest;
  const grpc = GRPC_WRAPPER.exec(rest);
  if (grpc && measure(rest.slice(grpc[0].length)) >= MIN_CLAUSE_LENGTH) rest = rest.slice(grpc[0].length);
  while (measure(rest) > MAX_CLAUSE_LENGTH) {
    const cut = rest.indexOf(': ');
    if (cut < 0 || measure(rest.slice(cut + 2)) < MIN_CLAUSE_LENGTH) break;
    // A one-word head is the tool that wrote the error (`mount.lustre: `, `rbd: `, `mount: `), not a wrapper: it names what failed.
    if (TOOL_PREFIX.test(rest.slice(0, cut))) break;
    rest = rest.slice(cut + 2);
  }
  return rest;
}

/**
 * The error clause of one line: after its carrier, narrowed to the innermost cause that fits.
 * Narrowing must not change what redaction hides (cutting `password: x` at its colon would leave
 * a bare `x`): when the narrowed clause does not quote as a part of the quoted line, the whole
 * line after its carrier is kept. `measure` sizes a clause with its names masked, so a long name never
 * moves the cut (the same failure quotes the same clause whatever the workload is called).
 */
export function errorClause(line: string, measure?: (text: string) => number): string {
  const carried = afterCarrier(line);
  const narrowed = innermostClause(carried, measure);
  if (narrowed === carried.trim()) return narrowed;
  return quoteUntrusted(carried, { maxLength: CHECK_LENGTH }).includes(quoteUntrusted(narrowed, { maxLength: CHECK_LENGTH })) ? narrowed : carried.trim();
}

const CHECK_LENGTH = 8_000;
