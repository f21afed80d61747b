/**
 * The "Add a destination" recipe (docs/extending.md) is one row in NOTIFICATION_DESTINATIONS,
 * plus its forwarder folder when SNS cannot deliver to it itself. This walks every row — so
 * also the next one added — through each place that must know it: the forwarder's folder
 * and handler, the synthesized stack (a function of that name whose environment the row's
 * schema accepts, REPORT_LOCALE included), the context keys documented in
 * docs/notifications.md, and its renderer in both locales.
 */
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSnsMessage } from '../../functions/delivery/buildSnsMessage.js';
import { deliveredFromSnsNotification } from '../../functions/delivery/readDeliveredNotification.js';
import { renderDigest } from '../../functions/delivery/renderDigest.js';
import { NOTIFICATION_DESTINATIONS, type NotificationDestination } from '../../functions/destinations/notificationDestinations.js';
import { LOCALES } from '../../functions/report/Messages.js';
import { notificationWordsFor } from '../../functions/report/notificationWordsFor.js';
import { makeVerdict } from '../delivery/verdictFixture.js';
import { FULL_CONTEXT, SYNTH_TIMEOUT_MS, synthStack, type Synthesized } from '../infra/synthStack.js';

const root = new URL('../../', import.meta.url);
const destinations: readonly NotificationDestination[] = NOTIFICATION_DESTINATIONS;
const forwarders = destinations.flatMap((destination) => (destination.delivery.via === 'forwarder' ? [{ destination, ...destination.delivery }] : []));

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

/** Each function's environment by POWERTOOLS_SERVICE_NAME, with topic references as topic ARNs. */
function environments(synth: Synthesized): Map<string, Record<string, string>> {
  const resources = synth.template.toJSON().Resources as Resources;
  const resolve = (value: unknown): string => {
    if (typeof value === 'string') return value;
    const ref = (value as { Ref?: string }).Ref ?? 'unresolved';
    return resources[ref]?.Type === 'AWS::SNS::Topic'
      ? `arn:aws:sns:eu-west-1:123456789012:${ref}`
      : `arn:aws:secretsmanager:eu-west-1:123456789012:secret:${ref}`;
  };
  const found = new Map<string, Record<string, string>>();
  for (const resource of Object.values(resources)) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const variables = (resource.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
    const name = variables.POWERTOOLS_SERVICE_NAME;
    if (typeof name === 'string') found.set(name, Object.fromEntries(Object.entries(variables).map(([key, value]) => [key, resolve(value)])));
  }
  return found;
}

describe('the notification destination registry', () => {
  let synth: Synthesized;
  beforeAll(() => {
    // Every destination on, in French: each forwarder must carry the worker's locale.
    synth = synthStack('destinations', { ...FULL_CONTEXT, pagerDuty: 'true', chat: 'true' });
  }, SYNTH_TIMEOUT_MS);

  it('names each destination once, and each context key once', () => {
    const names = destinations.map((destination) => destination.name);
    expect(new Set(names).size).toBe(names.length);
    const keys = destinations.flatMap((destination) => [...destination.contextKeys]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives each forwarder its folder and Lambda handler', () => {
    expect(forwarders.length).toBeGreaterThan(0);
    for (const { lambda } of forwarders) expect(existsSync(new URL(`functions/${lambda}/lambdaHandler.ts`, root)), lambda).toBe(true);
  });

  it("synthesizes each forwarder with an environment its schema accepts, in the worker's locale", () => {
    const found = environments(synth);
    const platform = ['POWERTOOLS_SERVICE_NAME', 'NODE_OPTIONS'];
    for (const { lambda, envSchema } of forwarders) {
      const environment = found.get(lambda);
      expect(environment, `a function named ${lambda}`).toBeDefined();
      const own = Object.fromEntries(Object.entries(environment!).filter(([key]) => !platform.includes(key)));
      expect(
        Object.keys(own).filter((key) => !(key in envSchema.shape)),
        `${lambda}: variables its schema does not read`,
      ).toEqual([]);
      const parsed = envSchema.safeParse(own);
      expect(parsed.success, `${lambda}: ${parsed.error?.message}`).toBe(true);
      expect((parsed.data as { REPORT_LOCALE?: string }).REPORT_LOCALE, lambda).toBe(FULL_CONTEXT.locale);
    }
  });

  it('documents every context key in docs/notifications.md, and no destination there is missing from the registry', () => {
    const doc = readFileSync(new URL('docs/notifications.md', root), 'utf8');
    const table = doc.slice(doc.indexOf('## Where notifications go'), doc.indexOf('### No silent deploy'));
    for (const key of destinations.flatMap((destination) => destination.contextKeys)) expect(table, key).toContain(`\`${key}`);
    const documented = [...table.matchAll(/^\| [^|]+ \| (?:`(\w+)[`=])/gm)].map((match) => match[1]!);
    expect(documented.length, 'destination rows read from the table').toBeGreaterThanOrEqual(4);
    const registered = new Set(destinations.flatMap((destination) => destination.contextKeys));
    expect(documented.filter((key) => !registered.has(key))).toEqual([]);
  });

  it('renders a verdict and a digest for every destination that renders, in every locale', () => {
    const verdict = makeVerdict();
    const single = deliveredFromSnsNotification(buildSnsMessage(verdict, 'report', { occurrenceKey: 'cluster-a#wl-42#t' }), 'm-1');
    const digest = deliveredFromSnsNotification(
      renderDigest(
        'cluster-a',
        [1, 2, 3].map((n) => ({ key: `k-${n}`, verdict })),
      ),
      'm-2',
    );
    for (const destination of destinations) {
      if (!destination.render) continue;
      for (const locale of LOCALES) {
        for (const notification of [single, digest]) {
          const rendered = JSON.stringify(destination.render(notification, notificationWordsFor(locale)));
          expect(rendered.length, `${destination.name} ${locale} ${notification.kind}`).toBeGreaterThan(20);
        }
      }
    }
  });
});
