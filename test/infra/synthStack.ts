/**
 * Synthesizes the real app (buildApp: context → config → stack, cdk-nag registered) for a
 * test file. Bundling is skipped unless asked for (CDK's `aws:cdk:bundling-stacks` context):
 * template assertions do not need the bundles, and bundling three functions costs seconds
 * on a 2-core machine. The output directory is under the repository (cdk.out/ is git-ignored)
 * so that a bundle's external `@aws-sdk/*` imports resolve from the project's node_modules.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp, type BuiltApp } from '../../infra/buildApp.js';
import { PROJECT_ROOT } from '../../infra/createFunction.js';

export const CLUSTER_A = '7f3c2a9e-1b4d-4c8e-9a61-2d5f8e0b7c13';
export const CLUSTER_B = '0a2f4c6e-8b1d-4f3a-9c5e-7d9b1f3a5c7e';

/** A full configuration: poller on, email, ops email, pager with the default filter. */
export const FULL_CONTEXT = {
  runaiBaseUrl: 'https://myorg.run.ai',
  clusterIds: `${CLUSTER_A},${CLUSTER_B}`,
  pollRate: '10m',
  alertEmail: 'gpu-platform@example.com',
  opsEmail: 'sre-oncall@example.com',
  pagerUrl: 'https://events.pager.example.com/integration/abc123/enqueue',
  diagnoseMaxConcurrency: '3',
  stormThreshold: '7',
  stormWindowSeconds: '90',
  logRetentionDays: '90',
  locale: 'fr',
  alertLabelMap: '{"clusterId":["runai_cluster"],"workloadId":["job_uid"]}',
} as const;

export interface Synthesized extends BuiltApp {
  template: Template;
  outdir: string;
}

/** Synth timeout for beforeAll: validation (cdk-nag, CloudFormation rules) and bundling take seconds each. */
export const SYNTH_TIMEOUT_MS = 180_000;

export function synthStack(name: string, context: Record<string, unknown>, options: { bundle?: boolean } = {}): Synthesized {
  const outdir = path.join(PROJECT_ROOT, 'cdk.out', `test-${name}`);
  rmSync(outdir, { recursive: true, force: true });
  const built = buildApp({
    outdir,
    context: { ...context, ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }) },
  });
  built.app.synth(); // runs the validation plugins (cdk-nag): throws on an unacknowledged finding
  return { ...built, template: Template.fromStack(built.stack), outdir };
}
