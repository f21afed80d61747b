/**
 * A cloud project or account named inside a resource name, by the format that carries it:
 *
 * - Google Cloud resource names, `projects/{project}/{collection}/…` (google.aip.dev/122
 *   "Resource names"; Vertex AI `projects/<number>/locations/<region>/endpoints/<id>`, Secret
 *   Manager `projects/<id>/secrets/<name>/versions/<n>`): the project is a project id (6–30
 *   lower-case letters, digits and hyphens, starting with a letter; cloud.google.com/resource-manager/docs/creating-managing-projects)
 *   or a project number (digits). The word rule keeps a number, and an id made of ordinary words
 *   (`ml-serving-prod`) too. The id gets the pseudonym the same id has anywhere else (a GCE host's
 *   `c.<project>` label, pseudonymizeHost.ts); a number is replaced by as many digits. Only before
 *   a collection of Google's (`locations`, `secrets`, …): a Run:ai `/projects/<id>` path is the
 *   control plane's own numbering and stays.
 * - a Twilio Account SID, `AC` and 32 hex digits (twilio.com/docs/glossary/what-is-a-sid: a SID
 *   is two letters naming the resource type and 32 hexadecimal characters; `AC` is the account):
 *   the account is the customer; a word rule read it as a hex id and kept it. Same shape back.
 *
 * Linear: two bounded patterns.
 */
import { isPseudonym, type Pseudonyms } from './pseudonymizeHost.js';

const COLLECTIONS = [
  'locations',
  'regions',
  'zones',
  'global',
  'secrets',
  'topics',
  'subscriptions',
  'serviceAccounts',
  'datasets',
  'instances',
  'buckets',
  'models',
  'endpoints',
  'jobs',
  'databases',
  'repositories',
  'keyRings',
  'logs',
  'sinks',
  'operations',
  'clusters',
];
const GCP_RESOURCE = new RegExp(String.raw`(?<![\w.-])(projects\/)([a-z][a-z0-9-]{4,28}[a-z0-9]|\d{5,19})(?=\/(?:${COLLECTIONS.join('|')})\/)`, 'g');
const TWILIO_ACCOUNT_SID = /(?<![A-Za-z0-9_-])AC([0-9a-f]{32})(?![A-Za-z0-9_-])/g;

export function replaceCloudResourceNames(text: string, pseudonyms: Pseudonyms): string {
  let out = text;
  if (out.includes('projects/'))
    out = out.replace(GCP_RESOURCE, (match, head: string, project: string) => {
      if (isPseudonym(project)) return match;
      return `${head}${/^\d+$/.test(project) ? pseudonyms.digits(project, project.length) : pseudonyms.of('project', project)}`;
    });
  if (out.includes('AC')) out = out.replace(TWILIO_ACCOUNT_SID, (_match, hex: string) => `AC${pseudonyms.digits(`AC${hex}`, 32)}`);
  return out;
}
