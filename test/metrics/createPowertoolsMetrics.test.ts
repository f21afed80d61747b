/**
 * The Powertools adapter writes EMF lines in the one namespace the alarms read: a total
 * (dimension service only, what alarms read) and, for a breakdown, a line with its
 * dimensions too.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { powertoolsFor } from '../../functions/lambda/powertools.js';
import { createPowertoolsMetrics } from '../../functions/metrics/createPowertoolsMetrics.js';
import { METRICS_NAMESPACE } from '../../functions/config/lambdaEnvironment.js';

interface EmfLine {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] };
  [key: string]: unknown;
}

describe('createPowertoolsMetrics', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    vi.restoreAllMocks();
  });

  it('writes the total and the breakdown as EMF in the RunaiDiagnose namespace', () => {
    // Powertools writes through the global console (which the test captures) only in dev
    // mode, where metrics are off unless POWERTOOLS_METRICS_DISABLED says otherwise.
    process.env.POWERTOOLS_DEV = 'true';
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    const lines: EmfLine[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(JSON.parse(line) as EmfLine));
    const metrics = createPowertoolsMetrics(() => powertoolsFor('intake').metrics);
    metrics.count('AlertsSkipped', 3, { reason: 'not_firing' });
    metrics.flush();
    expect(METRICS_NAMESPACE).toBe('RunaiDiagnose');
    const breakdown = lines.find((line) => line.reason === 'not_firing');
    expect(breakdown).toMatchObject({ service: 'intake', AlertsSkipped: 3 });
    expect(breakdown!._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: METRICS_NAMESPACE, Metrics: [{ Name: 'AlertsSkipped', Unit: 'Count' }] });
    expect(breakdown!._aws.CloudWatchMetrics[0]!.Dimensions[0]).toEqual(expect.arrayContaining(['service', 'reason']));
    const total = lines.find((line) => line.reason === undefined && line.AlertsSkipped === 3);
    expect(total!._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: METRICS_NAMESPACE, Dimensions: [['service']] });
  });
});
