/**
 * Identifier shapes of people and infrastructure found in free text (event and phase messages,
 * args, env values, annotations), pseudonymised by `--anonymize` wherever they appear — not
 * only where a field names them: IPv4 and IPv6 addresses, object-store URLs (`s3://`, `gs://`,
 * `abfss://`…), AWS ARNs (they carry the account id), home directories (they carry the user
 * name). Host names are not yet replaced in free text: Python module paths
 * (`torch.distributed.elastic…`) that signals read share their shape. The diagnosis never reads any of these (its signals are
 * event reasons, exit codes, phases and Kubernetes' own phrasing), so the replay's verdict does
 * not change.
 *
 * One linear scan per shape; every run is bounded.
 */
const SHAPES: readonly { kind: string; pattern: RegExp }[] = [
  { kind: 'arn', pattern: /\barn:aws[a-z-]{0,20}:[a-z0-9-]{1,64}:[a-z0-9-]{0,32}:(?:\d{12})?:[^\s"'`,;)\]}]{0,512}/g },
  { kind: 'bucket', pattern: /\b(?:s3a?|s3n|gs|abfss?|wasbs?|oss|cos|r2|minio|hdfs):\/\/[^\s"'`,;)\]}]{1,1024}/g },
  { kind: 'home', pattern: /(?:\/home|\/Users|\/u|\/usr\/home)\/[A-Za-z0-9._-]{1,64}/g },
  { kind: 'ip', pattern: /(?<![\w.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?![\w.])/g },
  // Full IPv6 forms and `::` compressions with at least three groups (a timestamp or `a::b` is not one).
  { kind: 'ip', pattern: /(?<![\w:.])(?:[0-9A-Fa-f]{1,4}:){2,7}(?::|(?::[0-9A-Fa-f]{1,4}){1,6}|[0-9A-Fa-f]{1,4})(?![\w:])/g },
];

/** Public domains whose names carry meaning the diagnosis and the reader need (resources, registries, docs). */
/** Timestamps and versions look like dotted or colon-separated numbers; only real addresses are replaced. */
const IS_TIME = /^\d{1,2}:\d{2}(?::\d{2})?$/;

export function replaceInfrastructureIdentifiers(text: string, pseudonym: (kind: string, value: string) => string): string {
  let out = text;
  for (const { kind, pattern } of SHAPES) {
    out = out.replace(pattern, (match) => {
      if (kind === 'ip' && (IS_TIME.test(match) || /^[0-9:]+$/.test(match))) return match;
      if (match.includes('example.invalid')) return match;
      return pseudonym(kind, match);
    });
  }
  return out;
}
