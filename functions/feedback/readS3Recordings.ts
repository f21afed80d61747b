/**
 * Recordings kept in S3 (`--recordings s3://bucket/prefix`): RECORD_DIR folders copied there
 * as they are (`aws s3 sync <RECORD_DIR> s3://bucket/prefix`), so each is
 * `<prefix>/<time>-<random>/scenario.json` and keeps the folder name findRecordingOf reads
 * the moment of the diagnosis from. Only `scenario.json` one level below the prefix is read;
 * an object that does not parse as a scenario is reported through `skip` and left out.
 */
// Paging: a truncated ListObjectsV2 page (IsTruncated) carries NextContinuationToken, sent back as
// ContinuationToken (https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListObjectsV2.html).
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { ScenarioFileSchema } from '../recording/format/ScenarioSchema.js';
import type { RecordingCandidate } from './findRecordingOf.js';

export interface S3Location {
  bucket: string;
  /** Empty, or ending with `/`. */
  prefix: string;
}

/** `s3://bucket[/prefix]` → its location; null when `text` is not an s3 URL. */
export function parseS3Location(text: string): S3Location | null {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(text.trim());
  if (!match) return null;
  const prefix = (match[2] ?? '').replace(/^\/+/, '');
  return { bucket: match[1]!, prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/` };
}

export async function readS3Recordings(client: S3Client, location: S3Location, skip: (key: string, why: string) => void): Promise<RecordingCandidate[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: location.bucket, Prefix: location.prefix, ...(token ? { ContinuationToken: token } : {}) }),
    );
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  const candidates: RecordingCandidate[] = [];
  for (const key of keys.sort()) {
    const rest = key.slice(location.prefix.length).split('/');
    if (rest.length !== 2 || rest[1] !== 'scenario.json' || !rest[0]) continue;
    const object = await client.send(new GetObjectCommand({ Bucket: location.bucket, Key: key }));
    let raw: unknown;
    try {
      raw = JSON.parse((await object.Body?.transformToString('utf8')) ?? '');
    } catch {
      skip(key, 'not JSON');
      continue;
    }
    const parsed = ScenarioFileSchema.safeParse(raw);
    if (!parsed.success) skip(key, 'not a scenario');
    else if (parsed.data.recording) candidates.push({ name: rest[0], scenario: parsed.data });
  }
  return candidates;
}
