/**
 * Context `tier2=true`: a Secrets Manager secret for the Tier 2 configuration, created with
 * the placeholder only, readable by the diagnose function and nothing else, named to it by
 * ARN (TIER2_SECRET_ID). With a poller too, to prove the poller gets no Tier 2 grant.
 */
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { TIER2_SECRET_PLACEHOLDER } from '../../infra/RunaiDiagnoseStack.js';
import { parseTier2Config } from '../../functions/kubernetes/Tier2Config.js';
import { CLUSTER_A, SYNTH_TIMEOUT_MS, synthStack, type Synthesized } from './synthStack.js';

type Resources = Record<string, { Type: string; Properties: Record<string, any> }>;
type Statement = { Effect: string; Action: string | string[]; Resource: unknown };

let synth: Synthesized;
let resources: Resources;
beforeAll(() => {
  synth = synthStack('tier2', { runaiBaseUrl: 'https://myorg.run.ai', clusterIds: CLUSTER_A, tier2: 'true', alertEmail: 'gpu-platform@example.com' });
  resources = synth.template.toJSON().Resources as Resources;
}, SYNTH_TIMEOUT_MS);

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const tier2SecretId = (): string => {
  const found = ofType('AWS::SecretsManager::Secret').filter(([id]) => id.startsWith('Tier2Config'));
  expect(found).toHaveLength(1);
  return found[0]![0];
};
const functionOf = (service: string) => {
  const found = ofType('AWS::Lambda::Function').filter(([, r]) => r.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME === service);
  expect(found).toHaveLength(1);
  return found[0]![1];
};
const statementsOfRole = (roleId: string): Statement[] =>
  ofType('AWS::IAM::Policy')
    .filter(([, p]) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Statement[]);
/** `action resource` pairs, one per resource, whatever way CDK grouped the statements. */
const pairs = (statements: Statement[]): string[] =>
  statements.flatMap((s) => [s.Action].flat().flatMap((action) => [s.Resource].flat().map((resource) => `${action} ${JSON.stringify(resource)}`)));

describe('tier2=true', () => {
  it('creates the Tier 2 secret with the placeholder only: a valid configuration enabling no cluster, no token in the template', () => {
    const secret = resources[tier2SecretId()]!.Properties;
    expect(secret.SecretString).toBe(TIER2_SECRET_PLACEHOLDER);
    expect(parseTier2Config(secret.SecretString, 'placeholder')).toEqual({ clusters: {} });
    expect(secret.GenerateSecretString).toBeUndefined();
    expect(secret.Description).toMatch(/Tier 2/);
    expect(JSON.stringify(synth.template.toJSON())).not.toMatch(/"token"\s*:/);
  });

  it('names it to the diagnose function by ARN only (TIER2_SECRET_ID), and to no other function', () => {
    expect(functionOf('diagnose').Properties.Environment.Variables.TIER2_SECRET_ID).toEqual({ Ref: tier2SecretId() });
    for (const service of ['intake', 'poller']) expect(functionOf(service).Properties.Environment.Variables).not.toHaveProperty('TIER2_SECRET_ID');
  });

  it('grants secretsmanager:GetSecretValue on it to the diagnose role only, on exactly that secret, no wildcard', () => {
    const secret = JSON.stringify({ Ref: tier2SecretId() });
    const granted = ofType('AWS::IAM::Policy').flatMap(([, policy]) =>
      pairs(policy.Properties.PolicyDocument.Statement as Statement[])
        .filter((pair) => pair.endsWith(secret))
        .map((pair) => ({ roles: policy.Properties.Roles, pair })),
    );
    const diagnoseRole = functionOf('diagnose').Properties.Role['Fn::GetAtt'][0] as string;
    expect(granted).toEqual([{ roles: [{ Ref: diagnoseRole }], pair: `secretsmanager:GetSecretValue ${secret}` }]);

    const diagnose = pairs(statementsOfRole(diagnoseRole));
    expect(diagnose.filter((pair) => pair.startsWith('secretsmanager:')).sort()).toEqual(
      [
        `secretsmanager:GetSecretValue ${secret}`,
        `secretsmanager:GetSecretValue ${JSON.stringify({ Ref: ofType('AWS::SecretsManager::Secret').find(([id]) => id.startsWith('RunaiCredentials'))![0] })}`,
        // Feedback is on by default: the worker signs links with that key.
        `secretsmanager:GetSecretValue ${JSON.stringify({ Ref: ofType('AWS::SecretsManager::Secret').find(([id]) => id.startsWith('FeedbackKey'))![0] })}`,
      ].sort(),
    );
    // The AWS-managed key encrypts the secret: no KMS permission beyond the notification topic's key.
    expect(diagnose.filter((pair) => pair.startsWith('kms:')).every((pair) => pair.includes('NotificationsKey'))).toBe(true);
    for (const [, policy] of ofType('AWS::IAM::Policy')) {
      for (const pair of pairs(policy.Properties.PolicyDocument.Statement as Statement[])) expect(pair).not.toContain('*');
    }
    // No resource policy opens the secret to anyone else.
    expect(ofType('AWS::SecretsManager::ResourcePolicy')).toEqual([]);
  });

  it('outputs its ARN for put-secret-value', () => {
    const outputs = synth.template.toJSON().Outputs as Record<string, { Value: unknown; Description: string }>;
    expect(outputs.Tier2SecretArn).toMatchObject({ Value: { Ref: tier2SecretId() }, Description: expect.stringContaining('put-secret-value') });
  });

  it('is clean under cdk-nag: only the rotation finding, acknowledged with a reason, and no warning annotation', () => {
    expect(new AwsSolutionsChecks().validateScope(synth.stack).violations).toEqual([]);
    const secretConstruct = synth.stack.node.findChild('Tier2Config');
    const acknowledged = secretConstruct.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .map((m) => m.data as Record<string, string>);
    const reasons = acknowledged.flatMap((rules) => Object.entries(rules)).map(([id, reason]) => ({ id: id.replace(/^annotation::/i, ''), reason }));
    expect(reasons.map((r) => r.id)).toEqual(['AwsSolutions-SMG4']);
    expect(reasons[0]!.reason).toMatch(/serviceaccounts\/token/);
    expect(Annotations.fromStack(synth.stack).findWarning('*', Match.anyValue())).toEqual([]);
    expect(Annotations.fromStack(synth.stack).findError('*', Match.anyValue())).toEqual([]);
  });
});
