/**
 * A name (workload, project, node, cluster, phase) as it appears inside a report line.
 * Names come from Run:ai, Kubernetes or a request, and any character is allowed in some of
 * them: `job | Phase: Succeeded` or `x ⏎ Category: NODE_FAILURE` printed bare reads as a
 * field or a line the report never wrote. So a name is neutralised like any untrusted text
 * (one line, no control characters, double quotes replaced, secrets redacted), and one that
 * is not a plain identifier is put between “…”, which it then cannot close. Plain names —
 * DNS-1123 names, UUIDs, phases — stay as they are, so ordinary reports read as before.
 */
import { quoteUntrusted } from './quoteUntrusted.js';

/** What Kubernetes, Run:ai and their ids use (and pod phases such as `Init:Error`): without a space, nothing here reads as a label or a separator. */
const PLAIN_NAME = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;

export function displayName(name: string, maxLength = 253): string {
  const neutral = quoteUntrusted(name, { maxLength });
  return PLAIN_NAME.test(neutral) ? neutral : `“${neutral}”`;
}
