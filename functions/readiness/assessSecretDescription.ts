/**
 * What a secret's metadata (Secrets Manager DescribeSecret, no value read) says about
 * whether the functions that read it can work. Pure.
 *
 * The stack creates the Run:ai credentials secret with a generated placeholder, and the
 * deployer replaces it with `put-secret-value` (docs/deploy.md). Every put adds a version
 * and moves AWSPREVIOUS to the old one, so a secret with one staged version only still holds
 * the placeholder: the worker would fail every diagnosis with RUNAI_AUTH_FAILED.
 */
import { ReadinessError } from './ReadinessProbe.js';

/** The fields of DescribeSecret's answer this reads (the SDK's output type is wider). */
export interface SecretDescription {
  DeletedDate?: Date | undefined;
  LastChangedDate?: Date | undefined;
  VersionIdsToStages?: Record<string, string[]> | undefined;
}

export interface SecretAssessmentOptions {
  /** The secret is created with a placeholder that must be replaced before use. */
  placeholderUntilReplaced: boolean;
}

/** Resolves the one-line detail of a usable secret; throws a ReadinessError naming the fix otherwise. */
export function assessSecretDescription(description: SecretDescription, options: SecretAssessmentOptions): string {
  if (description.DeletedDate) {
    throw new ReadinessError(
      'SECRET_SCHEDULED_FOR_DELETION',
      `the secret is scheduled for deletion (since ${description.DeletedDate.toISOString()}); restore it with restore-secret`,
    );
  }
  const versions = Object.values(description.VersionIdsToStages ?? {});
  if (!versions.some((stages) => stages.includes('AWSCURRENT'))) {
    throw new ReadinessError('SECRET_NO_CURRENT_VALUE', 'the secret has no AWSCURRENT version; put its value with put-secret-value');
  }
  if (options.placeholderUntilReplaced && versions.length < 2) {
    throw new ReadinessError(
      'SECRET_NOT_SET',
      'the secret still holds the placeholder generated at deploy; put the real value with put-secret-value (docs/deploy.md)',
    );
  }
  const changed = description.LastChangedDate ? `, value last changed ${description.LastChangedDate.toISOString()}` : '';
  return `exists${changed}`;
}
