/**
 * The environment contract between the CDK stack and the functions: each function's schema
 * (the one its code reads with) accepts exactly the variables the synthesized stack sets, and
 * every key the schema requires is set. CloudFormation values are tokens (Ref, GetAtt) until
 * deploy time; each is replaced by a value of the shape AWS gives that resource (a queue URL,
 * a topic ARN, a table name), so a schema rule such as "must be the https URL of the SQS
 * queue" is checked against what the function will really receive.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { LAMBDA_ENVIRONMENT, PLATFORM_ENVIRONMENT, type LambdaFunctionName } from '../../functions/config/lambdaEnvironment.js';
import { IntakeEnvSchema, readIntakeEnv } from '../../functions/intake/readIntakeEnv.js';
import { PollerLambdaEnvSchema } from '../../functions/poller/readPollerEnv.js';
import { DiagnoseLambdaEnvSchema, readWorkerEnv } from '../../functions/worker/readWorkerEnv.js';
import { FULL_CONTEXT, SYNTH_TIMEOUT_MS, synthStack, type Synthesized } from './synthStack.js';

const SCHEMAS: Record<LambdaFunctionName, z.ZodObject> = { intake: IntakeEnvSchema, diagnose: DiagnoseLambdaEnvSchema, poller: PollerLambdaEnvSchema };

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

/** A deploy-time value for a token, shaped like what AWS resolves it to. */
function resolveToken(value: unknown, resources: Resources): string {
  if (typeof value === 'string') return value;
  const getAtt = (value as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'];
  if (getAtt && resources[getAtt[0]]?.Type === 'AWS::ApiGatewayV2::Api' && getAtt[1] === 'ApiEndpoint') {
    return 'https://a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com';
  }
  const ref = (value as { Ref?: string }).Ref;
  const type = ref ? resources[ref]?.Type : undefined;
  switch (type) {
    case 'AWS::SQS::Queue':
      return `https://sqs.eu-west-1.amazonaws.com/123456789012/${ref}`;
    case 'AWS::SNS::Topic':
      return `arn:aws:sns:eu-west-1:123456789012:${ref}`;
    case 'AWS::SecretsManager::Secret':
      return `arn:aws:secretsmanager:eu-west-1:123456789012:secret:${ref}-AbC123`;
    case 'AWS::DynamoDB::Table':
    case 'AWS::DynamoDB::GlobalTable':
      return `${ref}-1A2B3C`;
    default:
      throw new Error(`no deploy-time value for ${JSON.stringify(value)} (${type ?? 'not a Ref'}): teach resolveToken this resource type`);
  }
}

/** Each runai-diagnose function's variables, by function name (POWERTOOLS_SERVICE_NAME). */
function environments(synth: Synthesized): Map<string, Record<string, unknown>> {
  const resources = synth.template.toJSON().Resources as Resources;
  const found = new Map<string, Record<string, unknown>>();
  for (const resource of Object.values(resources)) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const variables = (resource.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables;
    const name = variables?.POWERTOOLS_SERVICE_NAME;
    if (typeof name === 'string') found.set(name, Object.fromEntries(Object.entries(variables!).map(([key, value]) => [key, resolveToken(value, resources)])));
  }
  return found;
}

/** The schema's keys that must be present (not optional, no default). */
function requiredKeys(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([key]) => key);
}

const STACKS = {
  full: { ...FULL_CONTEXT },
  tier2: { runaiBaseUrl: 'https://myorg.run.ai', clusterIds: FULL_CONTEXT.clusterIds, alertEmail: 'gpu-platform@example.com', tier2: 'true' },
  minimal: { runaiBaseUrl: 'https://myorg.run.ai', alertEmail: 'gpu-platform@example.com' },
  'feedback=false': { runaiBaseUrl: 'https://myorg.run.ai', alertEmail: 'gpu-platform@example.com', feedback: 'false' },
} as const;

describe.each(Object.entries(STACKS))('the %s stack', (name, context) => {
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthStack(`env-${name}`, context);
  }, SYNTH_TIMEOUT_MS);

  it('sets for each function only the variables it reads, plus the platform ones', () => {
    const found = environments(synth);
    expect(found.size).toBeGreaterThanOrEqual(2);
    for (const [fn, variables] of found) {
      const allowed = [...LAMBDA_ENVIRONMENT[fn as LambdaFunctionName], ...PLATFORM_ENVIRONMENT];
      expect(
        Object.keys(variables).filter((key) => !allowed.includes(key as never)),
        fn,
      ).toEqual([]);
    }
  });

  it("parses each function's environment with that function's own strict schema, every required key set", () => {
    for (const [fn, variables] of environments(synth)) {
      const schema = SCHEMAS[fn as LambdaFunctionName];
      const ours = Object.fromEntries(Object.entries(variables).filter(([key]) => !PLATFORM_ENVIRONMENT.includes(key as never)));
      const parsed = schema.safeParse(ours);
      expect(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`), fn).toEqual([]);
      expect(
        requiredKeys(schema).filter((key) => !(key in ours)),
        fn,
      ).toEqual([]);
    }
  });
});

describe('the feedback variables (§4.10)', () => {
  let on: Map<string, Record<string, unknown>>;
  let off: Map<string, Record<string, unknown>>;
  beforeAll(() => {
    on = environments(synthStack('env-feedback-on', STACKS.minimal));
    off = environments(synthStack('env-feedback-off', STACKS['feedback=false']));
  }, SYNTH_TIMEOUT_MS);

  it('on: the intake gets the table and the key secret, the worker the key secret and the API URL, and both readers accept them together', () => {
    expect(
      Object.keys(on.get('intake')!)
        .filter((key) => key.startsWith('FEEDBACK_'))
        .sort(),
    ).toEqual(['FEEDBACK_KEY_SECRET_ID', 'FEEDBACK_TABLE']);
    expect(
      Object.keys(on.get('diagnose')!)
        .filter((key) => key.startsWith('FEEDBACK_'))
        .sort(),
    ).toEqual(['FEEDBACK_BASE_URL', 'FEEDBACK_KEY_SECRET_ID']);
    expect(on.get('intake')!.FEEDBACK_KEY_SECRET_ID).toBe(on.get('diagnose')!.FEEDBACK_KEY_SECRET_ID);
    // The readers' own rules (both or neither), beyond the schemas: what the handlers call once per cold start.
    const intake = readIntakeEnv(on.get('intake') as Record<string, string>);
    expect(intake.FEEDBACK_TABLE).toBeDefined();
    expect(readWorkerEnv(on.get('diagnose') as Record<string, string>).FEEDBACK_BASE_URL).toBe('https://a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com');
  });

  it('feedback=false: no FEEDBACK_* variable on any function, and the readers accept that (no links, no page)', () => {
    for (const [fn, variables] of off)
      expect(
        Object.keys(variables).filter((key) => key.startsWith('FEEDBACK_')),
        fn,
      ).toEqual([]);
    expect(readIntakeEnv(off.get('intake') as Record<string, string>).FEEDBACK_TABLE).toBeUndefined();
    expect(readWorkerEnv(off.get('diagnose') as Record<string, string>).FEEDBACK_KEY_SECRET_ID).toBeUndefined();
  });

  it('one of a pair alone is refused by the readers, naming both keys', () => {
    const intake = { ...(on.get('intake') as Record<string, string>), FEEDBACK_TABLE: '' };
    expect(() => readIntakeEnv(intake)).toThrow(/FEEDBACK_TABLE and FEEDBACK_KEY_SECRET_ID must be set together/);
    const worker = { ...(on.get('diagnose') as Record<string, string>), FEEDBACK_BASE_URL: '' };
    expect(() => readWorkerEnv(worker)).toThrow(/FEEDBACK_KEY_SECRET_ID and FEEDBACK_BASE_URL must be set together/);
    expect(() => readWorkerEnv({ ...(on.get('diagnose') as Record<string, string>), FEEDBACK_BASE_URL: 'http://a.example' })).toThrow(
      /FEEDBACK_BASE_URL must be the https URL/,
    );
  });
});

describe('the names', () => {
  it.each(Object.entries(SCHEMAS))('%s: the schema reads exactly the names the stack may set', (fn, schema) => {
    expect(Object.keys(schema.shape).sort()).toEqual([...LAMBDA_ENVIRONMENT[fn as LambdaFunctionName]].sort());
  });

  it('a schema rejects a variable it does not know (strict), so a stray name set by CDK would fail the contract', () => {
    expect(IntakeEnvSchema.safeParse({ QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/1/q', QUEUE_URLS: 'x' }).success).toBe(false);
  });
});
