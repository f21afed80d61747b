import { describe, expect, it } from 'vitest';
import { assessSecretDescription } from '../../functions/readiness/assessSecretDescription.js';
import { createSecretDescriptionProbe } from '../../functions/readiness/createSecretDescriptionProbe.js';
import { ReadinessError } from '../../functions/readiness/ReadinessProbe.js';

const placeholder = { placeholderUntilReplaced: true };
const changed = new Date('2026-11-30T08:00:00Z');

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ReadinessError) return error.code;
    throw error;
  }
  return undefined;
}

describe('assessSecretDescription', () => {
  it('accepts a secret whose value was put after the deploy (the generated version became AWSPREVIOUS)', () => {
    expect(assessSecretDescription({ LastChangedDate: changed, VersionIdsToStages: { generated: ['AWSPREVIOUS'], put: ['AWSCURRENT'] } }, placeholder)).toBe(
      'exists, value last changed 2026-11-30T08:00:00.000Z',
    );
  });

  it('refuses the placeholder generated at deploy: one version only', () => {
    expect(codeOf(() => assessSecretDescription({ VersionIdsToStages: { generated: ['AWSCURRENT'] } }, placeholder))).toBe('SECRET_NOT_SET');
    // A secret created with its real value has one version and is fine.
    expect(assessSecretDescription({ VersionIdsToStages: { only: ['AWSCURRENT'] } }, { placeholderUntilReplaced: false })).toBe('exists');
  });

  it('refuses a secret scheduled for deletion, or with no current version', () => {
    expect(codeOf(() => assessSecretDescription({ DeletedDate: changed, VersionIdsToStages: { a: ['AWSPREVIOUS'], b: ['AWSCURRENT'] } }, placeholder))).toBe(
      'SECRET_SCHEDULED_FOR_DELETION',
    );
    expect(codeOf(() => assessSecretDescription({ VersionIdsToStages: { a: ['AWSPENDING'], b: ['AWSPREVIOUS'] } }, placeholder))).toBe(
      'SECRET_NO_CURRENT_VALUE',
    );
    expect(codeOf(() => assessSecretDescription({}, placeholder))).toBe('SECRET_NO_CURRENT_VALUE');
  });
});

describe('createSecretDescriptionProbe', () => {
  it('describes the secret it was given and passes an SDK error through', async () => {
    const asked: string[] = [];
    const probe = createSecretDescriptionProbe(
      'runaiSecret',
      'arn:aws:secretsmanager:eu-west-1:123456789012:secret:runai-AbCdEf',
      async (secretId) => {
        asked.push(secretId);
        return { VersionIdsToStages: { a: ['AWSPREVIOUS'], b: ['AWSCURRENT'] } };
      },
      placeholder,
    );
    expect(probe.name).toBe('runaiSecret');
    await expect(probe.check()).resolves.toBe('exists');
    expect(asked).toEqual(['arn:aws:secretsmanager:eu-west-1:123456789012:secret:runai-AbCdEf']);

    const missing = Object.assign(new Error("Secrets Manager can't find the specified secret."), { name: 'ResourceNotFoundException' });
    const failing = createSecretDescriptionProbe('runaiSecret', 'x', () => Promise.reject(missing), placeholder);
    await expect(failing.check()).rejects.toBe(missing);
  });
});
