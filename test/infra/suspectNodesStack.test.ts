/**
 * Suspect nodes in the stack (§4.8, infra/SuspectNodes.ts): by default a node-failure table
 * (pk/sk strings, TTL on expiresAt, on demand) named to the worker as NODE_FAILURE_TABLE, with
 * exactly PutItem, Query and DeleteItem on it for the worker and no right on it for any other
 * role; context `suspectNodes=false` removes the table, the variable and the grant.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DiagnoseLambdaEnvSchema } from '../../functions/worker/readWorkerEnv.js';
import { SYNTH_TIMEOUT_MS, synthStack } from './synthStack.js';

type Resources = Record<string, { Type: string; Properties: Record<string, any> }>;
type Statement = { Effect: string; Action: string | string[]; Resource: unknown };

const BASE = { runaiBaseUrl: 'https://myorg.run.ai', alertEmail: 'gpu-platform@example.com' };

function parts(resources: Resources) {
  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  const nodeTables = ofType('AWS::DynamoDB::Table').filter(([id]) => id.startsWith('SuspectNodesNodeFailures'));
  const roleOf = (service: string) => {
    const found = ofType('AWS::Lambda::Function').filter(([, r]) => r.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME === service);
    expect(found).toHaveLength(1);
    return {
      variables: found[0]![1].Properties.Environment.Variables as Record<string, unknown>,
      role: found[0]![1].Properties.Role['Fn::GetAtt'][0] as string,
    };
  };
  /** `role action resource` for every statement whose resource mentions `id`. */
  const grantsOn = (id: string): string[] =>
    ofType('AWS::IAM::Policy').flatMap(([, p]) =>
      (p.Properties.PolicyDocument.Statement as Statement[])
        .filter((s) => JSON.stringify(s.Resource).includes(`"${id}"`))
        .flatMap((s) =>
          [s.Action].flat().map((action) => `${(p.Properties.Roles as { Ref: string }[]).map((r) => r.Ref).join(',')} ${action} ${JSON.stringify(s.Resource)}`),
        ),
    );
  return { ofType, nodeTables, roleOf, grantsOn };
}

describe('suspect nodes on (the default)', () => {
  let resources: Resources;
  beforeAll(() => {
    resources = synthStack('suspect-on', BASE).template.toJSON().Resources as Resources;
  }, SYNTH_TIMEOUT_MS);

  it('creates the node-failure table: pk (S) + sk (S), on demand, TTL on expiresAt, point-in-time recovery', () => {
    const { nodeTables } = parts(resources);
    expect(nodeTables).toHaveLength(1);
    expect(nodeTables[0]![1].Properties).toMatchObject({
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  it('names it to the worker as NODE_FAILURE_TABLE, a value the worker schema accepts, and to no other function', () => {
    const { nodeTables, roleOf } = parts(resources);
    const tableId = nodeTables[0]![0];
    const { variables } = roleOf('diagnose');
    expect(variables.NODE_FAILURE_TABLE).toEqual({ Ref: tableId });
    expect(DiagnoseLambdaEnvSchema.shape.NODE_FAILURE_TABLE.safeParse(`${tableId}-1A2B3C`).success).toBe(true);
    expect(JSON.stringify(roleOf('intake').variables)).not.toContain(tableId);
  });

  it('grants the worker exactly PutItem, Query and DeleteItem on that table, and nothing on it to any other role', () => {
    const { nodeTables, roleOf, grantsOn } = parts(resources);
    const tableId = nodeTables[0]![0];
    const worker = roleOf('diagnose').role;
    const arn = JSON.stringify({ 'Fn::GetAtt': [tableId, 'Arn'] });
    expect(grantsOn(tableId).sort()).toEqual([`${worker} dynamodb:DeleteItem ${arn}`, `${worker} dynamodb:PutItem ${arn}`, `${worker} dynamodb:Query ${arn}`]);
  });
});

describe('suspectNodes=false', () => {
  let resources: Resources;
  beforeAll(() => {
    resources = synthStack('suspect-off', { ...BASE, suspectNodes: 'false' }).template.toJSON().Resources as Resources;
  }, SYNTH_TIMEOUT_MS);

  it('creates no node-failure table, sets no NODE_FAILURE_TABLE and grants nothing on one', () => {
    const { nodeTables, roleOf, ofType } = parts(resources);
    expect(nodeTables).toEqual([]);
    expect(roleOf('diagnose').variables).not.toHaveProperty('NODE_FAILURE_TABLE');
    // The storm windows, the state and the feedback answers tables remain: three, not four.
    expect(ofType('AWS::DynamoDB::Table')).toHaveLength(3);
    expect(JSON.stringify(ofType('AWS::IAM::Policy'))).not.toContain('SuspectNodes');
  });
});
