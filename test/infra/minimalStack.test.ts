/**
 * The smallest deployment: runaiBaseUrl, and allowNoSubscribers (without it a stack that
 * notifies nobody does not synthesize). No cluster → no poller and no schedule; no email or
 * pager → no subscription and no pager DLQ; still clean under cdk-nag.
 */
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYNTH_TIMEOUT_MS, synthStack, type Synthesized } from './synthStack.js';

let synth: Synthesized;
beforeAll(() => {
  synth = synthStack('minimal', { runaiBaseUrl: 'https://myorg.run.ai', allowNoSubscribers: 'true' });
}, SYNTH_TIMEOUT_MS);

describe('minimal configuration', () => {
  it('has no schedule and no poller when no cluster is configured', () => {
    synth.template.resourceCountIs('AWS::Events::Rule', 0);
    synth.template.resourceCountIs('AWS::Scheduler::Schedule', 0);
    const services = Object.values(synth.template.findResources('AWS::Lambda::Function')).map(
      (fn) => fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME,
    );
    expect(services.sort()).toEqual(['diagnose', 'intake']);
  });

  it('has no subscription, no pager DLQ and no forwarder without alertEmail, opsEmail, pagerUrl, pagerDuty or chat', () => {
    synth.template.resourceCountIs('AWS::SNS::Subscription', 0);
    synth.template.resourceCountIs('AWS::SQS::Queue', 2); // work queue and its DLQ
  });

  it('uses the defaults: maxConcurrency 2, a storm window of 5 verdicts per 60 s, 30-day logs, English reports', () => {
    synth.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', { ScalingConfig: { MaximumConcurrency: 2 } });
    synth.template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: { STORM_THRESHOLD: '5', STORM_WINDOW_SECONDS: '60', REPORT_LOCALE: 'en' } },
    });
    for (const group of Object.values(synth.template.findResources('AWS::Logs::LogGroup'))) expect(group.Properties.RetentionInDays).toBe(30);
  });

  it('is clean under cdk-nag too', () => {
    expect(new AwsSolutionsChecks().validateScope(synth.stack).violations).toEqual([]);
  });
});
