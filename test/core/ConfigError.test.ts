/** Every configuration error shares one base: a class per entry point, a stable code, retryable, the cause. */
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../functions/cli/readRunaiEnvironment.js';
import { UsageError } from '../../functions/cli/parseCliArguments.js';
import { ConfigError } from '../../functions/core/ConfigError.js';
import { IntakeConfigError } from '../../functions/intake/readIntakeEnv.js';
import { Tier2ConfigError } from '../../functions/kubernetes/Tier2Config.js';
import { LocalConfigError } from '../../functions/local/readLocalEnv.js';
import { PollerConfigError } from '../../functions/poller/readPollerEnv.js';
import { RunaiCredentialsError, loadRunaiCredentials } from '../../functions/runai/loadRunaiCredentials.js';
import { DiagnoseConfigError } from '../../functions/worker/createDiagnose.js';
import { WorkerConfigError } from '../../functions/worker/readWorkerEnv.js';

const CLASSES = [
  IntakeConfigError,
  WorkerConfigError,
  PollerConfigError,
  DiagnoseConfigError,
  Tier2ConfigError,
  ConfigurationError,
  UsageError,
  LocalConfigError,
  RunaiCredentialsError,
];

describe('ConfigError', () => {
  it('is the base of the nine configuration errors, each with its own name and stable code', () => {
    const errors = CLASSES.map((Class) => new Class('X is not set'));
    for (const [index, error] of errors.entries()) {
      expect(error).toBeInstanceOf(ConfigError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(CLASSES[index]!.name);
      expect(error.code).toMatch(/^[A-Z0-9_]+$/);
      expect(error.retryable).toBe(false);
      expect(error.message).toBe('X is not set');
    }
    expect(new Set(errors.map((error) => error.code)).size).toBe(CLASSES.length);
  });

  it('keeps the cause, and a secret that could not be read is retryable', async () => {
    const denied = new Error('AccessDeniedException: not authorized');
    const error = await loadRunaiCredentials({ RUNAI_SECRET_ID: 'runai' }, () => Promise.reject(denied)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RunaiCredentialsError);
    expect(error).toMatchObject({ code: 'RUNAI_CREDENTIALS_INVALID', retryable: true, cause: denied });
  });

  it('a value that is wrong is not retryable', async () => {
    const error = await loadRunaiCredentials({ RUNAI_SECRET_ID: 'runai' }, () => Promise.resolve({ clientId: '' })).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'RUNAI_CREDENTIALS_INVALID', retryable: false });
  });
});
