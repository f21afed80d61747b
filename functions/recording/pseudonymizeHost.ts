/**
 * The pseudonyms `--anonymize` writes, shaped like what they replace so the diagnosis reads them
 * the same way: an address stays an address (documentation ranges, RFC 5737 / RFC 3849), a host
 * stays a host (`host-1a2b3c.domain-4d5e6f.example.invalid`, a node pseudonym kept as its first
 * label), a name stays a DNS label (`user-1a2b3c`). The `Pseudonyms` port hands out stable values
 * per recording (anonymizeRecording.ts).
 */
import { clusterDnsSuffixOf, publicHostOf, vocabularyDomainOf } from './publicVocabulary.js';
import { isVocabularyWord } from './upstreamVocabulary.js';

export interface Pseudonyms {
  /** `kind-` and a short stable digest of the value: a valid DNS label. */
  of(kind: string, value: string): string;
  /** A stable pseudonym address of the same family. */
  ip(address: string): string;
  /** A stable string of `length` decimal digits (an AWS account id). */
  digits(value: string, length: number): string;
  /** A locator's path by the word rule (pseudonymizeWords.ts): every word upstream does not write is replaced. */
  words(text: string): string;
}

const DOCUMENTATION_IP = /^(?:192\.0\.2|198\.51\.100|203\.0\.113)\.\d{1,3}$|^2001:db8:/i;
const DASHED_DOCUMENTATION_IP = /(?:^|-)(?:192-0-2|198-51-100|203-0-113)-\d{1,3}$/;
/** Six hex digits, as the anonymizer writes them (`name-1a2b3c`): `nightly-29133120` is a CronJob's Job, no pseudonym. */
const PSEUDONYM_LABEL = /^[a-z]+-[0-9a-f]{6}$/;
const GCE_ZONAL_DNS = /^([a-z0-9-]{1,63})\.[a-z]{2,12}-[a-z]{2,12}\d{1,2}-[a-z]\.c\.([a-z][a-z0-9-]{4,28}[a-z0-9])\.internal$/;

/** Already written by the anonymizer: a second pass leaves it alone. */
export function isPseudonym(token: string): boolean {
  return (
    token.includes('example.invalid') ||
    DOCUMENTATION_IP.test(token) ||
    PSEUDONYM_LABEL.test(token) ||
    DASHED_DOCUMENTATION_IP.test(token) ||
    /^[a-z]+-[0-9a-f]{6}-\d+(?:-\d+)*$/.test(token)
  );
}

/** A host name (no port) replaced label-wise: public suffixes stay, the rest is pseudonymised. */
export function pseudonymizeHost(host: string, pseudonyms: Pseudonyms): string {
  const lower = host.toLowerCase();
  // The loopback name (RFC 6761) is every machine's: it names no one.
  if (isPseudonym(lower) || lower === 'localhost') return host;
  const publicHost = publicHostOf(lower);
  const suffix = publicHost ?? vocabularyDomainOf(lower) ?? clusterDnsSuffixOf(lower);
  if (suffix) {
    if (lower === suffix) return host;
    // Under a public or upstream domain, the first label is the tenant's (an account, a bucket); the
    // labels between it and the domain name the provider's service and region (`blob.core`,
    // `s3.eu-west-1`), kept when they are upstream words, numbers or short codes.
    const labels = lower.slice(0, -suffix.length - 1).split('.');
    const service = labels.slice(1);
    // A tenant label already pseudonymised (a second pass over the text) stays as written.
    const tenant = (name: string) => (isPseudonym(name) ? name : pseudonyms.of('host', name));
    // (In-cluster, `<service>.<namespace>.svc.cluster.local`, the namespace is the user's: replaced with the service.)
    if (publicHost !== null && service.length > 0 && service.every(isServiceLabel)) return `${tenant(labels[0]!)}.${service.join('.')}.${suffix}`;
    return `${tenant(labels.join('.'))}.${suffix}`;
  }
  // GCE internal DNS, `VM.ZONE.c.PROJECT.internal` (cloud.google.com/compute/docs/internal-dns):
  // the project gets the pseudonym it has in a resource name (replaceCloudResourceNames.ts); the zone
  // says nothing of anyone and is left out (the word rule would split `europe-west4-b` into words).
  const gce = GCE_ZONAL_DNS.exec(lower);
  if (gce) return `${isPseudonym(gce[1]!) ? gce[1]! : pseudonyms.of('host', gce[1]!)}.c.${pseudonyms.of('project', gce[2]!)}.example.invalid`;
  const dot = lower.indexOf('.');
  if (dot < 0) return pseudonyms.of('host', lower);
  const first = lower.slice(0, dot);
  const firstOut = isPseudonym(first) ? first : pseudonyms.of('host', first);
  return `${firstOut}.${pseudonyms.of('domain', lower.slice(dot + 1))}.example.invalid`;
}

/** A provider's service or region label (`blob`, `core`, `s3`, `eu-west-1`, `dkr`): each word upstream's, a number or at most three letters. */
function isServiceLabel(label: string): boolean {
  return label.split('-').every((word) => /^\d+$/.test(word) || /^[a-z]{1,3}\d*$/.test(word) || isVocabularyWord(word));
}
