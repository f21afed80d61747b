/**
 * Node names a managed Kubernetes service writes, pseudonymised whole wherever they appear in
 * free text. A node name is one identifier: the cloud's naming scheme fills its parts from the
 * customer's own names (cluster, node pool) and from ids of the customer's resources, so
 * replacing the words of it one by one (the word rule) leaves the scheme's other parts — the
 * VMSS id, two of OKE's three OCID pieces — and a part that looks like a word. The pseudonym is
 * the one the `nodeName` field gives the same name (`node-<hex>`), so every place agrees.
 *
 * - GKE: `gke-<cluster>-<pool>-<8 hex>-<4>`, Autopilot `gk3-<cluster>-<pool>-<8 hex>-<4>` (the
 *   pool a customer's, `pool-N` or auto-provisioned `nap-<8>`): the instance names of the pool's
 *   managed instance group `gk3-…-<8 hex>-grp` (kubectl get nodes in public examples, e.g.
 *   `gk3-autopilot-cluster-1-pool-2-6cff7a0b-zppm`; cluster-autoscaler scale-up events name the
 *   group `…/instanceGroups/gk3-autopilot-cluster-1-nap-l8h3ctae-3077ca01-grp`).
 * - AKS: `aks-<pool>-<8 digits>-vmss<6 base-36>` (a VM scale set's computer name prefix and
 *   instance id; the pool name is 1-12 lower-case letters and digits) or, for availability
 *   sets, `aks-<pool>-<8 digits>-<n>` (learn.microsoft.com AKS node pools; e.g. the scale set
 *   `aks-nodepool1-28706398-vmss` in neolin-ms/AzureCLI 54Restart_Stop_Node_of_AKS_Cluster.sh).
 * - OKE: `oke-c<part of the cluster OCID>-n<part of the node pool OCID>-s<part of the subnet
 *   OCID>-<slot>` (docs.oracle.com/en-us/iaas/Content/ContEng/Reference/contenggeneratednodenames.htm).
 *
 * EKS names nodes by their private DNS name (`ip-10-0-1-2.<region>.compute.internal`) or EC2
 * resource name, which the address and host rules already replace (replaceInfrastructureIdentifiers.ts).
 * Bounded and anchored on the scheme's prefix: one linear scan.
 */
import { isPseudonym, type Pseudonyms } from './pseudonymizeHost.js';

const MANAGED_NODE =
  /(?<![\w.-])(?:gk[e3]-[a-z0-9][a-z0-9-]{0,47}-[0-9a-f]{8}-[a-z0-9]{4}|aks-[a-z][a-z0-9]{0,11}-\d{8}-(?:vmss[0-9a-z]{6}|\d{1,3})|oke-c[a-z0-9]{6,16}-n[a-z0-9]{6,16}-s[a-z0-9]{6,16}-\d{1,3})(?![\w-])/g;

export function replaceManagedNodeNames(text: string, pseudonyms: Pseudonyms): string {
  if (!/\b(?:gk[e3]|aks|oke)-/.test(text)) return text;
  return text.replace(MANAGED_NODE, (name) => (isPseudonym(name) ? name : pseudonyms.of('node', name)));
}
