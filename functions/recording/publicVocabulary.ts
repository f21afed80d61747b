/**
 * What a dotted token in a recording means: a host (someone's infrastructure, pseudonymised) or
 * vocabulary the diagnosis and its reader need (kept). Principles, not a list of strings seen:
 *
 * - A host name's labels are letters, digits and hyphens, lower case, and its last label is a
 *   top-level domain: `torch.distributed.elastic.multiprocessing` (no TLD),
 *   `torch.cuda.OutOfMemoryError` (mixed case: code), `python3.10` or `libnccl.so.2` (numeric
 *   last label: versions) are not hosts. Only TLDs that are not also common file extensions or
 *   code words count (`train.py`, `setup.sh`, `torch.distributed.run` stay).
 * - A special-use or private TLD (RFC 6761, RFC 6762 `.local`, ICANN's `.internal`, the
 *   de-facto `.lan`/`.corp`/`.home`/`.intranet`, Kubernetes' `.svc`) is always infrastructure.
 * - Upstream vocabulary domains are kept: the API groups of Kubernetes resource names, labels
 *   and taints (`nvidia.com/gpu`, `node.kubernetes.io/not-ready`) and the documentation links
 *   upstream messages carry (PyTorch's CUDA OOM message links pytorch.org).
 * - Public hosting and registry hosts name no one by themselves; what follows them (an
 *   organisation, a repository) does, so the host stays and the path is pseudonymised.
 */

/** Top-level domains a host in free text ends with (generic and the country codes used as generic). */
const PUBLIC_TLDS = new Set([
  'com',
  'net',
  'org',
  'edu',
  'gov',
  'mil',
  'int',
  'io',
  'ai',
  'co',
  'dev',
  'cloud',
  'tech',
  'biz',
  'info',
  'me',
  'us',
  'uk',
  'eu',
  'de',
  'fr',
  'nl',
  'ch',
  'se',
  'no',
  'fi',
  'dk',
  'es',
  'it',
  'at',
  'be',
  'ie',
  'ca',
  'au',
  'nz',
  'jp',
  'cn',
  'kr',
  'tw',
  'sg',
  'hk',
  'in',
  'il',
  'br',
  'mx',
  'ru',
  'za',
]);

/** Special-use and private names: never anyone's public vocabulary. */
const PRIVATE_TLDS = new Set([
  'internal',
  'local',
  'localdomain',
  'lan',
  'corp',
  'home',
  'intranet',
  'private',
  'svc',
  'test',
  'example',
  'invalid',
  'localhost',
  'intra',
  // RFC 8375 `home.arpa` (home networks) and the reverse-DNS zones `in-addr.arpa`/`ip6.arpa` (an address spelt as a name).
  'arpa',
]);

/** Upstream projects and vendors whose domain is vocabulary: resource and label API groups, documentation links. */
const VOCABULARY_DOMAINS = [
  'kubernetes.io',
  'k8s.io',
  'x-k8s.io',
  'nvidia.com',
  'amd.com',
  'intel.com',
  'habana.ai',
  'run.ai',
  'pytorch.org',
  'python.org',
  'tensorflow.org',
  'docker.com',
  'kubeflow.org',
  'ray.io',
  'cncf.io',
  'knative.dev',
  'kserve.io',
  'volcano.sh',
];

/** Public registries name no one: an image on them keeps its registry and repository. */
export const PUBLIC_REGISTRIES = new Set([
  'docker.io',
  'registry-1.docker.io',
  'index.docker.io',
  'nvcr.io',
  'ghcr.io',
  'quay.io',
  'gcr.io',
  'registry.k8s.io',
  'public.ecr.aws',
  'mcr.microsoft.com',
]);

/**
 * Public profile services whose path is a person: an ORCID iD's URI `orcid.org/<iD>` (ORCID, "Structure
 * of the ORCID Identifier"), `keybase.io/<user>`, LinkedIn's public profile `linkedin.com/in/<slug>`,
 * Semantic Scholar's `semanticscholar.org/author/<name>/<id>`. The host is kept: it names a service,
 * no one, and tells the reader what kind of identifier the pseudonym after it replaced; every path
 * segment after it is the person (replaceLocators.ts identitySlotPath).
 */
export const PROFILE_HOSTS: ReadonlySet<string> = new Set(['orcid.org', 'keybase.io', 'linkedin.com', 'semanticscholar.org']);

/** Public code, model, package and object hosts (and the registries): the host is kept, the organisation and repository after it are not. */
const PUBLIC_HOSTS = [
  ...PUBLIC_REGISTRIES,
  ...PROFILE_HOSTS,
  'github.com',
  'gitlab.com',
  'bitbucket.org',
  'huggingface.co',
  'pypi.org',
  'files.pythonhosted.org',
  'amazonaws.com',
  'googleapis.com',
  'windows.net',
];

/**
 * Kubernetes' default cluster domain: every cluster's in-cluster names end with it
 * (`<service>.<namespace>.svc.cluster.local`, kubernetes/dns docs/specification.md), so it
 * names no one and tells the reader the host was in-cluster. Longest first. A cluster configured
 * with its own domain is that operator's domain and is pseudonymised like any other.
 */
const CLUSTER_DNS_SUFFIXES = ['svc.cluster.local', 'pod.cluster.local', 'cluster.local'];

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Whether a dotted token is a host name by its shape (see the principles above). */
export function looksLikeHost(token: string): boolean {
  const labels = token.split('.');
  if (labels.length < 2 || token.length > 253) return false;
  if (!labels.every((label) => LABEL.test(label))) return false;
  const tld = labels[labels.length - 1]!;
  // Kubernetes service DNS, `<service>.<namespace>.svc.<cluster domain>` (kubernetes/dns
  // docs/specification.md): with a custom cluster domain (`svc.gpu-east`) it ends in no TLD, yet it is a host.
  return PRIVATE_TLDS.has(tld) || PUBLIC_TLDS.has(tld) || labels.indexOf('svc') >= 2;
}

/**
 * Extensions of source and configuration files: `train.py:42` is a file and a line (how
 * interpreters and compilers cite code), where `redis.cache:6379` is a service and its port.
 */
const SOURCE_EXTENSIONS = new Set([
  'py',
  'pyx',
  'ipynb',
  'go',
  'c',
  'cc',
  'cpp',
  'cxx',
  'h',
  'hpp',
  'cu',
  'cuh',
  'rs',
  'js',
  'mjs',
  'ts',
  'java',
  'kt',
  'scala',
  'rb',
  'sh',
  'yaml',
  'yml',
  'json',
  'toml',
  'cfg',
  'ini',
  'txt',
  'log',
  'md',
  'lua',
  'jl',
  'r',
  'pl',
  'php',
  'swift',
  'proto',
]);

/** Whether a dotted name's last part is a source or configuration file's extension (`setup.py`, `train.yaml`). */
export function isSourceExtension(extension: string): boolean {
  return SOURCE_EXTENSIONS.has(extension);
}

/**
 * Whether `name:port` names a service in-cluster by its short DNS name (`<service>.<namespace>:<port>`,
 * resolved through the pod's search path; kubernetes/dns docs/specification.md): lower-case DNS
 * labels, not a source file with a line number, not code (`torch.distributed`, dotted module paths
 * are not followed by a port).
 */
export function looksLikeServiceWithPort(name: string): boolean {
  const labels = name.split('.');
  if (labels.length < 2 || labels.length > 4 || !labels.every((label) => LABEL.test(label))) return false;
  return !SOURCE_EXTENSIONS.has(labels[labels.length - 1]!) && !/^\d+$/.test(labels[labels.length - 1]!);
}

const endsWithDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** A vocabulary domain or a subdomain of one (the caller decides whether the subdomain is an API group or a tenant). */
export function vocabularyDomainOf(host: string): string | null {
  const lower = host.toLowerCase();
  return VOCABULARY_DOMAINS.find((domain) => endsWithDomain(lower, domain)) ?? null;
}

/** The public host a host is or belongs to (`acme.s3.amazonaws.com` → `amazonaws.com`), or null. */
export function publicHostOf(host: string): string | null {
  const lower = host.toLowerCase();
  return PUBLIC_HOSTS.find((domain) => endsWithDomain(lower, domain)) ?? null;
}

/** The default cluster-DNS suffix a host ends with (`triton.serving.svc.cluster.local` → `svc.cluster.local`), or null. */
export function clusterDnsSuffixOf(host: string): string | null {
  const lower = host.toLowerCase();
  return CLUSTER_DNS_SUFFIXES.find((suffix) => endsWithDomain(lower, suffix)) ?? null;
}

/**
 * Names reserved for documentation and tests (RFC 2606, RFC 6761): `example.com`, `example.net`,
 * `example.org` and their subdomains name no one's infrastructure, so a URL at one (an upstream
 * message's or a test's) stays as written — the anonymizer's own pseudonyms end in
 * `.example.invalid` for the same reason.
 */
const DOCUMENTATION_DOMAINS = ['example.com', 'example.net', 'example.org'];

export function isDocumentationHost(host: string): boolean {
  const lower = host.toLowerCase();
  return DOCUMENTATION_DOMAINS.some((domain) => endsWithDomain(lower, domain));
}
