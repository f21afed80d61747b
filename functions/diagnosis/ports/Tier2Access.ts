/**
 * The port through which the diagnosis gets Tier 2 (Kubernetes) access: a read-only reader for
 * the requested cluster, or none. Implementation: `createTier2Access` in `kubernetes/`.
 */
import type { KubernetesReader } from './KubernetesReader.js';

/** What the diagnosis needs of Tier 2: a reader for the requested cluster, or none. */
export interface Tier2Access {
  readerFor(clusterId: string): KubernetesReader | null;
}
