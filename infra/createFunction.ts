/**
 * One runai-diagnose Lambda: a NodejsFunction bundled by the local esbuild with the shared
 * options of lambdaBundling.ts (the same bundle `npm run bench` measures), its own log
 * group with the configured retention, and its own role that can write only to that log
 * group — callers add exactly the other permissions the function uses. No managed policy
 * (AWSLambdaBasicExecutionRole would allow writing to every log group of the account).
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime, type Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { LambdaEnvironment, LambdaFunctionName, PLATFORM_ENVIRONMENT } from '../functions/config/lambdaEnvironment.js';
import { BUNDLE_TARGET, ESBUILD_OPTIONS, ESM_REQUIRE_BANNER, EXTERNAL_MODULES, LAMBDA_ENTRIES, type LambdaName } from './lambdaBundling.js';

/** The repository root: entries, the lock file and node_modules are resolved from it. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The newest Node.js runtime that both Lambda and cdk-nag's AwsSolutions-L1 accept
 * (L1 requires the latest `nodejs` runtime aws-cdk-lib knows). The bundles target node20
 * (BUNDLE_TARGET, the oldest Node they run on locally), which Node 24 runs as is.
 */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;

export interface FunctionSpec<Name extends LambdaName = LambdaName> {
  name: Name;
  description: string;
  /** MB: also buys CPU (1,769 MB = one vCPU), which bounds JSON parsing and cold start. */
  memorySize: number;
  timeout: Duration;
  /** Only the keys this function reads (functions/config/lambdaEnvironment.ts): a misspelt name does not compile. */
  // The forwarders (pagerduty, chat) read their own two or three keys, parsed by their handlers.
  environment: Name extends LambdaFunctionName ? LambdaEnvironment<Name & LambdaFunctionName> : Record<string, string>;
  logRetentionDays: number;
}

export interface CreatedFunction {
  fn: LambdaFunction;
  role: iam.Role;
  logGroup: logs.LogGroup;
}

/** What every function gets for the runtime and Powertools, whatever it reads itself. */
function platformEnvironment(name: LambdaName): Record<(typeof PLATFORM_ENVIRONMENT)[number], string> {
  return {
    POWERTOOLS_SERVICE_NAME: name,
    // Stack traces of the minified bundle point at the TypeScript sources.
    NODE_OPTIONS: '--enable-source-maps',
  };
}

export function createFunction<Name extends LambdaName>(scope: Construct, id: string, spec: FunctionSpec<Name>): CreatedFunction {
  const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
    retention: spec.logRetentionDays as logs.RetentionDays,
    // Logs are evidence for an incident review: keep them when the stack is deleted.
    removalPolicy: RemovalPolicy.RETAIN,
  });
  const role = new iam.Role(scope, `${id}Role`, {
    assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    description: `runai-diagnose ${spec.name}: writes its own logs; other grants are added per resource`,
  });
  logGroup.grantWrite(role);

  const fn = new NodejsFunction(scope, id, {
    entry: path.join(PROJECT_ROOT, LAMBDA_ENTRIES[spec.name]),
    handler: 'handler',
    projectRoot: PROJECT_ROOT,
    depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
    description: spec.description,
    runtime: LAMBDA_RUNTIME,
    architecture: Architecture.ARM_64,
    memorySize: spec.memorySize,
    timeout: spec.timeout,
    role,
    logGroup,
    loggingFormat: LoggingFormat.JSON,
    environment: {
      ...(spec.environment as Record<string, string>),
      ...platformEnvironment(spec.name),
    },
    bundling: {
      // The local esbuild from node_modules: synth works offline, without Docker.
      forceDockerBundling: false,
      format: OutputFormat.ESM,
      target: BUNDLE_TARGET,
      minify: ESBUILD_OPTIONS.minify,
      sourceMap: ESBUILD_OPTIONS.sourcemap,
      mainFields: [...ESBUILD_OPTIONS.mainFields],
      externalModules: [...EXTERNAL_MODULES],
      banner: ESM_REQUIRE_BANNER,
      logLevel: LogLevel.WARNING,
      esbuildArgs: { '--legal-comments': ESBUILD_OPTIONS.legalComments, '--tree-shaking': String(ESBUILD_OPTIONS.treeShaking) },
    },
  });
  // The function must not run before its role can write logs and read what it needs.
  fn.node.addDependency(role);
  return { fn, role, logGroup };
}
