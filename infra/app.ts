/**
 * The `cdk` entry (cdk.json: "app": "npx tsx infra/app.ts"). A configuration error is one
 * readable line naming the context key, not a stack trace.
 */
import { buildApp } from './buildApp.js';
import { DeployConfigError } from './DeployConfig.js';

try {
  buildApp().app.synth();
} catch (error) {
  if (!(error instanceof DeployConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
