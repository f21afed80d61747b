/**
 * Kubernetes object names as Tier 2 uses them. Names come from Run:ai responses (untrusted),
 * so a name is used in a request only when it is a valid Kubernetes name: that rules out
 * path traversal, a comma that would add a field-selector term, and any text that is not
 * a name at all. The namespace is the workload's own `namespace`, else `runai-<project>`
 * (the Run:ai convention); it is never guessed further.
 */
const DNS_LABEL = /^[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?$/;
/** A label value (k8s.io/apimachinery pkg/util/validation IsValidLabelValue): at most 63 of [A-Za-z0-9_.-], alphanumeric at both ends. */
const LABEL_VALUE = /^[A-Za-z0-9](?:[-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;
const DNS_SUBDOMAIN = /^(?=.{1,253}$)[a-z0-9](?:[-a-z0-9]*[a-z0-9])?(?:\.[a-z0-9](?:[-a-z0-9]*[a-z0-9])?)*$/;

/** Namespaces and container names are DNS-1123 labels. */
export function isDnsLabel(value: string | null | undefined): value is string {
  return typeof value === 'string' && DNS_LABEL.test(value);
}

/** Pod and node names are DNS-1123 subdomains. */
export function isDnsSubdomain(value: string | null | undefined): value is string {
  return typeof value === 'string' && DNS_SUBDOMAIN.test(value);
}

/** The namespace Tier 2 reads: the workload's namespace, else `runai-<project>`; null when neither is known. */
export function namespaceFor(workload: { namespace?: string | null; projectName?: string | null }): string | null {
  const explicit = workload.namespace?.trim();
  if (explicit) return explicit;
  const project = workload.projectName?.trim();
  return project ? `runai-${project}` : null;
}

/**
 * A non-empty label value: only such a value goes into a label selector, so a workload name can add no
 * selector term (no comma, no operator) nor change the request.
 */
export function isLabelValue(value: string | null | undefined): value is string {
  return typeof value === 'string' && LABEL_VALUE.test(value);
}
