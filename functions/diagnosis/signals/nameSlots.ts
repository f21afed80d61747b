/**
 * Upstream message formats with a name slot: the `%s` a kubelet, a scheduler or Run:ai fills with
 * a name the user chose. Whatever stands in a slot is a name, never a cause, however it is spelt
 * (a container `oomkilled` in "Started container oomkilled"). The mask reads these slots as
 * wildcards, and the names found there are learnt for the whole diagnosis: a container the pod's
 * container list omits (an init container, in Run:ai's pod list) is then known wherever another
 * message cites it after its kind ("init container oomkilled terminated with exit code 1").
 *
 * Each capture group of a row is a slot (the patterns carry the `d` flag: the mask replaces
 * each slot where it stands); the text around them is the format's fixed part.
 */
import type { KindedName } from './maskIdentifiers.js';

export interface NameSlotFormat {
  pattern: RegExp;
  /** The kind of object each slot names, in order (maskIdentifiers masks it after that kind's word). */
  kinds: readonly string[];
  /** Where upstream writes the format: `owner/repo path (symbol)`. */
  upstream: string;
}

/** A name in a slot: a DNS-1123 name (a Kubernetes object), possibly `namespace/name`. */
const SLOT = '([a-z0-9](?:[a-z0-9._-]{0,251}[a-z0-9])?)';

export const NAME_SLOT_FORMATS: readonly NameSlotFormat[] = [
  {
    pattern: new RegExp(`^(?:Created|Started) container:? ${SLOT}$`, 'd'),
    kinds: ['container'],
    upstream: 'kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_container.go (startContainer: "Created container: %v", "Started container %v")',
  },
  {
    pattern: new RegExp(`^Stopping container ${SLOT}$`, 'd'),
    kinds: ['container'],
    upstream: 'kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_container.go (killContainer: "Stopping container %s")',
  },
  {
    // ", will be restarted" only when the restart policy restarts the container (computePodActions `if restart`).
    pattern: new RegExp(`^Container ${SLOT} (?:failed (?:liveness|startup) probe(?:, will be restarted)?$|definition changed, will be restarted)`, 'd'),
    kinds: ['container'],
    upstream:
      'kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_manager.go (computePodActions: "Container %s failed liveness probe", then ", will be restarted" when restart)',
  },
  {
    pattern: new RegExp(`^Back-off restarting failed container ${SLOT} in pod`, 'd'),
    kinds: ['container'],
    upstream: 'kubernetes/kubernetes pkg/kubelet/kuberuntime/kuberuntime_manager.go (doBackOff: "Back-off restarting failed container %s in pod %s")',
  },
  {
    pattern: new RegExp(`^Successfully assigned ${SLOT}/${SLOT} to ${SLOT}$`, 'd'),
    kinds: ['namespace', 'pod', 'node'],
    upstream: 'kubernetes/kubernetes pkg/scheduler/schedule_one.go (handleBindingCycleError/bind: "Successfully assigned %v/%v to %v")',
  },
  {
    pattern: new RegExp(`\\binit container ${SLOT} (?:terminated|failed|exited)\\b`, 'd'),
    kinds: ['container'],
    upstream: 'run-ai/docs job-statuses.md (phase message "Pod %s failed: init container %s terminated with exit code %d")',
  },
  {
    pattern: new RegExp(`\\bcontainer ${SLOT} terminated with exit code\\b`, 'd'),
    kinds: ['container'],
    upstream: 'run-ai/docs job-statuses.md (phase message "Pod %s failed: container %s terminated with exit code %d")',
  },
  {
    // Run:ai's phase message of a Degraded or failing workload names the first pod that is not
    // running; no public source spells this format, so it is cited from the recorded workloads.
    pattern: new RegExp(`^\\d+ of \\d+ pods are (?:not )?running: ${SLOT} is in `, 'd'),
    kinds: ['pod'],
    upstream:
      'Run:ai control plane, workload phaseMessage of a Degraded workload (as recorded: fixtures/scenarios/crash-degraded-crashloop, tier2-137-liveness-probe-kills)',
  },
  {
    pattern: /^spec\.(?:init|ephemeral)?[cC]ontainers\{([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)\}$/d,
    kinds: ['container'],
    upstream: 'kubernetes/kubernetes pkg/kubelet/container/ref.go (GenerateContainerRef: event fieldPath "spec.initContainers{%s}")',
  },
];

/** The names standing in a slot of a known format in these texts, each with its slot's kind. */
export function namesInSlots(texts: Iterable<string | null | undefined>): KindedName[] {
  const names = new Map<string, KindedName>();
  for (const text of texts) {
    if (!text) continue;
    for (const format of NAME_SLOT_FORMATS) {
      (format.pattern.exec(text)?.slice(1) ?? []).forEach((slot, index) => {
        const kind = format.kinds[index] ?? null;
        if (slot) names.set(`${kind}\u0000${slot}`, { name: slot, kind });
      });
    }
  }
  return [...names.values()];
}
