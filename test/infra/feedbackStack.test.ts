/**
 * Feedback in AWS (§4.10), synthesized both ways: on (the default) — the answers table, the
 * generated key secret, the two routes, the grants and the outputs — and `feedback=false`,
 * where none of them exists and no function gets a FEEDBACK_* variable, so the worker signs
 * no link (verdicts carry `feedbackUrl: null`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SYNTH_TIMEOUT_MS, synthStack, type Synthesized } from './synthStack.js';

type Resources = Record<string, { Type: string; Properties: Record<string, any> }>;
type Statement = { Action: string | string[]; Resource: unknown };

const CONTEXT = { runaiBaseUrl: 'https://myorg.run.ai', alertEmail: 'gpu-platform@example.com' } as const;

function view(synth: Synthesized) {
  const resources = synth.template.toJSON().Resources as Resources;
  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  const functionOf = (service: string) =>
    ofType('AWS::Lambda::Function').find(([, r]) => r.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === service)![1];
  /** Every `action resource` pair of a function's role. */
  const grants = (service: string): string[] => {
    const role = functionOf(service).Properties.Role['Fn::GetAtt'][0] as string;
    return ofType('AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: role }]))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Statement[])
      .flatMap((s) => [s.Action].flat().map((action) => `${action} ${JSON.stringify(s.Resource)}`));
  };
  const idOf = (type: string, prefix: string) => ofType(type).find(([id]) => id.startsWith(prefix))?.[0];
  return { resources, ofType, functionOf, grants, idOf, outputs: Object.keys(synth.template.toJSON().Outputs ?? {}) };
}

describe('feedback on (the default)', () => {
  let v: ReturnType<typeof view>;
  beforeAll(() => {
    v = view(synthStack('feedback-on', CONTEXT));
  }, SYNTH_TIMEOUT_MS);

  it('answers table: pk (S), on demand, TTL on expiresAt (one year, set per item), point-in-time recovery like the other tables', () => {
    const table = v.resources[v.idOf('AWS::DynamoDB::Table', 'FeedbackAnswers')!]!.Properties;
    expect(table).toMatchObject({
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  it('key secret: generated like the webhook token ({"current"} 64 alphanumerics), no value in the template', () => {
    const secret = v.resources[v.idOf('AWS::SecretsManager::Secret', 'FeedbackKey')!]!.Properties;
    expect(secret.GenerateSecretString).toEqual({ SecretStringTemplate: '{}', GenerateStringKey: 'current', PasswordLength: 64, ExcludePunctuation: true });
    expect(secret.SecretString).toBeUndefined();
    expect(secret.Description).toContain('{"current","previous"?}');
  });

  it('routes GET and POST /feedback/{token} to the intake, on the same API as the webhooks', () => {
    const routes = v.ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties);
    const feedback = routes.filter((r) => String(r.RouteKey).includes('/feedback/'));
    expect(feedback.map((r) => r.RouteKey).sort()).toEqual(['GET /feedback/{token}', 'POST /feedback/{token}']);
    const webhook = routes.find((r) => r.RouteKey === 'POST /webhooks/alertmanager')!;
    for (const route of feedback) {
      expect(route.ApiId).toEqual(webhook.ApiId);
      expect(route.Target).toEqual(webhook.Target);
      expect(route.AuthorizationType ?? 'NONE').toBe('NONE');
    }
  });

  it('least privilege: the intake gets and puts answers (no Scan, no delete) and reads the key; the worker reads the key only', () => {
    const table = JSON.stringify({ 'Fn::GetAtt': [v.idOf('AWS::DynamoDB::Table', 'FeedbackAnswers'), 'Arn'] });
    const secret = JSON.stringify({ Ref: v.idOf('AWS::SecretsManager::Secret', 'FeedbackKey') });
    const onFeedback = (service: string) =>
      v
        .grants(service)
        .filter((pair) => pair.endsWith(table) || pair.endsWith(secret))
        .sort();
    expect(onFeedback('intake')).toEqual([`dynamodb:GetItem ${table}`, `dynamodb:PutItem ${table}`, `secretsmanager:GetSecretValue ${secret}`]);
    expect(onFeedback('diagnose')).toEqual([`secretsmanager:GetSecretValue ${secret}`]);
    // No other role, and no statement anywhere, reaches the answers: the export uses an operator's credentials.
    const everyPair = v
      .ofType('AWS::IAM::Policy')
      .flatMap(([, p]) =>
        (p.Properties.PolicyDocument.Statement as Statement[]).flatMap((s) => [s.Action].flat().map((a) => `${a} ${JSON.stringify(s.Resource)}`)),
      );
    expect(everyPair.filter((pair) => pair.endsWith(table)).sort()).toEqual([`dynamodb:GetItem ${table}`, `dynamodb:PutItem ${table}`]);
  });

  it('environment: names and ARNs only; the worker links to the API endpoint', () => {
    const intake = v.functionOf('intake').Properties.Environment.Variables;
    expect(intake.FEEDBACK_TABLE).toEqual({ Ref: v.idOf('AWS::DynamoDB::Table', 'FeedbackAnswers') });
    expect(intake.FEEDBACK_KEY_SECRET_ID).toEqual({ Ref: v.idOf('AWS::SecretsManager::Secret', 'FeedbackKey') });
    const diagnose = v.functionOf('diagnose').Properties.Environment.Variables;
    expect(diagnose.FEEDBACK_KEY_SECRET_ID).toEqual(intake.FEEDBACK_KEY_SECRET_ID);
    expect(diagnose.FEEDBACK_BASE_URL).toEqual({ 'Fn::GetAtt': [v.idOf('AWS::ApiGatewayV2::Api', 'WebhooksApi'), 'ApiEndpoint'] });
    expect(diagnose).not.toHaveProperty('FEEDBACK_TABLE');
  });

  it('outputs the table name (for the export) and the key secret ARN (for rotation)', () => {
    expect(v.outputs).toEqual(expect.arrayContaining(['FeedbackTableName', 'FeedbackKeySecretArn']));
  });
});

describe('feedback=false', () => {
  let v: ReturnType<typeof view>;
  let dashboard: string;
  beforeAll(() => {
    const synth = synthStack('feedback-off', { ...CONTEXT, feedback: 'false' });
    v = view(synth);
    dashboard = JSON.stringify(v.ofType('AWS::CloudWatch::Dashboard')[0]![1].Properties.DashboardBody);
  }, SYNTH_TIMEOUT_MS);

  it('removes the table, the secret, the routes, the outputs and the dashboard row', () => {
    expect(v.idOf('AWS::DynamoDB::Table', 'FeedbackAnswers')).toBeUndefined();
    expect(v.idOf('AWS::SecretsManager::Secret', 'FeedbackKey')).toBeUndefined();
    expect(
      v
        .ofType('AWS::ApiGatewayV2::Route')
        .map(([, r]) => r.Properties.RouteKey)
        .filter((key) => String(key).includes('feedback')),
    ).toEqual([]);
    expect(v.outputs.filter((name) => name.startsWith('Feedback'))).toEqual([]);
    expect(dashboard).not.toContain('Feedback');
  });

  it('sets no FEEDBACK_* variable on any function: the worker signs no link, the intake serves no page', () => {
    for (const [, fn] of v.ofType('AWS::Lambda::Function')) {
      expect(Object.keys(fn.Properties.Environment?.Variables ?? {}).filter((key) => key.startsWith('FEEDBACK_'))).toEqual([]);
    }
  });

  it('grants nothing feedback-related', () => {
    for (const service of ['intake', 'diagnose']) expect(v.grants(service).filter((pair) => pair.includes('Feedback'))).toEqual([]);
  });
});
