/**
 * The CDK app: context → DeployConfig → one stack, with cdk-nag's AwsSolutions pack
 * registered as a validation plugin, so every synth fails on a finding that has not been
 * acknowledged with a reason. Used by infra/app.ts (the `cdk` entry) and by the tests.
 */
import { App, Tags, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readDeployConfig, type DeployConfig } from './DeployConfig.js';
import { RunaiDiagnoseStack } from './RunaiDiagnoseStack.js';

export interface BuiltApp {
  app: App;
  stack: RunaiDiagnoseStack;
  config: DeployConfig;
}

export function buildApp(props: AppProps = {}): BuiltApp {
  const app = new App(props);
  const config = readDeployConfig((key) => app.node.tryGetContext(key));
  const stack = new RunaiDiagnoseStack(app, config.stackName, {
    description: 'runai-diagnose: why did a Run:ai workload fail — webhooks, poller, diagnosis, email and pager delivery',
    // Environment-agnostic unless the CLI provides one: synth needs no AWS account.
    ...(process.env.CDK_DEFAULT_ACCOUNT && process.env.CDK_DEFAULT_REGION
      ? { env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION } }
      : {}),
    config,
  });
  Tags.of(app).add('app', 'runai-diagnose');
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack, config };
}
