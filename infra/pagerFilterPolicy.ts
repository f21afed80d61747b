/**
 * The SNS filter policy of the optional pager (HTTPS) subscription.
 *
 * Scope: MessageAttributes — on purpose, and here is the evidence. The worker publishes
 * with `MessageStructure: 'json'` (text for email, verdict JSON for https/sqs/lambda) and
 * the attributes `kind`, `category`, `outcome`, `recurring`, `clusterId`, `project`, `audience`
 * (functions/delivery/buildSnsMessage.ts, renderDigest.ts); a suspect-node notice carries
 * `kind`/`outcome` = `node_suspect`, `audience` = `platform`, `clusterId` and `node`, and no
 * `category` (functions/delivery/renderNodeSuspect.ts).
 * - The SNS note "message attributes are sent only when the message structure is String,
 *   not JSON" (SNS developer guide, "Amazon SNS message attributes") is about attributes
 *   being *delivered* to an endpoint, not about filtering: the same guide defines the
 *   default FilterPolicyScope, MessageAttributes, as matching the attributes of the
 *   publish request ("Amazon SNS subscription filter policy scope", "Amazon SNS message
 *   filtering"), with no exception for MessageStructure.
 * - LocalStack, whose SNS tests are recorded against real AWS (`markers.aws.validated`),
 *   evaluates the MessageAttributes scope on the publish request's attributes whatever
 *   the MessageStructure, and the MessageBody scope on the *per-protocol* body
 *   (`message_content(protocol)` in localstack/services/sns/publisher.py). A MessageBody
 *   policy would therefore see the verdict JSON on https but the text report on email:
 *   one policy could not mean the same thing across protocols, and a digest's body has no
 *   `category` field at all. Attributes are the one contract every message shares; a
 *   digest carries `category` as a String.Array, which SNS matches when any element does.
 * - test/infra/pagerFilter.test.ts publishes the worker's real notifications (built by
 *   buildSnsMessage with MessageStructure json) through an SNS emulator with the policy
 *   this file produces, and checks who receives what. docs/deploy.md adds a
 *   post-deploy check against real SNS (`aws sns publish --message-attributes …`).
 */
import * as z from 'zod';

/** The attributes the worker sets on every notification: a policy naming anything else never matches. */
export const NOTIFICATION_ATTRIBUTES = ['kind', 'category', 'outcome', 'recurring', 'clusterId', 'project', 'audience', 'node'] as const;

export type FilterPolicy = Record<string, unknown>;

export const PAGER_FILTER_PRESETS = {
  /**
   * Page on node failures, suspect nodes (§4.8: the notice has no category) and recurring failures
   * (a single verdict or a digest containing one).
   */
  'node-failure-or-recurring': { $or: [{ category: ['NODE_FAILURE'] }, { outcome: ['node_suspect'] }, { recurring: ['true'] }] },
  /**
   * Page the platform team on what only it can fix (DESIGN §4.8 `audience`: NODE_FAILURE, a registry or
   * storage backend out of reach, UNKNOWN, the product's own configuration, suspect-node notices), never on
   * users' own failures.
   */
  platform: { audience: ['platform'] },
  /** Page on every verdict and digest. */
  all: null,
} as const satisfies Record<string, FilterPolicy | null>;

export type PagerFilterPreset = keyof typeof PAGER_FILTER_PRESETS;

const known = new Set<string>(NOTIFICATION_ATTRIBUTES);

/** Top-level keys (and those inside `$or`) must be notification attributes; values are left to SNS. */
function unknownAttributes(policy: FilterPolicy): string[] {
  const names: string[] = [];
  for (const [key, value] of Object.entries(policy)) {
    if (key === '$or' && Array.isArray(value)) {
      for (const branch of value) {
        if (branch !== null && typeof branch === 'object' && !Array.isArray(branch)) names.push(...unknownAttributes(branch as FilterPolicy));
        else names.push('$or (its items must be objects)');
      }
    } else if (!known.has(key)) names.push(key);
  }
  return names;
}

/** A preset name, or a JSON filter policy on the notification attributes (as an object or a JSON string). */
export const PagerFilterSchema = z.union([z.string(), z.record(z.string(), z.unknown())]).transform((value, context): FilterPolicy | null => {
  if (typeof value === 'string' && value in PAGER_FILTER_PRESETS) return PAGER_FILTER_PRESETS[value as PagerFilterPreset];
  let policy: unknown = value;
  if (typeof value === 'string') {
    try {
      policy = JSON.parse(value);
    } catch {
      context.addIssue({ code: 'custom', message: `must be ${Object.keys(PAGER_FILTER_PRESETS).join(' or ')}, or a JSON SNS filter policy` });
      return z.NEVER;
    }
  }
  if (policy === null || typeof policy !== 'object' || Array.isArray(policy) || Object.keys(policy).length === 0) {
    context.addIssue({ code: 'custom', message: 'must be a non-empty JSON object (an SNS filter policy)' });
    return z.NEVER;
  }
  const unknown = unknownAttributes(policy as FilterPolicy);
  if (unknown.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `filters on ${unknown.join(', ')}, which no notification carries (attributes: ${NOTIFICATION_ATTRIBUTES.join(', ')})`,
    });
    return z.NEVER;
  }
  return policy as FilterPolicy;
});
