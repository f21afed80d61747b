/** The loopback receiver is only worth something if it refuses what PagerDuty documents as invalid. */
import { describe, expect, it } from 'vitest';
import { documentedProblems } from './loopbackPagerDuty.js';

const valid = {
  routing_key: 'a'.repeat(32),
  event_action: 'trigger',
  dedup_key: 'k',
  payload: { summary: 's', source: 'h', severity: 'info' },
};

describe('loopback PagerDuty: the documented Events API v2 constraints', () => {
  it('accepts the minimal documented trigger', () => {
    expect(documentedProblems(valid)).toEqual([]);
  });

  it.each([
    [{ ...valid, routing_key: 'short' }, 'routing_key'],
    [{ ...valid, event_action: 'open' }, 'event_action'],
    [{ ...valid, dedup_key: 'k'.repeat(256) }, 'dedup_key'],
    [{ ...valid, payload: { ...valid.payload, summary: 'x'.repeat(1025) } }, 'payload.summary'],
    [{ ...valid, payload: { source: 'h', severity: 'info' } }, 'payload.summary'],
    [{ ...valid, payload: { summary: 's', severity: 'info' } }, 'payload.source'],
    [{ ...valid, payload: { ...valid.payload, severity: 'high' } }, 'payload.severity'],
    [{ ...valid, payload: { ...valid.payload, custom_details: 'text' } }, 'payload.custom_details'],
    [{ ...valid, payload: { ...valid.payload, priority: 'P1' } }, 'payload.priority'],
    [{ ...valid, severity: 'info' }, 'severity'],
  ])('refuses %j (%s)', (event, field) => {
    expect(documentedProblems(event).join(' ')).toContain(field);
  });
});
